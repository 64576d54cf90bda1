"""Pointer play (issue 41, item 9): the mouse (or a finger) alone plays a whole round, and goes
through the title, the settings, the pause menu, the results and the viewer; the cursor shows
only while the mouse moves. The clicks go through Pyxel's own mouse (``set_mouse_pos`` and
the left button), as a window or a browser's taps deliver them."""

from __future__ import annotations

import pyxel
import pytest
from playing import ScriptedPlayer, counting_clock, quick
from stepping import step, step_until

from engine.buttons import Buttons, CURSOR_FRAMES
from game.data.settings import Settings
from game.rules.actions import Discard
from game.ui import board, hands, prompts
from game.ui.table import TableScene

FAST = Settings(cpu_speed="fast")


def centre_of(box: tuple[int, int, int, int]) -> tuple[int, int]:
    x, y, w, h = box
    return x + w // 2, y + h // 2


class Mouse:
    """A hand on the mouse: ``click(at)`` moves there and presses the left button for one
    frame, then lets go for one (call once a frame; None: rest)."""

    def __init__(self) -> None:
        self.down = False

    def click(self, at: tuple[int, int] | None) -> None:
        if self.down:
            pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
            self.down = False
        elif at is not None:
            pyxel.set_mouse_pos(*at)
            pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
            self.down = True


class MousePlayer(ScriptedPlayer):
    """The tests' scripted player (it follows the hint, wins and declares riichi when it can,
    never calls), with the mouse alone: where to click now."""

    def __init__(self) -> None:
        super().__init__(calls=0)

    def spot(self, table) -> tuple[int, int] | None:
        if table.results is not None:
            return (64, 64) if table.results.ready else None
        chooser = table.chooser
        view = chooser.asked
        if view is None or table.human.asking is None or not table.hand_seen:
            return None
        if chooser.focus == "bar":
            want = self.wanted_option(table, chooser.options)
            bar = chooser.bar()
            if want in bar.buttons:
                return centre_of(bar.buttons[want])
            before, after = bar.arrows
            return centre_of(after if after is not None and want > max(bar.buttons) else before)
        tiles = hands.hand_in_order(view.hand, view.drawn)
        allowed = chooser.selectable(view)
        if not allowed or table.hint.task is not None:
            return None
        hint = table.hint.hint
        target = hint.tile if hint is not None and hint.tile in allowed else tiles[chooser.first_selectable(view)]
        index = tiles.index(target)
        raised = chooser.focus == "hand" and chooser.cursor == index
        return centre_of(hands.tile_box(board.HAND_X, board.HAND_Y, index, len(tiles), view.drawn is not None, raised))


@pytest.fixture
def mouse_table(make_cart):
    def make(code: str):
        cart = make_cart(lambda c: TableScene(c, code, FAST, wiring=quick()), clock=counting_clock())
        return cart, cart.scene

    yield make
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)


def test_the_mouse_alone_plays_a_whole_round_and_reads_its_results(mouse_table):
    cart, table = mouse_table("M0SE000001")
    player, mouse = MousePlayer(), Mouse()
    keys = cart.buttons.read
    cart.buttons.read = lambda button: keys(button) if button == "point" else False  # no key, no pad
    mine = 0
    for n in range(40000):
        if len(table.game.rounds) >= 2 and table.results is None:
            break
        mouse.click(player.spot(table))
        before = len(table.game.decisions)
        step(cart)
        mine += sum(d.seat == table.player for d in table.game.decisions[before:])
    else:
        raise AssertionError("the first round and its results did not pass with the mouse")
    assert mine >= 5  # the player answered (discards, passes) by clicks alone
    assert any(d.seat == table.player and isinstance(d.action, Discard) for d in table.game.decisions)


def test_a_click_chooses_a_tile_and_a_second_click_throws_it(mouse_table):
    from playing import play_until

    cart, table = mouse_table("TRN0000000")
    play_until(cart, table, lambda: table.chooser.asked is not None and table.hand_seen and
               table.chooser.asked.last_discard is None, limit=3000)
    chooser = table.chooser
    if chooser.focus == "bar":
        pyxel.set_btn(pyxel.KEY_DOWN, True)
        step(cart)
        pyxel.set_btn(pyxel.KEY_DOWN, False)
        step(cart)
    view = chooser.asked
    tiles = hands.hand_in_order(view.hand, view.drawn)
    decisions = len(table.game.decisions)
    box = hands.tile_box(board.HAND_X, board.HAND_Y, 2, len(tiles), view.drawn is not None, False)
    mouse = Mouse()
    mouse.click(centre_of(box))
    step(cart)
    mouse.click(None)
    step(cart)
    assert chooser.cursor == 2 and len(table.game.decisions) == decisions  # chosen, not thrown
    box = hands.tile_box(board.HAND_X, board.HAND_Y, 2, len(tiles), view.drawn is not None, True)
    mouse.click(centre_of(box))  # on the raised tile
    step(cart)
    mouse.click(None)
    step(cart)
    assert table.game.decisions[decisions].action == Discard(tiles[2])


