"""The player's turn as the screen shows it (issue 23): the hand bright when it is yours (in
riichi only the discards that keep tenpai), the safe button chosen first, O ignored until a
new round's hand has been seen, held buttons not carried into a new screen.

The CPUs are the quick stand-in of tests/playing.py and the clock counts (the frames do not
depend on the machine); every check reads the screen buffer."""

from __future__ import annotations

import pyxel
import pytest
from playing import Fingers, ScriptedPlayer, counting_clock, play_until, quick
from stepping import press, step, step_until

from engine.buttons import LEFT, O
from engine.target import LIGHT_GREY, WHITE, YELLOW
from game.data.settings import Settings
from game.play.driver import player_seat
from game.rules.actions import Chi, Discard, OpenKan, Pass, Pon, Riichi
from game.ui import board, hands, paint, prompts
from game.ui import table as table_module
from game.ui.chooser import BAR_BOX
from game.ui.table import FIRST_LOOK_FRAMES, HINT_X, INFO_Y, TableScene

FAST = Settings(cpu_speed="fast")


@pytest.fixture
def table_cart(make_cart):
    """``table_cart(code)``: a cartridge on the table for ``code``, quick CPUs, fast pace."""
    def make(code: str, settings: Settings = FAST, wiring=None):
        cart = make_cart(lambda c: TableScene(c, code, settings, wiring=wiring or quick()), clock=counting_clock())
        return cart, cart.scene

    return make


def dealer_code() -> str:
    """A seed whose player deals first (asked first, with 14 tiles)."""
    return next(code for code in (f"TRN{n:07d}" for n in range(100)) if player_seat(code) == 0)


def hand_bodies(table: TableScene) -> list[int]:
    """The colour of each hand tile's body on screen (its top-left face pixel; the tile
    under the cursor stands raised)."""
    view = table.chooser.asked
    tiles = hands.hand_in_order(view.hand, view.drawn)
    found = []
    for i in range(len(tiles)):
        x = hands.tile_x(board.HAND_X, i, len(tiles), view.drawn is not None)
        y = board.HAND_Y - (hands.RAISE if i == table.chooser.cursor else 0)
        found.append(pyxel.pget(x, y))
    return found


def my_turn(table: TableScene) -> bool:
    view = table.chooser.asked
    return view is not None and table.human.asking is not None and view.last_discard is None


def test_on_your_turn_your_hand_is_bright(table_cart):
    cart, table = table_cart(dealer_code())
    play_until(cart, table, lambda: my_turn(table), limit=3000)
    if table.chooser.focus == "bar":
        press(cart, pyxel.KEY_DOWN)
    step(cart)
    assert hand_bodies(table) == [WHITE] * 14


def test_in_riichi_only_the_discards_that_keep_tenpai_are_bright(table_cart):
    cart, table = table_cart("RIICHI0001")
    riichi_offered = lambda: my_turn(table) and any(  # noqa: E731
        o.choice == prompts.CHOOSE_RIICHI for o in table.chooser.options)
    play_until(cart, table, riichi_offered, limit=60000)
    while table.chooser.options[table.chooser.chosen].choice != prompts.CHOOSE_RIICHI:
        press(cart, pyxel.KEY_RIGHT)
    press(cart, pyxel.KEY_Z)  # RIICHI: now choose the discard
    assert table.chooser.riichi and table.chooser.focus == "hand"
    step(cart)
    view = table.chooser.asked
    tiles = hands.hand_in_order(view.hand, view.drawn)
    keeping = {a.tile for a in view.legal_actions if isinstance(a, Riichi)}
    assert 0 < len(keeping) < len(tiles)
    assert hand_bodies(table) == [WHITE if t in keeping else LIGHT_GREY for t in tiles]


def framed_button(options: list[prompts.Option], chosen: int) -> int | None:
    """Which button of the bar on screen has the chosen button's yellow frame."""
    framed = []
    for i, (x, y, w, _) in prompts.Bar.of(options, chosen, BAR_BOX).buttons.items():
        if pyxel.pget(x, y) == YELLOW and pyxel.pget(x + w - 1, y) == YELLOW:
            framed.append(i)
    assert len(framed) <= 1
    return framed[0] if framed else None


def test_a_call_prompt_starts_on_pass_and_o_passes(table_cart):
    cart, table = table_cart("CALLME0001")
    offered = lambda: table.chooser.asked is not None and any(  # noqa: E731
        isinstance(o.choice, (Chi, Pon, OpenKan)) for o in table.chooser.options)
    play_until(cart, table, offered, limit=60000)
    step(cart)
    options = table.chooser.options
    assert framed_button(options, table.chooser.chosen) == [o.label for o in options].index("PASS")
    decisions = len(table.game.decisions)
    press(cart, pyxel.KEY_Z)  # out of habit
    assert table.game.decisions[decisions].action == Pass()


