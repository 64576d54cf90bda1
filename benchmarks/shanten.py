"""Shanten speed against the oracle, by family of hand, on the same hands in the same run.

Run: ``.venv/bin/python benchmarks/shanten.py [--hands N] [--rounds R] [--seed S]``

Ours: ``game.rules.shanten.shanten`` (pure Python, the naive block-removal method organised by
suit, bounded memos, no tables). Peer: ``mahjong`` 2.1.0's ``Shanten.calculate_shanten``
(pure Python, test-only). Both get the same 34-kind counts.

Families (tests/hand_families.py): N hands of 13 and 14 tiles from each generator; N hands
with 1-4 called melds (1 to 11 tiles); the concealed hands of every decision in the real
logs of tests/data/logs (replayed through our rules), once each in a shuffled order; the
log games: those decisions game by game, in the order play met them, the memos emptied at
the start of each game; and the efficiency-seat games: whole games of ours played by the one
driver (game.play.driver) with four ``EfficientSeat``s, seats of this script that discard what
evaluate_discards recommends and never call (not the CPUs of game/cpu): every hand the
round's rules and evaluate_discards passed to ``shanten()``, in order, the memos emptied at
the start of each game.

"cold": our memos emptied before the family's pass, so they only help as they fill during
it; "warm": a second pass over the same hands. The two sides are timed chunk by chunk in
turn (so a busy machine slows both alike), the garbage collector held off, and each figure
is the best of R rounds. Every answer is checked against the peer before anything prints.
Then the discard evaluation's p50/p99/max per 14-tile hand, the tracemalloc peak over all
of it, and what the memos hold when every one is full to its bound (the most they can take).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from mahjong.shanten import Shanten  # noqa: E402

import hand_families as families  # noqa: E402
import test_shanten_memory as memory  # noqa: E402
from engine.target import MEMORY_BUDGET_BYTES as BUDGET_BYTES  # noqa: E402
from engine.tasks import run_to_end  # noqa: E402
from game.play import driver as play  # noqa: E402
from game.rules import hand_record  # noqa: E402
from game.rules import shanten as ours  # noqa: E402
from game.rules import turns as turns_module  # noqa: E402
from game.rules.actions import Discard, Pass, Ron, Tsumo  # noqa: E402
from game.rules.tiles import counts34  # noqa: E402

CHUNK = 50  # hands timed in one go, ours then the peer's
CALLED_SIZES = (1, 2, 4, 5, 7, 8, 10, 11)
GAME_SEEDS = ("0000000001", "0000000002")
GAMES_FAMILY = "efficiency-seat games"  # four EfficientSeats, not the CPUs of game/cpu
peer = Shanten.calculate_shanten


class EfficientSeat:
    """A benchmark seat: wins when it can, never calls, discards evaluate_discards' choice."""

    name = "benchmark:efficiency"

    def act(self, view):
        legal = view.legal_actions
        for answer in (Tsumo(), Ron(), Pass()):
            if answer in legal:
                return answer
        counts = counts34(view.hand)
        if sum(counts) % 3 == 2:
            for option in run_to_end(ours.evaluate_discards(counts)):
                for action in legal:
                    if isinstance(action, Discard) and action.tile // 4 == option.kind:
                        return action
        return play.fallback(view)
        yield  # a task, like every agent's answer


def game_calls(seed: str) -> list[list[int]]:
    """Every hand a whole game of four EfficientSeats passed to ``shanten()`` (through the
    round's rules and evaluate_discards), in order."""
    calls: list[list[int]] = []
    plain = ours.shanten

    def recording(counts):
        calls.append(list(counts))
        return plain(counts)

    ours.shanten = turns_module.shanten = recording
    try:
        run_to_end(play.Game([EfficientSeat() for _ in range(4)], seed=seed).play())
    finally:
        ours.shanten = turns_module.shanten = plain
    return calls


def _timed(function, hands: list[list[int]]) -> tuple[float, list[int]]:
    start = time.perf_counter()
    answers = [function(hand) for hand in hands]
    return time.perf_counter() - start, answers


def _pass(games: list[list[list[int]]]) -> tuple[float, float, int]:
    """One pass over the games' hands, ours and the peer's in turn: (ours s, peer s, wrong)."""
    ours_s = peer_s = 0.0
    wrong = 0
    for hands in games:
        for i in range(0, len(hands), CHUNK):
            chunk = hands[i:i + CHUNK]
            spent, answers = _timed(ours.shanten, chunk)
            ours_s += spent
            spent, expected = _timed(peer, chunk)
            peer_s += spent
            wrong += sum(a != b for a, b in zip(answers, expected))
    return ours_s, peer_s, wrong


