"""The writer: work that waits for the disk, done beside the frames.

A frame must never wait for the disk: on a busy disk one fsync takes a quarter of a second,
eight frames. The cartridge owns one ``Writer`` (``cart.writer``); whatever would wait for the
disk (a save written, fsynced and renamed, a folder listed, a log read) is handed to it as a
job, a function of no arguments, and the frame goes on at once. The jobs run one at a time, in
the order they were handed over, on a thread of the writer's own (CPython releases the GIL in
the calls that wait: write, fsync, rename, read), so that:

- writes to one file keep their order, and a read sees every write handed over before it;
- a job handed over with a ``key`` and ``replaces`` takes the place of the last job of that key
  still waiting, when that one was handed over with ``replaces`` too (nothing else of the key
  since): a newer save replaces a queued older one, and a disk slower than the saves come writes
  the newest, never a backlog.

A task waits for a job's answer with ``beside`` (it yields ``NEXT_FRAME`` until the job is
done); quitting waits for them all (``wait``; ``Cartridge.quit`` says SAVING... meanwhile),
and so does the interpreter's exit (``atexit``: Pyxel's window close runs it).

In a browser (Pyodide has no threads; its storage, ``localStorage``, is synchronous and quick)
and in tests that count frames, the writer is ``inline``: each job runs as it is handed over.

    >>> writer = Writer.inline()
    >>> job = writer.hand(lambda: 6 * 7)
    >>> job.done, job.result
    (True, 42)
    >>> from engine.tasks import run_to_end
    >>> run_to_end(beside(Writer.threaded(), lambda: "read beside"))
    'read beside'

A job that raises keeps its error (``Job.error``); when no task waits for its answer (a save),
``report`` (by default one line on stderr) is told of it, once for a run of the same failure:
a failure is said, and the game goes on.
"""

from __future__ import annotations

import atexit
import collections
import sys
import threading
from collections.abc import Callable, Hashable
from typing import Any

from engine.tasks import NEXT_FRAME, TaskGen


class Job:
    """One piece of work handed to the writer; ``done`` once it ran, then ``result`` or ``error``."""

    def __init__(self, work: Callable[[], Any], key: Hashable | None, replaces: bool, awaited: bool) -> None:
        self.work = work
        self.key = key
        self.replaces = replaces
        self.awaited = awaited  # a task waits for its answer (and says what went wrong itself)
        self.blob: Any = None  # what a write will leave, for a reader to see before it has run (then let go)
        self.result: Any = None
        self.error: BaseException | None = None
        self.finished = threading.Event()

    @property
    def done(self) -> bool:
        return self.finished.is_set()

    def run(self) -> None:
        try:
            self.result = self.work()
        except Exception as error:  # noqa: BLE001  (kept for whoever asks, and reported: the game goes on)
            self.error = error
        self.finished.set()
        self.work = self.blob = None  # after ``finished``: a reader that saw it unfinished read a true blob

    def answer(self) -> Any:
        """The result, or the job's error raised (once done)."""
        if self.error is not None:
            raise self.error
        return self.result


def _say(job: Job) -> None:
    """A failed job in one line on stderr, for whoever looks (the player sees the game go on)."""
    print(f"picoriichi: {job.error}", file=sys.stderr)


class Writer:
    """Runs jobs in order beside the frames (see the module)."""

    def __init__(self, threaded: bool, report: Callable[[Job], None] = _say) -> None:
        self.is_threaded = threaded
        self.report = report
        self.waiting: collections.deque[Job] = collections.deque()
        self.running: Job | None = None
        self.last_of: dict[Hashable, Job] = {}  # each key's last job still waiting
        self.latest: dict[Hashable, Job] = {}  # each key's last job handed over, until it has run
        self.lock = threading.Condition()
        self.thread: threading.Thread | None = None
        self.handed = 0  # jobs handed over, replaced ones included
        self.ran = 0  # jobs run
        self.told = ""  # the failure last reported, while it goes on failing the same way

    @classmethod
    def threaded(cls, **options) -> Writer:
        return cls(True, **options)

    @classmethod
    def inline(cls, **options) -> Writer:
        return cls(False, **options)

    @classmethod
    def machine(cls, platform: str = sys.platform) -> Writer:
        """In play: a thread of its own, except in the browser (``emscripten``: no threads there)."""
        return cls(platform != "emscripten")

    @property
    def idle(self) -> bool:
        """No job waits or runs."""
        with self.lock:
            return not self.waiting and self.running is None

    def hand(self, work: Callable[[], Any], key: Hashable | None = None, replaces: bool = False,
             awaited: bool = False, blob: Any = None) -> Job:
        """Run ``work`` beside the frames, after every job handed over before it (see the module
        for ``key`` and ``replaces``); its Job, at once. A job not ``awaited`` that fails is
        reported. ``blob``: what the write will leave (``Job.blob``, until it has run)."""
        self.handed += 1
        if not self.is_threaded:
            return self._run(Job(work, key, replaces, awaited))
        with self.lock:
            queued = self.last_of.get(key) if key is not None else None
            if replaces and queued is not None and queued.replaces:
                queued.work, queued.blob = work, blob  # still waiting: the newer takes its place
                return queued
            job = Job(work, key, replaces, awaited)
            job.blob = blob
            self.waiting.append(job)
            if key is not None:
                self.last_of[key] = self.latest[key] = job
            self._start()
            self.lock.notify()
        return job

    def unfinished(self, key: Hashable) -> Job | None:
        """The last job handed over with ``key``, while it has not run (None: all of them ran)."""
        with self.lock:
            job = self.latest.get(key)
        return job if job is not None and not job.done else None

    def pending(self) -> dict[Hashable, Job]:
        """Each key's last job handed over that has not run yet."""
        with self.lock:
            return {key: job for key, job in self.latest.items() if not job.done}

    def wait(self, timeout: float | None = None) -> bool:
        """Until every job handed over has run (quitting; the interpreter's exit); False when
        ``timeout`` seconds passed first."""
        with self.lock:
            return self.lock.wait_for(lambda: not self.waiting and self.running is None, timeout)

    def _start(self) -> None:
        if self.thread is None:
            self.thread = threading.Thread(target=self._serve, name="picoriichi writer", daemon=True)
            self.thread.start()
            atexit.register(self.wait)  # the window closed, or the program ended: nothing handed over is lost

    def _serve(self) -> None:
        while True:
            with self.lock:
                self.lock.wait_for(lambda: self.waiting)
                job = self.running = self.waiting.popleft()
                if job.key is not None and self.last_of.get(job.key) is job:
                    del self.last_of[job.key]
            self._run(job)
            with self.lock:
                self.running = None
                if job.key is not None and self.latest.get(job.key) is job:
                    del self.latest[job.key]
                self.lock.notify_all()

    def _run(self, job: Job) -> Job:
        job.run()
        self.ran += 1
        if job.error is not None and not job.awaited and str(job.error) != self.told:
            self.report(job)  # once for a run of the same failure (a full disk fails every save)
        self.told = str(job.error) if job.error is not None and not job.awaited else ""
        return job


def beside(writer: Writer, work: Callable[[], Any], key: Hashable | None = None) -> TaskGen[Any]:
    """Task: ``work`` run by the writer, waited for a frame at a time; its result, or its error
    raised here."""
    job = writer.hand(work, key, awaited=True)
    while not job.done:
        yield NEXT_FRAME
    return job.answer()


def until_written(writer: Writer) -> TaskGen[None]:
    """Task: wait, a frame at a time, until everything handed to the writer has run."""
    while not writer.idle:
        yield NEXT_FRAME
