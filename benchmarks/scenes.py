"""Every scene of the cartridge, visited as a player visits them: each one's memory peak and
worst CPU meter, against the cartridge's budget (2 MiB of memory, the CPU meter under 1.0).

    .venv/bin/python benchmarks/scenes.py [--clock thread|wall] [--speed normal|fast|slow] [--seed CODE]

One process, memory traced from the cartridge's start as ``make play`` traces it, plays:
the title; the settings; a whole east-south game from the title (the seed typed on SEED) by
the tests' scripted player (tests/playing.py) against the real strong CPUs at the chosen CPU
speed, with the pause menu and the hold-X view opened on the way; its results pages; the final
standings; the list of replays (the game just played is kept there); and the replay viewer
on a real Tenhou log (the longest in tests/data/logs, put in the data folder's logs/) with
seat 0's play reviewed, stepped through action by action with X held so that every step's
analysis of the four seats is worked out. The data folder is a temporary
one: the player's saves and settings are not touched.

For each scene (the table's results pages, pause menu and hold-X view apart from the table,
and the viewer with its analysis apart from the viewer) it prints the frames, the memory peak
(tracemalloc's peak, reset as the scene begins: everything the cartridge holds then counts),
the peak once settled (from the scene's third frame: the cartridge frees the scene before a
frame after it leaves, and collects the frame after that, so a scene's first frames still hold
it), and the worst CPU meter with the frames at 1.0 or more; then the game's length in frames
and in minutes of the player's time at 30 frames a second.

Every frame is timed on both clocks as well (the table's "worst wall" and "worst work"): the
wall clock, as the player waits for it (a frame that waits for the disk costs the processor
nothing), and this thread's processor time; each frame past the budget on the wall clock is
named by its scene and the last task the scheduler stepped (``Scheduler.watch``).

``--clock thread`` (the default) runs the cartridge on this thread's processor time: the meter
reads the game's own work, as on a quiet machine, and a pause of the process on a machine
shared with other work is not counted (the whole-game test counts the work itself:
tests/playing.py's work clock). ``--clock wall`` times them
by the wall clock, as ``make play`` does on this machine as it is. The peer is the budget:
MEMORY_BUDGET (1.75 MiB, the issue's bound below the cartridge's 2 MiB) and a meter of 1.0.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "tests"))  # the scripted player
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SEED_CODE = "SCENES0001"
MEMORY_BUDGET = 1792 * 1024  # 1.75 MiB
SETTLING_FRAMES = 2  # the scene before is freed, then collected
THINKING_SECONDS = 2  # a player's time to answer, beside the scripted player's frames
FPS = 30
LOGS = ROOT / "tests" / "data" / "logs"
GAME_FRAMES = 120_000
IDLE_FRAMES = 60  # frames spent on a scene that only waits (title, settings, lists)


class Meter:
    """Per scene: frames, the memory peak, the worst CPU meter and the frames at 1.0 or more."""

    def __init__(self, cart) -> None:
        self.cart = cart
        self.scenes: dict[str, dict] = {}
        self.label: str | None = None
        self.since = 0  # frames since the label began
        self.last_task = ""  # the last task the scheduler stepped (its ``watch``)
        self.long: list[tuple[str, str, float, float]] = []  # frames past the budget on the wall clock
        cart.scheduler.watch = self.watch

    def watch(self, task) -> None:
        self.last_task = task.name

    def record(self, label: str, wall: float = 0.0, work: float = 0.0) -> None:
        """After a frame: charge it to ``label`` (a new label starts a fresh memory peak), with
        its seconds on the wall clock and on this thread's processor time."""
        if label != self.label:
            self.label, self.since = label, 0
            tracemalloc.reset_peak()
        self.since += 1
        current, peak = tracemalloc.get_traced_memory()
        scene = self.scenes.setdefault(label, {"frames": 0, "peak": 0, "settled": 0, "worst": 0.0, "over": 0,
                                               "wall": 0.0, "work": 0.0, "wall_over": 0})
        meter = self.cart.cpu.this_frame
        scene["frames"] += 1
        scene["peak"] = max(scene["peak"], peak, current)
        if self.since > SETTLING_FRAMES:
            scene["settled"] = max(scene["settled"], peak, current)
        elif self.since == SETTLING_FRAMES:
            tracemalloc.reset_peak()
        scene["worst"] = max(scene["worst"], meter)
        scene["over"] += meter >= 1.0
        scene["wall"], scene["work"] = max(scene["wall"], wall), max(scene["work"], work)
        if wall > 1 / FPS:  # as a player waits for it: named by its scene and the last task stepped
            scene["wall_over"] += 1
            self.long.append((label, self.last_task or "none", wall, work))


