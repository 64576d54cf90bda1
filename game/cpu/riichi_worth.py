"""Riichi or dama by what each is worth: points, win chance by wait and turn, deal-in, sticks.

For a closed tenpai cut the strong CPU works out what each answer is worth in points, the
expectation over the round's end:

- **win chance** by the wait's kind and the turn, riichi and dama apart: Houou-room win rates
  (chienshyong/houou-statistics, ``RiichiWinrate.csv`` and ``DamaWinrate.csv``: the share of
  tenpai hands won, by the turn of tenpai and the wait) for a two-sided wait (``RYANMEN``) and
  a one-kind wait (kanchan, penchan, tanki: ``SINGLE``), scaled by the wait's unseen copies
  against the typical wait's (``TYPICAL_COPIES``); a hand with no yaku can win dama only by
  tsumo (``TSUMO_SHARE`` of its wins, the same tables' tsumo rows);
- **points**: the hand's ron with and without riichi (the scorer's own figures, wait by wait),
  riichi's with the ura dora it may turn (each tile of the hand a dora when an indicator, drawn
  from the unseen tiles, points at its kind: the expectation counted from the tiles) and the
  ippatsu it may win (its chance to win within the next turn), as han that double the points
  up to a mangan;
- **costs**: the 1,000-point stick, lost unless the hand wins; and a riichi cannot fold, so it
  deals in more often than a dama hand that may (``DEAL_IN_GAP`` of a deal-in's average cost,
  ``DEAL_IN_COST``; an estimate of our own, not a published figure).

``riichi_value`` gives both worths and their difference (``gain``); the reasons the review
prints quote it: "RIICHI: +2,100 WORTH", "DAMA: +600 WORTH".

    >>> v = riichi_value(waits=6, kinds=2, turn=6, dama_points=1000, riichi_points=2000, dealer=False,
    ...                  ura_han=0.4, ippatsu=0.1)
    >>> round(v.win_riichi, 2), round(v.win_dama, 2), v.gain > 0
    (0.61, 0.71, True)
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from game.rules.tiles import counts34
from game.rules.view import PlayerView
from game.rules.yaku import DORA_OF

# Houou win rates by the turn of tenpai (rows 3, 6, 9, 12, 15 of chienshyong/houou-statistics'
# tables, averaged over its wait classes: RYANMEN its six two-sided classes 14..69, SINGLE its
# five one-kind classes 19..5)
TURNS = (3, 6, 9, 12, 15)
RYANMEN = {"riichi": (0.711, 0.610, 0.509, 0.403, 0.261), "dama": (0.783, 0.706, 0.605, 0.491, 0.301)}
SINGLE = {"riichi": (0.535, 0.450, 0.355, 0.269, 0.160), "dama": (0.619, 0.503, 0.394, 0.298, 0.165)}
TYPICAL_COPIES = (6.0, 3.0)  # the unseen copies of a typical two-sided and one-kind wait
TSUMO_SHARE = 0.33           # of a tenpai's wins, by tsumo (the same tables' tsumo rows, about a third)
STICK = 1000
DEAL_IN_COST = 5500          # a deal-in's average cost (a riichi's about 6,000, an open hand's less)
DEAL_IN_GAP = 0.06           # a riichi deals in this much more often than a dama hand free to fold
MANGAN = (8000, 12000)       # non-dealer, dealer


@dataclass(frozen=True)
class RiichiValue:
    riichi: float       # the expected points of declaring
    dama: float         # ... of staying dama
    win_riichi: float
    win_dama: float

    @property
    def gain(self) -> float:
        return self.riichi - self.dama


def win_rate(kinds: int, turn: int, riichi: bool, copies: int | None = None) -> float:
    """The Houou win rate of a tenpai on ``turn`` (the seat's discards so far) with a wait of
    ``kinds`` kinds, scaled by its ``copies`` unseen against the typical wait's.

        >>> round(win_rate(2, 6, True), 3), round(win_rate(1, 6, False), 3)
        (0.61, 0.503)
    """
    table = (RYANMEN if kinds >= 2 else SINGLE)["riichi" if riichi else "dama"]
    rate = _interpolated(table, turn)
    if copies is None:
        return rate
    typical = TYPICAL_COPIES[0 if kinds >= 2 else 1]
    return min(0.95, rate * (0.5 + 0.5 * min(2.0, copies / typical))) if copies else 0.0


def _interpolated(table: tuple[float, ...], turn: int) -> float:
    if turn <= TURNS[0]:
        return table[0]
    if turn >= TURNS[-1]:
        return max(0.02, table[-1] - 0.04 * (turn - TURNS[-1]))
    i = bisect_right(TURNS, turn) - 1
    share = (turn - TURNS[i]) / (TURNS[i + 1] - TURNS[i])
    return table[i] + share * (table[i + 1] - table[i])


def with_han(points: float, han: float, dealer: bool) -> float:
    """``points`` raised by ``han`` more (each doubling, up to a mangan; beyond, a quarter more a han).

        >>> with_han(2000, 1.0, False), with_han(8000, 1.0, False)
        (4000.0, 10000.0)
    """
    cap = MANGAN[1 if dealer else 0]
    if points >= cap:
        return points * (1 + 0.25 * han)
    return min(cap, points * 2 ** han)


def riichi_value(waits: int, kinds: int, turn: int, dama_points: int, riichi_points: int, dealer: bool,
                 ura_han: float, ippatsu: float) -> RiichiValue:
    """Both answers' worth in points (see the module)."""
    win_r = win_rate(kinds, turn, True, waits)
    win_d = win_rate(kinds, turn, False, waits)
    riichi_won = with_han(riichi_points, ura_han + ippatsu, dealer)
    riichi = win_r * riichi_won - (1 - win_r) * STICK - DEAL_IN_GAP * DEAL_IN_COST
    if dama_points:
        dama = win_d * dama_points
    else:  # no yaku: only a tsumo wins, menzen tsumo the han riichi would have been
        dama = win_d * TSUMO_SHARE * riichi_points
    return RiichiValue(riichi, dama, win_r, win_d)


def ura_expectation(view: PlayerView, tiles: list[int]) -> float:
    """The ura dora a riichi win may turn, expected: each indicator (one, and one more a kan)
    drawn from the unseen tiles makes each tile of the hand of the kind it points at a dora."""
    counts = counts34(tiles)
    visible = view.visible_counts34()
    own = counts34(view.hand)
    unseen = [max(0, 4 - own[k] - visible[k]) for k in range(34)]
    total = max(1, sum(unseen))
    pointing = sum(unseen[k] * counts[DORA_OF[k]] for k in range(34)) / total
    return pointing * max(1, len(view.dora_indicators))


def ippatsu_chance(waits: int, unseen_total: int) -> float:
    """A riichi's chance to win within its next turn: its own draw and three discards."""
    per_try = waits / max(1, unseen_total)
    return 1.0 - (1.0 - per_try) ** 2.2
