"""The scheduler: tasks (``engine.tasks``) resumed in the time each frame can spare.

Each frame the Scheduler resumes its tasks, round-robin, until the frame's thinking
slice is spent, stopping at the next checkpoint: a frame never waits for a task. An urgent
task (what the player waits to read, such as the hint) goes before the others and keeps the
slice until it is done or waits.
Pure Python (no pyxel); the clock is ``time.perf_counter`` unless a test gives another.
``gathered`` runs a task's small steps together for a fraction of a slice, timed on the
process's processor time under the machine's clocks and by counted steps under a test's clock, so
that no test's frames depend on how fast or busy the machine is.
A step's length (what the next steps are expected to take) may be read on another clock, the
process's processor time (``work_clock``): on a machine shared with other work a pause of the
process in the middle of a step is not that step's cost, and counted as one it made every step
after it wait for a frame of its own (a whole game took five times the frames on a loaded
machine).
"""

from __future__ import annotations

import itertools
import time
import traceback
from collections.abc import Callable
from typing import Any

from engine.tasks import NEXT_FRAME, TaskGen

GATHER_SECONDS = 0.002  # how long ``gathered`` runs a task's small steps together: a fraction of a slice
STEP_MEMORY = 0.9  # how much of a long step's length is still expected of the next step
RESERVE_MEMORY = 0.995  # per frame (half in ~5 s): how much of the longest recent step a slice keeps in reserve

# What one of a CPU's small steps costs on average, in seconds: 330,014 steps of a whole game of
# four strong CPUs took 5.31 s of processor time on the development machine, 16 µs a step.
# Under a test's clock ``gathered`` counts steps at this rate (``counted_steps``).
GATHER_STEP_SECONDS = 16e-6

# The clock ``gathered`` times its runs by: the gather clock of the scheduler stepping a task (set
# around each step), the process's processor time outside one (a task run to its end, where
# the runs change nothing).
_gather_clock: Callable[[], float] = time.process_time


class Task:
    """A generator the scheduler resumes; holds its progress, result or error."""

    PENDING, DONE, FAILED, CANCELLED = "pending", "done", "failed", "cancelled"

    def __init__(self, gen: TaskGen[Any], name: str = "task") -> None:
        self.gen = gen
        self.name = name
        self.state = Task.PENDING
        self.progress = 0.0
        self.result: Any = None
        self.error: BaseException | None = None
        self.error_text = ""  # one line: "ValueError: ... (at file.py:12)"
        self.steps = 0
        self.seconds = 0.0  # time spent inside the generator
        self.frames = 0  # frames in which it ran
        self.last_frame = -1  # the scheduler's run in which it last ran
        self.expected_step = 0.0  # seconds its next step may take: its longest recent step
        self.waiting = False  # its last checkpoint was NEXT_FRAME
        self.urgent = False  # resumed before the other tasks, until it is done or waits

    @property
    def done(self) -> bool:
        return self.state != Task.PENDING

    def cancel(self) -> None:
        """Stop at the current checkpoint; the scheduler drops it on its next run."""
        if self.state == Task.PENDING:
            self.gen.close()
            self.state = Task.CANCELLED

    def step(self) -> None:
        """Resume the generator once, up to its next checkpoint (nothing once it is done)."""
        if self.done:
            return
        try:
            value = next(self.gen)
        except StopIteration as stop:
            self.result = stop.value
            self.progress = 1.0
            self.state = Task.DONE
        except Exception as exc:  # reported, never allowed to freeze the game
            self.error = exc
            self.error_text = _one_line(exc)
            self.state = Task.FAILED
        else:
            self.steps += 1
            self.waiting = value is NEXT_FRAME
            if isinstance(value, float) and 0.0 <= value <= 1.0:
                self.progress = value


