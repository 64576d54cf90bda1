"""The scheduler: tasks (``engine.tasks``) resumed in the time each frame can spare.

Each frame the Scheduler resumes its tasks, round-robin, until the frame's thinking
slice is spent, stopping at the next checkpoint: a frame never waits for a task. An urgent
task (what the player waits to read, such as the hint) goes before the others and keeps the
slice until it is done or waits.
Pure Python (no pyxel). The scheduler reads the time by one :class:`Clock` it is given, which
holds its three readings: ``frame`` times the slices (the wall clock in play), ``step`` a step's
length, the expected length of the next (the process's processor time in play: on a machine
shared with other work a pause of the process in the middle of a step is not that step's cost,
and counted as one it made every step after it wait for a frame of its own; a whole game took
five times the frames on a loaded machine), and ``gather`` the runs of ``gathered``, which runs
a task's small steps together for a fraction of a slice (processor time in play). A test gives
a counting clock (``Clock.counted``): its frames and steps on the test's readings, its gathered
runs counted in steps, so that no test's frames depend on how fast or busy the machine is.

A task reaches the clock by asking for it: ``gathered`` yields ``ASK_CLOCK`` and the scheduler
sends its gather clock back within the same step (``run_to_end`` and a plain loop send
nothing, and ``gathered`` then times its runs on processor time, where they change nothing).
"""

from __future__ import annotations

import itertools
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.tasks import NEXT_FRAME, TaskGen

GATHER_SECONDS = 0.002  # how long ``gathered`` runs a task's small steps together: a fraction of a slice
STEP_MEMORY = 0.9  # how much of a long step's length is still expected of the next step
RESERVE_MEMORY = 0.995  # per frame (half in ~5 s): how much of the longest recent step a slice keeps in reserve

# What one of a CPU's small steps costs on average, in seconds: 330,014 steps of a whole game of
# four strong CPUs took 5.31 s of processor time on the development machine, 16 µs a step.
# Under a test's clock ``gathered`` counts steps at this rate (``counted_steps``).
GATHER_STEP_SECONDS = 16e-6

Reading = Callable[[], float]  # a clock's reading, in seconds


class _AskClock:
    """The checkpoint a task yields to be sent the clock its runner times gathered runs by."""

    def __repr__(self) -> str:
        return "ASK_CLOCK"


ASK_CLOCK = _AskClock()


def _processor_time() -> Reading:
    """The process's processor time, or the wall clock on a platform without one."""
    try:
        time.process_time()
    except OSError:
        return time.perf_counter
    return time.process_time


@dataclass(frozen=True)
class Clock:
    """What the scheduler reads the time by (see the module): ``frame`` the slices and the
    meters, ``step`` how long a step took, ``gather`` how long ``gathered`` has run.

        >>> clock = Clock.counted(iter(range(100)).__next__)
        >>> clock.frame(), clock.step(), round(clock.gather() / GATHER_STEP_SECONDS), round(clock.gather() / GATHER_STEP_SECONDS)
        (0, 1, 0, 1)
    """

    frame: Reading
    step: Reading
    gather: Reading

    @classmethod
    def machine(cls) -> Clock:
        """In play: frames on the wall clock, steps and gathered runs on processor time."""
        work = _processor_time()
        return cls(time.perf_counter, work, work)

    @classmethod
    def counted(cls, readings: Reading) -> Clock:
        """A test's: frames and steps on ``readings``, gathered runs counted in steps
        (``counted_steps``): the frames never meet the machine's speed."""
        return cls(readings, readings, counted_steps())

    @classmethod
    def working(cls, readings: Reading) -> Clock:
        """A test's that times everything on one clock of its work (``readings``), gathered
        runs included: the runs then as long as the work they do."""
        return cls(readings, readings, readings)


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

    def step(self, gather: Reading | None = None) -> None:
        """Resume the generator once, up to its next checkpoint (nothing once it is done),
        sending ``gather`` whenever it asks for the clock (``ASK_CLOCK``)."""
        if self.done:
            return
        try:
            value = next(self.gen)
            while value is ASK_CLOCK:
                value = self.gen.send(gather)
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

    def __init__(self, clock: Clock | None = None) -> None:
        """``clock`` (by default ``Clock.machine()``) times the slices, the steps and the
        gathered runs (see the module)."""
        self.clock = clock or Clock.machine()
        self.tasks: list[Task] = []
        self.finished: list[Task] = []  # finished since the last call to take_finished
        self.last_slice = 0.0  # seconds granted to the last run
        self.last_used = 0.0  # seconds actually spent in the last run
        self.last_step = 0.0  # seconds of the last run's final step (the one that may overrun)
        self.reserve = 0.0  # the longest step of any task lately (decays by RESERVE_MEMORY a run)
        self.frames = 0  # runs so far: one per frame
        self.watch: Callable[[Task], None] | None = None  # told of each task before its step (a test's eyes)

    def spawn(self, gen: TaskGen[Any], name: str = "task", urgent: bool = False) -> Task:
        """Start a task; an ``urgent`` one goes before the others (see the module docstring).

            >>> scheduler = Scheduler(Clock.counted(iter(range(1000)).__next__))
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
        frame = self.clock.frame
        start = frame()
        self.tasks.sort(key=lambda task: not task.urgent)  # stable: the urgent first, else as they were
        self.last_slice = max(0.0, slice_seconds)
        self.last_step = 0.0
        stepped = False
        resting: list[Task] = []  # waiting tasks, back in the queue for the next frame
        while self.tasks:
            task = self.tasks[0]
            if stepped and frame() - start + self.room_for(task) > self.last_slice:
                break
            if self.watch is not None:
                self.watch(task)
            t0 = self.clock.step()
            task.step(self.clock.gather)
            self.last_step = self.clock.step() - t0
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
        self.last_used = frame() - start
        self.reserve *= RESERVE_MEMORY
        self.frames += 1

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
    """Run a task's steps together until about ``seconds`` have passed on the runner's gather
    clock (``gather_clock``), then yield once, the last checkpoint's value (a progress share
    passes on; ``NEXT_FRAME`` at once).

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
    clock = yield from gather_clock()
    start = clock()
    while True:
        try:
            value = next(task)
            while value is ASK_CLOCK:  # a gathered task within: it runs on the same clock
                value = task.send(clock)
        except StopIteration as stop:
            return stop.value
        if value is NEXT_FRAME or clock() - start >= seconds:
            yield value
            start = clock()


def gather_clock() -> TaskGen[Reading]:
    """Task: the clock the runner times gathered runs by, for a task that gathers its own
    small steps (the review replaying a log's events): the scheduler's, asked for with
    ``ASK_CLOCK``; the process's processor time under ``run_to_end`` or a plain loop."""
    clock = yield ASK_CLOCK
    return clock or _processor_time()


def counted_steps() -> Callable[[], float]:
    """A clock that moves ``GATHER_STEP_SECONDS`` at each reading: ``gathered`` reads it once a
    step, so its runs hold a fixed number of steps (0.002 s: 125).

        >>> clock = counted_steps()
        >>> [round(clock() / GATHER_STEP_SECONDS) for _ in range(3)]
        [0, 1, 2]
    """
    readings = itertools.count()
    return lambda: next(readings) * GATHER_STEP_SECONDS


def _one_line(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" (at {frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno})" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"
