"""The table scene: the player's seat, discards, prompts, results' guard, pause, hold-X, the demo."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pyxel
from stepping import press, screen, step, step_until
from tables import played_out

from engine.buttons import Buttons, O
from game.rules.match import Match
from game.play.driver import player_seat
from game.rules.actions import Chi, Discard, Pass, Pon
from game.data.settings import Settings
from game.ui import board, paint, prompts, table as table_module
from game.ui.pause import PauseMenu
from game.ui.results import GUARD_FRAMES, ResultsPanel
from game.ui.table import TableScene
from game.ui.title import ATTRACT_FRAMES, TitleScene

ROOT = Path(__file__).resolve().parent.parent
CODE = "TESTTABLE1"
FAST = Settings(cpu_speed="fast")


def asked_table(make_cart, code: str = CODE, settings: Settings = FAST):
    """A cartridge on a table for ``code``, stepped until the player is asked something. Its
    clock is make_cart's counting clock: the CPUs think as much in a frame however busy the
    machine is (on the wall clock a loaded machine left too few turns for a call)."""
    cart = make_cart(lambda c: TableScene(c, code, settings))
    table = cart.scene
    # the round's hand on screen a moment first: until then the buttons are not read
    step_until(cart, lambda: table.chooser.asked is not None and table.hand_seen, limit=2000)
    return cart, table


def first_code_with_seat(seat: int) -> str:
    return next(code for code in (f"SEAT{n:06d}" for n in range(100)) if player_seat(code) == seat)


def letter_on_screen(x: int, y: int) -> str:
    """Which of E S W N is drawn in the 3×5 cell at (x, y) on a plain background."""
    background = pyxel.pget(x - 1, y)  # the box round the letter
    mask = [pyxel.pget(x + dx, y + dy) != background for dy in range(5) for dx in range(3)]
    for letter in "ESWN":
        pyxel.cls(0)
        paint.text(0, 0, letter, 7)
        if mask == [pyxel.pget(dx, dy) == 7 for dy in range(5) for dx in range(3)]:
            return letter
    return "?"


def test_the_player_sits_where_the_seed_says_and_is_drawn_at_the_bottom(make_cart):
    for seat in (1, 3):  # seat 0 deals first: these players are not East in the first round
        cart, table = asked_table(make_cart, first_code_with_seat(seat))
        assert table.player == seat == table.chair
        step(cart)
        x, y = board.NAMEPLATES[0]
        assert letter_on_screen(x + 1, y) == "ESWN"[seat] != "E"


def test_left_left_o_throws_the_tile_under_the_cursor(make_cart):
    code = first_code_with_seat(0)  # the dealer is asked first, with 14 tiles
    cart, table = asked_table(make_cart, code)
    view = table.chooser.asked
    if table.chooser.focus == "bar":  # a first-turn option (nine terminals, kan...): go to the hand
        press(cart, pyxel.KEY_DOWN)
    tiles = table_module.hands.hand_in_order(view.hand, view.drawn)
    press(cart, pyxel.KEY_LEFT)
    press(cart, pyxel.KEY_LEFT)
    assert table.chooser.cursor == len(tiles) - 3
    press(cart, pyxel.KEY_Z)
    assert table.game.decisions[0].action == Discard(tiles[-3])


def test_a_claim_shows_one_button_per_legal_call_and_pass(make_cart):
    """Play until the player may call; the bar holds exactly the legal chi/pon choices."""
    cart, table = asked_table(make_cart, "CALLME0001")
    for _ in range(400):
        view = table.chooser.asked
        calls = [a for a in view.legal_actions if isinstance(a, (Chi, Pon))] if view else []
        if calls:
            break
        if view is not None and view.last_discard is not None:
            table.chooser.answer(Pass())  # a ron or a kan: not what this test waits for
        elif view is not None:
            table.chooser.focus = "hand"
            press(cart, pyxel.KEY_Z)  # throw the tile under the cursor (the draw)
        step(cart)
    assert calls, "no call offered in 400 turns"
    shown = [o.choice for o in table.chooser.options]
    assert [c for c in shown if isinstance(c, (Chi, Pon))] == calls
    assert Pass() in shown and prompts.SKIP_CALLS in shown
    assert table.chooser.focus == "bar"


def test_a_result_ignores_o_for_its_first_half_second():
    panel = ResultsPanel(played_out(CODE), player=0, match=Match())
    assert len(panel.pages) == 2  # the result, then the next round's figures
    down: set[str] = set()
    buttons = Buttons(read=lambda button: button in down)
    for frame in range(GUARD_FRAMES):  # mashing O: pressed every other frame
        down ^= {O}
        buttons.update()
        panel.update(buttons)
    assert panel.page == 0 and not panel.done
    down.clear()
    buttons.update()
    panel.update(buttons)
    down.add(O)
    buttons.update()
    panel.update(buttons)
    assert panel.page == 1 and not panel.done
    panel.frames = GUARD_FRAMES
    down.clear()
    buttons.update()
    down.add(O)
    buttons.update()
    panel.update(buttons)
    assert panel.done


def test_esc_pauses_the_game_and_quitting_asks_once(make_cart):
    cart = make_cart(TitleScene)
    cart.change(TableScene, CODE, FAST)
    step(cart)
    table = cart.scene
    step_until(cart, lambda: table.chooser.asked is not None, limit=2000)
    decisions = len(table.game.decisions)
    press(cart, pyxel.KEY_ESCAPE)
    assert isinstance(table.menu, PauseMenu)
    step(cart, 30)
    assert len(table.game.decisions) == decisions  # nothing moves while paused
    press(cart, pyxel.KEY_ESCAPE)
    assert table.menu is None
    press(cart, pyxel.KEY_RETURN)
    press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)  # QUIT TO TITLE: asked once more
    assert table.menu.confirming and cart.scene is table
    press(cart, pyxel.KEY_LEFT)  # any other button: stay
    assert not table.menu.confirming and cart.scene is table
    press(cart, pyxel.KEY_Z)
    press(cart, pyxel.KEY_Z)
    step_until(cart, lambda: isinstance(cart.scene, TitleScene), limit=30)  # the game's log kept as thinking


def test_settings_change_from_the_pause_menu_and_stay_on_the_cartridge(make_cart):
    cart, table = asked_table(make_cart)
    press(cart, pyxel.KEY_ESCAPE)
    press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)  # SETTINGS
    press(cart, pyxel.KEY_RIGHT)  # red fives: off
    assert cart.settings.red_fives is False
    press(cart, pyxel.KEY_ESCAPE)  # back to the pause menu
    press(cart, pyxel.KEY_ESCAPE)  # and to the table
    assert table.menu is None and cart.settings.red_fives is False  # stored for the next game
    assert table.game.ruleset.red_fives is True and table.settings.red_fives is True  # this game keeps its rules


def test_holding_x_shows_every_hand_and_letting_go_returns_the_table_unchanged(make_cart):
    cart, table = asked_table(make_cart)
    step(cart, 5)
    before = screen()
    pyxel.set_btn(pyxel.KEY_X, True)
    step(cart, 20)
    during = screen()
    assert during != before
    assert table.debug.hints is not None and len(table.debug.hints) == 4
    pyxel.set_btn(pyxel.KEY_X, False)
    step(cart, 2)
    assert table.chooser.asked is not None
    assert screen() == before


def test_the_title_left_alone_plays_a_demo_and_any_button_returns(make_cart):
    cart = make_cart(TitleScene)
    step(cart, ATTRACT_FRAMES + 1)
    demo = cart.scene
    assert isinstance(demo, TableScene) and demo.demo and demo.player is None
    step_until(cart, lambda: len(demo.game.decisions) >= 8, limit=3000)
    press(cart, pyxel.KEY_LEFT)
    step(cart)
    assert isinstance(cart.scene, TitleScene)


DEAL_ELSEWHERE = """
import json
from game.play.driver import player_seat
from game.rules.wall import Shuffler, seed_words
first = Shuffler(seed_words({code!r})).next_round()
print(json.dumps([player_seat({code!r}), first.wall, list(first.dice)]))
"""


def test_a_seed_code_gives_the_same_deal_and_seat_every_time(make_cart):
    """Two tables on the same code seat the player alike and deal the same wall, and so does
    a fresh interpreter with other hash seeds (set and dict orders differ there)."""
    dealt = []
    for _ in range(2):
        _, table = asked_table(make_cart, CODE)
        wall = table.game.rounds[0].setup.wall if table.game.rounds else table.game.round.setup.wall
        dealt.append([table.player, list(wall.tiles), list(wall.dice)])
    elsewhere = [json.loads(subprocess.run([sys.executable, "-c", DEAL_ELSEWHERE.format(code=CODE)],
                                           capture_output=True, text=True, check=True, cwd=ROOT, timeout=120,
                                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout)
                 for seed in ("1", "4242")]
    assert dealt[0] == dealt[1] == elsewhere[0] == elsewhere[1]
    assert sorted(dealt[0][1]) == list(range(136)) and dealt[0][0] == player_seat(CODE)
