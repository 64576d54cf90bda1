"""Position: where the seat stands, and what that changes in the last round.

Seat 0 is the first dealer, so the order of a tie is the seat order. All-last is the last
round of the game's length (South 4, or East 4 in an east-only game; South 3 and East 3 with
three players, where the last seat deals it) and any extra round beyond it: there a win that leaves the seat last is not worth ending the game with, and a
leader folds more readily while the last place pushes.

    >>> place_of((25000, 30000, 20000, 25000), 3), place_of((25000, 30000, 20000, 25000), 0)
    (3, 2)
    >>> from types import SimpleNamespace as View
    >>> south3 = View(round_wind=1, dealer=2, seat=0, scores=(30000, 40000, 35000), honba=1, riichi_sticks=0)
    >>> all_last(south3), all_last(View(round_wind=1, dealer=2, scores=(0,) * 4))
    (True, False)
    >>> rank_after_win(south3, 1000, from_seat=1), last_place(south3)  # 30000 + 1200 from the 2nd
    (3, 3)
"""

from __future__ import annotations

from game.rules.match import place_of
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.view import PlayerView

HONBA_PER_PAYER = 100  # a honba's worth from each seat but the winner's (300 at four, 200 at three)


def last_place(view: PlayerView) -> int:
    """The last place at this table: 4, or 3 with three players."""
    return len(view.scores)


def all_last(view: PlayerView, ruleset: Ruleset = TENHOU) -> bool:
    """The last round of the game (or one past it): its wind's round dealt by the last seat
    (seat 0 deals first)."""
    last_wind = 1 if ruleset.east_south else 0
    return view.round_wind > last_wind or (view.round_wind == last_wind and view.dealer == last_place(view) - 1)


def rank_after_win(view: PlayerView, points: int, from_seat: int | None) -> int:
    """The seat's place after winning ``points`` (by ron from ``from_seat``, or tsumo)."""
    scores = list(view.scores)
    me = view.seat
    honba = HONBA_PER_PAYER * (len(scores) - 1) * view.honba
    gain = points + honba + 1000 * view.riichi_sticks
    scores[me] += gain
    if from_seat is not None:
        scores[from_seat] -= points + honba
    else:
        for s in range(len(scores)):
            if s != me:
                share = points // 2 if s == view.dealer else points // (3 if me == view.dealer else 4)
                scores[s] -= share
    return place_of(scores, me)


def win_worth_taking(view: PlayerView, points: int, from_seat: int | None, ruleset: Ruleset = TENHOU) -> bool:
    """False only all-last, as a non-dealer, when the win would end the game in last place
    while tiles are left to win something bigger (the dealer's win goes on: always worth it)."""
    if not all_last(view, ruleset) or view.seat == view.dealer or view.tiles_left < 8:
        return True
    return rank_after_win(view, points, from_seat) < last_place(view)


def leading_all_last(view: PlayerView, ruleset: Ruleset = TENHOU) -> bool:
    return all_last(view, ruleset) and place_of(view.scores, view.seat) == 1


def trailing_all_last(view: PlayerView, ruleset: Ruleset = TENHOU) -> bool:
    return all_last(view, ruleset) and place_of(view.scores, view.seat) == last_place(view)


def riichi_can_help(view: PlayerView, riichi_points: int, dama_points: int, ruleset: Ruleset = TENHOU) -> bool:
    """False only in the last round, for a non-dealer (whose win ends the game), when the
    riichi's win, by tsumo with an ura-dora's worth more, would still leave the seat last, or
    when a dama win already gives the same place."""
    if not all_last(view, ruleset) or view.seat == view.dealer:
        return True
    best = rank_after_win(view, 2 * riichi_points, None)
    if best == last_place(view):
        return False
    return not (dama_points and rank_after_win(view, dama_points, None) <= best)
