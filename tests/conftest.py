"""Shared fixtures. Only UI tests start pyxel, once per session, headless."""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
LOGS = DATA / "logs"
VALIDATION = DATA / "validation"

# PICO-8's Lua memory, written here as PICO-8 gives it (its manual: ``stat(0)`` reads 0 to 2048
# KB; docs/reference.md §1), not read from engine/target.py: the tests that hold the game to
# the cartridge's memory compare with this, so a budget raised in the code cannot pass them.
PICO8_MEMORY_BYTES = 2048 * 1024

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@functools.cache
def collected_log(path: Path):
    """A real log read once in a worker, as the tests are collected, to choose the tests it is
    given to (the export, match and records tests choose among the same logs: each read them
    for itself, and every worker spent seconds collecting). Read only: a test that takes a
    log apart reads its own."""
    from game.records import read_log

    return read_log(path)


def pytest_collection_modifyitems(items: list) -> None:
    """The tests marked ``long`` (tens of seconds each) first, the rest in their order: under
    pytest-xdist a long test handed out last kept one worker busy for a minute and more after
    the other had finished."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # a stable sort


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    """Every test keeps saves, settings and logs in a folder of its own, never the player's."""
    folder = tmp_path / "data"
    monkeypatch.setenv("PICORIICHI_DATA_DIR", str(folder))
    return folder


@pytest.fixture(scope="session")
def pyxel_headless():
    """pyxel initialised once for the whole run (pyxel.init works once per process)."""
    import pyxel

    from engine import target

    if pyxel.width == 0:  # not started yet (tools/doc_figures.py may have started it)
        target.init_pyxel(headless=True, fps=target.UNCAPPED_FPS)  # frames as fast as they run
    # Pyxel's audio is stood in for: under SDL's dummy driver a playm once deadlocked against
    # Pyxel's own audio thread (a run hung in test_ui_title, the main thread waiting on a lock
    # inside pyxel.playm). The tests still see every call reach these names (test_ui_resources).
    for name in ("play", "playm", "stop"):
        setattr(pyxel, name, _silent)
    return pyxel


def _silent(*args, **kwargs) -> None:
    """Pyxel's play, playm or stop in the tests: nothing is sent to the audio thread."""


PYXEL_LIVE_FIGURES = ("frame_count", "mouse_x", "mouse_y", "width", "height")  # its module's __getattr__


@pytest.fixture(autouse=True)
def pyxel_figures_left_live():
    """No test leaves one of Pyxel's live figures shadowed by a fixed number. monkeypatch on
    ``pyxel.frame_count`` did: it put back the count it had read, as a module attribute that
    no longer moved, and a later test on that worker waited for the cursor's blink in vain."""
    yield
    pyxel = sys.modules.get("pyxel")
    shadowed = [name for name in PYXEL_LIVE_FIGURES if pyxel is not None and name in vars(pyxel)]
    assert not shadowed, f"the test left pyxel.{shadowed[0]} a fixed number (del it afterwards)"


@pytest.fixture
def make_cart(pyxel_headless):
    """Build cartridges on a scene (``make_cart(boot)``); closed and all keys let go afterwards.

    Their clock is a counting clock at a quick tick (tests/playing.py) unless the test gives
    one: a test's frames never depend on the time, so a busy machine plays them the same. Their
    writer is inline (what waits for the disk is done as it is handed over: no frame's count
    depends on a thread) unless the test gives one."""
    from playing import QUICK_TICK, counting_clock
    from stepping import release_all

    from engine.cartridge import Cartridge
    from engine.writer import Writer

    carts = []

    def make(boot, **options):
        release_all()
        options.setdefault("clock", counting_clock(QUICK_TICK))
        options.setdefault("writer", Writer.inline())  # the disk's work within the frame: frames never wait on a thread
        options.setdefault("leave", lambda: None)  # quitting ends the test's cartridge, never the run
        cart = Cartridge(boot, **options)
        carts.append(cart)
        return cart

    yield make
    for cart in carts:
        cart.close()
    release_all()
