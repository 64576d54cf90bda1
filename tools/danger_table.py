"""The CPU's danger model against real games: predicted deal-in chance beside the observed rate.

    python tools/danger_table.py [LOG_DIR ...]      (default: tests/data/logs)

Every Tenhou log is replayed through our rules (``game.replay.steps``). Each tile a seat throws
while another seat is in riichi is one sample against that riichi: from the thrower's own
view just before the throw (what our CPU would see), ``game.cpu.defence`` gives the tile's
category (genbutsu, suji, kabe, one-chance, honours by copies unseen, number tiles with no
suji...) and its predicted danger in percent (``danger_of_kind``, dora weighed in); the log
says whether that riichi won on it by ron. The table prints, per category, the samples, the
mean predicted danger and the observed deal-in rate (with a 95% interval).
"""

from __future__ import annotations

import math
import sys
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.cpu import defence  # noqa: E402
from game.rules.errors import InputError  # noqa: E402
from game.rules.yaku import DORA_OF  # noqa: E402
from game.replay.steps import ReplayLog  # noqa: E402
from game.rules.actions import Discard, Riichi, Ron  # noqa: E402

ORDER = ("genbutsu", "suji 1/9", "suji 2/8", "suji 3/7", "half-suji 4/5/6", "suji 4/5/6",
         "kabe (no chance)", "one-chance", "honour, 0 unseen", "honour, 1 unseen",
         "honour, 2 unseen", "honour, 3 unseen", "no suji 1/9", "no suji 2/8", "no suji 3/7",
         "no suji 4/5/6")


def category(kind: int, safe: set[int], unseen: list[int]) -> str:
    """The tile's defence category against one riichi (the first that applies)."""
    if kind in safe:
        return "genbutsu"
    if kind >= 27:
        return f"honour, {min(3, unseen[kind])} unseen"
    sides = defence._ryanmen_sides(kind)
    open_sides = [s for s in sides if s[0] not in safe]
    blocks = [min(unseen[a], unseen[b]) for _, a, b in open_sides]
    n = kind % 9 + 1
    label = {1: "1/9", 9: "1/9", 2: "2/8", 8: "2/8", 3: "3/7", 7: "3/7"}.get(n, "4/5/6")
    if not open_sides:
        return f"suji {label}"
    if blocks and all(b == 0 for b in blocks):
        return "kabe (no chance)"
    if blocks and all(b <= 1 for b in blocks):
        return "one-chance"
    if label == "4/5/6" and len(open_sides) < len(sides):
        return "half-suji 4/5/6"
    return f"no suji {label}"


def samples(path: Path):
    """(category, predicted percent, dealt in) for every throw against a riichi in one log."""
    try:
        log = ReplayLog.read(path)
    except InputError:
        return
    for index in range(len(log)):
        steps = log.round(index).steps
        for i in range(1, len(steps)):
            if not isinstance(steps[i].action, (Discard, Riichi)):
                continue
            thrower = steps[i].seat
            view = steps[i - 1].views[thrower]
            after = steps[i].views[thrower].discards[thrower]
            if not after:
                continue
            kind = after[-1].tile // 4
            rons = set()
            for later in steps[i + 1:]:
                if isinstance(later.action, Ron):
                    rons.add(later.seat)
                else:
                    break
            unseen = defence.unseen_counts(view)
            doras = [DORA_OF[t // 4] for t in view.dora_indicators]
            for seat in range(4):
                if seat == thrower or not view.riichi[seat]:
                    continue
                safe = defence.genbutsu(view, seat)
                danger = defence.danger_of_kind(kind, safe, unseen)
                danger *= defence.DORA_DANGER if kind in doras and danger else 1.0
                yield category(kind, safe, unseen), danger, seat in rons


@lru_cache(maxsize=4)
def all_samples(paths: tuple[Path, ...]) -> tuple[tuple[str, float, bool], ...]:
    """``samples`` of every log in ``paths`` (kept: the tests and tools/doc_figures.py ask twice)."""
    return tuple(sample for path in paths for sample in samples(path))


def interval(dealt: int, n: int) -> tuple[float, float]:
    """The observed deal-in rate's 95% interval (normal approximation), as fractions."""
    rate = dealt / n
    half = 1.96 * math.sqrt(rate * (1 - rate) / n)
    return max(0.0, rate - half), rate + half


def rows(paths: list[Path]) -> dict[str, list]:
    """category: [throws, predicted percent summed, deal-ins], over ``paths``."""
    found: dict[str, list] = defaultdict(lambda: [0, 0.0, 0])
    for name, danger, dealt in all_samples(tuple(paths)):
        row = found[name]
        row[0] += 1
        row[1] += danger
        row[2] += dealt
    return found


def table(paths: list[Path]) -> str:
    found = rows(paths)
    lines = [f"{'category':<20} {'throws':>7} {'predicted %':>12} {'observed %':>11}  95% interval",
             "-" * 70]
    total = [0, 0.0, 0]
    for name in ORDER:
        n, predicted, dealt = found.get(name, (0, 0.0, 0))
        if not n:
            continue
        low, high = interval(dealt, n)
        lines.append(f"{name:<20} {n:>7} {predicted / n:>12.1f} {100 * dealt / n:>11.1f}  "
                     f"[{100 * low:.1f}, {100 * high:.1f}]")
        total = [total[0] + n, total[1] + predicted, total[2] + dealt]
    lines.append("-" * 70)
    lines.append(f"{'all':<20} {total[0]:>7} {total[1] / max(1, total[0]):>12.1f} "
                 f"{100 * total[2] / max(1, total[0]):>11.1f}")
    return "\n".join(lines)


def log_paths(argv: list[str]) -> list[Path]:
    """Every log under the folders named (by default tests/data/logs, but its three-player logs/sanma:
    the tables are of four-player games)."""
    if argv:
        folders, left_out = [Path(a) for a in argv], None
    else:
        folders, left_out = [ROOT / "tests" / "data" / "logs"], "sanma"
    return sorted(p for f in folders for p in f.rglob("*")
                  if p.suffix in (".xml", ".mjlog", ".json") and p.parent.name != left_out)


def report(argv: list[str], what: str, table_of) -> int:
    """Print ``table_of`` the logs under the folders named, after a line saying ``what``."""
    paths = log_paths(argv)
    print(f"{len(paths)} logs; {what}")
    print(table_of(paths))
    return 0


def main(argv: list[str]) -> int:
    return report(argv, "every throw while another seat is in riichi, from the thrower's view", table)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
