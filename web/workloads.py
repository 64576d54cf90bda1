"""The web check's workloads, run the same way under CPython and under Pyodide (tools/web.py check).

    python web/workloads.py APP.pyxapp TESTS_DATA CONSTANTS.json SCRATCH

Unpacks the built app as Pyxel's runtime does (``pyxel.cli.play_pyxel_app``: the archive's top
folder, its ``.pyxapp_startup_script`` naming the script, that folder first on ``sys.path``),
puts the pyxel stand-in (web/stand_in) before it, and runs each workload on the app's own code.
Prints one JSON line: per workload a digest of its results (compared across the two Pythons by
tools/web.py), a one-line summary, whether its own checks passed and its seconds; the CPU
decisions' times; the frame times of the scripted game.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import runpy
import sys
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
STARTUP_MARKER = ".pyxapp_startup_script"  # pyxel.APP_STARTUP_SCRIPT_FILE
UI_SEED = "PIC0R11CH1"  # the scripted game types this code on the title (1 and 0 as the player may)
UI_FRAME_LIMIT = 2000  # a round and more; the game may be longer: the check stops here
# The scripted finger presses O one frame in ten: a rest of nine frames between presses, past the
# quarter second (engine.buttons.REST_FRAMES) that a run of presses from the results waits for.
O_EVERY = 10
UI_TICK_SECONDS = 0.0005  # the scripted game's clock: every reading is one tick later
SIM_SEED = "WEBCHECK01"
SHUFFLE_ROUNDS = 300
DISCARD_HANDS = 48


def digest_of(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=repr).encode()).hexdigest()[:16]


def unpack(app: Path, into: Path) -> Path:
    """Extract the app; the startup script's path, as pyxel.cli._extract_pyxel_app finds it."""
    with zipfile.ZipFile(app) as archive:
        archive.extractall(into)
    for marker in sorted(into.glob(f"*/{STARTUP_MARKER}")):
        return marker.parent / marker.read_text(encoding="utf-8").strip()
    raise SystemExit(f"{app} has no {STARTUP_MARKER}")


# -- the game core --------------------------------------------------------------------------


def shuffle_workload(data: Path) -> tuple[object, str, bool]:
    """Tenhou's published shuffle data, then more rounds of the same seed."""
    from game.rules.wall import Shuffler, seed_words

    published = json.loads((data / "validation" / "shuffle-validation.json").read_text())
    words = seed_words(published["seed_str"])
    shuffler = Shuffler(words)
    walls = [shuffler.next_round() for _ in range(SHUFFLE_ROUNDS)]
    ok = words == published["seed_u32"] and walls[0].wall == published["wall136"]
    result = [[w.wall, list(w.dice)] for w in walls]
    return result, f"{SHUFFLE_ROUNDS} walls, first = Tenhou's: {ok}", ok


def discard_workload(data: Path) -> tuple[object, str, bool]:
    """Shanten, ukeire and the discard evaluation of the first 14 tiles of each seat's deal."""
    from engine.tasks import run_to_end
    from game.rules.shanten import evaluate_discards, shanten, ukeire
    from game.rules.tiles import counts34
    from game.rules.wall import Shuffler, Wall, seed_words

    published = json.loads((data / "validation" / "shuffle-validation.json").read_text())
    shuffler = Shuffler(seed_words(published["seed_str"]))
    results = []
    while len(results) < DISCARD_HANDS:
        shuffled = shuffler.next_round()
        wall = Wall(shuffled.wall, shuffled.dice)
        for hand in wall.deal(0):
            hand = sorted(hand + [wall.draw()])
            counts = counts34(hand)
            options = run_to_end(evaluate_discards(counts))
            counts13 = counts34(hand[:13])
            waits = ukeire(counts13)
            results.append([shanten(counts), shanten(counts13), waits.total, sorted(waits.kinds.items()),
                            [[o.kind, o.shanten, o.ukeire.total] for o in options]])
    best = sum(r[0] for r in results)
    return results, f"{len(results)} hands, shanten sum {best}", True


