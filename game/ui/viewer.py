"""The replay viewer: one log, round by round and action by action, every hand face up, and
the review of one seat's play beside the strong CPU's.

Opening a log asks which seat to review (the player's, for a log of ours; or none, only to
watch). ← → step back and on through the round's actions, ↑ ↓ go to the previous or next
round. With a seat under review, the screen shows that seat: at each of its decisions its
hand then, its answer beside the CPU's with the figures behind both (``game.coach.review``, which
asks the CPU's own code), the verdict and the reason; between them, how far the review has
got and what the figures mean. Q and W (the gamepad's shoulders) jump to the previous and next
decision where the two differ; S (Tab, the gamepad's Back) opens the summary, whose costliest
differences are each one press away. Hold X (B) for each seat's figures at this step
(``coach_hint.analyse``: shanten and the share of unseen tiles that advance the hand; a replay's
view holds no question, so no seat's answer is named there: the review gives the reviewed
seat's). O turns to the table as the reviewed seat sees it (only watching: the player in a
game of ours, else seat 0), and back. Esc returns to the list of logs.

The pointer (a mouse, a finger): a click on an arrow or a key of the footer does what the key
does (the arrows step, Q and W jump, S:SUMMARY, Z:TABLE), on ESC in the header goes back; on
the table, the arrows beside the step's caption step and a click elsewhere turns back from it;
on the seat to review and on the summary's lines, a click takes the line.

Stepping a round through our rules, and the review itself, are thinking: tasks sliced across
frames (``ReplayLog.round_task``, ``review.review_task``), so no frame waits for them.
"""

from __future__ import annotations

import textwrap


import pyxel

from engine.buttons import DOWN, LEFT, POINT, REST_FRAMES, RIGHT, UP, X, O
from engine.cartridge import Cartridge
from engine.target import DARK_BLUE, DARK_GREY, LIGHT_GREY, ORANGE, PINK, WHITE, YELLOW
from engine.tasks import TaskGen
from game.coach.explain import explain
from game.coach.review import ALTERNATIVES, Judged, Review, decision_view, review_task, start_review
from game.rules.actions import Ron, Tsumo
from game.rules.words import WIND_LETTERS, WIND_WORDS, action_word
from game.ui import board, debug, hands, paint, review_panel
from game.replay.steps import ReplayLog, SteppedRound

BACK_KEYS = (pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE, pyxel.GAMEPAD1_BUTTON_START)
EARLIER_KEYS = (pyxel.KEY_Q, pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER)  # the previous difference
LATER_KEYS = (pyxel.KEY_W, pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER)  # the next difference
SUMMARY_KEYS = (pyxel.KEY_S, pyxel.KEY_TAB, pyxel.GAMEPAD1_BUTTON_BACK)
HEADER_Y = 1
SEATS_Y, SEAT_H = 9, 28
POND_SHOWN = 20  # the last tiles of a pond that fit on a row
PANEL_Y = 28  # the review's panel, under the reviewed seat's hand and pond
FOOTER_Y = 122
HEADER_PARTS = [("ESC", "leave"), (" ", None)]  # the header's first word: a click goes back
CAPTION_CHARS = 16  # the caption's row under the table, between its arrows
SEATS = (3, 4)  # the tables the viewer draws: Tenhou's three-player games too
COLLECT_EVERY = 1  # frames between collections while thinking


