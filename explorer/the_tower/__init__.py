"""Explorer panels for The Tower: the headless explorer, the board widget and the panel."""

from explorer.the_tower.explorer import TheTowerExplorer

__all__ = ["TheTowerExplorer"]
