"""The replay viewer with the review open, stepping through a whole real game: memory and CPU meter.

    .venv/bin/python benchmarks/review.py [LOG] [--clock wall|thread]

Opens a real Tenhou game (default: the longest of tests/data, 16 rounds) as the Replays list
does (its bytes read and parsed inside the traced memory), chooses seat 0 for review and
steps through every action of every round as a player would, holding → (one step every 4
frames) and ↓ at each round's end, while the review works in the background; then opens the
summary. It prints the traced memory's peak (the target: under 1.75 MiB of the 2 MiB budget),
the CPU meter's worst reading and how many frames reached 1.0, the frames the review took, and
the longest task step. The peer, in the same run and the same way: the viewer with no review
(only watching). Each runs in a fresh process, memory traced as ``make play`` traces it.
``--clock thread`` times the frames by this thread's processor time: on a machine shared with
other work, a pause of the process is then not counted (tests/test_ui_review_budget.py counts
the work itself: tests/playing.py's work clock).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # the thread clock (tests/playing.py)
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DEFAULT_LOG = ROOT / "tests" / "data" / "logs" / "mjx2022" / "2022060100gm-00a9-0000-34c99cfa.mjlog"
STEP_FRAMES = 4  # a step every 4 frames: about 7 a second, a quick reader
TARGET_KIB = 1792  # 1.75 MiB
MAX_FRAMES = 40000


class Opener:
    """A scene that opens the log as the Replays list does, then hands over to the viewer."""

    def __init__(self, cart, path: Path) -> None:
        from game.ui.viewer import ViewerScene
        from game.replay.steps import ReplayLog

        cart.change(ViewerScene, ReplayLog.parse(path.read_bytes(), path))

    def update(self) -> None:
        pass

    def draw(self) -> None:
        pass


def measure(path: Path, review: bool, clock_name: str) -> None:
    """In this process: step through the game, print one JSON line of figures."""
    import pyxel

    from engine import target
    from engine.cartridge import Cartridge
    from engine.scheduler import Clock
    from playing import thread_clock

    import game.ui.title  # noqa: F401  (the game's modules load before the cartridge, as main.py has them)

    target.init_pyxel(headless=True, fps=target.UNCAPPED_FPS)
    clock = thread_clock() if clock_name == "thread" else Clock.machine()
    cart = Cartridge(lambda c: Opener(c, path), clock=clock, trace_memory=True)
    meters: list[float] = []
    steps: list[float] = []

    def frame(keys=()) -> None:
        for key in keys:
            pyxel.set_btn(key, True)
        cart.update()
        cart.draw()
        pyxel.flip()
        for key in keys:
            pyxel.set_btn(key, False)
        meters.append(cart.cpu.this_frame)
        if cart.think_seconds:
            steps.append(cart.scheduler.last_step)

    frame()
    frame()
    viewer = cart.scene
    frame()
    if not review:
        for _ in range(4):
            frame((pyxel.KEY_DOWN,))
            frame()
    frame((pyxel.KEY_Z,))
    frame()
    review_frames = None
    for index in range(len(viewer.log)):
        while viewer.log.stepped(index) is None or viewer.round_index != index:
            frame()
        last = len(viewer.stepped.steps) - 1
        while viewer.step < last and len(meters) < MAX_FRAMES:
            frame((pyxel.KEY_RIGHT,))
            for _ in range(STEP_FRAMES - 1):
                frame()
        if review_frames is None and viewer.review is not None and viewer.review.done:
            review_frames = len(meters)
        if index + 1 < len(viewer.log):
            frame((pyxel.KEY_DOWN,))
            frame()
    while viewer.review is not None and not viewer.review.done and len(meters) < MAX_FRAMES:
        frame()
    if viewer.review is not None:
        review_frames = review_frames or len(meters)
        frame((pyxel.KEY_S,))
        for _ in range(10):
            frame()
    decisions = len(viewer.review.decisions) if viewer.review else 0
    agree = viewer.review.agreed if viewer.review else 0
    print(json.dumps({"peak": cart.memory.peak_bytes, "frames": len(meters), "worst": max(meters),
                      "over": sum(m >= 1.0 for m in meters), "mean": sum(meters) / len(meters),
                      "longest_step": max(steps, default=0.0), "review_frames": review_frames,
                      "decisions": decisions, "agree": agree, "rounds": len(viewer.log),
                      "failure": cart.failure}))
    cart.close()


def run(path: Path, review: bool, clock: str) -> dict:
    out = subprocess.run([sys.executable, __file__, "--measure", str(path), "review" if review else "watch", clock],
                         check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("log", nargs="?", type=Path, default=DEFAULT_LOG)
    parser.add_argument("--clock", choices=("wall", "thread"), default="wall")
    args = parser.parse_args()
    path = args.log.resolve()
    print(f"benchmarks/review.py: {path.name}, memory traced, {args.clock} clock, a step every {STEP_FRAMES} "
          f"frames; Python {sys.version.split()[0]}, each run in a fresh process")
    for label, review in (("viewer, review of seat 0 open", True), ("peer: viewer, no review", False)):
        r = run(path, review, args.clock)
        peak = r["peak"] // 1024
        verdict = "under" if r["peak"] < TARGET_KIB * 1024 else "OVER"
        print(f"{label}: {r['rounds']} rounds, {r['frames']} frames"
              + (f", the review done at frame {r['review_frames']}: {r['decisions']} decisions, "
                 f"{r['agree']} agree" if review else ""))
        print(f"  memory peak {peak} KiB ({verdict} {TARGET_KIB} KiB, of 2048)   CPU meter worst {r['worst']:.2f}, "
              f"frames at 1.0 or more: {r['over']}, mean {r['mean']:.3f}   longest task step "
              f"{r['longest_step'] * 1000:.1f} ms" + (f"   FAILED: {r['failure']}" if r["failure"] else ""))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--measure":
        measure(Path(sys.argv[2]), sys.argv[3] == "review", sys.argv[4])
    else:
        main()
