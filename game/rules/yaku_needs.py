"""What a yaku row needs before its test is worth asking: bits a reading or a hand meets.

The yaku table (``game.rules.yaku``) lists, for each row, the needs any of which will do; the
needs a reading meets are worked out once per reading, the hand's once per hand, and a row whose
needs are unmet is never asked, so most rows never see a hand they cannot fit. The tests stay
complete: a need only spares asking.

    >>> bool(SUIT_NEEDS[1][1] & HALF_FLUSH), TRIPLET_NEEDS[31] == HONOUR_TRIPLET[31] | DRAGON_TRIPLET
    (True, True)
"""

from __future__ import annotations

from game.rules.readings import Reading
from game.rules.tiles import DRAGON_KINDS, EAST, YAOCHUU_KINDS

YAOCHUU_SET = frozenset(YAOCHUU_KINDS)
YAOCHUU_TILES = frozenset(t for k in YAOCHUU_SET for t in range(4 * k, 4 * k + 4))

# A reading's: three or four runs, two runs the same, a terminal or honour pair, three or four
# triplets, a wind or dragon triplet, a triplet of one honour kind, seven pairs or thirteen orphans.
THREE_RUNS, FOUR_RUNS, SAME_RUNS, YAOCHUU_PAIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
THREE_TRIPLETS, FOUR_TRIPLETS, WIND_TRIPLET, DRAGON_TRIPLET = 1 << 4, 1 << 5, 1 << 6, 1 << 7
HONOUR_TRIPLET = {kind: 1 << (8 + kind - EAST) for kind in range(EAST, 34)}  # bits 8..14
SPECIAL = 1 << 15
# The hand's: one suit alone, one suit and honours, honours alone; no terminal or honour, only
# terminals and honours; three kans or more; a rare situation flag (ippatsu, rinshan, ...).
FLUSH, HALF_FLUSH, HONOURS_ONLY = 1 << 16, 1 << 17, 1 << 18
NO_YAOCHUU, YAOCHUU_ONLY, KANS, RARE_FLAG = 1 << 19, 1 << 20, 1 << 21, 1 << 22

RUN_NEEDS = (0, 0, 0, THREE_RUNS, THREE_RUNS | FOUR_RUNS)  # by the number of runs
TRIPLETS_NEEDS = (0, 0, 0, THREE_TRIPLETS, THREE_TRIPLETS | FOUR_TRIPLETS)  # by the number of triplets
TRIPLET_NEEDS = tuple(0 if k < EAST else HONOUR_TRIPLET[k] | (DRAGON_TRIPLET if k in DRAGON_KINDS else WIND_TRIPLET)
                      for k in range(34))  # by a triplet's kind
SUIT_NEEDS = ((HONOURS_ONLY, HONOURS_ONLY), (FLUSH, HALF_FLUSH), (0, 0), (0, 0))  # [number suits][honours]


def reading_needs(r: Reading) -> int:
    """The reading needs (bits) that the reading meets.

        >>> from game.rules.readings import Group, regular_reading
        >>> r = regular_reading((Group(0, True), Group(3, True), Group(6, True), Group(27, False)), 8, "tanki")
        >>> reading_needs(r) == THREE_RUNS | YAOCHUU_PAIR | WIND_TRIPLET | HONOUR_TRIPLET[EAST]
        True
    """
    if r.form != "regular":
        return SPECIAL
    runs, triplets = r.runs, r.triplets
    run_count = len(runs)
    met = RUN_NEEDS[run_count]
    if run_count >= 2 and len(set(runs)) < run_count:
        met |= SAME_RUNS
    if r.pair in YAOCHUU_SET:
        met |= YAOCHUU_PAIR
    met |= TRIPLETS_NEEDS[len(triplets)]
    for kind in triplets:
        met |= TRIPLET_NEEDS[kind]
    return met


def hand_needs(win) -> int:
    """The hand needs (bits) that the hand meets (``win``: a ``yaku.Win``)."""
    s = win.situation
    met = SUIT_NEEDS[len(win.suits)][win.honours]
    if YAOCHUU_TILES.isdisjoint(win.tiles):
        met |= NO_YAOCHUU
    elif YAOCHUU_TILES.issuperset(win.tiles):
        met |= YAOCHUU_ONLY
    if win.kans >= 3:
        met |= KANS
    if (s.ippatsu or s.chankan or s.rinshan or s.haitei or s.houtei or s.tenhou or s.chiihou or s.double_riichi
            or s.renhou):
        met |= RARE_FLAG
    return met
