"""PRACTICE: the drill of your own differing cuts (``game.coach.drill``), asked without the answer.

The drill is built as thinking ("READING YOUR GAMES 2/6"): your latest games reviewed beside
the strong CPU until enough positions are open, or, before you have games, a game of the CPUs'.
Each position shows the table as it stood, from the seat's chair, the hand as at the table:
← → move the cursor and O cuts the tile under it; a click on a tile raises it, a click on the
raised tile cuts it. Then the answer: RIGHT, or the CPU's cut; the cut played in the game and
the review's reason; the score, the streak and the best streak, kept in the data folder
(``drill`` in the storage). O (or a click) goes on; Esc returns to the title.

    >>> told_lines(False, "keeps 13 more tiles", 92, 108, 50)
    ['YOU: CUT 4P', 'THE CPU: CUT 6S', 'IN THE GAME: CUT EAST', 'WHY: KEEPS 13 MORE TILES']
"""

from __future__ import annotations

import textwrap

import pyxel

from engine.buttons import LEFT, RIGHT, O
from engine.cartridge import Cartridge
from engine.target import DARK_BLUE, DARK_GREY, GREEN, LIGHT_GREY, ORANGE, PINK, WHITE, YELLOW
from engine.tasks import TaskGen
from game.coach.drill import Drill, Position, Record, build_task, queue
from game.data.storage import StorageError
from game.coach.review import decision_view
from game.replay.door import ruleset_for
from game.rules.words import tile_words
from game.ui import board, hands, paint, saving
from game.ui.wiring import WIRING, Wiring

RECORD_NAME = "drill"  # the record's name in the storage
BACK_KEYS = (pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE, pyxel.GAMEPAD1_BUTTON_START)
LINE_CHARS = 31
TOLD_Y = 30


def told_lines(right: bool, reason: str, cpu: int, played: int, answer: int) -> list[str]:
    """What the answer says: yours beside the CPU's cut, the game's cut, and the review's reason."""
    lines = [f"YOU: CUT {tile_words(answer).upper()}", f"THE CPU: CUT {tile_words(cpu).upper()}",
             f"IN THE GAME: CUT {tile_words(played).upper()}"]
    return lines + textwrap.wrap(f"WHY: {reason.upper()}", LINE_CHARS)[:3]


