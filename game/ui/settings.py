"""The settings menu: one line per field of ``game.data.settings.Settings``.

↑↓ choose a line, ←→ (or O) change it; BACK (or Esc) returns. A click (a tap) on a line
changes it (on its "<", back a step), on BACK returns. On the CPU line, the line
under the menu says what the chosen strength does (``Settings.strength_line``). The rules' settings (red
fives, game length, players) count from the next game; the others at once. The settings live on the
cartridge (``settings_of``), so the title, the table, the pause menu and a later save all
read the same value. From the title it is a scene of its own (``SettingsScene``); the pause
menu shows the same menu over the paused game.
"""

from __future__ import annotations

import pyxel

from engine.buttons import DOWN, LEFT, RIGHT, UP, O
from engine.cartridge import Cartridge
from engine.target import DARK_BLUE, DARK_GREY, LIGHT_GREY, ORANGE, WHITE, YELLOW
from game.data.settings import CHOICES, PRACTICE, Settings
from game.ui import paint, saving
from game.ui.wiring import WIRING, Wiring

LINE = 9
MENU_Y, VALUE_X = 30, 68  # the first line; where the values stand (a "<" before the chosen one)
SETTING_LABELS = {
    "red_fives": "RED FIVES",
    "length": "GAME",
    "cpu_strength": "CPU",
    "cpu_speed": "CPU SPEED",
    "hints": "HINTS",
    "call_prompts": "CALL PROMPTS",
    "players": "PLAYERS",
}


def settings_of(cart: Cartridge) -> Settings:
    """The cartridge's settings (the defaults until the player changes them)."""
    return getattr(cart, "settings", None) or Settings()


def value_text(value: object) -> str:
    """A setting's value as the menu shows it.

    >>> value_text(True), value_text("east-south"), value_text(3)
    ('ON', 'EAST-SOUTH', '3')
    """
    if isinstance(value, bool):
        return "ON" if value else "OFF"
    return str(value).upper()


def row_box(i: int) -> tuple[int, int, int, int]:
    """Where line ``i`` (the settings, then BACK) lies, for a click."""
    return 0, MENU_Y + i * LINE - 2, 128, LINE


class SettingsMenu:
    """Change the settings; ``closed`` after BACK (or O on it)."""

    def __init__(self, cart: Cartridge, wiring: Wiring = WIRING) -> None:
        """``wiring``: where a change is saved (its storage, handed to the cartridge's writer)."""
        self.cart = cart
        self.storage = saving.handed(cart, wiring)
        self.names = list(CHOICES)
        self.chosen = 0
        self.closed = False

    @property
    def settings(self) -> Settings:
        return settings_of(self.cart)

    def update(self) -> None:
        buttons = self.cart.buttons
        lines = len(self.names) + 1  # the settings, then BACK
        if pyxel.btnp(pyxel.KEY_ESCAPE) or pyxel.btnp(pyxel.GAMEPAD1_BUTTON_START):
            self.closed = True
            return
        if buttons.repeat(UP):
            self.chosen = (self.chosen - 1) % lines
        if buttons.repeat(DOWN):
            self.chosen = (self.chosen + 1) % lines
        clicked = next((i for i in range(lines) if buttons.clicked_in(*row_box(i))), None)
        if clicked is not None:
            self.chosen = clicked
        if self.chosen == len(self.names):
            self.closed = buttons.pressed(O) or clicked is not None
            return
        step = (buttons.repeat(RIGHT) or buttons.pressed(O)) - buttons.repeat(LEFT)
        if clicked is not None:
            step = -1 if buttons.pointing_in(VALUE_X - 2, 0, 2 * paint.FONT_W, 128) else 1
        if step:
            self.cart.settings = self.settings.cycled(self.names[self.chosen], step)
            saving.store_settings(self.storage, self.cart.settings)

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        paint.big_text_centered(8, "SETTINGS", ORANGE)
        for i, name in enumerate(self.names):
            y = MENU_Y + i * LINE
            here = i == self.chosen
            paint.text(12, y, SETTING_LABELS[name], WHITE if here else LIGHT_GREY)
            text = value_text(getattr(self.settings, name))
            paint.text(VALUE_X, y, f"< {text} >" if here else f"  {text}", YELLOW if here else WHITE)
        back_y = MENU_Y + len(self.names) * LINE
        paint.text(12, back_y, "BACK", WHITE if self.chosen == len(self.names) else LIGHT_GREY)
        here = self.names[self.chosen] if self.chosen < len(self.names) else None
        if here == "cpu_strength":
            paint.text_centered(back_y + LINE, self.settings.strength_line, YELLOW)
        elif here == "players" and self.settings.players == 3:
            paint.text_centered(back_y + LINE, "TENHOU'S 3-PLAYER RULES", YELLOW)
        elif here == "hints" and self.settings.hints == PRACTICE:
            paint.text_centered(back_y + LINE, "THE HINT SHOWS AFTER YOUR CUT", YELLOW)
        paint.text_centered(112, "RULES: FROM THE NEXT GAME ON", DARK_GREY)
        paint.text_centered(120, "UP/DOWN CHOOSE  LEFT/RIGHT SET", DARK_GREY)


class SettingsScene:
    """The settings menu as a scene of its own (from the title); back to the title after."""

    def __init__(self, cart: Cartridge, wiring: Wiring = WIRING) -> None:
        self.cart = cart
        self.menu = SettingsMenu(cart, wiring)

    def update(self) -> None:
        self.menu.update()
        if self.menu.closed:
            self.cart.restart()

    def draw(self) -> None:
        self.menu.draw()
