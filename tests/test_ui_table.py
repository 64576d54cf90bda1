"""The table: scripted buttons discard, the CPUs think and discard, the round ends, X shows the overlay."""

from __future__ import annotations

import pyxel
from stepping import press, screen, step, step_until

from engine.overlay import debug_lines
from engine.target import BLACK
from engine.tasks import Task
from game.shanten import shanten
from game.tiles import counts34
from game.ui import table as table_module
from game.ui.end import EndScene
from game.ui.table import CPU_MIN_FRAMES, PLAYER, TableScene, hand_in_order
from game.ui.title import TitleScene

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
    assert result.draw_reason == "exhaustive"  # this seed's round runs the wall out
    assert table.round.tiles_left == 0 and sum(pond_sizes(table)) == 70
    assert sum(result.deltas) == 0 and result.tenpai == tuple(  # tenpai payments as the rules say
        shanten(counts34(table.round.hand(seat))) == 0 for seat in range(4))
    step(cart, 15)
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, TitleScene)


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
