"""Practice (HINTS: AFTER CUT): the hint line hides the tile to cut until the player has cut,
then says whether the cut agreed with the hint's, through the table as it is played."""

from __future__ import annotations

from playing import Fingers, ShantenAgent, counting_clock, frame
from stepping import screen

import pyxel

from engine.buttons import LEFT, RIGHT, O, X
from engine.target import DARK_BLUE, WIDTH
from game.data.settings import CHOICES, PRACTICE, Settings
from game.rules.actions import Discard, Pass
from game.ui import debug, hands, hints, prompts
from game.ui import table as table_module
from game.ui.table import HINT_X, INFO_Y, TableScene
from game.ui.title import TitleScene




def info_row() -> bytes:
    """The hint's place: from HINT_X to the right edge, from a row above the text (a tile sits a
    row up) to the text's last row (the hand's cursor reaches up just below it)."""
    pixels = screen()
    return b"".join(pixels[y * WIDTH + HINT_X:(y + 1) * WIDTH] for y in range(INFO_Y - 1, INFO_Y + 6))


def painted(table: TableScene, paint_it) -> bytes:
    """The info row with only the nameplate and ``paint_it()`` on it."""
    import pyxel

    from game.ui import board

    pyxel.cls(board.FELT)
    board.draw_nameplate(table.view, table.view.seat, 0)
    paint_it()
    return info_row()


def my_turn_with_a_hint(cart, table, fingers, limit: int = 3000) -> None:
    """Play on (passing what is offered, DISCARD on the buttons) to a turn with its hint worked out."""
    for _ in range(limit):
        asking, chooser = table.human.asking, table.chooser
        if (asking is not None and asking.last_discard is None and chooser.asked is asking
                and chooser.focus == "hand" and not chooser.riichi and table.hint.task is None
                and table.hint.key[0] == asking.hand and table.hint.hint.discard is not None):
            return
        if asking is not None and chooser.asked is asking and chooser.focus == "bar":
            wanted = (prompts.CHOOSE_DISCARD, Pass())
            want = next((i for i, o in enumerate(chooser.options) if o.choice in wanted), 0)
            fingers.press(O if chooser.chosen == want else RIGHT)
        else:
            fingers.press(None)
        frame(cart, draw=False)
    raise AssertionError("no turn of the player's")


def cut(cart, table, fingers, tile: int) -> None:
    tiles = hands.hand_in_order(table.view.hand, table.view.drawn)
    target = tiles.index(tile)
    while table.human.asking is not None:
        fingers.press(O if table.chooser.cursor == target else (LEFT if table.chooser.cursor > target else RIGHT))
        frame(cart, draw=False)


def practice_table(make_cart, monkeypatch) -> tuple:
    """A table with practice hints and quick CPUs, played by scripted fingers."""
    monkeypatch.setattr(table_module, "cpu_agent", lambda strength: ShantenAgent())
    cart = make_cart(TitleScene, clock=counting_clock())
    cart.change(TableScene, "PRACT1CE01", Settings(hints=PRACTICE, cpu_speed="fast", call_prompts=False))
    frame(cart)
    fingers = Fingers()
    cart.buttons.read = fingers.read
    return cart, cart.scene, fingers


def test_practice_hides_the_cut_until_the_player_has_cut_then_says_if_it_agreed(make_cart, monkeypatch):
    assert PRACTICE in CHOICES["hints"]
    cart, table, fingers = practice_table(make_cart, monkeypatch)
    seen = set()
    for _ in range(6):
        my_turn_with_a_hint(cart, table, fingers)
        frame(cart)
        hint = table.hint.hint
        if table.hint.task is not None or hint.discard is None:
            continue  # the hand changed meanwhile: another turn
        shown = info_row()
        assert shown == painted(table, lambda: hints.draw_hint(HINT_X, INFO_Y, hint, hide_cut=True))
        assert shown != painted(table, lambda: hints.draw_hint(HINT_X, INFO_Y, hint))  # no tile to cut
        legal = [a.tile for a in table.human.asking.legal_actions if isinstance(a, Discard)]
        figures = {kind: rest for kind, *rest in hint.options}
        other = [t for t in legal if figures[t // 4] != figures[hint.discard // 4]]  # a worse cut
        tile = hint.discard if len(seen) % 2 == 0 or not other else other[0]
        cut(cart, table, fingers, tile)
        verdict = table.hint.verdict
        assert verdict == hints.practice_verdict(hint, tile)
        seen.add(verdict[1] is None)
        assert (verdict[1] is None) == (tile == hint.discard)
        for _ in range(3):
            frame(cart, draw=False)
        if table.hint.hint is not None and not table.hint.hint.waits and table.view.drawn is None:
            frame(cart)
            assert info_row() == painted(table, lambda: hints.draw_verdict(HINT_X, INFO_Y, verdict))
    assert seen == {True, False}  # an agreeing cut and another


def test_holding_x_in_practice_does_not_show_the_players_cut(make_cart, monkeypatch):
    """The hold-X view shows every seat's hint; in practice the player's own tile to cut stays
    hidden there too (the other seats' cuts still show)."""
    cart, table, fingers = practice_table(make_cart, monkeypatch)
    my_turn_with_a_hint(cart, table, fingers)
    fingers.down = {X}  # X held from now on
    for _ in range(600):
        frame(cart)
        if table.debug.hints is not None and table.debug.task is None:
            break
    frame(cart)
    seat = table.player
    hint = table.debug.hints[seat]
    assert hint.discard is not None
    y = debug.SEATS_Y + seat * debug.SEAT_H

    def row() -> bytes:
        pixels = screen()
        return b"".join(pixels[line * WIDTH + debug.HINT_X:(line + 1) * WIDTH] for line in range(y - 1, y + 6))

    shown = row()
    pyxel.cls(DARK_BLUE)
    hints.draw_hint(debug.HINT_X, y, hint, short=True, hide_cut=True)
    hidden = row()
    pyxel.cls(DARK_BLUE)
    debug.draw_hint_bed(y)  # the felt the hint's tile stands on
    hints.draw_hint(debug.HINT_X, y, hint, short=True)
    assert shown == hidden != row()
