# title: Pico Riichi
# author: the Pico Riichi developers
# desc: Riichi mahjong for one player against three CPUs, built like a PICO-8 cartridge
# license: MIT
# version: 0.1.0
"""Pico Riichi: start the cartridge on the title screen (``pyxel run main.py``).

Memory is traced for the debug overlay's meter (hold X). Tracing makes every allocation
dearer (benchmarks/frame.py measures both ways; docs/measurements.md keeps the figures);
``PICORIICHI_TRACE_MEMORY=0 pyxel run main.py`` turns it off.
"""

import os

import pyxel

from engine import target
from engine.cartridge import Cartridge
from game.ui.title import TitleScene

target.init_pyxel()
cart = Cartridge(boot=TitleScene, trace_memory=os.environ.get("PICORIICHI_TRACE_MEMORY", "1") != "0")
pyxel.run(cart.update, cart.draw)
