"""What the balancer (rules.balance) reads of The Tower through its descriptor: the knobs it turns when a balance
names none (the player's starting hit points and potions, and the damage a floor adds)."""

KNOBS = ("starting_hp=8..16", "starting_potions=0..3", "damage_per_floor=0..2")
