"""rules.core.memo: answers remembered by value or by identity, and forgotten all at once."""

from __future__ import annotations

from rules.attack_the_tower.engine import reading
from rules.attack_the_tower.engine.stepping import new_game
from rules.core.memo import clear_all, clear_package_caches, identity_memo, memo


def test_identity_memo_remembers_the_last_objects_by_identity_and_forgets_on_clear() -> None:
    calls: list[object] = []

    @identity_memo(size=2)
    def length(items: list[int]) -> int:
        calls.append(items)
        return len(items)

    a, b, c = [1], [1], [1, 2]
    assert (length(a), length(a), length(b)) == (1, 1, 1)
    assert calls == [a, b], "an equal but distinct object is asked again; the same object is not"
    length(c)  # a is now the oldest of three and is forgotten
    length(a)
    assert calls == [a, b, c, a]
    clear_all()
    length(c)
    assert calls[-1] is c


def test_memo_is_an_lru_cache_that_clear_all_empties() -> None:
    calls: list[int] = []

    @memo(maxsize=8)
    def double(n: int) -> int:
        calls.append(n)
        return 2 * n

    assert (double(3), double(3)) == (6, 6) and calls == [3]
    clear_all()
    assert double(3) == 6 and calls == [3, 3]


def test_identity_memo_of_one_answers_the_last_object_asked_and_forgets_on_clear() -> None:
    calls: list[object] = []

    @identity_memo(size=1)
    def length(items: list[int]) -> int:
        """The number of items."""
        calls.append(items)
        return len(items)

    a, b = [1], [1, 2]
    assert (length(a), length(a), length(b), length(a)) == (1, 1, 2, 1)
    assert calls == [a, b, a] and "length" in repr(length)
    clear_all()
    length(a)
    assert calls == [a, b, a, a]


def test_a_package_s_identity_memos_are_forgotten_with_its_other_caches() -> None:
    """`clear_package_caches` (what loading a designer's army calls) finds an identity memo by the module of the
    function it remembers, as it finds a plain cache."""
    state = new_game()
    reading.current_player(state)
    assert reading.current_player.key is state  # type: ignore[attr-defined]
    clear_package_caches("rules.attack_the_tower")
    assert reading.current_player.key is not state  # type: ignore[attr-defined]
