"""A stand-in for pyxel: what game/ui, engine and main.py call, recorded instead of drawn.

Pyxel's wasm build is on no package registry, so the offline web check (tools/web.py check) runs
the game's scenes in Pyodide over this module, and the same scenes under CPython over it too, and
compares what they drew. Every drawing call is recorded as ``(name, *args)`` into the frame's
list; ``flip`` folds the frame into ``digest`` (SHA-256 of the calls' reprs) and starts the next
frame. ``cls``, ``rect``, ``rectb`` and ``pset`` also paint a small frame buffer that ``pget``
reads; text and blits are recorded, not rasterised.

The constants (keys, gamepad buttons) are the real pyxel's, handed in by ``set_constants`` before
the game is imported (tools/web.py dumps them from the installed pyxel). Anything the stand-in
lacks raises AttributeError naming it: the check then says which call to add here.

Input comes from a script: ``set_btn(key, down)`` between frames, as with the real pyxel in
tests/stepping.py; a key set down counts for ``btn`` and ``btnp`` in the next frame. ``step``
runs one frame (update, draw, flip); ``run(update, draw)`` steps frames until ``frames_left``
runs out (or ``quit()``), then returns, where the real ``run`` never does.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import zipfile

width = height = 0
frame_count = 0
mouse_x = mouse_y = 0  # the pointer (tests move it with set_mouse_pos); a script clicks with set_btn
colors: list[int] = []
images: list[Image] = []
sounds: list[Sound] = []
musics: list[Sound] = []
screen: Image
frames_left = 0  # frames run() may step before it returns
calls: list[tuple] = []  # this frame's drawing calls
digest = hashlib.sha256()
_down: set[int] = set()
_held: dict[int, int] = {}  # frames each key has been down, counted at the start of a frame
_images_made = 0
_stopped = False
_ = None


def set_constants(constants: dict[str, int]) -> None:
    """The real pyxel's int constants (KEY_*, GAMEPAD1_*, ...)."""
    globals().update(constants)


def _record(*call) -> None:
    calls.append(call)


class Font:
    """A BDF font (the game's text font, game/ui/font_text.bdf): the file is read for its name only."""

    def __init__(self, filename: str, font_size: float | None = None) -> None:
        if not os.path.exists(filename):
            raise FileNotFoundError(filename)
        self.filename = filename

    def text_width(self, s: str) -> int:
        return 4 * len(s)


class Image:
    """An image: a frame buffer for the primitives, drawing calls recorded with its name."""

    def __init__(self, w: int, h: int, name: str | None = None) -> None:
        global _images_made
        _images_made += 1
        self.width, self.height = w, h
        self.name = name or f"image{_images_made}"
        self.pixels = bytearray(w * h)

    def __repr__(self) -> str:
        return self.name

    def cls(self, col: int) -> None:
        _record(self.name, "cls", col)
        self.pixels[:] = bytes([col]) * len(self.pixels)

    def pset(self, x: float, y: float, col: int) -> None:
        _record(self.name, "pset", x, y, col)
        self._fill(x, y, 1, 1, col)

    def pget(self, x: float, y: float) -> int:
        x, y = int(x), int(y)
        return self.pixels[y * self.width + x] if 0 <= x < self.width and 0 <= y < self.height else 0

    def rect(self, x: float, y: float, w: float, h: float, col: int) -> None:
        _record(self.name, "rect", x, y, w, h, col)
        self._fill(x, y, w, h, col)

    def rectb(self, x: float, y: float, w: float, h: float, col: int) -> None:
        _record(self.name, "rectb", x, y, w, h, col)
        for edge in ((x, y, w, 1), (x, y + h - 1, w, 1), (x, y, 1, h), (x + w - 1, y, 1, h)):
            self._fill(*edge, col)

    def text(self, x: float, y: float, s: str, col: int, font: object = None) -> None:
        _record(self.name, "text", x, y, s, col)

    def blt(self, x: float, y: float, img: object, u: float, v: float, w: float, h: float,
            colkey: int | None = None, rotate: float | None = None, scale: float | None = None) -> None:
        _record(self.name, "blt", x, y, img, u, v, w, h, colkey, rotate, scale)

    def set(self, x: int, y: int, data: list[str]) -> None:
        _record(self.name, "set", x, y, tuple(data))
        for row, line in enumerate(data):
            for column, digit in enumerate(line):
                self._fill(x + column, y + row, 1, 1, int(digit, 16))

    def line(self, x1: float, y1: float, x2: float, y2: float, col: int) -> None:
        _record(self.name, "line", x1, y1, x2, y2, col)

    def circ(self, x: float, y: float, r: float, col: int) -> None:
        _record(self.name, "circ", x, y, r, col)

    def circb(self, x: float, y: float, r: float, col: int) -> None:
        _record(self.name, "circb", x, y, r, col)

    def data_ptr(self) -> bytearray:
        return self.pixels

    def _fill(self, x: float, y: float, w: float, h: float, col: int) -> None:
        x0, y0 = max(0, int(x)), max(0, int(y))
        x1, y1 = min(self.width, int(x + w)), min(self.height, int(y + h))
        for row in range(y0, y1):
            self.pixels[row * self.width + x0 : row * self.width + x1] = bytes([col]) * max(0, x1 - x0)


class Sound:
    def __init__(self) -> None:
        self.notes: list[int] = []

    def set(self, *args: object) -> None:
        _record("sound.set", *args)


