"""Attract mode: left on the title, four CPUs play a demo game; any button returns.

The demo is the table itself (``TableScene(demo=True)``): the same driver, four CPU seats,
watched from the first dealer's chair with its hand face up, the results read by themselves.
"""

from __future__ import annotations

from engine.cartridge import Cartridge
from game.ui.table import TableScene
from game.ui.wiring import WIRING, Wiring


def DemoScene(cart: Cartridge, seed_code: str | None = None, wiring: Wiring = WIRING) -> TableScene:  # noqa: N802
    """A demo game (a scene) on a fresh seed (or ``seed_code``)."""
    return TableScene(cart, seed_code or wiring.new_seed_code(), demo=True, wiring=wiring)
