"""The meters read what happened: CPU share of the frame, and traced memory against 2 MiB."""

from __future__ import annotations

import pytest
from conftest import PICO8_MEMORY_BYTES
from stepping import Blank, step

from engine.meters import CpuMeter, MemoryMeter
from engine.scheduler import Clock
from engine.target import FPS, FRAME_SECONDS, MEMORY_BUDGET_BYTES

BUSY_SECONDS = 0.010  # 30% of a frame
NOW = [0.0]  # the cartridge's clock in these tests: only the busy scene moves it


class Busy(Blank):
    """A scene whose update takes BUSY_SECONDS of the clock on the frames it is told to."""

    spin = False

    def update(self) -> None:
        if self.spin:
            NOW[0] += BUSY_SECONDS


def test_the_cpu_meter_reads_a_busy_frame_and_remembers_it_for_a_second(make_cart):
    NOW[0] = 0.0
    cart = make_cart(Busy, clock=Clock.counted(lambda: NOW[0]))
    step(cart, 3)
    idle = cart.cpu.this_frame
    cart.scene.spin = True
    step(cart)
    busy = cart.cpu.this_frame
    assert idle == 0.0
    assert busy == pytest.approx(BUSY_SECONDS / FRAME_SECONDS)  # the update's share of the frame, no more
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


def test_the_budget_is_pico8s_2_mib_of_lua_memory():
    assert MEMORY_BUDGET_BYTES == PICO8_MEMORY_BYTES
    assert MemoryMeter().budget_bytes == PICO8_MEMORY_BYTES
    meter = MemoryMeter()
    meter.start()
    try:
        block = bytearray(PICO8_MEMORY_BYTES // 2)
        assert 0.5 <= meter.share < 0.6  # a megabyte held is half the budget
        del block
    finally:
        meter.stop()


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
