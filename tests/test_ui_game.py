"""Whole games through the cartridge: a scripted player from the title to the final standings,
and a monkey pressing random buttons and clicking at random for 100,000 frames over ten seeds.

Both use the counting clock (tests/playing.py), so the frames they take do not depend on the
machine, and a quick stand-in for the CPUs (``ShantenAgent``): these tests are about the table,
the prompts, the results and the flow of a match; the CPUs' judgement has its own tests.

One more whole game is played as ``make play`` plays it: the real strong CPUs, memory traced;
the frame budget (the CPU meter, PICO-8's 2 MiB of memory) is held on it, the meter read on
the work clock (tests/playing.py): what the code does in a frame, counted, never the time.
"""

from __future__ import annotations

import pytest

import random

import pyxel
from conftest import PICO8_MEMORY_BYTES
from playing import (
    Fingers, ScriptedPlayer, WorkClock, callout_on_screen, counting_clock, frame, quick, wired_title,
)
from stepping import press, release_all, screen

from engine.buttons import ALL as ALL_BUTTONS
from engine.buttons import POINT, X
from engine.cartridge import Cartridge
from engine.scheduler import Clock
from engine.writer import Writer
from game.ui.wiring import WIRING
from engine.target import DARK_BLUE, ORANGE, RED, WHITE, WIDTH
from game.rules.events import Called, RiichiAccepted
from game.data.settings import Settings
from game.ui import board, paint
from game.ui.results import ResultsPanel
from game.ui.seats import seat_name
from game.ui.standings import StandingsScene
from game.ui.table import TableScene
from game.ui.title import TitleScene

# A seed where the scripted player calls, declares riichi and wins, a CPU wins and a round is
# drawn (found by playing seeds GAME000100.. with this player and these CPUs).
SCRIPTED_SEED = "GAME000103"
GAME_FRAMES = 20000
KEYS = {c: getattr(pyxel, f"KEY_{c}") for c in "ABCDEFGHJKMNPQRSTVWXYZ0123456789"}


def band(pixels: bytes, y: int, h: int) -> bytes:
    return pixels[y * WIDTH : (y + h) * WIDTH]


def painted_alone(paint_it) -> bytes:
    """The screen with only ``paint_it()`` drawn on the background (the screen is lost)."""
    pyxel.cls(DARK_BLUE)
    paint_it()
    return screen()


def shows_big_word(shown: bytes, y: int, word: str) -> bool:
    """The band at ``y`` of ``shown`` holds ``word`` in big orange letters, pixel for pixel."""
    alone = painted_alone(lambda: paint.big_text_centered(y, word, ORANGE))
    return [p == ORANGE for p in band(shown, y, 14)] == [p == ORANGE for p in band(alone, y, 14)]


def shows_text_centred(shown: bytes, y: int, text: str, colour: int) -> bool:
    alone = painted_alone(lambda: paint.text_centered(y, text, colour))
    return [p == colour for p in band(shown, y, 6)] == [p == colour for p in band(alone, y, 6)]


def start_from_the_title(seed: str, wiring=WIRING, first=None) -> Cartridge:
    """The title, ↓ to SEED, the code typed, ENTER: the table for that seed (``first(cart)``
    done on the title before, back on the title: a setting changed)."""
    cart = Cartridge(wired_title(wiring), clock=counting_clock(), writer=Writer.inline(), leave=lambda: None)
    frame(cart)
    if first is not None:
        first(cart)
    press(cart, pyxel.KEY_DOWN)
    for char in seed:
        press(cart, KEYS[char])
    press(cart, pyxel.KEY_RETURN)
    release_all()
    assert isinstance(cart.scene, TableScene) and cart.scene.seed_code == seed
    return cart


def test_a_scripted_player_plays_a_whole_east_south_game_from_the_title(pyxel_headless):
    cart = start_from_the_title(SCRIPTED_SEED, quick())
    table = cart.scene
    table.settings = Settings(cpu_speed="fast")
    me = table.player
    player, fingers = ScriptedPlayer(), Fingers()
    cart.buttons.read = fingers.read
    seen: dict[str, bool] = {}
    pages_checked: set[int] = set()
    try:
        for _ in range(GAME_FRAMES):
            if isinstance(cart.scene, StandingsScene):
                break
            fingers.press(player.button(table))
            showing = table.results is not None or not {"call", "riichi"} <= set(seen)
            frame(cart, draw=showing or table.frames % 8 == 0)
            if showing:
                check_call_and_riichi(table, me, seen)
            if table.results is not None and id(table.results) not in pages_checked and table.results.ready:
                check_results(table.results, me, seen)
                pages_checked.add(id(table.results))
        standings = cart.scene
        assert isinstance(standings, StandingsScene), "the game did not end"
        for _ in range(3):
            frame(cart)
        assert shows_big_word(screen(), 6, "FINAL")
        rounds = table.game.rounds
        assert table.game.match.ruleset.east_south and table.game.match.round_index >= 8 or min(
            table.game.match.scores) < 0
        events = [e for r in rounds for e in r.events]
        assert any(isinstance(e, Called) and e.seat == me for e in events)
        assert any(isinstance(e, RiichiAccepted) and e.seat == me for e in events)
        assert seen == {"call": True, "riichi": True, "player win": True, "cpu win": True, "draw": True}
        assert [s.seat for s in standings.standings] == [s.seat for s in table.game.standings]
    finally:
        cart.close()


