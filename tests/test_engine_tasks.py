"""The frame loop gives tasks what each frame leaves over, and survives a task that fails."""

from __future__ import annotations

import hashlib

import pytest
from stepping import Blank, screen, step

from engine.cartridge import FAILURE_SHOWN_FRAMES, THINK_MARGIN_SECONDS, Cartridge
from engine.target import FRAME_SECONDS, RED
from engine.scheduler import Clock, Task
from engine.tasks import run_to_end

CHAIN_LINKS = 400  # hash-chain steps per checkpoint
LINK_SECONDS = 2e-6  # what one link stands for on the counted clock (about its cost here)


class Links:
    """A clock that counts work: the hash links made so far, each LINK_SECONDS. Steps of
    uneven length (``hash_chain``'s ``uneven``) give the scheduler something to foresee."""

    def __init__(self) -> None:
        self.made = 0

    def __call__(self) -> float:
        return self.made * LINK_SECONDS


def hash_chain(checkpoints: int, links: Links | None = None, uneven: bool = False):
    """Real work: a SHA-256 chain, ``CHAIN_LINKS`` links between checkpoints (from 1 to 3 times
    as many, in turn, when ``uneven``), counted on ``links``; returns the tip."""
    digest = b"pico"
    for done in range(checkpoints):
        length = CHAIN_LINKS * (1 + done % 3) if uneven else CHAIN_LINKS
        for _ in range(length):
            digest = hashlib.sha256(digest).digest()
        if links is not None:
            links.made += length
        yield (done + 1) / checkpoints
    return digest.hex()


def test_a_second_of_work_spreads_over_frames_within_each_slice(make_cart):
    # The cartridge's clock counts the work done (hash links), never the time: the slices,
    # the steps and the meter are then the same on every machine, however busy.
    links = Links()
    cart = make_cart(Blank, clock=Clock.counted(links))
    checkpoints = round(1.0 / (2 * CHAIN_LINKS * LINK_SECONDS))  # a second of work, steps of 0.8 to 2.4 ms
    task = cart.spawn(hash_chain(checkpoints, links, uneven=True), "chain")
    overruns, meters = [], []
    while not task.done:
        step(cart)
        scheduler = cart.scheduler
        assert scheduler.last_slice <= FRAME_SECONDS - THINK_MARGIN_SECONDS
        overruns.append(scheduler.last_used - scheduler.last_slice)
        meters.append(cart.cpu.this_frame)
    assert task.state == Task.DONE
    assert task.result == run_to_end(hash_chain(checkpoints, uneven=True))  # slicing changes nothing
    assert task.seconds == pytest.approx(1.0, rel=0.01)  # a second of work, counted inside the task
    assert task.frames >= task.seconds / FRAME_SECONDS  # no frame thought for longer than a frame
    # each step's length is foreseen (its longest recent step, or the reserve), so no frame
    # ends past its slice, and the meter stays under 1.0
    assert max(overruns) <= 0.0
    assert max(meters) < 1.0


def test_long_steps_wait_for_the_next_frame_rather_than_overrun(make_cart):
    # Steps of 11 ms: after two (22 ms) a third would end near 33 ms, past the 28 ms slice,
    # so it waits for the next frame. The old scheduler started it and overran. The steps'
    # time is a clock the test moves (a loaded machine makes real steps vary too much to
    # test the rule): each step takes exactly 11 ms of it, update and draw take none.
    now = [0.0]
    cart = make_cart(Blank, clock=Clock.counted(lambda: now[0]))
    steps_this_frame = [0]

    def long_steps(count):
        for _ in range(count):
            now[0] += 0.011
            steps_this_frame[0] += 1
            yield
        return count

    task = cart.spawn(long_steps(40), "long steps")
    steps_per_frame = []
    while not task.done:
        steps_this_frame[0] = 0
        step(cart)
        steps_per_frame.append(steps_this_frame[0])
    assert FRAME_SECONDS - THINK_MARGIN_SECONDS < 3 * 0.011  # the premise: three do not fit
    assert max(steps_per_frame) == 2
    assert sum(steps_per_frame) == 40