def replay_workload(data: Path) -> tuple[object, str, bool]:
    """Every real log in tests/data through our rules."""
    from game.replay.door import replay_file

    paths = sorted(p for p in (data / "logs").rglob("*") if p.is_file())
    paths += sorted((data / "validation").glob("2016*"))
    reports = []
    for path in paths:
        report = replay_file(path).to_json()
        report["path"] = str(path.relative_to(data))
        reports.append(report)
    rounds = sum(len(r["rounds"]) for r in reports)
    good = sum(r["ok"] for r in reports)
    return reports, f"{len(reports)} logs, {rounds} rounds, {good} logs agree", True


class TimedAgent:
    """An agent whose thinking is timed, in wall-clock and processor seconds: each decision
    (``decisions``) and each step between its yields (``steps``), as (wall, processor) pairs."""

    def __init__(self, agent, decisions: list, steps: list) -> None:
        self.agent = agent
        self.name = agent.name
        self.decisions = decisions
        self.steps = steps

    def act(self, view):
        thinking = self.agent.act(view)
        wall = processor = 0.0
        while True:
            cpu_start = cpu_clock()  # outside the wall-clock reading: under Node it is a call into JS
            start = time.perf_counter()
            try:
                value = next(thinking)
            except StopIteration as stop:
                wall, processor = self._step(start, cpu_start, wall, processor)
                self.decisions.append((wall, processor))
                return stop.value
            wall, processor = self._step(start, cpu_start, wall, processor)
            yield value

    def _step(self, start: float, cpu_start: float, wall: float, processor: float) -> tuple[float, float]:
        """Note a step that began at (start, cpu_start); the decision's totals so far."""
        step = (time.perf_counter() - start, cpu_clock() - cpu_start)
        self.steps.append(step)
        return wall + step[0], processor + step[1]

    def observe(self, event) -> None:
        observe = getattr(self.agent, "observe", None)
        if observe is not None:
            observe(event)


def sim_workload(timing: dict) -> tuple[object, str, bool]:
    """A whole east-only game of four CPUs through the one driver, game/play/driver.py."""
    from engine.tasks import run_to_end
    from game.play import driver as play
    from game.rules.ruleset import Ruleset

    decisions: list = []
    steps: list = []
    agents = [TimedAgent(agent, decisions, steps) for agent in cpu_agents()]
    game = play.Game(agents, SIM_SEED, Ruleset(east_south=False))
    standings = run_to_end(game.play())
    timing["seconds"] = [wall for wall, _ in decisions]
    timing["cpu_seconds"] = [processor for _, processor in decisions]
    timing["step_seconds"] = [wall for wall, _ in steps]
    timing["step_cpu_seconds"] = [processor for _, processor in steps]
    timing["agents"] = agents[0].name
    result = {"decisions": [repr(d) for d in game.decisions], "standings": [repr(s) for s in standings],
              "invalid": [repr(i) for i in game.invalid]}
    summary = f"{agents[0].name}: {len(game.decisions)} decisions, {len(game.rounds)} rounds"
    return result, summary, not game.invalid


def cpu_agents() -> list:
    """Four of the CPU of game/cpu, or, on a branch without it, four seats that discard by the
    discard evaluation (game.rules.shanten) and otherwise take the driver's safe answer."""
    try:
        from game.cpu import CpuAgent
    except ImportError:
        return [EvaluationAgent() for _ in range(4)]
    return [CpuAgent() for _ in range(4)]


