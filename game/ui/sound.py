"""The game's sounds by name: ``play("discard")``. The sounds themselves are in resources.pyxres,
written by tools/build_resources.py (as text there); this module numbers them.

    discard, draw, call, riichi, tsumo, ron, ryuukyoku (a draw game), cursor, confirm: effects
    title: the title tune (music over three channels, played once)

Every call is safe where there is no sound device, and silent when muted (Ctrl+M; the settings
have no sound switch); see engine/audio.py.
"""

from __future__ import annotations

from collections.abc import Callable

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


# What a round's events sound like, most important first: of several events in one frame
# only the first of this order plays (effects share one channel).
EVENT_SOUNDS = ("ron", "tsumo", "ryuukyoku", "riichi", "call", "discard", "draw")


def event_sound(event: object, listener: int | None) -> str | None:
    """The effect an event of ``game.rules.events`` makes, or None; only ``listener``'s draws tick.

    >>> from game.rules.events import Discarded, Drew
    >>> event_sound(Discarded(seat=2, tile=5), 0), event_sound(Discarded(2, 5, riichi=True), 0)
    ('discard', 'riichi')
    >>> event_sound(Drew(seat=0, tile=5), 0), event_sound(Drew(seat=1, tile=5), 0)
    ('draw', None)
    """
    kind = type(event).__name__
    if kind == "Discarded":
        return "riichi" if getattr(event, "riichi", False) else "discard"
    if kind == "Drew":
        return "draw" if getattr(event, "seat", None) == listener else None
    if kind in ("Called", "Kanned"):
        return "call"
    if kind == "Won":
        return "tsumo" if getattr(event, "from_seat", None) is None else "ron"
    if kind == "RoundDrawn":
        return "ryuukyoku"
    return None


class EventSounds:
    """Plays the sound of what happens in a round: call ``follow(round)`` once a frame.

    It remembers how many events it has heard, so each event sounds once; a new round
    (another ``events`` list) starts afresh.
    """

    def __init__(self, listener: int | None, play: Callable[[str], None] = play) -> None:
        self.listener = listener  # the seat whose draws tick (None: nobody's, as in a demo)
        self.play = play  # how a sound is played (a test may listen in)
        self.events: list | None = None
        self.heard = 0

    def heard_all(self, rnd: object) -> None:
        """Take the round's events so far as heard (a continued game's moves played again)."""
        events = getattr(rnd, "events", None)
        self.events, self.heard = events, len(events or ())

    def follow(self, rnd: object) -> str | None:
        """Play the most important sound among the events since the last call; its name."""
        events = getattr(rnd, "events", None)
        if events is None:
            return None
        if events is not self.events:
            self.events, self.heard = events, 0
        new = events[self.heard:]
        self.heard = len(events)
        names = {event_sound(event, self.listener) for event in new}
        name = next((n for n in EVENT_SOUNDS if n in names), None)
        if name is not None:
            self.play(name)
        return name
