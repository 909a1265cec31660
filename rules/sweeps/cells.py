"""One cell of a sweep: everything that decides its games, as data that travels to any worker.

A cell names its rules values, its army pair and the armies' very cards (a designer's file or an override
is carried as the validated army, not as a path or a hint), a card set's changed cards (carried the same
way, as the validated cards), its scenario, the policies, the games and the seed. Its key
digests all of that with the game's code fingerprint, so results are cached and looked up by what decides
them and nothing else.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, JsonValue

from rules.core.card_edits import edits_text
from rules.sweeps.games import GameName, sweep_game
from rules.sweeps.seeding import code_fingerprint, digest
from rules.sweeps.spec import SweepSpec


class Cell(BaseModel):
    """The games of one combination of a sweep's grid."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: GameName
    index: int
    rules: dict[str, JsonValue]
    varied: tuple[str, ...]
    armies: tuple[str, str] | None = None
    cards: tuple[dict[str, JsonValue], ...] = ()
    """The armies a cell puts in use (a designer's or an edited one), as data."""
    card_set: dict[str, JsonValue] = {}
    """The changed cards of a game whose cards are data files, as data (empty: the cards as shipped)."""
    override: str = "none"
    army_files: tuple[str, ...] = ()
    scenario: str | None = None
    players: int = 1
    policies: tuple[str, ...]
    strength: str | None = None
    """The policy playing every seat, when the sweep is played at several strengths."""
    games: int
    seed: int

    def decided_by(self) -> dict[str, Any]:
        """What decides each game of the cell besides the code, as JSON data (the index and the number of
        games aside). A card set's changed cards are named only when there are some, so a cell of the
        cards as shipped keeps the seeds it always had."""
        changed = {"card_set": self.card_set} if self.card_set else {}
        return {
            **changed,
            "game": self.game,
            "rules": self.rules,
            "armies": self.armies,
            "cards": list(self.cards),
            "scenario": self.scenario,
            "players": self.players,
            "policies": self.policies,
            "seed": self.seed,
        }

    @cached_property
    def seed_key(self) -> str:
        """The key the cell's game seeds are drawn from: independent of how many games it plays, and of the
        code (a faster engine plays the same seeds)."""
        return digest(self.decided_by())

    @cached_property
    def key(self) -> str:
        """The cache key of the cell's results: what decides its games, how many, and the code that played
        them (the game's sources, the core's, the sweeps' and CODE_VERSION)."""
        code = code_fingerprint(sweep_game(self.game).descriptor.package)
        return digest({**self.decided_by(), "games": self.games, "code": code})

    def params(self) -> dict[str, Any]:
        """The cell's parameters as row columns: the game, each rules value set, the armies, the card
        variant and the designers' files, the scenario and players, and each seat's policy."""
        out: dict[str, Any] = {"game": self.game, "cell": self.index}
        out.update(self.rules)
        if self.armies is not None:
            out.update(army_0=self.armies[0], army_1=self.armies[1], override=self.override)
            out["army_files"] = ",".join(self.army_files)
        if self.scenario is not None:
            about = sweep_game(self.game).support.scenarios
            difficulty = about.about(self.scenario) if about is not None else self.scenario
            out.update(scenario=self.scenario, difficulty=difficulty, players=self.players)
            out["override"] = self.override
        if len(self.policies) == 2:
            out.update(policy_0=self.policies[0], policy_1=self.policies[1])
        else:
            out["policy"] = self.policies[0]
        if self.strength is not None:
            out["strength"] = self.strength
        return out


def cells(spec: SweepSpec) -> list[Cell]:
    """Every cell of the sweep, in grid order; at several strengths, each combination's cells one strength after
    another."""
    game = sweep_game(spec.game)
    out = []
    seats = spec.strength_seats()
    points = [(point, policies) for point in spec.grid() for policies in seats]
    for index, ((pair, edits, values, scenario), policies) in enumerate(points):
        cards = game.support.cards
        carried = cards.carry(pair, spec.army_files, edits) if cards is not None else ((), {})
        out.append(
            Cell(
                game=spec.game,
                index=index,
                rules=values,
                varied=tuple(spec.vary),
                armies=pair if game.has_armies else None,
                cards=carried[0],
                card_set=carried[1],
                override=edits_text(edits),
                army_files=tuple(str(getattr(a, "id", "")) for a in spec.army_files),
                scenario=scenario if game.has_scenario else None,
                players=spec.players if game.has_scenario else (2 if game.two_player else 1),
                policies=policies,
                strength=policies[0] if spec.strengths else None,
                games=spec.games,
                seed=spec.seed,
            )
        )
    return out
