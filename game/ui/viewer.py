"""The replay viewer: one log, round by round and action by action, every hand face up, and
the review of one seat's play beside the strong CPU's.

Opening a log asks which seat to review (the player's, for a log of ours; or none, only to
watch). ← → step back and on through the round's actions, ↑ ↓ go to the previous or next
round. With a seat under review, the screen shows that seat: at each of its decisions its
hand then, its answer beside the CPU's with the figures behind both (``game.review``, which
asks the CPU's own code), the verdict and the reason; between them, how far the review has
got and what the figures mean. Q and W (the gamepad's shoulders) jump to the previous and next
decision where the two differ; S (Tab, the gamepad's Back) opens the summary, whose costliest
differences are each one press away. Hold X (B) for each seat's figures at this step
(``hints.analyse``: shanten and the share of unseen tiles that advance the hand; a replay's
view holds no question, so no seat's answer is named there: the review gives the reviewed
seat's). O turns to the table as the reviewed seat (else seat 0) sees it, and
back. Esc returns to the list of logs.

Stepping a round through our rules, and the review itself, are thinking: tasks sliced across
frames (``ReplayLog.round_task``, ``review.review_task``), so no frame waits for them.
"""

from __future__ import annotations

import gc

import pyxel

from engine.buttons import DOWN, LEFT, RIGHT, UP, X, O
from engine.cartridge import Cartridge
from engine.target import DARK_BLUE, DARK_GREY, ORANGE, PINK, WHITE, YELLOW
from game.review import Judged, Review, review_task, start_review
from game.review_text import WIND_WORDS
from game.rules.tiles import WIND_NAMES
from game.ui import board, debug, hands, review_panel
from game.viewing import ReplayLog, SteppedRound

BACK_KEYS = (pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE, pyxel.GAMEPAD1_BUTTON_START)
EARLIER_KEYS = (pyxel.KEY_Q, pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER)  # the previous difference
LATER_KEYS = (pyxel.KEY_W, pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER)  # the next difference
SUMMARY_KEYS = (pyxel.KEY_S, pyxel.KEY_TAB, pyxel.GAMEPAD1_BUTTON_BACK)
HEADER_Y = 1
SEATS_Y, SEAT_H = 9, 28
POND_SHOWN = 20  # the last tiles of a pond that fit on a row
PANEL_Y = 28  # the review's panel, under the reviewed seat's hand and pond
FOOTER_Y = 122
SEATS = 4
COLLECT_EVERY = 1  # frames between collections while thinking


