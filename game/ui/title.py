"""The title screen: the logo, then NEW GAME, CONTINUE, SEED, SETTINGS, REPLAYS and PRACTICE.

↑↓ choose a line, O takes it; a click (a tap) on a line takes it too. NEW GAME begins a game
with a fresh seed. On SEED, O (the Z that chose the line types nothing) or any letter or digit
starts typing a code (the letters and digits ``game.rules.wall`` accepts in one, backspace); from
then on the letter keys are text, so Z, C, N, X, V and M type rather than act, and ENTER (or
gamepad A) plays that code's deals; Esc stops typing. Ctrl+M mutes and types nothing. Whatever
is wrong with a code is said on one line in the message box, and the player may mend it: a key
no code holds (U, a punctuation mark, a space), a code too short, and one too long (every key
typed past the twelfth is kept and shown, the line running on to the left, so a mistyped code
is refused rather than cut and played; Shift with a digit is its punctuation mark, refused). The
code is read once, when played: in capitals, O as 0 and I, L as 1, so its log and file name say
the code whose deals it plays. Nothing typed is lost to the demo. The code is drawn in the seed-code font
(game/ui/glyphs.py), where no two characters look alike.

CONTINUE shows only when a saved game exists, and the cursor starts there. A new game (NEW GAME or a seed code) would replace the saved one, so it is asked once more first.
With THREE players chosen in SETTINGS the seed line reads SEED 3P (``standings.seed_label``),
as everywhere a code is shown: a code and its player count say which game it deals.
The title tune plays once on arrival. Esc (not typing) quits, once everything handed to the
writer is on disk (SAVING... if that takes more than a frame; in a browser Esc does nothing).
Left alone for ``ATTRACT_FRAMES``, the title plays a demo game of four CPUs (attract mode,
game/ui/demo.py); any button there returns here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

import pyxel

from engine.buttons import ALL as ALL_BUTTONS
from engine.buttons import DOWN, POINT, REPEAT_DELAY_FRAMES, REPEAT_EVERY_FRAMES, UP, O, ctrl_held
from engine.cartridge import Cartridge
from engine.target import BLACK, DARK_BLUE, DARK_GREY, LIGHT_GREY, PINK, WHITE, YELLOW
from game.rules.errors import InputError
from game.ui import glyphs, paint, saving, sheet, sound, tiles
from game.ui.demo import DemoScene
from game.ui.loading import LoadingScene
from game.ui.drill import DrillScene
from game.ui.replays import ReplaysScene
from game.ui.settings import SettingsScene, settings_of
from game.ui.standings import THREE_PLAYER_MARK
from game.ui.table import TableScene
from game.ui.wiring import WIRING, Wiring
from game.rules.wall import CODE_ALIASES, CODE_ALPHABET, CODE_MAX, CODE_MIN, normalize_code, seed_words

NEW_GAME, CONTINUE, SEED, SETTINGS, REPLAYS, PRACTICE = "NEW GAME", "CONTINUE", "SEED", "SETTINGS", "REPLAYS", "PRACTICE"
LOGO_Y = 2
TILES_Y, TILES_PITCH = 34, 9
# The thirteen orphans (kokushi musou), a red five for the fourteenth: every suit, wind and dragon.
TITLE_TILES = (0, 32, 36, 68, 72, 104, 108, 112, 116, 120, 124, 128, 132, 52)
TAGLINE_Y = 50
MENU_X, MENU_Y, MENU_LINE = 30, 58, 8  # six lines at most, clear of the message box
MESSAGE_BOX = (2, 106, 124, 10)  # x, y, w, h: one line of text, clear of the menu and the footer
MESSAGE_Y = MESSAGE_BOX[1] + 2
MESSAGE_CHARS = (MESSAGE_BOX[2] - 4) // paint.FONT_W  # what one line of the box holds
CONFIRM_BOX = (8, 84, 112, 21)
CONFIRM_YES, CONFIRM_NO = f"{paint.OK_KEY}: NEW GAME", "OTHER: KEEP"  # a click on either answers it
CURSOR_W = 3  # the typing cursor's width
HINT_Y = 121
ATTRACT_FRAMES = 20 * 30  # twenty seconds untouched: the demo game
CODE_CHARS = CODE_ALPHABET + "".join(CODE_ALIASES)  # what a code may hold; the aliases read as digits
CODE_KEYS = {getattr(pyxel, f"KEY_{c}"): c for c in CODE_CHARS} | {getattr(pyxel, f"KEY_KP_{d}"): d for d in "0123456789"}
CONFIRM_KEYS = (pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER, pyxel.GAMEPAD1_BUTTON_A)
OK_KEYS = (pyxel.KEY_Z, pyxel.KEY_C, pyxel.KEY_N)  # the O button's letters: on SEED they start typing, untyped
# Keys no code holds: said, never ignored (I, L and O read as 1, 1 and 0).
REFUSED_KEYS = {getattr(pyxel, f"KEY_{c}"): c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in CODE_CHARS} | {
    pyxel.KEY_MINUS: "-", pyxel.KEY_PERIOD: ".", pyxel.KEY_COMMA: ",", pyxel.KEY_SLASH: "/", pyxel.KEY_SPACE: "SPACE",
    pyxel.KEY_SEMICOLON: ";", pyxel.KEY_QUOTE: "'", pyxel.KEY_EQUALS: "=", pyxel.KEY_BACKSLASH: "\\",
    pyxel.KEY_LEFTBRACKET: "[", pyxel.KEY_RIGHTBRACKET: "]", pyxel.KEY_BACKQUOTE: "`", pyxel.KEY_KP_MINUS: "-",
    pyxel.KEY_KP_PERIOD: ".", pyxel.KEY_KP_PLUS: "+", pyxel.KEY_KP_MULTIPLY: "*", pyxel.KEY_KP_DIVIDE: "/",
}
# The digit row's keys with Shift are punctuation (a US keyboard's): refused as such, never a digit.
SHIFTED_DIGITS = dict(zip("1234567890", "!@#$%^&*()"))
DIGIT_ROW = {getattr(pyxel, f"KEY_{d}") for d in SHIFTED_DIGITS}
SHIFT_KEYS = (pyxel.KEY_SHIFT, pyxel.KEY_LSHIFT, pyxel.KEY_RSHIFT)
QUITS = sys.platform != "emscripten"  # Esc ends the program (a page in a browser is closed instead)
TYPED_MAX = 2 * CODE_MAX  # the keys kept past it are refused (the message says the code is too long)
# Menu lines that appear once their scene exists: (label, module, scene class).
@dataclass(frozen=True)
class Entry:
    label: str
    scene: Callable[..., object] | None = None  # what O opens (NEW GAME and SEED start a table)


def menu_entries(storage) -> list[Entry]:
    """The lines the title offers now, top to bottom (CONTINUE when a game is saved in
    ``storage``, or handed to the writer to be)."""
    saved = [Entry(CONTINUE)] if saving.has_save(storage) else []
    return [Entry(NEW_GAME), *saved, Entry(SEED), Entry(SETTINGS, SettingsScene), Entry(REPLAYS, ReplaysScene),
            Entry(PRACTICE, DrillScene)]


def shift_held() -> bool:
    return any(pyxel.btn(key) for key in SHIFT_KEYS)


def code_length_message(length: int) -> str:
    """Why a code of ``length`` characters is refused, in one line of the message box.

    >>> code_length_message(0), code_length_message(14)
    ('TYPE 8 TO 12 LETTERS OR DIGITS', '14 CHARACTERS: A CODE HAS 8-12')
    """
    if length == 0:
        return f"TYPE {CODE_MIN} TO {CODE_MAX} LETTERS OR DIGITS"
    return f"{length} CHARACTER{'' if length == 1 else 'S'}: A CODE HAS {CODE_MIN}-{CODE_MAX}"


def tagline(chosen: str, players: int) -> str:
    """The line under the logo: the game NEW GAME and SEED begin, while one of them is chosen
    (CONTINUE plays the saved game, whatever PLAYERS says now).

    >>> tagline(NEW_GAME, 3), tagline(CONTINUE, 3)
    ('RIICHI MAHJONG VS 2 CPUS', 'RIICHI MAHJONG')
    """
    return f"RIICHI MAHJONG VS {players - 1} CPUS" if chosen in (NEW_GAME, SEED) else "RIICHI MAHJONG"


def start_choice(entries: list[Entry]) -> int:
    """The line the cursor starts on: CONTINUE when a game is saved, else the first."""
    labels = [entry.label for entry in entries]
    return labels.index(CONTINUE) if CONTINUE in labels else 0


class TitleScene:
    def __init__(self, cart: Cartridge, message: str = "", wiring: Wiring = WIRING) -> None:
        """``message``: one line to show (the loading screen's, when a save was set aside);
        ``wiring``: what the games begun here are played with (game/ui/wiring.py)."""
        self.cart = cart
        self.wiring = wiring
        storage = saving.handed(cart, wiring)
        self.message = saving.load_settings(cart, storage) or message  # why the typed code (or a save) was refused
        self.entries = menu_entries(storage)
        self.choice = start_choice(self.entries)
        self.code = ""  # every key typed, the ones past the longest code too (shown, refused)
        self.typing_code = False  # the SEED line takes the keyboard as text
        self.replacing: str | None = None  # the seed of a new game that asks before replacing the save
        self.frames = 0
        self.idle = 0  # frames since a button or key was last down, or the mouse moved

    @property
    def chosen(self) -> str:
        return self.entries[self.choice].label

    @property
    def players(self) -> int:
        """The seats of the games begun here (the settings' PLAYERS)."""
        return settings_of(self.cart).players

    @property
    def typing(self) -> bool:
        """The keyboard is text while a code is typed on the seed line (the cartridge reads this)."""
        return self.typing_code and self.chosen == SEED and self.replacing is None

    def update(self) -> None:
        self.frames += 1
        if self.frames == 1:
            sound.play(sound.TITLE)
        buttons = self.cart.buttons
        keys = (*CODE_KEYS, *REFUSED_KEYS, pyxel.KEY_BACKSPACE)
        touched = any(buttons.held(b) for b in (*ALL_BUTTONS, POINT)) or any(pyxel.btn(k) for k in keys)
        # a code being typed, or typed and not yet played, is never lost to the demo
        waiting = self.typing_code or bool(self.code)
        self.idle = 0 if touched or waiting or buttons.still == 0 else self.idle + 1
        step = buttons.repeat(DOWN) - buttons.repeat(UP)
        if self.replacing is not None:
            self.confirm_replace()
        elif self.idle >= ATTRACT_FRAMES:
            sound.stop()
            self.cart.change(DemoScene, None, self.wiring)
        elif buttons.clicked():
            self.click(buttons.pointer)
        elif step:
            self.choice = (self.choice + step) % len(self.entries)
            self.typing_code = False
            sound.play("cursor")
        elif self.typing:
            self.type_code()
        elif pyxel.btnp(pyxel.KEY_ESCAPE) and QUITS:
            sound.stop()
            self.cart.quit()  # once the writer has written everything (SAVING... meanwhile)
        elif self.chosen == SEED:
            self.start_typing()
        elif buttons.pressed(O):
            self.take(self.entries[self.choice])

    def row_box(self, i: int) -> tuple[int, int, int, int]:
        """Where menu line ``i`` lies, for a click: across the screen, a line high."""
        return 0, MENU_Y + i * MENU_LINE - 2, pyxel.width, MENU_LINE

    def click(self, point: tuple[int, int] | None) -> None:
        """A click (a tap) on a menu line takes it (on SEED: typing begins)."""
        for i in range(len(self.entries)):
            x, y, w, h = self.row_box(i)
            if point is not None and x <= point[0] < x + w and y <= point[1] < y + h:
                self.choice = i
                if self.chosen == SEED:
                    self.typing_code = True
                else:
                    self.take(self.entries[i])
                return

    def start_typing(self) -> None:
        """On the SEED line: O (its letter typed nothing) or a letter or digit begins the code."""
        if self.cart.buttons.pressed(O):
            self.typing_code = True
            sound.play("confirm")
        elif not ctrl_held() and any(pyxel.btnp(key) for key in (*CODE_KEYS, *REFUSED_KEYS) if key not in OK_KEYS):
            self.typing_code = True
            self.type_code()

    def confirm_replace(self) -> None:
        """A new game would replace the save: O (or ENTER, or a click on its answer) starts it,
        any other button (or a click elsewhere) keeps the save."""
        buttons = self.cart.buttons
        yes, _ = confirm_answers()
        if buttons.pressed(O) or any(pyxel.btnp(key) for key in CONFIRM_KEYS[:2]) or buttons.clicked_in(*yes):
            sound.play("confirm")
            seed, self.replacing = self.replacing, None
            self.start(seed, confirmed=True)
        elif any(buttons.pressed(b) for b in ALL_BUTTONS) or pyxel.btnp(pyxel.KEY_ESCAPE) or buttons.clicked():
            sound.play("cursor")
            self.replacing = None

    def take(self, entry: Entry) -> None:
        sound.play("confirm")
        if entry.label == NEW_GAME:
            self.start(self.wiring.new_seed_code())
        elif entry.label == CONTINUE:
            self.continue_game()
        elif entry.scene is not None:
            self.cart.change(entry.scene, self.wiring)

    def continue_game(self) -> None:
        """Resume the saved game at the very question it was saved on, behind the loading
        screen (the save is read and played again there, as thinking). A save that cannot be
        continued is set aside (*.bad): the title comes back with one line saying so."""
        sound.stop()
        self.cart.change(LoadingScene, self.back, self.wiring)

    def type_code(self) -> None:
        if pyxel.btnp(pyxel.KEY_ESCAPE):
            self.typing_code = False
            return
        if ctrl_held():
            return  # Ctrl+M mutes (engine/audio.py): no letter is typed with Ctrl
        shifted = shift_held()
        for key, char in CODE_KEYS.items():
            if pyxel.btnp(key) and shifted and key in DIGIT_ROW:  # Shift+1 is "!", not 1
                self.message = f"{SHIFTED_DIGITS[char]} IS NOT A CODE CHARACTER"
            elif pyxel.btnp(key):
                self.type_char(char)
        for key, char in REFUSED_KEYS.items():
            if pyxel.btnp(key):
                self.message = f"{char} IS NOT A CODE CHARACTER"
        if pyxel.btnp(pyxel.KEY_BACKSPACE, REPEAT_DELAY_FRAMES, REPEAT_EVERY_FRAMES):  # like a cursor
            self.code = self.code[:-1]
            self.message = code_length_message(len(self.code)) if len(self.code) > CODE_MAX else ""
        if any(pyxel.btnp(key) for key in CONFIRM_KEYS):
            self.play_typed_code()

    def type_char(self, char: str) -> None:
        if len(self.code) >= TYPED_MAX:  # far too long already: said, and not kept
            self.message = code_length_message(len(self.code) + 1)
            return
        self.code += char
        # too long: said at once, and kept (shown) so that ENTER refuses it
        self.message = code_length_message(len(self.code)) if len(self.code) > CODE_MAX else ""

    def play_typed_code(self) -> None:
        try:
            seed_words(self.code)
        except InputError:
            self.message = code_length_message(len(self.code))  # typed keys are code characters: the length is wrong
            return
        sound.play("confirm")
        self.start(normalize_code(self.code))  # read once, here: the log and its file name say 0, not O

    def start(self, seed_code: str, confirmed: bool = False) -> None:
        """Start a game on ``seed_code``; one that would replace a saved game asks first."""
        if not confirmed and CONTINUE in [entry.label for entry in self.entries]:
            self.replacing = seed_code
            return
        sound.stop()
        self.cart.change(TableScene, seed_code, None, False, None, self.wiring)

    def back(self, cart: Cartridge, message: str) -> TitleScene:
        """The title again, wired as this one (where the loading screen returns)."""
        return TitleScene(cart, message, self.wiring)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        u, v = sheet.LOGO_ORIGIN
        pyxel.blt(0, LOGO_Y, sheet.BANK, u, v, sheet.LOGO_W, sheet.LOGO_H, sheet.CLEAR)
        x = (pyxel.width - len(TITLE_TILES) * TILES_PITCH + 1) // 2
        for i, tile in enumerate(TITLE_TILES):
            tiles.draw_tile(x + i * TILES_PITCH, TILES_Y, tile)
        paint.text_centered(TAGLINE_Y, tagline(self.chosen, self.players), LIGHT_GREY)
        if self.replacing is not None:
            self.draw_confirm()  # in the menu's place: nothing half hidden under the box
        else:
            self.draw_menu()
        self.draw_message()
        if self.typing:
            hint = "TYPE A CODE, ENTER: PLAY"
        elif self.chosen == SEED:
            hint = f"{paint.OK_KEY}: TYPE A CODE"
        else:
            hint = f"ARROWS: CHOOSE  {paint.OK_KEY}: OK"
        paint.text_centered(HINT_Y, hint, DARK_GREY)

    def draw_menu(self) -> None:
        for i, entry in enumerate(self.entries):
            y = MENU_Y + i * MENU_LINE
            chosen = i == self.choice
            colour = WHITE if chosen else LIGHT_GREY
            if chosen:
                paint.text(MENU_X - 8, y, ">", YELLOW)
            paint.text(MENU_X, y, entry.label, colour)
            if entry.label == SEED:
                x = MENU_X + paint.FONT_W * len(SEED + " ")
                if self.players == 3:  # the code deals the three-player game
                    paint.text(x, y, THREE_PLAYER_MARK, YELLOW)
                    x += paint.FONT_W * len(THREE_PLAYER_MARK + " ")
                self.draw_code(x, y, colour)

    def draw_code(self, x: int, y: int, colour: int) -> None:
        """The typed code in the seed-code font, a blinking cursor after it while typing; a
        code longer than the line shows its end (every key typed stays counted and shown)."""
        if not self.code and not self.typing:
            paint.text(x, y, "-" * 4, DARK_GREY)
            return
        ink = PINK if len(self.code) > CODE_MAX else YELLOW if self.typing else colour  # pink: too long
        shown = self.code
        while shown and x + glyphs.code_width(shown) + glyphs.GAP + CURSOR_W >= pyxel.width:
            shown = shown[1:]
        if shown != self.code:
            paint.text(x - paint.FONT_W, y, "<", PINK)  # more typed before it
        end = glyphs.draw_code(x, y, shown, ink)
        if self.typing and pyxel.frame_count // 8 % 2:
            pyxel.rect(end, y + glyphs.CODE_H - 1, CURSOR_W, 1, YELLOW)

    def draw_message(self) -> None:
        """The message (why a code or a save was refused) on one line inside its box."""
        if not self.message:
            return
        x, y, w, h = MESSAGE_BOX
        pyxel.rect(x, y, w, h, BLACK)
        pyxel.rectb(x, y, w, h, DARK_GREY)
        text = self.message.upper()[:MESSAGE_CHARS]
        paint.text(x + (w - paint.text_width(text)) // 2, MESSAGE_Y, text, PINK)

    def draw_confirm(self) -> None:
        x, y, w, h = CONFIRM_BOX
        pyxel.rect(x, y, w, h, DARK_BLUE)
        pyxel.rectb(x, y, w, h, YELLOW)
        paint.text_centered(y + 4, "REPLACE THE SAVED GAME?", WHITE)
        (yes_x, yes_y, _, _), (no_x, _, _, _) = confirm_answers()
        paint.text(yes_x + 1, yes_y + 1, CONFIRM_YES, YELLOW)
        paint.text(no_x + 1, yes_y + 1, CONFIRM_NO, YELLOW)


def confirm_answers() -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """The boxes of the confirm box's two answers (yes: a new game; no: keep the save), for a click."""
    return paint.answer_boxes(CONFIRM_BOX[1] + 11, (CONFIRM_YES, CONFIRM_NO))
