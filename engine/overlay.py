"""What the engine itself draws over a scene: the debug overlay, the failed-task line and a
word for a moment (MUTED, SOUND ON).

The debug overlay (hold X) reads, top to bottom: the CPU meter this frame and the worst of the
last second, the frame's milliseconds split into update / draw / think, traced memory against
the 2 MiB budget, then each running task with its progress.
"""

from __future__ import annotations

from typing import Protocol

from engine.meters import CpuMeter, MemoryMeter
from engine.scheduler import Scheduler
from engine.target import BLACK, GREEN, LIGHT_GREY, MEMORY_BUDGET_BYTES, RED, WHITE, WIDTH, YELLOW

LINE = 7  # pixels per text line (the font is 6 high)
CHARS_PER_LINE = WIDTH // 4
MAX_TASK_LINES = 3  # the meters stay above the hold-X view (its seed line, row 56)
OVERLAY_X, OVERLAY_Y = 2, 2
NOTICE_Y = 58  # the notice's box, in the middle of the screen


class Metered(Protocol):
    """What the overlay reads of the cartridge: its meters, its frame's parts and its tasks."""

    cpu: CpuMeter
    memory: MemoryMeter
    scheduler: Scheduler
    update_seconds: float
    draw_seconds: float
    think_seconds: float


def debug_lines(cart: Metered) -> list[tuple[str, int]]:
    """The overlay's text, one (line, colour) pair per row."""
    cpu = cart.cpu
    frame_ms = (cart.update_seconds + cart.draw_seconds + cart.think_seconds) * 1000
    lines = [
        (f"CPU {cpu.this_frame:4.2f} MAX {cpu.worst:4.2f}", meter_colour(cpu.worst)),
        (f"MS {frame_ms:4.1f} U{cart.update_seconds * 1000:.1f} D{cart.draw_seconds * 1000:.1f}"
         f" T{cart.think_seconds * 1000:.1f}", WHITE),
    ]  # fmt: skip
    if cart.memory.tracing:
        kib = cart.memory.current_bytes // 1024
        lines.append((f"MEM {kib}/{MEMORY_BUDGET_BYTES // 1024} KIB", meter_colour(cart.memory.share)))
    else:
        lines.append(("MEM not traced", LIGHT_GREY))  # see Cartridge(trace_memory=...)
    tasks = cart.scheduler.tasks
    lines.append((f"TASKS {len(tasks)}", WHITE))
    for task in tasks[:MAX_TASK_LINES]:
        lines.append((f" {task.name[:16]} {task.progress * 100:3.0f}%", LIGHT_GREY))
    return lines


def meter_colour(share: float) -> int:
    return GREEN if share < 0.75 else YELLOW if share < 1.0 else RED


def draw_debug(cart: Metered) -> None:
    import pyxel

    lines = debug_lines(cart)
    width = OVERLAY_X + max(len(text) for text, _ in lines) * 4 + 1
    pyxel.rect(0, 0, width, OVERLAY_Y + len(lines) * LINE, BLACK)
    for row, (text, colour) in enumerate(lines):
        pyxel.text(OVERLAY_X, OVERLAY_Y + row * LINE, text, colour)


def draw_failure(message: str) -> None:
    """One red bar at the top of the screen, up to two lines of the message."""
    import pyxel

    rows = [message[i : i + CHARS_PER_LINE] for i in range(0, len(message), CHARS_PER_LINE)][:2]
    pyxel.rect(0, 0, WIDTH, len(rows) * LINE + 1, RED)
    for row, text in enumerate(rows):
        pyxel.text(1, 1 + row * LINE, text, WHITE)


def draw_notice(word: str) -> None:
    """A word in a box in the middle of the screen, over the scene (for a moment)."""
    import pyxel

    w = len(word) * 4 + 5
    x, y = (WIDTH - w) // 2, NOTICE_Y
    pyxel.rect(x, y, w, LINE + 3, BLACK)
    pyxel.rectb(x, y, w, LINE + 3, WHITE)
    pyxel.text(x + 3, y + 3, word, YELLOW)
