"""Three-player riichi (Tenhou's sanma) at the table: chosen in SETTINGS, played from the title
to the standings, drawn on three seats with the Norths set aside in view.

The whole games use the counting clock and the quick CPUs (tests/playing.py), as the four-player
tests of tests/test_ui_game.py do; the CPUs' three-player judgement has its own tests.
"""

from __future__ import annotations

import pyxel
from playing import Fingers, ScriptedPlayer, frame, quick
from stepping import press, release_all, screen, step_until
from test_ui_game import shows_big_word, start_from_the_title
from test_ui_logs import open_chosen, to_replays

from engine.buttons import O, pyxel_reader
from engine.cartridge import Cartridge
from game.data import save
from game.data.settings import Settings
from game.data.storage import open_storage
from game.play.driver import player_seat
from game.replay.door import replay_file
from game.rules.events import NukiDeclared, Won
from game.ui.loading import LoadingScene
from game.ui.settings import SettingsScene
from game.ui.standings import StandingsScene
from game.ui.table import TableScene
from game.ui.title import CONTINUE, TitleScene

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


def play_to_standings(cart: Cartridge, table: TableScene, fingers: Fingers | None = None) -> None:
    """The scripted player plays the table to the standings (``fingers``: its buttons)."""
    player, fingers = ScriptedPlayer(), fingers or Fingers()
    cart.buttons.read = fingers.read
    for n in range(GAME_FRAMES):
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


def asked(table: TableScene) -> bool:
    return table.human.asking is not None and not table.game.replaying and table.chooser.asked is not None


def test_a_three_player_game_is_saved_continued_kept_listed_and_replayed(pyxel_headless, data_folder):
    """Saved at every question: quit to the title with the settings back at four players,
    CONTINUE brings back the very question of the three-player game; played on to the
    standings, it is kept in logs/, listed in REPLAYS (ES3: three players), replayed through
    our rules to its own final scores, and opened in the viewer on its three seats."""
    cart = start_three_player_game("SANMA00002")
    table = cart.scene
    player, fingers = ScriptedPlayer(), Fingers()
    try:
        cart.buttons.read = fingers.read
        for _ in range(4000):
            if len(table.game.decisions) >= 60 and asked(table):
                break
            fingers.press(player.button(table))
            frame(cart, draw=False)
        saved = save.read_game(open_storage(data_folder, environ={}))
        assert saved.decisions == tuple(table.game.decisions) and saved.settings.players == 3
        question, events = table.human.asking, list(table.game.round.events)
        cart.buttons.read = pyxel_reader()
        release_all()
        cart.restart()  # to the title: the save stays
        cart.settings = Settings(cpu_speed="fast")  # four players now: the saved game keeps its three
        frame(cart)
        assert cart.scene.chosen == CONTINUE
        press(cart, pyxel.KEY_Z)
        step_until(cart, lambda: not isinstance(cart.scene, LoadingScene), limit=3000)
        resumed = cart.scene
        assert isinstance(resumed, TableScene) and resumed is not table
        step_until(cart, lambda: asked(resumed), limit=3000)
        assert resumed.game.ruleset.players == 3 and resumed.player == table.player
        assert resumed.game.decisions == list(saved.decisions) and resumed.game.round.events == events
        assert resumed.human.asking == question
        play_to_standings(cart, resumed, fingers)
        game = resumed.game
        final = {s.seat: s.points for s in game.standings}
        place = [s.seat for s in game.standings].index(resumed.player) + 1
        for n in range(90):  # the standings' guard (the fingers at rest), then O: back to the title
            fingers.press(O if n > 30 else None)
            frame(cart)
            if isinstance(cart.scene, TitleScene):
                break
        cart.buttons.read = pyxel_reader()
        release_all()
        replays = to_replays(cart)
        [entry] = replays.entries  # the game continued is one game: one log
        words = replays.lines[entry.name].split()
        assert words[2:] == ["ES3", f"{len(game.rounds)}R", ("1ST", "2ND", "3RD")[place - 1],
                             str(final[resumed.player])]
        report = replay_file(entry.path)
        assert report.ok and len(report.rounds) == len(game.rounds), [r.difference for r in report.rounds]
        viewer = open_chosen(cart)
        assert viewer.seats == 3 and viewer.choice == resumed.player == viewer.log.player
        assert viewer.log.game.owari.scores[:3] == tuple(final[s] for s in range(3))
        press(cart, pyxel.KEY_Z)  # review the player's seat
        assert viewer.review is not None and viewer.review.seat == resumed.player
        step_until(cart, lambda: viewer.log.stepped(0) is not None, limit=600)
        assert all(len(step.views) == 3 for step in viewer.stepped.steps)
    finally:
        cart.close()
