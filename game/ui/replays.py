"""The list of replays: your games and any Tenhou log put in the logs (``game.data.logs``: the
data folder's ``logs/``, or in a browser its storage), newest first. ↑↓ choose, O opens one
in the viewer (which first asks which seat to review), Esc returns to the title. A click (a
tap) on a line opens it; on the footer's line, back to the title.

A game of ours shows its date, its rules and length, your place and your score (LEFT for a game
left from the pause menu); the folder is listed and each log read by a task, as thinking. A
Tenhou log shows its file name. The log chosen is read as thinking too ("OPENING..."), then the
viewer opens on it. A file that is not a log we can show gets a message of two lines at
most saying why; it stays where it is (a log is the player's file: nothing is moved or deleted).

The title always offers REPLAYS: with no logs yet the list says so and shows where the logs
are (the folder's path, or this browser's storage), so the player knows where to put a Tenhou
log (the folder need not exist yet)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pyxel

from engine.buttons import DOWN, UP, O
from engine.cartridge import Cartridge
from engine.scheduler import Task
from engine.target import DARK_BLUE, DARK_GREY, LIGHT_GREY, ORANGE, PINK, WHITE, YELLOW
from engine.tasks import TaskGen
from game.data import logs
from game.data.storage import DATA_DIR_VARIABLE, MAX_BYTES
from game.rules.errors import InputError
from game.ui import paint, saving
from game.ui.viewer import SEATS, ViewerScene
from game.replay.steps import ReplayLog

LIST_Y, LINE, SHOWN = 22, 8, 10
NAME_CHARS = 31  # a line from x 5 to the screen's edge: a game's line is 31 at most (logs.Summary.line)
LINE_CHARS = 31  # a line of text across the screen, a pixel either side
FOLDER_ROWS = 7  # the folder's path takes at most this many lines (its end, when longer)
MESSAGE_Y, MESSAGE_ROWS = 104, 2
BACK_KEYS = (pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE, pyxel.GAMEPAD1_BUTTON_START)
OPENING = "OPENING..."
FOOTER_BOX = (0, 118, 128, 10)  # the footer's line: a click there goes back


class ReplaysScene:
    def __init__(self, cart: Cartridge) -> None:
        self.cart = cart
        self.shelf = saving.shelf()
        self.entries: list[logs.Entry] = []  # newest first, once listed
        self.listed = self.shelf is None
        self.lines: dict[str, str] = {}  # an entry's line, once its log has been read
        self.choice = 0  # the newest
        self.message = ""
        self.opening: Task | None = None  # the log chosen, read as thinking before the viewer opens
        if self.shelf is not None:
            cart.spawn(self.read_lines(), "replay list")

    @property
    def where(self) -> str | None:
        return self.shelf.where if self.shelf is not None else None

    def read_lines(self) -> TaskGen[None]:
        """Task: the list of logs, then the line of each game of ours, 2 KiB of a log a
        step (the others show their names)."""
        self.entries = yield from self.shelf.entries_task()
        self.listed = True
        for entry in self.entries:
            if entry.ours:
                try:
                    data = self.shelf.read(entry, MAX_BYTES)  # ours are blobs: no giant read
                    summary = yield from logs.summary_task(entry.name, data)
                except InputError:
                    summary = None
                if summary is not None:
                    self.lines[entry.name] = summary.line()

    def update(self) -> None:
        buttons = self.cart.buttons
        if any(pyxel.btnp(key) for key in BACK_KEYS) or buttons.clicked_in(*FOOTER_BOX):
            self.cart.restart()
            return
        if self.opening is not None:
            self.follow_opening()
            return
        if not self.listed:
            return
        if not self.entries:
            if buttons.pressed(O):
                self.cart.restart()
            return
        step = buttons.repeat(DOWN) - buttons.repeat(UP)
        clicked = self.clicked_row()
        if step:
            self.choice = (self.choice + step) % len(self.entries)
            self.message = ""
        elif clicked is not None:
            self.choice = clicked
            self.open(self.entries[clicked])
        elif buttons.pressed(O):
            self.open(self.entries[self.choice])

    def first_shown(self) -> int:
        """The first entry on screen (the list scrolls to keep the chosen one shown)."""
        return min(max(0, self.choice - SHOWN + 1), max(0, len(self.entries) - SHOWN))

    def clicked_row(self) -> int | None:
        """The entry a click (a tap) fell on this frame, if any."""
        buttons = self.cart.buttons
        first = self.first_shown()
        for row in range(min(SHOWN, len(self.entries) - first)):
            if buttons.clicked_in(0, LIST_Y + row * LINE - 1, 128, LINE):
                return first + row
        return None

    def open(self, entry: logs.Entry) -> None:
        """Read the log as thinking (a long log is many frames' work); the viewer follows."""
        self.message = ""
        self.opening = self.cart.spawn(self.open_task(entry), "open log")

    def open_task(self, entry: logs.Entry) -> TaskGen[ReplayLog | str]:
        """Task: the log read and parsed; what is wrong with it, in one message, when it cannot be."""
        where = entry.path or Path(entry.name)
        try:
            return (yield from ReplayLog.parse_task(self.shelf.read(entry), where, seats=SEATS))
        except InputError as error:
            return why_not(str(error), where)

    def follow_opening(self) -> None:
        if not self.opening.done:
            return
        log = self.opening.result if self.opening.state == Task.DONE else ""  # FAILED: the cartridge says why
        self.opening = None
        if isinstance(log, ReplayLog):
            self.cart.change(ViewerScene, log, ReplaysScene)
        else:
            self.message = log

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        paint.big_text_centered(4, "REPLAYS", ORANGE)
        first = self.first_shown()
        for row, entry in enumerate(self.entries[first:first + SHOWN]):
            i = first + row
            y = LIST_Y + row * LINE
            if i == self.choice:
                pyxel.text(1, y, ">", YELLOW)
            text = self.lines.get(entry.name, entry.name)
            pyxel.text(5, y, text[:NAME_CHARS], WHITE if i == self.choice else LIGHT_GREY)
        if self.opening is not None:
            paint.text_centered(MESSAGE_Y, OPENING, WHITE)
        for row, text in enumerate(message_rows(self.message)):
            pyxel.text(2, MESSAGE_Y + row * 7, text, PINK)
        if not self.message and self.lines:  # what a game's line says
            three = any(line.split()[2].endswith("3") for line in self.lines.values())
            paint.text_centered(MESSAGE_Y + 7, "ES: EAST-SOUTH. 3: 3P. R: ROUNDS" if three
                                else "ES: EAST-SOUTH. R: ROUNDS", DARK_GREY)
        if not self.listed:
            paint.text_centered(LIST_Y, "...", LIGHT_GREY)
        elif not self.entries:
            for row, text in enumerate(empty_lines(self.where)):
                pyxel.text(2, LIST_Y + row * LINE, text, WHITE if row == 0 else LIGHT_GREY)
        paint.text_centered(120, f"{paint.OK_KEY}: VIEW  ESC: BACK" if self.entries else f"{paint.OK_KEY}, ESC: BACK", DARK_GREY)


def empty_lines(where: str | None) -> list[str]:
    """What the list says with no logs: that there are none, and where they are kept.

    >>> empty_lines("/home/ann/.local/share/pico-riichi/pico-riichi/logs")[2:]
    ['/home/ann/.local/share/pico-rii', 'chi/pico-riichi/logs']
    >>> empty_lines("this browser's storage")[2:]
    ["THIS BROWSER'S STORAGE"]
    >>> empty_lines(None)
    ['NO LOGS: NO DATA FOLDER', 'SET PICORIICHI_DATA_DIR']
    """
    if where is None:
        return ["NO LOGS: NO DATA FOLDER", f"SET {DATA_DIR_VARIABLE}"]
    if where == logs.BROWSER_WHERE:
        return ["NO LOGS YET. YOUR GAMES ARE", "KEPT WHEN THEY END, IN", where.upper()]
    path = str(where)
    rows = [path[i:i + LINE_CHARS] for i in range(0, len(path), LINE_CHARS)]
    if len(rows) > FOLDER_ROWS:
        end = path[-(FOLDER_ROWS * LINE_CHARS - 3):]
        rows = ["..." + end[:LINE_CHARS - 3]] + [end[i:i + LINE_CHARS] for i in range(LINE_CHARS - 3, len(end), LINE_CHARS)]
    return ["NO LOGS YET. YOUR GAMES AND", "TENHOU LOGS (XML, JSON) GO IN:", *rows]


def why_not(error: str, path: Path) -> str:
    """The reader's message, short for the screen: what is wrong, without the long folder.

    >>> why_not("/a/b/x.json: broken JSON at line 1", Path("/a/b/x.json"))
    'NOT A LOG: BROKEN JSON AT LINE 1'
    """
    reason = error.replace(str(path) + ": ", "").replace(str(path), path.name)
    return f"NOT A LOG: {reason}".upper()


def message_rows(message: str) -> list[str]:
    """A message wrapped to the screen's width, two lines at most (the second cut with ...).

    >>> message_rows("NOT A LOG: " + "WORD " * 20)
    ['NOT A LOG: WORD WORD WORD WORD', 'WORD WORD WORD WORD WORD WOR...']
    """
    rows = textwrap.wrap(message, LINE_CHARS)
    if len(rows) > MESSAGE_ROWS:
        rows = rows[:MESSAGE_ROWS - 1] + [rows[MESSAGE_ROWS - 1][:LINE_CHARS - 3] + "..."]
    return rows
