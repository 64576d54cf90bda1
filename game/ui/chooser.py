"""The player's answer to the driver: the prompt bar, the hand's cursor, riichi's discards, and
the pointer (a mouse, a finger) on both.

Keys and pad: ←→ move along the bar or the hand, O takes the button or throws the tile under
the cursor, ↑ brings the bar back from the hand, ↓ goes to the hand (on the player's own turn).
The pointer: a click (a tap) on a tile chooses it, a second click on the same tile throws it
(after RIICHI, the tile raised for the pick goes at the first click);
a click on a button takes it, on an arrow of the bar turns its page, on the UP note brings the
bar back.

A tile that may not be thrown says why, on the hint's row for a second (``refusal``): in
riichi only the draw goes, a riichi discard must keep tenpai, and after a call the called kind
(or the other end of a chi's run) may not be thrown at once (kuikae).

O or a click that began before the round's hand was on screen, in a run of presses without a
rest (mashing through the results), acts on nothing until it is let go a quarter second
(``Buttons.hold_over(rest=...)``, which the table asks for); meanwhile the hint's row says
LET GO OF Z.
"""

from __future__ import annotations

from typing import Any


from engine.buttons import DOWN, LEFT, O, POINT, RIGHT, UP, Buttons
from engine.target import WHITE, YELLOW
from game.play.driver import WaitingAgent
from game.data.settings import PRACTICE
from game.rules.actions import Discard, Pass, Riichi
from game.ui import board, hands, paint, prompts

AUTO_FRAMES = 10  # in riichi, the only discard (the draw) goes by itself after this long
REFUSAL_FRAMES = 30  # a refusal stays a second on the hint's row
INFO_X, INFO_Y = board.HINT_X, board.INFO_Y  # the hint's row, right of the player's nameplate
BAR_BOX = (INFO_X, INFO_Y - 1, 128 - INFO_X - 1)  # the bar of buttons: the hint's row, from the nameplate to the edge
RIICHI_ONLY_DRAW = "RIICHI: DRAW ONLY"
RIICHI_NOT_TENPAI = "RIICHI: NOT TENPAI"
KUIKAE = "KUIKAE (SWAP CALL)"
LET_GO = f"LET GO OF {paint.OK_KEY}"
LET_GO_POINTER = "LET GO, THEN CLICK"
NO_CALLS_NOTE = "NO CALLS"


def refusal(view, riichi_chosen: bool) -> str:
    """Why a tile of the hand may not be thrown now, in one short line.

        >>> from types import SimpleNamespace as View
        >>> refusal(View(seat=0, riichi=(True, False, False, False)), False), refusal(View(seat=1, riichi=(True,) * 4), True)
        ('RIICHI: DRAW ONLY', 'RIICHI: DRAW ONLY')
        >>> refusal(View(seat=0, riichi=(False,) * 4), True), refusal(View(seat=0, riichi=(False,) * 4), False)
        ('RIICHI: NOT TENPAI', 'KUIKAE (SWAP CALL)')
    """
    if view.riichi[view.seat]:
        return RIICHI_ONLY_DRAW
    return RIICHI_NOT_TENPAI if riichi_chosen else KUIKAE


