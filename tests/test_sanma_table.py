"""Three-player riichi (Tenhou's sanma) at the table: chosen in SETTINGS, played from the title
to the standings, drawn on three seats with the Norths set aside in view.

The whole games use the counting clock and the quick CPUs (tests/playing.py), as the four-player
tests of tests/test_ui_game.py do; the CPUs' three-player judgement has its own tests.
"""

from __future__ import annotations

import dataclasses

import pytest
import pyxel
from playing import Fingers, ScriptedPlayer, frame, quick
from stepping import press, release_all, screen, step_until
from test_ui_game import shows_big_word, start_from_the_title
from test_ui_logs import open_chosen, to_replays
from test_ui_overlaps import LONG_POND, no_overlaps, staging

from engine.buttons import O, pyxel_reader
from engine.cartridge import Cartridge
from game.cli.wall import game_rounds
from game.data import save
from game.data.settings import Settings
from game.data.storage import open_storage
from game.play.driver import player_seat
from game.replay.door import replay_file
from game.rules.actions import (
    AddedKan,
    ClosedKan,
    Discard,
    NineTerminals,
    Nuki,
    Pass,
    Riichi,
    Ron,
    Tsumo,
)
from game.rules.events import NukiDeclared, Won
from game.rules.melds import Meld
from game.rules.view import DiscardView, PlayerView
from game.ui.loading import LoadingScene
from game.ui.settings import SettingsScene
from game.ui.standings import StandingsScene
from game.ui.table import TableScene
from game.ui.title import CONTINUE, TitleScene

SANMA_SEED = "SANMA00001"
THREE = Settings(players=3, cpu_speed="fast")


@pytest.fixture
def staged_three(make_cart):
    """``staged_three(view, asked=None)``: a three-player table showing ``view``, the player asked ``asked``."""
    return staging(make_cart, THREE)
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
        walls = [w["wall"] for w in game_rounds(SANMA_SEED, 3, players=3)]
        play_to_standings(cart, table)
        standings = cart.scene
        for _ in range(3):
            frame(cart)
        assert shows_big_word(screen(), 6, "FINAL")
        assert len(standings.standings) == 3 and sum(s.points for s in standings.standings) == 105000
        assert [r.wall.tiles for r in game.rounds[:3]] == walls  # 'picoriichi wall CODE --players 3'
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


# --- the three-player screens in their fullest states: nothing drawn over anything -------------------

def three_melds(seat: int) -> tuple[Meld, ...]:
    """An added kan and three pons, called from the seats on either side (no chi at three)."""
    left, right = (seat + 2) % 3, (seat + 1) % 3
    base = 72 + 12 * seat  # sou, a kind apart per seat
    return (
        Meld("kakan", (base, base + 1, base + 2, base + 3), called=base + 1, from_seat=right, added=base + 3),
        Meld("pon", (108, 109, 110), called=109, from_seat=left),
        Meld("pon", (base + 4, base + 5, base + 6), called=base + 6, from_seat=right),
        Meld("pon", (124, 125, 126), called=126, from_seat=left),
    )


def three_player_view(closed: bool, legal=(), claim: bool = False) -> PlayerView:
    """The table from seat 0 of three: every seat with four melds and four Norths set aside
    (seat 0 closed, with fourteen tiles, or melded too), long ponds, riichi for all."""
    hand = tuple(range(0, 56, 4)) if closed else (100, 104)
    drawn = None if claim else hand[-1]
    if claim:
        hand = hand[:-1]
    melds = tuple(() if seat == 0 and closed else three_melds(seat) for seat in range(3))
    ponds = tuple(tuple(DiscardView((seat * 29 + i * 11) % 136, i % 3 == 0, i == 7, None) for i in range(LONG_POND))
                  for seat in range(3))
    return PlayerView(
        seat=0, dealer=1, round_wind=1, seat_winds=(2, 0, 1), hand=hand, drawn=drawn, hand_sizes=(len(hand), 2, 2),
        melds=melds, discards=ponds, riichi=(closed, True, True), dora_indicators=(8, 12, 40, 72, 124),
        scores=(88800, 99900, -12300), honba=12, riichi_sticks=11, tiles_left=49, turn=2 if claim else 0,
        awaiting=(0,), last_discard=(2, 120) if claim else None, legal_actions=tuple(legal), over=False,
        nukis=((120, 121, 122, 123),) * 3 if not closed else ((), (120, 121), (122, 123)))


