"""The balance lab's balance tab: choose what may change (knobs, one `--tune` a line, or the game's default set), the
aim and the budget, run the balancer in the background with progress and a stop button, then read the answer, the
Pareto front, the matchup matrices before and after with their intervals, the metagame's equilibrium and the card
table (sortable by any column); apply the answer as army files, or open a game with it in the explorer.

Every control calls a plain method (choose, run, cancel, wait, apply, open_in_explorer, card_table); the widgets
are a thin view over them. A refused choice is said in the balancer's own words, named by the tab's labels, and
the last result stays; so does the last finished answer when a run is stopped.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import ipywidgets as w
import pandas as pd

from explorer import theme
from explorer.balance_lab.balance_view import AnswerView, card_table_html
from explorer.balance_lab.balance_words import ended_words, labelled, progress_words, stopped_words
from explorer.balance_lab.choices import Refused, checked, split_list
from explorer.balance_lab.form import NARROW, STYLE
from explorer.balance_lab.watch import RunControls
from explorer.number_box import WholeNumberText, whole_number
from explorer.session_panel import row
from rules.balance.answer import files_written
from rules.balance.metagame import Equilibrium
from rules.balance.plan import BalanceSpec
from rules.balance.report import NO_ANSWER_WHY, NOT_BORNE_OUT, borne_out
from rules.balance.run import BalanceProgress, BalanceResult, BalanceRun, start_balance
from rules.core.errors import RulesError, counted
from rules.core.jsonio import escape
from rules.sweeps.games import sweep_game

WIDE = w.Layout(width="420px", max_width="100%")
CARD_COLUMNS = ("play_rate", "win_rate_played", "win_rate_not_played", "difference", "mean_plays", "first_turn", "card")


class BalanceTab(RunControls, w.VBox):  # type: ignore[misc]
    """The balancer of one game in a panel."""

    noun = "balance"

    def __init__(
        self,
        game: str = "attack-the-tower",
        *,
        where: Mapping[str, Any] | Callable[[], Mapping[str, Any]] | None = None,
        cache: str | None = None,
    ) -> None:
        """`where`: run_balance's options saying where the games run, or what gives them when a balance starts (the
        lab's 'run in' choice; default: this kernel); `cache`: a folder."""
        self.game = game
        self.where = where if where is not None else {"in_process": True}
        self.cache = cache
        self.view: AnswerView | None = None
        """The last finished balance as the tab draws it (its `result`), kept when a later run is stopped."""
        self.run_handle: BalanceRun | None = None
        self._make_spec_controls()
        self._make_run_controls()
        self.report = w.HTML()
        self.charts = w.HTML()
        self.cards = w.HTML()
        self.game_rows = row([self.armies, self.army_files]) if game == "attack-the-tower" else row([self.players])
        super().__init__(
            [
                self.game_rows,
                self.tune,
                row([self.max_changes, self.target, self.tolerance, self.policy]),
                row([self.budget, self.stages, self.verify_games, self.balance_seed, self.screen]),
                row([self.run_button, self.stop_button, self.progress, self.status]),
                self.message,
                self.report,
                self.charts,
                row([self.folder, self.apply_button]),
                row([self.sort_by, self.descending]),
                self.cards,
            ]
        )
        self.refresh()

    def _make_spec_controls(self) -> None:
        """The controls saying what the balance is: what may change, the target, the budget and the stages."""
        self.armies = w.Text(
            value="undead,bandits,westerners,easterners", description="armies", style=STYLE, layout=WIDE
        )
        self.army_files = w.Text(
            description="army files",
            placeholder="my-undead.toml; my-army.json",
            tooltip="a designer's army files to balance from (';' between them): each stands in for the shipped army "
            "of its id, or adds one that 'armies' names",
            style=STYLE,
            layout=WIDE,
        )
        self.tune = w.Textarea(
            description="may change",
            style=STYLE,
            layout=w.Layout(width="460px", height="70px", max_width="100%"),
            placeholder="one a line, e.g. undead.ghost.special_troop.power=1..4 (empty: the game's default set)",
        )
        self.max_changes = WholeNumberText(value=3, description="at most changes", style=STYLE, layout=NARROW)
        self.target = w.FloatText(value=0.5, description="target", style=STYLE, layout=NARROW)
        self.tolerance = w.FloatText(value=0.05, description="tolerance", style=STYLE, layout=NARROW)
        self.budget = WholeNumberText(value=2000, description="budget (games)", style=STYLE, layout=NARROW)
        self.stages = w.Text(value="12,24,64", description="stages", style=STYLE, layout=NARROW)
        self.verify_games = WholeNumberText(value=100, description="check games", style=STYLE, layout=NARROW)
        self.balance_seed = WholeNumberText(value=0, description="balance seed", style=STYLE, layout=NARROW)
        self.screen = w.Checkbox(value=True, description="screen single changes first", indent=False)
        self.players = w.Text(value="2", description="numbers of players", style=STYLE, layout=NARROW)
        self.policy = w.Text(value="", description="balance policy", placeholder="default", style=STYLE, layout=NARROW)

    def _make_run_controls(self) -> None:
        """Run and stop with the progress, applying the answer as files, and the card table's sort."""
        run = ("balance", "search for changes in the background")
        self._make_buttons(
            run, ("stop", "stop the search after the games under way"), lambda: self._guarded(self.run), "300px"
        )
        self.folder = w.Text(value="balanced", description="folder", style=STYLE, layout=NARROW)
        own = "army files" if sweep_game(self.game).has_armies else "files"
        self.apply_button = w.Button(description=f"apply as {own}", tooltip=f"write {files_written(self.game)}")
        self.apply_button.on_click(lambda _b: self._guarded(lambda: self.apply()))
        self.sort_by = w.Dropdown(
            options=list(CARD_COLUMNS), value="difference", description="sort cards by", style=STYLE
        )
        self.descending = w.Checkbox(value=True, description="largest first")
        self.sort_by.observe(lambda _c: self._guarded(self._sorted), "value")
        self.descending.observe(lambda _c: self._guarded(self._sorted), "value")

    @property
    def result(self) -> BalanceResult | None:
        """The last finished balance shown (the view's)."""
        return None if self.view is None else self.view.result

    # ---- plain methods ------------------------------------------------------------------------------------
    def choose(self, **chosen: Any) -> BalanceTab:
        """Set controls by name (armies, army_files, tune as text or a list, max_changes, target, tolerance, budget,
        stages, verify_games, balance_seed, screen, players, policy); returns the tab."""
        if isinstance(chosen.get("tune"), list | tuple):
            chosen["tune"] = "\n".join(chosen["tune"])
        for key, value in chosen.items():
            widget = getattr(self, key, None)
            if not isinstance(widget, w.ValueWidget) or key in ("sort_by", "descending", "folder"):
                raise Refused(f"the balance tab has no control {escape(repr(key), 60)}")
            if isinstance(widget.value, bool):
                if not isinstance(value, bool):
                    raise Refused(f"{key}: must be True or False, not {escape(repr(value), 60)}")
            elif isinstance(widget, WholeNumberText) and (isinstance(value, bool) or not isinstance(value, int)):
                raise Refused(f"{key}: must be a whole number, not {escape(repr(value), 60)}")
            elif isinstance(widget.value, float) and (isinstance(value, bool) or not isinstance(value, int | float)):
                raise Refused(f"{key}: must be a number, not {escape(repr(value), 60)}")
            if isinstance(widget.value, str) and not isinstance(value, str):
                raise Refused(f"{key}: must be text, not {escape(repr(value), 60)}")
            widget.value = value
        return self

    def spec(self) -> BalanceSpec:
        """The balance the controls describe, checked (Refused in the balancer's words under the tab's labels)."""
        data: dict[str, Any] = {
            "game": self.game,
            "knobs": [line.strip() for line in self.tune.value.splitlines() if line.strip()],
            "max_changes": whole_number(self.max_changes),
            "target": self.target.value,
            "tolerance": self.tolerance.value,
            "budget": whole_number(self.budget),
            "stages": _numbers("stages", self.stages.value),
            "verify_games": whole_number(self.verify_games),
            "seed": whole_number(self.balance_seed),
            "screen": self.screen.value,
        }
        if self.policy.value.strip():
            data["policy"] = self.policy.value.strip()
        if self.game == "attack-the-tower":
            data["armies"] = self.armies.value
            data["army_files"] = split_list(self.army_files.value)
        if self.game == "tower-defense":
            data["players"] = _numbers("numbers of players", self.players.value)
        return checked(BalanceSpec, data, labelled)

    def run(self) -> BalanceRun:
        """Check the choices and start the balance in the background (Refused if they are wrong or one runs)."""
        if self.running:
            raise Refused("a balance is running: wait for it or stop it first")
        spec = self.spec()
        where = dict(self.where() if callable(self.where) else self.where)
        self.run_handle = start_balance(spec, **where, cache=self.cache)
        measures, knobs = counted(len(spec.measures()), "measure"), counted(len(spec.tuned()), "knob")
        self.say(f"balancing {measures} with {knobs} {where_words(where)}")
        self._watch(self.run_handle, spec.budget, self._progressed, self._ended)
        return self.run_handle

    def apply(self, folder: str | None = None) -> list[str]:
        """Write the answer's army files (and rules.json) in `folder` (default the folder control)."""
        if self.result is None or self.result.answer is None:
            raise Refused("no answer to apply yet: run a balance that finds one")
        files = self.result.write(folder if folder is not None else self.folder.value)
        played = "; ".join(self.result.play_commands())  # no command reads rules.json: its fields go as --set
        warning = f" (written as asked, but {NOT_BORNE_OUT})" if borne_out(self.result) is False else ""
        self.say(f"wrote {', '.join(str(Path(f).resolve()) for f in files)}{warning}; play the answer: {played}")
        return files

    def open_in_explorer(self, first: str, second: str, *, policy: str = "greedy") -> Any:
        """An Attack the Tower explorer panel of a new game of these two armies with the answer's cards and rules
        in use (the armies read from files and the answer's army files loaded, as the panel's load army button
        does; the rules fixed and changed)."""
        from explorer.attack_the_tower.panel import AttackTheTowerPanel
        from rules.attack_the_tower import engine
        from rules.attack_the_tower.cards import Army
        from rules.attack_the_tower.catalog import use_army
        from rules.attack_the_tower.variants import Rules
        from rules.sweeps.rules_values import make_rules

        if self.game != "attack-the-tower" or self.result is None:
            raise Refused("run an Attack the Tower balance first")

        for army in self.result.spec.army_files:  # the designer's armies the balance played, then its changes
            use_army(Army.model_validate(army))
        for data in self.result.armies().values():
            use_army(Army.model_validate(data))
        rules = make_rules(Rules, {**self.result.spec.rules, **self.result.changed_rules()})
        return AttackTheTowerPanel(engine.new_game((first, second), rules), policy_name=policy)

    def games(self, which: str = "after") -> pd.DataFrame:
        """The check's games of the answer (`after`) or of the rules as they are (`before`), one row per game:
        its cell, index, seed, winner, length and cards played."""
        if self.result is None:
            return pd.DataFrame()
        found = self.result.after_games if which == "after" else self.result.before_games
        return found if found is not None else pd.DataFrame()

    def open_game(self, row: int, *, which: str = "after", step: int | None = None) -> Any:
        """Row `row` of `games(which)` in the explorer, replayed from its seed and policies (the answer's cards put
        in use for an `after` game), at `step` (default: the end)."""
        from rules.balance.plan import VERIFY_STAGE, plan

        if self.result is None or self.game != "attack-the-tower":
            raise Refused("run an Attack the Tower balance first")
        choice = self.result.changes if which == "after" else {}
        cells = [p.cell for p in plan(self.result.spec, choice, VERIFY_STAGE, self.result.spec.verify_games)]
        return open_sweep_game(self.games(which), cells, row, step=step)

    def metagame(self) -> tuple[Equilibrium | None, Equilibrium | None]:
        """The army-choice game's equilibrium before and after the answer (Attack the Tower)."""
        return (None, None) if self.view is None else self.view.metagame

    def card_table(self, by: str | None = None, descending: bool | None = None) -> pd.DataFrame:
        """The answer's cards (the check's games): play rate, win rates played and not, sorted as asked."""
        if self.view is None:
            return pd.DataFrame()
        return self.view.card_table(
            by or self.sort_by.value, self.descending.value if descending is None else descending
        )

    def _sorted(self) -> None:
        """Show the card table in the order chosen (the report and the charts stay as drawn)."""
        self.cards.value = self.cards_html()

    # ---- the run's progress and end -----------------------------------------------------------------------
    def _progressed(self, progress: BalanceProgress) -> None:
        if progress.to_check:
            self.progress.max, self.progress.value = progress.to_check, min(progress.checked, progress.to_check)
        else:
            self.progress.max = max(1, progress.budget)
            self.progress.value = min(progress.played, progress.budget)
        self.status.value = html.escape(progress_words(progress))

    def _ended(self, result: BalanceResult) -> None:
        """A finished balance replaces the answer shown; a stopped one (no check of an answer) leaves it."""
        self.status.value = html.escape(ended_words(result))
        if result.complete:
            self.progress.value = self.progress.max
            self.view = AnswerView(result)
            self.refresh(keep_message=True)
            unconfirmed = borne_out(result) is False
            self.say(_answer_shown(result, self.apply_button.description, unconfirmed), error=unconfirmed)
            return
        self.say(stopped_words(result, earlier=self.result is not None))

    # ---- drawing --------------------------------------------------------------------------------------------
    def _guarded(self, action: Any) -> None:
        try:
            action()
        except (RulesError, ValueError, KeyError) as exc:
            self.say(f"refused: {exc}", error=True)

    def refresh(self, *, keep_message: bool = False) -> None:
        if not keep_message:
            self.say("")
        self.report.value = self.report_html()
        self.charts.value = self.charts_html()
        self.cards.value = self.cards_html()

    def report_html(self) -> str:
        if self.view is None:
            said = "choose what may change, then balance: the answer appears here"
            return f'<div style="color:{theme.TEXT}">{said}</div>'
        return self.view.report_html

    def charts_html(self) -> str:
        return "" if self.view is None else self.view.charts_html

    def cards_html(self) -> str:
        return card_table_html(self.card_table())


