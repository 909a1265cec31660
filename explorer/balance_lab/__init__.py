"""The balance lab: win-rate sweeps over any game's rules (rules.sweeps), chosen, run, drawn and exported
from one panel."""

from explorer.balance_lab.panel import BalanceLabPanel

__all__ = ["BalanceLabPanel"]
