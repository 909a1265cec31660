"""Starting a session from another position, shared by every game's explorer: the explorer's first position (an
example's name or a position), a named example, an edited position, a JSON file or JSON text, a share code, the
position under other rules, and saving the position shown. Validation and every edit are the rules package's
(rules.core.jsonio, rules.<game>.editing)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, Concatenate, Generic, ParamSpec, Protocol, TypeVar, cast

from rules.core import limits
from rules.core.errors import MalformedFile, RulesError, look_up
from rules.core.jsonio import decode_text, escape
from rules.core.protocol import Game


class Ruled(Protocol):
    """A position that holds the rules it is played under (every game's does)."""

    @property
    def rules(self) -> Any: ...


S = TypeVar("S", bound=Ruled)
P = ParamSpec("P")


class PositionFiles(Generic[S]):
    """Mixin for explorers of a `game` with a `_reset(position)`; positions are read and written by the game's own
    codec (`game.positions`), named by its `examples` module (`EXAMPLES`, `example(name, rules)`) and edited by
    its `editing` module (`set_rules`, `share_code`, `from_share_code`)."""

    game: ClassVar[Game[Any, Any]]
    examples: ModuleType
    policies: ModuleType
    editing: ModuleType
    default_example: ClassVar[str]
    default_policy: ClassVar[str]
    policy_name: str
    seed: int
    example_name: str | None

    def __init__(self, position: S | str | None = None, *, policy_name: str | None = None, seed: int = 0) -> None:
        """An explorer of `position` (an example's name, a position, or the game's default example); the policy
        decides what nobody decides by hand (the game's default one unless named), chance is drawn from `seed`."""
        named = position or self.default_example if position is None or isinstance(position, str) else None
        if named is None and not self.game.positions.holds(position):
            raise RulesError(
                "an explorer opens on an example's name or a position of its own game, "
                f"not {escape(repr(position), 60)}"
            )
        if named is not None:
            position = self.examples.example(named)
        self.policy_name = policy_name or self.default_policy
        look_up(self.policies.POLICIES, self.policy_name, "policy")  # refused now, not at the first step
        self.seed = seed
        self._reset(cast(S, position))
        self.example_name = named

    @property
    def state(self) -> S:
        raise NotImplementedError

    @property
    def rules(self) -> Any:
        """The rules the position is played under."""
        return self.state.rules

    def _reset(self, position: S) -> None:
        raise NotImplementedError

    def edit(self, new_position: S) -> S:
        """Start a new session from `new_position` (already validated by the rules' editing helpers)."""
        self._reset(new_position)
        return new_position

    def load_example(self, name: str) -> S:
        """Explore a named example position under the rules in use."""
        position = self.edit(self.examples.example(name, self.rules))
        self.example_name = name
        return position

    def set_rules(self, rules: Any) -> S:
        """The same position under other rules (validated again: a variant can make it illegal)."""
        return self.edit(self.editing.set_rules(self.state, rules))

    def share_code(self) -> str:
        """A code that reproduces the position exactly (rules.core.sharecode)."""
        return str(self.editing.share_code(self.state))

    def load_share_code(self, code: str) -> S:
        """A new session from a share code (refused whole when damaged or illegal)."""
        return self.edit(self.editing.from_share_code(code))

    def load(self, path_or_json: str | Path) -> S:
        """A position from a JSON file or JSON text (validated; refused whole when illegal)."""
        position: S = self.game.positions.read(path_or_json)
        return self.edit(position)

    def load_text(self, text: str | bytes) -> S:
        """A position from JSON text alone (an uploaded file's content): never read as a path on this machine,
        whatever it says; bytes must be UTF-8."""
        if isinstance(text, bytes):
            if len(text) > limits.MAX_FILE_BYTES:
                raise MalformedFile(
                    f"the file is larger than {limits.MAX_FILE_BYTES:,} bytes, the limit for a position"
                )
            text = decode_text(text, "the file")
        position: S = self.game.positions.parse(text, source="the file")
        return self.edit(position)

    def save(self, path: str | Path) -> None:
        """Write the position shown to a JSON file that `load` (and the CLI) reads back, atomically: a failed
        save leaves any old file whole."""
        self.game.positions.save(self.state, path)


def edit_by(change: Callable[Concatenate[S, P], S]) -> Callable[Concatenate[PositionFiles[S], P], S]:
    """An explorer method made of one of its rules' editing functions: `set_lives = edit_by(editing.set_lives)` in
    the class gives `explorer.set_lives(3)`, a new session from `editing.set_lives(explorer.state, 3)`."""

    def edit(explorer: PositionFiles[S], /, *args: P.args, **kwargs: P.kwargs) -> S:
        return explorer.edit(change(explorer.state, *args, **kwargs))

    edit.__doc__ = change.__doc__
    explorer = inspect.Parameter("explorer", inspect.Parameter.POSITIONAL_ONLY)
    changed = list(inspect.signature(change).parameters.values())[1:]  # the explorer's position stands for `state`
    edit.__signature__ = inspect.Signature([explorer, *changed])  # type: ignore[attr-defined]
    return edit
