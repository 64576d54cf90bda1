"""Shanten, waits, ukeire and the discard evaluation.

A hand of n concealed tiles (n = 3k+1 or 3k+2; the 4-k called melds are implied) aims at
k sets and a pair. Shanten counts the tiles still missing, less one:

    shanten = 3k + 1 - kept

where ``kept`` is the most of the hand's tiles that one complete target hand (k sets +
a pair, at most four copies of any kind) can keep. Said in tiles kept, Tenhou's rule is
exact for free: a wait on a kind the hand already holds four of would need a fifth copy,
so it is not tenpai.

    >>> from game.rules.tiles import counts34, parse_tiles
    >>> shanten(counts34(parse_tiles("123m456p789s1122z")))
    0
    >>> shanten(counts34(parse_tiles("1111m234p567s789s")))
    1
    >>> shanten_forms(counts34(parse_tiles("19m19p19s1234567z")))
    (8, 6, 0)

How ``kept`` is found, exact and fast (the naive method): game.rules.kept_tiles. Chiitoitsu
and kokushi are counted here with ``bytes.count``, kokushi only when it could be the lowest.

Ukeire draws each kind that may matter once: kinds next to the hand's tiles one by one,
and the far kinds in two classes (yaochuu or not) whose members all score alike. Only the
part a drawn tile lands in is looked up again. The kinds that advance a hand are memoised too
(``hand_record``'s bounded memos): one CPU decision asks them of the same hands many times over
(its cuts' ukeire, their waits, the outlook's tenpai), and the review asks each decision twice.
"""

from __future__ import annotations

import operator
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.tasks import TaskGen, run_to_end
from game.rules import hand_record
from game.rules.errors import InputError
from game.rules.hand_record import (
    _BAD_COUNTS, _FIELD_BITS, _FIELD_MASK, _VALID_COUNTS, NUM_TILES_OF_KIND, _merge,
)
from game.rules.kept_tiles import _honour_record, _suit_met
from game.rules.tiles import NUM_KINDS, YAOCHUU_KINDS, is_yaochuu

MAX_HAND = 14

_yaochuu_counts = operator.itemgetter(*YAOCHUU_KINDS)
# Named by assignment rather than imported, as game.rules.kept_tiles names the others (see there).
_suit_memo = hand_record._suit_memo
_honours_memo = hand_record._honours_memo
_advancing_memo = hand_record._advancing_memo


# ---------------------------------------------------------------- shanten


def _checked(counts34: Sequence[int]) -> tuple[bytes, int]:
    """The counts as bytes and the tile total, or InputError."""
    try:
        packed = bytes(counts34)
    except (TypeError, ValueError):
        raise InputError(_BAD_COUNTS) from None
    if len(packed) != NUM_KINDS or packed.translate(None, _VALID_COUNTS):
        raise InputError(_BAD_COUNTS)
    total = sum(packed)
    if total % 3 == 0 or total > MAX_HAND:
        raise _size_error(total)
    return packed, total


def _size_error(total: int) -> InputError:
    return InputError(f"a hand has 1-14 tiles, not a multiple of 3 (got {total})")


def _regular_shanten(record: int, tiles: int) -> int:
    """Shanten of a whole hand of ``tiles`` tiles from its record: 3k + 1 - kept, with k sets
    and the pair."""
    if tiles % 3 == 0 or tiles > MAX_HAND:
        raise _size_error(tiles)
    sets = tiles // 3
    return 3 * sets + 1 - (record >> _FIELD_BITS * (5 + sets) & _FIELD_MASK)


def _part_record(part: int, counts: bytes) -> int:
    """Record of part 0..2 (a suit) or 3 (the honours), from that part's counts."""
    if part == 3:
        return _honour_record(counts)
    record = _suit_memo.get(counts)
    return _suit_met(counts) if record is None else record


def _hand_record(packed: bytes) -> int:
    """Record of the whole hand: the first two suits merged, the third and the honours merged,
    then the two halves (each half's merge recurs from hand to hand far more than a running
    total's would)."""
    suits = _suit_memo  # a suit's exact counts are looked up first: no key to build
    first = suits.get(packed[0:9])
    if first is None:
        first = _suit_met(packed[0:9])
    second = suits.get(packed[9:18])
    if second is None:
        second = _suit_met(packed[9:18])
    third = suits.get(packed[18:27])
    if third is None:
        third = _suit_met(packed[18:27])
    honours = packed[27:34].replace(b"\0", b"")  # where the honours held sit does not matter
    if honours:
        third = _merge(third, _honours_memo.get(honours) or _honours_met(honours))
    return _merge(_merge(first, second), third)