def check_call_and_riichi(table: TableScene, me: int, seen: dict[str, bool]) -> None:
    """The first call shows its meld at the player's corner; the first riichi its stick.

    The table is painted again first: the frame's thinking may have moved play on since."""
    rnd = table.game.round
    if rnd is None or table.results is not None:
        return
    table.draw()
    if "call" not in seen and any(isinstance(e, Called) and e.seat == me for e in rnd.events):
        x, y, width = board.MELD_BOXES[0]
        corner = band(screen(), y, 8)
        seen["call"] = sum(corner[row * WIDTH + col] != board.FELT for row in range(8)
                           for col in range(x, x + width)) > 20
    if "riichi" not in seen and rnd.riichi[me] and not rnd.over:
        x, y = board.NAMEPLATES[0]
        score = str(table.view.scores[me])
        stick_x = x + 7 + 4 * len(score) + 1
        pixels = [pyxel.pget(stick_x + dx, y + 1 + dy) for dy in range(3) for dx in range(9)]
        seen["riichi"] = pixels.count(WHITE) == 26 and pixels[9 + 4] == RED  # the 1000 stick


def check_results(panel: ResultsPanel, me: int, seen: dict[str, bool]) -> None:
    """A result page shows how the round ended: the word, and who won from whom."""
    page = panel.pages[panel.page]
    shown = screen()
    if page is None:
        seen["draw"] = shows_big_word(shown, 2, "DRAW")
    elif hasattr(page, "seat"):
        word = "TSUMO" if page.from_seat is None else "RON"
        name = seat_name(page.seat, panel.round.dealer, me)
        if page.from_seat is not None:
            name += " FROM " + seat_name(page.from_seat, panel.round.dealer, me)
        screen_ok = shows_big_word(shown, 2, word) and shows_text_centred(shown, 16, name, WHITE)
        seen["player win" if page.seat == me else "cpu win"] = screen_ok


MONKEY_SEEDS = [f"MNKY{n:06d}" for n in range(10)]
MONKEY_FRAMES = 10000  # per seed: 100,000 in all
DRAW_EVERY = 32  # one frame in 32 is painted (the rest think and update only)
PRESS_CHANCE = 0.04  # a button goes down about every 25th frame (O one time in six)
MONKEY_TICK = 0.01  # its clock: a frame's thinking slice holds one or two task steps
STUCK_FRAMES = 1500  # fifty seconds of play without any progress is stuck
CLICK_SHARE = 0.17  # of the presses, one in seven is a click (or a tap), half of them on the same spot twice


def progress(cart: Cartridge) -> tuple:
    """What changes as a game goes on: the scene, its decisions, the results page, the pause
    menu's lines."""
    scene = cart.scene
    if not isinstance(scene, TableScene):
        return (id(scene),)
    results = scene.results
    menu = scene.menu  # paused (a click on the pause button): the menu's lines move on
    inner = menu.settings_menu if menu is not None else None
    paused = (id(menu), menu.chosen, menu.confirming, id(inner), inner.chosen if inner else -1,
              cart.settings) if menu is not None else ()
    return (id(scene), len(scene.game.decisions), id(results), results.page if results else -1, *paused)


def test_a_monkey_on_random_buttons_never_breaks_or_sticks(pyxel_headless):
    total = 0
    for seed in MONKEY_SEEDS:
        rng = random.Random(seed)
        cart = Cartridge(lambda c: TableScene(c, seed, wiring=quick()), clock=counting_clock(MONKEY_TICK),
                         writer=Writer.inline(), leave=lambda: None)
        cart.settings = cart.scene.settings = Settings(cpu_speed="fast")
        fingers = Fingers()
        cart.buttons.read = fingers.read
        spot = [(64, 64)]
        cart.buttons.where = lambda: spot[0]  # where the monkey's clicks (or taps) land
        last, since = progress(cart), 0
        try:
            for n in range(MONKEY_FRAMES):
                if not isinstance(cart.scene, TableScene):  # standings or the title: a new game
                    cart.change(TableScene, seed)
                roll = rng.random()
                held = X if roll < 0.02 else POINT if roll < CLICK_SHARE else rng.choice(ALL_BUTTONS)
                if held == POINT and rng.random() < 0.5:  # else on the last click's spot again
                    # anywhere, more often on the hand and the buttons along the bottom
                    spot[0] = (rng.randrange(128), rng.randrange(100, 128) if rng.random() < 0.6 else rng.randrange(128))
                fingers.press(held if rng.random() < PRESS_CHANCE else None)
                frame(cart, draw=n % DRAW_EVERY == 0)
                assert not cart.failure, cart.failure  # a task that raised
                now = progress(cart)
                since = 0 if now != last else since + 1
                last = now
                assert since < STUCK_FRAMES, f"{seed}: stuck at frame {n}"
                total += 1
        finally:
            cart.close()
    assert total >= 100000


