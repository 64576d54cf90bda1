"""Shared fixtures. Only UI tests start pyxel, once per session, headless."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
LOGS = DATA / "logs"
VALIDATION = DATA / "validation"

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(scope="session")
def pyxel_headless():
    """pyxel initialised once for the whole run (pyxel.init works once per process)."""
    import pyxel

    from engine import target

    target.init_pyxel(headless=True)
    return pyxel

