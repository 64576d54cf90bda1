"""Readings: every way a winning hand splits into sets, a pair and a wait.

A winning hand can often be read in more than one way, and each way scores
differently: ``111222333m`` is three triplets (sanankou) or three identical runs;
a 5m that completes ``3445m`` filled a 3-4 ryanmen or a 4_6 kanchan. Scoring tries
every reading and keeps the best, as Tenhou does. This module only lists the
readings (fast: each suit and the honours split on their own, and the splits are
cached); yaku and fu live in game.rules.yaku and game.rules.scoring.

A reading holds its four groups (the called melds included), the pair kind and the
wait. A concealed triplet completed by ron counts as open (a minkou): Tenhou scores
its fu and its part in sanankou/suuankou that way, so the group says so.

    >>> from game.rules.tiles import counts34, parse_tiles
    >>> hand = counts34(parse_tiles("344556m789p123s11s"))     # won on 5m: 34+5 or 4_6
    >>> sorted(r.wait for r in readings(hand, 4, [], tsumo=False))
    ['kanchan', 'ryanmen']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from game.rules.melds import MELD_KINDS, Meld
from game.rules.tiles import YAOCHUU_KINDS


class Group(NamedTuple):
    """One set: a run (shuntsu) or a triplet/quad (koutsu/kantsu).

    first: the kind of its lowest tile. open: called, or a concealed triplet that the
    winning discard completed (Tenhou counts that one as open).
    """

    first: int
    run: bool
    open: bool = False
    kan: bool = False


class Reading(NamedTuple):
    """One way to read a winning hand.

    form: ``regular`` (four groups and a pair), ``chiitoitsu`` or ``kokushi``.
    groups: the four groups of a regular reading (called melds included), else ().
    pair: the pair's kind (kokushi: the doubled kind; chiitoitsu: -1).
    wait: ``ryanmen``, ``kanchan``, ``penchan``, ``shanpon`` or ``tanki`` (chiitoitsu:
    ``tanki``; kokushi: ``tanki``, or ``kokushi13`` for the 13-sided wait).
    runs, triplets: the first kinds of the run groups (sorted) and of the other groups;
    concealed_triplets: triplets and quads neither called nor completed by ron.
    """

    form: str
    groups: tuple[Group, ...]
    pair: int
    wait: str
    runs: tuple[int, ...] = ()
    triplets: tuple[int, ...] = ()
    concealed_triplets: int = 0


def regular_reading(groups: tuple[Group, ...], pair: int, wait: str) -> Reading:
    """A four-sets-and-a-pair reading, with its run and triplet summaries filled in."""
    return Reading("regular", groups, pair, wait, *_summary(groups))


def _summary(groups: tuple[Group, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """(sorted run firsts, triplet firsts, concealed triplets) of a reading's groups."""
    runs, triplets, concealed = [], [], 0
    for first, run, called, _ in groups:
        if run:
            runs.append(first)
        else:
            triplets.append(first)
            concealed += not called
    runs.sort()
    return tuple(runs), tuple(triplets), concealed


def meld_group(meld: Meld) -> Group:
    """The group a called or declared meld stands for: called sets are open, a closed kan is not."""
    return _MELD_GROUPS[meld.kind][min(meld.tiles) >> 2]


_MELD_GROUPS = {kind: tuple(Group(first, kind == "chi", kind != "ankan", kind not in ("chi", "pon"))
                            for first in range(34)) for kind in MELD_KINDS}


def readings(concealed34: Sequence[int], win_kind: int, melds: Sequence[Meld], tsumo: bool) -> list[Reading]:
    """Every reading of a hand: concealed kind counts (winning tile included) plus melds.

    Empty when the hand is not complete. ValueError when the concealed size cannot be.

        >>> from game.rules.tiles import counts34, parse_tiles
        >>> hand = counts34(parse_tiles("111222333m789p55s"))    # won on 3m
        >>> sorted((r.wait, r.runs) for r in readings(hand, 2, [], tsumo=True))
        [('penchan', (0, 0, 0, 15)), ('shanpon', (15,))]
    """
    size = sum(concealed34)
    if size % 3 != 2:
        raise ValueError(f"a complete hand has 3n+2 concealed tiles, not {size}")
    fixed = tuple([meld_group(m) for m in melds]) if melds else ()
    result = []
    for pair, groups in _partitions(concealed34):
        result += _waits(groups, pair, win_kind, fixed, tsumo)
    if size == 14 and not melds:
        result += _special_readings(concealed34, win_kind, regular=bool(result))
    return result


