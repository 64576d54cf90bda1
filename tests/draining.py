"""Running a task (a generator, see engine.tasks) to its end in tests, keeping what it yields."""

from __future__ import annotations

from typing import Any

from engine.tasks import TaskGen


def drain(task: TaskGen[Any]) -> tuple[list[Any], Any]:
    """(every value the task yielded, in order; its result).

    >>> def count():
    ...     yield 0.5
    ...     return "done"
    >>> drain(count())
    ([0.5], 'done')
    """
    yielded = []
    while True:
        try:
            yielded.append(next(task))
        except StopIteration as stop:
            return yielded, stop.value
