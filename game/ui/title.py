"""The title screen: the logo, then NEW GAME, CONTINUE, SEED, SETTINGS and REPLAYS.

↑↓ choose a line, O takes it. NEW GAME begins a game with a fresh seed. On SEED the keyboard
types a code (the letters and digits ``game.rules.wall`` accepts in one, backspace) and ENTER (or
gamepad A) plays that code's deals; while that line is chosen the letter keys are text, so Z, C,
N, X, V and M type rather than act. Whatever is wrong with a code is said on one line in the
message box, and the player may mend it: a key no code holds (U), a code too short, and one
too long (the keys past the twelfth are counted, never dropped, so a mistyped code is refused
rather than cut and played). The code is drawn in the seed-code font (game/ui/glyphs.py), where
no two characters look alike.

Only what works is offered: CONTINUE shows when a saved game exists (``has_save``), and the
cursor starts there; SETTINGS and REPLAYS when their scenes exist (``OPTIONAL_SCENES``). A new
game (NEW GAME or a seed code) would replace the saved one, so it is asked once more first.
The title tune plays once on arrival.
Left alone for ``ATTRACT_FRAMES``, the title plays a demo game of four CPUs (attract mode,
game/ui/demo.py); any button there returns here.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass

import pyxel

from engine.buttons import ALL as ALL_BUTTONS
from engine.buttons import DOWN, REPEAT_DELAY_FRAMES, REPEAT_EVERY_FRAMES, UP, O
from engine.cartridge import Cartridge
from engine.target import BLACK, DARK_BLUE, DARK_GREY, LIGHT_GREY, PINK, WHITE, YELLOW
from game.rules.errors import InputError
from game.ui import glyphs, paint, saving, sheet, sound, tiles
from game.ui.demo import DemoScene
from game.ui.loading import LoadingScene
from game.ui.table import TableScene
from game.rules.wall import CODE_ALIASES, CODE_ALPHABET, CODE_MAX, CODE_MIN, new_seed_code, seed_words

NEW_GAME, CONTINUE, SEED, SETTINGS, REPLAYS = "NEW GAME", "CONTINUE", "SEED", "SETTINGS", "REPLAYS"
LOGO_Y = 2
TILES_Y, TILES_PITCH = 34, 9
# The thirteen orphans (kokushi musou), a red five for the fourteenth: every suit, wind and dragon.
TITLE_TILES = (0, 32, 36, 68, 72, 104, 108, 112, 116, 120, 124, 128, 132, 52)
TAGLINE_Y = 50
MENU_X, MENU_Y, MENU_LINE = 30, 62, 9
MESSAGE_BOX = (2, 106, 124, 10)  # x, y, w, h: one line of text, clear of the menu and the footer
MESSAGE_Y = MESSAGE_BOX[1] + 2
MESSAGE_CHARS = (MESSAGE_BOX[2] - 4) // paint.FONT_W  # what one line of the box holds
CONFIRM_BOX = (8, 84, 112, 21)
HINT_Y = 121
ATTRACT_FRAMES = 20 * 30  # twenty seconds untouched: the demo game
CODE_CHARS = CODE_ALPHABET + "".join(CODE_ALIASES)  # what a code may hold; the aliases read as digits
CODE_KEYS = {getattr(pyxel, f"KEY_{c}"): c for c in CODE_CHARS}
CONFIRM_KEYS = (pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER, pyxel.GAMEPAD1_BUTTON_A)
# Letter keys no code holds: said, never ignored (I, L and O read as 1, 1 and 0).
REFUSED_KEYS = {getattr(pyxel, f"KEY_{c}"): c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in CODE_CHARS}
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


def code_length_message(length: int) -> str:
    """Why a code of ``length`` characters is refused, in one line of the message box.

    >>> code_length_message(0), code_length_message(14)
    ('TYPE 8 TO 12 LETTERS OR DIGITS', '14 CHARACTERS: A CODE HAS 8-12')
    """
    if length == 0:
        return f"TYPE {CODE_MIN} TO {CODE_MAX} LETTERS OR DIGITS"
    return f"{length} CHARACTER{'' if length == 1 else 'S'}: A CODE HAS {CODE_MIN}-{CODE_MAX}"


def start_choice(entries: list[Entry]) -> int:
    """The line the cursor starts on: CONTINUE when a game is saved, else the first."""
    labels = [entry.label for entry in entries]
    return labels.index(CONTINUE) if CONTINUE in labels else 0


class TitleScene:
    def __init__(self, cart: Cartridge, message: str = "") -> None:
        """``message``: one line to show (the loading screen's, when a save was set aside)."""
        self.cart = cart
        self.message = saving.load_settings(cart) or message  # why the typed code (or a save) was refused
        self.entries = menu_entries()
        self.choice = start_choice(self.entries)
        self.code = ""
        self.extra = 0  # keys typed past the longest code: counted, so the code is refused
        self.replacing: str | None = None  # the seed of a new game that asks before replacing the save
        self.frames = 0
        self.idle = 0  # frames since a button or key was last down

    @property
    def chosen(self) -> str:
        return self.entries[self.choice].label

    @property
    def typing(self) -> bool:
        """The keyboard is text while the seed line is chosen (the cartridge reads this)."""
        return self.chosen == SEED and self.replacing is None

    def update(self) -> None:
        self.frames += 1
        if self.frames == 1:
            sound.play(sound.TITLE)
        buttons = self.cart.buttons
        touched = any(buttons.held(b) for b in ALL_BUTTONS) or any(pyxel.btn(k) for k in CODE_KEYS)
        self.idle = 0 if touched else self.idle + 1
        step = buttons.repeat(DOWN) - buttons.repeat(UP)
        if self.replacing is not None:
            self.confirm_replace()
        elif self.idle >= ATTRACT_FRAMES:
            sound.stop()
            self.cart.change(DemoScene)
        elif step:
            self.choice = (self.choice + step) % len(self.entries)
            sound.play("cursor")
        elif self.typing:
            self.type_code()
        elif buttons.pressed(O):
            self.take(self.entries[self.choice])

    def confirm_replace(self) -> None:
        """A new game would replace the save: O (or ENTER) starts it, any other button keeps the save."""
        buttons = self.cart.buttons
        if buttons.pressed(O) or any(pyxel.btnp(key) for key in CONFIRM_KEYS[:2]):
            sound.play("confirm")
            seed, self.replacing = self.replacing, None
            self.start(seed, confirmed=True)
        elif any(buttons.pressed(b) for b in ALL_BUTTONS) or pyxel.btnp(pyxel.KEY_ESCAPE):
            sound.play("cursor")
            self.replacing = None

    def take(self, entry: Entry) -> None:
        sound.play("confirm")
        if entry.label == NEW_GAME:
            self.start(new_seed_code())
        elif entry.label == CONTINUE:
            self.continue_game()
        elif entry.scene is not None:
            self.cart.change(entry.scene)

    def continue_game(self) -> None:
        """Resume the saved game at the very question it was saved on, behind the loading
        screen (the save is read and played again there, as thinking). A save that cannot be
        continued is set aside (*.bad): the title comes back with one line saying so."""
        sound.stop()
        self.cart.change(LoadingScene, TitleScene)

    def type_code(self) -> None:
        for key, char in CODE_KEYS.items():
            if pyxel.btnp(key):
                self.type_char(char)
        for key, char in REFUSED_KEYS.items():
            if pyxel.btnp(key):
                self.message = f"{char} IS NOT A CODE CHARACTER"
        if pyxel.btnp(pyxel.KEY_BACKSPACE, REPEAT_DELAY_FRAMES, REPEAT_EVERY_FRAMES):  # like a cursor
            if self.extra:
                self.extra -= 1
            else:
                self.code = self.code[:-1]
            self.message = code_length_message(CODE_MAX + self.extra) if self.extra else ""
        if any(pyxel.btnp(key) for key in CONFIRM_KEYS):
            self.play_typed_code()

    def type_char(self, char: str) -> None:
        if len(self.code) < CODE_MAX:
            self.code += char
            self.message = ""
        else:  # too long: said, and counted so that ENTER refuses it
            self.extra += 1
            self.message = code_length_message(CODE_MAX + self.extra)

    def play_typed_code(self) -> None:
        length = len(self.code) + self.extra
        try:
            if self.extra:
                raise InputError("too long")
            seed_words(self.code)
        except InputError:
            self.message = code_length_message(length)  # typed keys are code characters: the length is wrong
            return
        sound.play("confirm")
        self.start(self.code)

    def start(self, seed_code: str, confirmed: bool = False) -> None:
        """Start a game on ``seed_code``; one that would replace a saved game asks first."""
        if not confirmed and CONTINUE in [entry.label for entry in self.entries]:
            self.replacing = seed_code
            return
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
        if self.replacing is not None:
            self.draw_confirm()
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
        ink = PINK if self.extra else YELLOW if self.typing else colour  # pink: too long
        end = glyphs.draw_code(x, y, self.code, ink)
        if self.typing and pyxel.frame_count // 8 % 2:
            pyxel.rect(end, y + glyphs.CODE_H - 1, 3, 1, YELLOW)

    def draw_message(self) -> None:
        """The message (why a code or a save was refused) on one line inside its box."""
        if not self.message:
            return
        x, y, w, h = MESSAGE_BOX
        pyxel.rect(x, y, w, h, BLACK)
        pyxel.rectb(x, y, w, h, DARK_GREY)
        text = self.message.upper()[:MESSAGE_CHARS]
        pyxel.text(x + (w - paint.text_width(text)) // 2, MESSAGE_Y, text, PINK)

    def draw_confirm(self) -> None:
        x, y, w, h = CONFIRM_BOX
        pyxel.rect(x, y, w, h, DARK_BLUE)
        pyxel.rectb(x, y, w, h, YELLOW)
        paint.text_centered(y + 4, "REPLACE THE SAVED GAME?", WHITE)
        paint.text_centered(y + 12, f"{paint.OK_KEY}: NEW GAME  OTHER: KEEP", YELLOW)


# The optional scenes load with the title, before the cartridge's first frame, not in the
# frame that first builds a title (an import is far longer than a frame's budget).
for _label, _module, _name in OPTIONAL_SCENES:
    optional_scene(_module, _name)