_CLOSED_TRIPLET = tuple(Group(k, False) for k in range(34))
_CLOSED_RUN = tuple(Group(k, True) for k in range(34))

# the hand splits block by block: honours first, then man, pin and sou
BLOCKS = ((27, 34), (0, 9), (9, 18), (18, 27))


def _partitions(counts: Sequence[int]) -> list[tuple[int, tuple[Group, ...]]]:
    """(pair kind, concealed groups) for every split of the concealed tiles.

    Each block (a suit, or the honours) splits on its own, cached by its counts; the hand's
    splits are every combination of its blocks' splits with exactly one pair. Most hands
    have one split per block, so that case takes the short way.
    """
    counts = tuple(counts)  # its slices are the cache keys
    pair, groups = -1, ()
    for start, end in BLOCKS:
        block = counts[start:end]
        if not any(block):
            continue
        options = _block_splits(start, block)
        if len(options) != 1:
            return _combinations(counts) if options else []
        (block_pair, block_groups), = options
        if block_pair >= 0:
            if pair >= 0:
                return []  # two blocks each need a pair
            pair = block_pair
        groups += block_groups
    return [(pair, groups)]  # a pair is there: readings() checked the size is 3n+2


def _combinations(counts: tuple[int, ...]) -> list[tuple[int, tuple[Group, ...]]]:
    """Every combination of the blocks' splits (a block splits more than one way)."""
    splits: list[tuple[int, tuple[Group, ...]]] = [(-1, ())]
    for start, end in BLOCKS:
        block = counts[start:end]
        if any(block):
            splits = [(pair if block_pair < 0 else block_pair, groups + block_groups)
                      for pair, groups in splits for block_pair, block_groups in _block_splits(start, block)
                      if pair < 0 or block_pair < 0]
    return splits


@lru_cache(maxsize=512)  # about 130 bytes an entry (the groups are shared): ~65 KiB
def _block_splits(start: int, counts: tuple[int, ...]) -> tuple[tuple[int, tuple[Group, ...]], ...]:
    """Every (pair kind or -1, groups) split of one block into sets and, if its size asks, one pair.

        >>> splits = _block_splits(0, (3, 3, 3, 0, 0, 0, 0, 0, 0))      # 123 123 123, or 111 222 333
        >>> [(pair, [(g.first, g.run) for g in groups]) for pair, groups in splits]
        [(-1, [(0, True), (0, True), (0, True)]), (-1, [(0, False), (1, False), (2, False)])]
        >>> _block_splits(27, (3, 0, 0, 0, 2, 0, 0))                     # EEE and a pair of haku
        ((31, (Group(first=27, run=False, open=False, kan=False),)),)
    """
    remainder = sum(counts) % 3
    if remainder == 1:
        return ()
    if start == 27:
        return _honour_split(counts)
    found: list[tuple[int, tuple[Group, ...]]] = []
    _split(list(counts), start, 0, remainder == 2, -1, [], found)
    return tuple(found)


def _honour_split(counts: tuple[int, ...]) -> tuple[tuple[int, tuple[Group, ...]], ...]:
    """Honours make no runs: triplets and at most one pair, or no split at all."""
    triplets, pair = [], -1
    for kind, copies in enumerate(counts, 27):
        if copies == 3:
            triplets.append(_CLOSED_TRIPLET[kind])
        elif copies == 2 and pair < 0:
            pair = kind
        elif copies:
            return ()
    return ((pair, tuple(triplets)),)


