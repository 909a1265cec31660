"""One cell of a sweep: everything that decides its games, as data that travels to any worker.

A cell names its rules values, its army pair and the armies' very cards (a designer's file or an override
is carried as the validated army, not as a path or a hint), Tower Defense's changed cards (carried the same
way, as the validated cards), its scenario, the policies, the games and the seed. Its key
digests all of that with the game's code fingerprint, so results are cached and looked up by what decides
them and nothing else.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, JsonValue

from rules.attack_the_tower.cards import Army
from rules.sweeps.games import GameName, scenario_difficulty, sweep_game
from rules.sweeps.overrides import armies_for, edits_text
from rules.sweeps.seeding import code_fingerprint, digest
from rules.sweeps.spec import SweepSpec
from rules.sweeps.tower_defense_cards import cards_for
from rules.tower_defense.cards import CardSet

PACKAGES = {
    "attack-the-tower": "rules.attack_the_tower",
    "the-tower": "rules.the_tower",
    "tower-defense": "rules.tower_defense",
}


class Cell(BaseModel):
    """The games of one combination of a sweep's grid."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: GameName
    index: int
    rules: dict[str, JsonValue]
    varied: tuple[str, ...]
    armies: tuple[str, str] | None = None
    cards: tuple[Army, ...] = ()
    card_set: CardSet = CardSet()
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
        games aside). Tower Defense's changed cards are named only when there are some, so a cell of the
        cards as shipped keeps the seeds it always had."""
        changed = {"card_set": self.card_set.model_dump(mode="json")} if self.card_set.cards() else {}
        return {
            **changed,
            "game": self.game,
            "rules": self.rules,
            "armies": self.armies,
            "cards": [a.model_dump(mode="json") for a in self.cards],
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
        code = code_fingerprint(PACKAGES[self.game])
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
            out.update(scenario=self.scenario, difficulty=scenario_difficulty(self.scenario), players=self.players)
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
        out.append(
            Cell(
                game=spec.game,
                index=index,
                rules=values,
                varied=tuple(spec.vary),
                armies=pair if game.has_armies else None,
                cards=armies_for(pair, spec.army_files, edits) if game.has_armies else (),
                card_set=cards_for(edits) if game.has_cards and not game.has_armies else CardSet(),
                override=edits_text(edits),
                army_files=tuple(a.id for a in spec.army_files),
                scenario=scenario if game.has_scenario else None,
                players=spec.players if game.has_scenario else (2 if game.two_player else 1),
                policies=policies,
                strength=policies[0] if spec.strengths else None,
                games=spec.games,
                seed=spec.seed,
            )
        )
    return out
