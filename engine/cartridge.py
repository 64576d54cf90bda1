"""The frame loop: buttons, the current scene, thinking in the time left over, and the meters.

Pyxel calls ``update`` then ``draw`` once per frame (``pyxel.run(cart.update, cart.draw)``).
After the scene has drawn, the cartridge knows how much of the frame is gone and gives the
scheduler the rest, less a margin: the thinking slice. So a frame never waits for a task, and
the CPU meter stays below 1.0 while the CPUs think.

A scene is any object with ``update()`` and ``draw()``, built by the cartridge as
``SceneClass(cart, *args)``; it reaches the cartridge (buttons, ``spawn`` for tasks, ``change``
to move on) through that reference. ``change(TableScene, code)`` builds the next scene at the
start of the next frame, after cancelling the tasks of the scene that is leaving; a button held
into the new scene reads as up until it is let go (``Buttons.hold_over``). A task
that raises is reported (a line on screen for a few seconds, the traceback on stderr) and its
``Task`` says FAILED, so the scene that waits for it can carry on.

Garbage: everything loaded before the cartridge starts (modules, Pyxel) is frozen out of the
collector, and a scene that leaves is collected at the change, so collections stay short and the
memory meter reads what is live.

What waits for the disk (saves, logs, listings) is handed to the cartridge's writer
(``engine.writer``: a thread beside the frames); ``quit`` ends the program once it has written
everything, saying SAVING... over the scene if that takes more than a frame.

Tests and benchmarks step frames themselves: ``cart.update(); cart.draw(); pyxel.flip()``.
"""

from __future__ import annotations

import gc
import sys
import traceback
from collections.abc import Callable
from typing import Any, Protocol

import pyxel

from engine import audio, overlay
from engine.buttons import Buttons, X
from engine.meters import CpuMeter, MemoryMeter
from engine.target import FPS, FRAME_SECONDS
from engine.scheduler import Clock, Scheduler, Task
from engine.tasks import TaskGen
from engine.writer import Writer

THINK_MARGIN_SECONDS = 0.005  # kept free each frame for Pyxel's own work (present, input, audio)
FAILURE_SHOWN_FRAMES = 3 * FPS
NOTICE_SHOWN_FRAMES = FPS  # MUTED or SOUND ON stays a second
SAVING = "SAVING..."  # said while quitting waits for the writer


class Scene(Protocol):
    def update(self) -> None: ...

    def draw(self) -> None: ...


SceneClass = Callable[..., Scene]  # called as SceneClass(cart, *args)


