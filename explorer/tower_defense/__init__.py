"""Explorer panels for Tower Defense: the headless explorer, the board widget and the panel."""

from explorer.tower_defense.explorer import TowerDefenseExplorer

__all__ = ["TowerDefenseExplorer"]