class EvaluationAgent:
    """Wins when it can; discards the recommended kind (keeping a red five); never calls."""

    name = "evaluation"

    def act(self, view):
        from game.play.driver import fallback
        from game.rules.actions import Discard
        from game.rules.shanten import evaluate_discards
        from game.rules.tiles import counts34

        answer = fallback(view, prefer_win=True)
        if not isinstance(answer, Discard):
            return answer
        options = yield from evaluate_discards(counts34(view.hand), view.visible_counts34())
        tiles = [t for t in view.hand if t // 4 == options[0].kind and Discard(t) in view.legal_actions]
        return Discard(max(tiles)) if tiles else answer


# -- the scenes, through the stand-in pyxel -------------------------------------------------


def boot_workload(startup: Path) -> tuple[object, str, bool]:
    """main.py run as the runtime runs it (runpy as __main__), for a second of the title."""
    import pyxel

    pyxel.frames_left = 30
    started = runpy.run_path(str(startup), run_name="__main__")
    started["cart"].close()  # stops its memory tracing, which would slow the workloads after it
    return pyxel.digest.hexdigest(), f"main.py ran {pyxel.frame_count} frames", pyxel.frame_count == 30


class TickClock:
    """A clock that moves one tick per reading: frames slice the same way on any interpreter."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += UI_TICK_SECONDS
        return self.now


def ui_workload(frames: dict) -> tuple[object, str, bool]:
    """A scripted game on the scenes: type a seed on the title, then O one frame in ten
    (discard, or the first choice of a prompt), holding X now and then for the overlay."""
    import pyxel

    from engine.cartridge import Cartridge
    from engine.scheduler import Clock
    from game.ui.title import TitleScene

    pyxel.digest = hashlib.sha256()
    cart = Cartridge(boot=TitleScene, clock=Clock.counted(TickClock()))
    visited = [type(cart.scene).__name__]
    script = [[pyxel.KEY_DOWN]] + [[getattr(pyxel, f"KEY_{c}")] for c in UI_SEED] + [[pyxel.KEY_RETURN]]
    update_draw = []
    for frame in range(UI_FRAME_LIMIT):
        scripted = frame // 2 < len(script)
        keys = script[frame // 2] if scripted else [pyxel.KEY_Z]
        down = frame % 2 == 0 if scripted else frame % O_EVERY == 0  # O with a rest: mashing throws nothing
        for key in keys:
            pyxel.set_btn(key, down)
        pyxel.set_btn(pyxel.KEY_X, frame % 300 >= 280)
        start = time.perf_counter()
        pyxel.step(cart.update, cart.draw)
        update_draw.append(time.perf_counter() - start)
        name = type(cart.scene).__name__
        if name != visited[-1]:
            visited.append(name)
        if len(visited) > 2 and name == visited[0]:  # back on the title: the game is over
            break
    failure = cart.failure  # a task that raised (the cartridge shows it on screen)
    cart.close()
    frames["update_draw_ms_median"] = sorted(update_draw)[len(update_draw) // 2] * 1000
    ok = "TableScene" in visited and not failure
    return ([pyxel.digest.hexdigest(), visited, pyxel.frame_count, failure],
            f"{len(update_draw)} frames: {' > '.join(visited)}{' FAILED ' + failure if failure else ''}", ok)


# -- a game kept, listed, replayed and reviewed ------------------------------------------------


class QuickSeat:
    """A CPU stand-in that thinks in no time: wins when it may, else throws its draw (the
    driver's safe answer); a whole game through the table then takes a few thousand frames."""

    name = "quick"

    def act(self, view):
        from game.play.driver import fallback

        return fallback(view, prefer_win=True)
        yield  # a task, as every seat's answer


def kept_workload() -> tuple[object, str, bool]:
    """A whole east-only game through the table from the title's scene (O one frame in ten, as
    the ui workload presses it; quick CPU seats), kept where this Python keeps logs (the page's
    localStorage under Pyodide, the data folder's logs/ elsewhere), found there past the storage
    class, listed by REPLAYS with its line, opened, replayed through our rules to the game's final
    scores, and its player's seat reviewed to the end in the viewer, as thinking."""
    import pyxel

    from engine.cartridge import Cartridge
    from engine.scheduler import Clock
    from game.data import logs
    from game.data.settings import Settings
    from game.records import parse_log
    from game.replay.door import replay_game
    from game.ui import saving
    from game.ui.replays import ReplaysScene
    from game.ui.standings import StandingsScene
    from game.ui.table import TableScene
    from game.ui.title import TitleScene
    from game.ui.wiring import Wiring

    quick = Wiring(cpu=lambda strength: QuickSeat())
    cart = Cartridge(boot=lambda cart: TitleScene(cart, wiring=quick), clock=Clock.counted(TickClock()))
    settings = Settings(length="east", cpu_speed="fast")
    cart.change(lambda cart: TableScene(cart, KEPT_SEED, settings, wiring=quick))
    pyxel.step(cart.update, cart.draw)
    table = cart.scene
    scenes = _press_o_until(cart, lambda: isinstance(cart.scene, TitleScene), KEPT_FRAME_LIMIT)
    cart.writer.wait()  # the log is kept beside the frames (a thread in CPython): on disk once it is done
    final = {s.seat: s.points for s in table.game.standings}
    shelf = saving.shelf()
    entry = next((e for e in shelf.entries() if e.name.removesuffix(".json").endswith(KEPT_SEED.lower())), None)
    if entry is None:
        cart.close()
        return [scenes, None], f"{' > '.join(scenes)}: no log kept", False
    data = shelf.read(entry)
    where = type(shelf).__name__ == ("BrowserShelf" if sys.platform == "emscripten" else "FolderShelf") \
        and kept_where_its_kind_keeps(shelf.storage, entry.name.removesuffix(".json"), ".json") == data
    reports = replay_game(parse_log(data, entry.name))
    owari = parse_log(data, entry.name).owari
    cart.change(ReplaysScene)
    _frames_until(cart, lambda: isinstance(cart.scene, ReplaysScene) and cart.scene.listed
                  and all(e.name in cart.scene.lines for e in cart.scene.entries if e.ours), LIST_FRAME_LIMIT)
    replays = cart.scene
    listed = replays.entries and replays.entries[0].name == entry.name
    line = replays.lines.get(entry.name, "")
    viewer = _open_and_review(cart)
    review = viewer.review if viewer is not None else None
    summary = logs.summary_of(entry.name, data)
    result = {"scenes": scenes, "line": line.split()[2:], "final": [final[s] for s in range(4)],
              "owari": list(owari.scores) if owari else None, "replayed": [r.ok for r in reports],
              "reviewed": [len(review.decisions), review.agreed, review.unknown] if review else None,
              "problems": review.problems if review else None, "failure": cart.failure}
    cart.close()
    ok = (bool(where) and listed and line == summary.line() and summary.finished and all(result["replayed"])
          and result["owari"] == result["final"] and review is not None and review.done and review.decisions
          and not review.problems and not result["failure"])
    return result, (f"{type(shelf).__name__}: {line}; replayed {len(reports)} rounds to the final scores; "
                    f"review {review.agreed if review else 0}/{len(review.decisions) if review else 0} agree"), ok


KEPT_SEED = "KEPTGAME01"
KEPT_FRAME_LIMIT = 20000
LIST_FRAME_LIMIT = 600  # the list reads the folder and each log of ours beside the frames
OPENING_FRAME_LIMIT = 600  # the list reads the log chosen as thinking before the viewer opens


def _press_o_until(cart, done, limit: int) -> list[str]:
    """O every ``O_EVERY`` frames (the ui workload's finger) until ``done()``; the scenes met."""
    import pyxel

    visited = [type(cart.scene).__name__]
    for frame in range(limit):
        pyxel.set_btn(pyxel.KEY_Z, frame % O_EVERY == 0)
        pyxel.step(cart.update, cart.draw)
        name = type(cart.scene).__name__
        if name != visited[-1]:
            visited.append(name)
        if done():
            break
    pyxel.set_btn(pyxel.KEY_Z, False)
    return visited


def _frames_until(cart, done, limit: int) -> None:
    """Frames until ``done()``, at most ``limit``; after each, the writer's reads and writes
    finished (on CPython they run on its thread, beside the frames: a check waits for them,
    so a busy machine gives the same frames)."""
    import pyxel

    for _ in range(limit):
        if done():
            return
        pyxel.step(cart.update, cart.draw)
        cart.writer.wait()


def _open_and_review(cart):
    """O on the newest log, frames while it is read, O on the seat offered (the player's), then
    frames until the review is done."""
    import pyxel

    for press in range(2):
        pyxel.set_btn(pyxel.KEY_Z, True)
        pyxel.step(cart.update, cart.draw)
        pyxel.set_btn(pyxel.KEY_Z, False)
        pyxel.step(cart.update, cart.draw)
        if press == 0:
            _frames_until(cart, lambda: type(cart.scene).__name__ == "ViewerScene", OPENING_FRAME_LIMIT)
    viewer = cart.scene
    if getattr(viewer, "review", None) is None:
        return None
    for _ in range(KEPT_FRAME_LIMIT):
        if viewer.review.done:
            break
        pyxel.step(cart.update, cart.draw)
    return viewer


# -- storage --------------------------------------------------------------------------------


class BrokenStore:
    """A local storage that refuses everything, as a browser in private mode may."""

    def __getattr__(self, name):
        def refuse(*args):
            raise RuntimeError("SecurityError: The operation is insecure.")

        return refuse


def storage_workload(scratch: Path) -> tuple[object, str, bool]:
    """Saves through game.data.storage: the browser's local storage under Pyodide, files elsewhere.
    Its own names (``check-``), so what the scripted game saved before does not count.

    Each Python must use its own kind (``BrowserStorage`` under Pyodide, ``FolderStorage`` under
    CPython), and a saved blob must be found where that kind keeps it, read past the storage
    class: the page's ``localStorage`` (the key and base64 value game/data/storage.py writes) or
    the folder's file. Either wrong, the workload's own check fails."""
    from game.data.storage import BrowserStorage, StorageError, open_storage

    storage = open_storage(scratch / "storage-check", environ={})
    mine = lambda: [name for name in storage.names() if name.startswith("check-")]  # noqa: E731
    blob = bytes(range(256)) * 3
    seen = [type(storage).__name__ == platform_storage(), storage.load("check-game")]
    storage.save("check-game", blob)
    storage.save("check-settings", b"{}")
    seen += [storage.load("check-game") == blob, mine(), kept_where_its_kind_keeps(storage, "check-game") == blob]
    storage.delete("check-game")
    seen += [storage.load("check-game"), mine(), kept_where_its_kind_keeps(storage, "check-game")]
    storage.delete("check-settings")
    for attempt in (lambda: storage.save("no/such", b""), lambda: BrowserStorage(BrokenStore()).save("game", b"x")):
        try:
            attempt()
            seen.append("saved")
        except StorageError as error:
            seen.append(["StorageError", "\n" not in str(error)])
    ok = seen == [True, None, True, ["check-game", "check-settings"], True, None, ["check-settings"], None,
                  ["StorageError", True], ["StorageError", True]]
    return seen, f"{type(storage).__name__}: {storage.where}", ok


def platform_storage() -> str:
    """The storage class this Python must use: the browser's under Pyodide, a folder elsewhere."""
    return "BrowserStorage" if sys.platform == "emscripten" else "FolderStorage"


def kept_where_its_kind_keeps(storage, name: str, suffix: str | None = None) -> bytes | None:
    """The blob ``name`` read from the page's localStorage under Pyodide, or from the storage's
    folder elsewhere (its file ``name + suffix``, the storage's own suffix by default), not
    through the storage: None when it is not there."""
    import base64

    from game.data.storage import KEY_PREFIX, SUFFIX

    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        value = js.localStorage.getItem(KEY_PREFIX + name)
        return base64.b64decode(value) if isinstance(value, str) else None
    path = getattr(storage, "folder", Path("/nonexistent")) / (name + (SUFFIX if suffix is None else suffix))
    return path.read_bytes() if path.is_file() else None


# -- the run --------------------------------------------------------------------------------


def main(argv: list[str]) -> None:
    app, data, constants, scratch = (Path(a) for a in argv)
    scratch.mkdir(parents=True, exist_ok=True)
    # saves and settings in this run's own folder: a save left by an earlier run (pyxel's user
    # data folder outlives it) would put CONTINUE on the title of one Python and not the other
    os.environ["PICORIICHI_DATA_DIR"] = str(scratch / "data")
    startup = unpack(app, scratch / "play")
    sys.path[:0] = [str(HERE / "stand_in"), str(startup.parent)]
    import pyxel

    pyxel.set_constants(json.loads(constants.read_text()))
    start = time.perf_counter()
    import game.ui.title  # noqa: F401  (the heaviest imports, timed once)
    import game.replay.door  # noqa: F401

    import_seconds = time.perf_counter() - start
    if not game.__file__.startswith(str(startup.parent)):
        raise SystemExit(f"the game was imported from {game.__file__}, not from the app")
    timing: dict = {"seconds": [], "cpu_seconds": [], "step_seconds": [], "step_cpu_seconds": [], "agents": ""}
    frames: dict = {}
    workloads = {
        "boot": lambda: boot_workload(startup),  # first: main.py inits the stand-in, as on the page
        "shuffle": lambda: shuffle_workload(data),
        "discards": lambda: discard_workload(data),
        "replay": lambda: replay_workload(data),
        "sim": lambda: sim_workload(timing),
        "ui": lambda: ui_workload(frames),
        "storage": lambda: storage_workload(scratch),
        "kept": kept_workload,
    }
    results = {}
    for name, run in workloads.items():
        start, cpu_start = time.perf_counter(), cpu_clock()
        result, summary, ok = run()
        seconds, cpu_seconds = time.perf_counter() - start, cpu_clock() - cpu_start
        results[name] = {"digest": digest_of([result, ok]), "summary": summary, "ok": ok, "seconds": seconds,
                         "cpu_seconds": cpu_seconds}
        print(f"{name}: {summary} ({seconds:.2f} s)", file=sys.stderr)
    timing["turn_frames"] = turn_frames()
    outside = sorted(name for name, module in sys.modules.items() if name.split(".")[0] in ("game", "engine")
                     and not str(getattr(module, "__file__", "") or "").startswith(str(startup.parent)))
    if outside:
        raise SystemExit(f"modules imported from outside the app: {', '.join(outside)}")
    output = {"workloads": results, "import_seconds": import_seconds, "decisions": timing, "frames": frames,
              "python": sys.version.split()[0], "platform": sys.platform, "version": pyodide_version()}
    sys.stdout.flush()
    print(json.dumps(output))


def cpu_clock() -> float:
    """Seconds of processor time this process has used: a machine busy with other work does not
    count (under Node, whose clock Pyodide's process_time does not read, from process.cpuUsage)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        usage = js.process.cpuUsage()
        return (usage.user + usage.system) / 1e6
    return time.process_time()


def turn_frames() -> int:
    """The frames a CPU's turn lasts at least on the table at the default settings (its thinking
    may use all of them): ``game.data.settings`` where it exists, else the table's constant."""
    try:
        from game.data.settings import Settings
    except ImportError:
        from game.ui import table

        return getattr(table, "CPU_MIN_FRAMES", 1)
    return max(1, Settings().cpu_turn_frames)


def pyodide_version() -> str:
    try:
        import pyodide  # type: ignore[import-not-found]
    except ImportError:
        return ""
    return getattr(pyodide, "__version__", "")


if __name__ == "__main__":
    sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", line_buffering=True) \
        if hasattr(sys.stdout, "buffer") else sys.stdout
    main(sys.argv[1:])
