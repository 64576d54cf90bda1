"""The end of a round: how it ended, each seat's score change, the seed to replay it.

O goes back to the title at once; otherwise the title returns after ``END_FRAMES``.
"""

from __future__ import annotations

import pyxel

from engine.buttons import O
from engine.cartridge import Cartridge
from engine.target import DARK_BLUE, DARK_GREY, GREEN, LIGHT_GREY, ORANGE, PINK, WHITE, YELLOW
from game.round import RoundResult
from game.tiles import WIND_NAMES
from game.ui import paint

END_FRAMES = 8 * 30
ROWS_X, ROWS_Y, ROW = 20, 54, 7
# Tenhou's names for the ways a round ends without a win, as the player reads them.
DRAW_NAMES = {
    "exhaustive": "EXHAUSTIVE DRAW",
    "nm": "NAGASHI MANGAN",
    "yao9": "NINE TERMINALS",
    "reach4": "FOUR RIICHI",
    "ron3": "TRIPLE RON",
    "kan4": "FOUR KANS",
    "kaze4": "FOUR WINDS",
}


class EndScene:
    def __init__(self, cart: Cartridge, seed_code: str, result: RoundResult,
                 seat_winds: tuple[int, ...]) -> None:
        self.cart = cart
        self.seed_code = seed_code
        self.result = result
        self.seat_winds = seat_winds  # the round's, as its views give them (0..3 = E, S, W, N)
        self.frames = 0

    def update(self) -> None:
        self.frames += 1
        if self.frames >= END_FRAMES or self.cart.buttons.pressed(O):
            self.cart.restart()

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        result = self.result
        if result.wins:
            paint.big_text_centered(20, "AGARI", ORANGE)
            names = [f"{self.seat_name(w.seat)} {'TSUMO' if w.from_seat is None else 'RON'}" for w in result.wins]
            paint.text_centered(40, ", ".join(names), WHITE)
        else:
            paint.big_text_centered(20, "RYUUKYOKU", ORANGE)
            paint.text_centered(40, DRAW_NAMES.get(result.draw_reason or "", "DRAW"), WHITE)
        for seat in range(4):
            y = ROWS_Y + seat * ROW
            pyxel.text(ROWS_X, y, self.seat_name(seat), LIGHT_GREY)
            if not result.wins and result.draw_reason in ("exhaustive", "nm"):
                tenpai = result.tenpai[seat]
                pyxel.text(ROWS_X + 32, y, "TENPAI" if tenpai else "NOTEN", YELLOW if tenpai else DARK_GREY)
            delta = result.deltas[seat]
            colour = GREEN if delta > 0 else PINK if delta < 0 else DARK_GREY
            pyxel.text(ROWS_X + 64, y, f"{delta:+d}" if delta else "0", colour)
        paint.text_centered(90, "SEED " + self.seed_code, YELLOW)
        paint.text_centered(98, "TYPE IT ON THE TITLE TO REPLAY", DARK_GREY)
        paint.text_centered(116, "Z/C: TITLE", LIGHT_GREY)

    def seat_name(self, seat: int) -> str:
        return f"{WIND_NAMES[self.seat_winds[seat]]} {'YOU' if seat == 0 else 'CPU'}"
