"""A fourth game, registered with one call, gets every generic tool without a change outside its package: the
CLI, the conformance run, OpenSpiel's random_sim_test, a sweep, export-test and the generic panel."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules import registry
from rules.cli import main
from rules.conformance import main as conformance_main
from rules.core.descriptor import BalanceSupport, GameDescriptor
from tests.nim.descriptor import DESCRIPTOR, PerfectPolicy
from tests.nim.game import GAME, Rules, State
from tests.pytest_process import run_pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def nim() -> Iterator[GameDescriptor]:
    with registry.registered(DESCRIPTOR) as game:  # the one registration line
        yield game


def test_the_cli_offers_the_generic_commands_and_the_games_own(
    nim: GameDescriptor, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["dice-nim", "example", "--list"]) == 0
    assert "five-left" in capsys.readouterr().out
    assert main(["dice-nim", "example", "five-left"]) == 0
    position = tmp_path / "five.json"
    position.write_text(capsys.readouterr().out)
    assert main(["dice-nim", "validate", str(position)]) == 0
    assert "5 stones, player 1 to take" in capsys.readouterr().out
    assert main(["dice-nim", "winning-take", str(position)]) == 0
    assert capsys.readouterr().out == "take 1\n"  # 5 stones, take 1..3: leave 4
    position.write_text(json.dumps({"pile": 3, "to_move": 0, "winner": 1}))
    assert main(["dice-nim", "validate", str(position)]) == 2
    assert "the last stone" in capsys.readouterr().err


def test_the_conformance_run_plays_it(nim: GameDescriptor, capsys: pytest.CaptureFixture[str]) -> None:
    assert conformance_main(["--game", "dice_nim", "--games", "40", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)[0]
    assert report["games"] == 40 and report["violations"] == [] and report["steps"] > 40


def test_openspiel_plays_it_with_random_sim_test(nim: GameDescriptor) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from rules.openspiel import register_game

    register_game("dice-nim")
    game = pyspiel.load_game("python_dice_nim(start_stones=6)")
    assert game.max_game_length() == 1 + 6 + 3
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


def test_a_sweep_plays_it_and_perfect_play_wins_its_winning_positions(
    nim: GameDescriptor, capsys: pytest.CaptureFixture[str]
) -> None:
    from rules.sweeps import SweepSpec, run_sweep

    spec = SweepSpec(game="dice-nim", vary={"start_stones": [3, 4]}, games=30, seed=1)
    summary = run_sweep(spec, in_process=True).summary
    # 4 + (1, 2 or 3) stones: player 1 leaves 4 and wins every game; 3 + 1 = 4 is lost by player 1
    rates = dict(zip(summary["start_stones"], summary["win_rate_0"], strict=True))
    assert rates[4] == 1.0 and 0.0 < rates[3] < 1.0
    assert main(["dice-nim", "sweep", "--vary", "max_take=2,3", "--games", "5", "--in-process", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert (
        out.startswith("dice-nim: 2 cells played by perfect against perfect, 10 games played")
        and "max_take=3: player 1" in out
    )


class SlipperyPolicy:
    """A designer's policy with a mistake: it reads past the end of its list once three stones or fewer are left."""

    name = "slippery"

    def choose(self, state: State, sampler: Any, player: int) -> Any:
        if state.pile is not None and state.pile <= 3:
            return [][0]
        return PerfectPolicy().choose(state, sampler, player)


def test_an_error_of_the_games_own_code_in_a_sweep_is_one_line_naming_where(
    capsys: pytest.CaptureFixture[str],
) -> None:
    slippery = dataclasses.replace(DESCRIPTOR, policies={**DESCRIPTOR.policies, "slippery": SlipperyPolicy})
    with registry.registered(slippery):
        code = main(["dice-nim", "sweep", "--policy", "slippery", "--games", "20", "--in-process", "--no-progress"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "error: dice-nim: cell 0, game " in err
    assert (
        "the game's code raised IndexError: list index out of range (in choose, " in err and "test_nim.py line" in err
    )
    assert "python -m rules.conformance --game dice-nim" in err


def test_export_test_writes_a_passing_test(
    nim: GameDescriptor, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = tmp_path / "five.json"
    position.write_text(GAME.positions.text(State(5, 0, None, Rules())))
    line = json.dumps([{"action": "take", "stones": 1}, {"action": "take", "stones": 3}])
    assert main(["dice-nim", "export-test", str(position), "--line", line]) == 0
    exported = tmp_path / "test_exported_line.py"
    exported.write_text(capsys.readouterr().out)
    assert "Player 2 takes 3, leaving 1." in exported.read_text()
    run = run_pytest(exported, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 passed" in run.stdout


def test_the_generic_panel_plays_it(nim: GameDescriptor) -> None:
    from explorer.game_panel import GamePanel

    panel = GamePanel("dice-nim", seed=3)
    assert nim.panel == "explorer.game_panel:GamePanel"
    assert [b.description for b in panel.actions.children] == [
        '{"action":"roll","pips":1}',
        '{"action":"roll","pips":2}',
        '{"action":"roll","pips":3}',
    ]
    panel.take(1)  # the die shows 2: six stones
    assert panel.explorer.session.state.pile == 6
    panel.step()  # the perfect policy takes 2, leaving 4
    assert panel.explorer.session.state.pile == 4
    assert "Player 1 takes 2, leaving 4." in panel.log_box.value
    panel.take(9)
    assert "refused" in panel.message.value and panel.explorer.session.state.pile == 4
    panel.back()
    assert panel.explorer.session.state.pile == 6
    assert "six" not in panel._repr_html_() and "&quot;pile&quot;: 6" in panel._repr_html_()


def test_the_game_is_forgotten_outside_its_registration() -> None:
    assert "dice-nim" not in registry.names()
    with pytest.raises(KeyError, match="no game 'dice-nim'"):
        registry.descriptor("dice-nim")


def test_a_game_the_balancer_does_not_tune_gets_no_balance_command(
    nim: GameDescriptor, capsys: pytest.CaptureFixture[str]
) -> None:
    """`balance` is offered where the descriptor says how the balancer tunes the game (its `balance` support)."""
    assert nim.balance is None and nim.sweep is not None
    assert main(["dice-nim", "balance"]) == 2
    assert "invalid choice: 'balance'" in capsys.readouterr().err


def test_the_balancer_tunes_a_duel_without_armies_given_its_balance_support(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A two-player game with no armies is balanced on the first seat's share of the decided games: one cell a
    candidate, a policy on each seat."""
    tuned = dataclasses.replace(DESCRIPTOR, balance=BalanceSupport(aim="the first player's share", policy="random"))
    with registry.registered(tuned):
        argv = ["dice-nim", "balance", "--tune", "start_stones=4..6", "--budget", "60", "--stages", "10,20"]
        assert main([*argv, "--verify-games", "20", "--in-process", "--no-progress", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["before"]) == ["player 1 at random"]
    before = data["before"]["player 1 at random"]
    assert before["trials"] + before["draws"] == 20
    assert data["knobs"] == [{"tune": "start_stones=4..6", "current": 4, "kind": "rules"}]
