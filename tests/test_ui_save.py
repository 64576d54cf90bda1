"""The cartridge saves the table whenever the player is asked; CONTINUE on the title brings back the
very question the player was asked, and plays on by the rules and CPUs the game began with
whatever the settings say now; a damaged save or settings file is set aside with one line on
the title, and a new game starts."""

from __future__ import annotations

import pyxel
from playing import Fingers, ScriptedPlayer, counting_clock, wired_title
from stepping import press, screen, step, step_until

from engine.target import PINK, WIDTH
from engine.tasks import run_to_end
from game.data import save
from game.data.settings import Settings
from game.data.storage import open_storage
from game.rules.actions import Tsumo
from game.ui.wiring import Wiring
from game.ui.loading import LoadingScene
from game.ui.saving import Saver
from game.ui.table import TableScene
from game.ui.title import CONTINUE, MESSAGE_Y, NEW_GAME, TitleScene

FAST = Settings(cpu_speed="fast", cpu_strength="weak")


def pink_rows() -> int:
    pixels = screen()[MESSAGE_Y * WIDTH : (MESSAGE_Y + 14) * WIDTH]
    return len({i // WIDTH for i, p in enumerate(pixels) if p == PINK})


def asked(table: TableScene) -> bool:
    return table.human.asking is not None and not table.game.replaying


def continued(cart):
    """Z on CONTINUE, then the frames of the loading screen: the scene that follows it."""
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, LoadingScene)
    step_until(cart, lambda: not isinstance(cart.scene, LoadingScene), limit=3000)
    return cart.scene


def test_continue_brings_back_the_question_the_player_was_asked(make_cart, data_folder):
    cart = make_cart(wired_title(Wiring(new_seed_code=lambda: "SAVEQSTN01")), clock=counting_clock())  # the same game each run
    cart.settings = FAST
    step(cart)
    assert CONTINUE not in [e.label for e in cart.scene.entries]
    press(cart, pyxel.KEY_Z)  # NEW GAME
    table = cart.scene
    player, fingers = ScriptedPlayer(), Fingers()
    read = cart.buttons.read
    cart.buttons.read = fingers.read
    for _ in range(4000):  # the player plays on (each decision is saved) for 60 decisions
        if len(table.game.decisions) >= 60 and asked(table) and table.chooser.asked is not None:
            break
        fingers.press(player.button(table))
        step(cart)
    else:
        raise AssertionError("60 decisions not made")
    cart.buttons.read = read
    saved = save.read_game(open_storage(data_folder, environ={}))
    assert saved.decisions == tuple(table.game.decisions) and saved.seed == table.seed_code
    question = table.human.asking
    events = list(table.game.round.events)
    cart.restart()  # quit to the title: the save stays
    step(cart)
    labels = [e.label for e in cart.scene.entries]
    assert labels[:2] == [NEW_GAME, CONTINUE] and cart.scene.chosen == CONTINUE  # the cursor on it
    resumed = continued(cart)
    assert isinstance(resumed, TableScene) and resumed is not table
    step_until(cart, lambda: asked(resumed), limit=3000)
    assert resumed.game.decisions == list(saved.decisions)  # nothing played on by itself
    assert resumed.game.round.events == events
    assert resumed.human.asking.legal_actions == question.legal_actions
    assert resumed.human.asking.hand == question.hand


def test_a_damaged_save_is_set_aside_with_one_line_and_a_new_game_starts(make_cart, data_folder, capsys):
    data_folder.mkdir()
    garbage = b'{"format": "pico-riichi save", "version": 1, "seed": "PICORII'  # cut short
    (data_folder / "game.bin").write_bytes(garbage)
    cart = make_cart(TitleScene)
    step(cart)
    assert [e.label for e in cart.scene.entries][:2] == [NEW_GAME, CONTINUE]
    assert cart.scene.chosen == CONTINUE
    title = continued(cart)
    assert isinstance(title, TitleScene)
    assert title.message == "SAVE DAMAGED: SET ASIDE"
    assert pink_rows() == 5  # one line of text, 5 pixels high
    assert (data_folder / "game.bin.bad").read_bytes() == garbage and not (data_folder / "game.bin").exists()
    assert "game.bin.bad" in capsys.readouterr().err
    assert CONTINUE not in [e.label for e in title.entries] and title.chosen == NEW_GAME
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, TableScene)


def test_a_save_of_another_version_is_set_aside_too(make_cart, data_folder):
    data_folder.mkdir()
    (data_folder / "game.bin").write_bytes(b'{"format": "pico-riichi save", "version": 7}')
    cart = make_cart(TitleScene)
    step(cart)
    assert cart.scene.chosen == CONTINUE
    assert continued(cart).message == "SAVE VERSION 7: SET ASIDE"
    assert (data_folder / "game.bin.bad").exists()


def test_damaged_settings_are_set_aside_and_the_defaults_used(make_cart, data_folder):
    data_folder.mkdir()
    (data_folder / "settings.bin").write_bytes(b"\xff\xfe garbage")
    cart = make_cart(TitleScene)
    step(cart)
    assert cart.scene.message == "SETTINGS DAMAGED: SET ASIDE" and pink_rows() == 5
    assert cart.settings == Settings() and (data_folder / "settings.bin.bad").exists()


