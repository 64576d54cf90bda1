"""The most tiles each part of a hand keeps: the naive method, exact and fast.

game.rules.shanten counts shanten as 3k + 1 - kept; this module finds ``kept``. It is the
naive method of the seed notes (remove a pair, the sets, the partial sets, count
``8 - 2*sets - partials - pair``) said in tiles kept.

How it stays fast without tables: suits are independent except for the number of sets and
the single pair, so each suit (and the honours) is summarised by its *record*: for p = 0, 1
pair groups and g = 0..4 set groups, the most tiles it keeps, all packed in one int (six
bits a figure) so that two records merge field by field in a few integer operations
(game.rules.hand_record). Within a suit, kinds two or more empty kinds apart cannot share a
set, so a suit is cut there into pieces, each a run solved alone by a small exact dynamic
programme over its kinds, whose states are the sequences still open (no more than two equal
ones need start at a kind: three keep what three triplets keep); the room around a run
matters only beside a quad, and there one free kind keeps what two keep unless the quad is
alone.

A run met for the first time is solved in two memoised halves. Its head (the first
HEAD_KINDS kinds, fewer in a run shorter than HEAD_KINDS + 3) is run forwards: the DP's
states after it are memoised by the head's counts, each built from the head one kind
shorter. Its tail (the rest) is run backwards (_rest): the record from each state the tail
can be entered in is memoised by the tail's counts, each built from the tail one kind
shorter. Runs share heads and tails far more often than whole runs, so a run never met
before mostly costs the join (_run_figures), a fixed handful of big-int operations instead
of some eighty steps of the DP. Under tracemalloc, where every int the solver makes costs
microseconds, that matters even more than the time.

A suit's exact counts, a piece where it sits, a run with its room, the honours, and two
records merged are each memoised in a dict, all bounded to 1 MiB together (tracemalloc; the
memos and their budget are game.rules.hand_record's), each simply cleared when full: a hand
met before is four look-ups and three merges (game.rules.shanten's _hand_record).
benchmarks/shanten.py times all this against the oracle by family of hand, cold and warm.

Below, in order: the DP over a run (_block_figures), a run as head and tail (_run_figures),
then the records of a run with its room, of the honours, and of a suit from its pieces.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules import hand_record  # the memos and their bounds (read when a memo fills)
from game.rules.hand_record import (
    _FIELD_BITS, _FIELD_MASK, _FIGURES, _GAINS, _GROUP_SHIFTS, _GUARDS, _KEPT_FIGURES,
    _ONE_MORE_PAIR, _ONE_MORE_SET, _ONES, _SPLITS, MAX_GROUPS, NUM_TILES_OF_KIND, _check_part,
    _merge, _remember, _unpack,
)

# The memos, named here by assignment rather than imported: on an imported name CPython
# compiles ``memo.get(key)`` as an attribute load, a bound method made at every call.
_suit_memo = hand_record._suit_memo
_piece_memo = hand_record._piece_memo
_run_memo = hand_record._run_memo
_honour_kinds_memo = hand_record._honour_kinds_memo
_head_memo = hand_record._head_memo
_rest_memo = hand_record._rest_memo
_moves_memo = hand_record._moves_memo

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
# The fields lane f of a join covers: those field f of the head moves the tail's into.
_LANE_COVER = sum(_SPLITS[f][2] * _FIELD_MASK << _LANE_BITS * f for f in _LANES)
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
_SLOT_OF_STATE = [(state & 7) + 3 * (state >> 3) for state in range(3 << 3 | 3)]  # see _heads
_ALL_REACHED = _REACHED * _ONES
_NOTHING_PLACED = _START << _HEAD_SLOTS | 1  # the head of no kinds: state 0, in slot 0


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
