"""The whole-game controls of the Attack the Tower panel: the armies, who sits at each side (a person or a
policy), a new game, the policies playing, and a designer's army file."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from explorer.session_panel import set_options
from rules.attack_the_tower.catalog import army_ids
from rules.attack_the_tower.policies import POLICIES

if TYPE_CHECKING:
    from explorer.attack_the_tower.panel import AttackTheTowerPanel


class GameControls(w.HBox):  # type: ignore[misc]
    """Whole-game mode: pick the armies and who sits at each side (you or a policy), then play."""

    def __init__(self, panel: AttackTheTowerPanel) -> None:
        seats = [("a person", "person"), *((name, name) for name in POLICIES)]
        self.seats = [
            w.Dropdown(options=seats, value="person", description=f"player {i + 1}", layout=w.Layout(width="220px"))
            for i in (0, 1)
        ]
        self.seats[1].value = "greedy"
        self.armies = [
            w.Dropdown(options=list(army_ids()), value=a, layout=w.Layout(width="130px")) for a in ("undead", "bandits")
        ]
        self.panel = panel
        start = panel._button("new game", self.start)
        play = panel._button("policies play", self.play, "chance and the seated policies play until a person decides")
        self.army_file = w.Text(placeholder="army file (JSON or TOML)", layout=w.Layout(width="200px"))
        load = panel._button(
            "load army", lambda: self.panel.use_army_file(self.army_file.value), "play with a designer's own army file"
        )
        super().__init__(
            [*self.armies, *self.seats, start, play, self.army_file, load],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )

    def chosen_seats(self) -> tuple[str | None, str | None]:
        """The seats as the explorer takes them: None for a person, else the policy's name."""
        first, second = (None if s.value == "person" else s.value for s in self.seats)
        return first, second

    def offer_armies(self, ids: tuple[str, ...]) -> None:
        """Offer these armies in both army choices, keeping what is chosen."""
        for choice in self.armies:
            set_options(choice, list(ids))

    def start(self) -> None:
        self.panel.set_seats(*self.chosen_seats())
        self.panel.new_game(self.armies[0].value, self.armies[1].value)

    def play(self) -> None:
        self.panel.set_seats(*self.chosen_seats())
        self.panel.advance()
