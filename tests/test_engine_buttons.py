"""Buttons read through Pyxel: each key of a button, frames held, pressed, released, repeat."""

from __future__ import annotations

import pytest
import pyxel
from stepping import Blank, step

from engine import buttons
from engine.buttons import DOWN, LEFT, REPEAT_DELAY_FRAMES, REPEAT_EVERY_FRAMES, RIGHT, UP, O, X

KEYS = {
    LEFT: (pyxel.KEY_LEFT, pyxel.GAMEPAD1_BUTTON_DPAD_LEFT),
    RIGHT: (pyxel.KEY_RIGHT, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT),
    UP: (pyxel.KEY_UP, pyxel.GAMEPAD1_BUTTON_DPAD_UP),
    DOWN: (pyxel.KEY_DOWN, pyxel.GAMEPAD1_BUTTON_DPAD_DOWN),
    O: (pyxel.KEY_Z, pyxel.KEY_C, pyxel.KEY_N, pyxel.GAMEPAD1_BUTTON_A),
    X: (pyxel.KEY_X, pyxel.KEY_V, pyxel.KEY_M, pyxel.GAMEPAD1_BUTTON_B),
}


@pytest.mark.parametrize("button, key", [(b, k) for b, keys in KEYS.items() for k in keys])
def test_every_key_of_a_button_presses_it_and_only_it(make_cart, button, key):
    cart = make_cart(Blank)
    pyxel.set_btn(key, True)
    step(cart)
    assert [b for b in buttons.ALL if cart.buttons.held(b)] == [button]
    assert cart.buttons.pressed(button)


@pytest.mark.parametrize("frames", [1, 2, 7, 30])
def test_a_button_held_n_frames_reads_n(make_cart, frames):
    cart = make_cart(Blank)
    pyxel.set_btn(pyxel.KEY_Z, True)
    step(cart, frames)
    assert cart.buttons.frames_held(O) == frames
    assert cart.buttons.pressed(O) == (frames == 1)
    pyxel.set_btn(pyxel.KEY_Z, False)
    step(cart)
    assert cart.buttons.released(O) and cart.buttons.frames_held(O) == 0
    step(cart)
    assert not cart.buttons.released(O)


def test_two_keys_of_one_button_count_as_one_hold(make_cart):
    cart = make_cart(Blank)
    pyxel.set_btn(pyxel.KEY_Z, True)
    step(cart, 3)
    pyxel.set_btn(pyxel.KEY_C, True)
    pyxel.set_btn(pyxel.KEY_Z, False)
    step(cart, 2)
    assert cart.buttons.frames_held(O) == 5 and not cart.buttons.released(O)


def test_a_held_arrow_repeats_like_pico8_btnp(make_cart):
    cart = make_cart(Blank)
    pyxel.set_btn(pyxel.KEY_RIGHT, True)
    fired = []
    for frame in range(1, 40):
        step(cart)
        if cart.buttons.repeat(RIGHT):
            fired.append(frame)
    first = REPEAT_DELAY_FRAMES + 1
    assert fired == [1] + list(range(first, 40, REPEAT_EVERY_FRAMES))
