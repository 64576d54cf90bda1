"""Sound like PICO-8's ``sfx`` and ``music``, never stopping the game, and Ctrl+M to mute.

Pyxel plays the sounds and music stored in resources.pyxres. Where there is no sound device
(a server, ``SDL_AUDIODRIVER=dummy``) a call into Pyxel's audio may fail: the first failure
turns sound off for the rest of the run instead of ending the game. Muting (PICO-8's Ctrl+M,
polled by the cartridge every frame) stops what plays and silences what follows; the screen
says MUTED or SOUND ON for a second (engine/overlay.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

SFX_CHANNEL = 3  # effects play on the last channel; music uses the first three
CHANNELS = 4

_state = {"muted": False, "broken": False, "silenced": False}


def muted() -> bool:
    return _state["muted"]


def set_muted(value: bool) -> None:
    _state["muted"] = bool(value)
    if value:
        stop()


def toggle_muted() -> None:
    set_muted(not muted())


def play_sfx(number: int, channel: int = SFX_CHANNEL) -> None:
    """Play sound ``number`` on ``channel``, cutting what that channel played."""
    _guarded(lambda pyxel: pyxel.play(channel, number))


def play_music(number: int, loop: bool = False) -> None:
    _guarded(lambda pyxel: pyxel.playm(number, loop=loop))


def stop() -> None:
    _guarded(lambda pyxel: pyxel.stop(), even_muted=True)


def silence() -> None:
    """No call reaches Pyxel's audio for the rest of the run: for headless runs (a test's
    child process, the screenshot tool), where under SDL's dummy driver a ``playm`` once
    deadlocked against Pyxel's own audio thread (tests/conftest.py stands in for the calls
    the same way)."""
    _state["silenced"] = True


def poll_mute_key() -> bool:
    """Ctrl+M toggles mute (call once a frame); whether it did this frame."""
    import pyxel

    ctrl = pyxel.btn(pyxel.KEY_CTRL) or pyxel.btn(pyxel.KEY_LCTRL) or pyxel.btn(pyxel.KEY_RCTRL)
    if ctrl and pyxel.btnp(pyxel.KEY_M):
        toggle_muted()
        return True
    return False


def mute_word() -> str:
    """What the screen says for a second after Ctrl+M: MUTED or SOUND ON."""
    return "MUTED" if muted() else "SOUND ON"


def _guarded(call: Callable[[Any], None], even_muted: bool = False) -> None:
    if _state["broken"] or _state["silenced"] or (_state["muted"] and not even_muted):
        return
    import pyxel

    try:
        call(pyxel)
    except Exception as error:  # no device, no resources: play on in silence
        _state["broken"] = True
        print(f"sound off: {error}", file=sys.stderr)
