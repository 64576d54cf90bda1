"""Hand scoring: ours (game.rules.scoring.score_hand) against the `mahjong` 2.1.0 oracle, same hands, one run.

Two sets of hands: every four-player win of the real Tenhou mjlogs in tests/data/logs, and
random winning hands in random situations (tests/scoring_oracle.py; seeded). Each hand is
scored from inputs built before the clock starts (our tiles, Melds and WinSituation; the
oracle's tiles, Melds and HandConfig), so the times are of the scoring alone; the garbage collector
is held off while timing, and each side's best of several interleaved rounds counts. The
oracle needs a HandConfig per situation: building it is timed apart and shown as a second
ratio. Both sides' caches are emptied before each round, so they only help as they fill:
ours (block splits, and which yaku rows are worth asking) and the oracle's (hand splits,
and each Meld's cached 34-kind tiles, which would otherwise be kept from round to round).

    .venv/bin/python benchmarks/score.py [--random N] [--seed S] [--rounds R]
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from mahjong.hand_calculating.divider import HandDivider  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from scoring_oracle import log_wins, oracle_config, oracle_melds, random_case  # noqa: E402

from game.rules import readings  # noqa: E402
from game.rules import yaku  # noqa: E402
from game.rules.scoring import score_hand  # noqa: E402


def _oracle_inputs(case):
    tiles = case.concealed + [t for m in case.melds for t in m.tiles]
    return (tiles, case.win_tile, oracle_melds(case.melds), list(case.situation.dora_indicators),
            oracle_config(case), list(case.situation.ura_indicators))


def _per_hand_us(run, count: int, start_cold=lambda: None) -> float:
    """Wall time per hand, caches emptied before the clock starts, the garbage collector held
    off (for both sides alike)."""
    start_cold()
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        run()
        return (time.perf_counter() - start) / count * 1e6
    finally:
        gc.enable()


def _our_inputs(case):
    return case.concealed, case.win_tile, case.melds, case.situation, case.ruleset


def _ours(inputs: list) -> None:
    for concealed, win, melds, situation, ruleset in inputs:
        score_hand(concealed, win, melds, situation, ruleset)


def _ours_cold() -> None:
    readings.clear_caches()
    yaku.clear_caches()


def _oracle(inputs: list) -> None:
    for tiles, win, melds, dora, config, ura in inputs:
        HandCalculator.estimate_hand_value(tiles, win, melds, dora, config, ura_dora_indicators=ura)


def _oracle_cold(inputs: list) -> None:
    HandDivider._divide_hand_impl.cache_clear()  # its cache of hand splits
    for tiles, win, melds, dora, config, ura in inputs:
        for meld in melds:
            meld.__dict__.pop("tiles_34", None)  # Meld.tiles_34 is a functools.cached_property


def compare(name: str, cases: list, rounds: int) -> None:
    """Best of ``rounds`` interleaved timings of each side (the machine may be shared)."""
    our_inputs, oracle_inputs = [_our_inputs(c) for c in cases], [_oracle_inputs(c) for c in cases]
    times: dict[str, list[float]] = {"ours": [], "oracle": [], "config": []}
    for _ in range(rounds):
        times["ours"].append(_per_hand_us(lambda: _ours(our_inputs), len(cases), _ours_cold))
        times["oracle"].append(_per_hand_us(lambda: _oracle(oracle_inputs), len(cases),
                                            lambda: _oracle_cold(oracle_inputs)))
        times["config"].append(_per_hand_us(lambda: [oracle_config(c) for c in cases], len(cases)))
    ours, oracle, config = (min(times[k]) for k in ("ours", "oracle", "config"))
    print(f"{name}: {len(cases)} hands")
    print(f"  ours    {ours:8.1f} us/hand")
    print(f"  oracle  {oracle:8.1f} us/hand (estimate_hand_value)   ratio {oracle / ours:5.2f}x")
    print(f"  oracle  {oracle + config:8.1f} us/hand (incl. its HandConfig) ratio {(oracle + config) / ours:5.2f}x")


def real_wins() -> list:
    """The cases of every four-player win of the real Tenhou mjlogs in tests/data/logs."""
    logs = sorted(p for p in (ROOT / "tests/data/logs").rglob("*") if p.suffix in (".xml", ".mjlog"))
    return [case for case, *_ in log_wins(logs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=10000, help="random hands (default 10000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=5, help="timings per side; the best counts")
    args = parser.parse_args()
    compare("real Tenhou wins", real_wins(), args.rounds)
    rng = random.Random(args.seed)
    compare("random wins", [random_case(rng) for _ in range(args.random)], args.rounds)


if __name__ == "__main__":
    main()
