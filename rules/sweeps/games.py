"""What a sweep needs to know of each game, once: its protocol object, `Rules` model, policies, how a game
starts and how long one lasted.

The game packages are imported only when a game is asked for, so a sweep over one game loads only that game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from rules.core.outcome import Utility
from rules.core.protocol import Game

GameName = Literal["attack-the-tower", "the-tower", "tower-defense"]
GAME_NAMES: tuple[GameName, ...] = ("attack-the-tower", "the-tower", "tower-defense")


@dataclass(frozen=True, slots=True)
class SweepGame:
    """One game as a sweep sees it.

    `default_rules` are the rules values a sweep plays under unless it sets them (a turn limit, so that
    every game ends, as the game's `play` command sets one); two-player games (`two_player`, read from the
    game's protocol card) are played between a pair of policies, the others by one policy in every seat.
    `has_cards`: a card override can change its cards (Attack the Tower's armies, Tower Defense's data
    files). `floors`: how far a game got, for a game that counts no turns (The Tower: the floor reached)."""

    name: GameName
    game: Game[Any, Any]
    rules: type[BaseModel]
    policies: Mapping[str, Callable[[], Any]]
    default_rules: Mapping[str, Any]
    has_armies: bool
    has_cards: bool
    has_scenario: bool
    start: Callable[..., Any]
    turns: Callable[[Any], int | None]
    floors: Callable[[Any], int | None] | None = None
    card_played: Callable[[Any, Any], str | None] | None = None
    """A step's card played, as `turn:player:card`, or None (a game whose games record the cards played)."""

    @property
    def two_player(self) -> bool:
        """A duel (zero-sum, two seats), as the game's protocol card says."""
        return self.game.card.utility is Utility.ZERO_SUM

    def policy(self, name: str) -> Any:
        """A fresh policy by name; KeyError naming the game's policies otherwise."""
        try:
            return self.policies[name]()
        except KeyError:
            raise KeyError(f"{self.name} has no policy {name!r}; policies: {', '.join(self.policies)}") from None


def _turn(state: Any) -> int | None:
    turn: int = state.turn
    return turn


def _no_turns(state: Any) -> int | None:
    """The Tower counts no turns (a game is a walk through floors and fights: its length is `floors`)."""
    del state
    return None


def _floor_reached(state: Any) -> int | None:
    """The Tower's floor reached: the floor being cleared when the game ended (the last one on a win)."""
    floor: int = state.floor_number
    return floor


def _card_played(state: Any, action: Any) -> str | None:
    """Attack the Tower's card played by an action: a base built or an ability played, with the turn and player."""
    if type(action).__name__ in ("Build", "PlayAbility"):
        return f"{state.turn}:{action.player}:{action.card}"
    return None


def _attack_the_tower() -> SweepGame:
    engine = importlib.import_module("rules.attack_the_tower.engine")
    game = importlib.import_module("rules.attack_the_tower.game")
    policies = importlib.import_module("rules.attack_the_tower.policies")
    variants = importlib.import_module("rules.attack_the_tower.variants")

    def start(rules: BaseModel, armies: tuple[str, str], **_: Any) -> Any:
        return engine.new_game(armies, rules)

    return SweepGame(
        name="attack-the-tower",
        game=game.GAME,
        rules=variants.Rules,
        policies=policies.POLICIES,
        default_rules={"turn_limit": 200},
        has_armies=True,
        has_cards=True,
        has_scenario=False,
        start=start,
        turns=_turn,
        card_played=_card_played,
    )


def _the_tower() -> SweepGame:
    engine = importlib.import_module("rules.the_tower.engine")
    game = importlib.import_module("rules.the_tower.game")
    policies = importlib.import_module("rules.the_tower.policies")
    variants = importlib.import_module("rules.the_tower.variants")

    def start(rules: BaseModel, **_: Any) -> Any:
        return engine.new_game(rules)

    return SweepGame(
        name="the-tower",
        game=game.GAME,
        rules=variants.Rules,
        policies=policies.POLICIES,
        default_rules={},
        has_armies=False,
        has_cards=False,
        has_scenario=False,
        start=start,
        turns=_no_turns,
        floors=_floor_reached,
    )


def _tower_defense() -> SweepGame:
    engine = importlib.import_module("rules.tower_defense.engine")
    game = importlib.import_module("rules.tower_defense.game")
    policies = importlib.import_module("rules.tower_defense.policies")
    variants = importlib.import_module("rules.tower_defense.variants")
    examples = importlib.import_module("rules.tower_defense.examples")

    def start(rules: BaseModel, scenario: str, players: int, **_: Any) -> Any:
        return engine.new_game(examples.scenario(scenario, players), rules)

    return SweepGame(
        name="tower-defense",
        game=game.GAME,
        rules=variants.Rules,
        policies=policies.POLICIES,
        default_rules={"turn_limit": 60},
        has_armies=False,
        has_cards=True,
        has_scenario=True,
        start=start,
        turns=_turn,
    )


_MAKERS: dict[str, Callable[[], SweepGame]] = {
    "attack-the-tower": _attack_the_tower,
    "the-tower": _the_tower,
    "tower-defense": _tower_defense,
}
_LOADED: dict[str, SweepGame] = {}


def sweep_game(name: str) -> SweepGame:
    """The game of this name (as the command line spells it); KeyError naming the games otherwise."""
    if name not in _LOADED:
        try:
            maker = _MAKERS[name]
        except KeyError:
            raise KeyError(f"no game {name!r}; games: {', '.join(GAME_NAMES)}") from None
        _LOADED[name] = maker()
    return _LOADED[name]


def scenario_names() -> tuple[str, ...]:
    """Tower Defense's scenarios a sweep can start from."""
    examples = importlib.import_module("rules.tower_defense.examples")
    names: tuple[str, ...] = tuple(examples.SCENARIOS)
    return names


def scenario_difficulty(name: str) -> str:
    """The Difficulty of a Tower Defense scenario ('1/1/1/1/2/2'), as its rows name it."""
    examples = importlib.import_module("rules.tower_defense.examples")
    difficulty: str = examples.scenario(name).difficulty
    return difficulty
