"""Push or fold by expected value: the chance to win and the hand's worth against the chance
of dealing in and what the threat's hand would cost.

Each candidate discard is worth ``win_chance × (its value + what our win saves us) − deal-in
chance × the threat's value × how long we go on pushing``. The discard with the most is
played, so folding (a safe tile, the hand given up), pushing (the most efficient tile,
whatever its danger) and mawashi (a safe tile that keeps the hand one step from tenpai) are
the same choice weighed three ways.

- **Win chance** (:func:`win_chance`): a tenpai's waits drawn or thrown in the turns left
  (each turn about ``RON_FACTOR`` chances), less the race with a riichi; a one-shanten hand
  must first reach tenpai with its ukeire, then win in the turns still left; a hand two away
  must first take a step with its ukeire in half the turns left, then win as a one-shanten
  hand of ``TYPICAL_UKEIRE`` in the other half (at least ``FAR_CHANCE``, so that against a
  threat it does not throw its shape away for any safer tile); a hand further away rarely
  wins against a threat.
- **The threat's value** (:func:`threat_value`): a riichi about 6,000 (a dealer's half more),
  more for each extra dora indicator; an open hand by the han its melds show beyond its one
  yaku: dora and red fives, a second value-honour pon, three calls in one suit. Both are
  checked against what real rons cost (``python tools/threat_table.py``).
- **Deal-in chance**: ``defence.dangers_by_seat`` (percent against each threat) times how
  likely that seat is tenpai (``defence.threats``).
- **Position**: in the last round a deal-in that would cost the seat a place costs more
  (more again when it drops to last), and a win that gains a place is worth more.

    >>> round(win_chance(0, 8, tiles_left=40, unseen_total=80, riichi_out=True), 2)
    0.5
    >>> round(win_chance(1, 20, tiles_left=40, unseen_total=80, riichi_out=True), 2)
    0.26
    >>> round(win_chance(2, 30, tiles_left=40, unseen_total=80, riichi_out=True), 2)
    0.1
    >>> win_chance(3, 30, tiles_left=40, unseen_total=80, riichi_out=True)
    0.03
"""

from __future__ import annotations

from collections.abc import Sequence

from game.cpu import position
from game.rules.match import place_of
from game.rules.ruleset import Ruleset
from game.rules.tiles import is_red
from game.rules.view import PlayerView
from game.rules.yaku import DORA_OF

RON_FACTOR = 2.2          # chances a turn for a tenpai: its own draw and others' discards
RACE_RIICHI = 0.55        # share of those wins left when a riichi races us
RACE_OPEN = 0.75          # ... when only open hands do
TYPICAL_WAIT = 5          # unseen copies a one-shanten hand's tenpai waits on, on average
TYPICAL_UKEIRE = 16       # unseen tiles that take a two-shanten hand's next step on, on average
FAR_CHANCE = 0.03         # a hand three shanten or more away (and the least for two)
RIICHI_VALUE = 6000       # a non-dealer riichi's average deal-in cost (ura and ippatsu in)
DEALER_FACTOR = 1.5
KAN_DORA_VALUE = 1500     # each dora indicator beyond the first adds this to a riichi's value
SAVED_SHARE = 0.15        # of a threat's value our own win saves us (its tsumo, its riichi sticks)
GO_ON = (1.3, 1.6, 1.0)   # deal-in weight by shanten: pushing now means pushing next turns too
KEITEN = 1000             # a tenpai at the exhaustive draw (noten payments), late in the round
KEITEN_TILES = 40         # ... counted from this many tiles left, more as the wall runs out
PLACE_LOST = 1.5          # last round: a deal-in that costs a place costs this much more ...
LAST_PLACE = 2.0          # ... one that drops the seat to last, this much
PLACE_WON = 1.5           # last round: a win that gains a place is worth this much more
OPEN_POINTS = (2600, 4100, 6900, 8500, 12000)  # an open hand's ron by the han it shows, non-dealer
FLUSH_CALLS = 3           # calls in one suit (honours aside) read as a flush


