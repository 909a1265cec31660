"""What every game package shares: the game protocol, errors, events, exact distributions, chance, sessions
and JSON I/O, each in its own module (`rules.core.protocol`, `rules.core.errors`, ...)."""
