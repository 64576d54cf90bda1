"""The mutation fuzzer of tests/test_log_fuzz.py, run long: mutants of every real four-player
mjlog of a ranked room in tests/data through every command that reads a log.

    python tools/fuzz_logs.py [COUNT] [--seed S] [--no-review]    # default 2000, seed 1

Each mutant (tests/log_mutants.py: one number, tile, tag or attribute changed, or the log cut
after a tag) goes through ``replay``, ``export --to tenhou6`` and ``--to mjlog`` (each export
replayed again), ``review`` and ``analyze``. Prints how many each way went (read alike, a round
that differs, refused by the reader) and every problem: a traceback, a refusal that is not one
line, commands that disagree. Exit 1 when there is any. The same seed gives the same mutants.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from log_mutants import mutants, problems, verdicts  # noqa: E402

from game.records import read_log  # noqa: E402
from game.records.model import RANKED_BITS  # noqa: E402

LOGS = ROOT / "tests" / "data"
OUTCOMES = {0: "read alike", 1: "a round differs", 2: "refused by the reader"}


def sources() -> list[Path]:
    """The real mjlogs every command reads in full: four players, a ranked room (the JSON names
    no other room: ``export --to tenhou6`` refuses those; the mutants are of four-player games)."""
    found = []
    for path in sorted(LOGS.rglob("*")):
        if path.suffix in (".xml", ".mjlog"):
            game = read_log(path)
            if not game.three_player and not (game.go_type or 0) & ~RANKED_BITS:
                found.append(path)
    return found


def run(logs: list[Path], count: int, seed: int, review: bool = True, say=lambda line: None) -> tuple[Counter, list[str]]:
    """The replay's exit code of each mutant counted, and every problem (each also ``say``-ed)."""
    outcomes: Counter = Counter()
    wrong = []
    with tempfile.TemporaryDirectory() as folder:
        for index, (source, text, what) in enumerate(mutants(logs, count, seed)):
            path = Path(folder) / f"mutant{index:05d}{source.suffix}"
            path.write_text(text, encoding="utf-8")
            found = verdicts(path, Path(folder), review=review)
            outcomes[found.replay.code] += 1
            for problem in problems(path, found):
                wrong.append(f"{index} {source.name}, {what}: {problem}")
                say(wrong[-1])
            path.unlink()
    return outcomes, wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", nargs="?", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-review", action="store_true", help="leave out the review (the slowest command)")
    args = parser.parse_args()
    logs = sources()
    start = time.process_time()
    outcomes, wrong = run(logs, args.count, args.seed, review=not args.no_review, say=print)
    seconds = time.process_time() - start
    print(f"{args.count} mutants of {len(logs)} real logs (seed {args.seed}): "
          + ", ".join(f"{outcomes[code]} {name}" for code, name in OUTCOMES.items())
          + f"; {len(wrong)} problems; {seconds:.0f} s of CPU")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