class Cartridge:
    """Runs one scene at a time within PICO-8's frame budget."""

    def __init__(
        self,
        boot: SceneClass,
        clock: Clock | None = None,
        trace_memory: bool = False,
        writer: Writer | None = None,
        leave: Callable[[], None] | None = None,
    ) -> None:
        """``boot`` builds the first scene (``restart`` returns to it). ``clock`` times the
        frames, the slices, the CPU meter and the tasks' steps (``scheduler.Clock``: by default
        the machine's, the wall clock for frames and processor time for steps; a benchmark
        passes the thread's processor time so that other processes' use of the machine does not
        count as ours, a test a counting clock). ``trace_memory`` counts the game's memory with
        tracemalloc for the meter; tracing slows every allocation (the CPUs' thinking runs
        several times slower: benchmarks/frame.py), so the caller chooses. ``writer`` does what
        waits for the disk (by default ``Writer.machine()``: a thread; a test that counts frames
        gives ``Writer.inline()``); ``leave`` ends the program once ``quit`` has waited for the
        writer (by default ``pyxel.quit``)."""
        self.boot = boot
        self.clock = clock or Clock.machine()
        self.writer = writer or Writer.machine()
        self.leave = leave or pyxel.quit
        self.quitting = -1  # frames waited for the writer since ``quit`` (-1: not quitting)
        self.buttons = Buttons()
        self.scheduler = Scheduler(self.clock)
        self.cpu = CpuMeter()
        self.memory = MemoryMeter()
        gc.collect()
        gc.freeze()  # what is loaded so far (modules, Pyxel) lives for good: collections skip it
        if trace_memory:
            self.memory.start()  # before any game state exists, so all of it is counted
        self.update_seconds = 0.0
        self.draw_seconds = 0.0
        self.think_seconds = 0.0
        self.failure = ""  # one line about the last failed task, shown for a while
        self.failure_frames = 0
        self.notice = ""  # a word the engine says over the scene for a moment (MUTED)
        self.notice_frames = 0
        self.next_scene: tuple[SceneClass, tuple[Any, ...]] | None = None
        self.retired: list[Scene] = []  # the old scene, freed a frame after it leaves
        self.collect_next = False
        self.scene: Scene = boot(self)

    # -- what scenes use --------------------------------------------------------------------

    def spawn(self, gen: TaskGen[Any], name: str, urgent: bool = False) -> Task:
        """Start thinking: the generator runs in the slices of the coming frames (an
        ``urgent`` one before the rest: what the player waits to read)."""
        return self.scheduler.spawn(gen, name, urgent)

    def change(self, scene_class: SceneClass, *args: Any) -> None:
        """From the next frame, run ``scene_class(cart, *args)``; the old scene's tasks stop."""
        self.next_scene = (scene_class, args)

    def collect(self) -> None:
        """A full collection of garbage at the start of the next frame, the engine's one place
        for it (a scene asks when it has let much go: CPython's free lists keep the tuples of
        views and candidates freed, which the memory meter counts; the modules are frozen out of
        the collection, so it takes a few milliseconds)."""
        self.collect_next = True

    def restart(self) -> None:
        """Back to the scene the cartridge booted with (the title)."""
        self.change(self.boot)

    def quit(self) -> None:
        """End the program once the writer has written all it was handed (the title's Esc):
        the scene stands still meanwhile, SAVING... over it after a frame."""
        if self.quitting < 0:
            self.quitting = 0

    def close(self) -> None:
        """Stop thinking, memory tracing and the frozen heap (tests build many cartridges), once
        the writer has written what it was handed (a test's data folder is removed after)."""
        self.writer.wait()
        self.scheduler.cancel_all()
        self.memory.stop()
        gc.unfreeze()

    # -- the frame --------------------------------------------------------------------------

    def update(self) -> None:
        start = self.clock.frame()
        if self.quitting >= 0:
            self._wait_to_leave()
            self.update_seconds = self.clock.frame() - start
            return
        if self.next_scene is not None:
            scene_class, args = self.next_scene
            self.next_scene = None
            self.scheduler.cancel_all()  # before the new scene starts its own thinking
            self.retired.append(self.scene)
            self.scene = scene_class(self, *args)
            self.buttons.hold_over()  # a button held into the new scene neither repeats nor acts
        else:
            self._tidy()
        self.buttons.update()
        if audio.poll_mute_key():  # Ctrl+M, as on PICO-8: said for a second
            self.notice, self.notice_frames = audio.mute_word(), NOTICE_SHOWN_FRAMES
        self.scene.update()
        self.update_seconds = self.clock.frame() - start

    def draw(self) -> None:
        start = self.clock.frame()
        self.scene.draw()  # while quitting too: the picture stays, the notice over it
        self._draw_reports()
        self.draw_seconds = self.clock.frame() - start
        self.think()
        self.cpu.record(self.update_seconds + self.draw_seconds + self.think_seconds)

    def _wait_to_leave(self) -> None:
        """A frame of quitting: leave once the writer is idle, else say SAVING... (the next
        frame and on: a wait of one frame is not worth a word)."""
        if self.writer.idle:
            self.leave()
            return
        self.quitting += 1
        if self.quitting > 1:
            self.notice, self.notice_frames = SAVING, 2

    def _tidy(self) -> None:
        """Free a retired scene, then collect, each in its own frame: freeing a whole game
        and the full collection after it would not fit in one frame's budget together."""
        if self.retired:
            self.retired.clear()
            self.collect_next = True
        elif self.collect_next:
            self.collect_next = False
            gc.collect()  # so that the memory meter reads what is live

    def think(self) -> None:
        """Run tasks in what the frame has left, then report any that failed."""
        self.think_seconds = 0.0
        if self.scheduler.busy:
            self.scheduler.run(self.thinking_slice())
            self.think_seconds = self.scheduler.last_used
        for task in self.scheduler.take_finished():
            if task.state == Task.FAILED:
                self._report_failure(task)

    def thinking_slice(self) -> float:
        """The frame period less update, draw and the margin (never negative)."""
        spent = self.update_seconds + self.draw_seconds
        return max(0.0, FRAME_SECONDS - spent - THINK_MARGIN_SECONDS)

    @property
    def overlay_shown(self) -> bool:
        """Holding X shows the debug overlay, except while the scene takes typed text or uses X
        for a look of its own (``looking``: the table's look cursor, X held with an arrow)."""
        scene = self.scene
        return self.buttons.held(X) and not getattr(scene, "typing", False) and not getattr(scene, "looking", False)

    def _draw_reports(self) -> None:
        if self.notice_frames > 0:
            self.notice_frames -= 1
            overlay.draw_notice(self.notice)
        if self.failure_frames > 0:
            self.failure_frames -= 1
            overlay.draw_failure(self.failure)
        if self.overlay_shown:
            overlay.draw_debug(self)

    def _report_failure(self, task: Task) -> None:
        assert task.error is not None
        self.report(f"{task.name}: {task.error_text}", task.error, f"task {task.name!r} failed:")

    def report(self, line: str, error: BaseException | None = None, heading: str = "") -> None:
        """Say ``line`` in the red bar at the top for a while; ``error``'s traceback goes to stderr."""
        self.failure = line
        self.failure_frames = FAILURE_SHOWN_FRAMES
        print(heading or line, file=sys.stderr)
        if error is not None:
            traceback.print_exception(error, file=sys.stderr)
