"""What a designer chooses in the balance lab, as plain data, and the `SweepSpec` it makes: one or two
`Rules` fields and their values, the army pairs and designers' army files (Attack the Tower), the card
variants (Attack the Tower and Tower Defense), the players and scenarios (Tower Defense), the policies, the
games per cell and the seed. A bad choice is refused in the sweep spec's own words, one line a problem."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, JsonValue, ValidationError

from rules.core.errors import IllegalPosition, Problem, RulesError
from rules.core.jsonio import escape, problems_of
from rules.sweeps import SweepSpec
from rules.sweeps.games import game_names, sweep_game
from rules.sweeps.rules_values import parse_value

DEFAULTS: dict[str, dict[str, Any]] = {
    "attack-the-tower": {"first": ("cavalry_power", "2,3,4"), "policies": ("planner", "planner")},
    "the-tower": {"first": ("starting_hp", "6,14"), "policies": ("expectimax",)},
    "tower-defense": {"first": ("wave_every", "2,3,4"), "policies": ("coop",)},
}
"""What the lab shows first for each game: a field worth varying and the game's strongest policy."""


M = TypeVar("M", bound=BaseModel)


class Refused(RulesError):
    """A choice the sweep cannot run, in words (each problem on its own line)."""


@dataclass(frozen=True)
class LabChoices:
    """Everything the form holds; `spec()` turns it into a validated SweepSpec."""

    game: str
    parameters: tuple[tuple[str, str], ...] = ()
    """Up to two (field, values text) pairs, e.g. ("cavalry_power", "2,3,4")."""
    policies: tuple[str, ...] = ()
    games: int = 20
    seed: int = 0
    armies: str = ""
    """Army pairs, player 1's army first, pairs separated by ';': "undead,westerners; undead,bandits"."""
    overrides: str = ""
    """Card variants separated by ';', each edits joined by ',': "none; westerners.blacksmith.copies=0", or for
    Tower Defense "none; standard.1.damage_by_level.0=8"."""
    army_files: str = ""
    """A designer's army files (JSON or TOML paths) separated by ';'; one under a shipped army's id stands in for it."""
    players: int = 2
    scenarios: tuple[str, ...] = ("beginner",)
    """Tower Defense's scenarios (each a Difficulty), one cell each."""
    strengths: str = ""
    """Several policies, comma-separated ("planner, learned"): the grid played at each strength, each policy on
    every seat, instead of `policies`."""

    def spec(self) -> SweepSpec:
        """The sweep these choices describe; Refused naming every problem otherwise."""
        data: dict[str, Any] = {"game": self.game, "vary": self.vary(), "games": self.games, "seed": self.seed}
        compared = [name.strip() for name in self.strengths.split(",") if name.strip()]
        if compared:
            data["strengths"] = compared
        else:
            data["policies"] = list(self.policies)
        if self.game not in game_names():
            raise Refused(f"no game {self.game!r}; games: {', '.join(game_names())}")
        game = sweep_game(self.game)
        if game.has_armies:
            if self.armies.strip():
                data["armies"] = split_list(self.armies)
            data["army_files"] = split_list(self.army_files)
        if game.has_cards:
            data["overrides"] = split_list(self.overrides) or ["none"]
        if game.has_scenario:
            data.update(players=self.players, scenarios=list(self.scenarios))
        return checked(SweepSpec, data, located=sweep_labelled)

    def vary(self) -> dict[str, list[JsonValue]]:
        """The fields varied and their values, read as the command line reads them (`none` is no value)."""
        vary: dict[str, list[JsonValue]] = {}
        for name, text in self.parameters:
            name = name.strip()
            if not name:
                continue
            if name in vary:
                raise Refused(f"{name} is chosen twice; list all its values once, e.g. 2,3,4")
            values = [v for v in text.split(",") if v.strip()]
            if not values:
                raise Refused(f"{name}: give its values separated by commas, e.g. 2,3,4")
            vary[name] = [parse_value(v, source=escape(name, 60)) for v in values]
        return vary


def checked(model: type[M], data: dict[str, Any], located: Callable[[Problem], Problem] = lambda p: p) -> M:
    """`model` made of `data`; Refused naming every problem, one a line, otherwise (in the model's words, each
    problem passed through `located`: a panel names a field by its own label)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise Refused("\n".join(str(located(p)) for p in problems_of(exc))) from None
    except IllegalPosition as exc:
        raise Refused("\n".join(str(located(p)) for p in exc.problems)) from None


SWEEP_LABELS = {
    "games": "games a cell",
    "strengths": "compare strengths",
    "policies": "player policies",
    "armies": "army pairs",
    "overrides": "card variants",
    "army_files": "army files",
    "--override": "card variants",
    "vary": "values",
}
"""The sweep tab's label of each of a sweep's fields (and the command-line option a message may name) whose label
is not its name."""


def sweep_labelled(problem: Problem) -> Problem:
    """`problem` named by the sweep tab's label of its field (`overrides` is "card variants"), its message cleared of
    the option the command line would name (`--override: takes ...`)."""
    head, dot, rest = problem.where.partition(".")
    label = SWEEP_LABELS.get(head)
    message = problem.message.removeprefix("--override: ")
    if label is None:
        return Problem(problem.where, message)
    if head == "vary" and rest:  # the values box of the field named
        return Problem(f"{rest} values", message)
    return Problem(label + dot + rest, message)


def split_list(text: str) -> list[str]:
    """Items separated by ';' (or new lines), blanks dropped."""
    return [part.strip() for part in text.replace("\n", ";").split(";") if part.strip()]


OVERRIDE_EXAMPLES = {
    "attack-the-tower": "none; undead.ghost.special_troop.power=3",
    "tower-defense": "none; standard.1.damage_by_level.0=8",
}
"""What the card variants field shows before anything is typed, for each game with cards."""
