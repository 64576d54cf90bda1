"""The settings menu tells what the chosen CPU strength does, in one line under the menu."""

from __future__ import annotations

import pyxel
from stepping import press, screen, step

from engine.target import WIDTH, YELLOW
from game.data.settings import CHOICES
from game.ui.settings import LINE, SettingsScene

BACK_Y = 34 + len(CHOICES) * LINE
STRENGTH_ROW = list(CHOICES).index("cpu_strength")


def _line_pixels() -> list[int]:
    band = screen()[(BACK_Y + LINE) * WIDTH:(BACK_Y + LINE + 5) * WIDTH]
    return list(band)


def test_the_strength_line_shows_on_the_cpu_line_only(make_cart):
    cart = make_cart(SettingsScene)
    step(cart)
    assert YELLOW not in _line_pixels()  # the first line (red fives) is chosen
    for _ in range(STRENGTH_ROW):
        press(cart, pyxel.KEY_DOWN)
    assert YELLOW in _line_pixels()
    shown = _line_pixels()
    press(cart, pyxel.KEY_RIGHT)  # the next strength: another line
    assert YELLOW in _line_pixels() and _line_pixels() != shown
