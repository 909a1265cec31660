"""JupyterLab panels over the rules packages: thin widgets over plain-Python explorers.

Every action a panel can take is a method of an explorer object first, so notebooks, tests and the
command line drive it without a browser; the widgets only show its state and forward clicks.
"""

from explorer.attack_the_tower.explorer import Explorer

__all__ = ["Explorer"]
