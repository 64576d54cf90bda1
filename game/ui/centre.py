"""The centre box: the round, honba and riichi sticks, tiles left, the dora; the thinking dots
(the board draws them on the edge facing the seat that thinks); the shuffle between rounds."""

from __future__ import annotations

import math

import pyxel

from engine.target import BLACK, DARK_GREY, LIGHT_GREY, WHITE, YELLOW
from game.rules.match import round_label
from game.rules.words import WIND_LETTERS, WIND_WORDS
from game.rules.yaku import dora_kind
from game.ui import paint, pieces
from game.rules.view import PlayerView

ROUND_Y, STICKS_Y, LEFT_Y, DORA_Y = 3, 11, 19, 27
STICKS_PITCH = 20  # honba stick and count, then riichi stick and count (two digits fit)
DORA_LABEL = "DORA"  # beside the dora themselves, here and on the results: never the indicators
DORA_LABELLED = 3  # up to three dora fit beside the label; more (three kans) go without it
TILE_PITCH = 6
DOTS = 3
SHUFFLE_BACKS = 10


def round_name(round_index: int) -> str:
    """``EAST 1`` .. ``SOUTH 4``, ``WEST 1``.

    >>> round_name(0), round_name(5)
    ('EAST 1', 'SOUTH 2')
    """
    label = round_label(round_index)
    return f"{WIND_WORDS[WIND_LETTERS.index(label[0])].upper()} {label[1]}"  # the round wind spelt out


def dora_tiles(indicators) -> list[int]:
    """The dora the indicators point at, as tiles to draw (copy 1 of its kind: never red).

    >>> dora_tiles([12, 124])  # 4m and the white dragon: 5m and the green dragon
    [17, 129]
    """
    return [dora_kind(tile // 4) * 4 + 1 for tile in indicators]


def draw_dora_row(x: int, y: int, indicators, labelled: bool = True) -> None:
    """DORA and the dora tiles (a pond tile's height from ``y``), on the border small tiles
    stand on off the table (the centre box is black; the results are dark blue)."""
    if labelled:
        paint.text(x, y + 1, DORA_LABEL, LIGHT_GREY)
    pieces.draw_row(dora_row_x(x, labelled), y, dora_tiles(indicators), border=True, pitch=TILE_PITCH)


def dora_row_x(x: int, labelled: bool) -> int:
    """Where the dora tiles of a row drawn from ``x`` begin: past the label, if it has one."""
    return x + paint.text_width(DORA_LABEL) + 2 if labelled else x


def dora_places(box: tuple[int, int, int, int], indicators) -> list[tuple[int, int, tuple[int, int, int, int]]]:
    """The centre box's dora: (the dora, its indicator, the tile's box x, y, w, h).

    >>> [(dora, box) for dora, _, box in dora_places((42, 39, 44, 37), [12])]
    [(17, (62, 66, 5, 8))]
    """
    x, y, _, _ = box
    left = dora_row_x(x + 3, len(indicators) <= DORA_LABELLED)
    w, h = pieces.extent("pond")
    return [(dora, indicator, (left + i * TILE_PITCH, y + DORA_Y, w, h))
            for i, (dora, indicator) in enumerate(zip(dora_tiles(indicators), indicators))]


def draw_centre(box: tuple[int, int, int, int], view: PlayerView, round_index: int) -> None:
    x, y, w, h = box
    pyxel.rect(x, y, w, h, BLACK)
    pyxel.rectb(x, y, w, h, DARK_GREY)
    paint.text(x + 3, y + ROUND_Y, round_name(round_index), WHITE)
    if not view.over:  # at the round's end the table's banner (TSUMO, RON, DRAW) stands here
        draw_sticks(x + 3, y + STICKS_Y, view.honba, view.riichi_sticks)
        paint.text(x + 3, y + LEFT_Y, f"LEFT {view.tiles_left}", WHITE)
    draw_dora_row(x + 3, y + DORA_Y, view.dora_indicators, len(view.dora_indicators) <= DORA_LABELLED)  # see dora_places


def draw_sticks(x: int, y: int, honba: int, sticks: int) -> None:
    """The honba count by a 100-point stick, the riichi sticks on the table by a 1000-point one."""
    for i, (stick, count) in enumerate(((paint.HONBA_STICK, honba), (paint.RIICHI_STICK, sticks))):
        stick_x = x + i * STICKS_PITCH
        paint.draw_stick(stick_x, y + 1, stick)
        paint.text(stick_x + paint.STICK_W + 1, y, str(count), WHITE)


def draw_dots(x: int, y: int, frame: int, lit_colour: int = YELLOW, vertical: bool = False) -> None:
    """Three dots in a row (or a column), one lit in turn: thinking is running."""
    for k in range(DOTS):
        dx, dy = (0, k * 3) if vertical else (k * 3, 0)
        pyxel.rect(x + dx, y + dy, 2, 2, lit_colour if frame // 4 % DOTS == k else DARK_GREY)


def draw_shuffle(box: tuple[int, int, int, int], frame: int) -> None:
    """The box while the wall is shuffled: tile backs tumbling round its middle."""
    x, y, w, h = box
    pyxel.rect(x, y, w, h, BLACK)
    pyxel.rectb(x, y, w, h, DARK_GREY)
    paint.text_centered(y + 4, "SHUFFLE", WHITE)
    for k in range(SHUFFLE_BACKS):
        angle = frame * 0.12 + k * math.tau / SHUFFLE_BACKS
        wobble = 1 + 0.3 * math.sin(frame * 0.3 + k)
        back_x = x + w / 2 - 3 + 14 * wobble * math.cos(angle)
        back_y = y + h / 2 + 2 + 6 * wobble * math.sin(angle)
        pieces.draw(int(back_x), int(back_y), None, "pond")