OWN_TURN = (Tsumo(), Riichi(0), ClosedKan(2), AddedKan(30), Nuki(120), NineTerminals(), Discard(0))
CLAIM = (Ron(), Pass())


def test_the_three_player_table_with_norths_set_aside_and_melds_overlaps_nothing(staged_three):
    found = {}
    for closed in (True, False):
        for name, legal, claim in (("own turn", OWN_TURN, False), ("claim", CLAIM, True)):
            asked = three_player_view(closed, legal, claim)
            table = staged_three(three_player_view(closed, claim=claim), asked)
            for chosen in range(len(table.chooser.options)):
                table.chooser.chosen = chosen
                overlaps = no_overlaps(table.draw)
                if overlaps:
                    found[f"{name}, closed={closed}, button {chosen}"] = overlaps[:4]
    assert found == {}


def test_the_norths_set_aside_show_at_each_seat(staged_three):
    """Each seat's Norths, first among its melds: one North tile in each seat's meld box, and
    none where no North is set aside."""
    from game.ui import board, melds

    view = three_player_view(closed=True)
    table = staged_three(view)
    table.draw()
    for seat, place in ((1, 1), (2, 3)):
        x, y, width = board.meld_box(view, place)
        right_to_left = place == 1
        nx = x + width - melds.nuki_width(len(view.nukis[seat])) if right_to_left else x
        shown = [pyxel.pget(nx + dx, y + dy) for dy in range(8) for dx in range(5)]
        pyxel.cls(0)
        melds.draw_nukis(nx, y, len(view.nukis[seat]))
        assert shown == [pyxel.pget(nx + dx, y + dy) for dy in range(8) for dx in range(5)], seat
        table.draw()


def test_the_three_player_results_standings_title_and_settings_overlap_nothing(make_cart):
    from types import SimpleNamespace

    from game.rules.match import Match
    from game.rules.ruleset import TENHOU_SANMA
    from game.rules.scoring import HandScore
    from game.ui.results import ResultsPanel

    score = HandScore(yaku=[(1, 1), (52, 4)], han=5, fu=40, limit="mangan", total=8000)
    rnd = SimpleNamespace(
        hand=lambda seat: list(range(0, 40, 4)), melds=[(), three_melds(1)[:1], three_melds(2)[:1]],
        wall=SimpleNamespace(dora_indicators=[8, 12], ura_indicators=[9, 13]), riichi=[True] * 3, honba=2,
        scores=[-12300, 99900, 17400], dealer=1,
        result=SimpleNamespace(wins=[Won(1, 0, 36, score, (-8600, 8600 + 1000, 0), 1)], draw_reason=None,
                               tenpai=(True, True, True), deltas=[-8600, 9600, 0]))
    match = Match(TENHOU_SANMA)
    match.scores, match.over = [-12300, 99900, 17400], True
    drawn = SimpleNamespace(**{**vars(rnd), "result": SimpleNamespace(
        wins=[], draw_reason="exhaustive", tenpai=(True, True, True), deltas=[1000, 1000, -2000])})
    found = {}
    for name, panel in (("win", ResultsPanel(rnd, 0, match)), ("draw", ResultsPanel(drawn, 0, match))):
        panel.frames = 100
        for page in range(len(panel.pages)):
            panel.page = page
            overlaps = no_overlaps(panel.draw)
            if overlaps:
                found[f"{name} page {page}"] = overlaps[:4]
    standings = make_cart(lambda c: StandingsScene(c, match.standings(), "WWWWWWWWWWWW", 0))
    standings.scene.frames = 100
    found["standings"] = no_overlaps(standings.scene.draw)
    title = make_cart(TitleScene)
    title.settings = Settings(players=3)
    title.scene.code, title.scene.typing_code = "WWWWWWWWWWWW", True
    while title.scene.chosen != "SEED":
        title.scene.choice += 1
    found["title"] = no_overlaps(title.scene.draw)
    menu = make_cart(SettingsScene)
    menu.settings = Settings(players=3)
    menu.scene.menu.chosen = menu.scene.menu.names.index("players")
    found["settings"] = no_overlaps(menu.scene.draw)
    assert {name: overlaps for name, overlaps in found.items() if overlaps} == {}


