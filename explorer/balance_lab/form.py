"""The balance lab's form: the game, one or two `Rules` fields and their values, the army pairs and army
files (Attack the Tower), the card variants (Attack the Tower and Tower Defense), the players and scenarios
(Tower Defense), the policies (or several strengths to compare), the games per cell, the seed and where the
games run. It only holds choices;
`choices()` hands them over as plain data."""

from __future__ import annotations

from typing import Any

import ipywidgets as w
from traitlets import TraitError

from explorer.balance_lab import choices as c
from explorer.number_box import WholeNumberText, whole_number
from explorer.session_panel import row
from rules.core.errors import UnknownName
from rules.core.files import escape
from rules.sweeps.games import game_names, scenario_names, sweep_game
from rules.sweeps.rules_values import field_paths
from rules.sweeps.scheduler import ClusterError, scheduler_address

NONE = "(none)"
WHERE = (("this kernel", "process"), ("a local Dask cluster", "local"), ("a Dask scheduler", "scheduler"))

WIDE = w.Layout(width="340px", max_width="100%")
NARROW = w.Layout(width="170px", max_width="100%")
STYLE = {"description_width": "initial"}


def _shown(widget: w.Widget, shown: bool) -> None:
    widget.layout.display = None if shown else "none"


class LabForm(w.VBox):  # type: ignore[misc]
    """The controls of a sweep; changing the game offers that game's fields, policies and options."""

    def __init__(self, game: str = "attack-the-tower", where: str = "process") -> None:
        self.game = w.Dropdown(options=list(game_names()), value=game, description="game", style=STYLE)
        self.games = WholeNumberText(value=20, description="games a cell", style=STYLE, layout=NARROW)
        self.seed = WholeNumberText(value=0, description="seed", style=STYLE, layout=NARROW)
        self.fields = [w.Dropdown(description=f"field {i}", style=STYLE) for i in (1, 2)]
        self.values = [
            w.Text(placeholder="values, e.g. 2,3,4", description="values", style=STYLE, layout=WIDE) for _ in (1, 2)
        ]
        self.policies = [w.Dropdown(description=name, style=STYLE) for name in ("policy", "player 2's policy")]
        self.strengths = w.Text(
            description="compare strengths",
            placeholder="e.g. planner, tuned",
            tooltip="several policies, comma-separated: the grid is played at each and the conclusions compared",
            style=STYLE,
            layout=WIDE,
        )
        self.armies = w.Text(description="army pairs", placeholder="undead,bandits; undead,westerners", style=STYLE)
        self.armies.layout = WIDE
        self.overrides = w.Text(description="card variants", style=STYLE)  # its example follows the game
        self.overrides.layout = w.Layout(width="460px", max_width="100%")
        self.army_files = w.Text(description="army files", placeholder="my-undead.toml; my-army.json", style=STYLE)
        self.army_files.layout = WIDE
        self.players = WholeNumberText(value=2, description="players", style=STYLE, layout=NARROW)
        self.scenarios = w.SelectMultiple(
            options=scenario_names(), value=("beginner",), rows=2, description="scenarios", style=STYLE
        )
        self.where = w.Dropdown(options=list(WHERE), value=where, description="run in", style=STYLE)
        self.scheduler = w.Text(description="address", placeholder="tcp://host:8786", style=STYLE)
        self.where.observe(lambda _ch: self._show_where(), "value")
        self.strengths.observe(lambda _ch: self._policies_in_use(), "value")
        self.army_row = row([self.armies, self.army_files])
        self.cards_row = row([self.overrides])
        self.players_row = row([self.players, self.scenarios])
        super().__init__(
            [
                row([self.game, self.games, self.seed]),
                row([self.fields[0], self.values[0]]),
                row([self.fields[1], self.values[1]]),
                self.army_row,
                self.cards_row,
                self.players_row,
                row(self.policies),
                row([self.strengths]),
                row([self.where, self.scheduler]),
            ]
        )
        self._kept: dict[str, list[Any]] = {}
        """Each game's own controls as last set, by game: switching the game and back gives them back."""
        self.set_game(game)
        self._show_where()
        self.game.observe(lambda ch: self._switched(ch["old"], ch["new"]), "value")

    def _game_controls(self) -> list[Any]:
        """The controls whose choices belong to one game (its fields and their values, policies, armies, cards)."""
        return [
            *self.fields,
            *self.values,
            *self.policies,
            self.armies,
            self.overrides,
            self.army_files,
            self.strengths,
        ]

    def _switched(self, old: str, new: str) -> None:
        """Keep the game left's choices, then offer the new game's (its own as last set, when it had some)."""
        self._kept[old] = [control.value for control in self._game_controls()]
        self.set_game(new)

    def set_game(self, game: str) -> None:
        """Offer the game's fields and policies, with a field worth varying and the strongest policy chosen."""
        if self.game.value != game:
            self.game.value = game  # the observer calls back here
            return
        about = sweep_game(game)
        fields = field_paths(about.rules)
        defaults = c.DEFAULTS[game]
        first, values = defaults["first"]
        self.fields[0].options = [NONE, *fields]  # (none): armies, variants or strengths alone
        self.fields[0].value = first
        self.values[0].value = values
        self.fields[1].options = [NONE, *fields]
        self.fields[1].value = NONE
        self.values[1].value = ""
        offered = list(about.policies)
        for dropdown, chosen in zip(self.policies, defaults["policies"] * 2, strict=False):
            dropdown.options = offered
            dropdown.value = chosen
        _shown(self.policies[1], about.two_player)
        self.policies[0].description = "player 1's policy" if about.two_player else "policy"
        _shown(self.army_row, about.has_armies)
        _shown(self.players_row, about.has_scenario)
        _shown(self.cards_row, about.has_cards)
        self.overrides.placeholder = c.OVERRIDE_EXAMPLES.get(game, "")
        for text in (self.armies, self.overrides, self.army_files, self.strengths):
            text.value = ""
        for control, value in zip(self._game_controls(), self._kept.get(game, ()), strict=False):
            control.value = value

    def _show_where(self) -> None:
        _shown(self.scheduler, self.where.value == "scheduler")

    def _policies_in_use(self) -> None:
        """The policy drop-downs are greyed out while strengths are compared: each strength plays every seat."""
        comparing = bool(self.strengths.value.strip())
        for dropdown in self.policies:
            dropdown.disabled = comparing
            dropdown.tooltip = "not used: the strengths compared play every seat" if comparing else None

    def choose(self, **chosen: Any) -> None:
        """Set controls by name in one call (game first), as a notebook or a test would:
        `choose(game="the-tower", first=("starting_hp", "6,14"), policies=("greedy",), games=10)`."""
        if "game" in chosen:
            self.set_game(chosen.pop("game"))
        for i, key in enumerate(("first", "second")):
            if key in chosen:
                name, values = _field_and_values(key, chosen.pop(key) or (NONE, ""))
                self.fields[i].value = name
                self.values[i].value = values
        for i, name in enumerate(chosen.pop("policies", ())):
            try:
                self.policies[i].value = name
            except (TraitError, IndexError):
                raise c.Refused(f"policies: {escape(repr(name), 60)} is not a policy for seat {i + 1}") from None
        for key, value in chosen.items():
            widget = getattr(self, key, None)
            if not isinstance(widget, w.ValueWidget):
                raise UnknownName(f"the form has no control {escape(repr(key), 60)}")
            if isinstance(widget, WholeNumberText) and (isinstance(value, bool) or not isinstance(value, int)):
                raise c.Refused(f"{key}: must be a whole number, not {escape(repr(value), 60)}")
            try:
                widget.value = value
            except TraitError:
                raise c.Refused(f"{key}: {escape(repr(value), 60)} is not a choice this control holds") from None

    def choices(self) -> c.LabChoices:
        """The choices as data (not yet checked: `LabChoices.spec()` checks them)."""
        game = self.game.value
        about = sweep_game(game)
        parameters = tuple(
            (field.value, text.value)
            for field, text in zip(self.fields, self.values, strict=True)
            if field.value not in (NONE, None)
        )
        return c.LabChoices(
            game=game,
            parameters=parameters,
            policies=tuple(p.value for p in self.policies[: 2 if about.two_player else 1]),
            games=whole_number(self.games),
            seed=whole_number(self.seed),
            armies=self.armies.value if about.has_armies else "",
            overrides=self.overrides.value if about.has_cards else "",
            army_files=self.army_files.value if about.has_armies else "",
            players=whole_number(self.players),
            scenarios=tuple(self.scenarios.value),
            strengths=self.strengths.value,
        )

    def run_options(self) -> dict[str, Any]:
        """Where the games run, as `start_sweep`'s options."""
        if self.where.value == "process":
            return {"in_process": True}
        if self.where.value == "scheduler":
            address = self.scheduler.value.strip()
            if not address:
                raise c.Refused("give the Dask scheduler's address, e.g. tcp://host:8786")
            try:  # its form is checked before a sweep starts (reaching it is tried when one does)
                scheduler_address(address, named="the address box")
            except ClusterError as exc:
                raise c.Refused(str(exc)) from None
            return {"scheduler": address}
        return {}


def _field_and_values(key: str, chosen: object) -> tuple[str, str]:
    """A (field, values) pair given to `choose`, both text (e.g. ("starting_hp", "6,14")); refused in words."""
    if isinstance(chosen, tuple | list) and len(chosen) == 2 and all(isinstance(x, str) for x in chosen):
        return chosen[0], chosen[1]
    raise c.Refused(f"{key}: a field and its values, e.g. ('starting_hp', '6,14'), not {escape(repr(chosen), 60)}")
