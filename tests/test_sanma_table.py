"""Three-player riichi (Tenhou's sanma) at the table: chosen in SETTINGS, played from the title
to the standings, drawn on three seats with the Norths set aside in view.

The whole games use the counting clock and the quick CPUs (tests/playing.py), as the four-player
tests of tests/test_ui_game.py do; the CPUs' three-player judgement has its own tests.
"""

from __future__ import annotations

import pyxel
from playing import Fingers, ScriptedPlayer, frame, quick
from stepping import press, screen
from test_ui_game import shows_big_word, start_from_the_title

from engine.cartridge import Cartridge
from game.data.settings import Settings
from game.play.driver import player_seat
from game.rules.events import NukiDeclared, Won
from game.ui.settings import SettingsScene
from game.ui.standings import StandingsScene
from game.ui.table import TableScene
from game.ui.title import TitleScene

SANMA_SEED = "SANMA00001"
GAME_FRAMES = 20000


def three_players_from_the_title(cart: Cartridge) -> None:
    """On the title: SETTINGS, PLAYERS moved to 3, back to the title."""
    while cart.scene.chosen != "SETTINGS":
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, SettingsScene)
    menu = cart.scene.menu
    while menu.names[menu.chosen] != "players":
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_RIGHT)
    assert cart.settings.players == 3
    press(cart, pyxel.KEY_ESCAPE)
    frame(cart)
    assert isinstance(cart.scene, TitleScene)


def start_three_player_game(seed: str, wiring=None) -> Cartridge:
    """The title, three players chosen in SETTINGS, ↓ to SEED, the code typed, ENTER."""
    return start_from_the_title(seed, wiring or quick(), first=three_players_from_the_title)


def play_to_standings(cart: Cartridge, table: TableScene, frames: int = GAME_FRAMES) -> None:
    player, fingers = ScriptedPlayer(), Fingers()
    cart.buttons.read = fingers.read
    for n in range(frames):
        if isinstance(cart.scene, StandingsScene):
            return
        fingers.press(player.button(table))
        frame(cart, draw=table.results is not None or n % 8 == 0)
        assert not cart.failure, cart.failure
    raise AssertionError("the game did not end")


def test_a_scripted_player_plays_a_whole_three_player_game_from_the_title(pyxel_headless):
    cart = start_three_player_game(SANMA_SEED)
    table = cart.scene
    table.settings = Settings(players=3, cpu_speed="fast")
    try:
        game = table.game
        assert game.ruleset.players == 3 and len(game.agents) == 3
        assert table.player == player_seat(SANMA_SEED, seats=3)
        play_to_standings(cart, table)
        standings = cart.scene
        for _ in range(3):
            frame(cart)
        assert shows_big_word(screen(), 6, "FINAL")
        assert len(standings.standings) == 3 and sum(s.points for s in standings.standings) == 105000
        events = [e for r in game.rounds for e in r.events]
        assert any(isinstance(e, NukiDeclared) and e.seat == table.player for e in events)
        assert any(isinstance(e, Won) for e in events)
    finally:
        cart.close()