@pytest.mark.long
def test_a_whole_three_player_game_against_the_real_strong_cpus_keeps_the_frame_budget(make_cart):
    """As tests/test_ui_game.py holds the four-player game: the real strong CPUs, memory traced,
    the work clock for the meter; three players chosen, the scripted player plays from the title
    to the standings. No task fails, the memory peak stays inside PICO-8's 2 MiB, the CPU meter
    under 1.0 on every frame and under half on most; the CPUs' callouts show at their seats."""
    from playing import WorkClock
    from test_ui_game import holds_the_budget, play_to_the_standings, strong_table

    from engine.scheduler import Clock

    clock = WorkClock()
    with clock:
        cart = make_cart(TitleScene, clock=Clock.working(clock), trace_memory=True)
        cart.settings = Settings(players=3)
        table = strong_table(cart, "STRNGCPS03", cpus=2)
        assert table.game.ruleset.players == 3
        meters, called_out = play_to_the_standings(cart, table)
    peak = holds_the_budget(cart, table, meters, rounds=3)
    assert "RIICHI" in called_out and "NUKI" in called_out and called_out & {"RON", "TSUMO"}, called_out
    print(f"three-player strong game: {meters.frames} frames, peak {peak // 1024} KiB, "
          f"{len(table.game.rounds)} rounds, called out {sorted(called_out)}")


