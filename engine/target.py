"""The target machine: a PICO-8-like cartridge on Pyxel (see reference.md §1).

Every limit the game keeps is named here once: the screen, the palette, the frame rate, the
working-memory budget and the sprite sheet. ``init_pyxel`` starts Pyxel with them; call it once
per process (Pyxel refuses a second ``init``).

    >>> WIDTH, HEIGHT, FPS
    (128, 128, 30)
    >>> round(FRAME_SECONDS * 1000, 1)
    33.3
    >>> f"{PALETTE[RED]:06X}"
    'FF004D'
"""

from __future__ import annotations

from pathlib import Path

WIDTH = 128
HEIGHT = 128
FPS = 30
FRAME_SECONDS = 1.0 / FPS
MEMORY_BUDGET_BYTES = 2 * 1024 * 1024  # PICO-8's 2 MB of Lua RAM
SPRITE_SHEET = (0, 0, 0, 128, 128)  # (image bank, x, y, w, h): all art lives here
TITLE = "Pico Riichi"
RESOURCE_FILE = Path(__file__).resolve().parent.parent / "resources.pyxres"

# Pyxel paces flip() to its fps; tests and benchmarks step frames as fast as they can with this.
# The engine's frame period stays FRAME_SECONDS whatever Pyxel's pacing is.
UNCAPPED_FPS = 1000

# PICO-8's fixed palette, index 0..15.
PALETTE = (
    0x000000, 0x1D2B53, 0x7E2553, 0x008751, 0xAB5236, 0x5F574F, 0xC2C3C7, 0xFFF1E8,
    0xFF004D, 0xFFA300, 0xFFEC27, 0x00E436, 0x29ADFF, 0x83769C, 0xFF77A8, 0xFFCCAA,
)  # fmt: skip
(
    BLACK, DARK_BLUE, DARK_PURPLE, DARK_GREEN, BROWN, DARK_GREY, LIGHT_GREY, WHITE,
    RED, ORANGE, YELLOW, GREEN, BLUE, LAVENDER, PINK, PEACH,
) = range(16)  # fmt: skip


def init_pyxel(headless: bool = False, fps: int = FPS) -> None:
    """Start Pyxel as the target: 128×128 at ``fps``, PICO-8's palette, the resource file loaded.

    ``headless`` runs without a window (tests, benchmarks); ``fps`` only changes how Pyxel paces
    ``flip()`` there (``UNCAPPED_FPS`` to step frames at full speed).
    """
    import pyxel

    # quit_key: Esc opens the game's pause menu instead of ending the game at once
    pyxel.init(WIDTH, HEIGHT, title=TITLE, fps=fps, headless=headless, quit_key=pyxel.KEY_NONE)
    pyxel.load(str(RESOURCE_FILE))
    set_palette()  # after load: a .pyxpal beside the resources would replace the colours


def set_palette() -> None:
    """Make Pyxel's 16 colours PICO-8's."""
    import pyxel

    pyxel.colors[:] = list(PALETTE)
