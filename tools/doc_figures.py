"""The figures in README.md and docs/ that a command reproduces exactly, worked out afresh.

    .venv/bin/python tools/doc_figures.py            # each figure: its place, as written, as now, its command
    .venv/bin/python tools/doc_figures.py --write    # write the values of now into the documents
    .venv/bin/python tools/doc_figures.py --slow     # the simulator's 400-game measures too (1,600 games)
    .venv/bin/python tools/doc_figures.py --only demo    # the figures whose name holds "demo"

A figure is a piece of a document found by its words, with the numbers in it (``Numbers``), or
a table a tool prints (``Rows``: every row the document shows must be a row the tool prints
now). Each is worked out the cheapest way that gives the same numbers as its command (the demo
game is played without drawing, the review without the viewer), and ``tests/test_docs.py``
compares every figure that is not ``slow``: a failure names the figure, the document, the value
written, the value now and the command. Figures marked ``cpu`` follow the CPU's choices and
change with any change to game/cpu: after such a change, ``--write`` puts the new values in,
and the text around them is for the author to read again.

Timings are not here: they move with the machine and its load. The documents give each one as
measured at a named commit, or as a ratio to a peer timed in the same run, with its spread.
Exit 0 when every figure agrees, 1 when one differs (after ``--write``: when one could not be
written), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests"), str(ROOT / "benchmarks")]
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

README = "README.md"
MANUAL = "docs/manual.md"
MEASUREMENTS = "docs/measurements.md"


@dataclass
class Numbers:
    """Numbers inside a sentence: ``words`` is the sentence with ``{name}`` where each number
    stands (any run of spaces in it matches any run of spaces and line breaks)."""

    name: str
    doc: str
    words: str
    values: Callable[[], dict[str, str]]
    command: str
    cpu: bool = False  # follows the CPU's choices
    slow: bool = False  # too long for the tests

    def pattern(self) -> re.Pattern:
        parts = re.split(r"(\{\w+\})", self.words)
        regex = "".join(f"(?P<{p[1:-1]}>[-+]?[\\d,]+(?:\\.\\d+)?)" if re.fullmatch(r"\{\w+\}", p)
                        else r"\s+".join(re.escape(w) for w in re.split(r"\s+", p)) for p in parts)
        return re.compile(regex)

    def written(self, text: str) -> dict[str, str] | None:
        found = self.pattern().search(text)
        return found.groupdict() if found else None

    def rewrite(self, text: str, now: dict[str, str]) -> str:
        found = self.pattern().search(text)
        pieces, at = [], found.start()
        for name in sorted(now, key=found.start):
            pieces += [text[at:found.start(name)], now[name]]
            at = found.end(name)
        return text[:found.start()] + "".join(pieces) + text[at:]


@dataclass
class Rows:
    """A table a tool prints, as the document shows it: the code block after ``anchor``. Each
    row is known by its first ``key`` characters; the document may show only some rows."""

    name: str
    doc: str
    anchor: str
    values: Callable[[], list[str]]
    command: str
    key: int = 20
    cpu: bool = False
    slow: bool = False

    def block(self, text: str) -> re.Match | None:
        return re.search(re.escape(self.anchor) + r".*?```\n(?P<rows>.*?)```", text, flags=re.S)

    def written(self, text: str) -> dict[str, str] | None:
        found = self.block(text)
        if found is None:
            return None
        return {line[:self.key].rstrip() or line: line for line in found["rows"].splitlines()}

    def now(self) -> dict[str, str]:
        return {line[:self.key].rstrip() or line: line for line in self.values()}

    def rewrite(self, text: str, now: dict[str, str]) -> str:
        found = self.block(text)
        rows = [now.get(line[:self.key].rstrip() or line, line) for line in found["rows"].splitlines()]
        return text[:found.start("rows")] + "\n".join(rows) + "\n" + text[found.end("rows"):]


def comma(number: int) -> str:
    return f"{number:,}"


# -- the figures' sources: each the cheapest way to the command's own numbers ----------------


@cache
def log_paths() -> tuple[Path, ...]:
    import danger_table

    return tuple(danger_table.log_paths([]))


def danger_rows() -> list[str]:
    import danger_table

    return danger_table.table(list(log_paths())).splitlines()


def threat_rows() -> list[str]:
    import threat_table

    return threat_table.table(list(log_paths())).splitlines()


def with_own_data_folder(play: Callable[[], dict[str, str]]) -> Callable[[], dict[str, str]]:
    """``play`` with $PICORIICHI_DATA_DIR in a folder of its own (a game keeps its log)."""

    def run() -> dict[str, str]:
        before = os.environ.get("PICORIICHI_DATA_DIR")
        with tempfile.TemporaryDirectory(prefix="picoriichi-figures-") as folder:
            os.environ["PICORIICHI_DATA_DIR"] = folder
            try:
                return play()
            finally:
                if before is None:
                    del os.environ["PICORIICHI_DATA_DIR"]
                else:
                    os.environ["PICORIICHI_DATA_DIR"] = before

    return cache(run)


def _headless() -> None:
    """Pyxel started headless, once per process (a second init would stop the process)."""
    import pyxel

    from engine import target

    if pyxel.width == 0:  # not started yet
        target.init_pyxel(headless=True, fps=target.UNCAPPED_FPS)


def _demo_game() -> dict[str, str]:
    """benchmarks/frame.py's game: the demo on its seed to the standings (not drawn)."""
    import frame as bench
    from engine.cartridge import Cartridge
    from game.ui.demo import DemoScene
    from playing import counting_clock, frame

    _headless()
    cart = Cartridge(lambda c: DemoScene(c, bench.SEED_CODE), clock=counting_clock(0.0002))
    demo = cart.scene
    try:
        for _ in range(bench.DEFAULT_FRAMES):
            if cart.scene is not demo:
                break
            frame(cart, draw=False)
        game = demo.game
        return {"rounds": str(len(game.rounds)), "decisions": comma(len(game.decisions))}
    finally:
        cart.close()


