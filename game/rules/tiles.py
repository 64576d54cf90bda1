"""Tiles: Tenhou's tile ids, kinds, red fives and MPSZ notation.

A tile is an int 0..135, as in Tenhou's logs: its kind is ``tile // 4`` and the
four copies of a kind are ``kind * 4 + 0..3``. Kinds 0-8 are man 1-9, 9-17 pin,
18-26 sou, 27-33 the honours east, south, west, north, white, green, red.
Copy 0 of each five (ids 16, 52, 88) is the red five when red fives are played.

MPSZ notation writes digits then their suit letter: ``123m406p789s1122z``,
``0`` for a red five. Example::

    >>> parse_tiles("406p")
    [48, 52, 56]
    >>> to_mpsz([48, 52, 56])
    '406p'
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.errors import InputError

NUM_KINDS = 34
NUM_TILES = 136
SUITS = "mpsz"
RED_FIVES = (16, 52, 88)

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
HAKU, HATSU, CHUN = 31, 32, 33
WIND_KINDS = (EAST, SOUTH, WEST, NORTH)
DRAGON_KINDS = (HAKU, HATSU, CHUN)
TERMINAL_KINDS = (0, 8, 9, 17, 18, 26)
YAOCHUU_KINDS = TERMINAL_KINDS + WIND_KINDS + DRAGON_KINDS


class NotationError(InputError):
    """MPSZ text that does not name tiles, or names more copies than exist."""


def kind(tile: int) -> int:
    """The kind 0..33 of tile id ``tile``."""
    return tile // 4


def is_red(tile: int) -> bool:
    """True for the red-five copies (ids 16, 52, 88)."""
    return tile in RED_FIVES


def is_honour(kind34: int) -> bool:
    return kind34 >= 27


def is_terminal(kind34: int) -> bool:
    return kind34 < 27 and kind34 % 9 in (0, 8)


def is_yaochuu(kind34: int) -> bool:
    """Terminal or honour."""
    return kind34 >= 27 or kind34 % 9 in (0, 8)


def suit(kind34: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honours."""
    return kind34 // 9


def number(kind34: int) -> int:
    """1..9 for suited kinds, 1..7 for honours."""
    return kind34 % 9 + 1


def counts34(tiles: Iterable[int]) -> list[int]:
    """How many of each of the 34 kinds the tiles hold."""
    counts = [0] * NUM_KINDS
    for tile in tiles:
        counts[tile // 4] += 1
    return counts


def kind_name(kind34: int) -> str:
    """MPSZ name of a kind: ``5m``, ``7z``."""
    return f"{number(kind34)}{SUITS[suit(kind34)]}"


def tile_name(tile: int, red: bool = True) -> str:
    """MPSZ name of one tile id; ``0m`` for a red five when ``red``."""
    if red and is_red(tile):
        return f"0{SUITS[suit(kind(tile))]}"
    return kind_name(kind(tile))


def to_mpsz(tiles: Iterable[int], red: bool = True) -> str:
    """MPSZ text for tile ids, grouped by suit in the order given (sorted ids give sorted text)."""
    groups: dict[int, list[str]] = {}
    order: list[int] = []
    for tile in tiles:
        s = suit(kind(tile))
        if s not in groups:
            groups[s] = []
            order.append(s)
        groups[s].append("0" if red and is_red(tile) else str(number(kind(tile))))
    return "".join("".join(groups[s]) + SUITS[s] for s in order)


def kinds_to_mpsz(kinds: Iterable[int]) -> str:
    """MPSZ text for kinds (no red fives)."""
    return to_mpsz((k * 4 + 1 for k in kinds), red=False)


DIGITS = "0123456789"  # ASCII only: str.isdigit would take '²', full-width and Arabic-Indic digits


def parse_kinds(text: str) -> list[int]:
    """Kinds named by MPSZ text, in order; ``0`` counts as a five. No copy limit.

        >>> parse_kinds("19m 0z")
        Traceback (most recent call last):
        ...
        game.rules.tiles.NotationError: 0z is not a tile
        >>> parse_kinds("１m")
        Traceback (most recent call last):
        ...
        game.rules.tiles.NotationError: '１' is not a digit 0-9 in '１m'
    """
    kinds: list[int] = []
    digits = ""
    for ch in text.strip():
        if ch in DIGITS:
            digits += ch
        elif ch in SUITS:
            if not digits:
                raise NotationError(f"'{ch}' has no digits before it in {_shown(text)}")
            s = SUITS.index(ch)
            for d in digits:
                n = 5 if d == "0" else int(d)
                if n == 0 or (s == 3 and (d == "0" or n > 7)) or n > 9:
                    raise NotationError(f"{d}{ch} is not a tile")
                kinds.append(s * 9 + n - 1)
            digits = ""
        elif ch in " ,":
            continue
        elif ch.isdigit() or ch.isnumeric():
            raise NotationError(f"{ch!r} is not a digit 0-9 in {_shown(text)}")
        else:
            raise NotationError(f"unexpected character {ch!r} in {_shown(text)}")
    if digits:
        raise NotationError(f"digits '{digits[:20]}' have no suit letter in {_shown(text)}")
    return kinds


def _shown(text: str, limit: int = 40) -> str:
    """The text for a message: quoted, escaped, cut to ``limit`` characters."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "..."


def parse_tiles(text: str, used: set[int] | None = None) -> list[int]:
    """Tile ids for MPSZ text, choosing copies not already in ``used`` (which is updated).

    ``0`` takes the red copy (id kind*4); a plain five takes copies 1, 2, 3 first and the
    red copy only as a fourth five, as at a table played with red fives.
    A fifth copy, or a second red five of a suit, raises NotationError.

        >>> parse_tiles("55m0m")
        [17, 18, 16]
    """
    taken = used if used is not None else set()
    tiles: list[int] = []
    for k, red in _kinds_with_red(text):
        if red:
            choices = [k * 4]
        elif k in (4, 13, 22):
            choices = [k * 4 + 1, k * 4 + 2, k * 4 + 3, k * 4]
        else:
            choices = [k * 4 + c for c in range(4)]
        tile = next((t for t in choices if t not in taken), None)
        if tile is None:
            what = "red " + kind_name(k) if red else kind_name(k)
            raise NotationError(f"too many {what}: only {len(choices)} exist")
        taken.add(tile)
        tiles.append(tile)
    return tiles


def parse_tile(text: str, used: set[int] | None = None) -> int:
    """One tile id from MPSZ text such as ``5p`` or ``0s``."""
    tiles = parse_tiles(text, used)
    if len(tiles) != 1:
        raise NotationError(f"{text!r} should name exactly one tile")
    return tiles[0]


def _kinds_with_red(text: str) -> list[tuple[int, bool]]:
    kinds = parse_kinds(text)
    reds: list[bool] = []
    digits = [ch for ch in text if ch in DIGITS]
    for d in digits:
        reds.append(d == "0")
    return list(zip(kinds, reds))
