"""The meters read what happened: CPU share of the frame, and traced memory against 2 MiB."""

from __future__ import annotations

import time

from stepping import Blank, step

from engine.meters import CpuMeter, MemoryMeter
from engine.target import FPS, FRAME_SECONDS, MEMORY_BUDGET_BYTES

BUSY_SECONDS = 0.010  # 30% of a frame


class Busy(Blank):
    """A scene whose update spins for BUSY_SECONDS of CPU on the frames it is told to."""

    spin = False

    def update(self) -> None:
        if self.spin:
            end = time.thread_time() + BUSY_SECONDS
            while time.thread_time() < end:
                pass


def test_the_cpu_meter_reads_a_busy_frame_and_remembers_it_for_a_second(make_cart):
    cart = make_cart(Busy, clock=time.thread_time)
    step(cart, 3)
    idle = cart.cpu.this_frame
    cart.scene.spin = True
    step(cart)
    busy = cart.cpu.this_frame
    assert idle < 0.1  # an empty frame costs little
    assert BUSY_SECONDS / FRAME_SECONDS <= busy < BUSY_SECONDS / FRAME_SECONDS + 0.1
    cart.scene.spin = False
    step(cart, FPS - 1)
    assert cart.cpu.worst == busy  # still within the last second
    step(cart)
    assert cart.cpu.worst < busy


def test_the_cpu_meter_is_time_over_the_frame_period():
    meter = CpuMeter()
    meter.record(FRAME_SECONDS / 2)
    assert meter.this_frame == 0.5
    meter.record(FRAME_SECONDS * 2)
    assert meter.this_frame == 2.0 == meter.worst


def test_the_memory_meter_sees_an_allocation_come_and_go():
    meter = MemoryMeter()
    meter.start()
    try:
        before = meter.current_bytes
        block = bytearray(MEMORY_BUDGET_BYTES // 4)
        held = meter.current_bytes
        del block
        after = meter.current_bytes
    finally:
        meter.stop()
    assert held - before >= MEMORY_BUDGET_BYTES // 4
    assert after - before < MEMORY_BUDGET_BYTES // 64
    assert not meter.tracing


def test_the_cartridge_traces_its_memory_until_closed(make_cart):
    cart = make_cart(Blank, trace_memory=True)
    step(cart)
    assert cart.memory.tracing
    assert 0 < cart.memory.current_bytes < MEMORY_BUDGET_BYTES
    cart.close()
    assert not cart.memory.tracing