def _scenes_game() -> dict[str, str]:
    """benchmarks/scenes.py's game: its seed played by the tests' scripted player (not drawn)."""
    import scenes as bench
    from engine.cartridge import Cartridge
    from game.data.settings import Settings
    from game.ui.standings import StandingsScene
    from game.ui.table import TableScene
    from playing import Fingers, ScriptedPlayer, counting_clock, frame

    _headless()
    cart = Cartridge(lambda c: TableScene(c, bench.SEED_CODE, Settings(cpu_speed="fast")),
                     clock=counting_clock(0.0002))
    table = cart.scene
    player, fingers = ScriptedPlayer(), Fingers()
    cart.buttons.read = fingers.read
    try:
        for _ in range(bench.GAME_FRAMES):
            if isinstance(cart.scene, StandingsScene):
                break
            fingers.press(player.button(table))
            frame(cart, draw=False)
        game = table.game
        answers = sum(d.seat == table.player for d in game.decisions)
        return {"rounds": str(len(game.rounds)), "answers": comma(answers)}
    finally:
        cart.close()


@cache
def _review() -> dict[str, str]:
    """benchmarks/review.py's review: its default log, seat 0 against the strong CPU."""
    import review as bench
    from game.records import parse_log
    from game.coach.review import review_game

    game = parse_log(bench.DEFAULT_LOG.read_bytes(), bench.DEFAULT_LOG)
    review = review_game(game, 0)
    return {"rounds": str(len(game.rounds)), "decisions": comma(len(review.decisions)),
            "agree": comma(review.agreed)}


@cache
def _longest_log_steps() -> dict[str, str]:
    """benchmarks/scenes.py's viewer: the steps of the longest log of tests/data."""
    import scenes as bench
    from game.replay.steps import ReplayLog

    log = ReplayLog.read(bench.longest_log())
    return {"steps": comma(sum(len(log.round(i).steps) for i in range(len(log))))}