def test_your_turn_with_riichi_offered_starts_on_discard(table_cart):
    cart, table = table_cart("RIICHI0001")
    play_until(cart, table, lambda: my_turn(table) and any(
        o.choice == prompts.CHOOSE_RIICHI for o in table.chooser.options), limit=60000)
    step(cart)
    options = table.chooser.options
    assert framed_button(options, table.chooser.chosen) == [o.choice for o in options].index(prompts.CHOOSE_DISCARD)
    decisions = len(table.game.decisions)
    press(cart, pyxel.KEY_Z)  # out of habit: back to the hand, never a riichi
    press(cart, pyxel.KEY_Z)  # and the tile under the cursor (the draw) goes
    assert not table.chooser.riichi
    assert type(table.game.decisions[decisions].action) is Discard


def results_before_my_deal(cart, table) -> None:
    """Play until the results of the round before the player deals are on screen."""
    me = table.player
    play_until(cart, table, lambda: table.results is not None and table.game.match.dealer == me
               and not table.game.match.over, limit=60000)


def new_hand_on_screen(table: TableScene) -> bool:
    """The next round's hand is drawn on screen (its first tile's body, where the hand lies)."""
    return table.results is None and not table.shuffling and pyxel.pget(board.HAND_X, board.HAND_Y) in (
        WHITE, LIGHT_GREY)


def my_decisions(table: TableScene, since: int) -> int:
    return sum(d.seat == table.player for d in table.game.decisions[since:])


def test_mashing_o_through_the_results_does_not_throw_the_next_rounds_first_discard_unseen(table_cart):
    cart, table = table_cart("MASHO00001")
    results_before_my_deal(cart, table)
    fingers = Fingers()
    cart.buttons.read = fingers.read
    shown_at = None
    for n in range(3000):
        fingers.press(O)  # O down every other frame, all the way
        step(cart)
        if shown_at is None and table.results is None and table.game.round is not None:
            decisions = len(table.game.decisions)
            if new_hand_on_screen(table):
                shown_at, start = n, decisions
        if shown_at is not None and my_decisions(table, start):
            break
    assert shown_at is not None, "the next round never came"
    assert n - shown_at >= FIRST_LOOK_FRAMES  # the dealer's first discard waited for the eye


def test_a_button_held_from_the_results_does_not_repeat_into_the_next_hand(table_cart):
    cart, table = table_cart("MASHO00001")
    results_before_my_deal(cart, table)
    fingers = Fingers()
    cart.buttons.read = fingers.read
    while table.results is not None:  # O through the results' pages
        fingers.press(O)
        step(cart)
    fingers.down, fingers.resting = {LEFT}, False  # then ← held, into the new round
    step_until(cart, lambda: my_turn(table) and table.chooser.focus == "hand", limit=600)
    step(cart, 40)  # well past the repeat delay
    view = table.chooser.asked
    assert table.chooser.cursor == len(view.hand) - 1  # still on the draw: ← was held over


def test_your_turn_after_a_call_ticks_as_a_draw_does(table_cart):
    """Your turn is heard: the draw ticks, and so does a turn that begins with a call."""
    played = []
    cart, table = table_cart("CALLME0001", wiring=quick(play_sound=lambda name: played.append((name, cart.scene.frames))))
    called = lambda: my_turn(table) and table.chooser.asked.drawn is None  # noqa: E731
    play_until(cart, table, called, limit=20000, player=ScriptedPlayer(calls=1))
    step(cart)
    assert table.chooser.asked is not None and table.chooser.asked.drawn is None
    asked_at = max(frame for name, frame in played if name == "call")
    assert any(name == "draw" and frame >= asked_at for name, frame in played)


def line_on_screen(x: int, y: int, text: str, colour: int) -> bool:
    """``text`` stands in ``colour`` at (x, y) on the screen, every pixel of it (drawn alone
    on an image of its own to compare: the screen is left as it is)."""
    alone = pyxel.Image(128, 128)
    alone.cls(0)
    alone.text(x, y, text, colour, paint.font())  # in the cartridge's own font, as the screen writes
    ink = [(px, py) for py in range(max(0, y - 1), min(128, y + 7)) for px in range(128) if alone.pget(px, py) == colour]
    return bool(ink) and all(pyxel.pget(px, py) == colour for px, py in ink)


def mash_into_the_next_round(cart, table, fingers: Fingers, every: int) -> int:
    """Press O for a frame every ``every`` frames from the results on, until the next round's
    hand has been on screen long past the first look; the frame it came on screen."""
    shown_at = None
    for n in range(4000):
        fingers.down = {O} if n % every == 0 else set()
        step(cart)
        if shown_at is None and new_hand_on_screen(table):
            shown_at = n
        if shown_at is not None and n - shown_at > 6 * FIRST_LOOK_FRAMES:
            return shown_at
    raise AssertionError("the next round never came")


