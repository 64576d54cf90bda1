"""Frame cost of a whole demo game, headless with Pyxel's pacing uncapped, against a bare Pyxel frame.

    .venv/bin/python benchmarks/frame.py [MAX_FRAMES]

Plays the attract-mode demo (four CPUs at the table, the one driver, the results pages read
by themselves) on a fixed seed code from the deal to the final standings (or MAX_FRAMES,
default 60000), and prints the final standings, the frame time (update + draw + thinking)
p50/p99/max, the part of it that is update + draw, the worst CPU meter reading and how many
frames reached 1.0, the length of task steps (a frame may overrun its thinking slice by one
step), the garbage collector's pauses, and the traced memory (its peak is the budget's
figure: the measuring process keeps nothing per frame, see ``table_frames``). It does so
twice: as ``make play`` runs it (memory traced for the debug overlay's meter, main.py's default)
and with tracing off (``PICORIICHI_TRACE_MEMORY=0``), to show what tracing costs. The peer, in
the same run: Pyxel's bare frame (``cls`` and one line of text) timed the same way, and the
ratio of the p50s. Flip (presenting, pacing) is outside every timing. Each measurement runs in
a fresh process, so none inherits another's warm caches.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SEED_CODE = "BENCHFRAME"
DEFAULT_FRAMES = 60000
BARE_FRAMES = 3000  # the peer's frames are all alike: a few thousand time it
MEASURES = ("traced", "untraced", "bare")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def describe(label: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return (f"{label:<44} p50 {percentile(ms, 0.50):6.3f} ms   p99 {percentile(ms, 0.99):6.3f} ms"
            f"   max {max(ms):7.3f} ms")


class PauseClock:
    """The garbage collector's pauses, by generation: how many and the longest (``gc.callbacks``)."""

    def __init__(self) -> None:
        self.started = 0.0
        self.count = [0, 0, 0]
        self.longest = [0.0, 0.0, 0.0]

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self.started = time.perf_counter()
            return
        generation = info["generation"]
        self.count[generation] += 1
        self.longest[generation] = max(self.longest[generation], time.perf_counter() - self.started)


def table_frames(frames: int, trace_memory: bool) -> None:
    """Play a demo game to its end (at most ``frames`` frames), writing each frame's timings and
    meters as a line on stdout, then a JSON line about the game.

    Nothing is kept here per frame: this process's memory is what tracemalloc measures, and
    a list of a float per frame would be counted as the game's (60,000 frames: ~2 MiB).
    """
    import gc

    import pyxel

    from engine.cartridge import Cartridge
    from game.ui.demo import DemoScene
    from game.ui.table import TableScene

    cart = Cartridge(lambda cart: DemoScene(cart, SEED_CODE), trace_memory=trace_memory)
    demo = cart.scene
    pauses = PauseClock()
    gc.callbacks.append(pauses)
    out = sys.stdout
    for _ in range(frames):
        if cart.scene is not demo or not isinstance(demo, TableScene):
            break  # the game is over: the demo went back to the title
        cart.update()
        cart.draw()
        pyxel.flip()
        update_draw = cart.update_seconds + cart.draw_seconds
        step = cart.scheduler.last_step if cart.think_seconds else 0.0
        memory = cart.memory.current_bytes if trace_memory else 0
        out.write(f"{update_draw} {update_draw + cart.think_seconds} {cart.cpu.this_frame} {step} {memory}\n")
    gc.callbacks.remove(pauses)
    game = demo.game
    print(json.dumps({"peak": cart.memory.peak_bytes if trace_memory else 0, "rounds": len(game.rounds),
                      "over": game.match.over, "decisions": len(game.decisions),
                      "standings": [(s.seat, s.points, s.figure) for s in game.standings],
                      "gc_count": pauses.count, "gc_longest": pauses.longest}))
    cart.close()


def read_frames(lines: list[str]) -> dict:
    """The child's per-frame lines and its closing JSON, as lists by measure."""
    record: dict = {"update_draw": [], "frame": [], "meter": [], "step": [], "memory": []}
    for line in lines[:-1]:
        for name, value in zip(record, line.split()):
            record[name].append(float(value))
    record.update(json.loads(lines[-1]))
    return record


def bare_frames(frames: int) -> None:
    """The peer: what Pyxel itself costs for a frame that clears the screen and writes a line."""
    import pyxel

    seconds = []
    for i in range(frames):
        start = time.perf_counter()
        pyxel.cls(3)
        pyxel.text(2, 2, f"FRAME {i}", 7)
        seconds.append(time.perf_counter() - start)
        pyxel.flip()
    print(json.dumps({"frame": seconds}))


def measure(kind: str, frames: int) -> None:
    """In this process: one measurement, printed on stdout for the parent."""
    from engine import target

    target.init_pyxel(headless=True, fps=target.UNCAPPED_FPS)
    if kind == "bare":
        bare_frames(frames)
    else:
        table_frames(frames, kind == "traced")


def run_measure(kind: str, frames: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--measure", kind, str(frames)],
                         check=True, capture_output=True, text=True)
    lines = out.stdout.strip().splitlines()
    return json.loads(lines[-1]) if kind == "bare" else read_frames(lines)


def report(frames: int) -> None:
    runs = {kind: run_measure(kind, BARE_FRAMES if kind == "bare" else frames) for kind in MEASURES}
    traced, untraced, bare = runs["traced"], runs["untraced"], runs["bare"]
    print(f"benchmarks/frame.py: a whole demo game (seed {SEED_CODE}): {len(traced['frame'])} frames, "
          f"{traced['rounds']} rounds, {traced['decisions']} decisions, game over: {traced['over']}; "
          f"Python {sys.version.split()[0]}, each run in a fresh process")
    final = "   ".join(f"seat {seat} {points} ({figure:+.1f})" for seat, points, figure in traced["standings"])
    print(f"{'final standings':<44} {final or 'NOT REACHED'}")
    for label, run in (("as played (memory traced)", traced),
                       ("untraced (TRACE_MEMORY=0)", untraced)):
        meters = run["meter"]
        print(describe(f"table frame, {label}", run["frame"]))
        print(describe("  of which update+draw", run["update_draw"]))
        print(f"{'  CPU meter':<44} worst {max(meters):.2f}   frames at 1.0 or more: "
              f"{sum(m >= 1.0 for m in meters)}   mean {sum(meters) / len(meters):.3f}")
        steps = [s for s in run["step"] if s > 0]
        print(describe("  a frame's last task step", steps) + "  (a frame overruns by at most one)")
        print(f"{'  garbage collections (gen 0/1/2)':<44} "
              f"{'/'.join(str(n) for n in run['gc_count'])}   longest "
              f"{' / '.join(f'{s * 1000:.2f}' for s in run['gc_longest'])} ms")
    peak = traced["peak"]
    print(f"{'memory (tracemalloc)':<44} end {int(traced['memory'][-1]) // 1024} KiB   peak "
          f"{peak // 1024} KiB   of 2048 KiB{'' if peak < 2 * 1024 * 1024 else '   OVER BUDGET'}")
    print(describe("peer: bare Pyxel frame (cls+text)", bare["frame"]))
    for label, run in (("traced", traced), ("untraced", untraced)):
        ratio = percentile(run["update_draw"], 0.5) / percentile(bare["frame"], 0.5)
        print(f"ratio table update+draw ({label}) / bare frame, p50: {ratio:.1f}x")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--measure":
        measure(sys.argv[2], int(sys.argv[3]))
    else:
        report(int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_FRAMES)
