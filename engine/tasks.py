"""Tasks: long work written once as a generator, spread across frames or run to the end.

A task is a Python generator that yields at checkpoints and returns its result. It may
yield a float in [0, 1] to report progress; any other value (usually None) just marks a
checkpoint. Tasks compose with ``yield from``. A task that waits on something outside
itself (a button, another seat's answer) yields ``NEXT_FRAME``: the scheduler
(``engine.scheduler``) then leaves it alone until the next frame instead of spinning on it
for the rest of the slice.

The same generator runs synchronously with ``run_to_end`` for the CLI, the simulator and
tests, so every algorithm has one implementation. This module is the protocol alone: no
clock, no pyxel, nothing but the standard library, so the rules core may use it.

    >>> def count(n):
    ...     total = 0
    ...     for i in range(n):
    ...         total += i
    ...         yield i / n
    ...     return total
    >>> run_to_end(count(10))
    45
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

T = TypeVar("T")
TaskGen = Generator[Any, None, T]


class _NextFrame:
    """The checkpoint a waiting task yields: nothing more to do in this frame."""

    def __repr__(self) -> str:
        return "NEXT_FRAME"


NEXT_FRAME = _NextFrame()


def run_to_end(task: TaskGen[T]) -> T:
    """Run a task's generator to completion and return its result."""
    while True:
        try:
            next(task)
        except StopIteration as stop:
            return stop.value