@pytest.mark.parametrize("every", [2, 3, table_module.REST_FRAMES])
def test_a_run_of_presses_begun_on_the_results_never_throws_however_long(table_cart, every):
    """Item 1 of issue 41: O pressed steadily through the results (gaps shorter than a quarter
    second) throws nothing in the next round, however long it goes on, and the hint's row
    says LET GO OF Z; a rest of a quarter second, then one press, throws the tile."""
    cart, table = table_cart("MASHO00001")
    results_before_my_deal(cart, table)
    fingers = Fingers()
    cart.buttons.read = fingers.read
    decisions = len(table.game.decisions)
    mash_into_the_next_round(cart, table, fingers, every)
    assert my_decisions(table, decisions) == 0  # asked all along, never answered
    assert my_turn(table) and table.chooser.focus == "hand"
    assert line_on_screen(HINT_X, INFO_Y + 1, "LET GO OF Z", YELLOW)
    fingers.down = set()
    step(cart, table_module.REST_FRAMES)
    step(cart)
    assert not line_on_screen(HINT_X, INFO_Y + 1, "LET GO OF Z", YELLOW)
    fingers.down = {O}
    step(cart)
    fingers.down = set()
    step(cart)
    assert my_decisions(table, decisions) == 1


def test_a_press_after_a_rest_on_the_results_throws_once_the_hand_is_seen(table_cart):
    """The rule asks a rest, no more: a player who read the results and waited a quarter
    second throws with the first press once the hand has been seen."""
    cart, table = table_cart("MASHO00001")
    results_before_my_deal(cart, table)
    fingers = Fingers()
    cart.buttons.read = fingers.read
    while table.results is not None:
        fingers.press(O if table.results.ready else None)
        step(cart)
    fingers.down = set()
    decisions = len(table.game.decisions)
    step_until(cart, lambda: my_turn(table) and table.hand_seen and table.chooser.focus == "hand", limit=600)
    assert not table.cart.buttons.held_over(O)
    fingers.down = {O}
    step(cart)
    assert my_decisions(table, decisions) == 1


def test_z_on_a_tile_that_may_not_go_says_why(table_cart):
    """Issue 41, item 8: choosing riichi's discard, Z on a tile that does not keep tenpai
    throws nothing and says why on the hint's row for a second."""
    cart, table = table_cart("RIICHI0001")
    riichi_offered = lambda: my_turn(table) and any(  # noqa: E731
        o.choice == prompts.CHOOSE_RIICHI for o in table.chooser.options)
    play_until(cart, table, riichi_offered, limit=60000)
    while table.chooser.options[table.chooser.chosen].choice != prompts.CHOOSE_RIICHI:
        press(cart, pyxel.KEY_RIGHT)
    press(cart, pyxel.KEY_Z)
    view = table.chooser.asked
    tiles = hands.hand_in_order(view.hand, view.drawn)
    keeping = {a.tile for a in view.legal_actions if isinstance(a, Riichi)}
    while tiles[table.chooser.cursor] in keeping:
        press(cart, pyxel.KEY_LEFT)
    decisions = len(table.game.decisions)
    press(cart, pyxel.KEY_Z)
    assert len(table.game.decisions) == decisions and table.chooser.riichi
    assert line_on_screen(HINT_X, INFO_Y + 1, "RIICHI: NOT TENPAI", YELLOW)
    step(cart, 30)
    assert not line_on_screen(HINT_X, INFO_Y + 1, "RIICHI: NOT TENPAI", YELLOW)


def test_no_calls_is_shown_while_it_lasts(table_cart):
    """Issue 41, item 8: after NO CALLS, the corner says NO CALLS until the round ends."""
    cart, table = table_cart("CALLME0001")
    offered = lambda: table.chooser.asked is not None and any(  # noqa: E731
        o.choice == prompts.SKIP_CALLS for o in table.chooser.options)
    play_until(cart, table, offered, limit=60000)
    while table.chooser.options[table.chooser.chosen].choice != prompts.SKIP_CALLS:
        press(cart, pyxel.KEY_RIGHT)
    rounds = len(table.game.rounds)
    press(cart, pyxel.KEY_Z)
    step(cart)
    x = board.NOTE_RIGHT - (4 * len("NO CALLS") - 1)
    notes = [board.NOTE_Y + i * board.NOTE_LINE for i in range(board.NOTE_LINES)]
    assert any(line_on_screen(x, y, "NO CALLS", table_module.PINK) for y in notes)
    play_until(cart, table, lambda: len(table.game.rounds) > rounds and table.results is None
               and not table.shuffling, limit=60000)
    step(cart)
    assert not any(line_on_screen(x, y, "NO CALLS", table_module.PINK) for y in notes)