def label_of(cart) -> str:
    """The scene on screen, with the table's and the viewer's parts apart."""
    from engine.buttons import X

    scene = cart.scene
    name = type(scene).__name__.removesuffix("Scene").lower()
    if name == "table":
        if scene.menu is not None:
            return "table: pause menu"
        if scene.results is not None:
            return "table: results"
        if cart.buttons.held(X):
            return "table: hold-X view"
    if name == "viewer" and cart.buttons.held(X):
        return "viewer: analysis (X held)"
    return name


class Visit:
    """Steps the cartridge with scripted fingers, metering every frame."""

    def __init__(self, clock) -> None:
        from engine.cartridge import Cartridge
        from game.ui.title import TitleScene
        from playing import Fingers

        self.cart = Cartridge(TitleScene, clock=clock, trace_memory=True)
        self.fingers = Fingers()
        self.cart.buttons.read = self.fingers.read
        self.meter = Meter(self.cart)

    def frame(self, button: str | None = None, held: set[str] | None = None, keys: tuple[int, ...] = ()) -> None:
        import pyxel

        if held is not None:
            self.fingers.down, self.fingers.resting = set(held), False
        else:
            self.fingers.press(button)
        for key in keys:
            pyxel.set_btn(key, True)
        wall, work = time.perf_counter(), time.thread_time()
        self.cart.update()
        self.cart.draw()
        wall, work = time.perf_counter() - wall, time.thread_time() - work
        pyxel.flip()
        for key in keys:
            pyxel.set_btn(key, False)
        self.meter.record(label_of(self.cart), wall, work)

    def idle(self, frames: int = IDLE_FRAMES) -> None:
        for _ in range(frames):
            self.frame()

    def press(self, button: str) -> None:
        self.frame(held={button})
        self.frame(held=set())

    def key(self, key: int) -> None:
        self.frame(keys=(key,))
        self.frame()


def visit_menus(visit: Visit) -> None:
    """The title, then the settings and back."""
    import pyxel

    from engine.buttons import DOWN, O

    visit.idle()
    title = visit.cart.scene
    while title.chosen != "SETTINGS":
        visit.press(DOWN)
    visit.press(O)
    visit.idle()
    visit.key(pyxel.KEY_ESCAPE)
    visit.idle()


def visit_game(visit: Visit, seed: str, speed: str) -> dict:
    """A whole game from the title: the frames it took from the first deal to the standings,
    its rounds, and how many questions the player answered."""
    import pyxel

    from engine.buttons import X
    from game.data.settings import Settings
    from game.ui.standings import StandingsScene
    from playing import ScriptedPlayer

    cart = visit.cart
    cart.settings = Settings(cpu_speed=speed)
    title = cart.scene
    while title.chosen != "SEED":  # a letter typed there begins the code
        visit.press("down")
    for char in seed:
        visit.key(getattr(pyxel, f"KEY_{char}"))
    visit.key(pyxel.KEY_RETURN)
    table = cart.scene
    player = ScriptedPlayer()
    frames = 0
    while not isinstance(cart.scene, StandingsScene) and frames < GAME_FRAMES:
        if frames == 600:  # on the way: the pause menu, then the hold-X view, a second each
            visit.key(pyxel.KEY_ESCAPE)
            visit.idle(FPS)
            visit.key(pyxel.KEY_ESCAPE)
            for _ in range(FPS):
                visit.frame(held={X})
            visit.frame(held=set())
        visit.frame(player.button(table))
        frames += 1
    if not isinstance(cart.scene, StandingsScene):
        raise SystemExit(f"the game did not end in {GAME_FRAMES} frames")
    game = table.game
    played = {"frames": frames, "rounds": len(game.rounds), "last": game.rounds[-1].round_wind,
              "answers": sum(d.seat == table.player for d in game.decisions)}
    visit.idle()
    visit.press("o")
    visit.idle(2)
    return played


