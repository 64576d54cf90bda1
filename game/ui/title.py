"""The title screen: PICO RIICHI, Start, a seed code to replay a game's deals, Settings.

↑↓ choose a line. On START, O begins a game with a fresh seed. On SEED, the keyboard types a
code (the letters and digits ``game.wall`` accepts in one, backspace) and ENTER (or gamepad A)
plays that code's deals; while that line is chosen the letter keys are text, so Z, C, N, X, V
and M type rather than act.
A code that is not a seed code shows the reason on one line and the player may edit it.
SETTINGS opens the settings menu. Left alone for ``ATTRACT_FRAMES``, the title plays a demo
game of four CPUs (attract mode); any button there returns here.
"""

from __future__ import annotations

import textwrap

import pyxel

from engine.buttons import ALL as ALL_BUTTONS
from engine.buttons import DOWN, REPEAT_DELAY_FRAMES, REPEAT_EVERY_FRAMES, UP, O
from engine.cartridge import Cartridge
from engine.target import BLACK, DARK_BLUE, DARK_GREY, LIGHT_GREY, PINK, RED, WHITE, YELLOW
from game.errors import InputError
from game.ui import paint, pause
from game.ui.table import TableScene
from game.wall import CODE_ALIASES, CODE_ALPHABET, CODE_MAX, new_seed_code, seed_words

START, SEED, SETTINGS = 0, 1, 2
ATTRACT_FRAMES = 20 * 30  # left alone this long, the title shows a demo game
MENU_X, MENU_Y, MENU_LINE = 28, 70, 9
TITLE_Y = 18
TILES_Y = 40
TITLE_TILES = (0, 36, 72, 52, 108, 124, 132)  # 1m 1p 1s 0p(red) E G R: a taste of every suit
MESSAGE_Y = 98
HINT_Y = 120
CODE_CHARS = CODE_ALPHABET + "".join(CODE_ALIASES)  # what a code may hold; the aliases read as digits
CODE_KEYS = {getattr(pyxel, f"KEY_{c}"): c for c in CODE_CHARS}
CONFIRM_KEYS = (pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER, pyxel.GAMEPAD1_BUTTON_A)


class TitleScene:
    def __init__(self, cart: Cartridge) -> None:
        self.cart = cart
        self.choice = START
        self.code = ""
        self.message = ""  # why the typed code was refused
        self.settings_menu: pause.SettingsMenu | None = None
        self.idle = 0  # frames since a button was last touched

    @property
    def typing(self) -> bool:
        """The keyboard is text while the seed line is chosen (the cartridge reads this)."""
        return self.choice == SEED

    def update(self) -> None:
        buttons = self.cart.buttons
        touched = any(buttons.held(b) for b in ALL_BUTTONS) or any(pyxel.btn(k) for k in CODE_KEYS)
        self.idle = 0 if touched else self.idle + 1
        if self.settings_menu is not None:
            self.settings_menu.update()
            if self.settings_menu.closed:
                self.settings_menu = None
        elif self.idle >= ATTRACT_FRAMES:
            self.cart.change(TableScene, new_seed_code(), None, True)
        elif buttons.repeat(UP):
            self.choice = (self.choice - 1) % 3
        elif buttons.repeat(DOWN):
            self.choice = (self.choice + 1) % 3
        elif self.choice == START and buttons.pressed(O):
            self.start(new_seed_code())
        elif self.choice == SETTINGS and buttons.pressed(O):
            self.settings_menu = pause.SettingsMenu(self.cart)
        elif self.choice == SEED:
            self.type_code()

    def type_code(self) -> None:
        for key, char in CODE_KEYS.items():
            if pyxel.btnp(key) and len(self.code) < CODE_MAX:
                self.code += char
                self.message = ""
        if pyxel.btnp(pyxel.KEY_BACKSPACE, REPEAT_DELAY_FRAMES, REPEAT_EVERY_FRAMES):  # like a cursor
            self.code = self.code[:-1]
            self.message = ""
        if any(pyxel.btnp(key) for key in CONFIRM_KEYS):
            self.play_typed_code()

    def play_typed_code(self) -> None:
        try:
            seed_words(self.code)
        except InputError as error:
            self.message = str(error)
            return
        self.start(self.code)

    def start(self, seed_code: str) -> None:
        self.cart.change(TableScene, seed_code)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self) -> None:
        if self.settings_menu is not None:
            self.settings_menu.draw()
            return
        pyxel.cls(DARK_BLUE)
        paint.big_text_centered(TITLE_Y, "PICO RIICHI", RED, shadow=BLACK)
        x = (pyxel.width - len(TITLE_TILES) * 9 + 1) // 2
        for i, tile in enumerate(TITLE_TILES):
            paint.draw_tile(x + i * 9, TILES_Y, tile)
        paint.text_centered(TILES_Y + 18, "ONE PLAYER, THREE CPUS", LIGHT_GREY)
        self.draw_menu()
        self.draw_message()
        hint = "TYPE A CODE, ENTER: PLAY" if self.typing else "ARROWS: CHOOSE  Z: OK"
        paint.text_centered(HINT_Y, hint, DARK_GREY)

    def draw_menu(self) -> None:
        blink = "_" if pyxel.frame_count // 8 % 2 else " "
        lines = ("START", "SEED " + (self.code + blink if self.typing else self.code or "-" * 4), "SETTINGS")
        for i, text in enumerate(lines):
            y = MENU_Y + i * MENU_LINE
            chosen = i == self.choice
            if chosen:
                pyxel.text(MENU_X - 8, y, ">", YELLOW)
            pyxel.text(MENU_X, y, text, WHITE if chosen else LIGHT_GREY)

    def draw_message(self) -> None:
        rows = textwrap.wrap(self.message, pyxel.width // paint.FONT_W - 2)
        for row, text in enumerate(rows[:3]):
            pyxel.text(4, MESSAGE_Y + row * 7, text, PINK)