@cache
def _shanten_families() -> dict[str, str]:
    """benchmarks/shanten.py's hand counts: the logs' decisions, and two games of its seats."""
    import hand_families
    import shanten as bench

    games = [hands for hands in (list(hand_families.log_decisions(p)) for p in hand_families.log_files()) if hands]
    ours = [bench.game_calls(seed) for seed in bench.GAME_SEEDS]
    return {"distinct": comma(len({bytes(hand) for hands in games for hand in hands})),
            "games": str(len(games)), "played": comma(sum(map(len, games))),
            "ours": str(len(ours)), "ours_hands": comma(sum(map(len, ours)))}


def _score_wins() -> int:
    import score as bench

    return len(bench.real_wins())


def _settings() -> dict[str, str]:
    from engine.target import FPS
    from game.data.settings import CALLOUT_FRAMES

    return {speed: f"{frames / FPS:.1f}" for speed, frames in CALLOUT_FRAMES.items()}


def _sim(seats: str, players: int = 4) -> dict:
    import io
    import json
    from contextlib import redirect_stdout

    from game.cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        main(["sim", "--games", "400", "--seed", "A", "--players", str(players), "--seats", seats, "--jobs", "2",
              "--json"])
    return json.loads(out.getvalue())


def _rates(answer: dict, kind: str) -> dict[str, str]:
    seat = answer["seats"][kind]
    low, high = seat["rank_ci95"]
    return {"win": f"{100 * seat['win_rate']:.1f}", "deal_in": f"{100 * seat['deal_in_rate']:.1f}",
            "riichi": f"{100 * seat['riichi_rate']:.1f}", "calls": f"{100 * seat['call_rate']:.1f}",
            "draws": f"{100 * answer['draw_rate']:.1f}", "rank": f"{seat['avg_rank']:.2f}",
            "low": f"{low:.2f}", "high": f"{high:.2f}"}


@cache
def _three_strong() -> dict[str, str]:
    return _rates(_sim("cpu,cpu,cpu", players=3), "cpu")


@cache
def _three_vs_efficiency() -> dict[str, str]:
    return _rates(_sim("cpu,efficiency,efficiency", players=3), "cpu")


@cache
def _four_strong() -> dict[str, str]:
    answer = _sim("cpu,cpu,cpu,cpu")
    cpu = answer["seats"]["cpu"]
    return {"win": f"{100 * cpu['win_rate']:.1f}", "deal_in": f"{100 * cpu['deal_in_rate']:.1f}",
            "unrounded": f"{100 * cpu['deal_in_rate']:.2f}", "riichi": f"{100 * cpu['riichi_rate']:.1f}",
            "calls": f"{100 * cpu['call_rate']:.1f}", "draws": f"{100 * answer['draw_rate']:.1f}"}


@cache
def _strengths() -> dict[str, str]:
    found = {}
    for strength in ("strong", "normal", "weak"):
        seat = _sim(f"cpu:{strength},efficiency,efficiency,efficiency")["seats"][f"cpu:{strength}"]
        low, high = seat["rank_ci95"]
        found.update({strength: f"{seat['avg_rank']:.2f}", f"{strength}_low": f"{low:.2f}",
                      f"{strength}_high": f"{high:.2f}"})
    return found


@cache
def _agreement() -> dict[str, str]:
    """benchmarks/agreement.py's table: the strong CPU beside the Phoenix-room players, by topic."""
    import agreement

    table = agreement.measure(agreement.default_games(), "strong", jobs=2)
    found = {}
    for name, row in table.items():
        topic = name.replace(" ", "_")  # "riichi or dama": a name a pattern can hold
        found.update({f"{topic}_n": comma(row["decisions"]), f"{topic}": f"{100 * row['agreement']:.1f}",
                      f"{topic}_low": f"{100 * row['low']:.1f}", f"{topic}_high": f"{100 * row['high']:.1f}",
                      f"{topic}_close": f"{100 * row['close']:.1f}"})
    return found


@cache
def _sanma_agreement() -> dict[str, str]:
    """benchmarks/agreement.py --players 3: the strong CPU beside the three-player Phoenix room."""
    import agreement

    kept = agreement.games(agreement.log_files(list(agreement.DEFAULT_SANMA_LOGS)), 3)[0]
    table = agreement.measure(kept, "strong", jobs=2, players=3)
    return {f"{name.replace(' ', '_')}": f"{100 * row['agreement']:.1f}" for name, row in table.items()} \
        | {f"{name.replace(' ', '_')}_n": comma(row["decisions"]) for name, row in table.items()} \
        | {"games": str(len(kept))}