def visit_replays(visit: Visit, log_name: str) -> int:
    """The list of replays (the game just played is kept there too), then the Tenhou log
    ``log_name`` in the viewer, seat 0's play reviewed, stepped through with X held; the steps."""
    from engine.buttons import DOWN, O, RIGHT, X

    cart = visit.cart
    title = cart.scene
    while title.chosen != "REPLAYS":
        visit.press(DOWN)
    visit.press(O)
    visit.idle()
    replays = cart.scene
    while replays.entries[replays.choice].name != log_name:
        visit.press(DOWN)
    visit.press(O)
    while replays.opening is not None or cart.scene is replays:  # read as thinking, then the viewer
        visit.frame()
    viewer = cart.scene
    visit.idle(2)
    visit.press(O)  # whose play to review: seat 0, where the cursor starts
    assert viewer.review is not None and viewer.review.seat == 0
    visit.idle(2)
    steps = 0
    for round_index in range(len(viewer.log)):
        while viewer.round_index != round_index:
            visit.frame(held={X, DOWN})
            visit.frame(held={X})
        while viewer.log.stepped(round_index) is None:  # the round is stepped through our rules first
            visit.frame(held={X})
        for _ in range(len(viewer.stepped.steps)):
            for _ in range(200):  # this step's analysis, worked out while X is held
                visit.frame(held={X})
                if viewer.hints is not None:
                    break
            visit.frame(held={X, RIGHT})
            steps += 1
    visit.idle()
    return steps


def longest_log() -> Path:
    """The longest four-player log of tests/data (the viewer's table has four seats: the
    three-player logs of logs/sanma are left out)."""
    logs = (p for p in LOGS.rglob("*") if p.suffix in (".xml", ".mjlog", ".json") and p.parent.name != "sanma")
    return max(logs, key=lambda p: p.stat().st_size)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clock", choices=("thread", "wall"), default="thread")
    parser.add_argument("--speed", choices=("normal", "fast", "slow"), default="normal")
    parser.add_argument("--seed", default=SEED_CODE)
    args = parser.parse_args(argv)
    from engine import target
    from game.data.storage import DATA_DIR_VARIABLE

    target.init_pyxel(headless=True, fps=target.UNCAPPED_FPS)
    from engine.scheduler import Clock
    from playing import thread_clock
    clock = thread_clock() if args.clock == "thread" else Clock.machine()
    log = longest_log()
    with tempfile.TemporaryDirectory(prefix="picoriichi-scenes-") as data:
        os.environ[DATA_DIR_VARIABLE] = data
        (Path(data) / "logs").mkdir()
        shutil.copy(log, Path(data) / "logs" / log.name)
        visit = Visit(clock)
        visit_menus(visit)
        game = visit_game(visit, args.seed.upper(), args.speed)
        steps = visit_replays(visit, log.name)
        visit.cart.close()
    report(visit.meter, args, game, steps, log)


def report(meter: Meter, args, game: dict, steps: int, log: Path) -> None:
    print(f"benchmarks/scenes.py: clock {args.clock}, CPU speed {args.speed}, seed {args.seed}, "
          f"viewer on {log.relative_to(ROOT)} ({steps} steps, seat 0 reviewed); Python {sys.version.split()[0]}")
    print(f"{'scene':<28} {'frames':>7} {'memory peak':>12} {'settled':>9} {'worst CPU':>10} {'frames >= 1.0':>14}"
          f" {'worst wall':>11} {'worst work':>11} {'wall > 33 ms':>13}")
    for label, scene in meter.scenes.items():
        over = "  OVER BUDGET" if scene["settled"] > MEMORY_BUDGET else ""
        print(f"{label:<28} {scene['frames']:>7} {scene['peak'] // 1024:>8} KiB {scene['settled'] // 1024:>5} KiB "
              f"{scene['worst']:>10.2f} {scene['over']:>14} {scene['wall'] * 1000:>8.1f} ms {scene['work'] * 1000:>8.1f} ms"
              f" {scene['wall_over']:>13}{over}")
    named = Counter(f"{label} (last task {task})" for label, task, _, _ in meter.long)
    print(f"frames past {1000 / FPS:.1f} ms on the wall clock: {len(meter.long)}"
          + (": " + ", ".join(f"{what} {n}" for what, n in named.most_common()) if named else ""))
    for label, task, wall, work in sorted(meter.long, key=lambda long: -long[2])[:5]:
        print(f"  {wall * 1000:.1f} ms on the wall clock, {work * 1000:.1f} ms of the thread's processor time: "
              f"{label}, last task {task}")
    minutes = game["frames"] / FPS / 60
    wind = "ESWN"[game["last"] % 4]
    print(f"the game: {game['rounds']} rounds (the last a {wind} round), {game['answers']} answers from the player's seat; "
          f"{game['frames']} frames from the first deal to the standings = {minutes:.1f} minutes at {FPS} fps "
          f"with the scripted player's answers; {minutes + game['answers'] * THINKING_SECONDS / 60:.1f} minutes "
          f"with {THINKING_SECONDS} s more for each answer")


if __name__ == "__main__":
    main()
