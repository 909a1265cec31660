"""The balance lab panel: choose what to vary, run a win-rate sweep in the background with a progress bar and
a cancel button, then read the chart (a line with its Wilson band for one dimension, a heat map for two) and
the summary table, and export the results as CSV or Parquet.

Every control calls a plain method (run, cancel, wait, export); the sweep itself is `rules.sweeps.start_sweep`
in its own thread, watched by a timer, so the kernel answers the browser while games are played. A refused
choice is said in the sweep spec's words and the last good results stay on screen.
"""

from __future__ import annotations

import threading
from functools import partial
from typing import Any

import ipywidgets as w

from explorer import theme
from explorer.balance_lab.balance_tab import BalanceTab
from explorer.balance_lab.charts import win_rate_chart
from explorer.balance_lab.choices import Refused
from explorer.balance_lab.exports import export, exported_words
from explorer.balance_lab.form import LabForm
from explorer.balance_lab.tables import cells_caption, matchups_html, strengths_html, summary_html
from explorer.balance_lab.watch import RunControls
from explorer.busy import BusyButtons
from explorer.charts import Chart
from explorer.guarded import GuardedPanel
from explorer.session_panel import row
from rules.sweeps import SweepProgress, SweepResult, SweepRun, start_sweep
from rules.sweeps.cli import replayed_words


