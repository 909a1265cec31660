"""Pure-Python rules engines for the three Tower games; imports no widget, IPython or Jupyter code.

Attack the Tower's and Tower Defense's records, engines and players may also run compiled to C from the same
sources (`rules.core.native`); where a source has changed since it was compiled (each module's digest is kept), or
`TOWER_RULES_PURE=1` is set, the sources run.
"""

from rules.core.native import prefer_sources

prefer_sources()
