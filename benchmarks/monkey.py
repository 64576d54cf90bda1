"""Random buttons on the real main.py: the frames over budget, by scene and by what ran.

    .venv/bin/python benchmarks/monkey.py [--frames 30000] [--seeds 1,2,3,4,5] [--clock thread|wall] [--clicks]

Each seed runs main.py as ``make play`` runs it (its cartridge, memory traced unless
``PICORIICHI_TRACE_MEMORY=0``) in a fresh process, headless, with Pyxel's pacing uncapped and
``pyxel.run`` taken over by a monkey: ``random.Random(seed)`` presses and holds keys (the six
buttons' keys weighted most, Esc and Enter, letters and digits for a seed code, the viewer's
Q, W, S), ``--clicks`` adds left clicks at random places (``pyxel.set_mouse_pos`` and
``MOUSE_BUTTON_LEFT``: Pyxel's headless mode takes both), for its share of ``--frames``; Pyxel's
sound calls are stood in for, as in the tests (under SDL's dummy driver a ``playm`` once
deadlocked against Pyxel's audio thread). Its data
folder is its own (``PICORIICHI_DATA_DIR``, a temporary folder; the player's saves are never
touched) and starts with a game saved in the South (CONTINUE on the title) and the longest
Tenhou log of tests/data in ``logs/`` (REPLAYS), so the monkey meets the long cases.

A frame is over budget when its update, draw and thinking together pass the 30 fps frame
(the CPU meter reads 1.0 or more). Each is charged to the scene and to what ran longest in it:
a scene being built (``TableScene.__init__``), its ``update`` or ``draw``, the cartridge
freeing and collecting the scene that left (``cartridge: collect``), or a task's steps
(``task game``). The report gives the count by scene and by what ran, the worst frame, the
CPU meter's worst, and the peer, in the same processes: Pyxel's bare frame (``cls`` and a
line of text), timed the same way, as the base of the ratios.

``--clock thread`` (the default) runs the cartridge on the thread's processor time, as the
tests and ``benchmarks/scenes.py`` do: a pause of the process on a machine shared with other
work is not counted as the frame's. ``--clock wall`` runs it as ``make play`` does
(``Clock.machine``: its frames on the wall clock).

Either way every frame is timed on both clocks: the wall clock, as a player waits for it
(a frame that waits for the disk costs the processor nothing and the player everything), and
the thread's processor time. A frame over budget on either is listed with its scene, what ran
longest in it (on the wall clock), the last task stepped, what the writer's thread was doing
(``busy``: a job ran in the frame; ``none``: no writer, before issue 50) and its cause, read
from the thread's context switches (``getrusage(RUSAGE_THREAD)``): its own work (processor
time past the budget), a wait (voluntary switches: the disk, a lock, the GIL), or the machine
busy with other work (involuntary switches only). Esc on the title quits the cartridge: the
monkey counts the quit (once the writer is done) and plays on from the title.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import runpy
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # the thread clock (tests/playing.py)
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DEFAULT_FRAMES = 30_000
DEFAULT_SEEDS = (1, 2, 3, 4, 5)
BARE_FRAMES = 1000
SAVED_ROUND = 4  # the data folder's saved game stands in South 1
LOGS = ROOT / "tests" / "data" / "logs"
WORST_SHOWN = 12  # frames over budget listed one by one


# -- the monkey's hands -------------------------------------------------------------------------

class Press:
    """A key held down for some frames."""

    def __init__(self, key: int, frames: int) -> None:
        self.key, self.frames = key, frames

    def start(self, pyxel) -> None:
        pyxel.set_btn(self.key, True)

    def end(self, pyxel) -> None:
        pyxel.set_btn(self.key, False)


class Click(Press):
    """The left mouse button held down at a place for some frames."""

    def __init__(self, x: int, y: int, frames: int) -> None:
        super().__init__(-1, frames)
        self.x, self.y = x, y

    def start(self, pyxel) -> None:
        pyxel.set_mouse_pos(self.x, self.y)
        pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)

    def end(self, pyxel) -> None:
        pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)


class Monkey:
    """Each frame, maybe a new key (or click) goes down for a few frames; those whose time is
    up are let go. ``hands`` maps a kind of input to (weight, maker): a new kind of input is one
    more entry."""

    def __init__(self, seed: int, pyxel, clicks: bool) -> None:
        self.rng = random.Random(seed)
        self.pyxel = pyxel
        self.held: list[Press] = []
        keys = pyxel
        buttons = [keys.KEY_LEFT, keys.KEY_RIGHT, keys.KEY_UP, keys.KEY_DOWN, keys.KEY_Z, keys.KEY_Z, keys.KEY_Z]
        text = [getattr(keys, f"KEY_{c}") for c in "ABCDEFGHJKMNPQRSTVWXY0123456789"]
        self.hands = {
            "button": (60, lambda: Press(self.rng.choice(buttons), self.rng.choice((1, 1, 2, 3, 20)))),
            "look": (6, lambda: Press(keys.KEY_X, self.rng.randint(1, 60))),
            "pause": (4, lambda: Press(self.rng.choice((keys.KEY_ESCAPE, keys.KEY_RETURN)), 1)),
            "text": (4, lambda: Press(self.rng.choice(text + [keys.KEY_BACKSPACE]), 1)),
            "viewer": (3, lambda: Press(self.rng.choice((keys.KEY_Q, keys.KEY_W, keys.KEY_S, keys.KEY_TAB)), 1)),
        }
        if clicks:
            self.hands["click"] = (30, lambda: Click(self.rng.randrange(128), self.rng.randrange(128),
                                                      self.rng.choice((1, 1, 2, 4))))
        self.kinds = list(self.hands)
        self.weights = [self.hands[k][0] for k in self.kinds]

    def act(self) -> None:
        """Before a frame: let go what is done, maybe press something new."""
        for press in [p for p in self.held if p.frames <= 0]:
            press.end(self.pyxel)
            self.held.remove(press)
        for press in self.held:
            press.frames -= 1
        if self.rng.random() < 0.35:
            kind = self.rng.choices(self.kinds, self.weights)[0]
            press = self.hands[kind][1]()
            press.start(self.pyxel)
            self.held.append(press)


# -- one seed's run, in its own process -----------------------------------------------------------

class FrameParts:
    """What each part of a frame took: scenes built, the cartridge's tidying, each task's steps."""

    def __init__(self, cart, clock) -> None:
        from engine import scheduler

        self.clock = clock
        self.parts: Counter = Counter()
        change, tidy = cart.change, cart._tidy

        def timed_change(scene_class, *args) -> None:
            def build(*build_args):
                start = clock()
                scene = scene_class(*build_args)
                self.parts[f"{_name(scene)}.__init__"] += clock() - start
                return scene
            change(build, *args)

        def timed_tidy() -> None:
            start = clock()
            tidy()
            self.parts["cartridge: collect"] += clock() - start

        cart.change, cart._tidy = timed_change, timed_tidy
        step = scheduler.Task.step
        self.last_task = ""  # the last task stepped: what the frame was doing when it ran long

        def timed_step(task, gather=None) -> None:
            start = clock()
            step(task, gather)
            self.parts[f"task {task.name}"] += clock() - start
            self.last_task = task.name

        scheduler.Task.step = timed_step

    def what_ran(self, cart, scene: str) -> tuple[str, float]:
        """The part of the frame just run that took longest, and its seconds."""
        built = sum(s for name, s in self.parts.items() if name.endswith("__init__"))
        tidied = self.parts["cartridge: collect"]
        thought = sum(s for name, s in self.parts.items() if name.startswith("task "))
        parts = dict(self.parts)
        parts[f"{scene}.update"] = max(0.0, cart.update_seconds - built - tidied)
        parts[f"{scene}.draw"] = cart.draw_seconds
        parts["cartridge: thinking"] = max(0.0, cart.think_seconds - thought)  # the scheduler's own
        self.last_parts = parts  # every part of the frame, for a frame that waited
        name = max(parts, key=parts.get)
        return name, parts[name]


def _switches() -> tuple[int, int]:
    """This thread's context switches so far: voluntary (it waited: the disk, a lock, a sleep)
    and involuntary (the machine's other work took the core)."""
    usage = resource.getrusage(resource.RUSAGE_THREAD)
    return usage.ru_nvcsw, usage.ru_nivcsw


def _cause(seconds: float, wall: float, waited: int, preempted: int) -> str:
    """Why a frame ran long: its own work (processor time past the budget), or, its work
    within it, the time it did not run: waiting (voluntary switches: the disk, a lock) or
    the machine busy with other work (involuntary switches only); with neither, time the
    thread lost without a switch (a virtual machine's stolen time, page faults)."""
    from engine.target import FRAME_SECONDS

    if seconds > FRAME_SECONDS:
        return "work"
    if waited:
        return "waited (the disk, a lock)"
    return "machine busy (preempted)" if preempted else "unaccounted (no switch: not its work)"


def _writer_in(writer, ran: int) -> str:
    """What the writer did during a frame: "none" (no writer: every write in the frame),
    "busy" (a job ran or is running: its thread held the GIL between its calls), or "idle"."""
    if writer is None:
        return "none"
    return "busy" if writer.ran != ran or not writer.idle else "idle"


def _name(scene) -> str:
    return type(scene).__name__


def prepare_folder(folder: Path, seed: int) -> None:
    """A game saved in the South by the driver's own CPUs, and the longest Tenhou log in logs/."""
    from engine.tasks import NEXT_FRAME
    from game.cpu import CpuAgent
    from game.data import save
    from game.data.settings import Settings
    from game.data.storage import open_storage
    from game.play.driver import Game, player_seat

    code = f"M0NKEY{seed:04d}"
    me = player_seat(code)

    class Stops(CpuAgent):
        def act(self, view):
            if game.match.round_index >= SAVED_ROUND:
                while True:
                    yield NEXT_FRAME
            return (yield from super().act(view))

    agents = [CpuAgent("normal") for _ in range(4)]
    agents[me] = Stops("normal")
    game = Game(agents, code)
    task = game.play()
    for value in task:
        if value is NEXT_FRAME and game.match.round_index >= SAVED_ROUND:
            break
    save.write_game(open_storage(folder, environ={}), save.SavedGame(code, Settings(), tuple(game.decisions)))
    logs = folder / "logs"
    logs.mkdir()
    four = (p for p in LOGS.rglob("*") if p.suffix in (".xml", ".mjlog", ".json") and p.parent.name != "sanma")
    longest = max(four, key=lambda p: p.stat().st_size)  # a four-player log: the viewer's table has four seats
    shutil.copy(longest, logs)


def bare_frames(pyxel, clock, frames: int) -> list[float]:
    """The peer: a frame that clears the screen and writes a line, timed as the monkey's are."""
    seconds = []
    for i in range(frames):
        start = clock()
        pyxel.cls(3)
        pyxel.text(2, 2, f"FRAME {i}", 7)
        seconds.append(clock() - start)
        pyxel.flip()
    return seconds


def run_seed(seed: int, frames: int, clock_name: str, clicks: bool) -> dict:
    """In this process: main.py under the monkey for ``frames`` frames; a JSON-able record."""
    import pyxel

    from engine import cartridge, target
    from engine.scheduler import Clock
    from playing import thread_clock

    clock = time.thread_time if clock_name == "thread" else time.perf_counter
    folder = Path(tempfile.mkdtemp(prefix="picoriichi-monkey-"))
    os.environ["PICORIICHI_DATA_DIR"] = str(folder)
    try:
        prepare_folder(folder, seed)
        target.init_pyxel(headless=True, fps=target.UNCAPPED_FPS)
        for name in ("play", "playm", "stop"):  # as the tests do: under SDL's dummy driver Pyxel's
            setattr(pyxel, name, lambda *args, **kwargs: None)  # audio thread once deadlocked a playm
        bare = bare_frames(pyxel, clock, BARE_FRAMES)
        target.init_pyxel = lambda *args, **kwargs: None  # started above, headless
        built = cartridge.Cartridge.__init__
        chosen = thread_clock() if clock_name == "thread" else Clock.machine()

        def on_our_clock(self, *args, **options) -> None:  # main.py's cartridge on our clock
            options["clock"] = chosen
            built(self, *args, **options)

        cartridge.Cartridge.__init__ = on_our_clock
        record = {"seed": seed, "bare": bare}
        pyxel.run = lambda update, draw: monkey_frames(update.__self__, seed, frames, clock, clicks, record)
        runpy.run_path(str(ROOT / "main.py"), run_name="__main__")
        return record
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def monkey_frames(cart, seed: int, frames: int, clock, clicks: bool, record: dict) -> None:
    import pyxel

    from engine.target import FRAME_SECONDS

    monkey = Monkey(seed, pyxel, clicks)
    parts = FrameParts(cart, time.perf_counter)  # what ran, as a player waits for it
    quits = [0]

    def left() -> None:  # Esc on the title quit (once the writer was done): the monkey plays on
        quits[0] += 1
        cart.quitting = -1
        cart.restart()

    cart.leave = left
    scenes: Counter = Counter()
    over, times, walls, worst_meter, failures = [], [], [], 0.0, []
    report_failure = cart._report_failure

    def failed(task) -> None:  # a task that raised: the cartridge shows it, the report lists it
        failures.append(f"{task.name}: {task.error_text}")
        report_failure(task)

    cart._report_failure = failed
    worst = (0.0, "", "", 0)
    for frame in range(frames):
        monkey.act()
        parts.parts.clear()
        writer = getattr(cart, "writer", None)  # the disk's work beside the frames (none before issue 50)
        ran = writer.ran if writer is not None else 0
        start, wall, switches = time.thread_time(), time.perf_counter(), _switches()
        try:
            cart.update()
            cart.draw()
        except Exception as error:  # a bug the monkey found: said, and this seed's run ends
            record["crash"] = f"frame {frame}: {type(error).__name__}: {error}"
            import traceback

            traceback.print_exc()
            break
        wall_seconds, seconds = time.perf_counter() - wall, time.thread_time() - start
        waited, preempted = (now - before for now, before in zip(_switches(), switches))
        pyxel.flip()
        scene = _name(cart.scene)
        scenes[scene] += 1
        times.append(seconds)
        walls.append(wall_seconds)
        meter = cart.cpu.this_frame
        worst_meter = max(worst_meter, meter)
        if meter >= 1.0 or max(seconds, wall_seconds) > FRAME_SECONDS:
            what, part_seconds = parts.what_ran(cart, scene)
            top = sorted(parts.last_parts.items(), key=lambda item: -item[1])[:3]
            over.append({"frame": frame, "scene": scene, "what": what, "ms": seconds * 1000,
                         "wall_ms": wall_seconds * 1000, "part_ms": part_seconds * 1000, "meter": meter,
                         "last_task": parts.last_task, "waited": waited, "preempted": preempted,
                         "cause": _cause(seconds, wall_seconds, waited, preempted),
                         "writer": _writer_in(writer, ran),
                         "parts": [f"{name} {seconds * 1000:.1f} ms" for name, seconds in top]})
        if wall_seconds > worst[0]:
            worst = (wall_seconds, scene, parts.what_ran(cart, scene)[0], frame)
    record.update(frames=len(times), times=times, walls=walls, quits=quits[0], over=over, worst_meter=worst_meter, scenes=dict(scenes),
                  worst={"ms": worst[0] * 1000, "scene": worst[1], "what": worst[2], "frame": worst[3]},
                  failures=failures)
    cart.close()


# -- the report -----------------------------------------------------------------------------------

def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(records: list[dict], clock_name: str, clicks: bool) -> None:
    frames = sum(r["frames"] for r in records)
    times = [t for r in records for t in r["times"]]
    walls = [t for r in records for t in r.get("walls", r["times"])]
    bare = [t for r in records for t in r["bare"]]
    over = [dict(o, seed=r["seed"]) for r in records for o in r["over"]]
    budget_ms = 1000 / 30
    print(f"benchmarks/monkey.py: {frames} frames of random {'buttons and clicks' if clicks else 'buttons'} on "
          f"main.py, seeds {','.join(str(r['seed']) for r in records)}, clock {clock_name}, Python "
          f"{sys.version.split()[0]}, each seed in a fresh process")
    scenes = Counter()
    for r in records:
        scenes.update(r["scenes"])
    print("scenes visited (frames): " + ", ".join(f"{name} {n}" for name, n in scenes.most_common()))
    print(f"quits from the title (Esc, after the writer): {sum(r.get('quits', 0) for r in records)}")
    for o in over:
        o["cause_writer"] = f"{o.get('cause', '?').split(' (')[0]}, writer {o.get('writer', 'none')}"
    on_wall = [o for o in over if o.get("wall_ms", o["ms"]) > budget_ms]
    on_work = [o for o in over if o["ms"] > budget_ms or o["meter"] >= 1.0]
    for label, chosen in ((f"on the wall clock (past {budget_ms:.1f} ms as a player waits)", on_wall),
                          ("on processor time (the thread's past the frame, or the CPU meter >= 1.0)", on_work)):
        print(f"frames over budget {label}: {len(chosen)} of {frames}")
        for name, key in (("by cause", "cause"), ("by the writer's thread", "writer"),
                          ("by cause and the writer", "cause_writer"), ("by scene", "scene"), ("by what ran longest (wall)", "what"),
                          ("by the last task stepped", "last_task")):
            counts = Counter(o.get(key) or "none" for o in chosen)
            print(f"  {name}: " + (", ".join(f"{what} {n}" for what, n in counts.most_common()) or "none"))
    for o in sorted(over, key=lambda o: -o.get("wall_ms", o["ms"]))[:WORST_SHOWN]:
        print(f"    seed {o['seed']} frame {o['frame']:>5}: wall {o.get('wall_ms', o['ms']):6.1f} ms, processor "
              f"{o['ms']:6.1f} ms, meter {o['meter']:.2f}, {o['scene']}: {o['what']} {o['part_ms']:.1f} ms, "
              f"last task {o.get('last_task') or 'none'}, {o.get('cause', '')}, writer {o.get('writer', 'none')}")
    waited = [o for o in on_wall if o.get("cause", "").startswith("waited")]
    print(f"the frames past the budget on the wall clock that waited (the {min(len(waited), WORST_SHOWN)} longest):")
    for o in sorted(waited, key=lambda o: -o["wall_ms"])[:WORST_SHOWN]:
        print(f"    seed {o['seed']} frame {o['frame']:>5}: wall {o['wall_ms']:6.1f} ms, processor {o['ms']:5.1f} ms, "
              f"{o['waited']} waits, {o['preempted']} preemptions, writer {o.get('writer', 'none')}, {o['scene']}: "
              f"{', '.join(o.get('parts', [])) or o['what']}")
    worst = max((dict(r["worst"], seed=r["seed"]) for r in records), key=lambda w: w["ms"])
    base = percentile(bare, 0.5)
    print(f"worst frame on the wall clock: {worst['ms']:.1f} ms (seed {worst['seed']} frame {worst['frame']}, "
          f"{worst['scene']}: {worst['what']}), {worst['ms'] / 1000 / base:.0f}x the bare frame")
    print(f"CPU meter's worst: {max(r['worst_meter'] for r in records):.2f}")
    print(f"frame p50 / p99 on processor time: {percentile(times, 0.5) * 1000:.3f} / "
          f"{percentile(times, 0.99) * 1000:.3f} ms; on the wall clock: {percentile(walls, 0.5) * 1000:.3f} / "
          f"{percentile(walls, 0.99) * 1000:.3f} ms")
    print(f"peer: bare Pyxel frame (cls+text) p50 {base * 1000:.4f} ms; ratio of the frames' p50 to it: "
          f"{percentile(times, 0.5) / base:.0f}x")
    for r in records:
        for line in r.get("failures", []):
            print(f"  seed {r['seed']}: a task failed: {line}")
        if "crash" in r:
            print(f"  seed {r['seed']}: CRASHED at {r['crash']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=DEFAULT_FRAMES, help="frames in all, shared by the seeds")
    parser.add_argument("--seeds", default=",".join(map(str, DEFAULT_SEEDS)))
    parser.add_argument("--clock", choices=("thread", "wall"), default="thread")
    parser.add_argument("--clicks", action="store_true", help="random left clicks too")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a seed's run, in the child process
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    share = args.frames // len(seeds)
    if args.one is not None:
        print(json.dumps(run_seed(args.one, share, args.clock, args.clicks)))
        return
    records = []
    for seed in seeds:
        command = [sys.executable, __file__, "--one", str(seed), "--frames", str(args.frames), "--seeds", args.seeds,
                   "--clock", args.clock] + (["--clicks"] if args.clicks else [])
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
        if done.returncode != 0:
            print(f"seed {seed}: the run failed\n{done.stderr[-3000:]}", file=sys.stderr)
            continue
        if done.stderr.strip():
            print(f"seed {seed}, stderr: {done.stderr.strip()[-1500:]}", file=sys.stderr)
        records.append(json.loads(done.stdout.strip().splitlines()[-1]))
    report(records, args.clock, args.clicks)


if __name__ == "__main__":
    main()