class ViewerScene:
    def __init__(self, cart: Cartridge, log: ReplayLog, back=None) -> None:
        self.cart = cart
        self.log = log
        self.back = back  # the scene class to return to (the list), else the title
        self.choosing = True  # first: which seat to review
        self.choice = log.player if log.player is not None else 0
        self.review: Review | None = None
        self.summary = False
        self.summary_choice = 0
        self.round_index = 0
        self.step = 0
        self.loading = None  # the task stepping a round through our rules
        self.wanted_step = 0  # where to stand once the round is stepped through
        self.table = False  # O: the table from the reviewed seat's chair
        self.hints_key: tuple | None = None
        self.hints_task = None
        self.hints: list | None = None
        self.frames = 0

    @property
    def stepped(self) -> SteppedRound:
        """The round shown (an empty one while it is stepped through)."""
        return self.log.stepped(self.round_index) or SteppedRound("...", self.round_index)

    @property
    def seat(self) -> int:
        """The seat shown first: the reviewed one, else seat 0."""
        return self.review.seat if self.review is not None else 0

    # -- update ---------------------------------------------------------------------------------

    def update(self) -> None:
        self.frames += 1
        if self.frames == 1:
            return  # the O that opened the log is not a press here
        if self.cart.scheduler.busy and self.frames % COLLECT_EVERY == 0:
            # While a round is stepped through or reviewed, CPython's free lists fill with the
            # tuples of views and candidates that are let go (3.11 keeps up to 2,000 spare tuples
            # of each size), which the memory meter counts; a full collection empties them, in
            # about a millisecond (the modules are frozen out of it).
            gc.collect()
        if self.choosing:
            self.update_chooser()
        elif self.summary:
            self.update_summary()
        elif any(pyxel.btnp(key) for key in BACK_KEYS):
            self.cart.change(self.back) if self.back is not None else self.cart.restart()
        else:
            self.follow_round()
            self.update_steps()

    def update_chooser(self) -> None:
        buttons = self.cart.buttons
        if any(pyxel.btnp(key) for key in BACK_KEYS):
            self.cart.change(self.back) if self.back is not None else self.cart.restart()
            return
        self.choice = (self.choice + buttons.repeat(DOWN) - buttons.repeat(UP)) % (SEATS + 1)
        if buttons.pressed(O):
            self.choosing = False
            if self.choice < SEATS:
                self.review = start_review(self.log.game, self.choice, ruleset=self.log.ruleset)
                self.cart.spawn(review_task(self.log.game, self.review), "review")

    def follow_round(self) -> None:
        """Step the round shown through our rules, as a task, once."""
        if self.log.stepped(self.round_index) is not None:
            if self.loading is not None:
                self.loading = None
                self.step = min(self.wanted_step, len(self.stepped.steps) - 1)
            return
        if self.loading is None or self.loading.done:
            self.loading = self.cart.spawn(self.log.round_task(self.round_index), "replay round")

    def update_steps(self) -> None:
        buttons = self.cart.buttons
        if self.review is not None and any(pyxel.btnp(key) for key in SUMMARY_KEYS):
            self.summary, self.summary_choice = True, 0
            return
        if self.review is not None:
            jump = any(pyxel.btnp(key) for key in LATER_KEYS) - any(pyxel.btnp(key) for key in EARLIER_KEYS)
            if jump:
                self.go_to(self.review.next_difference(self.round_index, self.step, jump > 0))
        rounds = buttons.repeat(DOWN) - buttons.repeat(UP)
        if rounds:
            self.show(max(0, min(len(self.log) - 1, self.round_index + rounds)), 0)
        if self.log.stepped(self.round_index) is not None:
            last = len(self.stepped.steps) - 1
            move = buttons.repeat(RIGHT) - buttons.repeat(LEFT)
            if move:
                self.step = max(0, min(last, self.step + move))
        if buttons.pressed(O):
            self.table = not self.table
        if buttons.held(X):
            self.follow_hints()

    def show(self, round_index: int, step: int) -> None:
        """Stand at a round's step (the round is stepped through first when it must be)."""
        if round_index != self.round_index or self.log.stepped(round_index) is None:
            self.round_index, self.wanted_step, self.step = round_index, step, 0
            self.follow_round()
        else:
            self.step = min(step, len(self.stepped.steps) - 1)

    def go_to(self, judged: Judged | None) -> None:
        if judged is not None:
            self.show(judged.round_index, judged.step)

    def update_summary(self) -> None:
        buttons = self.cart.buttons
        leads = [j for _, j in review_panel.summary_rows(self.review) if j is not None]
        if any(pyxel.btnp(key) for key in (*BACK_KEYS, *SUMMARY_KEYS)):
            self.summary = False
        elif leads:
            self.summary_choice = (self.summary_choice + buttons.repeat(DOWN) - buttons.repeat(UP)) % len(leads)
            if buttons.pressed(O):
                self.summary = False
                self.go_to(leads[self.summary_choice])

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

    @property
    def decision(self) -> Judged | None:
        """The reviewed seat's decision at this step, once the review has reached it."""
        if self.review is None:
            return None
        found = self.review.at(self.round_index, self.step)
        return next((j for j in found if j.verdict != "agree"), found[0] if found else None)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self) -> None:
        if self.choosing:
            self.draw_chooser()
            return
        if self.summary:
            review_panel.draw_summary(self.review, self.log.player, self.summary_choice)
            return
        views = self.views
        if self.cart.buttons.held(X):
            self.draw_analysis(views)  # under the engine's meters, as the table's X view
            return
        if self.table and views:
            self.draw_table(views[self.seat])
        elif self.review is not None:
            self.draw_review(views)
        else:
            pyxel.cls(DARK_BLUE)
            for seat, view in enumerate(views):
                self.draw_seat(seat, view, SEATS_Y + seat * SEAT_H)
        self.draw_header()
        self.draw_footer()

    def draw_chooser(self) -> None:
        owari = self.log.game.owari
        names = [p.name for p in self.log.game.players[:SEATS]]
        names += [""] * (SEATS - len(names))
        places = [""] * SEATS
        if owari is not None:  # the final place and points of each seat
            order = sorted(range(SEATS), key=lambda s: (-owari.scores[s], s))
            for place, seat in enumerate(order):
                places[seat] = f"{('1ST', '2ND', '3RD', '4TH')[place]} {owari.scores[seat]}"
        review_panel.draw_chooser(names, places, self.choice, self.log.player)

    def draw_header(self) -> None:
        stepped = self.stepped
        steps = stepped.steps
        caption = steps[self.step].caption if steps else "STEPPING THROUGH..."
        if self.log.player is not None and steps:  # a log of ours: the player's seat is YOU
            wind = WIND_WORDS[steps[self.step].views[0].seat_winds[self.log.player]].upper()
            if caption.startswith(wind + " "):
                caption = "YOU" + caption[len(wind):]
        pyxel.rect(0, 0, 128, 8, DARK_BLUE)
        label = f"{stepped.label} {self.step + 1}/{len(steps)}" if steps else self.stepped.label
        pyxel.text(1, HEADER_Y, label, ORANGE)
        pyxel.text(127 - 4 * len(caption), HEADER_Y, caption, YELLOW)

    def draw_seat(self, seat: int, view, y: int) -> None:
        """Name, wind, score and riichi; the hand; the pond."""
        self.draw_seat_line(seat, view, y)
        tiles = hands.hand_in_order(view.hand, view.drawn)
        width = hands.draw_small_row(1, y + 7, tiles[:-1] if view.drawn is not None else tiles,
                                     apart=view.drawn)
        melded = [t for meld in view.melds[seat] for t in meld.tiles]
        hands.draw_small_row(min(1 + width + 4, 127 - 6 * len(melded)), y + 7, melded)
        pond = [d.tile for d in view.discards[seat]][-POND_SHOWN:]
        hands.draw_small_row(1, y + 16, pond)

    def draw_seat_line(self, seat: int, view, y: int) -> None:
        """The seat's name (YOU in a log of ours), wind, score and riichi."""
        to_move = seat in view.awaiting or (view.turn == seat and not view.over and not view.awaiting)
        label = self.seat_label(seat, view) + (" R" if view.riichi[seat] else "")
        pyxel.text(1, y, label, YELLOW if to_move else WHITE)

    def seat_label(self, seat: int, view) -> str:
        """A seat as the table's results name it: its wind, YOU for the player, its score."""
        you = " YOU" if seat == self.log.player else ""
        return f"{WIND_NAMES[view.seat_winds[seat]]}{you} {view.scores[seat]}"

    def draw_review(self, views) -> None:
        """The reviewed seat, then its decision here beside the CPU's, or the review's state."""
        pyxel.cls(DARK_BLUE)
        if not views:
            return
        seat = self.review.seat
        judged = self.decision
        if judged is None:
            self.draw_seat(seat, views[seat], SEATS_Y)
            review_panel.draw_status(SEATS_Y + SEAT_H, self.review, self.log.player)
            return
        self.draw_seat_line(seat, views[seat], SEATS_Y)
        review_panel.draw_decision(SEATS_Y + 7, judged, self.log.player, seat)
        review_panel.draw_progress(judged, self.review)

    def draw_analysis(self, views) -> None:
        """Each seat's hand with its shanten, ukeire share and recommended discard."""
        pyxel.cls(DARK_BLUE)
        steps = self.stepped.steps
        caption = steps[self.step].caption if steps else ""
        pyxel.text(2, debug.SEED_Y, f"{self.stepped.label} {self.step + 1}/{len(steps)} {caption}", ORANGE)
        for seat, view in enumerate(views):
            y = debug.SEATS_Y + seat * debug.SEAT_H
            pyxel.text(2, y, self.seat_label(seat, view), WHITE)
            if self.hints is not None and len(self.hints) == 4:
                debug.draw_seat_hint(y, self.hints[seat])
            else:
                debug.draw_seat_hint(y, None, thinking=True)
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
        elif self.table:
            return
        elif self.review is not None:
            pyxel.text(1, FOOTER_Y, "Q/W:DIFFS S:SUMMARY Z:TABLE", DARK_GREY)
        else:
            pyxel.text(1, FOOTER_Y, "<> STEP ^v ROUND X:HINT Z:TABLE", DARK_GREY)
