"""The shanten memos stay within their share of the cartridge's memory (issue 10).

game.rules.shanten bounds its memos so that all of them together stay under MEMO_BUDGET_BYTES
(1 MiB) as tracemalloc counts them: filled by play (many random hands of every family
and size, and the discard evaluation's draws), and filled to every bound at once with
entries as large as real ones can be.
"""

from __future__ import annotations

import random
import tracemalloc

from engine.tasks import run_to_end
from game.rules import hand_record, kept_tiles
from game.rules import shanten as sh
from hand_families import GENERATORS, SIZES

HANDS = 4_000


def traced_peak(fill) -> int:
    """Peak bytes tracemalloc counts while the memos start empty and ``fill`` runs."""
    tracemalloc.start()
    try:
        hand_record.clear_memos()
        tracemalloc.reset_peak()
        start = tracemalloc.get_traced_memory()[0]
        fill()
        return tracemalloc.get_traced_memory()[1] - start
    finally:
        tracemalloc.stop()
        hand_record.clear_memos()


def test_memos_filled_by_play_stay_within_the_budget():
    rng = random.Random("memory")
    hands = [GENERATORS[i % len(GENERATORS)](rng, SIZES[i % len(SIZES)]) for i in range(HANDS)]
    fourteen = [GENERATORS[i % len(GENERATORS)](rng, 14) for i in range(40)]
    most = {}

    def play():
        for i, hand in enumerate(hands):
            sh.shanten(hand)
            if i % 100 == 0:
                for name, (held, _) in hand_record.memo_usage().items():
                    most[name] = max(most.get(name, 0), held)
        for hand in fourteen:
            run_to_end(sh.evaluate_discards(hand))

    peak = traced_peak(play)
    bounds = {name: bound for name, (_, bound) in hand_record.memo_usage().items()}
    assert all(most[name] > bounds[name] // 2 for name in ("suit", "piece", "run", "merge"))  # well used
    assert peak <= hand_record.MEMO_BUDGET_BYTES, f"{peak / 1024:.0f} KiB"


def fill_every_memo(rng: random.Random) -> None:
    """Each memo at its bound, keys as long as real ones (a whole suit, two records, a run's
    rest and its state) and every record a distinct int (in play many share one), a run's
    head with all nine states the DP can hold and a record with all nine merge steps: the
    most they hold."""

    def record():
        return hand_record._pack([rng.randrange(1, 15) for _ in range(10)])

    def counts(length):
        return bytes(rng.randrange(5) for _ in range(length))

    def head_states():
        packed = kept_tiles._HEAD_MASK  # all nine states reached
        for slot in range(kept_tiles._HEAD_SLOTS):
            packed |= record() << kept_tiles._HEAD_SLOT_BITS * slot + kept_tiles._HEAD_SLOTS
        return packed

    def steps():
        return hand_record._steps(hand_record._pack(list(range(1, 11))))  # kept rises at every field: 9 steps

    for memo, bound, key, value in (
            (hand_record._suit_memo, hand_record.MAX_SUIT_MEMO, lambda: counts(9), record),
            (hand_record._piece_memo, hand_record.MAX_PIECE_MEMO, lambda: counts(10), record),
            (hand_record._run_memo, hand_record.MAX_RUN_MEMO, lambda: counts(9), record),
            (hand_record._merge_memo, hand_record.MAX_MERGE_MEMO, lambda: record() << 60 | record(), record),
            (hand_record._head_memo, hand_record.MAX_HEAD_MEMO, lambda: counts(6), head_states),
            (hand_record._rest_memo, hand_record.MAX_REST_MEMO, lambda: counts(9), head_states),
            (hand_record._honours_memo, hand_record.MAX_HONOURS_MEMO, lambda: counts(7), record),
            (hand_record._steps_memo, hand_record.MAX_STEPS_MEMO, record, steps)):
        while len(memo) < bound:
            memo[key()] = value()
    for kinds in range(330):  # its bound by nature: how many honours held once, twice, ...
        hand_record._honour_kinds_memo[kinds] = record()
    for here in range(5):  # every key _moves can have
        for most_new in range(kept_tiles.MAX_EQUAL_SEQUENCES + 1):
            for pending in range(5):
                kept_tiles._moves(here, most_new, pending)


def test_every_memo_full_to_its_bound_stays_within_the_budget():
    rng = random.Random("full")
    peak = traced_peak(lambda: fill_every_memo(rng))
    assert peak <= hand_record.MEMO_BUDGET_BYTES, f"{peak / 1024:.0f} KiB"


def test_filling_every_memo_reaches_every_bound():
    fill_every_memo(random.Random("bounds"))
    try:
        usage = hand_record.memo_usage()
        assert [held for held, _ in usage.values()] == [bound for _, bound in usage.values()]
    finally:
        hand_record.clear_memos()