class BalanceLabPanel(RunControls, GuardedPanel, w.VBox):  # type: ignore[misc]
    """Win-rate sweeps over any game's rules, drawn and tabulated as they finish."""

    noun, stopping, until_shown = "sweep", "cancelling", True

    def __init__(self, game: str = "attack-the-tower", *, where: str = "process", cache: str | None = None) -> None:
        """A lab on `game`; games run `where` ("process": this kernel, "local": a local Dask cluster,
        "scheduler": the address typed in); `cache`, a folder where finished cells are kept."""
        self.cache = cache
        self.form = LabForm(game, where)
        self.result: SweepResult | None = None
        self.chart: Chart | None = None
        self.chart_note = ""
        self.sweep: SweepRun | None = None
        self._lock = threading.Lock()
        self._busy = BusyButtons()
        run, cancel = ("run", "start the sweep in the background"), ("cancel", "stop after the games under way")
        self._make_buttons(run, cancel, lambda: self._guard(self.run), "320px")
        self.cancel_button = self.stop_button
        # at most 640 px, and never wider than the cell: a narrow window scales the chart down, not off the edge
        self.chart_view = w.HTML(layout=w.Layout(max_width="100%"))
        self.table = w.HTML()
        self.file = w.Text(value="balance.csv", description="file", layout=w.Layout(width="280px", max_width="100%"))
        self.what = w.Dropdown(options=[("the summary", "summary"), ("every game", "games")], description="export")
        self.export_buttons = [
            self._busy.button(f"export {name}", partial(self._guard, partial(self.export, fmt)), f"write a {name} file")
            for name, fmt in (("CSV", "csv"), ("Parquet", "parquet"))
        ]
        sweep = w.VBox(
            [
                self.form,
                row([self.run_button, self.cancel_button, self.progress, self.status]),
                self.message,
                self.table,
                self.chart_view,
                row([self.what, self.file, *self.export_buttons]),
            ]
        )
        # the balance tab plays where the sweep tab's 'run in' says when it starts (a scheduler's address typed there)
        self.balance = BalanceTab(game, where=self.form.run_options, cache=cache)
        self.tabs = w.Tab(children=[sweep, self.balance], titles=("sweep", "balance"))
        super().__init__(
            [
                w.HTML("<b>Balance lab</b>: win rates over a grid of rules values, with 95% intervals"),
                self.tabs,
            ]
        )
        self.refresh()

    # ---- plain methods ------------------------------------------------------------------------------
    def choose(self, **chosen: Any) -> BalanceLabPanel:
        """Set the form's controls by name (see LabForm.choose); returns the panel, for a notebook's last line."""
        self.form.choose(**chosen)
        return self

    def run(self) -> SweepRun:
        """Check the choices and start the sweep in the background; Refused in words if they are wrong or a
        sweep is already running (the results shown stay)."""
        if self.running:
            raise Refused("a sweep is running: wait for it or cancel it first")
        spec = self.form.choices().spec()
        # in this kernel, the sweep's chunks are short (runner.IN_PROCESS_CHUNK): a cancel is seen between them
        self.sweep = start_sweep(spec, **self.form.run_options(), cache=self.cache)
        self.say(f"running {spec.size()} cell(s) of {spec.games} games")
        self._watch(self.sweep, spec.size() * spec.games, self._progressed, self._ended)
        return self.sweep

    def export(self, fmt: str, name: str | None = None) -> str:
        """Write the results (the summary or every game, as chosen) to the file named, as `csv` or `parquet`;
        returns the absolute path written (see explorer.balance_lab.exports for the names refused)."""
        if self.result is None:
            raise Refused("nothing to export yet: run a sweep first")
        frame = self.result.summary if self.what.value == "summary" else self.result.games
        named = self.file.value if name is None else name
        path = export(frame, named, fmt)
        self.say(exported_words(len(frame), named, path, fmt))
        return str(path)

    def open_game(self, row: int, *, step: int | None = None) -> Any:
        """Row `row` of the sweep's games (Attack the Tower) in the explorer, replayed from its seed and policies
        with its cell's cards, at `step` (default: the end)."""
        from explorer.balance_lab.balance_tab import open_sweep_game
        from rules.sweeps.cells import cells

        if self.result is None or self.result.spec.game != "attack-the-tower":
            raise Refused("run an Attack the Tower sweep first")
        return open_sweep_game(self.result.games, cells(self.result.spec), row, step=step)

    # ---- the run's progress and end (called from the watching thread) -------------------------------
    def _progressed(self, progress: SweepProgress) -> None:
        self.progress.max = max(1, progress.games_total)
        self.progress.value = progress.games_done
        cached = f", {progress.games_cached:,} from the cache" if progress.games_cached else ""
        self.status.value = (
            f"{progress.games_done:,} of {progress.games_total:,} games "
            f"({progress.cells_done} of {progress.cells_total} cells{cached})"
        )

    def _ended(self, result: SweepResult) -> None:
        if result.summary.empty:
            self.say("cancelled before any cell finished; the results shown are the previous ones", error=True)
            return
        try:  # the chart first: if it cannot be drawn, the last good results stay
            chart, note = win_rate_chart(result.spec, result.summary)
            with self._lock:
                self.result, self.chart, self.chart_note = result, chart, note
            self.refresh(keep_message=True)
        except Exception as failure:  # said
            self.say(f"refused: the results could not be drawn: {failure}", error=True)
            return
        done = f"{result.played:,} games played, {result.cached:,} from the cache"
        if result.replayed:
            done += f"; {replayed_words(result.replayed)}"
        if result.complete:
            self.say(f"done: {len(result.summary)} cell(s), {done}")
        else:
            total = result.spec.size()
            self.say(f"cancelled: {len(result.summary)} of {total} cells finished ({done}); shown below")

    # ---- drawing --------------------------------------------------------------------------------------
    def refresh(self, *, keep_message: bool = False) -> None:
        """Show the last good results: the chart and the table."""
        if not keep_message:
            self.say("")
        self.chart_view.value = self.chart.html() if self.chart is not None else ""
        self.table.value = self._table()

    def _table(self) -> str:
        if self.result is None:
            return (
                f'<div style="color:{theme.TEXT}">choose what to vary, then run: the chart and table appear here</div>'
            )
        spec, summary = self.result.spec, self.result.summary
        compared = strengths_html(spec, summary) if spec.strengths else ""
        cells = summary_html(spec, summary, caption=cells_caption(spec, self.chart_note))
        return compared + matchups_html(spec, summary) + cells

    def summary(self) -> str:
        """One line saying what the lab shows (its plain-text form)."""
        if self.result is None:
            return f"Balance lab: {self.form.game.value}, no sweep run yet"
        spec = self.result.spec
        cells = len(self.result.summary)
        return f"Balance lab: {spec.game}, {cells} cell(s) of {spec.games} games; {self.chart_note}"

    def _repr_html_(self) -> str:
        """The summary table and the chart without a live kernel (GitHub, nbviewer, nbval), and the balance tab's
        answer when one was found."""
        chart = self.chart.html() if self.chart is not None else ""
        balanced = ""
        if self.balance.result is not None:
            tab = self.balance
            balanced = f"<div><b>Balance</b></div>{tab.report_html()}{tab.charts_html()}{tab.cards_html()}"
        return f"<div><b>Balance lab</b></div>{self._table()}{chart}{balanced}"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live panel for JupyterLab, plus the table and a line of text for every other reader."""
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}
        bundle["text/plain"] = self.summary()
        bundle["text/html"] = self._repr_html_()
        return bundle
