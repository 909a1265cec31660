"""A progress bar of games played, on stderr, for the commands that play many (sweeps, ladders, balances)."""

from __future__ import annotations

import sys


class GamesBar:
    """A tqdm bar on stderr of the games played against a total (a sweep's games, a ladder's, a balance's budget);
    shown only when asked (on a terminal, unless `--no-progress`)."""

    def __init__(self, total: int, *, shown: bool) -> None:
        from tqdm import tqdm

        # tqdm's monitor thread (started even for a hidden bar) only corrects the refresh rate of slow bars; a
        # thread of its own would take and drop a Ctrl-C that a local cluster's start holds back (rules.sweeps.cluster)
        tqdm.monitor_interval = 0
        self.bar = tqdm(total=total, desc="games", unit="game", file=sys.stderr, disable=not shown, leave=False)

    def move_to(self, games: int, note: str = "") -> None:
        """Show `games` played (within the total), with a note after the bar when given."""
        self.bar.update(max(0, min(games, self.bar.total) - self.bar.n))
        if note:
            self.bar.set_postfix_str(note, refresh=False)

    def advance(self, games: int) -> None:
        """`games` more played."""
        self.move_to(self.bar.n + games)

    def __enter__(self) -> GamesBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.close()


def shown_on_terminal(no_progress: bool) -> bool:
    """Whether a command's bar is shown: on a terminal, unless its `--no-progress` is given."""
    return sys.stderr.isatty() and not no_progress