def _honours_met(honours: bytes) -> int:
    """Record of the honour counts held (no zeros) that the memo lacks (memoised under them)."""
    if len(_honours_memo) >= hand_record.MAX_HONOURS_MEMO:
        _honours_memo.clear()
    record = _honours_memo[honours] = _honour_record(honours)
    return record


def _chiitoitsu(packed: bytes) -> int:
    kinds = NUM_KINDS - packed.count(0)
    pairs = kinds - packed.count(1)
    if pairs == 7:
        return -1
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def _kokushi(packed: bytes) -> int:
    counts = _yaochuu_counts(packed)
    missing = counts.count(0)
    has_pair = 13 - missing - counts.count(1) > 0
    return missing - has_pair


def shanten(counts34: Sequence[int]) -> int:
    """Shanten of the concealed tiles (-1 complete, 0 tenpai); the best of the three forms.

        >>> from game.rules.tiles import counts34, parse_tiles
        >>> shanten(counts34(parse_tiles("1122334455667z")))
        0
        >>> shanten(counts34(parse_tiles("11m")))  # four called sets and a pair
        -1
    """
    # _checked's checks, the cheap way round as this is the hot path: counts over 4 are
    # caught on a memo miss (see hand_record._check_part).
    try:
        packed = bytes(counts34)
    except (TypeError, ValueError):
        raise InputError(_BAD_COUNTS) from None
    if len(packed) != NUM_KINDS:
        raise InputError(_BAD_COUNTS)
    tiles = sum(packed)  # _regular_shanten, inline
    if tiles % 3 == 0 or tiles > MAX_HAND:
        raise _size_error(tiles)
    sets = tiles // 3
    best = 3 * sets + 1 - (_hand_record(packed) >> 6 * (5 + sets) & 63)
    if best > 0 and tiles >= 13:  # _chiitoitsu, inline
        kinds = NUM_KINDS - packed.count(0)
        pairs = kinds - packed.count(1)
        chiitoitsu = -1 if pairs == 7 else 6 - pairs + (7 - kinds if kinds < 7 else 0)
        if chiitoitsu < best:
            best = chiitoitsu
        if 12 - kinds < best:  # kokushi needs 13 kinds less one: it is at least 12 - kinds
            kokushi = _kokushi(packed)
            if kokushi < best:
                best = kokushi
    return best


def shanten_forms(counts34: Sequence[int]) -> tuple[int, int | None, int | None]:
    """(regular, chiitoitsu, kokushi) shanten; the last two only for 13 or 14 tiles.

        >>> from game.rules.tiles import counts34, parse_tiles
        >>> shanten_forms(counts34(parse_tiles("1122m3344p5566s7z")))
        (3, 0, 10)
        >>> shanten_forms(counts34(parse_tiles("1234m")))
        (0, None, None)
    """
    packed, total = _checked(counts34)
    regular = _regular_shanten(_hand_record(packed), total)
    if total < 13:
        return regular, None, None
    return regular, _chiitoitsu(packed), _kokushi(packed)


# ---------------------------------------------------------------- ukeire and waits


@dataclass(frozen=True)
class Ukeire:
    """The kinds that lower shanten when drawn, with how many of each are unseen.

    ``kinds`` maps kind -> unseen copies (4 - own - visible; 0 stays listed: the kind still
    advances the hand, which furiten needs); ``total`` sums them; ``share`` is total over
    all unseen tiles (136 - own - visible).
    """

    shanten: int
    kinds: dict[int, int]
    total: int
    share: float


_PART_SLICES = ((0, 9), (9, 18), (18, 27), (27, 34))


def _near_kinds(counts34: Sequence[int]) -> list[bool]:
    """Kinds the hand holds, and suited kinds within two of a held tile of their suit."""
    near = [False] * NUM_KINDS
    for k in range(NUM_KINDS):
        if counts34[k]:
            if k >= 27:
                near[k] = True
            else:
                position = k % 9
                for j in range(k - min(position, 2), k + min(8 - position, 2) + 1):
                    near[j] = True
    return near


