"""Callouts (issue 23, finding 3): a CPU's riichi, chi, pon, kan, ron and tsumo, and the
player's own calls, are announced in big letters at the seat that acts, on screen for the CPU
speed setting's frames (0.8 s at normal speed), with their sound; with the sound muted the
callout is all there; play waits while a CPU's callout is read.

The CPUs are the real ones, weak (they riichi every tenpai) or normal (they call too); the
clock counts, so the frames do not depend on
the machine. Each check reads the screen buffer."""

from __future__ import annotations

import pytest
from playing import ScriptedPlayer, callout_on_screen, counting_clock, frame, play_until

from game.data.settings import CALLOUT_FRAMES, Settings
from game.ui import sound
from game.ui.wiring import WIRING, Wiring
from game.ui.table import TableScene

SOUNDS = {"RIICHI": "riichi", "CHI": "call", "PON": "call", "KAN": "call", "RON": "ron", "TSUMO": "tsumo"}


def table_for(make_cart, code: str, settings: Settings, wiring: Wiring = WIRING):
    cart = make_cart(lambda c: TableScene(c, code, settings, wiring=wiring), clock=counting_clock())
    return cart, cart.scene


def first_callout(cart, table, words: set[str], cpu: bool, player: ScriptedPlayer | None = None):
    """Play until a callout of ``words`` by a CPU (or by the player) is noted; that callout."""
    def found():
        return next((c for c in table.callouts.live if c.word in words and (c.seat != table.player) == cpu), None)

    play_until(cart, table, lambda: found() is not None, limit=60000, player=player, draw_every=1)
    return found()


def frames_on_screen(cart, table, callout) -> tuple[int, int]:
    """Step frame by frame (nobody pressing) while the callout shows: how many frames it was on
    screen at its seat's place (the frame that noted it may have drawn it already), and how many
    decisions the game made meanwhile."""
    decisions = len(table.game.decisions)
    shown = int(callout_on_screen(table, callout))
    for _ in range(100):
        frame(cart)
        if not callout_on_screen(table, callout):
            break
        shown += 1
    return shown, len(table.game.decisions) - decisions


@pytest.mark.parametrize("speed", ["normal", "fast"])
def test_a_cpu_riichi_is_called_out_at_its_seat_long_enough_to_read(make_cart, speed):
    played = []
    wiring = Wiring(play_sound=lambda name: played.append((name, cart.scene.frames)))
    cart, table = table_for(make_cart, "CALLS00001", Settings(cpu_strength="weak", cpu_speed=speed), wiring)
    callout = first_callout(cart, table, {"RIICHI"}, cpu=True)
    shown, decisions = frames_on_screen(cart, table, callout)
    assert shown == CALLOUT_FRAMES[speed] >= (21 if speed == "normal" else 1)  # 0.7 s and more at normal
    assert decisions == 0  # play waited while it was read
    assert ("riichi", callout.shown_at) in played  # its sound, on the frame it first shows


def test_a_cpu_call_and_win_are_called_out_too_and_muted_nothing_is_lost(make_cart):
    cart, table = table_for(make_cart, "CALLS00001", Settings(cpu_strength="normal"))
    sound.set_muted(True)
    try:
        for words in ({"CHI", "PON", "KAN"}, {"RON", "TSUMO"}):
            callout = first_callout(cart, table, words, cpu=True)
            shown, _ = frames_on_screen(cart, table, callout)
            assert shown == CALLOUT_FRAMES["normal"], callout
    finally:
        sound.set_muted(False)


def test_the_players_own_call_is_called_out_at_the_bottom(make_cart):
    cart, table = table_for(make_cart, "CALLME0001", Settings(cpu_strength="weak", cpu_speed="fast"))
    callout = first_callout(cart, table, {"CHI", "PON"}, cpu=False, player=ScriptedPlayer(calls=1))
    assert callout.seat == table.player
    shown, _ = frames_on_screen(cart, table, callout)
    assert shown == CALLOUT_FRAMES["fast"]


@pytest.mark.parametrize("ends", ["tsumo", "double ron", "triple ron", "exhaustive draw"])
def test_the_end_banner_stays_inside_the_centre_box(pyxel_headless, ends):
    """The round's end word is drawn over the centre box only: a double ron once drew RON RON,
    54 pixels across a box of 44, over both side ponds."""
    import pyxel

    from engine.target import GREEN
    from game.rules.actions import Pass, Ron
    from game.ui import board
    from game.ui.table import draw_end_banner
    from stepping import screen
    from tables import discard, table

    hands = ["1357m2468p1357s1z", "234m678m234s66s46p", "345m567m345s77s46p", "234m678m456s88s46p"]
    rnd = table(hands, ["5p"])
    discard(rnd, 0, "5p")
    answers = {"double ron": (Ron(), Pass(), Ron()), "triple ron": (Ron(), Ron(), Ron())}.get(ends)
    if answers:
        for seat, answer in zip((1, 2, 3), answers):
            rnd.apply(seat, answer)
    result = rnd.result if answers else _other_end(ends)
    pyxel.cls(GREEN)
    draw_end_banner(result)
    x, y, w, h = board.CENTRE_BOX
    pixels = screen()
    outside = [(px, py) for py in range(128) for px in range(128)
               if not (x <= px < x + w and y <= py < y + h) and pixels[py * 128 + px] != GREEN]
    assert outside == []
    assert any(pixels[py * 128 + px] != GREEN for py in range(y, y + h) for px in range(x, x + w))


def _other_end(ends: str):
    from types import SimpleNamespace

    return SimpleNamespace(wins=[SimpleNamespace(from_seat=None)] if ends == "tsumo" else [])
