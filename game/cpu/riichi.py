"""Riichi or dama: declare when the wait is alive and riichi adds more than it costs.

A closed tenpai hand declares riichi unless one of these holds:

- no unseen copy of any wait is left (a dead wait: stay free to change it);
- the hand is furiten, unless its wait is wide (FURITEN_RIICHI_WAITS), the round young
  (FURITEN_TILES) and no other seat in riichi: it can only tsumo, and cannot change;
- it already has a yaku and is worth 5,200 (a dealer 7,700) without riichi: dama keeps
  the ron unannounced, and the hand free to fold;
- it already has a yaku and few tiles are left (LATE_TILES): riichi would add little
  and take away the freedom to fold or change the wait;
- (position) all-last in first place, when a win with its yaku keeps the lead.

A hand without a yaku must declare to win by ron, so it does whenever the wait is alive.

That is the normal CPU's rule. The strong CPU asks ``style``'s riichi scorer instead, which
reads ``riichi_features`` and was fitted on the Phoenix-room players' riichi and dama.

    >>> should_riichi(waits_unseen=5, dama_points=0, dealer=False, furiten=False)
    True
    >>> should_riichi(waits_unseen=5, dama_points=8000, dealer=False, furiten=False)
    False
    >>> should_riichi(waits_unseen=5, dama_points=2000, dealer=False, furiten=False, tiles_left=8)
    False
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.cpu import position, value
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.shanten import shanten
from game.rules.tiles import counts34
from game.rules.view import PlayerView

DAMA_ENOUGH = 5200         # a non-dealer's hand worth this without riichi stays dama
DAMA_ENOUGH_DEALER = 7700
LATE_TILES = 10            # with fewer tiles left in the wall, a hand with a yaku stays dama
FURITEN_RIICHI_WAITS = 6   # a furiten hand declares only with this many tiles to tsumo ...
FURITEN_TILES = 36         # ... this many tiles left, and no riichi against it
MIN_POINTS, LOG_BASE = 500, 7.0  # points are read by their logarithm, from 500 (e^7 is about 1,100)


def should_riichi(waits_unseen: int, dama_points: int, dealer: bool, furiten: bool,
                  keep_lead: bool = False, tiles_left: int = 70, threatened: bool = False) -> bool:
    """Riichi or dama for one tenpai discard; see the module docstring."""
    if waits_unseen == 0:
        return False
    if furiten:
        return waits_unseen >= FURITEN_RIICHI_WAITS and tiles_left >= FURITEN_TILES and not threatened
    if dama_points == 0:
        return True
    if keep_lead or tiles_left < LATE_TILES:
        return False
    return dama_points < (DAMA_ENOUGH_DEALER if dealer else DAMA_ENOUGH)


def riichi_features(view: PlayerView, waits_unseen: int, wait_kinds: Sequence[int], dama_points: int,
                    riichi_points: int, furiten: bool, threat: float, ruleset: Ruleset = TENHOU) -> dict[str, float]:
    """What the strong CPU weighs riichi or dama by (``style``'s riichi scorer, learned from the
    Phoenix-room games of tests/data): the wait (its unseen copies, one kind or more, furiten),
    the hand's points without and with riichi (a yaku already, 5,200 or a mangan dama), the turn
    and the wall, the dealer, threats, the seat's place and the last round, and whether the hand
    was tenpai before this draw (it stayed dama then: players who wait for a better wait keep
    waiting).

        >>> from game.cpu.value import _view
        >>> f = riichi_features(_view(), 6, [3, 6], 0, 2600, False, 0.0)
        >>> f["waits"], f["yaku"], "single_wait" in f
        (0.75, 0.0, False)
    """
    dealer = view.seat == view.dealer
    enough, mangan = (DAMA_ENOUGH_DEALER, 12000) if dealer else (DAMA_ENOUGH, 8000)
    before = [t for t in view.hand if t != view.drawn] if view.drawn is not None else []
    f = {"waits": waits_unseen / 8, "yaku": float(dama_points > 0),
         "dama_log": math.log(max(dama_points, MIN_POINTS)) - LOG_BASE,
         "riichi_log": math.log(max(riichi_points, MIN_POINTS)) - LOG_BASE,
         "turn": len(view.discards[view.seat]) / 18, "left": view.tiles_left / 70,
         "threat": threat, f"rank{position.rank_of(view.scores, view.seat)}": 1.0,
         "wait_kinds": len(wait_kinds) / 3, "gain": math.log(max(riichi_points, MIN_POINTS) / max(dama_points, MIN_POINTS)),
         "dora": min(4, value.dora_count(view.hand, value.dora_kinds(view))) / 4}
    single = wait_kinds[0] if len(wait_kinds) == 1 else None
    flags = {"no_wait": waits_unseen == 0, "single_wait": single is not None,
             "wait_honour": single is not None and single >= 27,
             "wait_terminal": single is not None and single < 27 and single % 9 in (0, 8),
             "left30": view.tiles_left < 30, "left50": view.tiles_left > 50, "dama_enough": dama_points >= enough,
             "dama_mangan": dama_points >= mangan, "furiten": furiten, "late": view.tiles_left < LATE_TILES * 2,
             "dealer": dealer, "riichi_out": view.riichi_out, "all_last": position.all_last(view, ruleset),
             "was_tenpai": len(before) % 3 == 1 and shanten(counts34(before)) == 0}
    f.update({name: 1.0 for name, on in flags.items() if on})
    return f