class DrillScene:
    def __init__(self, cart: Cartridge, wiring: Wiring = WIRING) -> None:
        self.cart = cart
        self.wiring = wiring
        self.storage = saving.handed(cart, wiring)  # the record written beside the frames
        self.message = ""
        self.record = self.read_record()
        self.progress = [0, 0]
        self.drill: Drill | None = None
        self.asked: list[Position] = []  # the queue, as it stood when the drill was built
        self.position: Position | None = None
        self.view = None  # the seat's view at the position, once its round is stepped through
        self.round_index = 0
        self.cursor = 0
        self.told: bool | None = None  # the last answer, while it is shown
        self.answer = -1
        cart.spawn(self.build(), "drill")

    def read_record(self) -> Record:
        try:
            return Record.from_bytes(self.storage.load(RECORD_NAME))
        except (StorageError, ValueError) as error:
            self.message = f"A NEW RECORD: THE OLD ONE WAS BAD ({str(error)[:20].upper()})"
            return Record()

    def build(self) -> TaskGen[None]:
        self.drill = yield from build_task(saving.handed_shelf(self.cart, self.wiring), self.record, self.progress)
        self.asked = queue(self.drill.positions, self.record)
        yield from self.next_position()

    def next_position(self) -> TaskGen[None]:
        """Task: the next position of the queue, its round stepped through for its view."""
        self.view, self.told = None, None
        open_ = queue(self.drill.positions, self.record)
        if not open_:
            self.position = None
            return
        self.position = open_[0]
        p = self.position
        game = self.drill.games[p.log]
        view = yield from decision_view(game, p.seat, p.round_index, p.step, p.hand, ruleset_for(game))
        self.view, self.round_index = view, game.rounds[p.round_index].init.round_index
        self.cursor = len(view.hand) - 1  # on the draw, as at the table

    # -- update ---------------------------------------------------------------------------------

    def update(self) -> None:
        buttons = self.cart.buttons
        if any(pyxel.btnp(key) for key in BACK_KEYS):
            self.cart.restart()
            return
        if self.told is not None:
            if buttons.pressed(O) or buttons.clicked():
                self.cart.spawn(self.next_position(), "drill")
                self.told = None
            return
        if self.view is None:
            return
        tiles = self.tiles()
        self.cursor = (self.cursor + buttons.repeat(RIGHT) - buttons.repeat(LEFT)) % len(tiles)
        clicked = self.tile_clicked(tiles) if buttons.clicked() else None
        if clicked is not None and clicked != self.cursor:
            self.cursor = clicked
        elif buttons.pressed(O) or clicked is not None:
            self.cut(tiles[self.cursor])

    def tiles(self) -> list[int]:
        return hands.hand_in_order(self.view.hand, self.view.drawn)

    def tile_clicked(self, tiles: list[int]) -> int | None:
        point = self.cart.buttons.pointer
        for i in range(len(tiles)):
            x, y, w, h = hands.tile_box(board.HAND_X, board.HAND_Y, i, len(tiles), self.view.drawn is not None,
                                        i == self.cursor)
            if point is not None and x <= point[0] < x + w and y <= point[1] < y + h:
                return i
        return None

    def cut(self, tile: int) -> None:
        self.answer = tile
        self.told = self.record.answer(self.position, tile)
        try:
            self.storage.save(RECORD_NAME, self.record.to_bytes())
        except StorageError as error:
            self.message = str(error).upper()[:LINE_CHARS]

    # -- drawing --------------------------------------------------------------------------------

    def draw(self) -> None:
        if self.told is not None:
            self.draw_told()
        elif self.view is not None:
            self.draw_position()
        else:
            self.draw_waiting()

    def draw_waiting(self) -> None:
        pyxel.cls(DARK_BLUE)
        paint.big_text_centered(4, "PRACTICE", ORANGE)
        if self.drill is None:
            done, total = self.progress
            paint.text_centered(40, f"READING YOUR GAMES {done + 1}/{total}" if done < total
                                else "DEALING A CPU GAME...", LIGHT_GREY)
        elif self.position is None:
            paint.text_centered(40, "NOTHING TO DRILL NOW:", WHITE)
            paint.text_centered(48, "EVERY CUT ANSWERED RIGHT TWICE", LIGHT_GREY)
        self.draw_score(100)
        paint.text_centered(120, "ESC: BACK", DARK_GREY)

    def draw_position(self) -> None:
        board.draw_board(self.view, self.round_index, False, 0)
        hands.draw_hand(board.HAND_X, board.HAND_Y, self.tiles(), self.view.drawn is not None, self.cursor)
        left = len(queue(self.drill.positions, self.record))
        paint.text(board.HINT_X, board.INFO_Y + 1, f"YOUR CUT? {left} LEFT", YELLOW)

    def draw_told(self) -> None:
        pyxel.cls(DARK_BLUE)
        paint.big_text_centered(4, "RIGHT" if self.told else "THE CPU CUTS", GREEN if self.told else PINK)
        p = self.position
        for row, line in enumerate(told_lines(self.told, p.reason, p.cpu, p.played, self.answer)):
            paint.text(2, TOLD_Y + row * 8, line, WHITE if row < 2 else LIGHT_GREY)
        tiles = hands.hand_in_order(self.view.hand, self.view.drawn)
        shown = next(i for i, t in enumerate(tiles) if t // 4 == p.cpu // 4)
        hands.draw_hand(board.HAND_X, 84, tiles, self.view.drawn is not None, shown)
        self.draw_score(102)
        paint.text_centered(120, f"{paint.OK_KEY}: NEXT  ESC: BACK", DARK_GREY)

    def draw_score(self, y: int) -> None:
        r = self.record
        paint.text(2, y, f"SCORE {r.score}/{r.answered}  STREAK {r.streak}  BEST {r.best}", YELLOW)
        if self.message:
            paint.text(2, y + 8, self.message[:LINE_CHARS], PINK)
