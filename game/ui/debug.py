"""The hold-X view: every seat's hand face up with its hint, under the engine's meters.

It is the debug view, so it shows the CPUs' concealed tiles. The engine draws its meters
(CPU, frame time, memory, thinking tasks) over the top of the screen; this view fills the
rest: the seed code, then one block per seat: its name, score, its hint (``coach_hint.analyse``,
the one judge) and its hand. The player's seat shows the table's own hint: on the player's
turn the strong CPU's answer to the driver's question, with its figures and reason (not the
answer, in practice, before the cut). A seat the table waits on (a CPU on its turn, or
with a claim on a discard) shows the same judge's answer on its own view; the others their
hands' figures (shanten and the share of unseen tiles that advance them), worked out by one task again whenever the table changes. Nothing after a win is declared.
"""

from __future__ import annotations

import pyxel

from engine.target import DARK_BLUE, LIGHT_GREY, WHITE
from engine.tasks import TaskGen
from game.ui import hands, hints, paint, pieces
from game.ui.seats import seat_name
from game.ui.standings import draw_seed
from game.coach import hint as coach_hint

SEED_Y = 53  # under the engine's meters (rows 0 to 51)
SEATS_Y, SEAT_H = 61, 17  # a seat's hint and its tile stand on felt, clear of the hand above
HINT_X = 78  # each seat's hint, right of its name and score, its tile clear of the hand row below


def all_hints(views, ruleset) -> TaskGen[list[coach_hint.Hint | None]]:
    """Task: each view's hint (None for a view left out: a seat whose hint is another's)."""
    found = []
    for view in views:
        found.append(None if view is None else (yield from coach_hint.analyse(view, ruleset)))
    return found


def round_hints(rnd, player: int | None, ruleset) -> TaskGen[list[coach_hint.Hint | None]]:
    """Task: every seat's hint but the player's (whose hint the table keeps) for the round as
    it stands. A seat the table waits on (its turn, or a claim on a discard) is asked with its
    legal actions, so its hint is the strong CPU's answer, as the player's is; the rules'
    checks behind them run sliced first (``Round.prepare``, the driver's own thinking)."""
    unmoved = yield from while_unmoved(rnd, rnd.prepare())
    asked = set(rnd.awaiting()) if unmoved else set()  # else: moved on, figures only
    views = [None if seat == player else rnd.view(seat, legal=seat in asked) for seat in range(rnd.players)]
    return (yield from all_hints(views, ruleset))


def while_unmoved(rnd, task: TaskGen[object]) -> TaskGen[bool]:
    """Task: run ``task`` (a check of the live round ``rnd``) while the round stands as it was
    when it began; False, the task dropped, once the game has moved it on between two steps
    (the checks would read an offer already taken)."""
    began = (len(rnd.events), rnd.phase)
    for value in task:
        yield value
        if (len(rnd.events), rnd.phase) != began:
            task.close()
            return False
    return True


def draw_hint_bed(y: int) -> None:
    """The felt a seat's hint stands on (its tile is a small one, off the table): from
    ``HINT_X`` to the edge, a pond tile's height and a pixel round it."""
    pieces.draw_border(HINT_X, y - 1, 127 - HINT_X, pieces.extent("pond")[1])


def draw_seat_hint(y: int, hint: coach_hint.Hint | None, thinking: bool = False, hide_cut: bool = False) -> None:
    """A seat's hint in its block (its tile on felt), or the thinking dots while it is worked out."""
    if hint is not None:
        if hint.tile is not None and not hide_cut:
            draw_hint_bed(y)
        hints.draw_hint(HINT_X, y, hint, short=True, hide_cut=hide_cut)
    elif thinking:
        paint.text(HINT_X, y + 1, hints.THINKING, LIGHT_GREY)


class DebugView:
    def __init__(self, cart) -> None:
        self.cart = cart
        self.key = None
        self.task = None
        self.hints: list[coach_hint.Hint] | None = None

    def follow(self, game, player: int | None = None) -> None:
        """Work out the hints of every seat but the player's (``player``) for the table now."""
        rnd = game.round
        if rnd is None:
            return
        if self.task is not None and self.task.done:
            self.hints = self.task.result if self.task.state == self.task.DONE else None
            self.task = None
        key = (id(rnd), len(rnd.events))
        if key != self.key and self.task is None and not rnd.over:
            self.key = key
            self.task = self.cart.spawn(round_hints(rnd, player, game.match.ruleset), "debug hints")

    def draw(self, game, seed_code: str, player: int | None, practice: bool = False,
             own: hints.HintKeeper | None = None) -> None:
        """``own``: the table's hint keeper, whose hint is the player's seat's; ``practice``: the
        player's own answer stays hidden, as on the table, so holding X cannot show it before
        the cut."""
        self.follow(game, player if own is not None else None)
        pyxel.cls(DARK_BLUE)
        draw_seed(SEED_Y, seed_code, x=2, players=game.ruleset.players)
        rnd = game.round
        if rnd is None:
            return
        for seat in range(rnd.players):
            y = SEATS_Y + seat * SEAT_H
            view = rnd.view(seat, legal=False)
            paint.text(2, y, f"{seat_name(seat, rnd.dealer, player, rnd.players)} {view.scores[seat]}", WHITE)
            if rnd.over:
                pass  # nothing to decide after a win
            elif own is not None and seat == player:
                draw_seat_hint(y, own.hint, own.thinking, hide_cut=practice)
            elif self.hints is not None and len(self.hints) == rnd.players:
                draw_seat_hint(y, self.hints[seat])
            else:
                draw_seat_hint(y, None, thinking=True)
            tiles = hands.hand_in_order(view.hand, view.drawn)
            hands.draw_small_row(2, y + 7, tiles[:-1] if view.drawn is not None else tiles,
                                 apart=view.drawn)
            if not tiles:
                paint.text(2, y + 8, "-", LIGHT_GREY)
