"""PICO-8's six buttons: ←→↑↓, O and X, each read from several keys and the gamepad; and the
pointer: the mouse in a window, a finger on a touch screen.

``Buttons.update()`` polls once per frame (the cartridge does it before the scene's update);
afterwards every question is about that frame:

- ``held(b)`` and ``frames_held(b)``: down now, and for how many frames in a row (1 on the
  frame it went down);
- ``pressed(b)`` / ``released(b)``: went down / came up this frame;
- ``repeat(b)``: pressed, or held long enough to auto-repeat (for cursor movement), with
  PICO-8's ``btnp`` timing: after 15 frames, then every 4.

``hold_over()`` is for a new screen: a button held from the screen before reads as up until it
is let go, so it neither repeats nor counts as held on the new screen. ``hold_over(rest=N)``
asks more: a button pressed in the last ``N`` frames is in a run of presses (mashing), and
reads as up until it has rested ``N`` frames in a row, however long the run goes on;
``held_over(b)`` says that it waits (the screen may say "let go").

The pointer is counted as a seventh button, ``POINT`` (the mouse's left button, or a tap),
with the same questions and the same hold-over; ``pointer`` is where it is on the 128×128
screen, ``clicked_in(x, y, w, h)`` a press inside a box. The mouse's cursor is shown while
the mouse moves and hidden a second after it stops (``CURSOR_FRAMES``): keys and pad players
never see it.

The counting is pure Python over a ``is_down(button) -> bool`` reader (Pyxel's keys by default)
and a ``where() -> (x, y)`` locator, so it can be checked without a window:

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

Mashing O (down one frame, up the next) into a screen that asks for a rest:

    >>> buttons.hold_over(rest=REST_FRAMES)
    >>> presses = 0
    >>> for frame in range(60):
    ...     down ^= {O}
    ...     buttons.update()
    ...     presses += buttons.pressed(O)
    >>> presses, buttons.held_over(O)
    (0, True)
    >>> down.clear()
    >>> for frame in range(REST_FRAMES):
    ...     buttons.update()
    >>> down.add(O); buttons.update()
    >>> buttons.pressed(O), buttons.held_over(O)
    (True, False)

The pointer, from a locator and the reader:

    >>> spot = [(10, 20)]
    >>> buttons = Buttons(read=lambda button: button in down, where=lambda: spot[0])
    >>> down.clear(); buttons.update(); spot[0] = (40, 50); down.add(POINT); buttons.update()
    >>> buttons.pointer, buttons.clicked_in(32, 48, 16, 8), buttons.clicked_in(0, 0, 16, 8)
    ((40, 50), True, False)
"""

from __future__ import annotations

from collections.abc import Callable

LEFT, RIGHT, UP, DOWN, O, X = "left", "right", "up", "down", "o", "x"
ALL = (LEFT, RIGHT, UP, DOWN, O, X)
POINT = "point"  # the pointer's button: the mouse's left button, or a tap
COUNTED = ALL + (POINT,)

REPEAT_DELAY_FRAMES = 15  # PICO-8 btnp: first repeat after 15 frames at 30 fps...
REPEAT_EVERY_FRAMES = 4  # ...then every 4
REST_FRAMES = 8  # a quarter second at 30 fps: a pause in pressing ends a run of presses
CURSOR_FRAMES = 30  # the mouse cursor shows until the mouse has been still this long
LONG_REST = 1 << 30  # a button never pressed has rested for ever


def pyxel_keys() -> dict[str, tuple[int, ...]]:
    """Which Pyxel keys, gamepad and mouse buttons stand for each button."""
    import pyxel

    return {
        LEFT: (pyxel.KEY_LEFT, pyxel.GAMEPAD1_BUTTON_DPAD_LEFT),
        RIGHT: (pyxel.KEY_RIGHT, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT),
        UP: (pyxel.KEY_UP, pyxel.GAMEPAD1_BUTTON_DPAD_UP),
        DOWN: (pyxel.KEY_DOWN, pyxel.GAMEPAD1_BUTTON_DPAD_DOWN),
        O: (pyxel.KEY_Z, pyxel.KEY_C, pyxel.KEY_N, pyxel.GAMEPAD1_BUTTON_A),
        # the right mouse button too: a mouse-only player holds it to look, as X is held
        X: (pyxel.KEY_X, pyxel.KEY_V, pyxel.KEY_M, pyxel.GAMEPAD1_BUTTON_B, pyxel.MOUSE_BUTTON_RIGHT),
        POINT: (pyxel.MOUSE_BUTTON_LEFT,),  # in a browser, a tap too
    }


