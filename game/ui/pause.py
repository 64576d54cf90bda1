"""The pause menu (Esc or Enter at the table) and the settings menu it opens.

Pause: RESUME, SETTINGS, QUIT TO TITLE; quitting asks once more (O: yes, any other button:
no). Settings: one line per field of ``game.settings.Settings``, ←→ change it, O or the
last line (BACK) returns. The rules' settings (red fives, game length) count from the next
game; the others at once. The settings live on the cartridge (``settings_of``), so the
title, the table and a later save all read the same value.
"""

from __future__ import annotations

import pyxel

from engine.buttons import ALL as ALL_BUTTONS
from engine.buttons import DOWN, LEFT, RIGHT, UP, O
from engine.cartridge import Cartridge
from engine.target import BLACK, DARK_BLUE, DARK_GREY, LIGHT_GREY, ORANGE, WHITE, YELLOW
from game.settings import CHOICES, Settings
from game.ui import paint

MENU_X, MENU_Y, LINE = 20, 40, 10
PAUSE_ITEMS = ("RESUME", "SETTINGS", "QUIT TO TITLE")
SETTING_LABELS = {
    "red_fives": "RED FIVES",
    "length": "GAME",
    "cpu_strength": "CPU",
    "cpu_speed": "CPU SPEED",
    "hints": "HINTS",
    "call_prompts": "CALL PROMPTS",
}


def settings_of(cart: Cartridge) -> Settings:
    """The cartridge's settings (the defaults until the player changes them)."""
    return getattr(cart, "settings", None) or Settings()


def value_text(value: object) -> str:
    """A setting's value as the menu shows it.

    >>> value_text(True), value_text("east-south")
    ('ON', 'EAST-SOUTH')
    """
    if isinstance(value, bool):
        return "ON" if value else "OFF"
    return str(value).upper()


class SettingsMenu:
    """Change the settings; ``closed`` after BACK (or O on it)."""

    def __init__(self, cart: Cartridge) -> None:
        self.cart = cart
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
        if self.chosen == len(self.names):
            self.closed = buttons.pressed(O)
            return
        step = (buttons.repeat(RIGHT) or buttons.pressed(O)) - buttons.repeat(LEFT)
        if step:
            self.cart.settings = self.settings.cycled(self.names[self.chosen], step)

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        paint.big_text_centered(8, "SETTINGS", ORANGE)
        for i, name in enumerate(self.names):
            y = 34 + i * LINE
            here = i == self.chosen
            pyxel.text(12, y, SETTING_LABELS[name], WHITE if here else LIGHT_GREY)
            text = value_text(getattr(self.settings, name))
            pyxel.text(68, y, f"< {text} >" if here else f"  {text}", YELLOW if here else WHITE)
        back_y = 34 + len(self.names) * LINE
        pyxel.text(12, back_y, "BACK", WHITE if self.chosen == len(self.names) else LIGHT_GREY)
        paint.text_centered(112, "RULES: FROM THE NEXT GAME ON", DARK_GREY)
        paint.text_centered(120, "UP/DOWN CHOOSE  LEFT/RIGHT SET", DARK_GREY)


class PauseMenu:
    """RESUME, SETTINGS, QUIT TO TITLE (asked once more); ``closed`` on resume."""

    def __init__(self, cart: Cartridge, settings: Settings, seed_code: str) -> None:
        self.cart = cart
        if not hasattr(cart, "settings"):
            cart.settings = settings
        self.seed_code = seed_code
        self.chosen = 0
        self.confirming = False
        self.settings_menu: SettingsMenu | None = None
        self.closed = False

    @property
    def settings(self) -> Settings:
        return settings_of(self.cart)

    def update(self) -> None:
        buttons = self.cart.buttons
        if self.settings_menu is not None:
            self.settings_menu.update()
            if self.settings_menu.closed:
                self.settings_menu = None
            return
        if self.confirming:
            if buttons.pressed(O):
                self.cart.restart()
            elif any(buttons.pressed(b) for b in ALL_BUTTONS):
                self.confirming = False
            return
        if any(pyxel.btnp(k) for k in (pyxel.KEY_ESCAPE, pyxel.GAMEPAD1_BUTTON_START)):
            self.closed = True
            return
        if buttons.repeat(UP):
            self.chosen = (self.chosen - 1) % len(PAUSE_ITEMS)
        if buttons.repeat(DOWN):
            self.chosen = (self.chosen + 1) % len(PAUSE_ITEMS)
        if buttons.pressed(O) or pyxel.btnp(pyxel.KEY_RETURN):
            self.pick(PAUSE_ITEMS[self.chosen])

    def pick(self, item: str) -> None:
        if item == "RESUME":
            self.closed = True
        elif item == "SETTINGS":
            self.settings_menu = SettingsMenu(self.cart)
        else:
            self.confirming = True

    def draw(self) -> None:
        if self.settings_menu is not None:
            self.settings_menu.draw()
            return
        pyxel.cls(BLACK)
        paint.big_text_centered(12, "PAUSE", ORANGE)
        for i, item in enumerate(PAUSE_ITEMS):
            y = MENU_Y + i * LINE
            here = i == self.chosen
            if here:
                pyxel.text(MENU_X - 8, y, ">", YELLOW)
            pyxel.text(MENU_X, y, item, WHITE if here else LIGHT_GREY)
        if self.confirming:
            pyxel.rect(8, 78, 112, 20, DARK_BLUE)
            pyxel.rectb(8, 78, 112, 20, YELLOW)
            paint.text_centered(82, "QUIT THIS GAME?", WHITE)
            paint.text_centered(90, "O: QUIT  OTHER: STAY", YELLOW)
        paint.text_centered(108, "SEED " + self.seed_code, YELLOW)
        paint.text_centered(120, "ESC: RESUME", DARK_GREY)