class Scheduler:
    """Runs tasks in the time each frame can spare."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter,
                 step_clock: Callable[[], float] | None = None,
                 gather_clock: Callable[[], float] | None = None) -> None:
        """``clock`` times the slices; ``step_clock`` (by default the same) the steps;
        ``gather_clock`` the runs of ``gathered`` (by default ``gather_clock_for(clock)``)."""
        self.clock = clock
        self.step_clock = step_clock or clock
        self.gather_clock = gather_clock or gather_clock_for(clock)
        self.tasks: list[Task] = []
        self.finished: list[Task] = []  # finished since the last call to take_finished
        self.last_slice = 0.0  # seconds granted to the last run
        self.last_used = 0.0  # seconds actually spent in the last run
        self.last_step = 0.0  # seconds of the last run's final step (the one that may overrun)
        self.reserve = 0.0  # the longest step of any task lately (decays by RESERVE_MEMORY a run)
        self.frames = 0  # runs so far: one per frame

    def spawn(self, gen: TaskGen[Any], name: str = "task", urgent: bool = False) -> Task:
        """Start a task; an ``urgent`` one goes before the others (see the module docstring).

            >>> scheduler = Scheduler(clock=iter(range(1000)).__next__)
            >>> def count(name, log):
            ...     for _ in range(2):
            ...         log.append(name)
            ...         yield
            >>> log = []
            >>> _ = scheduler.spawn(count("game", log), "game")
            >>> _ = scheduler.spawn(count("hint", log), "hint", urgent=True)
            >>> scheduler.run(100.0); log
            ['hint', 'hint', 'game', 'game']
        """
        task = Task(gen, name)
        task.urgent = urgent
        if urgent:  # after the urgent tasks already waiting, before the rest
            self.tasks.insert(sum(t.urgent for t in self.tasks), task)
        else:
            self.tasks.append(task)
        return task

    @property
    def busy(self) -> bool:
        return bool(self.tasks)

    def run(self, slice_seconds: float) -> None:
        """Resume tasks round-robin while the slice has room for their next step.

        A task's next step is expected to last as long as its longest recent step
        (``Task.expected_step``), and a step may be as long as any task's longest step of the
        last second or so (``reserve``: a cold computation is longer than the warm steps
        before it); a step that would not fit waits for the next frame, so frames keep within
        their budget even when steps are long. The first step of a run is always taken, so a
        task progresses even in a frame with no time to spare; a frame then overruns by at
        most that one step. A task that yields ``NEXT_FRAME`` is not
        resumed again in the same run.
        """
        start = self.clock()
        self.tasks.sort(key=lambda task: not task.urgent)  # stable: the urgent first, else as they were
        self.last_slice = max(0.0, slice_seconds)
        self.last_step = 0.0
        stepped = False
        resting: list[Task] = []  # waiting tasks, back in the queue for the next frame
        while self.tasks:
            task = self.tasks[0]
            if stepped and self.clock() - start + self.room_for(task) > self.last_slice:
                break
            t0 = self.step_clock()
            self.step_one(task)
            self.last_step = self.step_clock() - t0
            task.seconds += self.last_step
            task.expected_step = max(self.last_step, task.expected_step * STEP_MEMORY)
            self.reserve = max(self.reserve, self.last_step)
            if task.last_frame != self.frames:
                task.last_frame = self.frames
                task.frames += 1
            self.tasks.pop(0)
            if task.done:
                self.finished.append(task)
            elif task.waiting:
                resting.append(task)
            elif task.urgent:
                self.tasks.insert(0, task)  # it keeps the slice
            else:
                self.tasks.append(task)  # round-robin: the next step is the next task's
            stepped = True
        self.tasks.extend(resting)
        self.last_used = self.clock() - start
        self.reserve *= RESERVE_MEMORY
        self.frames += 1

    def step_one(self, task: Task) -> None:
        """Step ``task`` with ``gathered`` timing its runs on this scheduler's gather clock."""
        global _gather_clock
        outside, _gather_clock = _gather_clock, self.gather_clock
        try:
            task.step()
        finally:
            _gather_clock = outside

    def room_for(self, task: Task) -> float:
        """How long the task's next step may take: its own longest recent step, or any task's
        (``reserve``), a cold step being longer than the warm ones. An urgent task that has
        stepped is judged by its own steps: the CPUs' long steps would otherwise let it take
        one short step a frame, and the hint the player waits for would come a second late."""
        if task.urgent and task.steps:
            return task.expected_step
        return max(task.expected_step, self.reserve)

    def take_finished(self) -> list[Task]:
        done, self.finished = self.finished, []
        return done

    def cancel_all(self) -> None:
        for task in self.tasks:
            task.cancel()
        self.tasks.clear()