def test_settings_changed_on_the_menu_are_there_next_time(make_cart, data_folder):
    cart = make_cart(TitleScene)
    step(cart)
    settings_line = [e.label for e in cart.scene.entries].index("SETTINGS")
    for _ in range(settings_line):
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    press(cart, pyxel.KEY_RIGHT)  # RED FIVES: off
    assert save.read_settings(open_storage(data_folder, environ={}))[0] == Settings(red_fives=False)
    again = make_cart(TitleScene)
    assert again.settings == Settings(red_fives=False)


def test_the_save_is_deleted_when_the_game_ends(data_folder):
    storage = open_storage(data_folder, environ={})
    saver = Saver("PICORIICHI", Settings(), storage, None)

    class Ended:
        decisions = []

    run_to_end(saver.after("action", Ended()))
    assert save.has_game(storage)
    run_to_end(saver.after("game_end", Ended()))
    assert not save.has_game(storage) and list(data_folder.iterdir()) == []


def through_the_settings_menu(cart, keys) -> None:
    """From the title: down to SETTINGS, O, the ``keys`` pressed in turn, Esc back to the title."""
    title = cart.scene
    assert isinstance(title, TitleScene)
    while title.chosen != "SETTINGS":  # the cursor starts on CONTINUE when a game is saved
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    for key in keys:
        press(cart, key)
    press(cart, pyxel.KEY_ESCAPE)
    assert isinstance(cart.scene, TitleScene)


def test_quitting_while_the_hint_thinks_brings_the_title_at_once(make_cart, data_folder, monkeypatch):
    """The hint is urgent: it keeps every slice until it is done, so the table left from the
    pause menu drops it, and the title does not wait for an analysis nobody will read (one of
    100,000 steps here; a real one on a hard hand is a few hundred)."""
    def slow_analysis(view, ruleset):
        for _ in range(100_000):
            yield
        return None

    cart = make_cart(wired_title(Wiring(analyse=slow_analysis, new_seed_code=lambda: "SAVEHINT01")), clock=counting_clock())
    cart.settings = FAST
    step(cart)
    press(cart, pyxel.KEY_Z)  # NEW GAME
    table = cart.scene
    assert isinstance(table, TableScene)
    step_until(cart, lambda: table.hint.thinking, limit=300)
    task = table.hint.task
    for key in (pyxel.KEY_ESCAPE, pyxel.KEY_DOWN, pyxel.KEY_DOWN, pyxel.KEY_Z, pyxel.KEY_Z):  # QUIT TO TITLE, yes
        press(cart, key)
    step_until(cart, lambda: isinstance(cart.scene, TitleScene), limit=5)
    assert task.state == task.CANCELLED


def test_continue_from_the_title_plays_on_by_the_rules_and_cpus_the_game_began_with(make_cart, data_folder):
    """An east-only game without red fives against weak CPUs, quit through the pause menu, the
    settings then put back to east-south, red fives and strong CPUs: CONTINUE plays the saved
    game on as it began, and saves it so.

    On this seed the game is left on the player's first cut as dealer of East 2, the round
    before won by a CPU's tsumo: CONTINUE brings back that question at once, not the results
    of the round before (read before the game was left), which once waited for a press."""
    cart = make_cart(wired_title(Wiring(new_seed_code=lambda: "WWJGY5R54C")), clock=counting_clock())
    step(cart)
    right, down = pyxel.KEY_RIGHT, pyxel.KEY_DOWN  # RED FIVES, GAME, CPU, CPU SPEED: off, east, weak, fast
    through_the_settings_menu(cart, [right, down, right, down, right, right, down, right])
    began = Settings(red_fives=False, length="east", cpu_strength="weak", cpu_speed="fast")
    assert cart.settings == began
    press(cart, pyxel.KEY_Z)  # NEW GAME
    table = cart.scene
    assert isinstance(table, TableScene)
    player, fingers = ScriptedPlayer(), Fingers()
    read, cart.buttons.read = cart.buttons.read, fingers.read
    for _ in range(4000):
        if len(table.game.decisions) >= 30 and asked(table) and table.chooser.asked is not None:
            break
        fingers.press(player.button(table))
        step(cart)
    else:
        raise AssertionError("30 decisions not made")
    cart.buttons.read = read
    decisions = list(table.game.decisions)
    press(cart, pyxel.KEY_ESCAPE)  # pause, down to QUIT TO TITLE, O, O to confirm
    press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    press(cart, pyxel.KEY_Z)
    step_until(cart, lambda: isinstance(cart.scene, TitleScene), limit=30)  # the game's log kept as thinking
    left = pyxel.KEY_LEFT
    through_the_settings_menu(cart, [left, down, left, down, left, left])  # back to on, east-south, strong
    assert cart.settings == Settings(cpu_speed="fast")
    assert [e.label for e in cart.scene.entries][:2] == [NEW_GAME, CONTINUE]
    assert cart.scene.chosen == CONTINUE
    resumed = continued(cart)
    assert isinstance(resumed, TableScene) and resumed is not table
    assert isinstance(decisions[-1].action, Tsumo) and decisions[-1].seat != table.player
    step_until(cart, lambda: asked(resumed) or resumed.results is not None, limit=3000)
    assert resumed.results is None and asked(resumed)
    assert resumed.game.decisions == decisions
    rules = resumed.game.match.ruleset
    assert (rules.east_south, rules.red_fives) == (False, False)
    assert {agent.name for agent in resumed.game.agents if agent is not resumed.human} == {"cpu:weak"}
    fingers = Fingers()
    cart.buttons.read = fingers.read
    step_until(cart, lambda: fingers.press(player.button(resumed)) or len(resumed.game.decisions) > len(decisions),
               limit=3000)
    # the save is written when the player answers or is asked (the CPUs' moves between replay alike)
    step_until(cart, lambda: fingers.press(player.button(resumed)) or asked(resumed), limit=3000)
    saved = save.read_game(open_storage(data_folder, environ={}))
    assert saved.settings == began and saved.decisions == tuple(resumed.game.decisions)


