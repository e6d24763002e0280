"""``python -m badugi_fast``: the same as the ``badugi`` command."""

import sys

from badugi_fast.cli import main

sys.exit(main())