class ViewerScene:
    def __init__(self, cart: Cartridge, log: ReplayLog, back=None) -> None:
        self.cart = cart
        self.log = log
        self.back = back  # the scene class to return to (the list), else the title
        self.choosing = True  # first: which seat to review
        self.seats = len(log.game.rounds[0].init.hands)  # 4, or 3
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
        self.best: tuple[tuple[int, int], tuple] = ((-1, -1), ())  # (round, step), the CPU's best cuts there
        self.best_task = None
        self.frames = 0
        # a double click on the list: its clicks act on nothing here until the pointer rests
        cart.buttons.hold_over(rest=REST_FRAMES, only=(POINT,))

    @property
    def stepped(self) -> SteppedRound:
        """The round shown (an empty one while it is stepped through)."""
        return self.log.stepped(self.round_index) or SteppedRound("...", self.round_index)

    @property
    def seat(self) -> int:
        """The seat whose chair the table is seen from: the reviewed one, else the player's in
        a log of ours (only watching, YOU is still the player), else seat 0."""
        if self.review is not None:
            return self.review.seat
        return self.log.player if self.log.player is not None else 0

    # -- update ---------------------------------------------------------------------------------

    def update(self) -> None:
        self.frames += 1
        if self.frames == 1:
            return  # the O that opened the log is not a press here
        if self.cart.scheduler.busy and self.frames % COLLECT_EVERY == 0:
            # While a round is stepped through or reviewed, CPython's free lists fill with the
            # tuples of views and candidates that are let go (3.11 keeps up to 2,000 spare tuples
            # of each size), which the memory meter counts: a full collection empties them.
            self.cart.collect()
        if self.choosing:
            self.update_chooser()
        elif self.summary:
            self.update_summary()
        elif any(pyxel.btnp(key) for key in BACK_KEYS):
            self.leave()
        else:
            self.follow_round()
            self.update_steps()

    def leave(self) -> None:
        """Back to the list of logs (or the title)."""
        self.cart.change(self.back) if self.back is not None else self.cart.restart()

    def update_chooser(self) -> None:
        buttons = self.cart.buttons
        if any(pyxel.btnp(key) for key in BACK_KEYS) or buttons.clicked_in(*review_panel.CHOOSER_BACK_BOX):
            self.leave()
            return
        self.choice = (self.choice + buttons.repeat(DOWN) - buttons.repeat(UP)) % (self.seats + 1)
        clicked = next((row for row in range(self.seats + 1) if buttons.clicked_in(*review_panel.chooser_row_box(row))), None)
        if clicked is not None:
            self.choice = clicked
        if buttons.pressed(O) or clicked is not None:
            self.choosing = False
            if self.choice < self.seats:
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
        clicked = self.clicked_action() if buttons.clicked() else None
        if clicked == "leave":
            self.leave()
            return
        if self.review is not None and (any(pyxel.btnp(key) for key in SUMMARY_KEYS) or clicked == "summary"):
            self.summary, self.summary_choice = True, 0
            return
        if self.review is not None:
            jump = (any(pyxel.btnp(key) for key in LATER_KEYS) or clicked == "later") - \
                   (any(pyxel.btnp(key) for key in EARLIER_KEYS) or clicked == "earlier")
            if jump:
                self.go_to(self.review.next_difference(self.round_index, self.step, jump > 0))
        rounds = buttons.repeat(DOWN) - buttons.repeat(UP) + (clicked == "next round") - (clicked == "last round")
        if rounds:
            self.show(max(0, min(len(self.log) - 1, self.round_index + rounds)), 0)
        if self.log.stepped(self.round_index) is not None:
            last = len(self.stepped.steps) - 1
            move = buttons.repeat(RIGHT) - buttons.repeat(LEFT) + (clicked == "on") - (clicked == "back")
            if move:
                self.step = max(0, min(last, self.step + move))
        if buttons.pressed(O) or clicked == "table":
            self.table = not self.table
        if buttons.held(X):
            self.follow_hints()
        self.follow_best()

    def follow_best(self) -> None:
        """The CPU's best cuts at the decision shown (``review.ALTERNATIVES``, as its scorer
        ranks them), measured as a task when the decision is first shown: the review itself keeps
        none, within the cartridge's memory."""
        key = (self.round_index, self.step)
        judged = self.decision
        if self.best_task is not None or self.best[0] == key or judged is None:
            return
        if judged.explanation.topic != "discard":
            return
        self.best_task = self.cart.spawn(self.best_of(key, judged), "best cuts")

    def best_of(self, key: tuple[int, int], judged: Judged) -> TaskGen[None]:
        try:
            view = yield from decision_view(self.log.game, self.review.seat, judged.round_index, judged.step,
                                            judged.hand, self.log.ruleset)
            e = yield from explain(view, judged.explanation.player.action, self.review.strength, self.log.ruleset,
                                   ALTERNATIVES)
            self.best = (key, e.alternatives)
        finally:
            self.best_task = None

    def clicked_action(self) -> str | None:
        """What a click (a tap) on the screen asks: an arrow or a word of the footer (in the
        table, of the caption's row; a click elsewhere on the table turns back from it), ESC
        in the header."""
        point = self.cart.buttons.pointer
        if self.table:
            return paint.segment_at(board.HINT_X, board.INFO_Y + 1, self.table_parts(), point) or "table"
        return (paint.segment_at(1, FOOTER_Y, self.footer_parts(), point)
                or paint.segment_at(1, HEADER_Y, HEADER_PARTS, point))

    def footer_parts(self) -> list[tuple[str, str | None]]:
        """The footer's words, the arrows and keys a click can take among them."""
        if self.review is not None:
            return [("<", "back"), (">", "on"), (" ", None), ("Q", "earlier"), ("/", None), ("W", "later"),
                    (":DIFFS ", None), ("S:SUMMARY", "summary"), (" ", None), ("Z:TABLE", "table")]
        return [("<", "back"), (">", "on"), (" STEP ", None), ("^", "last round"), ("v", "next round"),
                (" ROUND X:HINT ", None), ("Z:TABLE", "table")]

    def table_parts(self) -> list[tuple[str, str | None]]:
        """The caption's row under the table: the step's caption between its arrows."""
        steps = self.stepped.steps
        caption = paint.fit(self.caption(), CAPTION_CHARS) if steps else "..."
        return [("<", "back"), (" " + caption.ljust(CAPTION_CHARS) + " ", None), (">", "on")]

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
        clicked = review_panel.summary_click(self.review, buttons.pointer) if buttons.clicked() else None
        if any(pyxel.btnp(key) for key in (*BACK_KEYS, *SUMMARY_KEYS)) or clicked == "back":
            self.summary = False
        elif isinstance(clicked, int):
            self.summary = False
            self.go_to(leads[clicked])
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
        return next((j for j in found if j.cost.verdict != "agree"), found[0] if found else None)

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
            return
        if self.review is not None:
            self.draw_review(views)
        else:
            pyxel.cls(DARK_BLUE)
            for seat, view in enumerate(views):
                self.draw_seat(seat, view, SEATS_Y + seat * SEAT_H)
        self.draw_header()
        self.draw_footer()

    def draw_chooser(self) -> None:
        owari = self.log.game.owari
        names = [p.name for p in self.log.game.players[:self.seats]]
        names += [""] * (self.seats - len(names))
        places = [""] * self.seats
        if owari is not None:  # the final place and points of each seat
            order = sorted(range(self.seats), key=lambda s: (-owari.scores[s], s))
            for place, seat in enumerate(order):
                places[seat] = f"{('1ST', '2ND', '3RD', '4TH')[place]} {owari.scores[seat]}"
        review_panel.draw_chooser(names, places, self.choice, self.log.player)

    def caption(self) -> str:
        """What just happened at this step (YOU for the player's seat in a log of ours)."""
        steps = self.stepped.steps
        caption = steps[self.step].caption if steps else "STEPPING THROUGH..."
        if self.log.player is not None and steps:  # a log of ours: the player's seat is YOU
            wind = WIND_WORDS[steps[self.step].views[0].seat_winds[self.log.player]].upper()
            if caption.startswith(wind + " "):
                caption = "YOU" + caption[len(wind):]
        return caption

    def draw_header(self) -> None:
        """ESC (a click goes back), the round and step, and the caption, on the top line."""
        stepped = self.stepped
        steps = stepped.steps
        pyxel.rect(0, 0, 128, 8, DARK_BLUE)
        paint.draw_segments(1, HEADER_Y, HEADER_PARTS, DARK_GREY, LIGHT_GREY)
        x = 1 + paint.FONT_W * sum(len(text) for text, _ in HEADER_PARTS)
        label = f"{stepped.label} {self.step + 1}/{len(steps)}" if steps else self.stepped.label
        paint.text(x, HEADER_Y, label, ORANGE)
        room = (127 - x - paint.FONT_W * (len(label) + 1)) // paint.FONT_W
        caption = paint.fit(self.caption(), room)
        paint.text(127 - 4 * len(caption), HEADER_Y, caption, YELLOW)

    def draw_seat(self, seat: int, view, y: int) -> None:
        """Name, wind, score and riichi; the hand, the melds and Norths set aside; the pond."""
        self.draw_seat_line(seat, view, y)
        tiles = hands.hand_in_order(view.hand, view.drawn)
        width = hands.draw_small_row(1, y + 7, tiles[:-1] if view.drawn is not None else tiles,
                                     apart=view.drawn)
        melded = [t for meld in view.melds[seat] for t in meld.tiles]
        melded += view.nukis[seat] if view.nukis else ()  # three-player: the Norths set aside, after the melds
        hands.draw_small_row(min(1 + width + 4, 127 - 6 * len(melded)), y + 7, melded)
        pond = [d.tile for d in view.discards[seat]][-POND_SHOWN:]
        hands.draw_small_row(1, y + 16, pond)

    def draw_seat_line(self, seat: int, view, y: int) -> None:
        """The seat's name (YOU in a log of ours), wind, score and riichi."""
        to_move = seat in view.awaiting or (view.turn == seat and not view.over and not view.awaiting)
        label = self.seat_label(seat, view) + (" R" if view.riichi[seat] else "")
        paint.text(1, y, label, YELLOW if to_move else WHITE)

    def seat_label(self, seat: int, view) -> str:
        """A seat as the table's results name it: its wind, YOU for the player, its score."""
        you = " YOU" if seat == self.log.player else ""
        return f"{WIND_LETTERS[view.seat_winds[seat]]}{you} {view.scores[seat]}"

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
        key, best = self.best
        review_panel.draw_decision(SEATS_Y + 7, judged, self.log.player, seat,
                                   best if key == (self.round_index, self.step) else ())
        review_panel.draw_progress(judged, self.review)

    def draw_analysis(self, views) -> None:
        """Each seat's hand with its shanten, ukeire share and recommended discard."""
        pyxel.cls(DARK_BLUE)
        steps = self.stepped.steps
        caption = steps[self.step].caption if steps else ""
        head = f"{self.stepped.label} {self.step + 1}/{len(steps)}"
        paint.text(2, debug.SEED_Y, f"{head} {paint.fit(caption, 30 - len(head))}", ORANGE)  # 31 from x=2
        for seat, view in enumerate(views):
            y = debug.SEATS_Y + seat * debug.SEAT_H
            paint.text(2, y, self.seat_label(seat, view), WHITE)
            if self.hints is not None and len(self.hints) == len(views):
                debug.draw_seat_hint(y, self.hints[seat])
            else:
                debug.draw_seat_hint(y, None, thinking=True)
            tiles = hands.hand_in_order(view.hand, view.drawn)
            hands.draw_small_row(2, y + 7, tiles[:-1] if view.drawn is not None else tiles, apart=view.drawn)

    def draw_table(self, view) -> None:
        """The table from the seat's chair, the step's caption between its arrows under it (no
        header over the top seat's score)."""
        board.draw_board(view, self.stepped.round_index, False, 0)
        if view.over:  # the RON, TSUMO or RESULT step: the box says how it ended, as the table does
            board.draw_banner(self.end_word())
        hands.draw_hand(board.HAND_X, board.HAND_Y, hands.hand_in_order(view.hand, view.drawn),
                        view.drawn is not None)
        paint.draw_segments(board.HINT_X, board.INFO_Y + 1, self.table_parts(), YELLOW, WHITE)

    def end_word(self) -> str:
        """How the round shown ended, by the last win among its steps so far: TSUMO, RON or DRAW."""
        for past in reversed(self.stepped.steps[: self.step + 1]):
            if isinstance(past.action, (Tsumo, Ron)):
                return action_word(past.action).upper()
        return "DRAW"

    def draw_footer(self) -> None:
        problem = self.stepped.problem
        if problem and self.step == len(self.stepped.steps) - 1:
            paint.text(1, FOOTER_Y, textwrap.shorten(problem.upper(), 31, placeholder="..."), PINK)
        else:
            paint.draw_segments(1, FOOTER_Y, self.footer_parts(), DARK_GREY, LIGHT_GREY)