class Chooser:
    """The player's answer to the driver: the prompt bar, the hand cursor, riichi's discards."""

    def __init__(self, table: Any) -> None:
        """``table``: the table scene (game/ui/table.py) whose human seat it answers for."""
        self.table = table
        self.asked = None  # the view last asked about
        self.options: list[prompts.Option] = []
        self.focus = "hand"  # or "bar"
        self.chosen = 0  # the button under the cursor
        self.cursor = 0  # the hand tile under the cursor
        self.clicked: int | None = None  # the hand tile the last click chose (a second click throws it)
        self.riichi = False  # choosing the riichi discard
        self.no_calls_round = -1  # the round (by index in game.rounds) whose calls are all passed
        self.frames = 0
        self.said = ""  # why the last tile could not be thrown, for a moment
        self.said_frames = 0

    @property
    def human(self) -> WaitingAgent:
        return self.table.human

    @property
    def no_calls(self) -> bool:
        """NO CALLS is on: every call of this round is passed."""
        return self.no_calls_round == len(self.table.game.rounds)

    def update(self, buttons: Buttons) -> None:
        self.said_frames = max(0, self.said_frames - 1)
        view = self.human.asking
        if view is None:
            self.asked = None
            return
        if view is not self.asked:
            self.start(view)
            if self.asked is None:  # answered at once (a call the player does not want)
                return
        self.frames += 1
        if not self.table.hand_seen:
            return
        if buttons.clicked() and self.click(buttons.pointer, view):
            return
        if self.focus == "bar":
            self.update_bar(buttons, view)
        else:
            self.update_hand(buttons, view)

    def start(self, view) -> None:
        """A new question: which buttons, where the cursors start; auto-pass unwanted calls."""
        self.asked = view
        self.frames = 0
        self.riichi = False
        self.clicked = None
        claim = view.last_discard[1] if view.last_discard else None
        wanted = self.table.settings.call_prompts and not self.no_calls
        self.options = prompts.options(view.legal_actions, view.hand, claim, wanted)
        if claim is not None and not self.options:
            self.answer(Pass())  # nothing the player wants to call: passed, never a win
            return
        self.focus = "bar" if self.options else "hand"
        self.chosen = prompts.first_choice(self.options)
        self.cursor = len(view.hand) - 1  # on the draw (the last tile shown)
        if claim is None and view.drawn is None:  # a turn after a call: no draw ticked it in
            self.table.wiring.play_sound("draw")

    def answer(self, action) -> None:
        self.table.wiring.play_sound("confirm")
        if isinstance(action, (Discard, Riichi)) and self.asked is not None:
            self.table.hint.chose(action, self.asked, self.table.game.match.ruleset)  # practice: vs the hint
        self.table.take_back.answered(action)  # practice: a cut may be taken back
        self.table.hint.drop()  # urgent, it would go before the game's taking the answer
        self.human.answer(action)
        self.asked = None
        self.options = []
        self.riichi = False
        self.said_frames = 0

    # -- the bar ------------------------------------------------------------------------------

    def update_bar(self, buttons: Buttons, view) -> None:
        if buttons.repeat(LEFT) or buttons.repeat(RIGHT):
            self.table.wiring.play_sound("cursor")
        if buttons.repeat(LEFT):
            self.chosen = (self.chosen - 1) % len(self.options)
        if buttons.repeat(RIGHT):
            self.chosen = (self.chosen + 1) % len(self.options)
        if buttons.pressed(DOWN) and view.last_discard is None:  # own turn: back to the hand
            self.focus = "hand"
        elif buttons.pressed(O):
            self.choose(self.options[self.chosen].choice)

    def choose(self, choice) -> None:
        if choice == prompts.CHOOSE_DISCARD:
            self.focus = "hand"
        elif choice == prompts.CHOOSE_RIICHI:
            self.focus, self.riichi = "hand", True
            self.cursor = self.first_selectable(self.asked)
            self.clicked = None
        elif choice == prompts.SKIP_CALLS:
            self.no_calls_round = len(self.table.game.rounds)
            self.answer(Pass())
        else:
            self.answer(choice)

    def bar(self) -> prompts.Bar:
        return prompts.Bar.of(self.shown()[0], self.chosen, BAR_BOX)

    def hint_answer(self):
        """The hint's answer to this very question, when the table shows it on the bar: the
        hints on, its analysis of this view done, and (practice) not a cut or riichi before
        the player has chosen."""
        keeper, settings = self.table.hint, self.table.settings
        hint = keeper.hint
        if not settings.hints or keeper.thinking or keeper.key is not self.asked or hint is None:
            return None
        if settings.hints == PRACTICE and isinstance(hint.answer, (Discard, Riichi)):
            return None
        return hint.answer

    def shown(self) -> tuple[list[prompts.Option], int | None]:
        """The buttons as the bar shows them (the hint's tile on its button), and which one the
        hint would press."""
        return prompts.with_hint(self.options, self.hint_answer())

    # -- the hand -----------------------------------------------------------------------------

    def selectable(self, view) -> set[int]:
        """Tiles O may throw now: the legal discards, or in riichi the tenpai-keeping ones."""
        kind = Riichi if self.riichi else Discard
        return {a.tile for a in view.legal_actions if isinstance(a, kind)}

    def first_selectable(self, view) -> int:
        tiles = hands.hand_in_order(view.hand, view.drawn)
        allowed = self.selectable(view)
        return max((i for i, t in enumerate(tiles) if t in allowed), default=len(tiles) - 1)

    def update_hand(self, buttons: Buttons, view) -> None:
        tiles = hands.hand_in_order(view.hand, view.drawn)
        allowed = self.selectable(view)
        if len(allowed) == 1 and not self.options and view.riichi[view.seat]:
            if self.frames >= AUTO_FRAMES:  # riichi: the draw goes by itself
                self.answer(Discard(next(iter(allowed))))
            return
        step = buttons.repeat(RIGHT) - buttons.repeat(LEFT)
        if step:
            self.cursor = (self.cursor + step) % len(tiles)
            self.clicked = None
        if buttons.pressed(UP) and self.options:
            self.focus, self.riichi = "bar", False
        elif buttons.pressed(O):
            self.throw(tiles[self.cursor], view)

    def throw(self, tile: int, view) -> None:
        """Throw ``tile`` (riichi's discard when choosing one), or say why it may not go."""
        if tile in self.selectable(view):
            self.answer(Riichi(tile) if self.riichi else Discard(tile))
        else:
            self.said, self.said_frames = refusal(view, self.riichi), REFUSAL_FRAMES
            self.table.wiring.play_sound("cursor")

    # -- the pointer --------------------------------------------------------------------------

    def click(self, point: tuple[int, int] | None, view) -> bool:
        """A click (a tap) at ``point``: on a button, an arrow, a tile or the UP note. Whether
        it took something."""
        if self.options and self.focus == "bar":
            hit = self.bar().hit(point)
            if hit is not None:
                self.click_bar(hit)
                return True
        own_turn = view.last_discard is None
        if not own_turn:
            return False
        if self.options and self.focus == "hand" and self.note_box() is not None:
            x, y, w, h = self.note_box()
            if point is not None and x <= point[0] < x + w and y <= point[1] < y + h:
                self.focus, self.riichi = "bar", False
                return True
        index = self.tile_at(point, view)
        if index is None:
            return False
        tiles = hands.hand_in_order(view.hand, view.drawn)
        # a click throws the tile it chose before, or the tile riichi's pick has raised already
        if self.focus == "hand" and index == self.cursor and (self.clicked == index or self.riichi):
            self.throw(tiles[index], view)
        else:
            self.focus, self.cursor, self.clicked = "hand", index, index
            self.table.wiring.play_sound("cursor")
        return True

    def click_bar(self, hit: int | str) -> None:
        if hit == "before" or hit == "after":
            bar = self.bar()
            pages = prompts.pages(self.shown()[0], BAR_BOX[2])
            self.chosen = pages[bar.page + (1 if hit == "after" else -1)][0]
            self.table.wiring.play_sound("cursor")
        else:
            self.chosen = hit
            self.choose(self.options[hit].choice)

    def tile_at(self, point: tuple[int, int] | None, view) -> int | None:
        """The hand tile (by index as shown) under ``point``, the raised one included."""
        if point is None:
            return None
        px, py = point
        tiles = hands.hand_in_order(view.hand, view.drawn)
        for i in range(len(tiles)):
            x, y, w, h = hands.tile_box(board.HAND_X, board.HAND_Y, i, len(tiles), view.drawn is not None,
                                        i == self.cursor and self.focus == "hand")
            if x <= px < x + w and y <= py < y + h:
                return i
        return None

    # -- drawing ------------------------------------------------------------------------------

    def notes(self) -> list[str]:
        """The chooser's notes for the corner: the buttons waiting behind ↑, first."""
        asking = self.human.asking is not None and self.asked is not None
        return [self.up_note()] if asking and self.options and self.focus == "hand" else []

    def up_note(self) -> str:
        return "UP:BACK" if self.riichi else "UP:BUTTONS"

    def note_box(self) -> tuple[int, int, int, int] | None:
        """Where the UP note lies (the first note of the corner), for a click."""
        if not (self.options and self.focus == "hand"):
            return None
        return board.note_box(0, self.up_note())

    def held_line(self) -> str:
        """LET GO OF Z (or of the pointer) while a press begun before this hand is held over."""
        buttons = self.table.cart.buttons
        if self.asked is None or self.human.asking is None:
            return ""
        if buttons.held_over(O):
            return LET_GO
        if buttons.held_over(POINT):
            return LET_GO_POINTER
        return ""

    def info_line(self) -> str:
        """What the hint's row says for the chooser, if anything: LET GO, why a tile may not
        go, or that riichi's discard is to be picked."""
        if self.held_line():
            return self.held_line()
        if self.said_frames:
            return self.said
        if self.riichi:
            return "RIICHI: PICK A TILE"
        return ""

    def bar_shown(self) -> bool:
        """The bar stands on the hint's row (it is focused, and nothing held over waits)."""
        asking = self.human.asking is not None and self.asked is not None
        return asking and bool(self.options) and self.focus == "bar" and not self.held_line()

    def draw(self, view) -> None:
        """The hand (on the player's turn, the tiles O may throw bright and the rest dimmed),
        and the bar of buttons."""
        asking = self.human.asking is not None and self.asked is not None
        mine = asking and view.last_discard is None
        tiles = hands.hand_in_order(view.hand, view.drawn)
        cursor = self.cursor if mine and self.focus == "hand" else None
        # the question's view holds the legal actions; the table's view (``view``) has none
        allowed = self.selectable(self.asked) if cursor is not None else None
        hands.draw_hand(board.HAND_X, board.HAND_Y, tiles, view.drawn is not None, cursor, allowed)
        if self.bar_shown():
            opts, hinted = self.shown()
            prompts.draw_bar(BAR_BOX, opts, self.chosen, hinted)

    def draw_info(self) -> bool:
        """The chooser's line on the hint's row; whether it drew one (or the bar stands there)."""
        if self.bar_shown():
            return True
        line = self.info_line()
        if line:
            colour = YELLOW if line in (LET_GO, LET_GO_POINTER) or self.said_frames else WHITE
            paint.text(INFO_X, INFO_Y + 1, line, colour)
        return bool(line)

