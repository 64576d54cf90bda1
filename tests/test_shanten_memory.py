"""The shanten memos stay within their share of the cartridge's memory (issue 10).

game.rules.shanten bounds its memos so that all of them together stay under 1 MiB, half of
PICO-8's 2 MiB (docs/design.md), as tracemalloc counts them: filled by play (many random hands
of every family and size, and the discard evaluation's draws), and filled to every bound at
once with entries as large as real ones can be. Filled past its bound, a memo is cleared,
never grown: by 30,000 hands of play at the real bounds, and with every bound shrunk so that
play passes each of them many times.
"""

from __future__ import annotations

import random
import tracemalloc

from conftest import PICO8_MEMORY_BYTES
from hand_families import GENERATORS, SIZES

from engine.tasks import run_to_end
from game.rules import hand_record, kept_tiles
from game.rules import shanten as sh

HANDS = 4_000
MEMO_SHARE_BYTES = PICO8_MEMORY_BYTES // 2  # design.md: the memos take half the cartridge's memory
PAST_THE_BOUNDS = 30_000  # hands: the memos play fills most go past their bounds several times
# Each bound shrunk, so that a few thousand hands pass every one of them (the head, rest and
# steps memos hold only a few hundred entries in any play).
SHRUNK = {"suit": ("MAX_SUIT_MEMO", 60), "piece": ("MAX_PIECE_MEMO", 30), "run": ("MAX_RUN_MEMO", 20),
          "merge": ("MAX_MERGE_MEMO", 30), "steps": ("MAX_STEPS_MEMO", 8), "honours": ("MAX_HONOURS_MEMO", 15),
          "head": ("MAX_HEAD_MEMO", 20), "rest": ("MAX_REST_MEMO", 12), "advancing": ("MAX_ADVANCING_MEMO", 10)}


def watched_play(rng: random.Random, hands: int, bounds: dict[str, int]) -> tuple[dict, dict, list]:
    """Shanten of ``hands`` hands of every family and size (and now and then a 14-tile hand's
    discard evaluation), the memos read after each: the most each held, how many times each
    was cleared (it held fewer than the hand before), and every answer."""
    most = dict.fromkeys(bounds, 0)
    cleared = dict.fromkeys(bounds, 0)
    held_before = dict.fromkeys(bounds, 0)
    answers = []
    for i in range(hands):
        family = GENERATORS[i % len(GENERATORS)]
        answers.append(sh.shanten(family(rng, SIZES[i % len(SIZES)])))
        if i % 50 == 0:
            answers.append(run_to_end(sh.evaluate_discards(family(rng, 14))))
        for name, (held, _) in hand_record.memo_usage().items():
            if name in bounds:
                most[name] = max(most[name], held)
                cleared[name] += held < held_before[name]
                held_before[name] = held
    return most, cleared, answers


def test_memos_filled_past_their_bounds_by_play_are_cleared_not_grown():
    bounds = {name: bound for name, (_, bound) in hand_record.memo_usage().items() if name in SHRUNK}
    hand_record.clear_memos()
    try:
        most, cleared, _ = watched_play(random.Random("past the bounds"), PAST_THE_BOUNDS, bounds)
    finally:
        hand_record.clear_memos()
    assert all(cleared[name] >= 1 for name in ("suit", "piece", "run", "merge", "honours")), cleared
    assert all(most[name] <= bounds[name] for name in bounds), (most, bounds)


def test_every_memo_shrunk_is_cleared_at_its_bound_and_the_answers_stay(monkeypatch):
    """Eviction changes no answer: the same hands give the same shanten and discards."""
    hand_record.clear_memos()
    _, _, unbounded = watched_play(random.Random("shrunk"), 3000, {})
    for constant, bound in SHRUNK.values():
        monkeypatch.setattr(hand_record, constant, bound)
    hand_record.clear_memos()
    try:
        most, cleared, answers = watched_play(random.Random("shrunk"), 3000,
                                              {name: bound for name, (_, bound) in SHRUNK.items()})
    finally:
        hand_record.clear_memos()
    assert all(cleared[name] >= 3 for name in SHRUNK), cleared
    assert all(most[name] <= bound for name, (_, bound) in SHRUNK.items()), most
    assert answers == unbounded


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
    assert peak <= MEMO_SHARE_BYTES, f"{peak / 1024:.0f} KiB"


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
            (hand_record._steps_memo, hand_record.MAX_STEPS_MEMO, record, steps),
            # a hand's counts and shanten -> its advancing kinds: at most all 34
            (hand_record._advancing_memo, hand_record.MAX_ADVANCING_MEMO, lambda: counts(35), lambda: bytes(range(34)))):
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
    assert peak <= MEMO_SHARE_BYTES, f"{peak / 1024:.0f} KiB"


def test_filling_every_memo_reaches_every_bound():
    fill_every_memo(random.Random("bounds"))
    try:
        usage = hand_record.memo_usage()
        assert [held for held, _ in usage.values()] == [bound for _, bound in usage.values()]
    finally:
        hand_record.clear_memos()
