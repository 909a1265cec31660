"""Tower Defense: the cooperative board game of seed 003 (towers, waves on two tracks, credits)."""
