"""The battle tree: nodes built lazily and memoised by position (one tree per reading of abilities and pruning),
the battle declared for analysis, and the objectives and policies checked in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import DeclareAttack
from rules.attack_the_tower.analysis.battle import Node, canon
from rules.attack_the_tower.analysis.outcomes import OBJECTIVES, POLICY_NAMES, Result, same_battle, segment_outcome
from rules.attack_the_tower.analysis.space import clear_spaces
from rules.attack_the_tower.cards import DestroyPerFighter
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import GameState
from rules.core.events import Event


class BattleTree:
    """Every node reached so far, by key, with the moves between them (shared by every analysis call)."""

    def __init__(self, *, play_abilities: bool = True, prune: bool = True) -> None:
        self.play_abilities = play_abilities
        self.prune = prune
        self.nodes: dict[tuple[Any, ...], Node] = {}
        self.moves: dict[tuple[Any, ...], Result] = {}
        self._boards: dict[tuple[Any, ...], int] = {}
        self._by_identity: dict[int, tuple[object, int]] = {}
        self._groups: dict[tuple[Any, ...], tuple[tuple[tuple[str, ...], ...], frozenset[str], frozenset[str]]] = {}
        self._group_index: dict[tuple[Any, ...], dict[str, int]] = {}

    def clear(self) -> None:
        for memo in (self.nodes, self.moves, self._boards, self._by_identity, self._groups, self._group_index):
            memo.clear()

    def _board_id(self, state: GameState) -> int:
        players = state.players
        held = self._by_identity.get(id(players))
        if held is not None and held[0] is players:
            return held[1]
        value_key = (players, state.rules, state.attacker)
        board = self._boards.setdefault(value_key, len(self._boards))
        self._by_identity[id(players)] = (players, board)
        return board

    def segment_of(self, state: GameState) -> tuple[Any, ...]:
        battle = state.battle
        assert battle is not None
        return (self._board_id(state), battle.origin, battle.target, battle.at_palace, battle.specials)

    def groups_of(
        self, segment: tuple[Any, ...], attackers: list[combat.Unit], defenders: list[combat.Unit]
    ) -> tuple[tuple[tuple[str, ...], ...], frozenset[str], frozenset[str]]:
        """Unit keys by group (twins together), the defending troops' keys, the defending structures' keys."""
        found = self._groups.get(segment)
        if found is None:
            grouped: dict[str, list[str]] = {}
            for u in attackers + defenders:
                grouped.setdefault(u.group, []).append(u.key)
            found = (
                tuple(tuple(keys) for keys in grouped.values()),
                frozenset(u.key for u in defenders if not u.is_structure),
                frozenset(u.key for u in defenders if u.is_structure),
            )
            self._groups[segment] = found
        return found

    def group_index(self, segment: tuple[Any, ...]) -> dict[str, int]:
        """Unit key -> index of its group in `groups_of(segment)` (after `groups_of` was called)."""
        found = self._group_index.get(segment)
        if found is None:
            groups = self._groups[segment][0]
            found = self._group_index[segment] = {k: gi for gi, keys in enumerate(groups) for k in keys}
        return found

    def node(self, state: GameState) -> Node:
        """The node of a position in a battle (created on first sight)."""
        battle = state.battle
        if battle is None or state.phase != "battle":
            raise IllegalAction("no battle is in progress: declare an attack first", "battles.1 declare")
        if state.rules.vrykolaka_victims == "chosen" and any(
            isinstance(effect, DestroyPerFighter) for _owner, effect in combat.battle_effects(state)
        ):
            raise IllegalAction(
                "the exact analysis does not take up a Vrykolaka's victims chosen by their player "
                "(Rules.vrykolaka_victims='chosen'): play the battle on, or analyse it under the default reading",
                "variant.vrykolaka_victims",
            )
        if len(self.nodes) > 200_000:
            self.clear()
        segment = self.segment_of(state)
        attackers, defenders = combat.battle_units(state)
        groups = self.groups_of(segment, attackers, defenders)[0]
        damage = {u.key: u.damage for u in attackers + defenders if u.damage}
        dead = {u.key for u in attackers + defenders if u.dead}
        key = (
            segment,
            battle.stage,
            battle.actor if battle.stage == "abilities" else 0,
            battle.passes,
            canon(groups, damage, dead, None),
            battle.leftover if battle.stage == "regular" else (0, 0),
            battle.remaining if battle.stage == "unmanned" else (0, 0),
            battle.pending,
        )
        found = self.nodes.get(key)
        if found is None:
            found = self.nodes[key] = Node(self, state, key, segment)
        return found

    def result_of(self, pre: GameState, post: GameState, events: Sequence[Event]) -> Result:
        """Where `engine.apply` took the battle of `pre`: the next node, and the outcome if a battle ended."""
        if same_battle(pre, post):
            return Result(None, self.node(post))
        outcome = segment_outcome(pre, post, events)
        child = self.node(post) if post.phase == "battle" else None
        return Result(outcome, child)


_TREES: dict[tuple[bool, bool], BattleTree] = {}


def tree_for(play_abilities: bool = True, prune: bool = True) -> BattleTree:
    """The shared tree for a setting (analyses of one battle reuse each other's work)."""
    tree = _TREES.get((play_abilities, prune))
    if tree is None:
        tree = _TREES[(play_abilities, prune)] = BattleTree(play_abilities=play_abilities, prune=prune)
    return tree


def clear_cache() -> None:
    """Forget every memoised node, move and allocation space (the next analysis starts cold)."""
    for tree in _TREES.values():
        tree.clear()
    clear_spaces()


def declare(state: GameState, origin: int, target: int, specials: tuple[int, ...] = ()) -> GameState:
    """The position right after the attacking player declares an attack (0-based territories)."""
    if state.phase != "main":
        raise IllegalAction(
            f"a battle is declared in the second phase of a turn; this position is in {state.phase!r}",
            "battles.1 declare",
        )
    post, _ = engine.apply(state, DeclareAttack(player=state.attacker, origin=origin, target=target, specials=specials))
    return post


def check_objective(objective: str) -> None:
    if objective not in OBJECTIVES:
        raise IllegalAction(f"unknown objective {objective!r}; objectives: {', '.join(OBJECTIVES)}")


def check_policy(policy: str) -> None:
    if policy not in POLICY_NAMES:
        raise IllegalAction(f"unknown policy {policy!r}; policies: {', '.join(POLICY_NAMES)}")
