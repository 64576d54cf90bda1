"""The record of a part of a hand, the merge of two, and every shanten memo with its bound.

A record sums up a part of the hand (a suit, the honours, several of them) in one int:
field f = p * 5 + g (6 bits at 6 * f, f = 0..9) holds the most tiles kept with p pair groups
(0/1) and g set groups (0..4), never decreasing in g. One int is cheap to store, to hash as
a memo key, and to merge field by field (see _packed_max); parts that keep alike share one,
whatever their tile counts (the hand's own count is all shanten needs). A part with no tiles
keeps nothing: its record is 0, and no other is.

How a part's record is found (the method): game.rules.kept_tiles; what it is for:
game.rules.shanten.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.errors import InputError

NUM_TILES_OF_KIND = 4
MAX_GROUPS = 4  # sets in a full hand

_KEPT_FIGURES = 10
_FIELD_BITS = 6
_FIELD_MASK = 63
_FIGURES = (1 << _FIELD_BITS * _KEPT_FIGURES) - 1
_ONES = sum(1 << _FIELD_BITS * f for f in range(_KEPT_FIGURES))
_GUARDS = _ONES << 5  # the top bit of every field; fields stay below 32 (see _packed_max)

# ---------------------------------------------------------------- memos
#
# Records are memoised in dicts, each simply cleared when full. The bounds keep all of them
# full together under MEMO_BUDGET_BYTES as tracemalloc counts them (tests/test_shanten_memory.py
# fills them; benchmarks/shanten.py prints it); no bound passes 2/3 of a power of two, where a
# dict's table would double. Every hand makes up to three merges, so they get a fair share;
# the exact suits, met most, the largest. The modules that fill a memo read its bound from here
# when it fills (never a copy of it), so the budget is set, and a test shrinks it, in one place.
MEMO_BUDGET_BYTES = 1024 * 1024
MAX_SUIT_MEMO = 2700
MAX_PIECE_MEMO = 1350
MAX_RUN_MEMO = 680
MAX_MERGE_MEMO = 1000
MAX_HEAD_MEMO = 1000
MAX_REST_MEMO = 600
MAX_HONOURS_MEMO = 600
MAX_STEPS_MEMO = 150
MAX_ADVANCING_MEMO = 85

# A suit's exact nine counts -> record: the first look-up, the most entries, the cheapest to
# find again (from its pieces' records), so kept apart from the pieces and runs it would clear.
_suit_memo: dict[bytes, int] = {}
# A piece of a suit (see kept_tiles._suit_met) with where it sits -> record; a run with its room
# (see kept_tiles._block_record) -> record.
_piece_memo: dict[bytes, int] = {}
_run_memo: dict[bytes, int] = {}
_merge_memo: dict[int, int] = {}  # two records a <= b as a << 60 | b -> their merge
_steps_memo: dict[int, tuple] = {}  # a record -> the steps a merge moves the other by
_honours_memo: dict[bytes, int] = {}  # the honour counts held, in order (no zeros) -> record
_honour_kinds_memo: dict[int, int] = {}  # how many honours held once, twice, ... -> record
_head_memo: dict[bytes, int] = {}  # a run's first kinds -> the DP's states after them
_rest_memo: dict[bytes, int] = {}  # a run's kinds from one on -> its records by entry state
_moves_memo: dict[int, tuple] = {}  # see kept_tiles._moves
_STEP_SHAPES: dict[tuple[int, int], tuple] = {}  # (field, kept) -> a merge step (see _steps)
# A 3n+1 hand's counts and shanten -> the kinds whose draw lowers it, as bytes (see
# shanten.advancing_kinds): one decision asks it of the same hands again and again (its cuts'
# ukeire, their waits, the outlook's draws on the way to tenpai), and the review asks each
# decision twice.
_advancing_memo: dict[bytes, bytes] = {}

# name -> (memo, bound); honour_kinds and moves are bounded by nature
_MEMOS: dict[str, tuple[dict, int]] = {
    "suit": (_suit_memo, MAX_SUIT_MEMO),
    "piece": (_piece_memo, MAX_PIECE_MEMO),
    "run": (_run_memo, MAX_RUN_MEMO),
    "merge": (_merge_memo, MAX_MERGE_MEMO),
    "honour_kinds": (_honour_kinds_memo, 330),
    "moves": (_moves_memo, 75),
    "steps": (_steps_memo, MAX_STEPS_MEMO),
    "honours": (_honours_memo, MAX_HONOURS_MEMO),
    "head": (_head_memo, MAX_HEAD_MEMO),
    "rest": (_rest_memo, MAX_REST_MEMO),
    "advancing": (_advancing_memo, MAX_ADVANCING_MEMO),
}


def memo_usage() -> dict[str, tuple[int, int]]:
    """Entries held and the bound of each memo, for the debug overlay and the benchmark.

        >>> memo_usage()["run"][1] == MAX_RUN_MEMO
        True
    """
    return {name: (len(memo), bound) for name, (memo, bound) in _MEMOS.items()}


def clear_memos() -> None:
    """Forget every memoised record (benchmarks and tests start cold)."""
    for memo, _ in _MEMOS.values():
        memo.clear()


def _remember(memo: dict, bound: int, key: bytes, record: int | bytes) -> int | bytes:
    """Memoise a record in one of the bounded memos, cleared when full; returns it."""
    if len(memo) >= bound:
        memo.clear()
    memo[key] = record
    return record


# ---------------------------------------------------------------- packing and merging


def _packed_max(a: int, b: int) -> int:
    """Field by field maximum of two packed figures, every field below 32.

    Setting each field's top bit in ``a`` and subtracting ``b`` leaves that bit set exactly
    where a >= b (no borrow crosses a field); the bit, less one shifted down, masks the field.

        >>> _packed_max(3 | 20 << 6, 5 | 17 << 6) == 5 | 20 << 6
        True
    """
    a_at_least_b = ((a | _GUARDS) - b) & _GUARDS
    return b ^ ((a ^ b) & (a_at_least_b - (a_at_least_b >> 5)))


def _pack(vector: Sequence[int]) -> int:
    """The record of a part that keeps ``vector``."""
    record = 0
    for f, kept in enumerate(vector):
        record |= kept << _FIELD_BITS * f
    return record


def _unpack(record: int) -> list[int]:
    """The ten kept figures of a record (for tests and the docs).

        >>> _unpack(_pack([0, 1, 1, 1, 1, 1, 1, 1, 1, 1]))
        [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    return [record >> _FIELD_BITS * f & _FIELD_MASK for f in range(_KEPT_FIGURES)]


def _group_shift(added: int, pair: int) -> tuple[int, int]:
    """Mask and shift moving packed field (p, g) to (p + pair, g + added), dropping overflow."""
    mask = 0
    for p in range(2 - pair):
        for g in range(MAX_GROUPS + 1 - added):
            mask |= 63 << _FIELD_BITS * (p * 5 + g)
    return mask, _FIELD_BITS * (pair * 5 + added)


def _split(f: int) -> tuple[int, int, int]:
    """For field f = (pa, ga) of a first record: the mask and shift moving a second record's
    field (p, g) to (p + pa, g + ga), and ones in just the fields it moves to."""
    mask, shift = _group_shift(f % 5, f // 5)
    return mask, shift, (_ONES & mask) << shift


# A few constants of the packing, shared by every memo entry that uses them.
_GROUP_SHIFTS = [[_group_shift(added, pair) for pair in (0, 1)] for added in range(MAX_GROUPS + 1)]
_GAINS = [kept * _ONES for kept in range(NUM_TILES_OF_KIND + 1)]
_SPLITS = [_split(f) for f in range(_KEPT_FIGURES)]  # see _merge
_ONE_MORE_SET = _group_shift(1, 0)
_ONE_MORE_PAIR = _group_shift(0, 1)


def _merge(a: int, b: int) -> int:
    """The record of two parts together: the sets split between them, one pair at most (memoised).

        >>> one = _pack([0, 1, 1, 1, 1, 1, 1, 1, 1, 1])  # a lone tile: a set or the pair keeps 1
        >>> _unpack(_merge(one, one))
        [0, 1, 2, 2, 2, 1, 2, 2, 2, 2]
    """
    if not a or not b:
        return a or b
    if a > b:  # one order for both: the part that keeps less (fewer steps, see _merge_new) first
        a, b = b, a
    key = a << 60 | b
    return _merge_memo.get(key) or _merge_new(a, b, key)


def _merge_new(a: int, b: int, key: int) -> int:
    """Each field (pa, ga) of ``a`` plus all of ``b`` moved up by it, kept at the field-wise
    max; memoised under ``key``."""
    merged = b  # a's field (0, 0) keeps nothing: b as it is
    guards = _GUARDS
    for mask, shift, gain in _steps_memo.get(a) or _steps(a):
        moved = ((b & mask) << shift) + gain
        at_least = ((merged | guards) - moved) & guards  # _packed_max, inline
        merged = moved ^ ((merged ^ moved) & (at_least - (at_least >> 5)))
    if len(_merge_memo) >= MAX_MERGE_MEMO:
        _merge_memo.clear()
    _merge_memo[key] = merged
    return merged


def _steps(a: int) -> tuple:
    """The fields of ``a`` a merge must move the other record by: (mask, shift, gain) each.

    A field no higher than the one before it in g, or than its no-pair twin, adds nothing
    those do not add already (the other record never decreases), so only a's steps count;
    field (0, 0) keeps nothing and moves nothing. Memoised: a record is merged many times.
    """
    steps = []
    before = 0
    for f in range(1, _KEPT_FIGURES):
        kept = a >> _FIELD_BITS * f & _FIELD_MASK
        if f == 5:
            before = 0
        if kept > before and (f < 5 or kept > (a >> _FIELD_BITS * (f - 5) & _FIELD_MASK)):
            step = _STEP_SHAPES.get((f, kept))
            if step is None:  # one per field and figure (at most 9 * 15), shared by every record
                mask, shift, ones = _SPLITS[f]
                step = _STEP_SHAPES[f, kept] = (mask, shift, kept * ones)
            steps.append(step)
        before = kept
    if len(_steps_memo) >= MAX_STEPS_MEMO:
        _steps_memo.clear()
    steps = _steps_memo[a] = tuple(steps)
    return steps


_VALID_COUNTS = bytes(range(NUM_TILES_OF_KIND + 1))
_BAD_COUNTS = "tile counts must be 34 numbers from 0 to 4"


def _check_part(counts: bytes) -> None:
    """Memo keys are valid counts, so checking on a miss is enough for the hot path."""
    if counts.translate(None, _VALID_COUNTS):
        raise InputError(_BAD_COUNTS)
