"""The CPU's threat values against real games: what it expects a ron to cost beside what it cost.

    python tools/threat_table.py [LOG_DIR ...]      (default: tests/data/logs)

Every Tenhou log is replayed through our rules (``game.replay.steps``). Each ron is one sample: from
the view of the seat that dealt in, just before the ron (what our CPU would see),
``game.cpu.pushfold.threat_value`` gives what dealing into the winner would cost; the log's
``AGARI`` gives the hand's points (honba and sticks aside). The table prints, by the kind of
threat (a riichi, or an open hand by the han its melds show) and dealer or not, the samples,
the mean predicted value and the mean observed value.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from danger_table import report  # noqa: E402  (tools/danger_table.py)
from game.cpu import pushfold  # noqa: E402
from game.records.model import Agari  # noqa: E402
from game.rules.errors import InputError  # noqa: E402
from game.replay.steps import ReplayLog  # noqa: E402
from game.rules.actions import Ron  # noqa: E402


def samples(path: Path):
    """(threat kind, dealer, predicted, observed points) for every ron in one log whose winner
    was in riichi or open."""
    try:
        log = ReplayLog.read(path)
    except InputError:
        return
    for index in range(len(log)):
        rons = {a.who: a for a in log.game.rounds[index].results if isinstance(a, Agari) and not a.tsumo}
        if not rons:
            continue
        steps = log.round(index).steps
        for i in range(1, len(steps)):
            if not isinstance(steps[i].action, Ron) or steps[i].seat not in rons:
                continue
            win = rons[steps[i].seat]
            view = steps[i - 1].views[win.from_who]
            if view.riichi[win.who]:
                kind = "riichi"
            elif any(m.is_open for m in view.melds[win.who]):
                kind = f"open, {min(pushfold.shown_han(view, win.who), 3)} han shown"
            else:
                continue  # a dama hand: the CPU does not read it
            yield kind, win.who == view.dealer, pushfold.threat_value(view, win.who), win.points


def sums(paths: list[Path]) -> dict[tuple[str, bool], list]:
    """(threat kind, dealer): [rons, predicted summed, observed summed] over ``paths``."""
    rows: dict[tuple[str, bool], list] = defaultdict(lambda: [0, 0.0, 0])
    for kind, dealer, predicted, observed in all_samples(tuple(paths)):
        row = rows[kind, dealer]
        row[0] += 1
        row[1] += predicted
        row[2] += observed
    return rows


@lru_cache(maxsize=4)
def all_samples(paths: tuple[Path, ...]) -> tuple:
    """``samples`` of every log in ``paths`` (kept: the tests and tools/doc_figures.py ask twice)."""
    return tuple(sample for path in paths for sample in samples(path))


def table(paths: list[Path]) -> str:
    rows = sums(paths)
    lines = [f"{'threat':<22} {'seat':<10} {'rons':>5} {'predicted':>10} {'observed':>9}", "-" * 60]
    for (kind, dealer), (n, predicted, observed) in sorted(rows.items()):
        lines.append(f"{kind:<22} {'dealer' if dealer else 'non-dealer':<10} {n:>5} "
                     f"{predicted / n:>10.0f} {observed / n:>9.0f}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    return report(argv, "every ron by a riichi or an open hand, from the view of the seat that dealt in", table)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