def gathered(task: TaskGen[Any], seconds: float = GATHER_SECONDS) -> TaskGen[Any]:
    """Run a task's steps together until about ``seconds`` have passed on the stepping
    scheduler's gather clock (processor time outside a scheduler), then yield once, the
    last checkpoint's value (a progress share passes on; ``NEXT_FRAME`` at once).

    A task that yields every few microseconds (the CPU weighing its candidates, the driver
    playing saved moves again) would have the scheduler spend a frame's slice between its
    steps, and once the scheduler holds a long step in reserve (a pause of the process
    counts) run one step a frame.

        >>> def count(n):
        ...     for i in range(n):
        ...         yield i
        ...     return n
        >>> from engine.tasks import run_to_end
        >>> run_to_end(gathered(count(1000)))
        1000
    """
    start = gather_time()
    while True:
        try:
            value = next(task)
        except StopIteration as stop:
            return stop.value
        if value is NEXT_FRAME or gather_time() - start >= seconds:
            yield value
            start = gather_time()


def gather_time() -> float:
    """The time on the clock ``gathered`` runs by, for a task that gathers its own small steps
    (the review replaying a log's events): the stepping scheduler's gather clock."""
    return _gather_clock()


def counted_steps() -> Callable[[], float]:
    """A clock that moves ``GATHER_STEP_SECONDS`` at each reading: ``gathered`` reads it once a
    step, so its runs hold a fixed number of steps (0.002 s: 125).

        >>> clock = counted_steps()
        >>> [round(clock() / GATHER_STEP_SECONDS) for _ in range(3)]
        [0, 1, 2]
    """
    readings = itertools.count()
    return lambda: next(readings) * GATHER_STEP_SECONDS


# The machine's own clocks (a benchmark times its frames on the thread's processor time);
# thread_time is missing in the browser's Python.
REAL_CLOCKS = tuple(c for c in (time.perf_counter, time.process_time, getattr(time, "thread_time", None)) if c)


def gather_clock_for(clock: Callable[[], float]) -> Callable[[], float]:
    """The clock ``gathered`` times its runs by in a scheduler timed by ``clock``: the process's
    processor time under one of the machine's clocks (a pause of the process is not work done),
    else counted steps. A test's clock (a counting clock, the work clock) then never meets the
    machine's speed: a slow machine or a busy one makes the same runs, so the same frames.

        >>> gather_clock_for(time.perf_counter) is gather_clock_for(time.thread_time) is time.process_time
        True
    """
    return time.process_time if clock in REAL_CLOCKS else counted_steps()


def work_clock(clock: Callable[[], float]) -> Callable[[], float]:
    """The clock to time steps by for a cartridge timed by ``clock``: the process's processor
    time under the wall clock (the cartridge thinks on one thread; ``time.thread_time`` is
    missing in the browser's Python, as threads are), else ``clock`` itself (a test's counting
    clock stays the one clock).

        >>> work_clock(time.perf_counter) is time.process_time
        True
        >>> counting = iter(range(10)).__next__
        >>> work_clock(counting) is counting
        True
    """
    if clock is not time.perf_counter:
        return clock
    try:
        time.process_time()
    except OSError:  # a platform without a processor clock: the wall clock it is
        return clock
    return time.process_time


def _one_line(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" (at {frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno})" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"
