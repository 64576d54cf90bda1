"""The table: scripted buttons discard, the CPUs think and discard, the round ends, X shows the overlay."""

from __future__ import annotations

import dataclasses

import pyxel
from stepping import press, screen, step, step_until

from engine.overlay import debug_lines
from engine.target import BLACK, HEIGHT, WHITE, WIDTH
from engine.tasks import Task, run_to_end
from game.shanten import shanten
from game.tiles import counts34, parse_tiles
from game.ui import table as table_module
from game.ui.end import EndScene
from game.ui.table import (CENTRE_BOX, CPU_MIN_FRAMES, FELT, PLAYER, SCORE_ORIGINS, TableScene, hand_in_order,
                           think_discard)
from game.ui.title import TitleScene
from game.view import DiscardView

CODE = "TESTTABLE1"


def dealt_table(make_cart, **options) -> tuple[object, TableScene]:
    """A cartridge that booted on the title and went to a table for CODE, once dealt."""
    cart = make_cart(TitleScene, **options)
    cart.change(TableScene, CODE)
    step(cart)
    table = cart.scene
    step_until(cart, lambda: table.round is not None, limit=200)
    return cart, table


def test_left_left_o_discards_the_tile_under_the_cursor(make_cart):
    cart, table = dealt_table(make_cart)
    assert table.round.turn == PLAYER and len(table.view.hand) == 14
    before = hand_in_order(table.view)
    press(cart, pyxel.KEY_LEFT)
    press(cart, pyxel.KEY_LEFT)
    assert table.cursor == 11
    press(cart, pyxel.KEY_Z)
    assert [d.tile for d in table.view.discards[PLAYER]] == [before[11]]
    assert len(table.view.hand) == 13
    assert sorted(list(table.view.hand) + [before[11]]) == sorted(before)


def pond_sizes(table: TableScene) -> list[int]:
    return [len(pond) for pond in table.view.discards]


def test_each_cpu_thinks_then_discards_and_the_turn_comes_back(make_cart):
    cart, table = dealt_table(make_cart)
    pyxel.set_btn(pyxel.KEY_Z, True)  # throw the draw...
    step(cart)
    pyxel.set_btn(pyxel.KEY_Z, False)
    turn_after_frame = []  # ...and note whose turn it is after every frame
    tasks = {}
    while table.round.turn != PLAYER:
        turn_after_frame.append(table.round.turn)
        if table.thinking is not None:
            tasks[table.round.turn] = table.thinking
        step(cart)
    assert pond_sizes(table) == [1, 1, 1, 1]
    for seat in (1, 2, 3):
        assert tasks[seat].name.startswith("cpu") and tasks[seat].state == Task.DONE
        assert [d.tile for d in table.view.discards[seat]] == [tasks[seat].result]
        assert turn_after_frame.count(seat) >= CPU_MIN_FRAMES  # play reads at a human pace


def test_a_failed_cpu_evaluation_throws_the_draw_and_play_goes_on(make_cart, monkeypatch, capsys):
    def broken(view):
        yield
        raise RuntimeError("evaluation broke")

    monkeypatch.setattr(table_module, "think_discard", broken)
    cart, table = dealt_table(make_cart)
    press(cart, pyxel.KEY_Z)
    drawn = table.round.view(1).drawn
    step_until(cart, lambda: table.round.turn == 2, limit=300)
    assert [d.tile for d in table.view.discards[1]] == [drawn]
    assert "evaluation broke" in cart.failure
    assert "RuntimeError" in capsys.readouterr().err


def test_the_round_plays_to_the_end_screen_and_back_to_the_title(make_cart):
    cart, table = dealt_table(make_cart)
    while not isinstance(cart.scene, EndScene):
        if table.round.phase == "turn" and table.round.turn == PLAYER:
            press(cart, pyxel.KEY_Z)
        else:
            step(cart)
    result = cart.scene.result
    assert result is table.round.result and not result.wins  # nobody may win yet
    assert cart.scene.seat_winds == table.view.seat_winds == tuple(table.round.seat_wind(s) for s in range(4))
    assert result.draw_reason == "exhaustive"  # this seed's round runs the wall out
    assert table.round.tiles_left == 0 and sum(pond_sizes(table)) == 70
    assert sum(result.deltas) == 0 and result.tenpai == tuple(  # tenpai payments as the rules say
        shanten(counts34(table.round.hand(seat))) == 0 for seat in range(4))
    step(cart, 15)
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, TitleScene)


