"""Explorer panels for Attack the Tower."""
