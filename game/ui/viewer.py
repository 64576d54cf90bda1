"""The replay viewer: one log, round by round and action by action, every hand face up.

← → step back and on through the round's actions, ↑ ↓ go to the previous or next round. Hold X
(B) for the analysis of each seat at this step (shanten, ukeire share and the recommended
discard: ``hints.analyse``, on ``game.rules.shanten``). O turns to the table as seat 0 sees it
(the painters of the table) and back. The states come from ``game.viewing`` (the replay's own
round driver); a round our rules cannot follow stops at its last good step and says why on
the bottom line. Esc returns to the list of logs.
"""

from __future__ import annotations

import pyxel

from engine.buttons import DOWN, LEFT, RIGHT, UP, X, O
from engine.cartridge import Cartridge
from engine.target import DARK_BLUE, DARK_GREY, LIGHT_GREY, ORANGE, PINK, WHITE, YELLOW
from game.rules.tiles import WIND_NAMES
from game.ui import board, debug, hands, hints
from game.viewing import ReplayLog, SteppedRound

BACK_KEYS = (pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE, pyxel.GAMEPAD1_BUTTON_START)
HEADER_Y = 1
SEATS_Y, SEAT_H = 9, 28
POND_SHOWN = 20  # the last tiles of a pond that fit on a row
FOOTER_Y = 122


class ViewerScene:
    def __init__(self, cart: Cartridge, log: ReplayLog, back=None) -> None:
        self.cart = cart
        self.log = log
        self.back = back  # the scene class to return to (the list), else the title
        self.round_index = 0
        self.step = 0
        self.table = False  # O: the table from seat 0's chair
        self.hints_key: tuple | None = None
        self.hints_task = None
        self.hints: list | None = None
        self.frames = 0

    @property
    def stepped(self) -> SteppedRound:
        return self.log.round(self.round_index)

    def update(self) -> None:
        buttons = self.cart.buttons
        self.frames += 1
        if self.frames == 1:
            return  # the O that opened the log is not a press here
        if any(pyxel.btnp(key) for key in BACK_KEYS):
            if self.back is not None:
                self.cart.change(self.back)
            else:
                self.cart.restart()
            return
        last = len(self.stepped.steps) - 1
        move = buttons.repeat(RIGHT) - buttons.repeat(LEFT)
        if move:
            self.step = max(0, min(last, self.step + move))
        rounds = buttons.repeat(DOWN) - buttons.repeat(UP)
        if rounds:
            self.round_index = max(0, min(len(self.log) - 1, self.round_index + rounds))
            self.step = 0
        if buttons.pressed(O):
            self.table = not self.table
        if buttons.held(X):
            self.follow_hints()

    def follow_hints(self) -> None:
        """Work out the four seats' analysis of this step, as a task (like the table's X view)."""
        if self.hints_task is not None and self.hints_task.done:
            self.hints = self.hints_task.result if self.hints_task.state == self.hints_task.DONE else None
            self.hints_task = None
        key = (self.round_index, self.step)
        if key != self.hints_key and self.hints_task is None:
            self.hints_key, self.hints = key, None
            views = self.views
            if views:
                self.hints_task = self.cart.spawn(debug.all_hints(views, self.log.ruleset), "replay hints")

    @property
    def views(self):
        steps = self.stepped.steps
        return steps[min(self.step, len(steps) - 1)].views if steps else ()

    # -- drawing ----------------------------------------------------------------------------

    def draw(self) -> None:
        views = self.views
        if self.cart.buttons.held(X):
            self.draw_analysis(views)  # under the engine's meters, as the table's X view
            return
        if self.table and views:
            self.draw_table(views[0])
        else:
            pyxel.cls(DARK_BLUE)
            for seat, view in enumerate(views):
                self.draw_seat(seat, view)
        self.draw_header()
        self.draw_footer()

    def draw_header(self) -> None:
        stepped = self.stepped
        steps = stepped.steps
        caption = steps[self.step].caption if steps else ""
        pyxel.rect(0, 0, 128, 8, DARK_BLUE)
        pyxel.text(1, HEADER_Y, f"{stepped.label} {self.step + 1}/{len(steps)}", ORANGE)
        pyxel.text(127 - 4 * len(caption), HEADER_Y, caption, YELLOW)

    def draw_seat(self, seat: int, view) -> None:
        """Name, wind, score and riichi; the analysis while X is held; the hand; the pond."""
        y = SEATS_Y + seat * SEAT_H
        wind = WIND_NAMES[view.seat_winds[seat]]
        to_move = seat in view.awaiting or (view.turn == seat and not view.over and not view.awaiting)
        label = f"S{seat} {wind} {view.scores[seat]}" + (" R" if view.riichi[seat] else "")
        pyxel.text(1, y, label, YELLOW if to_move else WHITE)
        tiles = hands.hand_in_order(view.hand, view.drawn)
        width = hands.draw_small_row(1, y + 7, tiles[:-1] if view.drawn is not None else tiles,
                                     apart=view.drawn)
        melded = [t for meld in view.melds[seat] for t in meld.tiles]
        hands.draw_small_row(min(1 + width + 4, 127 - 6 * len(melded)), y + 7, melded)
        pond = [d.tile for d in view.discards[seat]][-POND_SHOWN:]
        hands.draw_small_row(1, y + 16, pond)

    def draw_analysis(self, views) -> None:
        """Each seat's hand with its shanten, ukeire share and recommended discard."""
        pyxel.cls(DARK_BLUE)
        steps = self.stepped.steps
        caption = steps[self.step].caption if steps else ""
        pyxel.text(2, debug.SEED_Y, f"{self.stepped.label} {self.step + 1}/{len(steps)} {caption}", ORANGE)
        for seat, view in enumerate(views):
            y = debug.SEATS_Y + seat * debug.SEAT_H
            pyxel.text(2, y, f"S{seat} {WIND_NAMES[view.seat_winds[seat]]} {view.scores[seat]}", WHITE)
            if self.hints is not None and len(self.hints) == 4:
                hints.draw_hint(78, y, self.hints[seat], short=True)
            else:
                pyxel.text(78, y + 1, "...", LIGHT_GREY)
            tiles = hands.hand_in_order(view.hand, view.drawn)
            hands.draw_small_row(2, y + 7, tiles[:-1] if view.drawn is not None else tiles, apart=view.drawn)

    def draw_table(self, view) -> None:
        board.draw_board(view, self.stepped.round_index, False, 0)
        hands.draw_hand(board.HAND_X, board.HAND_Y, hands.hand_in_order(view.hand, view.drawn),
                        view.drawn is not None)

    def draw_footer(self) -> None:
        problem = self.stepped.problem
        if problem and self.step == len(self.stepped.steps) - 1:
            pyxel.text(1, FOOTER_Y, problem.upper()[:31], PINK)
        elif not self.table:
            pyxel.text(1, FOOTER_Y, "<> STEP ^v ROUND X:HINT Z:TABLE", DARK_GREY)
