"""A broken CPU is loud: learned weights that do not fit are a clear error when they load, an
exception in a decision stops the simulator and the mjai bot with its traceback, and at the
table the game says so in one line while a named simpler CPU plays the seat on (issue 52)."""

from __future__ import annotations

import io
import json

import pytest
from playing import ShantenAgent, counting_clock, frame
from seat_lines import SeatLines

from engine.cartridge import Cartridge
from engine.tasks import run_to_end
from game.cpu import style, style_weights
from game.cpu.strength import SIMPLER, STRONG
from game.mjai.bot import MjaiBot, serve
from game.play import sim
from game.play.driver import Game, TsumogiriAgent
from game.records.ours import game_log
from game.rules.errors import InputError
from game.ui.table import TableScene
from game.ui.wiring import Wiring


class Broken:
    """A strong CPU whose thinking raises, as the issue's misfit weights did (an IndexError)."""

    name = "cpu:strong"
    strength = STRONG

    def act(self, view):
        raise IndexError("list index out of range")
        yield


# -- the weights, at load ------------------------------------------------------------------


def test_the_weights_as_kept_load():
    scorers = style.learned_scorers()
    assert scorers.discard.knows("dora") and scorers.riichi.rows and scorers.call.rows and scorers.riichi_sanma.rows


@pytest.mark.parametrize("part", style.PARTS)
def test_weights_one_name_short_are_a_clear_error_naming_the_part_not_a_weaker_cpu(part):
    w = dict(getattr(style_weights, part))
    w["names"] = w["names"][1:]  # every weight would slide onto the next feature's name
    with pytest.raises(style.WeightsError, match=rf"style_weights.py {part}: .*feature names but .*train_style"):
        style._built(part, w)


def test_a_hidden_row_one_wider_is_a_clear_error_at_load_not_an_error_in_every_decision():
    w = dict(style_weights.DISCARD)
    w["hidden"] = (tuple(w["hidden"][0]) + (0.5,), *w["hidden"][1:])
    with pytest.raises(style.WeightsError, match=r"DISCARD: the hidden layer is \d+ wide"):
        style._built("DISCARD", w)
    with pytest.raises(style.WeightsError, match="given twice"):
        style._built("CALL", dict(style_weights.CALL, names=(style_weights.CALL["names"][0],) * len(style_weights.CALL["names"])))


# -- an exception in a decision --------------------------------------------------------------


def test_the_simulator_stops_on_a_cpu_that_raises_with_its_error():
    game = Game([Broken(), TsumogiriAgent(), TsumogiriAgent(), TsumogiriAgent()], sim.game_seed("loud", 0))
    with pytest.raises(IndexError, match="list index out of range"):
        run_to_end(game.play())
    assert game.invalid == []  # never counted as an illegal answer and played on


class FirstQuestion(Exception):
    pass


class Listener:
    """Seat 0: keeps the mjai lines it is sent, and stops the game at its first question."""

    name = "listener"

    def __init__(self) -> None:
        self.seat_lines = SeatLines()

    def observe(self, event) -> None:
        self.seat_lines.observe(event)

    def act(self, view):
        raise FirstQuestion
        yield


def test_the_mjai_bot_raises_a_cpu_error_with_its_traceback_never_answers_none():
    listener = Listener()
    game = Game([listener, TsumogiriAgent(), TsumogiriAgent(), TsumogiriAgent()], "PICORIICHI")
    with pytest.raises(FirstQuestion):
        run_to_end(game.play())
    line = json.dumps(listener.seat_lines.lines)
    out, err = io.StringIO(), io.StringIO()
    assert serve(MjaiBot(TsumogiriAgent(), 0), [line], out, err) == 0 and '"dahai"' in out.getvalue()
    with pytest.raises(IndexError):
        serve(MjaiBot(Broken(), 0), [line], io.StringIO(), err)

    class Refusing(Broken):  # the CPU's own InputError (an IllegalAction) is not the referee's bad line
        def act(self, view):
            raise InputError("seat 0 may not Discard(tile=-1) now")
            yield

    with pytest.raises(RuntimeError, match="the CPU failed"):
        serve(MjaiBot(Refusing(), 0), [line], io.StringIO(), err)


# -- at the table ----------------------------------------------------------------------------


def test_at_the_table_a_cpu_that_raises_is_said_in_one_line_and_a_named_simpler_cpu_plays_on(pyxel_headless, capsys):
    assert SIMPLER == {"strong": "normal", "normal": "weak"}
    made = []

    def cpu(strength):
        made.append(strength)
        return Broken() if strength == "strong" else ShantenAgent()

    cart = Cartridge(lambda c: TableScene(c, "GAME000103", wiring=Wiring(cpu=cpu)), clock=counting_clock())
    table = cart.scene
    try:
        for _ in range(3000):
            frame(cart, draw=False)
            if table.game.fallbacks and len(table.game.decisions) > 40:
                break
        fallbacks = table.game.fallbacks
        assert fallbacks and all(f.failed == "cpu:strong" and f.now == "test:shanten" for f in fallbacks)
        assert "IndexError: list index out of range" in fallbacks[0].error
        assert "FAILED: NORMAL CPU PLAYS ON" in cart.failure and len(cart.failure) <= 64  # the red bar's two lines
        assert cart.failure.split(" FAILED")[0].endswith("CPU")  # the seat by its wind: "E CPU"
        assert "normal" in made and not table.game.invalid
        assert "Traceback" in capsys.readouterr().err  # the developer's traceback, on stderr
        seat = fallbacks[0].seat
        names = [p.name for p in game_log(table.game).players]
        assert names[seat] == "cpu:strong>test:shanten"  # the log says which CPU played on
        assert table.game.agents[seat].name == "test:shanten"
        assert len({f.seat for f in fallbacks}) == len(fallbacks)  # each seat falls back once
    finally:
        cart.close()
