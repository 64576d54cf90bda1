"""Stepping the cartridge frame by frame in tests (never pyxel.run or pyxel.quit)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import pyxel

from engine.buttons import pyxel_keys
from engine.cartridge import Cartridge

TYPING_KEYS = (pyxel.KEY_RETURN, pyxel.KEY_BACKSPACE, *range(pyxel.KEY_0, pyxel.KEY_9 + 1),
               *range(pyxel.KEY_A, pyxel.KEY_Z + 1))
ALL_KEYS = tuple({key for keys in pyxel_keys().values() for key in keys} | set(TYPING_KEYS))


class Blank:
    """A scene that clears the screen to dark blue and does nothing else."""

    def __init__(self, cart: Cartridge) -> None:
        self.cart = cart

    def update(self) -> None:
        pass

    def draw(self) -> None:
        pyxel.cls(1)


def step(cart: Cartridge, frames: int = 1) -> None:
    """Run whole frames as pyxel.run would: update, draw, then flip (which ticks input)."""
    for _ in range(frames):
        cart.update()
        cart.draw()
        pyxel.flip()


def press(cart: Cartridge, key: int, frames: int = 1) -> None:
    """Hold ``key`` down for ``frames`` frames, then let it go for one frame."""
    pyxel.set_btn(key, True)
    step(cart, frames)
    pyxel.set_btn(key, False)
    step(cart)


def step_until(cart: Cartridge, done: Callable[[], bool], limit: int) -> int:
    """Step until ``done()``; the frames it took. Fails the test past ``limit`` frames."""
    for frame in range(1, limit + 1):
        step(cart)
        if done():
            return frame
    failed = f"; the last failed task: {cart.failure}" if cart.failure else ""
    raise AssertionError(f"not done after {limit} frames, on {type(cart.scene).__name__}{failed}")


def release_all(keys: Iterable[int] = ALL_KEYS) -> None:
    for key in keys:
        pyxel.set_btn(key, False)
    pyxel.flip()


def screen() -> bytes:
    """The 128×128 palette indices on screen, row by row."""
    return bytes(pyxel.screen.data_ptr())


def painted(paint: Callable[[], None]) -> set[int]:
    """The pixels ``paint`` sets: it runs on a black and on a white screen; what it leaves
    alone shows each background, what it paints is the same on both (the screen is lost)."""
    pyxel.cls(0)
    paint()
    first = screen()
    pyxel.cls(7)
    paint()
    second = screen()
    return painted_between(first, second)


SAME = re.compile(b"\x00")  # a byte of the two passes XORed: 0 where they agree


def painted_between(on_black: bytes, on_white: bytes) -> set[int]:
    """The pixels a call painted: those the same after its pass on black and on white (a pixel
    left alone keeps each background, whatever colours the palette gives them), found
    byte-wise in C: the two screens XORed, then its zero bytes (a set comprehension over the
    16,384 pairs took most of the overlap tests' time).

        >>> sorted(painted_between(bytes([0, 0, 7, 3]), bytes([7, 0, 7, 3])))
        [1, 2, 3]
    """
    differ = int.from_bytes(on_black, "big") ^ int.from_bytes(on_white, "big")
    return {m.start() for m in SAME.finditer(differ.to_bytes(len(on_black), "big"))}
