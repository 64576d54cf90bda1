"""Export logs every way the formats go and replay every file through our rules.

    python tools/check_exports.py [GAMES]    # default 200

The logs: GAMES games played by the driver with four deterministic test seats (tests/greedy.py:
they win, riichi, call and kan), and Tenhou's real games in tests/data/logs (four players and
three, ranked rooms, played to the end). Each goes every way (game.records: ``mjlog_write``,
``tenhou6_write`` and the readers): as mjlog XML, as tenhou.net/6 JSON, mjlog -> JSON -> mjlog
and JSON -> mjlog -> JSON, and each file is read back and replayed (game.replay.door): every round
must agree. The JSON written again from its own mjlog must equal it, and our games' SHUFFLE seed
must rebuild their walls. Prints the count of files and rounds, and any difference. Too long
for `make test` (which exports a few games): run it after changing a writer or a reader.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from greedy import GreedyAgent  # noqa: E402

from engine.tasks import run_to_end  # noqa: E402
from game.play.driver import Game  # noqa: E402
from game.records import GameLog, parse_mjlog, parse_tenhou6, read_log  # noqa: E402
from game.records.mjlog_write import write_mjlog  # noqa: E402
from game.records.ours import game_log  # noqa: E402
from game.records.tenhou6_write import write_tenhou6  # noqa: E402
from game.replay.door import replay_game  # noqa: E402
from game.rules.errors import InputError  # noqa: E402
from game.rules.ruleset import Ruleset  # noqa: E402
from game.rules.wall import seed_words, tenhou_seed_words  # noqa: E402

REAL_LOGS = ROOT / "tests" / "data" / "logs"
DEFAULT_GAMES = 200
RANKED_BITS = 0xFF  # a GO type bit above: a room with points of its own, which the JSON cannot hold


def _as_json(log: GameLog) -> GameLog:
    return parse_tenhou6(json.dumps(write_tenhou6(log), ensure_ascii=False))


def _as_mjlog(log: GameLog) -> GameLog:
    return parse_mjlog(write_mjlog(log))


def directions(log: GameLog) -> dict[str, GameLog]:
    """The log written and read back every way the export goes."""
    tenhou6 = _as_json(log)
    return {"mjlog": _as_mjlog(log), "tenhou6": tenhou6, "mjlog>tenhou6>mjlog": _as_mjlog(_as_json(_as_mjlog(log))),
            "tenhou6>mjlog>tenhou6": _as_json(_as_mjlog(tenhou6))}


def check(name: str, log: GameLog, seen: Counter) -> int:
    """Replay the log every way; the differences found (each printed)."""
    problems = 0
    try:
        ways = directions(log)
    except InputError as error:  # a file written that its own reader refuses
        print(f"{name}: {error}")
        return 1
    for way, back in ways.items():
        back.ref = log.ref  # the mjlog holds no game id: a file takes it from its name
        reports = replay_game(back)
        seen[way] += 1
        seen["rounds"] += len(reports)
        for report in reports:
            if not report.ok:
                problems += 1
                print(f"{name} {way} {report.label}: {report.difference}")
    if write_tenhou6(ways["tenhou6>mjlog>tenhou6"]) != write_tenhou6(ways["tenhou6"]):
        problems += 1
        print(f"{name}: the JSON written from its own mjlog differs from it")
    return problems


def our_games(games: int, seen: Counter) -> int:
    problems = 0
    for index in range(games):
        code = f"EXPORT{index:04d}"
        game = Game([GreedyAgent(seat) for seat in range(4)], code, Ruleset(east_south=index % 2 == 0))
        run_to_end(game.play())
        log = game_log(game, played="2026112220")
        if tenhou_seed_words(log.seed) != seed_words(code):
            print(f"{code}: the SHUFFLE seed does not give the game's words")
            problems += 1
        problems += check(code, log, seen)
        for rnd in game.rounds:
            seen["wins"] += len(rnd.result.wins)
            seen["calls"] += sum(type(e).__name__ in ("Called", "Kanned") for e in rnd.events)
    return problems


def real_games(seen: Counter) -> int:
    problems = 0
    for path in sorted(p for p in REAL_LOGS.rglob("*") if p.suffix in (".xml", ".mjlog")):
        log = read_log(path)
        if log.owari is None or (log.go_type or 0) & ~RANKED_BITS:
            continue
        seen["real games"] += 1
        problems += check(path.name, log, seen)
    return problems


def main(games: int) -> int:
    start = time.perf_counter()
    seen: Counter = Counter()
    problems = our_games(games, seen) + real_games(seen)
    ways = ", ".join(f"{seen[way]} {way}" for way in WAYS)
    print(f"{games} of our games ({seen['wins']} wins, {seen['calls']} calls) and {seen['real games']} real "
          f"Tenhou games: {ways} files, {seen['rounds']} rounds replayed, {problems} differences, "
          f"{time.perf_counter() - start:.0f} s")
    return 1 if problems else 0


WAYS = ("mjlog", "tenhou6", "mjlog>tenhou6>mjlog", "tenhou6>mjlog>tenhou6")


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_GAMES))
