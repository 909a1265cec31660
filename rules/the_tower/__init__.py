"""The Tower (seed 002): a solo rogue-like played with one 52-card deck - attack, potion and room decks."""