@cache
def _fuzz() -> dict[str, str]:
    """tools/fuzz_logs.py 2000 --seed 1: how each mutant went, and the problems."""
    import fuzz_logs

    outcomes, wrong = fuzz_logs.run(fuzz_logs.sources(), 2000, 1)
    return {"count": comma(sum(outcomes.values())), "alike": comma(outcomes[0]), "differs": comma(outcomes[1]),
            "refused": comma(outcomes[2]), "problems": comma(len(wrong)), "logs": str(len(fuzz_logs.sources()))}


def _codes() -> dict[str, str]:
    from game.rules.wall import CODE_LENGTH, CODE_MAX, CODE_MIN

    return {"least": str(CODE_MIN), "most": str(CODE_MAX), "new": str(CODE_LENGTH)}


def _largest_file() -> int:
    from game.data.storage import MAX_BYTES

    return MAX_BYTES // 1024


def _constant(value: Callable[[], int]) -> Callable[[], dict[str, str]]:
    return lambda: {"n": comma(value())}


def _check_exports_games() -> int:
    import check_exports

    return check_exports.DEFAULT_GAMES


def _fairness_states() -> int:
    import test_cpu_fairness

    return test_cpu_fairness.STATES


DEMO = with_own_data_folder(_demo_game)
SCENES = with_own_data_folder(_scenes_game)
STRENGTHS = ("strong {strong} [{strong_low}, {strong_high}], normal {normal} [{normal_low}, {normal_high}], "
             "weak {weak} [{weak_low}, {weak_high}]")

