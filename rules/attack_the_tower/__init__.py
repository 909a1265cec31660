"""Attack the Tower: the two-player card game of seeds 004 (manual), 000 (Undead) and 001 (Bandits)."""
