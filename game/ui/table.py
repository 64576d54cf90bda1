"""The table: the shuffle, then one round of the player against three CPUs.

The round starts with the shuffle as a task (the centre of the table shows it running). Then
``game.round`` holds the rules: each frame the table asks it who is to act and applies one of
that seat's legal actions. The player (seat 0, bottom) holds 13 tiles and a draw set apart,
moves the cursor with ←→ and discards with O. Each CPU seat thinks about its discard as a task
(the discard evaluation of ``game.shanten``), shown by dots by its name, for at least
``CPU_MIN_FRAMES`` so play reads naturally. Nobody calls, riichis or wins yet (those prompts come
later): every seat asked about a discard passes. When the round is over the end screen follows.

Screen (128×128): the seed code top left; the opposite seat's pond at the top, the left and
right seats' ponds at the sides, the player's pond above the hand; each pond has its seat's
wind and score by it; the centre box holds the round, the tiles left, the honba and riichi
sticks on the table and the dora indicators.
"""

from __future__ import annotations

import math

import pyxel

from engine.buttons import LEFT, RIGHT, O
from engine.cartridge import Cartridge
from engine.target import BLACK, DARK_GREEN, DARK_GREY, LIGHT_GREY, PEACH, WHITE, YELLOW
from engine.tasks import Task, TaskGen
from game.round import Discard, Pass, Round
from game.shanten import evaluate_discards
from game.tiles import WIND_NAMES, counts34
from game.ui import paint
from game.ui.tiles import HAND_H, HAND_W
from game.ui.end import EndScene
from game.view import PlayerView
from game.wall import Shuffler, Wall, seed_words

PLAYER = 0
DEALER = 0
SEATS = 4
ROUND_NAMES = ("EAST", "SOUTH", "WEST", "NORTH")  # the centre box spells the round wind out
SHUFFLE_MIN_FRAMES = 30  # the shuffle takes well under a frame; let the player see it happen
SHUFFLE_BACKS = 10
CPU_MIN_FRAMES = 12  # a CPU's turn lasts at least this long, however fast it thinks
OVER_FRAMES = 45  # the finished table stays a moment before the end screen

FELT = DARK_GREEN
POND_COLUMNS, POND_PITCH_X, POND_PITCH_Y = 6, 6, 9
POND_ORIGINS = ((46, 77), (90, 51), (46, 12), (2, 51))  # by seat: you, right, opposite, left
LABEL_ORIGINS = ((2, 104), (90, 37), (46, 4), (2, 37))  # the seat's wind and YOU or CPU
SCORE_ORIGINS = ((26, 104), (90, 44), (80, 4), (2, 44))  # the side columns are too narrow for one line
THINKING_DX, THINKING_DY = 22, 2  # the thinking dots, from the label's origin
CENTRE_BOX = (42, 39, 44, 35)  # x, y, w, h
ROUND_Y, LEFT_Y, STICKS_Y, DORA_Y = 3, 10, 17, 25  # the centre box's rows, from its top
STICKS_PITCH = 20  # honba stick and count, then riichi stick and count (two digits fit)
HAND_X, HAND_Y, HAND_PITCH, DRAWN_GAP = 6, 112, 8, 4
RAISE = 3  # the tile under the cursor stands this much higher
SEED_X, SEED_Y = 2, 2


