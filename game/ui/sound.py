"""The game's sounds by name: ``play("discard")``. The sounds themselves are in resources.pyxres,
written by tools/build_resources.py (as text there); this module numbers them.

    discard, draw, call, riichi, tsumo, ron, ryuukyoku (a draw game), cursor, confirm: effects
    title: the title tune (music over three channels, played once)

Every call is safe where there is no sound device, and silent when muted (Ctrl+M, or the
settings' flag through ``set_muted``); see engine/audio.py.
"""

from __future__ import annotations

from engine import audio

EFFECTS = ("discard", "draw", "call", "riichi", "tsumo", "ron", "ryuukyoku", "cursor", "confirm")
TUNE_PARTS = ("title melody", "title harmony", "title bass")
NUMBERS = {name: number for number, name in enumerate(EFFECTS + TUNE_PARTS)}  # sound numbers
TITLE_MUSIC = 0  # the music number of the title tune
TITLE = "title"
NAMES = EFFECTS + (TITLE,)  # what play() accepts


def play(name: str) -> None:
    """Play an effect (or the title tune, ``"title"``) by name.

    >>> play("no such sound")
    Traceback (most recent call last):
    ...
    ValueError: no sound named 'no such sound'; sounds: discard, draw, call, riichi, tsumo, ron, ryuukyoku, cursor, confirm, title
    """
    if name == TITLE:
        audio.play_music(TITLE_MUSIC)
    elif name in EFFECTS:
        audio.play_sfx(NUMBERS[name])
    else:
        raise ValueError(f"no sound named {name!r}; sounds: {', '.join(NAMES)}")


def stop() -> None:
    audio.stop()


def set_muted(value: bool) -> None:
    audio.set_muted(value)


def muted() -> bool:
    return audio.muted()
