"""The viewer with the review open holds the budget: a real Tenhou game opened as the Replays
list opens it (inside the traced memory), seat 0 reviewed to the end while the rounds are
stepped through, memory traced as ``make play`` traces it. The memory peak stays under 1.75 MiB
and the CPU meter under 1.0 on every frame, the meter read on the work clock
(tests/playing.py): what the frame's update, draw and thinking did, counted, so the verdict is
the same however busy the machine is. The review gathers the CPU's small steps into one for
about ``game.coach.review.STEP_SECONDS`` on the scheduler's gather clock: here the work clock too. benchmarks/review.py
measures the same on the wall clock and the thread's processor time; docs/measurements.md."""

from __future__ import annotations

import pytest

import pyxel
from conftest import LOGS, PICO8_MEMORY_BYTES
from playing import WorkClock

from engine.scheduler import Clock
from game.ui.viewer import ViewerScene
from game.replay.steps import ReplayLog

GAME = LOGS / "dnovikoff" / "bug1.xml"  # a whole game of Tenhou's: 11 rounds
PEAK_BYTES = PICO8_MEMORY_BYTES * 7 // 8  # 1.75 MiB of PICO-8's 2 MiB
ROUNDS_STEPPED = 3


class Opener:
    """Opens the log as the Replays list does (its bytes parsed in the traced memory)."""

    def __init__(self, cart) -> None:
        cart.change(ViewerScene, ReplayLog.parse(GAME.read_bytes(), GAME))

    def update(self) -> None:
        pass

    def draw(self) -> None:
        pass


@pytest.mark.long
def test_the_review_of_a_whole_real_game_keeps_the_memory_and_the_frame_budget(make_cart):
    clock = WorkClock()
    with clock:  # every frame on the work clock, from the first
        cart = make_cart(Opener, clock=Clock.working(clock), trace_memory=True)
        meters = review_to_the_summary(cart)
    peak = cart.memory.peak_bytes
    assert 0 < peak < PEAK_BYTES, f"memory peak {peak // 1024} KiB"
    over = [n for n, meter in enumerate(meters) if meter >= 1.0]
    assert not over, f"{len(over)} of {len(meters)} frames over budget (first {over[0]}), worst {max(meters):.2f}"


def review_to_the_summary(cart) -> list[float]:
    """Seat 0 chosen for review; the first rounds stepped through, then the review left to
    finish; the summary opened. Each frame's CPU meter."""
    meters = []

    def frame(*keys) -> None:
        for key in keys:
            pyxel.set_btn(key, True)
        cart.update()
        cart.draw()
        pyxel.flip()
        for key in keys:
            pyxel.set_btn(key, False)
        meters.append(cart.cpu.this_frame)
        assert not cart.failure, cart.failure

    for _ in range(3):
        frame()
    viewer = cart.scene
    assert isinstance(viewer, ViewerScene) and viewer.choosing
    frame(pyxel.KEY_Z)
    frame()
    for index in range(ROUNDS_STEPPED):
        while viewer.log.stepped(index) is None or viewer.round_index != index:
            frame()
        while viewer.step < len(viewer.stepped.steps) - 1:
            frame(pyxel.KEY_RIGHT)
            frame()
        frame(pyxel.KEY_DOWN)
        frame()
    for _ in range(20000):
        if viewer.review.done:
            break
        frame()
    assert viewer.review.done and len(viewer.review.decisions) > 150 and viewer.review.problems == []
    frame(pyxel.KEY_S)
    frame()
    return meters