def _draw_classes(counts34: Sequence[int]) -> list[list[int]]:
    """The kinds one may draw, in classes that change shanten alike; one draw per class is tried.

    A kind near the hand's tiles is a class of its own. A far kind (an honour the hand
    lacks, or a suited kind two or more empty kinds away from its suit's tiles) starts a
    block alone, and every such loner scores alike in the regular form and in chiitoitsu;
    kokushi tells yaochuu from the rest. So the far kinds make two classes.
    """
    near = _near_kinds(counts34)
    classes: list[list[int]] = []
    far_yaochuu: list[int] = []
    far_simple: list[int] = []
    for k in range(NUM_KINDS):
        if near[k]:
            if counts34[k] < NUM_TILES_OF_KIND:
                classes.append([k])
        else:
            (far_yaochuu if is_yaochuu(k) else far_simple).append(k)
    return classes + [c for c in (far_yaochuu, far_simple) if c]


def _shanten_after_draws(counts34: Sequence[int], draws: list[int]) -> TaskGen[list[int]]:
    """Task: shanten of the 3n+1 hand plus each drawn kind, recomputing only the part it
    lands in. Yields before each draw: a part the memos have not seen is solved then, and
    under a frame's budget one solve is the most a step should hold."""
    packed = bytes(counts34)
    total = sum(packed) + 1
    parts = [packed[start:end] for start, end in _PART_SLICES]
    records = [_part_record(part, counts) for part, counts in enumerate(parts)]
    others = [
        _merge(_merge(records[1], records[2]), records[3]),
        _merge(_merge(records[0], records[2]), records[3]),
        _merge(_merge(records[0], records[1]), records[3]),
        _merge(_merge(records[0], records[1]), records[2]),
    ]
    special = total >= 13
    if special:
        kinds = NUM_KINDS - packed.count(0)
        pairs = kinds - packed.count(1)
        yaochuu = _yaochuu_counts(packed)
        yaochuu_missing = yaochuu.count(0)
        yaochuu_pairs = 13 - yaochuu_missing - yaochuu.count(1)
    results = []
    for k in draws:
        yield
        part = min(k // 9, 3)
        start = _PART_SLICES[part][0]
        grown = bytearray(parts[part])
        grown[k - start] += 1
        best = _regular_shanten(_merge(others[part], _part_record(part, bytes(grown))), total)
        if special and best > 0:
            held = counts34[k]
            new_kinds = kinds + (held == 0)
            new_pairs = pairs + (held == 1)
            chiitoitsu = -1 if new_pairs == 7 else 6 - new_pairs + max(0, 7 - new_kinds)
            missing, has_pair = yaochuu_missing, yaochuu_pairs > 0
            if is_yaochuu(k):
                missing -= held == 0
                has_pair = has_pair or held == 1
            best = min(best, chiitoitsu, missing - has_pair)
        results.append(best)
    return results


def advancing_kinds(counts34: Sequence[int], current: int) -> TaskGen[list[int]]:
    """Task: kinds (sorted) whose draw lowers the shanten of a 3n+1 hand below ``current``
    (memoised: a hand met again answers at its first checkpoint, which it keeps, so that the
    loops that ask it of hand after hand still step between hands under the frame's budget).
    ``current`` is the hand's shanten.

        >>> from engine.tasks import run_to_end
        >>> from game.rules.tiles import counts34, kind_name, parse_tiles
        >>> hand = counts34(parse_tiles("123m456p789s1135z"))  # one-shanten: 1z, 3z, 5z advance
        >>> [kind_name(k) for k in run_to_end(advancing_kinds(hand, shanten(hand)))]
        ['1z', '3z', '5z']
    """
    key = bytes(counts34) + bytes((current + 1,))
    found = _advancing_memo.get(key)
    if found is not None:
        yield
    else:
        classes = _draw_classes(counts34)
        after = yield from _shanten_after_draws(counts34, [kinds[0] for kinds in classes])
        found = bytes(sorted(k for kinds, value in zip(classes, after) if value < current for k in kinds))
        hand_record._remember(_advancing_memo, hand_record.MAX_ADVANCING_MEMO, key, found)
    return list(found)


def _unseen(counts34: Sequence[int], visible34: Sequence[int] | None) -> list[int]:
    if visible34 is None:
        visible34 = [0] * NUM_KINDS
    if len(visible34) != NUM_KINDS:
        raise InputError("visible counts must be 34 numbers")
    unseen = [NUM_TILES_OF_KIND - own - seen for own, seen in zip(counts34, visible34)]
    if min(unseen) < 0 or min(visible34) < 0:
        raise InputError("more than four copies of a kind between the hand and the visible tiles")
    return unseen


def _ukeire_of_draw_hand(counts34: list[int], unseen: list[int]) -> TaskGen[Ukeire]:
    current = shanten(counts34)
    kinds = {k: unseen[k] for k in (yield from advancing_kinds(counts34, current))}
    total = sum(kinds.values())
    all_unseen = sum(unseen)
    return Ukeire(current, kinds, total, total / all_unseen if all_unseen else 0.0)


def ukeire(counts34: Sequence[int], visible34: Sequence[int] | None = None) -> Ukeire:
    """Ukeire: the kinds that lower the shanten of a 3n+1 hand when drawn, and how many.

    For a 3n+2 hand (one to discard) it is the ukeire after the recommended discard.

        >>> from game.rules.tiles import counts34, parse_kinds, parse_tiles
        >>> u = ukeire(counts34(parse_tiles("123m456p789s1122z")))
        >>> u.shanten, sorted(u.kinds), u.total
        (0, [27, 28], 4)
        >>> seen = counts34(k * 4 for k in parse_kinds("1z"))
        >>> ukeire(counts34(parse_tiles("123m456p789s1122z")), seen).kinds
        {27: 1, 28: 2}
    """
    counts = list(counts34)
    _, total = _checked(counts)
    unseen = _unseen(counts, visible34)
    if total % 3 == 2:
        return run_to_end(evaluate_discards(counts, visible34))[0].ukeire
    return run_to_end(_ukeire_of_draw_hand(counts, unseen))


def waits(counts34: Sequence[int]) -> list[int]:
    """Kinds that complete a tenpai 3n+1 hand, never one the hand holds four of; [] if not tenpai.

        >>> from game.rules.tiles import counts34, parse_tiles
        >>> waits(counts34(parse_tiles("1112345678999m")))
        [0, 1, 2, 3, 4, 5, 6, 7, 8]
        >>> waits(counts34(parse_tiles("1111m234p567s789s")))  # only 1m, held four times
        []
    """
    return run_to_end(waits_task(counts34))


def waits_task(counts34: Sequence[int]) -> TaskGen[list[int]]:
    """Task: :func:`waits`, with a checkpoint before each draw it tries."""
    counts = list(counts34)
    _, total = _checked(counts)
    if total % 3 != 1:
        raise InputError(f"waits need a hand of 3n+1 tiles (got {total})")
    if shanten(counts) != 0:
        return []
    return (yield from advancing_kinds(counts, 0))


# ---------------------------------------------------------------- discard evaluation


@dataclass(frozen=True)
class DiscardOption:
    """One distinct discard: the kind, the shanten after it and the ukeire then."""

    kind: int
    shanten: int
    ukeire: Ukeire


def _loneliness(counts34: Sequence[int], k: int) -> int:
    """Tie-break rank: 0 a lone honour, 1 a lone terminal (nothing within two), 2 the rest."""
    if counts34[k] != 1:
        return 2
    if k >= 27:
        return 0
    position = k % 9
    if position not in (0, 8):
        return 2
    step = 1 if position == 0 else -1
    return 1 if not (counts34[k + step] or counts34[k + 2 * step]) else 2


def evaluate_discards(
    counts34: Sequence[int], visible34: Sequence[int] | None = None
) -> Generator[Any, None, list[DiscardOption]]:
    """Task: every distinct discard of a 3n+2 hand, best first; ``[0]`` is the recommendation.

    Best = lowest shanten after the discard, then most unseen ukeire tiles, then a lone
    honour, then a lone terminal, then the lowest kind (the CPU breaks ties by hand value
    later). Yields progress between candidate discards.

        >>> from engine.tasks import run_to_end
        >>> from game.rules.tiles import counts34, kind_name, parse_tiles
        >>> options = run_to_end(evaluate_discards(counts34(parse_tiles("123m456p789s1122z7z"))))
        >>> [(kind_name(o.kind), o.shanten, o.ukeire.total) for o in options[:3]]
        [('7z', 0, 4), ('1m', 1, 11), ('4p', 1, 11)]
    """
    counts = list(counts34)
    _, total = _checked(counts)
    if total % 3 != 2:
        raise InputError(f"discards need a hand of 3n+2 tiles (got {total})")
    unseen = _unseen(counts, visible34)
    kinds = [k for k in range(NUM_KINDS) if counts[k]]
    options = []
    for done, k in enumerate(kinds):
        yield done / len(kinds)
        counts[k] -= 1  # the discard leaves the hand but is not unseen: unseen stays as it is
        after = yield from _ukeire_of_draw_hand(counts, unseen)
        counts[k] += 1
        options.append(DiscardOption(k, after.shanten, after))
    options.sort(key=lambda o: (o.shanten, -o.ukeire.total, _loneliness(counts, o.kind), o.kind))
    return options