FIGURES: list[Numbers | Rows] = [
    Rows("the danger table", MEASUREMENTS, "`python tools/danger_table.py`", danger_rows,
         "python tools/danger_table.py", cpu=True),
    Rows("the threat table", MEASUREMENTS, "`python tools/threat_table.py`", threat_rows,
         "python tools/threat_table.py", key=33, cpu=True),
    Numbers("the Tenhou logs the tables replay", MEASUREMENTS, "replays the {n} Tenhou logs of `tests/data/logs`",
            _constant(lambda: len(log_paths())), "ls tests/data/logs/*/* (but sanma/)"),
    Numbers("the demo game", MEASUREMENTS, "seed `BENCHFRAME`: {rounds} rounds, {decisions} decisions", DEMO,
            ".venv/bin/python benchmarks/frame.py", cpu=True),
    Numbers("the scenes game", MEASUREMENTS, "The game lasted {rounds} rounds (into the South), {answers} answers",
            SCENES, ".venv/bin/python benchmarks/scenes.py", cpu=True),
    Numbers("the viewer's steps", MEASUREMENTS, "stepped through all {steps} steps with X held", _longest_log_steps,
            ".venv/bin/python benchmarks/scenes.py"),
    Numbers("the review", MEASUREMENTS, "longest game, {rounds} rounds, {decisions} decisions of seat 0 reviewed "
            "({agree} agree;", _review, ".venv/bin/python benchmarks/review.py", cpu=True),
    Numbers("the shanten benchmark's log decisions", MEASUREMENTS, "| log decisions | {distinct} |",
            _shanten_families, ".venv/bin/python benchmarks/shanten.py"),
    Numbers("the shanten benchmark's log games", MEASUREMENTS, "| log games ({games}) | {played} |",
            _shanten_families, ".venv/bin/python benchmarks/shanten.py"),
    Numbers("the shanten benchmark's games of its seats", MEASUREMENTS,
            "| efficiency-seat games ({ours}) | {ours_hands} |", _shanten_families,
            ".venv/bin/python benchmarks/shanten.py"),
    Numbers("the scoring benchmark's real wins", MEASUREMENTS, "real Tenhou wins ({n})", _constant(_score_wins),
            ".venv/bin/python benchmarks/score.py"),
    Numbers("the callouts' length", MANUAL, "({normal} s at normal CPU speed, {fast} s fast, {slow} s slow)",
            _settings, "game/data/settings.py: CALLOUT_FRAMES / 30"),
    Numbers("the seed codes' lengths", README, "A seed code is {least} to {most} characters of Crockford's base 32 "
            "(new codes have {new};", _codes, "game/rules/wall.py: CODE_MIN, CODE_MAX, CODE_LENGTH"),
    Numbers("the seed codes' lengths", MANUAL, "A seed code is {least} to {most} characters of Crockford's base 32 "
            "(new codes have {new};", _codes, "game/rules/wall.py: CODE_MIN, CODE_MAX, CODE_LENGTH"),
    Numbers("the largest save or settings file", MANUAL, "a link to nothing, over {n} KiB)", _constant(_largest_file),
            "game/data/storage.py: MAX_BYTES"),
    Numbers("the exports check's games", MANUAL, "`python tools/check_exports.py` writes {n}",
            _constant(_check_exports_games), "python tools/check_exports.py"),
    Numbers("the fairness test's states", MANUAL, "shuffles the hidden tiles of {n} states",
            _constant(_fairness_states), "tests/test_cpu_fairness.py: STATES"),
    *[Numbers("four strong CPUs in the simulator", MEASUREMENTS, words, _four_strong,
              "picoriichi sim --games 400 --seed A --seats cpu,cpu,cpu,cpu --jobs 2", cpu=True, slow=True)
      for words in ("four strong CPUs: win (19–25%) / deal-in (9–13%) | **{win}% / {deal_in}%** ({unrounded}% unrounded",
                    "four strong CPUs: riichi (15–25%) / calls (20–40%) | **{riichi}% / {calls}%**",
                    "four strong CPUs: exhaustive draws (≤ 20%) | **{draws}%**")],
    *[Numbers("each strength against three efficiency seats", MEASUREMENTS,
              f"| {strength} vs three `efficiency` | **{{{strength}}}** [{{{strength}_low}}, {{{strength}_high}}]",
              _strengths, f"picoriichi sim --games 400 --seed A --seats cpu:{strength},efficiency,efficiency,efficiency"
              " --jobs 2", cpu=True, slow=True) for strength in ("strong", "normal", "weak")],
    *[Numbers("the agreement with Phoenix-room players", MEASUREMENTS, words, _agreement,
              "python benchmarks/agreement.py --jobs 2", cpu=True, slow=True)
      for words in ("| discard | {discard_n} | **{discard}%** [{discard_low}, {discard_high}] |",
                    "| riichi (either declared) | {riichi_n} | **{riichi}%** [{riichi_low}, {riichi_high}] |",
                    "| riichi or dama (every turn riichi was legal) | {riichi_or_dama_n} | **{riichi_or_dama}%** "
                    "[{riichi_or_dama_low}, {riichi_or_dama_high}] |",
                    "| call or pass | {call_n} | **{call}%** [{call_low}, {call_high}] |",
                    "| kan | {kan_n} | **{kan}%** [{kan_low}, {kan_high}] |",
                    "| win | {win_n} | **{win}%** [{win_low}, {win_high}] |")],
    *[Numbers("three strong CPUs in the simulator", MEASUREMENTS, words, _three_strong,
              "picoriichi sim --players 3 --games 400 --seed A --seats cpu,cpu,cpu --jobs 2", cpu=True, slow=True)
      for words in ("| three strong CPUs: win / deal-in / riichi / calls | **{win}% / {deal_in}% / {riichi}% / "
                    "{calls}%**", "| three strong CPUs: exhaustive draws | **{draws}%**")],
    Numbers("the strong CPU against two three-player efficiency seats", MEASUREMENTS,
            "| strong vs two `efficiency` (three players) | **{rank}** [{low}, {high}]", _three_vs_efficiency,
            "picoriichi sim --players 3 --games 400 --seed A --seats cpu,efficiency,efficiency --jobs 2", cpu=True,
            slow=True),
    Numbers("the agreement with three-player Phoenix-room players", MEASUREMENTS,
            "three-player Phoenix-room games of tests/data ({games} games): discard **{discard}%** "
            "({discard_n}), riichi **{riichi}%**, riichi or dama **{riichi_or_dama}%**, call or pass **{call}%** "
            "({call_n}), kan **{kan}%**, win **{win}%**", _sanma_agreement,
            "python benchmarks/agreement.py --players 3 --jobs 2", cpu=True, slow=True),
    Numbers("the log fuzzer's long run", MEASUREMENTS, "| `python tools/fuzz_logs.py 2000 --seed 1` (the {logs} "
            "four-player ranked-room logs of tests/data) | {count} | {alike} | {differs} | {refused} | **{problems}** |",
            _fuzz, "python tools/fuzz_logs.py 2000 --seed 1", slow=True),
]


