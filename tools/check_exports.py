"""Export many simulated games in both Tenhou formats and replay every file through our rules.

    python tools/check_exports.py [GAMES]    # default 200

Each game is played by the driver with four deterministic test seats (tests/greedy.py: they
win, riichi, call and kan), exported as mjlog XML and tenhou.net/6 JSON (game.records.ours),
read back and replayed (game.replay): every round must agree, and the mjlog's SHUFFLE seed
must rebuild the game's walls. Prints the count of files and rounds, and any difference.
Too long for `make test` (which exports a few games): run it after changing a writer.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from greedy import GreedyAgent  # noqa: E402

from engine.tasks import run_to_end  # noqa: E402
from game.play import Game  # noqa: E402
from game.records import parse_mjlog, parse_tenhou6  # noqa: E402
from game.records.mjlog_write import write_mjlog  # noqa: E402
from game.records.ours import game_log  # noqa: E402
from game.records.tenhou6_write import write_tenhou6  # noqa: E402
from game.replay import replay_game  # noqa: E402
from game.rules.ruleset import Ruleset  # noqa: E402
from game.rules.wall import seed_words, tenhou_seed_words  # noqa: E402


def main(games: int) -> int:
    start = time.perf_counter()
    seen: Counter = Counter()
    problems = 0
    for index in range(games):
        code = f"EXPORT{index:04d}"
        game = Game([GreedyAgent(seat) for seat in range(4)], code, Ruleset(east_south=index % 2 == 0))
        run_to_end(game.play())
        log = game_log(game, played="2026112220")
        if tenhou_seed_words(log.seed) != seed_words(code):
            print(f"{code}: the SHUFFLE seed does not give the game's words")
            problems += 1
        for kind, back in (("mjlog", parse_mjlog(write_mjlog(log))),
                           ("tenhou6", parse_tenhou6(json.dumps(write_tenhou6(log), ensure_ascii=False)))):
            back.ref = log.ref
            reports = replay_game(back)
            seen[kind] += 1
            seen["rounds"] += len(reports)
            for report in reports:
                if not report.ok:
                    problems += 1
                    print(f"{code} {kind} {report.label}: {report.difference}")
        for rnd in game.rounds:
            seen["wins"] += len(rnd.result.wins)
            seen["calls"] += sum(type(e).__name__ in ("Called", "Kanned") for e in rnd.events)
    seconds = time.perf_counter() - start
    print(f"{games} games: {seen['mjlog']} mjlog and {seen['tenhou6']} tenhou.net/6 files, "
          f"{seen['rounds']} rounds replayed ({seen['wins']} wins, {seen['calls']} calls), "
          f"{problems} differences, {seconds:.0f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
