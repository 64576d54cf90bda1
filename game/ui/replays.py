"""The list of replays: the logs in the data folder's ``logs/`` (ours, and any Tenhou log put
there: mjlog XML or tenhou.net/6 JSON). ↑↓ choose, O opens one in the viewer, Esc returns to
the title. A file that is not a log we can show gets one line saying why; it stays where it
is (a log is the player's file: nothing is moved or deleted).

The title always offers REPLAYS: with no logs yet the list says so and shows where the logs
folder is, so the player knows where to put a Tenhou log (the folder need not exist yet)."""

from __future__ import annotations

from pathlib import Path

import pyxel

from engine.buttons import DOWN, UP, O
from engine.cartridge import Cartridge
from engine.target import DARK_BLUE, DARK_GREY, LIGHT_GREY, ORANGE, PINK, WHITE, YELLOW
from game.data.storage import DATA_DIR_VARIABLE
from game.rules.errors import InputError
from game.ui import paint, saving
from game.ui.viewer import ViewerScene
from game.viewing import ReplayLog

LOG_SUFFIXES = (".xml", ".mjlog", ".json")
LIST_Y, LINE, SHOWN = 22, 8, 10
NAME_CHARS = 29
LINE_CHARS = 31  # a line of text across the screen, a pixel either side
FOLDER_ROWS = 7  # the folder's path takes at most this many lines (its end, when longer)
MESSAGE_Y = 108
BACK_KEYS = (pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE, pyxel.GAMEPAD1_BUTTON_START)


def log_files(folder: Path | None) -> list[Path]:
    """The logs in ``folder``, newest name last (sorted by name: Tenhou's names start with the date)."""
    if folder is None or not folder.is_dir():
        return []
    try:
        return sorted(p for p in folder.iterdir() if p.suffix.lower() in LOG_SUFFIXES and p.is_file())
    except OSError:
        return []


class ReplaysScene:
    def __init__(self, cart: Cartridge) -> None:
        self.cart = cart
        self.folder = saving.logs_folder()
        self.files = log_files(self.folder)
        self.choice = max(0, len(self.files) - 1)  # the newest
        self.message = ""

    def update(self) -> None:
        buttons = self.cart.buttons
        if any(pyxel.btnp(key) for key in BACK_KEYS):
            self.cart.restart()
            return
        if not self.files:
            if buttons.pressed(O):
                self.cart.restart()
            return
        step = buttons.repeat(DOWN) - buttons.repeat(UP)
        if step:
            self.choice = (self.choice + step) % len(self.files)
            self.message = ""
        elif buttons.pressed(O):
            self.open(self.files[self.choice])

    def open(self, path: Path) -> None:
        try:
            log = ReplayLog.read(path)
        except InputError as error:
            self.message = one_line(str(error), path)
            return
        self.cart.change(ViewerScene, log, ReplaysScene)

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        paint.big_text_centered(4, "REPLAYS", ORANGE)
        first = min(max(0, self.choice - SHOWN + 1), max(0, len(self.files) - SHOWN))
        for row, path in enumerate(self.files[first:first + SHOWN]):
            i = first + row
            y = LIST_Y + row * LINE
            if i == self.choice:
                pyxel.text(1, y, ">", YELLOW)
            pyxel.text(6, y, path.name[:NAME_CHARS], WHITE if i == self.choice else LIGHT_GREY)
        if self.message:
            pyxel.text(2, MESSAGE_Y, self.message[:31], PINK)
        if not self.files:
            for row, text in enumerate(empty_lines(self.folder)):
                pyxel.text(2, LIST_Y + row * LINE, text, WHITE if row == 0 else LIGHT_GREY)
        paint.text_centered(120, f"{paint.OK_KEY}: VIEW  ESC: BACK" if self.files else f"{paint.OK_KEY}, ESC: BACK", DARK_GREY)


def empty_lines(folder: Path | None) -> list[str]:
    """What the list says with no logs: that there are none, and where to put them.

    >>> empty_lines(Path("/home/ann/.local/share/pico-riichi/pico-riichi/logs"))[2:]
    ['/home/ann/.local/share/pico-rii', 'chi/pico-riichi/logs']
    >>> empty_lines(None)
    ['NO LOGS: NO DATA FOLDER', 'SET PICORIICHI_DATA_DIR']
    """
    if folder is None:
        return ["NO LOGS: NO DATA FOLDER", f"SET {DATA_DIR_VARIABLE}"]
    path = str(folder)
    rows = [path[i:i + LINE_CHARS] for i in range(0, len(path), LINE_CHARS)]
    if len(rows) > FOLDER_ROWS:
        end = path[-(FOLDER_ROWS * LINE_CHARS - 3):]
        rows = ["..." + end[:LINE_CHARS - 3]] + [end[i:i + LINE_CHARS] for i in range(LINE_CHARS - 3, len(end), LINE_CHARS)]
    return ["NO LOGS YET. PUT TENHOU LOGS IN", "(MJLOG XML, TENHOU.NET/6 JSON):", *rows]


def one_line(error: str, path: Path) -> str:
    """The reader's message, short for the screen: what is wrong, without the long folder.

    >>> one_line("/a/b/x.json: broken JSON at line 1", Path("/a/b/x.json"))
    'NOT A LOG: BROKEN JSON AT LINE 1'
    """
    reason = error.replace(str(path) + ": ", "").replace(str(path), path.name)
    return f"NOT A LOG: {reason}".upper()
