"""Any game of the protocol as an OpenSpiel Python game: its GameType and GameInfo from the game's card,
chance outcomes as floats from the exact ones, `Rules` fields as game parameters.

OpenSpiel's search bots (MCTS, IS-MCTS) need sequential turns, so a simultaneous step is handed to them
turn-based, as `pyspiel.convert_to_turn_based` would: where submissions are hidden (a duel's
allocations) the acting players choose one after another and the later ones do not see the earlier
choices (their information states hide them); where actions are open (a team
acting in any order) the first acting player chooses for the table among every acting player's actions.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from rules.core.chance import ChanceSampler
from rules.core.descriptor import GameDescriptor, OpenSpielSupport
from rules.core.errors import UnknownName
from rules.core.outcome import Utility
from rules.core.protocol import SIMULTANEOUS, TERMINAL, Game, Information, canonical_key

_UTILITY = {
    Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
    Utility.COOPERATIVE: pyspiel.GameType.Utility.IDENTICAL,
    Utility.SOLO: pyspiel.GameType.Utility.GENERAL_SUM,
}
_INFORMATION = {
    Information.PERFECT: pyspiel.GameType.Information.PERFECT_INFORMATION,
    Information.IMPERFECT: pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}


def short_name(game: GameDescriptor) -> str:
    """The game's name in OpenSpiel: `python_` and its card's short name."""
    return "python_" + game.game.card.short_name


def _support(game: GameDescriptor) -> OpenSpielSupport:
    if game.openspiel is None:
        raise UnknownName(f"{game.slug} does not say how it becomes an OpenSpiel game")
    return game.openspiel


def rules_parameters(game: GameDescriptor) -> dict[str, Any]:
    """Every scalar `Rules` field (int, bool, float, str) with its default (or the adapter's default, for a
    field whose rulebook value leaves a game unbounded): OpenSpiel's parameters."""
    out: dict[str, Any] = {}
    for name, info in game.rules.model_fields.items():
        default = _support(game).rules_defaults.get(name, info.default)
        if isinstance(default, bool | int | float | str) and default is not None:
            out[name] = default
    return out


def _parameters(game: GameDescriptor) -> dict[str, Any]:
    return {**rules_parameters(game), **_support(game).extra_parameters}


