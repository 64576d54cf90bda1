"""Shanten, waits, ukeire and the discard evaluation: the naive method, exact and fast.

A hand of n concealed tiles (n = 3k+1 or 3k+2; the 4-k called melds are implied) aims at
k sets and a pair. Shanten counts the tiles still missing, less one:

    shanten = 3k + 1 - kept

where ``kept`` is the most of the hand's tiles that one complete target hand (k sets +
a pair, at most four copies of any kind) can keep. This is the naive method of the seed
notes (remove a pair, the sets, the partial sets, count ``8 - 2*sets - partials - pair``)
said in tiles kept, and it makes Tenhou's rule exact for free: a wait on a kind the hand
already holds four of would need a fifth copy, so it is not tenpai.

    >>> from game.rules.tiles import counts34, parse_tiles
    >>> shanten(counts34(parse_tiles("123m456p789s1122z")))
    0
    >>> shanten(counts34(parse_tiles("1111m234p567s789s")))
    1
    >>> shanten_forms(counts34(parse_tiles("19m19p19s1234567z")))
    (8, 6, 0)

How it stays fast without tables: suits are independent except for the number of sets and
the single pair, so each suit (and the honours) is summarised by its *record*: for p = 0, 1
pair groups and g = 0..4 set groups, the most tiles it keeps, all packed in one int (six
bits a figure) so that two records merge field by field in a few integer operations.
Within a suit, kinds two or more empty kinds apart cannot share a set, so a suit is cut
there into pieces, each a run solved alone by a small exact dynamic programme over its
kinds, whose states are the sequences still open (no more than two equal ones need start at
a kind: three keep what three triplets keep); the room around a run matters only beside a
quad, and there one free kind keeps what two keep unless the quad is alone. A run met for
the first time is joined from its head, run forwards, and its tail, run backwards, each
memoised and each built from one a kind shorter (see _run_figures). A suit's exact counts,
a piece where it sits, a run with its room, the honours, and two records merged are each
memoised in a dict, all bounded to 1 MiB together (tracemalloc), each simply cleared when
full: a hand met before is four look-ups and three merges. Chiitoitsu and kokushi are
counted with ``bytes.count``, kokushi only when it could be the lowest.
benchmarks/shanten.py times all this against the oracle by family of hand, cold and warm.

Ukeire draws each kind that may matter once: kinds next to the hand's tiles one by one,
and the far kinds in two classes (yaochuu or not) whose members all score alike. Only the
part a drawn tile lands in is looked up again.
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
    _BAD_COUNTS, _FIELD_BITS, _FIELD_MASK, _FIGURES, _GAINS, _GROUP_SHIFTS, _GUARDS,
    _KEPT_FIGURES, _ONE_MORE_PAIR, _ONE_MORE_SET, _ONES, _SPLITS, _VALID_COUNTS, MAX_GROUPS,
    NUM_TILES_OF_KIND, _check_part, _head_memo, _honour_kinds_memo, _honours_memo, _merge,
    _moves_memo, _piece_memo, _remember, _rest_memo, _run_memo, _suit_memo, _unpack)
from game.rules.tiles import NUM_KINDS, YAOCHUU_KINDS, is_yaochuu

MAX_HAND = 14

_yaochuu_counts = operator.itemgetter(*YAOCHUU_KINDS)


def _regular_shanten(record: int, tiles: int) -> int:
    """Shanten of a whole hand of ``tiles`` tiles from its record: 3k + 1 - kept, with k sets
    and the pair."""
    if tiles % 3 == 0 or tiles > MAX_HAND:
        raise _size_error(tiles)
    sets = tiles // 3
    return 3 * sets + 1 - (record >> _FIELD_BITS * (5 + sets) & _FIELD_MASK)


# ---------------------------------------------------------------- exact block solver


# The solver's states carry packed figures too, each field biased by 16: 16 + the most
# tiles kept so far, or less than 16 where no such choice exists yet. A block keeps at most
# 14 tiles, so a field stays below 32 and _packed_max applies.
_REACHED = 16
_START = _REACHED  # nothing placed: 0 pairs, 0 sets, 0 tiles kept
# Three equal sequences keep what three triplets of their kinds keep (the same target), so
# no more than two need start at one kind: fewer states, same figures.
MAX_EQUAL_SEQUENCES = 2


def _exact_vector(counts: Sequence[int], sequences: bool = True) -> list[int]:
    """The ten kept figures of a run of counts (see _block_figures), as a list.

        >>> _exact_vector([0, 0, 1, 1, 0, 0])  # a ryanmen: a set keeps 2
        [0, 2, 2, 2, 2, 1, 2, 2, 2, 2]
        >>> _exact_vector([4], sequences=False)  # four honours: the fourth is dead
        [0, 3, 3, 3, 3, 2, 3, 3, 3, 3]
    """
    return _unpack(_block_figures(counts, sequences))


def _block_figures(counts: Sequence[int], sequences: bool = True, entry: int = 0) -> int:
    """Most tiles kept for each (pairs p, sets g), packed, by dynamic programming over the kinds.

    A state is the number of sequences started one kind back and two kinds back (0..2
    each, see MAX_EQUAL_SEQUENCES), mapped to the packed kept figures (biased by _REACHED)
    of every way of getting there; ``entry`` is the state the run starts in (sequences
    begun before it, see _run_figures). At each kind we may start sequences, a triplet and
    a pair, as long as the target holds at most four copies of the kind. Groups that would
    keep none of our tiles are added at the end, as "never decreasing in g": an empty set or
    pair fits elsewhere.
    """
    last_start = len(counts) - 3 if sequences else -1  # a sequence may not run past the block
    states = {entry: _START}  # started_1 | started_2 << 3 -> packed kept figures
    for i in range(len(counts)):
        states = _advance(states.items(), counts, i, last_start)
    return _closed(states.values()) - _REACHED * _ONES


def _spare(counts: Sequence[int], i: int, last_start: int) -> int:
    """How many sequences that keep nothing at kind ``i`` may start there; -1: none at all.

    A spare sequence would keep as much one kind to the right, unless it cannot move there:
    the block ends (i + 3 is past it) or the kind it would move onto is held four times (its
    target may be full). Only then are they tried, never more than the copies of their other
    two kinds (checked exhaustively in the tests).
    """
    if i > last_start:
        return -1
    if i + 3 < len(counts) and counts[i + 3] < NUM_TILES_OF_KIND:
        return 0
    return max(counts[i + 1], counts[i + 2])


def _advance(states, counts: Sequence[int], i: int, last_start: int) -> dict[int, int]:
    """One kind of _block_figures: the states after kind ``i`` from the (state, figures) before."""
    here = counts[i]
    guards = _GUARDS
    moves_memo = _moves_memo
    spare = _spare(counts, i, last_start)
    following: dict[int, int] = {}
    best = following.get
    if not here and spare <= 0:  # nothing to keep or start here: sequences just move on
        for state, figures in states:
            key = (state & 7) << 3
            kept = best(key)
            if kept is not None:  # _packed_max, inline
                at_least = ((kept | guards) - figures) & guards
                figures ^= (kept ^ figures) & (at_least - (at_least >> 5))
            following[key] = figures
        return following
    for state, figures in states:
        started_1 = state & 7
        pending = started_1 + (state >> 3)
        if spare < 0:
            most_new = 0
        else:
            most_new = here - pending + spare if here > pending else spare
            if most_new > MAX_EQUAL_SEQUENCES:
                most_new = MAX_EQUAL_SEQUENCES
        key = here | most_new << 3 | pending << 6
        moves = moves_memo.get(key) or _moves(here, most_new, pending)
        shifted = started_1 << 3  # started one kind back is now two kinds back
        for new, variants in moves:
            key = shifted | new
            kept = best(key)
            for mask, bits, gain in variants:
                moved = ((figures & mask) << bits) + gain if bits else figures + gain
                if kept is None:
                    kept = moved
                else:  # _packed_max, inline on the hot path
                    at_least = ((kept | guards) - moved) & guards
                    kept = moved ^ ((kept ^ moved) & (at_least - (at_least >> 5)))
            following[key] = kept
    return following


# ---------------------------------------------------------------- a run as head and tail
#
# A new run is solved in two memoised halves. Its head (the first HEAD_KINDS kinds, fewer
# in a run shorter than HEAD_KINDS + 3) is run forwards: the DP's states after it are
# memoised by the head's counts, each built from the head one kind shorter. Its tail (the
# rest) is run backwards (_rest): the record from each state the tail can be entered in is
# memoised by the tail's counts, each built from the tail one kind shorter. Runs share heads
# and tails far more often than whole runs, so a run never met before mostly costs the join
# (_run_figures), a fixed handful of big-int operations instead of some eighty steps of the
# DP. Under tracemalloc, where every int the solver makes costs microseconds, that matters
# even more than the time.
HEAD_KINDS = 5
LOOK_AHEAD = 3  # the DP's step at a kind looks this far to its right (see _advance)
_QUAD_AHEAD = bytes([NUM_TILES_OF_KIND + 1])  # marks a head key that carries the kinds ahead

# Joining lays ten 64-bit lanes side by side in one int: lane f holds the tail's record moved
# up by field f of the head (as _merge does), plus the head's figure f where that lands.
# Lane (0, g) holds the tail's record moved up g sets, lane (1, g) its no-pair half moved into
# the pair's fields too: each half (five fields, 30 bits) times _TO_SET_LANES is itself moved
# up 0..4 sets in lanes 0..4, and the fields moved past four sets are cut off (_SET_LANES).
_LANE_BITS = 64
_LANES = range(_KEPT_FIGURES)
_LANE_GUARDS = sum(_GUARDS << _LANE_BITS * f for f in _LANES)
_LANE_LOWS = sum(_FIELD_MASK << _LANE_BITS * f for f in _LANES)
# Times this, field f of a head's figures lands at the bottom of lane f: the copies overlap
# only where fields below 32 cannot carry into a lane's bottom field.
_TO_LANES = sum(1 << (_LANE_BITS - _FIELD_BITS) * f for f in _LANES)
_REACHED_BITS = _ONES << 4  # a head's field holds 16 or more (bit 4) once reached
_FOLDS = tuple(_LANE_BITS * lanes for lanes in (5, 3, 2, 1))  # ten lanes into one, halving
_HEAD_SLOTS = 9  # the DP's states: 0..2 sequences started one kind back, and two kinds back
_HEAD_MASK = (1 << _HEAD_SLOTS) - 1
_HEAD_SLOT_BITS = 64
_HEAD_SLOT_SHIFTS: dict[int, tuple] = {}  # which slots a head holds -> (state, shift) of each
_HALF_BITS = _FIELD_BITS * 5  # a record's five no-pair fields, then its five pair fields
_HALF = (1 << _HALF_BITS) - 1
_TO_SET_LANES = sum(1 << (_LANE_BITS + _FIELD_BITS) * g for g in range(5))
_SET_LANES = sum(_HALF << _LANE_BITS * g for g in range(5))


def _head_states(run: bytes, length: int) -> int:
    """The DP's states after the run's first ``length`` kinds, packed in one int (see _heads).

    The steps look up to three kinds ahead, and only for a quad there (see _spare), so the
    key is the head's counts, and beyond them what each of its last steps sees of a quad
    three kinds on: how many spare sequences it may start. Unreached fields are zeroed (they
    stay below 16 either way), which _run_figures' join needs.
    """
    key = run[:length]
    if NUM_TILES_OF_KIND in run[length:length + LOOK_AHEAD]:
        spares = bytes(max(run[i + 1], run[i + 2]) if run[i + 3] == NUM_TILES_OF_KIND else 0
                       for i in range(max(length - LOOK_AHEAD, 0), length))
        if spares.strip(b"\0"):
            key += _QUAD_AHEAD + spares
    packed = _head_memo.get(key)
    if packed is None:
        before = _head_states(run, length - 1) if length > 1 else _NOTHING_PLACED
        following = _advance(_heads(before), run, length - 1, len(run) - 3)
        packed = 0
        for state, figures in following.items():
            slot = _SLOT_OF_STATE[state]
            figures &= ((figures & _REACHED_BITS) >> 4) * _FIELD_MASK
            packed |= figures << _HEAD_SLOT_BITS * slot + _HEAD_SLOTS | 1 << slot
        if len(_head_memo) >= hand_record.MAX_HEAD_MEMO:
            _head_memo.clear()
        _head_memo[key] = packed
    return packed


def _heads(packed: int) -> list[tuple[int, int]]:
    """The (state, figures) a packed head holds (see _slots)."""
    return [(state, packed >> shift & _FIGURES) for state, shift, _ in _slots(packed)]


def _slots(packed: int) -> tuple:
    """(state, shift, bit) of each state a packed head (or rest) holds: the low nine bits tell
    which of the nine states it reached (state s1 | s2 << 3 in slot s1 + 3 * s2, that slot's
    bit), each slot's figures 64 bits above the one before, from ``shift`` on."""
    slots = _HEAD_SLOT_SHIFTS.get(packed & _HEAD_MASK)
    if slots is None:
        slots = _HEAD_SLOT_SHIFTS[packed & _HEAD_MASK] = tuple(
            (slot % 3 | slot // 3 << 3, _HEAD_SLOT_BITS * slot + _HEAD_SLOTS, 1 << slot)
            for slot in range(_HEAD_SLOTS) if packed >> slot & 1)
    return slots


def _rest(run: bytes, start: int, state: int) -> int:
    """The record (biased by _REACHED) of the run's kinds from ``start`` on, entered in ``state``.

    The DP backwards: the best over the moves at ``start`` of what the rest keeps after
    them, moved up by the groups the move adds. Memoised by the counts from ``start`` on (the
    moves look ahead no further), the records of the states met so far packed in one int as
    a head's are (see _heads), so a run mostly meets a rest it has seen.
    """
    rest = run[start:]
    slot = _SLOT_OF_STATE[state]
    packed = _rest_memo.get(rest, 0)
    if packed >> slot & 1:
        return packed >> _HEAD_SLOT_BITS * slot + _HEAD_SLOTS & _FIGURES
    if start == len(run):  # empty groups fill every field; a sequence still open cannot end here
        return _ALL_REACHED if state == 0 else 0
    here = run[start]
    started_1 = state & 7
    pending = started_1 + (state >> 3)
    spare = _spare(run, start, len(run) - 3)
    if spare < 0:
        most_new = 0
    else:
        most_new = min(here - pending + spare if here > pending else spare, MAX_EQUAL_SEQUENCES)
    moves = _moves_memo.get(here | most_new << 3 | pending << 6) or _moves(here, most_new, pending)
    guards = _GUARDS
    best = 0
    for new, variants in moves:
        after = _rest(run, start + 1, started_1 << 3 | new)
        for mask, bits, gain in variants:
            moved = ((after & mask) << bits) + gain if bits else after + gain
            at_least = ((best | guards) - moved) & guards
            best = moved ^ ((best ^ moved) & (at_least - (at_least >> 5)))
    packed = _rest_memo.get(rest)  # again: the steps after this one may have cleared the memo
    if packed is None:
        if len(_rest_memo) >= hand_record.MAX_REST_MEMO:
            _rest_memo.clear()
        packed = 0
    _rest_memo[rest] = packed | best << _HEAD_SLOT_BITS * slot + _HEAD_SLOTS | 1 << slot
    return best


def _run_figures(run: bytes) -> int:
    """_block_figures of a run, from its memoised head and tail (equal: checked in the tests).

    For each state the head can end in, lane f of ``joined`` is the tail's record entered in
    that state moved up by field (p, g) of the head, plus the head's figure there, in the
    fields it lands in: what _merge computes, one lane per field. The best over states and
    lanes is the run's record (the head's state 0, field (0, 0), lane 0 covers every field).

        >>> _unpack(_run_figures(bytes([1, 1, 2, 2, 1]))) == _exact_vector([1, 1, 2, 2, 1])
        True
    """
    head = min(HEAD_KINDS, len(run) - LOOK_AHEAD)  # every head step sees its kinds ahead
    if head < 1:
        return _rest(run, 0, 0) - _ALL_REACHED
    tail = run[head:]
    rests = _rest_memo
    half, to_sets, sets, half_bits = _HALF, _TO_SET_LANES, _SET_LANES, _HALF_BITS
    pair_lanes = _HALF_BITS + _LANE_BITS * 5
    to_lanes, lows, ones, cover, guards = _TO_LANES, _LANE_LOWS, _ONES, _LANE_COVER, _LANE_GUARDS
    joined = 0
    heads = _head_states(run, head)
    rest = rests.get(tail, 0)  # packed as a head is: the same slots
    for state, shift, bit in _slots(heads):
        if rest & bit:
            record = (rest >> shift & _FIGURES) - _ALL_REACHED
        else:
            record = _rest(run, head, state) - _ALL_REACHED
            rest = rests.get(tail, 0)
        figures = heads >> shift & _FIGURES
        no_pair = (record & half) * to_sets & sets
        moved = no_pair | ((record >> half_bits) * to_sets & sets) << half_bits | no_pair << pair_lanes
        moved += (figures * to_lanes & lows) * ones & cover
        at_least = ((joined | guards) - moved) & guards  # _packed_max, inline, lane by lane
        joined = moved ^ ((joined ^ moved) & (at_least - (at_least >> 5)))
    for shift in _FOLDS:  # the best of the ten lanes, into lane 0
        moved = joined >> shift
        at_least = ((joined | guards) - moved) & guards
        joined = moved ^ ((joined ^ moved) & (at_least - (at_least >> 5)))
    return (joined & _FIGURES) - _ALL_REACHED


def _closed(ends) -> int:
    """The field-wise best of the solver's end states, with empty groups added where they help.

    Field (0, 0) is always reached, so afterwards every field is: empty groups cost nothing.
    """
    guards = _GUARDS
    figures = 0
    for moved in ends:
        at_least = ((figures | guards) - moved) & guards  # _packed_max, inline
        figures = moved ^ ((figures ^ moved) & (at_least - (at_least >> 5)))
    for mask, bits in (_ONE_MORE_SET,) * MAX_GROUPS + (_ONE_MORE_PAIR,):  # never decreasing
        moved = (figures & mask) << bits
        at_least = ((figures | guards) - moved) & guards
        figures = moved ^ ((figures ^ moved) & (at_least - (at_least >> 5)))
    return figures


def _moves(here: int, most_new: int, pending: int) -> tuple:
    """The moves at a kind holding ``here`` tiles with ``pending`` sequences passing through.

    Each move starts ``new`` sequences (0 to ``most_new``, at most MAX_EQUAL_SEQUENCES) and
    maybe a triplet or the pair, with at most four copies of the kind in the target. A
    triplet or pair is only placed where it keeps a tile here: one that keeps nothing is an
    empty group, which fits anywhere (see _block_figures' end). The moves come as
    ``(new, variants)``, one per number of new sequences (they lead to the same state), each
    variant a (mask, bits, gain): the packed figures are masked, shifted by the groups it
    adds, and gain the tiles it keeps here in every field. Memoised: at most 5 * 3 * 5 keys,
    bounded by nature; the masks and gains are shared constants, so an entry is small.
    """
    moves = []
    for new in range(min(most_new, NUM_TILES_OF_KIND - pending) + 1):
        used = pending + new
        choices = [(used, 0, new)]
        if here > used and used + 3 <= NUM_TILES_OF_KIND:
            choices.append((used + 3, 0, new + 1))  # and a triplet
        if here > used and used + 2 <= NUM_TILES_OF_KIND:
            choices.append((used + 2, 1, new))  # and the pair
        variants = tuple((*_GROUP_SHIFTS[added][pair], _GAINS[min(target, here)])
                         for target, pair, added in choices if added <= MAX_GROUPS)
        moves.append((new, variants))
    moves = _moves_memo[here | most_new << 3 | pending << 6] = tuple(moves)
    return moves


# The fields lane f of a join covers: those field f of the head moves the tail's into.
_LANE_COVER = sum(_SPLITS[f][2] * _FIELD_MASK << _LANE_BITS * f for f in _LANES)
_SLOT_OF_STATE = [(state & 7) + 3 * (state >> 3) for state in range(3 << 3 | 3)]  # see _heads
_ALL_REACHED = _REACHED * _ONES
_NOTHING_PLACED = _START << _HEAD_SLOTS | 1  # the head of no kinds: state 0, in slot 0


# ---------------------------------------------------------------- records of suits and honours


def _block_record(block: bytes, room_left: int, room_right: int) -> int:
    """Record of one run of tiles (no two empty kinds in a row), memoised.

    The free kinds around it (0..2 each side) matter only near a quad (all checked in the
    tests): a run of three or more kinds needs no room on a side whose last three kinds
    hold no quad, and beside a quad one free kind keeps what two keep, unless the quad is
    alone. A run of two kinds without a quad keeps with one free kind beside it what it
    keeps with any room it can have. So each run is solved with the least room that keeps
    alike, and memoised so: fewer runs to solve, and shorter.
    """
    if len(block) == 1 and block[0] < NUM_TILES_OF_KIND:  # a lone kind keeps what an honour keeps
        return _honour_kind_record(block[0])
    if NUM_TILES_OF_KIND in block:
        if len(block) >= 3:
            room_left = room_left if NUM_TILES_OF_KIND in block[:3] else 0
            room_right = room_right if NUM_TILES_OF_KIND in block[-3:] else 0
        if len(block) >= 2:
            room_left, room_right = min(room_left, 1), min(room_right, 1)
        padded = bytes(room_left) + block + bytes(room_right)
    elif len(block) == 2:
        padded = b"\0" + block
    else:
        padded = block
    padded = min(padded, padded[::-1])  # a run keeps what its mirror image keeps
    record = _run_memo.get(padded)
    if record is None:
        record = _remember(_run_memo, hand_record.MAX_RUN_MEMO, padded, _run_figures(padded))
    return record


_GAP = bytes(2)  # runs this far apart share no set


def _honour_record(honours: bytes) -> int:
    """Record of the seven honour counts: each kind is one set, the pair, or nothing.

    Only how many kinds are held once, twice, ... matters, so that is the memo key (at most
    330 of them: bounded by nature; the honours themselves vary too much to be worth one).
    """
    _check_part(honours)  # the key would not see a count over 4
    kinds = honours.count(1) | honours.count(2) << 3 | honours.count(3) << 6 | honours.count(4) << 9
    record = _honour_kinds_memo.get(kinds)
    if record is None:
        record = 0
        for count in honours:
            if count:
                record = _merge(record, _honour_kind_record(count))
        _honour_kinds_memo[kinds] = record
    return record


def _honour_kind_record(count: int) -> int:
    """Record of one honour kind held ``count`` times (1-4), in the honours' memo.

    A suited kind alone in its run, held at most three times, keeps the same (a sequence
    through it keeps it alone, as a triplet or the pair would; checked in the tests).
    """
    kinds = 1 << 3 * (count - 1)  # _honour_record's key for it
    record = _honour_kinds_memo.get(kinds)
    if record is None:
        record = _honour_kinds_memo[kinds] = _block_figures((count,), False)
    return record


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


def _suit_met(suit: bytes) -> int:
    """Record of a suit whose exact counts _suit_memo lacks: its pieces' records merged, then
    memoised under its counts.

    Kinds two or more empty kinds apart share no set, so a suit is cut at every two empty
    kinds in a row into pieces, each solved alone (see _piece_met). A piece is memoised as it
    is, with where it sits (first, last, both or neither of the suit's pieces), which says
    how much room it has: pieces recur far more than suits.

        >>> [list(piece) for piece in bytes([0, 1, 2, 0, 0, 0, 4, 0, 0]).split(_GAP)]
        [[0, 1, 2], [0, 4], []]
    """
    pieces = suit.split(_GAP)
    last = len(pieces) - 1
    record = 0
    for i, piece in enumerate(pieces):
        if piece:
            key = _PIECE_PLACES[(i == 0) | (i == last) << 1] + piece
            piece_record = _piece_memo.get(key)
            if piece_record is None:
                piece_record = _piece_met(piece, i, last, key)
            record = _merge(record, piece_record)
    return _remember(_suit_memo, hand_record.MAX_SUIT_MEMO, suit, record)


_PIECE_PLACES = [bytes((NUM_TILES_OF_KIND + 1 + place,)) for place in range(4)]  # no count


def _piece_met(piece: bytes, i: int, last: int, key: bytes) -> int:
    """Record of piece ``i`` of a suit's pieces 0..``last`` (memoised under ``key``).

    The piece's run has two free kinds on a side where another piece follows; at the suit's
    ends, the empty kinds the piece starts or ends with (none or one: two would cut a piece).
    """
    _check_part(piece)
    run = piece.strip(b"\0")
    record = 0  # a piece of empty kinds keeps nothing
    if run:
        left = 2 if i else len(piece) - len(piece.lstrip(b"\0"))
        right = 2 if i < last else len(piece) - len(piece.rstrip(b"\0"))
        record = _block_record(run, left, right)
    return _remember(_piece_memo, hand_record.MAX_PIECE_MEMO, key, record)


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
    # caught on a memo miss (see _check_part).
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


def _advancing_kinds(counts34: Sequence[int], current: int) -> TaskGen[list[int]]:
    """Task: kinds (sorted) whose draw lowers the shanten of a 3n+1 hand below ``current``."""
    classes = _draw_classes(counts34)
    after = yield from _shanten_after_draws(counts34, [kinds[0] for kinds in classes])
    return sorted(k for kinds, value in zip(classes, after) if value < current for k in kinds)


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
    kinds = {k: unseen[k] for k in (yield from _advancing_kinds(counts34, current))}
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
    return (yield from _advancing_kinds(counts, 0))


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
