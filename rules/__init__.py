"""Pure-Python rules engines for the three Tower games; imports no widget, IPython or Jupyter code."""
