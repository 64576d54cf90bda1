"""PICO-8's six buttons: ←→↑↓, O and X, each read from several keys and the gamepad.

``Buttons.update()`` polls once per frame (the cartridge does it before the scene's update);
afterwards every question is about that frame:

- ``held(b)`` and ``frames_held(b)``: down now, and for how many frames in a row (1 on the
  frame it went down);
- ``pressed(b)`` / ``released(b)``: went down / came up this frame;
- ``repeat(b)``: pressed, or held long enough to auto-repeat (for cursor movement), with
  PICO-8's ``btnp`` timing: after 15 frames, then every 4.

``hold_over()`` is for a new screen: a button held from the screen before reads as up until it
is let go, so it neither repeats nor counts as held on the new screen.

The counting is pure Python over a ``is_down(button) -> bool`` reader (Pyxel's keys by default),
so it can be checked without a window:

    >>> down = {O}
    >>> buttons = Buttons(read=lambda button: button in down)
    >>> for _ in range(3):
    ...     buttons.update()
    >>> buttons.frames_held(O), buttons.pressed(O), buttons.held(X)
    (3, False, False)
    >>> down.clear(); buttons.update()
    >>> buttons.released(O), buttons.frames_held(O)
    (True, 0)
    >>> down.add(O); buttons.update(); buttons.hold_over(); buttons.update()
    >>> buttons.held(O)  # held over from the screen before: up until let go
    False
    >>> down.clear(); buttons.update(); down.add(O); buttons.update()
    >>> buttons.pressed(O)
    True
"""

from __future__ import annotations

from collections.abc import Callable

LEFT, RIGHT, UP, DOWN, O, X = "left", "right", "up", "down", "o", "x"
ALL = (LEFT, RIGHT, UP, DOWN, O, X)

REPEAT_DELAY_FRAMES = 15  # PICO-8 btnp: first repeat after 15 frames at 30 fps...
REPEAT_EVERY_FRAMES = 4  # ...then every 4


def pyxel_keys() -> dict[str, tuple[int, ...]]:
    """Which Pyxel keys and gamepad buttons stand for each of the six buttons."""
    import pyxel

    return {
        LEFT: (pyxel.KEY_LEFT, pyxel.GAMEPAD1_BUTTON_DPAD_LEFT),
        RIGHT: (pyxel.KEY_RIGHT, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT),
        UP: (pyxel.KEY_UP, pyxel.GAMEPAD1_BUTTON_DPAD_UP),
        DOWN: (pyxel.KEY_DOWN, pyxel.GAMEPAD1_BUTTON_DPAD_DOWN),
        O: (pyxel.KEY_Z, pyxel.KEY_C, pyxel.KEY_N, pyxel.GAMEPAD1_BUTTON_A),
        X: (pyxel.KEY_X, pyxel.KEY_V, pyxel.KEY_M, pyxel.GAMEPAD1_BUTTON_B),
    }


def pyxel_reader() -> Callable[[str], bool]:
    """A reader that says whether any key of a button is down, through ``pyxel.btn``."""
    import pyxel

    keys = pyxel_keys()
    ctrl = (pyxel.KEY_CTRL, pyxel.KEY_LCTRL, pyxel.KEY_RCTRL)

    def read(button: str) -> bool:
        # Ctrl+M mutes (engine/audio.py): then M is not the X button
        pressed = keys[button]
        if pyxel.KEY_M in pressed and any(pyxel.btn(key) for key in ctrl):
            pressed = tuple(key for key in pressed if key != pyxel.KEY_M)
        return any(pyxel.btn(key) for key in pressed)

    return read


class Buttons:
    """Frame-counted state of the six buttons."""

    def __init__(self, read: Callable[[str], bool] | None = None) -> None:
        self.read = read or pyxel_reader()
        self.frames = dict.fromkeys(ALL, 0)  # frames held in a row, 0 when up
        self.previous = dict.fromkeys(ALL, 0)
        self.stale: set[str] = set()  # held over from the screen before: up until let go

    def update(self) -> None:
        """Poll the buttons; call once per frame."""
        self.previous = dict(self.frames)
        for button in ALL:
            down = self.read(button)
            if button in self.stale and not down:
                self.stale.discard(button)
            self.frames[button] = self.frames[button] + 1 if down and button not in self.stale else 0

    def hold_over(self) -> None:
        """A new screen: every button down now reads as up until it has been let go."""
        self.stale |= {button for button in ALL if self.frames[button] > 0 or self.read(button)}
        for button in self.stale:
            self.frames[button] = 0

    def held(self, button: str) -> bool:
        return self.frames[button] > 0

    def frames_held(self, button: str) -> int:
        return self.frames[button]

    def pressed(self, button: str) -> bool:
        return self.frames[button] == 1

    def released(self, button: str) -> bool:
        return self.frames[button] == 0 and self.previous[button] > 0

    def repeat(self, button: str) -> bool:
        """Pressed, or held past the repeat delay on a repeat frame (cursor movement)."""
        held = self.frames[button]
        if held == 1:
            return True
        return held > REPEAT_DELAY_FRAMES and (held - 1 - REPEAT_DELAY_FRAMES) % REPEAT_EVERY_FRAMES == 0