def think_discard(view: PlayerView) -> TaskGen[int]:
    """A CPU's discard: the recommended tile of the discard evaluation (a task).

    What the other seats have shown (``visible_counts34``) tells which tiles are still to draw.
    Of the copies of the recommended kind, the CPU keeps a red five and throws another.
    """
    options = yield from evaluate_discards(counts34(view.hand), view.visible_counts34())
    kind = options[0].kind  # best first
    return max(tile for tile in view.hand if tile // 4 == kind)


def hand_in_order(view: PlayerView) -> list[int]:
    """A seat's tiles as shown: the hand sorted, the draw (if any) set apart at the end."""
    tiles = list(view.hand)
    if view.drawn is None:
        return tiles
    tiles.remove(view.drawn)
    return tiles + [view.drawn]


class TableScene:
    def __init__(self, cart: Cartridge, seed_code: str) -> None:
        self.cart = cart
        self.seed_code = seed_code
        self.shuffler = Shuffler(seed_words(seed_code))
        self.shuffle: Task = cart.spawn(self.shuffler.round_task(), "shuffle")
        self.round: Round | None = None
        self.view: PlayerView | None = None  # what the player sees, refreshed after every action
        self.cursor = 13  # index into the player's 14 tiles; 13 is the draw
        self.thinking: Task | None = None
        self.frames = 0  # frames since the current stage (shuffle, a turn, the end) began

    # -- update: the turn loop ------------------------------------------------------------

    def update(self) -> None:
        self.frames += 1
        if self.round is None:
            self.update_shuffle()
        elif self.round.phase == "over":
            if self.frames >= OVER_FRAMES:
                self.cart.change(EndScene, self.seed_code, self.round.result, self.view.seat_winds)
        elif self.round.phase == "claims":
            self.act_all(self.round.awaiting(), Pass())  # no calls yet: everyone passes
        elif self.round.turn == PLAYER:
            self.update_player()
        else:
            self.update_cpu(self.round.turn)

    def update_shuffle(self) -> None:
        if self.shuffle.state == Task.FAILED:  # the cartridge shows why; nothing to play
            self.cart.restart()
        elif self.shuffle.done and self.frames >= SHUFFLE_MIN_FRAMES:
            result = self.shuffle.result
            self.round = Round.start(Wall(result.wall, result.dice), dealer=DEALER)
            self.acted()

    def update_player(self) -> None:
        buttons = self.cart.buttons
        tiles = hand_in_order(self.view)
        if buttons.repeat(LEFT):
            self.cursor = (self.cursor - 1) % len(tiles)
        if buttons.repeat(RIGHT):
            self.cursor = (self.cursor + 1) % len(tiles)
        if buttons.pressed(O) and Discard(tiles[self.cursor]) in self.view.legal_actions:
            self.act_all([PLAYER], Discard(tiles[self.cursor]))

    def update_cpu(self, seat: int) -> None:
        if self.thinking is None:
            name = f"cpu {WIND_NAMES[self.round.seat_wind(seat)]} discard"
            self.thinking = self.cart.spawn(think_discard(self.round.view(seat)), name)
        if self.thinking.done and self.frames >= CPU_MIN_FRAMES:
            view = self.round.view(seat)
            chosen = Discard(self.thinking.result) if self.thinking.state == Task.DONE else None
            # a failed evaluation is reported on screen by the cartridge; the CPU throws its draw
            self.act_all([seat], chosen if chosen in view.legal_actions else Discard(view.drawn))

    def act_all(self, seats: list[int], action: object) -> None:
        """Apply ``action`` for each seat, then start the next stage of play."""
        for seat in seats:
            self.round.apply(seat, action)
        self.acted()

    def acted(self) -> None:
        self.view = self.round.view(PLAYER)
        self.frames = 0
        self.thinking = None
        self.cursor = len(self.view.hand) - 1  # on the draw

    # -- draw -----------------------------------------------------------------------------

    def draw(self) -> None:
        pyxel.cls(FELT)
        pyxel.text(SEED_X, SEED_Y, "SEED", LIGHT_GREY)
        pyxel.text(SEED_X, SEED_Y + 7, self.seed_code, WHITE)
        x, y, w, h = CENTRE_BOX
        pyxel.rect(x, y, w, h, BLACK)
        pyxel.rectb(x, y, w, h, DARK_GREY)
        if self.view is None:
            self.draw_shuffle()
            return
        self.draw_centre()
        for seat in range(SEATS):
            self.draw_label(seat)
            self.draw_pond(seat)
        self.draw_hand()

    def draw_shuffle(self) -> None:
        x, y, w, h = CENTRE_BOX
        paint.text_centered(y + 4, "SHUFFLE", WHITE)
        for k in range(SHUFFLE_BACKS):  # tile backs tumbling round the middle of the box
            angle = self.frames * 0.12 + k * math.tau / SHUFFLE_BACKS
            wobble = 1 + 0.3 * math.sin(self.frames * 0.3 + k)
            back_x = x + w / 2 - 3 + 14 * wobble * math.cos(angle)
            back_y = y + 17 + 6 * wobble * math.sin(angle)
            paint.draw_back(int(back_x), int(back_y), small=True)
        bar = int((w - 8) * self.shuffle.progress)
        pyxel.rect(x + 4, y + h - 5, w - 8, 2, DARK_GREY)
        pyxel.rect(x + 4, y + h - 5, bar, 2, YELLOW)

    def draw_centre(self) -> None:
        x, y, _, _ = CENTRE_BOX
        view = self.view
        pyxel.text(x + 4, y + ROUND_Y, f"{ROUND_NAMES[view.round_wind]} {view.dealer + 1}", WHITE)
        pyxel.text(x + 4, y + LEFT_Y, f"LEFT {view.tiles_left}", WHITE)
        self.draw_sticks(x + 4, y + STICKS_Y)
        pyxel.text(x + 4, y + DORA_Y + 1, "DORA", LIGHT_GREY)
        for i, tile in enumerate(view.dora_indicators):
            paint.draw_small_tile(x + 22 + i * 6, y + DORA_Y, tile)

    def draw_sticks(self, x: int, y: int) -> None:
        """The honba count by a 100-point stick, the riichi sticks on the table by a 1000-point one."""
        counts = ((paint.HONBA_STICK, self.view.honba), (paint.RIICHI_STICK, self.view.riichi_sticks))
        for i, (stick, count) in enumerate(counts):
            stick_x = x + i * STICKS_PITCH
            paint.draw_stick(stick_x, y + 1, stick)  # level with the digits' middle row
            pyxel.text(stick_x + paint.STICK_W + 1, y, str(count), WHITE)

    def draw_label(self, seat: int) -> None:
        x, y = LABEL_ORIGINS[seat]
        name = "YOU" if seat == PLAYER else "CPU"
        to_move = self.view.turn == seat and not self.view.over
        wind = WIND_NAMES[self.view.seat_winds[seat]]
        pyxel.text(x, y, f"{wind} {name}", YELLOW if to_move else PEACH)
        pyxel.text(*SCORE_ORIGINS[seat], str(self.view.scores[seat]), WHITE)
        if to_move and seat != PLAYER:
            self.draw_thinking(x + THINKING_DX, y + THINKING_DY)

    def draw_thinking(self, x: int, y: int) -> None:
        """Three dots, one lit in turn, while the seat's thinking runs."""
        running = self.thinking is not None and not self.thinking.done
        for k in range(3):
            lit = running and pyxel.frame_count // 4 % 3 == k
            pyxel.rect(x + k * 3, y, 2, 2, YELLOW if lit else DARK_GREY)

    def draw_pond(self, seat: int) -> None:
        ox, oy = POND_ORIGINS[seat]
        pond = self.view.discards[seat]
        for i, discard in enumerate(pond):
            x = ox + i % POND_COLUMNS * POND_PITCH_X
            y = oy + i // POND_COLUMNS * POND_PITCH_Y
            paint.draw_small_tile(x, y, discard.tile)
            if self.view.turn == (seat + 1) % SEATS and i == len(pond) - 1:  # the discard just made
                pyxel.rect(x, y + 8, 5, 1, YELLOW)

    def draw_hand(self) -> None:
        tiles = hand_in_order(self.view)
        mine = self.view.drawn is not None
        for i, tile in enumerate(tiles):
            x = HAND_X + i * HAND_PITCH + (DRAWN_GAP if mine and i == len(tiles) - 1 else 0)
            y = HAND_Y - (RAISE if mine and i == self.cursor else 0)
            paint.draw_tile(x, y, tile)
            if mine and i == self.cursor:
                pyxel.rectb(x - 1, y - 1, HAND_W + 2, HAND_H + 2, YELLOW)