def test_a_cpu_keeps_the_tanki_whose_copies_are_unseen(make_cart):
    """A triplet in hand, and two ways to wait on a lone honour: the CPU waits on the one nobody
    has thrown. Its own tiles count once (a double count would say "more than four copies")."""
    cart, table = dealt_table(make_cart)
    used: set[int] = set()
    hand = tuple(sorted(parse_tiles("123m456p789s111z56z", used)))
    for thrown in ("66z", "55z"):
        shown = tuple(DiscardView(t, False, False, None) for t in parse_tiles(thrown, set(used)))
        view = dataclasses.replace(table.round.view(1), hand=hand, drawn=hand[-1], melds=((),) * 4,
                                   discards=((), shown, (), ()), dora_indicators=())
        discarded = run_to_end(think_discard(view))
        assert discarded in hand and discarded // 4 == parse_tiles(thrown)[0] // 4  # waits on the other


def shows_text(shown: bytes, x: int, y: int, text: str, colour: int, background: int) -> bool:
    """Whether ``text`` is on ``shown`` at (x, y) as pyxel.text draws it, a clear pixel all round."""
    pyxel.cls(background)
    pyxel.text(x, y, text, colour)
    expected = screen()
    return all(shown[row * WIDTH + col] == expected[row * WIDTH + col]
               for row in range(max(0, y - 1), min(HEIGHT, y + 6))
               for col in range(max(0, x - 1), min(WIDTH, x + len(text) * 4)))


def shows_text_in(shown: bytes, box: tuple[int, ...], text: str, colour: int, background: int) -> bool:
    """Whether ``text`` is anywhere inside ``box`` (x, y, w, h) as :func:`shows_text` finds it."""
    x0, y0, w, h = box
    return any(shows_text(shown, x, y, text, colour, background)
               for y in range(y0, y0 + h - 5) for x in range(x0, x0 + w - len(text) * 4))


def test_each_seat_s_score_is_by_its_pond_and_the_sticks_in_the_centre_box(make_cart):
    cart, table = dealt_table(make_cart)
    while table.round.phase != "over":  # full ponds: nothing may cover a score
        if table.round.phase == "turn" and table.round.turn == PLAYER:
            press(cart, pyxel.KEY_Z)
        else:
            step(cart)
    scores, honba, riichi_sticks = (-2300, 101000, 8700, 17600), 12, 3
    table.view = dataclasses.replace(table.view, scores=scores, honba=honba, riichi_sticks=riichi_sticks)
    table.draw()
    shown = screen()
    for seat, score in enumerate(scores):
        assert shows_text(shown, *SCORE_ORIGINS[seat], str(score), WHITE, FELT), f"seat {seat}"
    assert shows_text_in(shown, CENTRE_BOX, str(honba), WHITE, BLACK)
    assert shows_text_in(shown, CENTRE_BOX, str(riichi_sticks), WHITE, BLACK)


def long_think():
    for step_done in range(10**6):
        yield step_done / 10**6


def test_holding_x_shows_the_overlay_with_the_running_tasks(make_cart):
    cart, table = dealt_table(make_cart, trace_memory=True)
    cart.spawn(long_think(), "long think")
    step(cart)
    plain = screen()
    pyxel.set_btn(pyxel.KEY_X, True)
    step(cart)
    shown = screen()
    assert cart.overlay_shown
    lines = [text for text, _ in debug_lines(cart)]
    assert lines[0].startswith("CPU ") and "MAX" in lines[0]
    assert lines[2].startswith("MEM ") and lines[2].endswith("/2048 KIB")
    assert lines[3] == "TASKS 1" and lines[4].startswith(" long think ") and lines[4].endswith("%")
    assert shown[0] == BLACK and shown != plain  # drawn over the table
    pyxel.set_btn(pyxel.KEY_X, False)
    step(cart)
    assert not cart.overlay_shown and screen() != shown


def test_untraced_the_overlay_says_memory_is_not_traced(make_cart):
    cart, table = dealt_table(make_cart)
    pyxel.set_btn(pyxel.KEY_X, True)
    step(cart)
    assert [text for text, _ in debug_lines(cart)][2] == "MEM not traced"
