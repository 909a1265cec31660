"""The damage inspector: every allocation of the current step, the step as a solved matrix game, the
exact outcome distribution of the battle with a chart, and Monte Carlo beside the exact figures.

All figures come from rules.attack_the_tower.analysis; this module only lays them out and wires them
to the panel's stepper (choosing an allocation previews it on the board; 'use it' commits it).
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from explorer import theme
from explorer.attack_the_tower.story import units_by_key
from explorer.charts import Chart, figure, themed, to_chart
from explorer.number_box import WholeNumberText, whole_number
from explorer.session_panel import row
from rules.attack_the_tower import analysis, engine
from rules.attack_the_tower.analysis import AllocationOption, BattleOutcome, StepSolution, StepTable
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.places import UnitKey
from rules.attack_the_tower.text import named_in_slot
from rules.core.distribution import Distribution
from rules.core.errors import RulesError

if TYPE_CHECKING:
    from explorer.attack_the_tower.panel import AttackTheTowerPanel


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


def option_label(
    option: AllocationOption, names: dict[str, str] | None = None, units: dict[str, engine.Unit] | None = None
) -> str:
    """'#3 kills Bandit archer (1 power); wounds Bandit brute (territory 2, slot 2) 1 of 2; spends 2, wastes 0'
    with the dominance note: the wounded named too, so two options that kill the same never read alike."""
    named = [(names or {}).get(k, k) for k in option.kills]
    kills = ", ".join(named) if named else "nothing"
    wounds = []
    for key, amount in option.allocation.assignments:
        if key in option.kills or not amount:
            continue
        unit = (units or {}).get(key)
        taken = f"{unit.damage + amount} of {unit.toughness}" if unit is not None else f"+{amount}"
        wounds.append(f"{(names or {}).get(key, key)} {taken}")
    wounded = f"; wounds {', '.join(wounds)}" if wounds else ""
    note = "" if option.dominated_by is None else f" (dominated by #{option.dominated_by})"
    spending = f"spends {option.spent}, wastes {option.wasted}"
    return f"#{option.index} kills {kills} ({option.kills_power} power){wounded}; {spending}{note}"


def matrix_html(
    table: StepTable,
    solution: StepSolution,
    names: dict[str, str] | None = None,
    units: dict[str, engine.Unit] | None = None,
) -> str:
    """The step as a table: attacker's options (rows) against the defender's (columns); each cell the value
    of the rest of the battle; the optimal mix of each side in the margins, its support in bold."""
    att = {o.index: p for o, p in solution.attacker}
    dfn = {o.index: p for o, p in solution.defender}

    def share(mix: dict[int, Fraction], index: int) -> str:
        return _pct(mix[index]) if index in mix else ""

    head = "".join(
        f'<th title="{html.escape(option_label(o, names, units))}">#{o.index}<br>'
        f"<small>{share(dfn, o.index)}</small></th>"
        for o in table.defender
    )
    support = f' style="background:{theme.TINT_GOLD}"'
    rows = []
    for i, o in enumerate(table.attacker):
        mark = f' style="font-weight:bold;background:{theme.TINT_BLUE}"' if o.index in att else ""
        cells = "".join(
            f"<td{support if (o.index in att and table.defender[j].index in dfn) else ''}>{c.value}</td>"
            for j, c in enumerate(table.cells[i])
        )
        label = html.escape(option_label(o, names, units))
        rows.append(f'<tr><th{mark} title="{label}">#{o.index} {share(att, o.index)}</th>{cells}</tr>')
    exact = "exact" if solution.exact else "approximate (see gap)"
    return (
        f"<div><b>{html.escape(table.stage)} step as a zero-sum game</b> ({html.escape(table.objective)}; "
        f"value {solution.value} = {float(solution.value):.3f}, {exact}); rows: attacker, columns: defender; "
        f"margins: the optimal mix.</div><table class='att-matrix' border='1' cellpadding='3' "
        f"style='border-collapse:collapse;font-size:12px'><tr><th></th>{head}</tr>{''.join(rows)}</table>"
    )


def options_html(table: StepTable, names: dict[str, str], units: dict[str, engine.Unit] | None = None) -> str:
    """What each numbered option of the matrix does."""
    rows = [f"<li>attacker {html.escape(option_label(o, names, units))}</li>" for o in table.attacker]
    rows += [f"<li>defender {html.escape(option_label(o, names, units))}</li>" for o in table.defender]
    return f"<ul style='font-size:12px'>{''.join(rows)}</ul>"


def distribution_html(dist: Distribution[BattleOutcome]) -> str:
    """Every outcome with its exact probability, most likely first."""
    items = sorted(dist.items(), key=lambda kv: (-kv[1], kv[0].describe()))
    rows = "".join(f"<tr><td>{p}</td><td>{_pct(p)}</td><td>{html.escape(o.describe())}</td></tr>" for o, p in items)
    figures = analysis.odds(dist)
    return (
        "<table border='1' cellpadding='3' style='border-collapse:collapse;font-size:12px'>"
        "<tr><th>exact</th><th>%</th><th>outcome</th></tr>"
        f"{rows}</table><div>territory cleared: {figures.territory_cleared} ({_pct(figures.territory_cleared)}); "
        f"palace destroyed: {figures.palace_destroyed} ({_pct(figures.palace_destroyed)}); expected power "
        f"balance: {figures.expected_power_balance} ({float(figures.expected_power_balance):.3f})</div>"
    )


def distribution_chart(dist: Distribution[BattleOutcome], title: str) -> Chart:
    """A bar chart of the power balance (power destroyed minus power lost) and its exact odds, in the theme's
    colours (explorer.charts)."""
    by_balance = dist.map(lambda outcome: outcome.power_balance)
    xs = sorted(by_balance)
    with themed():
        drawn = figure(6, 2.8)
        ax = drawn.add_subplot()
        ax.bar([str(x) for x in xs], [float(by_balance[x]) for x in xs], color="#4a90d9")
        ax.set_xlabel("power destroyed minus power lost")
        ax.set_ylabel("probability")
        ax.set_ylim(0, 1)
        ax.set_title(title, fontsize=10)
        return to_chart(drawn, title)


def monte_carlo_html(report: analysis.MonteCarloReport) -> str:
    """N battles played from here (as TripleA's battle calculator does): each outcome's frequency and the
    headline figures, with their Wilson 95% intervals, beside the exact odds."""

    def row(label: str, r: analysis.OddsRow) -> str:
        return (
            f"<tr><td>{html.escape(label)}</td><td>{r.exact} ({_pct(r.exact)})</td><td>{r.count}</td>"
            f"<td>{r.frequency * 100:.2f}%</td><td>{r.low * 100:.2f}% to {r.high * 100:.2f}%</td>"
            f"<td>{'yes' if r.agrees else 'NO'}</td></tr>"
        )

    headline = "".join(row(r.label, r) for r in report.events)
    ordered = sorted(report.outcomes, key=lambda pair: (-pair[1].count, pair[0].describe()))
    outcomes = "".join(row(o.describe(), r) for o, r in ordered)
    verdict = "agree" if report.agrees else "DISAGREE"
    head = (
        "<tr><th>outcome</th><th>exact</th><th>battles</th><th>frequency</th><th>95% interval</th><th>agree</th></tr>"
    )
    table = "<table border='1' cellpadding='3' style='border-collapse:collapse;font-size:12px'>"
    return (
        f"<div><b>{report.samples} battles played from here</b> (seed {report.seed}): exact odds and frequencies "
        f"{verdict}.</div>{table}{head}{headline}</table>{table}{head}{outcomes}</table>"
        f"<div>power balance: exact {report.exact_power_balance} ({float(report.exact_power_balance):.3f}), "
        f"mean of the battles {report.mean_power_balance:.3f}</div>"
    )


def unit_names(state: GameState) -> dict[str, str]:
    """Each unit of the battle in progress by key, as 'Bandit brute (territory 2, slot 2)'."""
    return {key: named_in_slot(u.name, UnitKey.parse(key)) for key, u in units_by_key(state).items()}


class DamageInspector(w.VBox):  # type: ignore[misc]
    """The inspector for the panel's current step. Every button calls a plain method."""

    def __init__(self, panel: AttackTheTowerPanel) -> None:
        self.panel = panel
        self.objective = w.Dropdown(options=list(analysis.OBJECTIVES), value="power_balance", description="objective")
        self.policies = [
            w.Dropdown(options=list(analysis.POLICY_NAMES), value="optimal", description=side)
            for side in ("attacker", "defender")
        ]
        self.samples = WholeNumberText(value=2000, description="battles", layout=w.Layout(width="auto"))
        self.allocations = w.Select(options=[], rows=8, layout=w.Layout(width="100%"))
        self.allocations.observe(self._on_choice, "value")
        use = panel._button("use this allocation", self.use, "commit the allocation chosen above")
        analyse = panel._button(
            "solve the step and the battle", self.analyse, "the step as a matrix game; the battle's exact odds"
        )
        simulate = panel._button(
            "run N battles from here", self.simulate, "play the battle out N times: frequencies beside exact odds"
        )
        self.matrix = w.HTML()
        self.chart = w.HTML(layout=w.Layout(width="540px", max_width="100%"))
        self.outcomes = w.HTML()
        self.simulation = w.HTML()
        self.options_list: list[AllocationOption] = []
        self.names: dict[str, str] = {}
        self.units: dict[str, engine.Unit] = {}
        self._updating = False
        super().__init__(
            [
                w.HTML(
                    "<b>allocations of the side now distributing damage</b> "
                    "(undominated first; choose one to preview it)"
                ),
                self.allocations,
                use,
                row([self.objective, *self.policies]),
                row([analyse, self.samples, simulate]),
                self.matrix,
                row([self.chart, self.outcomes]),
                self.simulation,
            ]
        )

    # ---- plain methods -----------------------------------------------------------------------------
    def update(self) -> None:
        """List the allocations of the current step (called by the panel after every change)."""
        state = self.panel.explorer.state
        request = self.panel.explorer.request()
        self.options_list = [] if request is None else analysis.allocation_space(state, request.player)
        self.names = unit_names(state)
        self.units = units_by_key(state)
        labels = [(option_label(o, self.names, self.units), o.index) for o in self.options_list]
        self._updating = True
        try:
            self.allocations.options = labels
            self.allocations.value = None
        finally:
            self._updating = False

    def _on_choice(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and not self._updating:
            self.preview(change["new"])

    def option(self, index: int) -> AllocationOption:
        for o in self.options_list:
            if o.index == index:
                return o
        raise RulesError(f"there is no allocation #{index} in this step")

    def preview(self, index: int) -> None:
        """Show an allocation on the board as the draft of the side distributing damage."""
        self.panel.draft = dict(self.option(index).allocation.assignments)
        self.panel.say(option_label(self.option(index), self.names, self.units))
        self.panel.refresh(keep_message=True, keep_inspector=True)

    def use(self, index: int | None = None) -> None:
        """Commit an allocation (the selected one by default)."""
        chosen = self.allocations.value if index is None else index
        if chosen is None:
            self.panel.say("choose an allocation first", error=True)
            return
        self.panel.draft = dict(self.option(chosen).allocation.assignments)
        self.panel.commit()

    def analyse(self) -> StepSolution | None:
        """Solve the current step as a matrix game and show the battle's exact outcome distribution."""
        state = self.panel.explorer.state
        if not engine.in_combat_step(state):
            raise RulesError("the inspector analyses a combat step: declare an attack and step to initiative")
        objective = self.objective.value
        solution = analysis.solve_step(state, objective)
        table = analysis.step_table(state, objective)
        self.matrix.value = matrix_html(table, solution, self.names, self.units) + options_html(
            table, self.names, self.units
        )
        policies = (self.policies[0].value, self.policies[1].value)
        dist = analysis.outcome_distribution(state, policies, objective)
        self.outcomes.value = distribution_html(dist)
        title = f"battle outcome: attacker {policies[0]}, defender {policies[1]}"
        self.chart.value = distribution_chart(dist, title).html("540px")
        return solution

    def simulate(self) -> analysis.MonteCarloReport:
        """Play the battle out N times from here (the policies chosen deciding) and show each outcome's
        frequency with its interval beside the exact odds."""
        state = self.panel.explorer.state
        policies = (self.policies[0].value, self.policies[1].value)
        report = analysis.monte_carlo(
            state, policies, whole_number(self.samples), seed=0, objective=self.objective.value
        )
        self.simulation.value = monte_carlo_html(report)
        return report
