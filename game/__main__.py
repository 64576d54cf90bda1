"""``python -m game``: the picoriichi command line."""

import sys

from game.cli import main

sys.exit(main())