def _split(counts: list[int], base: int, k: int, need_pair: bool, pair: int, groups: list[Group],
           found: list[tuple[int, tuple[Group, ...]]]) -> None:
    """Add to ``found`` every split of counts[k:] (groups and pair so far given).

    The lowest tile left is, in this order, maybe the pair, maybe a triplet, and then the
    first tile of runs for all its other copies; so each split comes out exactly once. Where
    only one of those can be (most places: too few tiles above for more runs) the loop takes
    it and goes on; a real choice calls itself once per option. counts and groups belong to
    this call: it changes them.
    """
    while True:
        while k < 9 and not counts[k]:
            k += 1
        if k == 9:
            if not need_pair:
                found.append((pair, tuple(groups)))
            return
        copies = counts[k]
        if copies == 1 or (copies == 2 and not need_pair):  # every copy starts a run
            if k > 6 or counts[k + 1] < copies or counts[k + 2] < copies:
                return
            counts[k + 1] -= copies  # (counts[k] is left as it is: the split goes on from k + 1)
            counts[k + 2] -= copies
            groups += [_CLOSED_RUN[base + k]] * copies
        elif copies == 2 and (k > 6 or counts[k + 1] < 2 or counts[k + 2] < 2):
            need_pair, pair = False, base + k  # a pair is needed and two runs cannot start here
        elif copies == 3 and not need_pair and (k > 6 or counts[k + 1] < 3 or counts[k + 2] < 3):
            groups.append(_CLOSED_TRIPLET[base + k])  # three runs cannot start here
        else:
            break  # a real choice
        k += 1
    for pairs in (0, 1) if need_pair else (0,):
        for triplets in (0, 1) if copies - 2 * pairs >= 3 else (0,):
            runs = copies - 2 * pairs - 3 * triplets
            if runs and (k > 6 or counts[k + 1] < runs or counts[k + 2] < runs):
                continue
            rest = counts[:]
            if runs:
                rest[k + 1] -= runs
                rest[k + 2] -= runs
            added = [_CLOSED_TRIPLET[base + k]] * triplets + [_CLOSED_RUN[base + k]] * runs
            _split(rest, base, k + 1, need_pair and not pairs, base + k if pairs else pair, groups + added, found)


def clear_caches() -> None:
    """Forget the cached block splits (benchmarks start cold)."""
    _block_splits.cache_clear()


def _run_wait(first: int, win_kind: int) -> str:
    """The wait a run had before the winning tile: 4-5 waiting on 3/6, 4_6, 1-2 waiting on 3."""
    position = win_kind - first
    if position == 1:
        return "kanchan"
    if (position == 2 and first % 9 == 0) or (position == 0 and first % 9 == 6):
        return "penchan"
    return "ryanmen"


def _waits(closed: tuple[Group, ...], pair: int, win_kind: int, fixed: tuple[Group, ...],
           tsumo: bool) -> list[Reading]:
    """One reading per place the winning tile can have been in one set split.

    The groups' summary is the same for every wait; only a shanpon won by ron changes it
    (that triplet is open, so one concealed triplet fewer).
    """
    every = closed + fixed
    runs, triplets, concealed = _summary(every)
    found = [Reading("regular", every, pair, "tanki", runs, triplets, concealed)] if pair == win_kind else []
    for group in _SETS_WITH[win_kind]:
        if group not in closed:  # (the same run twice, iipeikou, gives one reading)
            continue
        if group.run:
            wait = _run_wait(group.first, win_kind)
            found.append(Reading("regular", every, pair, wait, runs, triplets, concealed))
        elif tsumo:
            found.append(Reading("regular", every, pair, "shanpon", runs, triplets, concealed))
        else:  # a shanpon completed by ron: that triplet came partly from a discard
            i = closed.index(group)
            groups = (*closed[:i], Group(win_kind, False, True), *closed[i + 1:], *fixed)
            found.append(Reading("regular", groups, pair, "shanpon", runs, triplets, concealed - 1))
    return found


def _sets_with(kind: int) -> tuple[Group, ...]:
    """The closed sets a tile of this kind can be in, in the order a split lists them (by first
    kind, a triplet before a run): so readings come out in the order of the groups."""
    runs = [first for first in (kind - 2, kind - 1, kind) if first // 9 == kind // 9 < 3 and first % 9 <= 6]
    return (*[_CLOSED_RUN[first] for first in runs if first < kind], _CLOSED_TRIPLET[kind],
            *[_CLOSED_RUN[first] for first in runs if first == kind])


_SETS_WITH = tuple(_sets_with(kind) for kind in range(34))


def _special_readings(counts: Sequence[int], win_kind: int, regular: bool) -> list[Reading]:
    """Seven pairs, or thirteen orphans, for a closed 14-tile hand (``regular``: it has a regular reading)."""
    if 1 not in counts and counts.count(2) == 7:
        return [Reading("chiitoitsu", (), -1, "tanki")]
    if not regular and counts.count(0) == 21 and all([counts[k] for k in YAOCHUU_KINDS]):
        doubled = next(k for k in YAOCHUU_KINDS if counts[k] == 2)
        return [Reading("kokushi", (), doubled, "kokushi13" if doubled == win_kind else "tanki")]
    return []