def init(w: int, h: int, title: str | None = None, fps: int | None = None, quit_key: int | None = None,
         display_scale: int | None = None, capture_scale: int | None = None, capture_sec: int | None = None,
         headless: bool | None = None) -> None:
    global width, height, screen, frame_count
    if width:
        raise RuntimeError("pyxel.init called twice")  # as the real one refuses
    width, height, frame_count = w, h, 0
    screen = Image(w, h, "screen")
    images[:] = [Image(256, 256, f"bank{i}") for i in range(3)]
    sounds[:] = [Sound() for _ in range(64)]
    musics[:] = [Sound() for _ in range(8)]
    colors[:] = [0] * 16
    _record("init", w, h, title, fps)


def load(filename: str, exclude_images: bool = False, exclude_tilemaps: bool = False,
         exclude_sounds: bool = False, exclude_musics: bool = False) -> None:
    """Checks the resource file is a pyxel resource archive and records its SHA-256."""
    with open(filename, "rb") as file:
        data = file.read()
    with zipfile.ZipFile(filename) as archive:
        if "pyxel_resource.toml" not in archive.namelist():
            raise ValueError(f"{filename} is not a pyxel resource file")
    _record("load", os.path.basename(filename), hashlib.sha256(data).hexdigest())


# -- the screen: the same calls as an Image's, on the screen ---------------------------------


def cls(col: int) -> None:
    screen.cls(col)


def pset(x: float, y: float, col: int) -> None:
    screen.pset(x, y, col)


def pget(x: float, y: float) -> int:
    return screen.pget(x, y)


def rect(x: float, y: float, w: float, h: float, col: int) -> None:
    screen.rect(x, y, w, h, col)


def rectb(x: float, y: float, w: float, h: float, col: int) -> None:
    screen.rectb(x, y, w, h, col)


def text(x: float, y: float, s: str, col: int, font: object = None) -> None:
    screen.text(x, y, s, col)


def blt(x: float, y: float, img: object, u: float, v: float, w: float, h: float, colkey: int | None = None,
        rotate: float | None = None, scale: float | None = None) -> None:
    screen.blt(x, y, images[img] if isinstance(img, int) else img, u, v, w, h, colkey, rotate, scale)


def line(x1: float, y1: float, x2: float, y2: float, col: int) -> None:
    screen.line(x1, y1, x2, y2, col)


def circ(x: float, y: float, r: float, col: int) -> None:
    screen.circ(x, y, r, col)


def circb(x: float, y: float, r: float, col: int) -> None:
    screen.circb(x, y, r, col)


def pal(col1: int | None = None, col2: int | None = None) -> None:
    _record("pal", col1, col2)


def clip(x: float | None = None, y: float | None = None, w: float | None = None, h: float | None = None) -> None:
    _record("clip", x, y, w, h)


def camera(x: float | None = None, y: float | None = None) -> None:
    _record("camera", x, y)


def play(ch: int, snd: object, tick: int | None = None, loop: bool = False, resume: bool = False) -> None:
    _record("play", ch, snd, loop)


def playm(msc: int, tick: int | None = None, loop: bool = False) -> None:
    _record("playm", msc, loop)


def stop(ch: int | None = None) -> None:
    _record("stop", ch)


def perf_monitor(enabled: bool) -> None:
    _record("perf_monitor", enabled)


def user_data_dir(vendor_name: str, app_name: str) -> str:
    path = os.path.join(tempfile.gettempdir(), "pyxel-stand-in", vendor_name, app_name)
    os.makedirs(path, exist_ok=True)
    return path + os.sep


# -- input ------------------------------------------------------------------------------------


def set_btn(key: int, down: bool) -> None:
    (_down.add if down else _down.discard)(key)


def btn(key: int) -> bool:
    return _held.get(key, 0) > 0


def btnp(key: int, hold: int = 0, repeat: int = 0) -> bool:
    held = _held.get(key, 0)
    if held == 1:
        return True
    return hold > 0 and repeat > 0 and held > hold and (held - 1 - hold) % repeat == 0


def btnr(key: int) -> bool:
    return _held.get(key, 0) == 0 and key in _released


_released: set[int] = set()


def _poll() -> None:
    """Count held frames for the coming frame, as pyxel does before calling update."""
    _released.clear()
    for key in set(_held) | _down:
        if key in _down:
            _held[key] = _held.get(key, 0) + 1
        elif _held.get(key):
            _held[key] = 0
            _released.add(key)


# -- frames -----------------------------------------------------------------------------------


def flip() -> None:
    """End the frame: fold its calls into the digest and count it."""
    global frame_count
    digest.update(repr(calls).encode())
    calls.clear()
    frame_count += 1


def step(update, draw) -> None:
    """One frame as pyxel.run runs it: read the input, update, draw, flip."""
    _poll()
    update()
    draw()
    flip()


def run(update, draw) -> None:
    """Step ``frames_left`` frames, then return (the real run never does)."""
    global frames_left, _stopped
    _stopped = False
    while frames_left > 0 and not _stopped:
        frames_left -= 1
        step(update, draw)


def quit() -> None:
    global _stopped
    _stopped = True
    _record("quit")


def mouse(visible: bool) -> None:
    _record("mouse", bool(visible))


def set_mouse_pos(x: float, y: float) -> None:
    global mouse_x, mouse_y
    mouse_x, mouse_y = int(x), int(y)


def __getattr__(name: str):
    raise AttributeError(f"the pyxel stand-in (web/stand_in/pyxel.py) has no {name!r}: add it there")
