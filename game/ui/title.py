"""The title screen: the logo, then NEW GAME, CONTINUE, SEED, SETTINGS and REPLAYS.

↑↓ choose a line, O takes it. NEW GAME begins a game with a fresh seed. On SEED the keyboard
types a code (the letters and digits ``game.rules.wall`` accepts in one, backspace) and ENTER (or
gamepad A) plays that code's deals; while that line is chosen the letter keys are text, so Z, C,
N, X, V and M type rather than act. A code that is not a seed code shows the reason on one line
and the player may edit it. The code is drawn in the seed-code font (game/ui/glyphs.py), where
no two characters look alike.

Only what works is offered: CONTINUE shows when a saved game exists (``has_save``), SETTINGS
and REPLAYS when their scenes exist (``OPTIONAL_SCENES``). The title tune plays once on arrival.
Left alone for ``ATTRACT_FRAMES``, the title plays a demo game of four CPUs (attract mode,
game/ui/demo.py); any button there returns here.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass

import pyxel

from engine.buttons import ALL as ALL_BUTTONS
from engine.buttons import DOWN, REPEAT_DELAY_FRAMES, REPEAT_EVERY_FRAMES, UP, O
from engine.cartridge import Cartridge
from engine.target import DARK_BLUE, DARK_GREY, LIGHT_GREY, PINK, WHITE, YELLOW
from game.data import save
from game.rules.errors import InputError
from game.ui import glyphs, paint, saving, sheet, sound, tiles
from game.ui.demo import DemoScene
from game.ui.table import TableScene
from game.rules.wall import CODE_ALIASES, CODE_ALPHABET, CODE_MAX, new_seed_code, seed_words

NEW_GAME, CONTINUE, SEED, SETTINGS, REPLAYS = "NEW GAME", "CONTINUE", "SEED", "SETTINGS", "REPLAYS"
LOGO_Y = 2
TILES_Y, TILES_PITCH = 34, 9
# The thirteen orphans (kokushi musou), a red five for the fourteenth: every suit, wind and dragon.
TITLE_TILES = (0, 32, 36, 68, 72, 104, 108, 112, 116, 120, 124, 128, 132, 52)
TAGLINE_Y = 50
MENU_X, MENU_Y, MENU_LINE = 30, 62, 9
MESSAGE_Y = 108
HINT_Y = 121
ATTRACT_FRAMES = 20 * 30  # twenty seconds untouched: the demo game
CODE_CHARS = CODE_ALPHABET + "".join(CODE_ALIASES)  # what a code may hold; the aliases read as digits
CODE_KEYS = {getattr(pyxel, f"KEY_{c}"): c for c in CODE_CHARS}
CONFIRM_KEYS = (pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER, pyxel.GAMEPAD1_BUTTON_A)
# Menu lines that appear once their scene exists: (label, module, scene class).
OPTIONAL_SCENES = ((SETTINGS, "game.ui.settings", "SettingsScene"), (REPLAYS, "game.ui.replays", "ReplaysScene"))


def has_save() -> bool:
    """Whether a saved game waits to be continued (game/data/save.py through game/ui/saving.py)."""
    return saving.has_save()


def optional_scene(module: str, name: str) -> Callable[..., object] | None:
    """The scene class ``name`` of ``module``, or None while that module does not exist."""
    if importlib.util.find_spec(module) is None:
        return None
    return getattr(importlib.import_module(module), name, None)  # a broken module fails loudly


@dataclass(frozen=True)
class Entry:
    label: str
    scene: Callable[..., object] | None = None  # what O opens (NEW GAME and SEED start a table)


def menu_entries() -> list[Entry]:
    """The lines the title offers now, top to bottom."""
    entries = [Entry(NEW_GAME)]
    if has_save():
        entries.append(Entry(CONTINUE))
    entries.append(Entry(SEED))
    for label, module, name in OPTIONAL_SCENES:
        scene = optional_scene(module, name)
        if scene is not None:
            entries.append(Entry(label, scene))
    return entries


class TitleScene:
    def __init__(self, cart: Cartridge) -> None:
        self.cart = cart
        self.message = saving.load_settings(cart)  # why the typed code (or a save) was refused
        self.entries = menu_entries()
        self.choice = 0
        self.code = ""
        self.frames = 0
        self.idle = 0  # frames since a button or key was last down

    @property
    def chosen(self) -> str:
        return self.entries[self.choice].label

    @property
    def typing(self) -> bool:
        """The keyboard is text while the seed line is chosen (the cartridge reads this)."""
        return self.chosen == SEED

    def update(self) -> None:
        self.frames += 1
        if self.frames == 1:
            sound.play(sound.TITLE)
        buttons = self.cart.buttons
        touched = any(buttons.held(b) for b in ALL_BUTTONS) or any(pyxel.btn(k) for k in CODE_KEYS)
        self.idle = 0 if touched else self.idle + 1
        step = buttons.repeat(DOWN) - buttons.repeat(UP)
        if self.idle >= ATTRACT_FRAMES:
            sound.stop()
            self.cart.change(DemoScene)
        elif step:
            self.choice = (self.choice + step) % len(self.entries)
            sound.play("cursor")
        elif self.typing:
            self.type_code()
        elif buttons.pressed(O):
            self.take(self.entries[self.choice])

    def take(self, entry: Entry) -> None:
        sound.play("confirm")
        if entry.label == NEW_GAME:
            self.start(new_seed_code())
        elif entry.label == CONTINUE:
            self.continue_game()
        elif entry.scene is not None:
            self.cart.change(entry.scene)

    def continue_game(self) -> None:
        """Resume the saved game at the very question it was saved on. A save that cannot be
        continued is set aside (*.bad): one line here says so, and NEW GAME is chosen."""
        try:
            saved = save.read_game(saving.storage())
        except InputError as error:  # BadSave, or the storage's own StorageError
            print(f"picoriichi: {error}", file=sys.stderr)  # the whole story, for whoever looks
            short = getattr(error, "short", "UNREADABLE")
            self.message = f"SAVE {short}: SET ASIDE"
            saved = None
        if saved is None:
            self.entries, self.choice = menu_entries(), 0
            return
        sound.stop()
        self.cart.change(TableScene, saved.seed, saved.settings, False, saved.decisions)

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
        sound.play("confirm")
        self.start(self.code)

    def start(self, seed_code: str) -> None:
        sound.stop()
        self.cart.change(TableScene, seed_code)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        u, v = sheet.LOGO_ORIGIN
        pyxel.blt(0, LOGO_Y, sheet.BANK, u, v, sheet.LOGO_W, sheet.LOGO_H, sheet.CLEAR)
        x = (pyxel.width - len(TITLE_TILES) * TILES_PITCH + 1) // 2
        for i, tile in enumerate(TITLE_TILES):
            tiles.draw_tile(x + i * TILES_PITCH, TILES_Y, tile)
        paint.text_centered(TAGLINE_Y, "RIICHI MAHJONG VS 3 CPUS", LIGHT_GREY)
        self.draw_menu()
        self.draw_message()
        hint = "TYPE A CODE, ENTER: PLAY" if self.typing else f"ARROWS: CHOOSE  {paint.OK_KEY}: OK"
        paint.text_centered(HINT_Y, hint, DARK_GREY)

    def draw_menu(self) -> None:
        for i, entry in enumerate(self.entries):
            y = MENU_Y + i * MENU_LINE
            chosen = i == self.choice
            colour = WHITE if chosen else LIGHT_GREY
            if chosen:
                pyxel.text(MENU_X - 8, y, ">", YELLOW)
            pyxel.text(MENU_X, y, entry.label, colour)
            if entry.label == SEED:
                self.draw_code(MENU_X + paint.FONT_W * len(SEED + " "), y, colour)

    def draw_code(self, x: int, y: int, colour: int) -> None:
        """The typed code in the seed-code font, a blinking cursor after it while typing."""
        if not self.code and not self.typing:
            pyxel.text(x, y, "-" * 4, DARK_GREY)
            return
        end = glyphs.draw_code(x, y, self.code, YELLOW if self.typing else colour)
        if self.typing and pyxel.frame_count // 8 % 2:
            pyxel.rect(end, y + glyphs.CODE_H - 1, 3, 1, YELLOW)

    def draw_message(self) -> None:
        rows = textwrap.wrap(self.message, pyxel.width // paint.FONT_W - 2)
        for row, text in enumerate(rows[:2]):
            pyxel.text(4, MESSAGE_Y + row * 7, text, PINK)


# The optional scenes load with the title, before the cartridge's first frame, not in the
# frame that first builds a title (an import is far longer than a frame's budget).
for _label, _module, _name in OPTIONAL_SCENES:
    optional_scene(_module, _name)
