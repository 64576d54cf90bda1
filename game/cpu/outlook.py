"""Outlook: what a hand two steps from tenpai or nearer is worth, its points times its chances.

A 13-tile hand (3n+1 concealed tiles beside its melds) is worth, in points:

- in tenpai, each wait's unseen copies times the points of winning on it (by tsumo, with riichi
  for a closed hand; 0 for an open wait without a yaku), summed, over ``SCALES[0]``;
- one step from tenpai, each advancing draw's unseen copies times the worth of the best tenpai
  that draw allows (the discard that keeps the most), summed, over ``SCALES[1]``;
- two steps away, the same over its draws to the best one-shanten hands, over ``SCALES[2]``.

So a wide cheap wait and a narrow dear one are weighed on one scale, and so are a one-shanten
hand that reaches good waits and one that reaches poor ones, or a hand opened for speed and
the closed hand with its riichi. The scales follow kobalab's majiang-ai, which weighs its
hands the same way. Hands further away are worth 0 here (the ukeire order judges them).

Every figure is memoised for one decision in an :class:`Outlook` (the view's dora, winds and
red fives are fixed within it). On the way to tenpai a drawn copy is no longer unseen, so a
hand's figure is kept by the draws that reached it; its waits and their points by the hand.

A tenpai on 1z and 2z for the East dealer: two unseen 1z at 11,700 (riichi, tsumo, double
east) and two 2z at 3,900 (riichi, tsumo), over 12:

    >>> from engine.tasks import run_to_end
    >>> from game.cpu.value import _view
    >>> from game.rules.tiles import counts34, parse_tiles
    >>> from dataclasses import replace
    >>> look = Outlook(replace(_view(), hand=tuple(parse_tiles("123m456p789s1122z"))))
    >>> round(run_to_end(look.worth(counts34(parse_tiles("123m456p789s1122z")), [], closed=True)))
    2600
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.tasks import TaskGen
from game.cpu import defence
from game.cpu.value import wait_points
from game.rules.melds import Meld
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.shanten import advancing_kinds, shanten, waits_task
from game.rules.tiles import NUM_KINDS, RED_FIVES
from game.rules.view import PlayerView

# A hand's (unseen copies × points of the hands they reach) over this, by its shanten:
# a tenpai's waits, a one-shanten's draws to its best tenpai, a two-shanten's to its best
# one-shanten. A tenpai's waits come up about once in twelve looks; each step further takes
# a few times as long again.
SCALES = (12.0, 72.0, 216.0)


class Outlook:
    """The worth of hands for one decision of one seat (see the module)."""

    def __init__(self, view: PlayerView, ruleset: Ruleset = TENHOU) -> None:
        self.view = view
        self.ruleset = ruleset
        self.unseen = defence.unseen_counts(view)
        self.reds = {t // 4 for t in view.hand if t in RED_FIVES}
        self._points: dict[tuple, int] = {}
        self._worth: dict[tuple, float] = {}   # by hand and the draws taken to reach it
        self._waits: dict[bytes, list[int]] = {}
        self._drawn: list[int] = []             # the draws on the way to the hand worked out now

    def _tiles(self, counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
        """Tile ids for concealed ``counts``, apart from the melds' own: the seat's red fives
        where it holds them."""
        called = {t for m in melds for t in m.tiles}
        tiles = []
        for k, n in enumerate(counts):
            if not n:
                continue
            copies = [t for t in (k * 4 + 3, k * 4 + 2, k * 4 + 1, k * 4) if t not in called]
            if k in self.reds:
                copies.sort(key=lambda t: t not in RED_FIVES)
            tiles.extend(copies[:n])
        return tiles

    def points(self, counts: Sequence[int], melds: Sequence[Meld], kind: int, closed: bool) -> int:
        """Points of a tsumo on ``kind`` (a closed hand with riichi); 0 without a yaku."""
        key = (bytes(counts), kind, closed, tuple(m.tiles for m in melds))
        found = self._points.get(key)
        if found is None:
            found = self._points[key] = wait_points(self.view, self._tiles(counts, melds), melds, kind, tsumo=True,
                                                    riichi=closed, ruleset=self.ruleset)
        return found

    def worth(self, counts: Sequence[int], melds: Sequence[Meld], closed: bool) -> TaskGen[float]:
        """Task: the worth of the 3n+1 ``counts`` beside ``melds`` (0 three steps or more away)."""
        steps = shanten(counts)
        if steps == 0:
            return (yield from self._tenpai_worth(counts, melds, closed))
        if steps >= len(SCALES):
            return 0.0
        key = (bytes(counts), closed, tuple(m.tiles for m in melds), tuple(sorted(self._drawn)))
        found = self._worth.get(key)
        if found is None:
            found = self._worth[key] = yield from self._draws_worth(list(counts), melds, closed, steps)
        return found

    def _tenpai_worth(self, counts: Sequence[int], melds: Sequence[Meld], closed: bool) -> TaskGen[float]:
        key = bytes(counts)
        kinds = self._waits.get(key)
        if kinds is None:
            kinds = self._waits[key] = yield from waits_task(counts)
        total = sum(self.unseen[k] * self.points(counts, melds, k, closed) for k in kinds if self.unseen[k])
        return total / SCALES[0]

    def _draws_worth(self, counts: list[int], melds: Sequence[Meld], closed: bool, steps: int) -> TaskGen[float]:
        """Each advancing draw's unseen copies times the best hand it allows, over the scale."""
        total = 0.0
        for draw in (yield from advancing_kinds(counts, steps)):  # a step nearer, in the kinds' order
            if not self.unseen[draw] or counts[draw] >= 4:
                continue
            counts[draw] += 1
            yield
            copies = self.unseen[draw]
            self.unseen[draw] -= 1  # the drawn copy is no longer unseen on the way on
            self._drawn.append(draw)
            total += copies * (yield from self._best_after(counts, melds, closed, steps - 1))
            self._drawn.pop()
            self.unseen[draw] += 1
            counts[draw] -= 1
        return total / SCALES[steps]

    def _best_after(self, counts: list[int], melds: Sequence[Meld], closed: bool, steps: int) -> TaskGen[float]:
        """The best worth among the discards of a 3n+2 hand that keep it ``steps`` away
        (``counts`` is restored)."""
        best = 0.0
        for out in range(NUM_KINDS):
            if not counts[out]:
                continue
            counts[out] -= 1
            if shanten(counts) == steps:
                best = max(best, (yield from self.worth(counts, melds, closed)))
            counts[out] += 1
        return best
