"""The list of replays: your games and any Tenhou log put in the logs (``game.data.logs``: the
data folder's ``logs/``, or in a browser its storage), newest first. ↑↓ choose, O opens one
in the viewer (which first asks which seat to review), Esc returns to the title. A click (a
tap) on a line chooses it and a second click opens it, as a tile of the hand is chosen then
thrown; on the footer's line, back to the title.

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
from game.ui.your_games import YourGamesScene
from game.ui.wiring import WIRING, Wiring
from game.replay.steps import ReplayLog

LIST_Y, LINE, SHOWN = 22, 8, 10
NAME_CHARS = 31  # a line from x 5 to the screen's edge: a game's line is 31 at most (logs.Summary.line)
LINE_CHARS = 31  # a line of text across the screen, a pixel either side
FOLDER_ROWS = 7  # the folder's path takes at most this many lines (its end, when longer)
MESSAGE_Y, MESSAGE_ROWS = 104, 2
BACK_KEYS = (pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE, pyxel.GAMEPAD1_BUTTON_START)
OPENING = "OPENING..."
FOOTER_Y = 120
STATS_KEYS = (pyxel.KEY_S, pyxel.KEY_TAB, pyxel.GAMEPAD1_BUTTON_BACK)  # YOUR GAMES, as the viewer's summary


def footer_parts(listed: bool) -> list[tuple[str, str | None]]:
    """The footer's words, and what a click on each does (None: words only)."""
    if listed:
        return [(f"{paint.OK_KEY}:VIEW ", None), ("S:YOUR GAMES", "stats"), (" ", None), ("ESC:BACK", "back")]
    return [("S:YOUR GAMES", "stats"), ("  ", None), (f"{paint.OK_KEY},ESC:BACK", "back")]


def footer_x(listed: bool) -> int:
    return (128 - paint.text_width("".join(text for text, _ in footer_parts(listed)))) // 2


class ReplaysScene:
    def __init__(self, cart: Cartridge, wiring: Wiring = WIRING) -> None:
        """``wiring``: where the logs are (``Wiring.shelf``)."""
        self.cart = cart
        self.wiring = wiring
        self.shelf = saving.handed_shelf(cart, wiring)
        self.entries: list[logs.Entry] = []  # newest first, once listed
        self.listed = self.shelf is None
        self.lines: dict[str, str] = {}  # an entry's line, once its log has been read
        self.choice = 0  # the newest
        self.clicked: int | None = None  # the entry the last click chose (a second click opens it)
        self.message = ""
        self.opening: Task | None = None  # the log chosen, read as thinking before the viewer opens
        if self.shelf is not None:
            cart.spawn(self.read_lines(), "replay list")

    @property
    def where(self) -> str | None:
        return self.shelf.where if self.shelf is not None else None

    def read_lines(self) -> TaskGen[None]:
        """Task: the list of logs, then the line of each game of ours, 2 KiB of a log a
        step (the others show their names); the folder listed and each log read beside the
        frames (the shelf is handed to the cartridge's writer: after the writes handed over before)."""
        shelf = self.shelf
        self.entries = yield from shelf.listed_task()
        self.listed = True
        for entry in self.entries:
            if entry.ours:
                try:
                    data = yield from shelf.read_task(entry, MAX_BYTES)  # ours are blobs
                    summary = yield from logs.summary_task(entry.name, data)
                except InputError:
                    summary = None
                if summary is not None:
                    self.lines[entry.name] = summary.line()

    def update(self) -> None:
        buttons = self.cart.buttons
        listed = bool(self.entries)
        clicked = paint.segment_at(footer_x(listed), FOOTER_Y, footer_parts(listed), buttons.pointer) \
            if buttons.clicked() else None
        if any(pyxel.btnp(key) for key in BACK_KEYS) or clicked == "back":
            self.cart.restart()
            return
        if any(pyxel.btnp(key) for key in STATS_KEYS) or clicked == "stats":
            self.cart.change(YourGamesScene, self.wiring, ReplaysScene)
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
            self.message, self.clicked = "", None
        elif clicked is not None and clicked == self.clicked == self.choice:  # the second click opens it
            self.open(self.entries[clicked])
        elif clicked is not None:  # the first chooses it, as a tile of the hand
            self.choice = self.clicked = clicked
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
            data = yield from self.shelf.read_task(entry)
            return (yield from ReplayLog.parse_task(data, where, seats=SEATS))
        except InputError as error:
            return why_not(str(error), where)

    def follow_opening(self) -> None:
        if not self.opening.done:
            return
        log = self.opening.result if self.opening.state == Task.DONE else ""  # FAILED: the cartridge says why
        self.opening = None
        if isinstance(log, ReplayLog):
            self.cart.change(ViewerScene, log, self.again)
        else:
            self.message = log

    def again(self, cart: Cartridge) -> ReplaysScene:
        """The list again, wired as this one (where the viewer returns)."""
        return ReplaysScene(cart, self.wiring)

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        paint.big_text_centered(4, "REPLAYS", ORANGE)
        first = self.first_shown()
        for row, entry in enumerate(self.entries[first:first + SHOWN]):
            i = first + row
            y = LIST_Y + row * LINE
            if i == self.choice:
                paint.text(1, y, ">", YELLOW)
            text = self.lines.get(entry.name, entry.name)
            paint.text(5, y, text[:NAME_CHARS], WHITE if i == self.choice else LIGHT_GREY)
        if self.opening is not None:
            paint.text_centered(MESSAGE_Y, OPENING, WHITE)
        for row, text in enumerate(message_rows(self.message)):
            paint.text(2, MESSAGE_Y + row * 7, text, PINK)
        if not self.message and self.lines:  # what a game's line says
            three = any(line.split()[2].endswith("3") for line in self.lines.values())
            paint.text_centered(MESSAGE_Y + 7, "ES: EAST-SOUTH. 3: 3P. R: ROUNDS" if three
                                else "ES: EAST-SOUTH. R: ROUNDS", DARK_GREY)
        if not self.listed:
            paint.text_centered(LIST_Y, "...", LIGHT_GREY)
        elif not self.entries:
            for row, text in enumerate(empty_lines(self.where, getattr(self.shelf, "not_a_folder", False))):
                paint.text(2, LIST_Y + row * LINE, text, WHITE if row == 0 else LIGHT_GREY)
        listed = bool(self.entries)
        paint.draw_segments(footer_x(listed), FOOTER_Y, footer_parts(listed), DARK_GREY, LIGHT_GREY)


def empty_lines(where: str | None, not_a_folder: bool = False) -> list[str]:
    """What the list says with no logs: that there are none, and where they are kept (or that
    the place they go is a file, not a folder).

    >>> empty_lines("/home/ann/.local/share/pico-riichi/pico-riichi/logs")[2:]
    ['/home/ann/.local/share/pico-rii', 'chi/pico-riichi/logs']
    >>> empty_lines("this browser's storage")[2:]
    ["THIS BROWSER'S STORAGE"]
    >>> empty_lines(None)
    ['NO LOGS: NO DATA FOLDER', 'SET PICORIICHI_DATA_DIR']
    >>> empty_lines("/d/logs", not_a_folder=True)
    ['NO LOGS: THIS IS A FILE, NOT A', 'FOLDER (MOVE IT AWAY):', '/d/logs']
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
    if not_a_folder:
        return ["NO LOGS: THIS IS A FILE, NOT A", "FOLDER (MOVE IT AWAY):", *rows]
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