# -- checking and writing ----------------------------------------------------------------------


@dataclass
class Verdict:
    figure: Numbers | Rows
    written: dict[str, str] | None
    now: dict[str, str] = field(default_factory=dict)
    root: Path = ROOT  # the tree whose document was read (and is written)

    @property
    def differs(self) -> dict[str, tuple[str | None, str]]:
        """name: (as written, as now) for each value that differs (or is not written at all)."""
        if self.written is None:
            return {"(the figure)": (None, "its words are not in the document")}
        return {name: (self.written.get(name), value) for name, value in self.now.items()
                if name in self.written and self.written[name] != value}

    def message(self) -> str:
        f = self.figure
        lines = [f"{f.doc}: {f.name}" + (" (follows the CPU's choices)" if f.cpu else "")]
        for name, (was, now) in self.differs.items():
            lines.append(f"  {name}: written {was!r}, now {now!r}")
        lines.append(f"  command: {f.command}; refresh: .venv/bin/python tools/doc_figures.py --write")
        return "\n".join(lines)


def now_of(figure: Numbers | Rows) -> dict[str, str]:
    return figure.now() if isinstance(figure, Rows) else figure.values()


def verdict(figure: Numbers | Rows, root: Path = ROOT) -> Verdict:
    """The figure as written in its document under ``root`` beside its value now."""
    text = (root / figure.doc).read_text(encoding="utf-8")
    written = figure.written(text)
    if written is None:
        return Verdict(figure, None, root=root)
    now = now_of(figure)
    if isinstance(figure, Numbers):
        now = {name: now[name] for name in written}
    else:
        now = {key: now[key] for key in written if key in now} | {
            key: "(no such row now)" for key in written if key not in now}
    return Verdict(figure, written, now, root)


def write(found: Verdict) -> bool:
    """Put the values of now into the document; False when its words cannot be found."""
    if found.written is None:
        return False
    path = found.root / found.figure.doc
    text = path.read_text(encoding="utf-8")
    now = {k: v for k, v in found.now.items() if v != "(no such row now)"}
    path.write_text(found.figure.rewrite(text, now), encoding="utf-8")
    return True


def chosen(only: str | None, slow: bool) -> list[Numbers | Rows]:
    return [f for f in FIGURES if (slow or not f.slow) and (only is None or only in f.name)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="write the values of now into the documents")
    parser.add_argument("--slow", action="store_true", help="the 400-game simulator measures too")
    parser.add_argument("--only", help="only the figures whose name holds this")
    args = parser.parse_args(argv)
    figures = chosen(args.only, args.slow)
    if not figures:
        parser.error(f"no figure's name holds {args.only!r}")
    failed = 0
    for figure in figures:
        found = verdict(figure)
        if not found.differs:
            shown = "; ".join(f"{k} {v}" for k, v in found.now.items()) if isinstance(figure, Numbers) \
                else f"{len(found.now)} rows"
            print(f"ok      {figure.doc}: {figure.name}: {shown}")
            continue
        if args.write and write(found):
            print(f"written {found.message()}")
            continue
        failed += 1
        print(f"DIFFERS {found.message()}")
    print(f"{len(figures)} figures, {failed} {'not written' if args.write else 'differ'}"
          + ("" if args.slow else "; the 400-game simulator measures are left out (--slow)"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