def test_the_hint_weighs_a_north_set_aside_as_a_kan_not_as_a_hand_of_fourteen():
    """The hint's explanation measures a Nuki as a kan: the hand's shanten without the North
    (before the replacement draw), never the ukeire of all fourteen tiles, whose unsliced
    search was one step of 8 to 15 ms of work on the table (frames over the budget)."""
    from test_sanma import ROBBING, sanma_table

    from engine.tasks import run_to_end
    from game.coach.explain import explain
    from game.rules.ruleset import TENHOU_SANMA
    from game.rules.shanten import shanten
    from game.rules.tiles import NORTH, counts34

    rnd = sanma_table(ROBBING, ["1z"])
    view = rnd.view(0)
    north = next(t for t in view.hand if t // 4 == NORTH)
    assert Nuki(north) in view.legal_actions
    measured = run_to_end(explain(view, Nuki(north), ruleset=TENHOU_SANMA)).player
    counts = counts34(view.hand)
    counts[NORTH] -= 1
    assert measured.action == Nuki(north) and measured.shanten == shanten(counts) and measured.ukeire == 0


def test_the_three_player_hold_x_view_shows_three_seats_and_overlaps_nothing(make_cart):
    """Hold X at a three-player table: three seats' hands and hints under the engine's meters,
    SEED 3P beside the code."""
    from engine import overlay
    from game.coach import hint as coach_hint
    from game.ui import debug

    cart = make_cart(lambda c: TableScene(c, "OVERLAP001", THREE, wiring=quick()))
    table = cart.scene
    for _ in range(200):  # the game's first deal
        if table.game.round is not None:
            break
        frame(cart)
    assert table.game.round.players == 3
    view = debug.DebugView(cart)
    view.hints = [coach_hint.Hint(3, 0.256, advice=coach_hint.Advice(Discard(20))),
                  coach_hint.Hint(0, 0.05, advice=coach_hint.Advice(Nuki(120))), coach_hint.Hint(-1, 0.0)]
    view.follow = lambda game, player=None: None

    def both():
        view.draw(table.game, "WWWWWWWWWWWW", table.player)
        overlay.draw_debug(cart)

    assert no_overlaps(both) == []
    both()
    assert pyxel.pget(2, debug.SEATS_Y + 3 * debug.SEAT_H + 2) == pyxel.pget(1, 127)  # no fourth seat: background


def test_the_viewer_draws_a_three_player_log_with_its_norths_and_overlaps_nothing(make_cart):
    """A real three-player Phoenix game in the viewer: three seats listed, each seat's Norths set
    aside among its melds, and the table from a chair; nothing drawn over anything."""
    from test_sanma import FIRST

    from game.replay.steps import ReplayLog
    from game.ui.viewer import SEATS, ViewerScene

    log = ReplayLog.read(FIRST, seats=SEATS)
    log.round(0)  # stepped through at once
    cart = make_cart(lambda c: ViewerScene(c, log))
    viewer = cart.scene
    assert viewer.seats == 3
    viewer.choosing = False
    viewer.step = len(viewer.stepped.steps) - 2  # the last step before the result
    views = viewer.views
    seat = next(s for s in range(3) if views[s].nukis[s])
    found = {"seats": no_overlaps(viewer.draw)}
    viewer.table = True
    found["table"] = no_overlaps(viewer.draw)
    assert {name: o for name, o in found.items() if o} == {}

    def seat_row(view) -> list[int]:
        pyxel.cls(0)
        viewer.draw_seat(seat, view, 9)
        return [pyxel.pget(x, y) for y in range(16, 25) for x in range(128)]

    without = dataclasses.replace(views[seat], nukis=((),) * 3)
    assert seat_row(views[seat]) != seat_row(without)  # the Norths drawn
    assert sum(p != 0 for p in seat_row(views[seat])) > sum(p != 0 for p in seat_row(without))


def test_the_replays_list_shows_a_three_player_games_widest_line_whole(make_cart, data_folder):
    """The widest line of a three-player game (ES3, two-digit rounds, LEFT, a five-digit loss)
    is shown whole on the screen, and the legend says what the 3 means."""
    from game.data.logs import Summary
    from game.ui.replays import ReplaysScene

    folder = data_folder / "logs"
    folder.mkdir(parents=True)
    (folder / "20260115-123456-sanma00001.json").write_text("{}")
    cart = make_cart(ReplaysScene)
    scene = cart.scene
    frame(cart)
    widest = Summary("01-15 12:34", "ES", 12, False, 1, -31200, 0, players=3).line()
    assert len(widest) == 31
    scene.lines = {entry.name: widest for entry in scene.entries}
    texts = []
    with pytest.MonkeyPatch.context() as patches:
        shown = pyxel.text
        patches.setattr(pyxel, "text", lambda x, y, s, c, *a: (texts.append(s), shown(x, y, s, c, *a)))
        scene.draw()
    assert widest in texts and "ES: EAST-SOUTH. 3: 3P. R: ROUNDS" in texts
    assert no_overlaps(scene.draw) == []


def test_three_players_is_a_setting_saved_like_the_others(data_folder):
    """PLAYERS is kept in the settings file and read back; a value that is not 3 or 4 (or not
    a number) keeps the default, four, as every damaged setting does."""
    from game.rules.ruleset import TENHOU, TENHOU_SANMA

    storage = open_storage(data_folder, environ={})
    save.write_settings(storage, Settings(players=3, length="east"))
    read, message = save.read_settings(storage)
    assert read == Settings(players=3, length="east") and message == ""
    assert read.ruleset() == dataclasses.replace(TENHOU_SANMA, east_south=False)
    assert Settings().ruleset() == TENHOU
    for bad in (5, "3", 3.0, True, None):
        assert Settings.from_dict({"players": bad, "length": "east"}) == Settings(length="east")


@pytest.mark.parametrize("closed", [True, False])
def test_every_tile_of_the_three_player_table_is_a_spot_of_the_look_where_it_is_drawn(pyxel_headless, closed):
    """The look (game/ui/look.py) finds every tile where the three-player board draws it, the
    melds moved along by the Norths set aside before them; the Norths themselves are the only
    tiles drawn that are not spots (one North tile a seat that has set any aside)."""
    from test_ui_look import drawn_tiles, spotted

    from game.rules.tiles import NORTH, tile_name

    view = three_player_view(closed)
    drawn, spots = drawn_tiles(view), spotted(view)
    assert len(drawn) > 80 and spots <= drawn
    rest = drawn - spots
    assert [name for name, _, _ in rest] == [tile_name(NORTH * 4)] * sum(1 for n in view.nukis if n)