def measure(name: str, games: list[list[list[int]]], rounds: int) -> tuple[float, float, float, float]:
    """Best-of-rounds µs per hand: (ours cold, peer, ours warm, peer). Memos are emptied at
    the start of each game of ``games`` for the cold pass; the warm pass follows it."""
    count = sum(len(hands) for hands in games)
    best = [float("inf")] * 4
    gc.disable()
    try:
        for _ in range(rounds):
            cold = peer_cold = 0.0
            for hands in games:
                hand_record.clear_memos()
                spent_ours, spent_peer, wrong = _pass([hands])
                cold += spent_ours
                peer_cold += spent_peer
                if wrong:
                    sys.exit(f"{name}: {wrong} hands disagree with the oracle")
            warm, peer_warm, _ = _pass(games)  # the memos as the cold pass left them
            figures = (cold, peer_cold, warm, peer_warm)
            best = [min(b, f / count * 1e6) for b, f in zip(best, figures)]
    finally:
        gc.enable()
    return best[0], best[1], best[2], best[3]


def family_table(args, rng: random.Random) -> None:
    rows: list[tuple[str, list[list[list[int]]]]] = []
    for generator in families.GENERATORS:
        rows.append((generator.__name__, [[generator(rng, (13, 14)[i % 2]) for i in range(args.hands)]]))
    rows.append(("called melds", [[families.uniform(rng, CALLED_SIZES[i % len(CALLED_SIZES)])
                                   for i in range(args.hands)]]))
    logs = [] if args.only and args.only not in "log decisions log games" else families.log_files()
    games = [list(families.log_decisions(path)) for path in logs]
    games = [hands for hands in games if hands]
    distinct = list({bytes(hand): hand for hands in games for hand in hands}.values())
    rng.shuffle(distinct)
    rows.append(("log decisions", [distinct]))
    rows.append((f"log games ({len(games)})", games))
    if not args.only or args.only in GAMES_FAMILY:
        ours_games = [game_calls(seed) for seed in GAME_SEEDS]
        rows.append((f"{GAMES_FAMILY} ({len(ours_games)})", ours_games))
    print(f"µs per hand; ratio = peer time / our time (above 1: ours is faster); best of {args.rounds}")
    print(f"{'family':26} {'hands':>7} {'cold':>7} {'warm':>7} {'peer':>7} {'cold x':>7} {'warm x':>7}")
    for name, hand_games in rows:
        if args.only and args.only not in name:
            continue
        cold, peer_cold, warm, peer_warm = measure(name, hand_games, args.rounds)
        count = sum(len(h) for h in hand_games)
        print(f"{name:26} {count:7,} {cold:7.1f} {warm:7.1f} {peer_cold:7.1f} "
              f"{peer_cold / cold:6.1f}x {peer_warm / warm:6.1f}x", flush=True)


def discard_times(hands: list[list[int]]) -> None:
    hand_record.clear_memos()
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
    usage = {}

    def play():
        for hand in hands:
            ours.shanten(hand)
        for hand in discard_hands:
            run_to_end(ours.evaluate_discards(hand))
        usage.update(hand_record.memo_usage())  # before traced_peak empties them

    peak = memory.traced_peak(play)
    print(f"tracemalloc peak over {len(hands):,} hands and the evaluations: {peak / 1024:.0f} KiB "
          f"(budget {hand_record.MEMO_BUDGET_BYTES // 1024} KiB; {peak / BUDGET_BYTES:.0%} of the 2 MiB)")
    held = ", ".join(f"{name} {held}/{bound}" for name, (held, bound) in usage.items())
    print(f"  memo entries at the end / bound: {held}")


def memo_worst_case() -> None:
    """Every memo filled to its bound with entries as large as real ones: the most they hold."""
    peak = memory.traced_peak(lambda: memory.fill_every_memo(random.Random(1)))
    print(f"every memo full to its bound: {peak / 1024:.0f} KiB "
          f"(budget {hand_record.MEMO_BUDGET_BYTES // 1024} KiB; {peak / BUDGET_BYTES:.0%} of the 2 MiB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=4_000, help="hands per generated family")
    parser.add_argument("--rounds", type=int, default=3, help="best of this many rounds")
    parser.add_argument("--discards", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--only", help="time only the families whose name contains this")
    args = parser.parse_args()
    if min(args.hands, args.rounds, args.discards) < 1:
        parser.error("--hands, --rounds and --discards must be at least 1")
    rng = random.Random(args.seed)
    family_table(args, rng)
    discard_hands = [families.uniform(rng, 14) for _ in range(args.discards)]
    discard_times(discard_hands)
    memory_peak([families.uniform(rng, (13, 14)[i % 2]) for i in range(args.hands * 5)], discard_hands)
    memo_worst_case()


if __name__ == "__main__":
    main()
