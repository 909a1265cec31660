"""The damage inspector's Python side: allocations listed from the analysis, preview on the board,
use, the solved matrix, the outcome chart, and Monte Carlo beside the exact figures."""

from __future__ import annotations

import pytest

from explorer.attack_the_tower.panel import AttackTheTowerPanel
from rules.attack_the_tower import analysis


@pytest.fixture
def panel() -> AttackTheTowerPanel:
    panel = AttackTheTowerPanel("mid-game-battle")
    panel.attack(0, 1)
    panel.step()
    assert panel.explorer.stage() == "initiative"
    return panel


def test_lists_every_distinct_allocation_undominated_first(panel: AttackTheTowerPanel) -> None:
    options = panel.inspector.options_list
    request = panel.explorer.request()
    assert request is not None
    assert len(options) == request.count() == 10
    dominated = [o.dominated for o in options]
    assert dominated == sorted(dominated), "undominated allocations come first"
    assert panel.inspector.allocations.value is None and panel.draft == {}
    assert "Bandit archer (territory 2, slot 1)" in " ".join(label for label, _ in panel.inspector.allocations.options)


def test_choosing_an_allocation_previews_it_on_the_board(panel: AttackTheTowerPanel) -> None:
    first = panel.inspector.options_list[0]
    cursor = panel.explorer.session.cursor
    panel.inspector.allocations.value = first.index
    assert panel.draft == dict(first.allocation.assignments)
    assert "lethal" in panel.board.html  # the draft destroys its target: drawn as such
    assert panel.explorer.session.cursor == cursor, "a preview does not play anything"


def test_use_commits_the_allocation(panel: AttackTheTowerPanel) -> None:
    option = panel.inspector.options_list[1]
    panel.inspector.allocations.value = option.index
    panel.inspector.use()
    state = panel.explorer.state
    assert state.battle is not None and state.battle.pending[0] == option.allocation
    assert panel.explorer.to_move() == 1


def test_matrix_and_distribution_come_from_the_analysis(panel: AttackTheTowerPanel) -> None:
    solution = panel.inspector.analyse()
    assert solution is not None
    expected = analysis.solve_step(panel.explorer.state, "power_balance")
    assert solution.value == expected.value
    assert f"value {expected.value}" in panel.inspector.matrix.value
    assert "<svg" in panel.inspector.chart.value and "currentColor" in panel.inspector.chart.value
    dist = analysis.outcome_distribution(panel.explorer.state, ("optimal", "optimal"))
    assert dist.total() == 1
    assert str(analysis.odds(dist).expected_power_balance) in panel.inspector.outcomes.value


def test_monte_carlo_beside_exact(panel: AttackTheTowerPanel) -> None:
    panel.inspector.policies[0].value = "uniform"
    panel.inspector.samples.value = 400
    report = panel.inspector.simulate()
    assert report.samples == 400 and report.agrees
    shown = panel.inspector.simulation.value
    assert "400 battles played from here" in shown and "exact odds and frequencies agree" in shown
    # each outcome's frequency with its interval beside the exact odds, as TripleA's battle calculator
    for outcome, row in report.outcomes:
        assert outcome.describe() in shown and f"{row.low * 100:.2f}% to {row.high * 100:.2f}%" in shown


def test_analysing_outside_a_combat_step_is_refused() -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    panel._guard(panel.inspector.analyse)
    assert "declare an attack" in panel.message.value


def test_no_two_options_read_alike_the_wounded_are_named(panel: AttackTheTowerPanel) -> None:
    labels = [label for label, _index in panel.inspector.allocations.options]
    assert len(labels) >= 3 and len({label.split(" ", 1)[1] for label in labels}) == len(labels)
    assert any("; wounds " in label and " of " in label for label in labels)