REAL_SEED = "STRNGCPS01"
EAST_ONLY = Settings(length="east")
REAL_GAME_FRAMES = 40000


class MeterTally:
    """The CPU meter's readings, tallied small: the test's own records live in the traced
    memory the game's budget is measured on (a list of every frame's reading held 300 KB)."""

    def __init__(self) -> None:
        self.frames = 0
        self.under_half = 0
        self.over: list[tuple[int, float]] = []  # (frame, reading) of each frame over budget

    def append(self, meter: float) -> None:
        if meter >= 1.0:
            self.over.append((self.frames, meter))
        self.under_half += meter < 0.5
        self.frames += 1


def play_to_the_standings(cart: Cartridge, table: TableScene) -> tuple[MeterTally, set[str]]:
    """The scripted player plays the table to the standings: the CPU meter's readings, and the
    words the CPUs called out (each checked on screen on its first frame)."""
    player, fingers = ScriptedPlayer(), Fingers()
    cart.buttons.read = fingers.read
    meters, called_out = MeterTally(), set()
    for _ in range(REAL_GAME_FRAMES):
        if isinstance(cart.scene, StandingsScene):
            break
        fingers.press(player.button(table))
        frame(cart)
        meters.append(cart.cpu.this_frame)
        assert not cart.failure, cart.failure
        new = [c for c in table.callouts.live if c.shown_at == table.frames and c.seat != table.player]
        shot = screen() if new else b""
        for callout in new:
            assert callout_on_screen(table, callout, shot), callout
            called_out.add(callout.word)
    return meters, called_out


def strong_table(cart: Cartridge, seed: str, cpus: int) -> TableScene:
    """On the title: ↓ to SEED, ``seed`` typed, ENTER; the table, its other seats ``cpus``
    real strong CPUs."""
    from game.cpu import CpuAgent

    frame(cart)
    press(cart, pyxel.KEY_DOWN)
    for char in seed:
        press(cart, KEYS[char])
    press(cart, pyxel.KEY_RETURN)
    table = cart.scene
    assert isinstance(table, TableScene) and table.seed_code == seed
    others = [agent for agent in table.game.agents if agent is not table.human]
    assert len(others) == cpus and all(type(cpu) is CpuAgent and cpu.name == "cpu:strong" for cpu in others)
    return table


def holds_the_budget(cart: Cartridge, table: TableScene, meters: MeterTally, rounds: int) -> int:
    """The game ended (at least ``rounds`` rounds), its memory peak inside PICO-8's 2 MiB, the
    CPU meter under 1.0 on every frame and the median frame under half; the peak."""
    assert isinstance(cart.scene, StandingsScene), "the game did not end"
    assert table.game.match.over and len(table.game.rounds) >= rounds and table.game.decisions
    peak = cart.memory.peak_bytes
    assert 0 < peak < PICO8_MEMORY_BYTES, f"memory peak {peak // 1024} KiB"
    over = meters.over
    assert not over, f"{len(over)} of {meters.frames} frames over budget (first {over[0]})"
    assert meters.under_half > meters.frames // 2  # the median frame under half the budget
    return peak


@pytest.mark.long
def test_a_whole_game_against_the_real_strong_cpus_keeps_the_frame_budget(make_cart):
    """As ``make play`` runs it: the real CPUs at the default settings but the length (strong,
    east-only: every kind of frame a game has, at half the frames of east-south: the title, the
    deals, the CPUs' thinking, the calls, the results, the last round's place play, the
    standings and the log kept), memory traced for the meter. The scripted player plays from
    the title to the final standings; no task fails, the memory meter's peak stays inside
    PICO-8's 2 MiB and the CPU meter stays under 1.0 on every frame. The CPUs' riichi, calls
    and wins are called out at their seats: on the first frame of each callout the screen shows
    it, and the game shows at least a RIICHI, a PON or CHI and a RON or TSUMO by a CPU.

    The cartridge's clock is the work clock (tests/playing.py), and the runs of ``gathered``
    are timed on it too: a frame's meter is the work its update, draw and thinking did,
    counted, so the verdict is the same on a quiet machine and a busy one, a slow one and a
    fast one. It fails when a task step does much more work than the steps before it
    (the scheduler keeps the longest recent step in reserve, so only a step past that and the
    frame's margin overruns), or when update and draw grow past the frame."""
    clock = WorkClock()
    with clock:  # from the first frame: a frame read off the clock would think without end
        cart = make_cart(TitleScene, clock=Clock.working(clock), trace_memory=True)
        cart.settings = EAST_ONLY  # as the settings menu leaves it
        table = strong_table(cart, REAL_SEED, cpus=3)
        assert table.settings == EAST_ONLY and not table.game.ruleset.east_south
        meters, called_out = play_to_the_standings(cart, table)
    holds_the_budget(cart, table, meters, rounds=4)
    assert "RIICHI" in called_out and called_out & {"PON", "CHI"} and called_out & {"RON", "TSUMO"}, called_out
