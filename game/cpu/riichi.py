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

    >>> should_riichi(waits_unseen=5, dama_points=0, dealer=False, furiten=False)
    True
    >>> should_riichi(waits_unseen=5, dama_points=8000, dealer=False, furiten=False)
    False
    >>> should_riichi(waits_unseen=5, dama_points=2000, dealer=False, furiten=False, tiles_left=8)
    False
"""

from __future__ import annotations

DAMA_ENOUGH = 5200         # a non-dealer's hand worth this without riichi stays dama
DAMA_ENOUGH_DEALER = 7700
LATE_TILES = 10            # with fewer tiles left in the wall, a hand with a yaku stays dama
FURITEN_RIICHI_WAITS = 6   # a furiten hand declares only with this many tiles to tsumo ...
FURITEN_TILES = 36         # ... this many tiles left, and no riichi against it


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