def test_a_long_step_is_kept_in_reserve_for_the_frames_after_it(make_cart):
    """1 ms steps fill a slice; after one 12 ms step (not foreseen: the steps before were
    short), the scheduler keeps 12 ms in reserve, so fewer 1 ms steps fit a frame, and a
    second 12 ms step, when it comes, cannot push a frame past its budget."""
    now = [0.0]
    cart = make_cart(Blank, clock=Clock.counted(lambda: now[0]))
    log = []

    def work():
        for length in [0.001] * 40 + [0.012] + [0.001] * 30 + [0.012] + [0.001] * 40:
            now[0] += length
            log.append((cart.scheduler.frames, length))
            yield

    task = cart.spawn(work(), "work")
    think = []
    while not task.done:
        step(cart)
        think.append(cart.think_seconds)
    slice_ms = round((FRAME_SECONDS - THINK_MARGIN_SECONDS) * 1000)
    first_long, second_long = [frame for frame, length in log if length == 0.012]
    assert sum(1 for frame, _ in log if frame == 0) >= slice_ms - 1  # a full slice before
    assert all(sum(1 for f, _ in log if f == frame) <= slice_ms - 12 + 1
               for frame in range(first_long + 1, second_long))  # 12 ms kept in reserve
    assert all(seconds <= FRAME_SECONDS - THINK_MARGIN_SECONDS + 0.001 for seconds in think[first_long + 1:])


def test_progress_is_reported_between_frames(make_cart):
    cart = make_cart(Blank)
    task = cart.spawn(hash_chain(400), "chain")
    seen = []
    while not task.done:
        cart.scheduler.run(0.002)  # a thin slice, so progress shows in steps
        seen.append(task.progress)
    assert seen == sorted(seen) and seen[-1] == 1.0
    assert len(set(seen)) > 2


def test_frames_with_no_time_to_spare_still_take_turns_between_tasks(make_cart):
    cart = make_cart(Blank)
    first = cart.spawn(hash_chain(100), "first")
    second = cart.spawn(hash_chain(100), "second")
    for _ in range(6):
        cart.scheduler.run(0.0)  # one step per run
    assert first.steps == second.steps == 3


def test_a_cancelled_task_runs_no_more(make_cart):
    cart = make_cart(Blank)
    task = cart.spawn(hash_chain(10_000), "chain")
    step(cart, 2)
    steps = task.steps
    task.cancel()
    step(cart, 3)
    assert task.state == Task.CANCELLED and task.steps == steps
    assert task not in cart.scheduler.tasks


class Thinker(Blank):
    """A scene that starts a long task as soon as it is built."""

    def __init__(self, cart: Cartridge) -> None:
        super().__init__(cart)
        self.task = cart.spawn(hash_chain(10_000), "thinker")


def test_changing_scene_cancels_the_old_scenes_tasks_only(make_cart):
    cart = make_cart(Thinker)
    old_task = cart.scene.task
    step(cart)
    cart.change(Thinker)
    step(cart, 2)
    assert old_task.state == Task.CANCELLED
    assert cart.scene.task.state == Task.PENDING and cart.scheduler.tasks == [cart.scene.task]


def failing():
    yield 0.5
    raise ZeroDivisionError("the CPU divided by zero")


def test_a_failing_task_is_reported_and_the_game_goes_on(make_cart, capsys):
    cart = make_cart(Blank)
    task = cart.spawn(failing(), "cpu S discard")
    step(cart, 2)
    assert task.state == Task.FAILED
    assert "ZeroDivisionError: the CPU divided by zero" in task.error_text
    assert cart.failure.startswith("cpu S discard: ZeroDivisionError")
    assert screen()[0] == RED  # the red line at the top of the screen
    assert "ZeroDivisionError" in capsys.readouterr().err  # the traceback, for whoever runs it
    later = cart.spawn(hash_chain(3), "next")
    step(cart, FAILURE_SHOWN_FRAMES)
    assert later.state == Task.DONE  # thinking goes on
    assert screen()[0] == 1  # and the message has gone