def win_chance(shanten: int, count: int, tiles_left: int, unseen_total: int, riichi_out: bool) -> float:
    """Rough chance to win this round (see the module): ``count`` is a tenpai's unseen waits or
    a one-shanten's ukeire."""
    turns = tiles_left / 4
    unseen_total = max(1, unseen_total)
    race = RACE_RIICHI if riichi_out else RACE_OPEN
    if shanten <= 0:
        return race * _draw_within(count / unseen_total, turns * RON_FACTOR)
    if shanten == 1:
        reach = _draw_within(count / unseen_total, turns)
        return reach * race * _draw_within(TYPICAL_WAIT / unseen_total, turns / 2 * RON_FACTOR)
    if shanten == 2:
        reach = _draw_within(count / unseen_total, turns / 2)
        return max(FAR_CHANCE, reach * win_chance(1, TYPICAL_UKEIRE, tiles_left / 2, unseen_total, riichi_out))
    return FAR_CHANCE


def _draw_within(per_try: float, tries: float) -> float:
    return 1.0 - (1.0 - min(1.0, per_try)) ** max(0.0, tries)


def threat_value(view: PlayerView, seat: int) -> float:
    """What dealing into ``seat`` would cost, on average, from what the table shows."""
    dealer = DEALER_FACTOR if seat == view.dealer else 1.0
    if view.riichi[seat]:
        extra = KAN_DORA_VALUE * max(0, len(view.dora_indicators) - 1)
        return (RIICHI_VALUE + extra) * dealer
    return open_points(view, seat) * dealer


def open_points(view: PlayerView, seat: int) -> int:
    """A non-dealer open hand's ron: a step up ``OPEN_POINTS`` for each han its melds show.
    A yakuhai pon alone is the one yaku every open hand needs (about 2,600: one or two han,
    hidden dora and fu in)."""
    return OPEN_POINTS[min(shown_han(view, seat), len(OPEN_POINTS) - 1)]


def shown_han(view: PlayerView, seat: int) -> int:
    """The han an open hand's melds show beyond its one yaku: dora and red fives in them, a
    second value-honour pon or kan, ``FLUSH_CALLS`` calls in one suit."""
    doras = [DORA_OF[t // 4] for t in view.dora_indicators]
    melds = view.melds[seat]
    tiles = [t for m in melds for t in m.tiles]
    han = sum(doras.count(t // 4) for t in tiles) + sum(map(is_red, tiles))
    values = (31, 32, 33, 27 + view.round_wind, 27 + view.seat_winds[seat])
    han += max(0, sum(values.count(m.kind34) for m in melds if m.kind != "chi") - 1)
    suits = {k // 9 for m in melds for k in m.kinds if k < 27}
    if len(suits) == 1 and len(melds) >= FLUSH_CALLS:
        han += 1
    return han


def candidate_worth(view: PlayerView, shanten: int, count: int, points: float, loss: float,
                    riichi_out: bool, unseen_total: int, ruleset: Ruleset, saved: float = 0.0) -> float:
    """A discard's expected value in points (see the module): ``points`` the hand's value if
    it wins, ``loss`` the expected deal-in cost of this tile (chance times value, all threats);
    ``saved`` the largest threat's value."""
    chance = win_chance(shanten, count, view.tiles_left, unseen_total, riichi_out)
    gain = points + 1000 * view.riichi_sticks + 300 * view.honba + saved * SAVED_SHARE
    if position.all_last(view, ruleset):
        gain, loss = _placed(view, points, gain, loss, saved)
    worth = chance * gain - loss * GO_ON[min(shanten, 2)]
    if shanten <= 0 and view.tiles_left < KEITEN_TILES:
        worth += KEITEN * (1 - chance) * (1 - view.tiles_left / KEITEN_TILES)
    return worth


def _placed(view: PlayerView, points: float, gain: float, loss: float, threat: float) -> tuple[float, float]:
    """The last round's weights: what a win or a deal-in does to the seat's final place. A
    deal-in is read from our score alone; the threat's seat is not raised by it (that reading,
    measured against majiang-ai, changed 2 games of 400 and gained nothing)."""
    now = place_of(view.scores, view.seat)
    if position.rank_after_win(view, int(points), None) < now:
        gain *= PLACE_WON
    scores = list(view.scores)
    scores[view.seat] -= int(threat)
    after = place_of(scores, view.seat)
    if after == position.last_place(view) and now < after:
        loss *= LAST_PLACE
    elif after > now:
        loss *= PLACE_LOST
    return gain, loss


def deal_in_loss(kind: int, by_seat: dict[int, Sequence[float]], threat: dict[int, float],
                 values: dict[int, float]) -> float:
    """Expected points lost by throwing ``kind``: each threat's chance (percent danger times
    how likely it is tenpai) times its value."""
    return sum(threat[s] * by_seat[s][kind] / 100 * values[s] for s in by_seat)
