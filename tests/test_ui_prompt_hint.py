"""The hint at every decision, on the table (issue 49, finding 1): at a call prompt the strong
CPU's answer is marked on the button it would press (a chi's by its tiles, a riichi's with its
tile), its figures stand in the corner, nothing it draws runs off the screen or over another
thing, and a mouse (right button) or a finger (a long press) looks as X held does."""

from __future__ import annotations

import pyxel
import pytest
from overlaps import Canvas
from stepping import step
from test_ui_overlaps import CLAIM, OWN_TURN, SETTINGS, StagedTable, table_view

from engine import buttons as engine_buttons
from engine.target import DARK_BLUE, GREEN
from game.coach.hint import Advice, Hint
from game.rules.actions import Chi, Discard, NineTerminals, OpenKan, Pass, Pon, Riichi, Ron, Tsumo
from game.rules.tiles import tile_name
from game.ui import debug, hints, paint, pieces, prompts
from game.ui.board import HINT_X
from game.ui.table import LONG_PRESS_FRAMES

ANSWERS = (Ron(), Chi((60, 52)), Chi((48, 52)), Pon((58, 59)), OpenKan(), Pass())


def hinted_table(make_cart, closed: bool, claim: bool, answer, shanten: int = 0, share: float = 0.03):
    """The staged table asked a question, its hint (``answer``, with its figures) worked out."""
    cart = make_cart(lambda c: StagedTable(c, "OVERLAP001", SETTINGS))
    table = cart.scene
    asked = table_view(closed, claim=claim, legal=CLAIM if claim else OWN_TURN)
    table.staged = table_view(closed, claim=claim)
    table.human.asking = asked
    table.chooser.start(asked)
    table.hint.key, table.hint.hint = asked, Hint(shanten, share, advice=Advice(answer))
    return table


def drawn(table) -> tuple[list[str], list]:
    """What the table draws: each thing's label, and what ran over what or off the screen."""
    with pytest.MonkeyPatch.context() as patches:
        canvas = Canvas(patches)
        table.draw()
    return canvas.labels, canvas.overlaps


def button_fill(table, index: int) -> int:
    x, y, _, _ = table.chooser.bar().buttons[index]
    return pyxel.pget(x + 1, y + 1)  # inside the frame, left of the label


def test_the_chi_the_hint_would_call_is_marked_among_three_by_its_tiles(make_cart):
    table = hinted_table(make_cart, closed=True, claim=True, answer=Chi((60, 52)))
    chis = [i for i, o in enumerate(table.chooser.options) if isinstance(o.choice, Chi)]
    hinted = next(i for i in chis if sorted(table.chooser.options[i].choice.tiles) == [52, 60])
    others = [i for i in chis if i != hinted]
    table.chooser.chosen = hinted
    table.draw()
    assert button_fill(table, hinted) == GREEN
    for other in others:
        table.chooser.chosen = other
        table.draw()
        if other in table.chooser.bar().buttons and hinted in table.chooser.bar().buttons:
            assert (button_fill(table, other), button_fill(table, hinted)) == (DARK_BLUE, GREEN)
    labels, _ = drawn(table)
    assert any(label.startswith("text 'TENPAI 3%'") for label in labels)  # the figures, in the corner


def test_the_arrow_towards_the_hinted_page_is_green(make_cart):
    table = hinted_table(make_cart, closed=True, claim=True, answer=Pass())
    table.chooser.chosen = 0  # RON, on the first page; PASS on the last
    table.draw()
    bar = table.chooser.bar()
    assert bar.page_count > 1 and bar.arrows[1] is not None
    x, y, _, _ = bar.arrows[1]
    assert pyxel.pget(x, y + 1) == GREEN


def test_the_riichi_button_shows_the_tile_to_riichi_on(make_cart):
    table = hinted_table(make_cart, closed=True, claim=False, answer=Riichi(0), shanten=0)
    riichi = next(i for i, o in enumerate(table.chooser.options) if o.choice == prompts.CHOOSE_RIICHI)
    table.chooser.chosen = riichi
    labels, overlaps = drawn(table)
    bx, by, bw, _ = table.chooser.bar().buttons[riichi]
    placed = [tuple(int(n) for n in label.rsplit(" ", 1)[1].split(","))
              for label in labels if label.startswith(f"tile {tile_name(0)} at")]
    assert any(bx < x < bx + bw and y == by + 1 for x, y in placed), placed
    assert overlaps == []


@pytest.mark.long
@pytest.mark.parametrize("claim", [True, False])
def test_every_prompt_with_every_hint_draws_nothing_over_another_or_off_screen(make_cart, claim):
    answers = ANSWERS if claim else (Discard(0), Riichi(0), *OWN_TURN)
    found = {}
    for closed in (True, False):
        for answer in answers:
            table = hinted_table(make_cart, closed, claim, answer)
            for chosen in range(len(table.chooser.options)):
                table.chooser.chosen = chosen
                _, overlaps = drawn(table)
                if overlaps:
                    found[(closed, repr(answer), chosen)] = overlaps[:3]
    assert found == {}


ANSWER_OF = {"CUT": Discard(8), "RIICHI": Riichi(8), "DAMA": Discard(8), "PON": Pon((8, 9)), "CHI": Chi((4, 8)),
             "KAN": OpenKan(), "PASS": Pass(), "TSUMO": Tsumo(), "RON": Ron(), "9 TERMINALS": NineTerminals()}


@pytest.mark.parametrize("room", [128 - HINT_X, 127 - debug.HINT_X])
def test_the_hint_line_never_runs_past_its_room(room):
    """"TENPAI 3% PO" was cut at the edge of the hold-X view: every answer, with the widest
    figures and the longest reason, fits whole or says less."""
    tile_w = pieces.extent("pond")[0]
    for word, answer in ANSWER_OF.items():
        for shanten, share in ((0, 0.03), (0, 0.33), (6, 0.99)):
            advice = Advice(answer, ("SAFE VS N RIICHI", "SAFE VS N", "SAFE"), dama=word == "DAMA")
            words, tile, after = hints.hint_line(Hint(shanten, share, advice=advice), room, short=True)
            width = (paint.text_width(words) + (hints.TILE_GAP + tile_w if tile is not None else 0)
                     + (hints.TILE_GAP + paint.text_width(after) if after else 0))
            assert width <= room, (word, words, after)
            assert advice.word == word
            assert word in words or (word == "CUT" and tile is not None)  # the answer is never left out


def test_the_right_mouse_button_is_the_look_button():
    assert pyxel.MOUSE_BUTTON_RIGHT in engine_buttons.pyxel_keys()[engine_buttons.X]


def test_a_right_click_or_a_long_press_looks_as_x_held(make_cart):
    table = hinted_table(make_cart, closed=True, claim=True, answer=Pass())
    pyxel.set_btn(pyxel.MOUSE_BUTTON_RIGHT, True)
    step(table.cart)
    assert table.overlay_asked
    pyxel.set_btn(pyxel.MOUSE_BUTTON_RIGHT, False)
    step(table.cart)
    assert not table.overlay_asked
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
    step(table.cart, LONG_PRESS_FRAMES - 1)
    assert not table.overlay_asked  # a click is not a look
    step(table.cart)
    assert table.overlay_asked
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
    step(table.cart)
    assert not table.overlay_asked
