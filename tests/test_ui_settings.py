"""The settings menu tells what the chosen CPU strength does, in one line under the menu, and a
button held into it from the title does nothing there until let go."""

from __future__ import annotations

import pyxel
from stepping import press, screen, step

from engine.target import WIDTH, YELLOW
from game.data.settings import CHOICES
from game.ui.settings import LINE, MENU_Y, SettingsScene
from game.ui.title import TitleScene

BACK_Y = MENU_Y + len(CHOICES) * LINE
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


def test_a_button_held_into_the_settings_does_nothing_there_until_let_go(make_cart):
    """Held buttons do not repeat into a new screen (issue 23). → held on the title, which
    ignores it, while Z opens the settings: however long it stays down, no setting changes.
    Let go and pressed again, it changes the chosen one."""
    cart = make_cart(TitleScene)
    step(cart)
    while cart.scene.chosen != "SETTINGS":
        press(cart, pyxel.KEY_DOWN)
    before = cart.settings
    pyxel.set_btn(pyxel.KEY_RIGHT, True)
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, SettingsScene)
    for _ in range(60):  # two seconds: well past the repeat delay
        step(cart)
        assert cart.settings == before
    pyxel.set_btn(pyxel.KEY_RIGHT, False)
    step(cart)
    press(cart, pyxel.KEY_RIGHT)
    assert cart.settings != before
