"""What the balancer (rules.balance) reads of The Tower through its descriptor: the knobs it turns when a balance
names none (the player's starting hit points and potions, and the damage a floor adds).

Each range holds the rulebook's value with room on both sides (6 HP, 1 potion, 1 damage a floor), so a balance
may make the game harder as well as easier: at expectimax play the rulebook's game is won about 90% of the time."""

KNOBS = ("starting_hp=2..12", "starting_potions=0..3", "damage_per_floor=0..3")
