"""Shanten speed against the oracle, on the same hands in the same run.

Run: ``.venv/bin/python benchmarks/shanten.py [--hands N] [--seed S]``

Ours: ``game.shanten.shanten`` (pure Python, naive method, bounded memos, no tables).
Peer: ``mahjong`` 2.1.0's ``Shanten.calculate_shanten`` (pure Python, test-only).

Prints, for N random 13- and 14-tile hands and for N smaller hands (called melds implied):
µs per hand for ours with cold memos (the first pass, memos cleared before it), ours warm
(a second pass over the same hands), the peer, and the ratios. Both must agree on every hand;
the script checks that before it prints. Then the discard evaluation's p50/p99/max per
14-tile hand, the tracemalloc peak over all of it, and what the memos hold when every one is
full to its bound (the most they can ever take).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.shanten import Shanten  # noqa: E402

from engine.target import MEMORY_BUDGET_BYTES as BUDGET_BYTES  # noqa: E402
from engine.tasks import run_to_end  # noqa: E402
from game import shanten as ours  # noqa: E402
from game.tiles import counts34  # noqa: E402

CALLED_SIZES = (1, 2, 4, 5, 7, 8, 10, 11)


def random_hands(rng: random.Random, count: int, sizes: tuple[int, ...]) -> list[list[int]]:
    wall = list(range(136))
    hands = []
    for i in range(count):
        hands.append(counts34(rng.sample(wall, sizes[i % len(sizes)])))
    return hands


def time_per_hand(function, hands: list[list[int]]) -> tuple[float, list[int]]:
    start = time.perf_counter()
    results = [function(hand) for hand in hands]
    return (time.perf_counter() - start) / len(hands) * 1e6, results


def compare(title: str, hands: list[list[int]]) -> None:
    ours.clear_memos()
    cold, answers = time_per_hand(ours.shanten, hands)
    warm, _ = time_per_hand(ours.shanten, hands)
    peer, expected = time_per_hand(Shanten.calculate_shanten, hands)
    wrong = sum(a != b for a, b in zip(answers, expected))
    if wrong:
        sys.exit(f"{title}: {wrong} hands disagree with the oracle")
    print(f"{title} ({len(hands):,} hands, all agree with the oracle)")
    print(f"  ours, cold memos  {cold:7.2f} µs/hand   {peer / cold:5.1f}x faster than the peer")
    print(f"  ours, warm memos  {warm:7.2f} µs/hand   {peer / warm:5.1f}x faster than the peer")
    print(f"  peer (mahjong)    {peer:7.2f} µs/hand")


def discard_times(hands: list[list[int]]) -> None:
    ours.clear_memos()
    times = []
    for hand in hands:
        start = time.perf_counter()
        run_to_end(ours.evaluate_discards(hand))
        times.append((time.perf_counter() - start) * 1e3)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"discard evaluation ({len(hands):,} 14-tile hands, cold memos at the start)")
    print(f"  p50 {statistics.median(times):.2f} ms   p99 {p99:.2f} ms   max {times[-1]:.2f} ms"
          f"   (target p99 <= 5 ms)")


def memory_peak(hands: list[list[int]], discard_hands: list[list[int]]) -> None:
    ours.clear_memos()
    tracemalloc.start()
    for hand in hands:
        ours.shanten(hand)
    for hand in discard_hands:
        run_to_end(ours.evaluate_discards(hand))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"tracemalloc peak over all those hands and evaluations: {peak / 1024:.0f} KiB "
          f"({peak / BUDGET_BYTES:.0%} of the 2 MiB budget)")
    usage = ", ".join(f"{name} {held}/{bound}" for name, (held, bound) in ours.memo_usage().items())
    print(f"  memo entries at the end / bound: {usage}")


def memo_worst_case() -> None:
    """Every memo filled to its bound with entries shaped like real ones: the most they can hold."""
    ours.clear_memos()
    rng = random.Random(1)
    tracemalloc.start()
    records = [ours._intern([rng.randrange(15) for _ in range(10)]) for _ in range(ours.MAX_RECORDS)]
    def suited(length):
        return lambda: bytes(rng.randrange(5) for _ in range(length()))

    fills = [(ours._suit_memo, ours.MAX_SUIT_MEMO, suited(lambda: 9)),
             (ours._block_memo, ours.MAX_BLOCK_MEMO, suited(lambda: rng.randrange(3, 10))),
             (ours._honour_memo, ours.MAX_HONOUR_MEMO, suited(lambda: 7)),
             (ours._merge_memo, ours.MAX_MERGE_MEMO,
              lambda: rng.randrange(ours.MAX_RECORDS) << 16 | rng.randrange(ours.MAX_RECORDS))]
    for memo, bound, new_key in fills:
        while len(memo) < bound:
            memo[new_key()] = rng.choice(records)
    held, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    ours.clear_memos()
    print(f"every memo full to its bound: {held / 1024:.0f} KiB ({held / BUDGET_BYTES:.0%} of the 2 MiB budget)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--discards", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    full = random_hands(rng, args.hands, (13, 14))
    called = random_hands(rng, args.hands, CALLED_SIZES)
    discard_hands = random_hands(rng, args.discards, (14,))
    compare("13- and 14-tile hands", full)
    compare("hands with called melds (1-11 tiles)", called)
    discard_times(discard_hands)
    memory_peak(full + called, discard_hands)
    memo_worst_case()


if __name__ == "__main__":
    main()
