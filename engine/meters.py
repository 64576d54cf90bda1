"""The cartridge's two meters: CPU per frame (like PICO-8's ``stat(1)``) and working memory.

The CPU meter is the time a frame spent in update + draw (thinking included) over the frame
period: 1.0 means the whole frame was used. It keeps the last second of frames to report the
worst one.

    >>> cpu = CpuMeter(frame_seconds=0.1, window=3)
    >>> for spent in (0.02, 0.09, 0.05, 0.01):
    ...     cpu.record(spent)
    >>> round(cpu.this_frame, 2), round(cpu.worst, 2)
    (0.1, 0.9)

The memory meter reads ``tracemalloc``'s figures (two counters; cheap enough to show every
frame) against the 2 MiB budget. Only allocations made after ``start()`` are traced, so the
cartridge starts it before it builds any game state.

    >>> memory = MemoryMeter(budget_bytes=1024)
    >>> memory.start()
    >>> block = bytearray(4096)
    >>> memory.current_bytes >= 4096, memory.share > 1.0
    (True, True)
    >>> memory.stop()
"""

from __future__ import annotations

import tracemalloc
from collections import deque

from engine.target import FPS, FRAME_SECONDS, MEMORY_BUDGET_BYTES


class CpuMeter:
    """Share of the frame period each frame used; this frame and the worst of the last second."""

    def __init__(self, frame_seconds: float = FRAME_SECONDS, window: int = FPS) -> None:
        self.frame_seconds = frame_seconds
        self.recent: deque[float] = deque(maxlen=window)

    def record(self, seconds: float) -> None:
        """Note the time one frame spent working."""
        self.recent.append(seconds / self.frame_seconds)

    @property
    def this_frame(self) -> float:
        return self.recent[-1] if self.recent else 0.0

    @property
    def worst(self) -> float:
        """The highest reading of the last second."""
        return max(self.recent, default=0.0)


class MemoryMeter:
    """Bytes traced by ``tracemalloc`` against the working-memory budget."""

    def __init__(self, budget_bytes: int = MEMORY_BUDGET_BYTES) -> None:
        self.budget_bytes = budget_bytes
        self.started_here = False

    def start(self) -> None:
        """Begin tracing (if nobody else has); allocations before this are not counted."""
        if not tracemalloc.is_tracing():
            tracemalloc.start()
            self.started_here = True

    def stop(self) -> None:
        if self.started_here:
            tracemalloc.stop()
            self.started_here = False

    @property
    def tracing(self) -> bool:
        return tracemalloc.is_tracing()

    @property
    def current_bytes(self) -> int:
        return tracemalloc.get_traced_memory()[0]

    @property
    def peak_bytes(self) -> int:
        return tracemalloc.get_traced_memory()[1]

    @property
    def share(self) -> float:
        """Current traced bytes over the budget (1.0 = the whole 2 MiB)."""
        return self.current_bytes / self.budget_bytes
