"""Pico Riichi: start the cartridge on the title screen (``pyxel run main.py``).

``PICORIICHI_TRACE_MEMORY=1 pyxel run main.py`` traces memory for the debug overlay's meter
(hold X). Tracing makes every allocation dearer and the CPUs' thinking steps long enough to
overrun frames (benchmarks/frame.py measures both ways), so it is off unless asked for.
"""

import os

import pyxel

from engine import target
from engine.cartridge import Cartridge
from game.ui.title import TitleScene

target.init_pyxel()
cart = Cartridge(boot=TitleScene, trace_memory=os.environ.get("PICORIICHI_TRACE_MEMORY") == "1")
pyxel.run(cart.update, cart.draw)
