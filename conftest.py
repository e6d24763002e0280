"""pytest collects the package's modules for their doctests: badugi_fast/pokerkit.py can only be imported where
pokerkit is installed (Python 3.11+), so elsewhere it is left out (tests/test_pokerkit_dropin.py skips, saying so)."""

import importlib.util

collect_ignore = [] if importlib.util.find_spec("pokerkit") else ["badugi_fast/pokerkit.py"]