def test_a_click_on_a_prompt_button_takes_it_and_on_an_arrow_turns_the_page(mouse_table):
    from playing import play_until

    cart, table = mouse_table("CALLME0001")
    offered = lambda: table.chooser.asked is not None and table.hand_seen and any(  # noqa: E731
        o.choice == prompts.SKIP_CALLS for o in table.chooser.options)
    play_until(cart, table, offered, limit=60000)
    chooser = table.chooser
    chooser.options = chooser.options * 3  # more buttons than one row holds: pages
    bar = chooser.bar()
    assert bar.page_count > 1 and bar.arrows[1] is not None
    mouse = Mouse()
    page = bar.page
    mouse.click(centre_of(bar.arrows[1]))
    step(cart)
    mouse.click(None)
    step(cart)
    assert chooser.bar().page == page + 1
    bar = chooser.bar()
    skip = next(i for i in bar.buttons if chooser.options[i].choice == prompts.SKIP_CALLS)
    decisions = len(table.game.decisions)
    mouse.click(centre_of(bar.buttons[skip]))
    step(cart)
    mouse.click(None)
    step(cart)
    assert chooser.no_calls and len(table.game.decisions) == decisions + 1


def test_the_pause_button_pauses_and_a_click_on_resume_resumes(mouse_table):
    cart, table = mouse_table("TRN0000000")
    step(cart, 5)
    mouse = Mouse()
    mouse.click(centre_of(board.PAUSE_BOX))
    step(cart)
    mouse.click(None)
    step(cart)
    assert table.menu is not None
    from game.ui.pause import row_box

    mouse.click(centre_of(row_box(0)))  # RESUME
    step(cart)
    mouse.click(None)
    step(cart)
    assert table.menu is None


def test_the_title_and_its_settings_with_the_mouse_alone(make_cart):
    from game.data.settings import CHOICES
    from game.ui import settings as settings_module
    from game.ui.title import NEW_GAME, SETTINGS, TitleScene

    cart = make_cart(TitleScene)
    step(cart)
    title = cart.scene
    labels = [e.label for e in title.entries]
    mouse = Mouse()

    def click(at):
        mouse.click(at)
        step(cart)
        mouse.click(None)
        step(cart)

    click(centre_of(title.row_box(labels.index(SETTINGS))))
    menu = cart.scene.menu
    names = list(CHOICES)
    before = menu.settings.cpu_speed
    click((100, centre_of(settings_module.row_box(names.index("cpu_speed")))[1]))
    assert menu.settings.cpu_speed != before
    click(centre_of(settings_module.row_box(len(names))))  # BACK
    step(cart)
    title = cart.scene
    assert isinstance(title, TitleScene)
    click(centre_of(title.row_box([e.label for e in title.entries].index(NEW_GAME))))
    step(cart)
    assert isinstance(cart.scene, TableScene)


def test_a_click_on_the_seed_line_begins_typing(make_cart):
    from game.ui.title import SEED, TitleScene

    cart = make_cart(TitleScene)
    step(cart)
    title = cart.scene
    mouse = Mouse()
    mouse.click(centre_of(title.row_box([e.label for e in title.entries].index(SEED))))
    step(cart)
    mouse.click(None)
    step(cart)
    assert title.typing and title.code == ""


def test_the_viewers_arrows_step_with_a_click(make_cart):
    from test_ui_viewer import our_log

    from game.ui import paint, review_panel
    from game.ui.viewer import FOOTER_Y, ViewerScene

    log = our_log(seat=3)
    cart = make_cart(lambda c: ViewerScene(c, log))
    step(cart, 2)
    viewer = cart.scene
    mouse = Mouse()

    def click(at):
        mouse.click(at)
        step(cart)
        mouse.click(None)
        step(cart)

    click(centre_of(review_panel.chooser_row_box(4)))  # NO ONE: only watch
    assert not viewer.choosing and viewer.review is None
    step_until(cart, lambda: viewer.log.stepped(0) is not None, limit=600)
    step(cart)
    boxes = dict((action, box) for box, action in paint.segment_boxes(1, FOOTER_Y, viewer.footer_parts()))
    for _ in range(3):
        click(centre_of(boxes["on"]))
    assert viewer.step == 3
    click(centre_of(boxes["back"]))
    assert viewer.step == 2
    click(centre_of(boxes["table"]))
    assert viewer.table
    table_boxes = dict((action, box) for box, action in
                       paint.segment_boxes(board.HINT_X, board.INFO_Y + 1, viewer.table_parts()))
    click(centre_of(table_boxes["on"]))
    assert viewer.step == 3 and viewer.table
    click((64, 64))  # elsewhere on the table: back from it
    assert not viewer.table


def test_the_cursor_shows_only_while_the_mouse_moves():
    shown: list[bool] = []
    spot = [(10, 10)]
    buttons = Buttons(read=lambda button: False, where=lambda: spot[0], show_cursor=shown.append)
    assert shown == [False]  # hidden from the start, whatever an earlier screen showed
    for _ in range(5):
        buttons.update()
    assert not buttons.cursor_shown  # a mouse that never moved: no cursor
    spot[0] = (11, 10)
    buttons.update()
    assert buttons.cursor_shown and shown == [False, True]
    for _ in range(CURSOR_FRAMES - 1):
        buttons.update()
    assert buttons.cursor_shown
    buttons.update()
    assert not buttons.cursor_shown and shown == [False, True, False]  # still a second: hidden


def test_the_cursor_goes_through_pyxel(make_cart):
    """The cartridge's buttons show Pyxel's own cursor while the mouse moves, and hide it."""
    from stepping import Blank

    calls = []
    cart = make_cart(Blank)
    cart.buttons.show_cursor = calls.append
    step(cart)
    pyxel.set_mouse_pos(40, 40)
    step(cart)
    pyxel.set_mouse_pos(41, 40)
    step(cart)
    assert calls == [True]
    step(cart, CURSOR_FRAMES + 1)
    assert calls == [True, False]