def ctrl_held() -> bool:
    """Ctrl is down (Ctrl+M mutes: then M is neither the X button nor a typed letter)."""
    import pyxel

    return any(pyxel.btn(key) for key in (pyxel.KEY_CTRL, pyxel.KEY_LCTRL, pyxel.KEY_RCTRL))


def pyxel_reader() -> Callable[[str], bool]:
    """A reader that says whether any key of a button is down, through ``pyxel.btn``."""
    import pyxel

    keys = pyxel_keys()

    def read(button: str) -> bool:
        pressed = keys[button]
        if pyxel.KEY_M in pressed and ctrl_held():
            pressed = tuple(key for key in pressed if key != pyxel.KEY_M)
        return any(pyxel.btn(key) for key in pressed)

    return read


def pyxel_where() -> tuple[int, int]:
    """The mouse (or the last touch) in screen pixels."""
    import pyxel

    return pyxel.mouse_x, pyxel.mouse_y


def pyxel_cursor(shown: bool) -> None:
    import pyxel

    pyxel.mouse(shown)


class Buttons:
    """Frame-counted state of the six buttons and the pointer."""

    def __init__(self, read: Callable[[str], bool] | None = None,
                 where: Callable[[], tuple[int, int]] | None = None,
                 show_cursor: Callable[[bool], None] | None = None) -> None:
        """``read`` says whether a button is down (Pyxel's keys, pad and mouse by default);
        ``where`` where the pointer is and ``show_cursor`` shows or hides the mouse's cursor
        (Pyxel's by default, none with a ``read`` of a test's own)."""
        pyxel = read is None
        self.read = read or pyxel_reader()
        self.where = where or (pyxel_where if pyxel else (lambda: (-1, -1)))
        self.show_cursor = show_cursor or (pyxel_cursor if pyxel else (lambda shown: None))
        self.frames = dict.fromkeys(COUNTED, 0)  # frames held in a row, 0 when up
        self.previous = dict.fromkeys(COUNTED, 0)
        self.rested = dict.fromkeys(COUNTED, LONG_REST)  # frames up in a row, 0 when down
        self.stale: dict[str, int] = {}  # held over: up until it has rested this many frames
        self.pointer: tuple[int, int] | None = None
        self.still = LONG_REST  # frames since the pointer last moved
        self.cursor_shown = False
        self.show_cursor(False)  # hidden until the mouse moves (whatever was shown before)

    def update(self) -> None:
        """Poll the buttons and the pointer; call once per frame."""
        self.previous = dict(self.frames)
        for button in COUNTED:
            down = self.read(button)
            self.rested[button] = 0 if down else min(LONG_REST, self.rested[button] + 1)
            if button in self.stale and self.rested[button] >= self.stale[button]:
                del self.stale[button]
            self.frames[button] = self.frames[button] + 1 if down and button not in self.stale else 0
        self.follow_pointer()

    def follow_pointer(self) -> None:
        """Where the pointer is; the cursor shows while it moves."""
        spot = tuple(self.where())
        moved = self.pointer is not None and spot != self.pointer
        self.pointer = spot
        self.still = 0 if moved else min(LONG_REST, self.still + 1)
        shown = self.still < CURSOR_FRAMES
        if shown != self.cursor_shown:
            self.cursor_shown = shown
            self.show_cursor(shown)

    def hold_over(self, rest: int = 0, only: tuple[str, ...] = COUNTED) -> None:
        """A new screen: every button down now reads as up until it has been let go; with
        ``rest``, so does a button pressed in the last ``rest`` frames, until it has rested
        ``rest`` frames in a row (a run of presses begun before never acts here); ``only``:
        these buttons alone (the pointer, where a double click must not fall through)."""
        for button in only:
            if self.frames[button] > 0 or self.read(button) or self.rested[button] < rest:
                self.stale[button] = max(1, rest, self.stale.get(button, 0))
                self.frames[button] = 0

    def held_over(self, button: str) -> bool:
        """The button reads as up until it is let go (and has rested): see ``hold_over``."""
        return button in self.stale

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

    # -- the pointer -----------------------------------------------------------------------

    def clicked(self) -> bool:
        """The pointer's button went down this frame (a click, a tap)."""
        return self.pressed(POINT)

    def pointing_in(self, x: int, y: int, w: int, h: int) -> bool:
        """The pointer is inside the box with its top-left at (x, y)."""
        if self.pointer is None:
            return False
        px, py = self.pointer
        return x <= px < x + w and y <= py < y + h

    def clicked_in(self, x: int, y: int, w: int, h: int) -> bool:
        """A click (or tap) this frame inside the box."""
        return self.clicked() and self.pointing_in(x, y, w, h)
