"""How long the shuffle takes, against a straightforward peer, on the same seeds.

Run: ``.venv/bin/python benchmarks/wall.py [--games N] [--seed S]``

Ours: ``game.rules.wall`` (our init_by_array, then Python's C MT19937 via setstate; hashlib
SHA-512; a Fisher-Yates task that yields between chunks and swaps).
Peer: the same algorithm written the plain way: mt19937ar.c's init_by_array and
genrand_int32 transcribed into Python, then the same hashing and Fisher-Yates. Both
must produce identical walls; the script checks that before it times anything.

The games' seed codes come from ``--seed``, so a run can be repeated. Prints µs per round
shuffle and per game set-up (seed words + generator), the longest single step of the round
task, and what a round's shuffle costs in frames of the thinking slice (at most the frame
period less the cartridge's margin, from engine.target and engine.cartridge).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import struct
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cartridge import THINK_MARGIN_SECONDS  # noqa: E402
from engine.target import FPS, FRAME_SECONDS  # noqa: E402
from game.rules.wall import CODE_ALPHABET, CODE_LENGTH, Shuffler, seed_words  # noqa: E402

SLICE_SECONDS = FRAME_SECONDS - THINK_MARGIN_SECONDS  # the most thinking a frame gives
ROUNDS_PER_GAME = 10


class PlainMT19937:
    """mt19937ar.c, line by line: the peer generator (seeding included)."""

    def __init__(self, key: list[int]) -> None:
        self.mt = [0] * 624
        self.init_genrand(19650218)
        mt, i, j = self.mt, 1, 0
        for _ in range(max(624, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
            i += 1
            j += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(623):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
            i += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
        mt[0] = 0x80000000

    def init_genrand(self, s: int) -> None:
        mt = self.mt
        mt[0] = s & 0xFFFFFFFF
        for i in range(1, 624):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
        self.mti = 624

    def genrand_int32(self) -> int:
        mt = self.mt
        if self.mti >= 624:
            for kk in range(624):
                y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % 624] & 0x7FFFFFFF)
                mt[kk] = mt[(kk + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.mti = 0
        y = mt[self.mti]
        self.mti += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y


def peer_round(generator: PlainMT19937) -> tuple[list[int], tuple[int, int]]:
    src = [generator.genrand_int32() for _ in range(288)]
    rnd: list[int] = []
    for k in range(0, 288, 32):
        digest = hashlib.sha512(struct.pack("<32I", *src[k:k + 32])).digest()
        rnd += struct.unpack("<16I", digest)
    wall = list(range(136))
    for i in range(135):
        j = i + rnd[i] % (136 - i)
        wall[i], wall[j] = wall[j], wall[i]
    return wall, (rnd[135] % 6 + 1, rnd[136] % 6 + 1)


def longest_step(task) -> float:
    """Runs a task to its end; the seconds of its longest step."""
    longest = 0.0
    while True:
        s0 = time.perf_counter()
        try:
            next(task)
        except StopIteration:
            return max(longest, time.perf_counter() - s0)
        longest = max(longest, time.perf_counter() - s0)


def time_ours(codes: list[str]) -> tuple[float, float, float]:
    """(seconds of set-up per game, seconds per round, longest task step)."""
    setup = rounds = longest = 0.0
    for code in codes:
        t0 = time.perf_counter()
        shuffler = Shuffler(seed_words(code))
        # the game's first task steps: MT19937's init_by_array
        longest = max(longest, longest_step(shuffler.seed_task()))
        setup += time.perf_counter() - t0
        for _ in range(ROUNDS_PER_GAME):
            t0 = time.perf_counter()
            longest = max(longest, longest_step(shuffler.round_task()))
            rounds += time.perf_counter() - t0
    return setup / len(codes), rounds / (len(codes) * ROUNDS_PER_GAME), longest


def time_peer(codes: list[str]) -> tuple[float, float]:
    setup = rounds = 0.0
    for code in codes:
        t0 = time.perf_counter()
        generator = PlainMT19937(seed_words(code))
        setup += time.perf_counter() - t0
        t0 = time.perf_counter()
        for _ in range(ROUNDS_PER_GAME):
            peer_round(generator)
        rounds += time.perf_counter() - t0
    return setup / len(codes), rounds / (len(codes) * ROUNDS_PER_GAME)


def seed_codes(games: int, seed: int) -> list[str]:
    """Seed codes for ``games`` games, the same for the same ``seed``."""
    rng = random.Random(seed)
    return ["".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)) for _ in range(games)]


def check_same_walls(codes: list[str]) -> None:
    for code in codes:
        ours, peer = Shuffler(seed_words(code)), PlainMT19937(seed_words(code))
        for _ in range(ROUNDS_PER_GAME):
            mine = ours.next_round()
            assert (mine.wall, mine.dice) == peer_round(peer), f"walls differ for seed {code}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games of 10 rounds each (default 30)")
    parser.add_argument("--seed", type=int, default=2024, help="chooses the games' seed codes (default 2024)")
    args = parser.parse_args()
    codes = seed_codes(args.games, args.seed)
    check_same_walls(codes[:3])
    our_setup, our_round, longest = time_ours(codes)
    peer_setup, peer_round_s = time_peer(codes)
    us = 1e6
    print(f"{args.games} games x {ROUNDS_PER_GAME} rounds (--seed {args.seed}), same seeds for both "
          f"(walls checked identical)")
    print(f"round shuffle : ours {our_round * us:8.1f} us   peer (plain-Python mt19937ar) {peer_round_s * us:8.1f} us"
          f"   peer/ours {peer_round_s / our_round:5.2f}x")
    print(f"game set-up   : ours {our_setup * us:8.1f} us   peer {peer_setup * us:8.1f} us"
          f"   peer/ours {peer_setup / our_setup:5.2f}x   (seed code -> 624 words -> init_by_array)")
    print(f"longest task step (seeding and rounds): {longest * us:.1f} us")
    print(f"a round's shuffle = {our_round / SLICE_SECONDS:.3f} frames of the {FPS} fps slice "
          f"({SLICE_SECONDS * 1000:.1f} ms thinking per frame at most); peer {peer_round_s / SLICE_SECONDS:.3f} frames")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