def game_type(game: GameDescriptor) -> pyspiel.GameType:
    """OpenSpiel's type card from the protocol's."""
    card = game.game.card
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Python {card.long_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=_INFORMATION[card.information],
        utility=_UTILITY[card.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=card.max_players,
        min_num_players=card.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=_parameters(game),
    )


class ProtocolGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game over a protocol game; its parameters are `Rules` fields and the game's own."""

    descriptor: GameDescriptor

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game, support = self.descriptor, _support(self.descriptor)
        values = {**_parameters(game), **(params or {})}
        rules_fields = rules_parameters(game)
        self.rules = game.rules.model_validate({k: v for k, v in values.items() if k in rules_fields})
        self.extra = {k: values[k] for k in support.extra_parameters}
        self.protocol = game.game
        self.open_simultaneous = support.open_simultaneous
        # the parameters come from outside: the start they make is validated once, as a position file is
        self.initial = game.game.positions.validate(support.new_state(self.rules, self.extra))
        card = game.game.card
        players = game.game.num_players(self.initial)
        info = pyspiel.GameInfo(
            num_distinct_actions=card.max_legal_actions,
            max_chance_outcomes=card.max_chance_outcomes,
            num_players=players,
            min_utility=float(card.min_return),
            max_utility=float(card.max_return),
            utility_sum=0.0 if card.utility is Utility.ZERO_SUM else None,
            max_game_length=card.max_game_length(self.rules),
        )
        super().__init__(game_type(game), info, values)

    def new_initial_state(self) -> ProtocolState:
        return ProtocolState(self, self.initial)

    def state_from(self, position: Any) -> ProtocolState:
        """An OpenSpiel state at any position of the game (its history starts there)."""
        return ProtocolState(self, position)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> StringObserver:
        return StringObserver(self.protocol)


class ProtocolState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding one immutable position of the protocol game."""

    def __init__(self, game: ProtocolGame, position: Any) -> None:
        super().__init__(game)
        self.protocol = game.protocol
        self.open_simultaneous = game.open_simultaneous
        self.position = position
        """The position now (replaced by each action applied, never changed in place)."""
        self._player: int | None = None
        """OpenSpiel's current player at `position`, once asked (OpenSpiel asks several times a step)."""

    # ---- who acts and what may be done -------------------------------------------------------------
    def current_player(self) -> int:
        if self._player is None:
            self._player = self._player_now()
        return self._player

    def _player_now(self) -> int:
        who = self.protocol.current_player(self.position)
        if who == SIMULTANEOUS:
            return self.protocol.acting_players(self.position)[0]
        if who == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return who

    def _legal_actions(self, player: int) -> list[int]:
        position = self.position
        acting = self.protocol.acting_players(position)
        if player not in acting:
            return []
        shared = self.open_simultaneous and self.protocol.current_player(position) == SIMULTANEOUS
        if shared or len(acting) == 1:
            return list(range(self.protocol.action_count(position)))  # type: ignore[attr-defined]
        own = self.protocol.legal_actions(position, player)
        ids: list[int] = self.protocol.ids_of(position, own)  # type: ignore[attr-defined]
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(enumerate(self.protocol.action_order(self.position).probabilities()))  # type: ignore[attr-defined]

    def _apply_action(self, action: int) -> None:
        self.position = self.protocol.step(self.position, self.protocol.action_from_id(self.position, action))
        self._player = None

    def _action_to_string(self, player: int, action: int) -> str:
        chosen = self.protocol.action_from_id(self.position, action)
        return canonical_key(chosen)

    # ---- results and what a player sees -----------------------------------------------------------
    def is_terminal(self) -> bool:
        return bool(self.protocol.is_terminal(self.position))

    def returns(self) -> list[float]:
        return [float(r) for r in self.protocol.returns(self.position)]

    def information_state_string(self, player: int | None = None) -> str:
        return self.protocol.observation_string(self.position, self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        return self.information_state_string(player)

    def resample(self, player: int, sampler: ChanceSampler) -> ProtocolState:
        """A state `player` cannot tell from this one, dealt with its exact probability (for IS-MCTS)."""
        game = self.get_game()
        return ProtocolState(game, self.protocol.sample_determinization(self.position, player, sampler))

    def __str__(self) -> str:
        return canonical_key(self.position)


class StringObserver:
    """OpenSpiel's observer interface with strings only (the games give no tensors)."""

    def __init__(self, protocol: Game[Any, Any]) -> None:
        self.protocol = protocol
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: ProtocolState, player: int) -> None:
        del state, player

    def string_from(self, state: ProtocolState, player: int) -> str:
        return self.protocol.observation_string(state.position, player)


_REGISTERED: dict[str, tuple[GameDescriptor, type[ProtocolGame]]] = {}
"""The games registered with OpenSpiel here, by OpenSpiel's name (pyspiel cannot register a name twice)."""


def register(game: GameDescriptor) -> type[ProtocolGame]:
    """Register the game with OpenSpiel (once) and return its game class; KeyError for a game whose descriptor
    does not say how it becomes an OpenSpiel game, ValueError when OpenSpiel's name for it is another game's."""
    name = short_name(game)
    _support(game)
    if name in _REGISTERED:
        if _REGISTERED[name][0].slug != game.slug:
            raise ValueError(f"{game.slug!r} cannot be OpenSpiel's {name}: the game {_REGISTERED[name][0].slug!r} is")
        return _REGISTERED[name][1]
    if name in pyspiel.registered_names():
        raise ValueError(f"{game.slug!r} cannot be OpenSpiel's {name}: OpenSpiel has a game of that name")
    cls = typing.cast(type[ProtocolGame], type(f"{name}_game", (ProtocolGame,), {"descriptor": game}))
    pyspiel.register_game(game_type(game), cls)
    _REGISTERED[name] = (game, cls)
    return cls


def ismcts_resampler(seed: int = 0) -> Callable[[ProtocolState, int], ProtocolState]:
    """The determinisation IS-MCTS asks for: `bot.set_resampler(ismcts_resampler())`."""
    sampler = ChanceSampler(seed)

    def resample(state: ProtocolState, player: int) -> ProtocolState:
        return state.resample(player, sampler)

    return resample
