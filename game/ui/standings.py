"""The final standings: each seat's rank, points and Tenhou's final figure (uma and oka in).

O (or a click, a tap) returns to the title (after a half-second guard, as every result screen).
"""

from __future__ import annotations

import pyxel

from engine.buttons import O
from engine.cartridge import Cartridge
from engine.target import DARK_BLUE, DARK_GREY, GREEN, LIGHT_GREY, ORANGE, PINK, WHITE, YELLOW
from game.rules.match import Standing
from game.ui import glyphs, paint
from game.ui.results import GUARD_FRAMES
from game.ui.seats import place_name

ROWS_Y, ROW = 40, 12
RANKS = ("1ST", "2ND", "3RD", "4TH")
THREE_PLAYER_MARK = "3P"  # beside a code: the code deals Tenhou's three-player game


def seed_label(players: int = 4) -> str:
    """What stands before a seed code wherever one is shown: SEED, and 3P for a three-player
    game (the same code deals another game with three seats: ``picoriichi wall CODE --players 3``).

    >>> seed_label(), seed_label(3)
    ('SEED', 'SEED 3P')
    """
    return "SEED" if players == 4 else f"SEED {THREE_PLAYER_MARK}"


def draw_seed(y: int, seed_code: str, colour: int = YELLOW, x: int | None = None, players: int = 4) -> None:
    """SEED (3P for three players) and the code in the seed font (no two of its characters
    alike), centred unless ``x``."""
    label = seed_label(players) + " "
    width = len(label) * paint.FONT_W + glyphs.code_width(seed_code)
    left = (pyxel.width - width) // 2 if x is None else x
    paint.text(left, y, label, colour)
    glyphs.draw_code(left + len(label) * paint.FONT_W, y, seed_code, colour)


def figure_text(figure: float) -> str:
    """Tenhou's figure with its sign and one decimal.

    >>> figure_text(46.0), figure_text(-8.0), figure_text(0.0)
    ('+46.0', '-8.0', '0.0')
    """
    return f"{figure:+.1f}" if figure else "0.0"


class StandingsScene:
    def __init__(self, cart: Cartridge, standings: list[Standing], seed_code: str, player: int | None) -> None:
        self.cart = cart
        self.standings = standings
        self.seed_code = seed_code
        self.player = player
        self.frames = 0

    def update(self) -> None:
        self.frames += 1
        if self.frames > GUARD_FRAMES and (self.cart.buttons.pressed(O) or self.cart.buttons.clicked()):
            self.cart.restart()

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        paint.big_text_centered(6, "FINAL", ORANGE)
        paint.text(8, ROWS_Y - 10, "RANK", DARK_GREY)
        paint.text(58, ROWS_Y - 10, "POINTS", DARK_GREY)
        paint.text(96, ROWS_Y - 10, "RESULT", DARK_GREY)
        for i, standing in enumerate(self.standings):
            y = ROWS_Y + i * ROW
            you = standing.seat == self.player
            colour = YELLOW if you else WHITE
            paint.text(8, y, RANKS[standing.rank - 1], colour)
            paint.text(26, y, place_name(standing.seat, self.player, len(self.standings)) if self.player is not None
                       else f"SEAT {standing.seat + 1}", colour)
            paint.text(58, y, str(standing.points), colour)
            figure = standing.figure
            paint.text(96, y, figure_text(figure), GREEN if figure > 0 else PINK if figure < 0 else LIGHT_GREY)
        draw_seed(98, self.seed_code, players=len(self.standings))
        if self.frames > GUARD_FRAMES:
            paint.text_centered(116, f"{paint.OK_KEY}: TITLE", LIGHT_GREY)