def open_sweep_game(
    games: pd.DataFrame, cells: list[Any], row: int, *, step: int | None, policy: str = "greedy"
) -> Any:
    """An Attack the Tower explorer panel of row `row` of a sweep's games (their cells `cells`), played again from
    its seed, at `step`."""
    from explorer.attack_the_tower.panel import AttackTheTowerPanel
    from rules.sweeps.replay import replay_game

    if isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < len(games):
        raise Refused(f"row: a game from 0 to {len(games) - 1}, not {escape(repr(row), 40)}")
    record = games.iloc[row]
    start, actions = replay_game(cells[int(record["cell"])], int(record["game_index"]))
    panel = AttackTheTowerPanel(start, policy_name="greedy")
    panel.explorer.session.play_many(actions)
    panel.explorer.jump(len(actions) if step is None else step)
    panel.refresh()
    return panel


def where_words(where: Mapping[str, Any]) -> str:
    """Where a balance's games run, in words ('in this kernel', 'on the Dask scheduler at tcp://...')."""
    if where.get("in_process"):
        return "in this kernel"
    if where.get("scheduler"):
        return f"on the Dask scheduler at {escape(str(where['scheduler']), 80)}"
    return "on a local Dask cluster"


def _numbers(what: str, text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise Refused(f"{what}: whole numbers joined by commas, not {escape(repr(text), 60)}") from None


def _answer_shown(result: BalanceResult, apply: str, unconfirmed: bool) -> str:
    """Below the bar, once a balance is done: where its answer is and what to do with it (the counts are beside
    the bar)."""
    if result.answer is None and result.needs_no_change:
        return f"finished: {NO_ANSWER_WHY[True]}"
    if result.answer is None:
        return "finished: no candidate came closer than the rules as they are; the report below shows the nearest"
    where = (
        f"the answer (candidate {result.answer.number}) is in the report, the charts and the card table below; "
        f"'{apply}' writes it into the folder named"
    )
    if unconfirmed:
        return f"finished, but {NOT_BORNE_OUT}: {where}; play it with more games first"
    return f"finished: {where}"
