"""Pure-Python rules engines for the three Tower games; imports no widget, IPython or Jupyter code.

Attack the Tower's records and engine may also run compiled to C from the same source (`rules.core.native`);
where a compiled module is older than its source, or `TOWER_RULES_PURE=1` is set, the sources run.
"""

from rules.core.native import prefer_sources

prefer_sources()