def test_continue_plays_by_todays_hints_speed_and_call_prompts(make_cart, data_folder, monkeypatch):
    """Saved with hints on, slow CPUs and call prompts; the settings now say hints off, fast,
    no call prompts: the resumed table follows them (the rules and CPUs stay as saved), and
    on the player's turn no hint line is drawn."""
    from game.play.driver import Game, TsumogiriAgent
    from game.ui import board
    from game.ui.table import HINT_X, INFO_Y
    from playing import play_until, quick

    storage = open_storage(data_folder, environ={})
    began = Settings(length="east", cpu_strength="weak", cpu_speed="slow", hints=True, call_prompts=True)
    game = Game([TsumogiriAgent()] * 4, seed="HINTSOFF01")
    task = game.play()
    while len(game.decisions) < 30:
        next(task)
    save.write_game(storage, save.SavedGame("HINTSOFF01", began, tuple(game.decisions)))
    now = Settings(cpu_speed="fast", hints=False, call_prompts=False)
    save.write_settings(storage, now)
    cart = make_cart(wired_title(quick()), clock=counting_clock())
    step(cart)
    assert cart.scene.chosen == CONTINUE
    table = continued(cart)
    assert isinstance(table, TableScene)
    assert table.settings == Settings(length="east", cpu_strength="weak", cpu_speed="fast", hints=False,
                                      call_prompts=False)
    mine = lambda: asked(table) and table.human.asking.last_discard is None  # noqa: E731
    play_until(cart, table, mine, limit=5000)
    step_until(cart, lambda: table.hint.task is None and table.hint.hint is not None, limit=300)
    step(cart)
    hint_row = [pyxel.pget(x, y) for y in range(INFO_Y - 1, INFO_Y + 6) for x in range(HINT_X, WIDTH)]
    assert set(hint_row) == {board.FELT}, "a hint line is drawn with HINTS OFF"


def test_quit_while_the_cpus_play_on_and_continue_asks_the_very_next_question(make_cart, data_folder, monkeypatch):
    """The save is written when the player answers and when the player is asked, not after
    every CPU move: quit the moment after an answer, while the CPUs play on, and CONTINUE
    replays the save and lets the same CPUs play the same moves to the very question an
    unbroken game asks next (a CPU answers the same view with the same action)."""
    from engine.tasks import NEXT_FRAME
    from game.cpu import CpuAgent
    from game.play.driver import Game

    cart = make_cart(wired_title(Wiring(new_seed_code=lambda: "SAVECPS001")), clock=counting_clock())  # the same game each run
    cart.settings = FAST
    step(cart)
    press(cart, pyxel.KEY_Z)  # NEW GAME
    table = cart.scene
    me = table.player
    mine = lambda: len(table.game.decisions) >= 40 and table.game.decisions[-1].seat == me  # noqa: E731
    from playing import play_until
    play_until(cart, table, mine, limit=20000)
    answered = len(table.game.decisions)
    cart.restart()  # quit: the CPUs had not yet played on to the next question
    step(cart)
    saved = save.read_game(open_storage(data_folder, environ={}))
    assert len(saved.decisions) == answered and saved.decisions[-1].seat == me

    class Asked:  # the unbroken game's player: keeps the next question and answers none
        name = "asked"
        view = None

        def act(self, view):
            self.view = view
            while True:
                yield NEXT_FRAME

    agents: list = [CpuAgent("weak") for _ in range(4)]
    agents[me] = player_seat = Asked()
    unbroken = Game(agents, saved.seed, saved.settings.ruleset(), decisions=saved.decisions)
    task = unbroken.play()
    while player_seat.view is None:
        next(task)
    expected = player_seat.view
    assert cart.scene.chosen == CONTINUE
    resumed = continued(cart)
    step_until(cart, lambda: asked(resumed), limit=5000)
    question = resumed.human.asking
    assert question.hand == expected.hand and question.legal_actions == expected.legal_actions
    assert resumed.game.decisions == unbroken.decisions
