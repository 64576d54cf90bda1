"""CONTINUE brings a saved game back as thinking, behind the loading screen: no frame waits for
it however long the game is, and the table then stands exactly where the game was saved.

The work is counted, not timed: every Python function call made inside each ``update()`` and
``draw()`` of the cartridge, and inside each frame's thinking slice (the scheduler's run), from
the press of O on CONTINUE until the table asks the player the saved question. The cartridge
runs on a counting clock, so each slice is a fixed number of task steps on any machine.
Reading and checking this save at South 4 inside one ``update()``, as the title did, is some
190,000 calls: many times the largest slice's work while it loads (about 13,000 on the machine
this was written on; a slice is a few of the driver's steps gathered, ``scheduler.gathered``).
"""

from __future__ import annotations

import sys
from collections import defaultdict

import pytest
import pyxel
from playing import ShantenAgent, counting_clock, quick, wired_title
from stepping import press, step, step_until

from engine.tasks import NEXT_FRAME
from game.data import save
from game.data.settings import Settings
from game.data.storage import open_storage
from game.play.driver import Decision, Game, player_seat
from game.rules.actions import Discard
from game.rules.events import Discarded
from game.ui import loading
from game.ui.loading import LoadingScene
from game.ui.table import TableScene
from game.ui.title import CONTINUE, NEW_GAME, TitleScene

SEED = "LASTR0ND1"  # with four ShantenAgents this east-south game reaches South 4
LAST_ROUND = 7  # South 4


class AskedAtLast(ShantenAgent):
    """Plays like the others until South 4, where it keeps the question it is asked and waits."""

    def __init__(self, game: list) -> None:
        self.game = game
        self.view = None

    def act(self, view):
        if self.game[0].match.round_index < LAST_ROUND:
            return (yield from super().act(view))
        self.view = view
        while True:
            yield NEXT_FRAME


def saved_at_south_4(folder) -> tuple:
    """A whole east-south game saved at the player's first question of South 4; that question."""
    me = player_seat(SEED)
    holder: list = []
    agents = [ShantenAgent() for _ in range(4)]
    agents[me] = asked = AskedAtLast(holder)
    game = Game(agents, SEED, Settings().ruleset())
    holder.append(game)
    task = game.play()
    while asked.view is None:
        next(task)
    assert game.match.round_index == LAST_ROUND and len(game.rounds) >= LAST_ROUND
    save.write_game(open_storage(folder, environ={}), save.SavedGame(SEED, Settings(), tuple(game.decisions)))
    return game, asked.view


class Work:
    """Python function calls made in each frame's update, draw and thinking slice (a profile
    hook counts them); ``frames`` holds one ``(scene, update, draw, slice)`` per frame."""

    def __init__(self, cart) -> None:
        self.cart = cart
        self.phase: str | None = None
        self.calls: dict[str, int] = defaultdict(int)
        self.frames: list[tuple[str, int, int, int]] = []
        run = cart.scheduler.run

        def counted_run(seconds: float) -> None:
            outer, self.phase = self.phase, "slice"
            try:
                run(seconds)
            finally:
                self.phase = outer

        cart.scheduler.run = counted_run

    def count(self, frame, event: str, arg) -> None:
        if event == "call" and self.phase is not None:
            self.calls[self.phase] += 1

    def frame(self) -> None:
        """One frame as pyxel.run runs it, its work counted."""
        self.calls.clear()
        sys.setprofile(self.count)
        try:
            self.phase = "update"
            self.cart.update()
            self.phase = "draw"
            self.cart.draw()  # the thinking slice runs inside: counted apart
        finally:
            self.phase = None
            sys.setprofile(None)
        pyxel.flip()
        calls = self.calls
        self.frames.append((type(self.cart.scene).__name__, calls["update"], calls["draw"], calls["slice"]))


@pytest.fixture
def quick_cpus():
    """The title wired to quick CPUs (the continued games are played on by them)."""
    return wired_title(quick())


def test_a_save_at_south_4_comes_back_with_no_update_doing_more_than_a_slices_work(make_cart, data_folder,
                                                                                    quick_cpus):
    unbroken, question = saved_at_south_4(data_folder)
    cart = make_cart(TitleScene, clock=counting_clock())
    step(cart)
    assert cart.scene.chosen == CONTINUE
    work = Work(cart)
    pyxel.set_btn(pyxel.KEY_Z, True)
    work.frame()
    pyxel.set_btn(pyxel.KEY_Z, False)
    for _ in range(5000):
        table = cart.scene
        if isinstance(table, TableScene) and table.human.asking is not None:
            break
        work.frame()
    else:
        raise AssertionError("the saved question was not asked again")
    loading_slices = [slice_ for scene, _, _, slice_ in work.frames if scene == "LoadingScene"]
    assert len(loading_slices) > 5  # the work was spread over frames
    one_slice = max(loading_slices)
    for scene, update, draw, _ in work.frames:
        assert update <= one_slice, (scene, update, one_slice)
        assert draw <= one_slice, (scene, draw, one_slice)
    # and the table stands where the game was saved: the same question, the same round
    assert table.game.decisions == unbroken.decisions and not table.game.replaying
    assert table.game.round.events == unbroken.round.events
    assert table.human.asking.hand == question.hand
    assert table.human.asking.legal_actions == question.legal_actions


def bar_fill() -> int:
    x, y, w, h = loading.BAR
    return sum(pyxel.pget(x + 1 + dx, y + h // 2) == loading.ORANGE for dx in range(w - 2))


def test_the_loading_screen_shows_the_share_played_again(make_cart, data_folder, quick_cpus):
    saved_at_south_4(data_folder)
    cart = make_cart(quick_cpus, clock=counting_clock())
    step(cart)
    press(cart, pyxel.KEY_Z)
    fills = []
    while isinstance(cart.scene, LoadingScene):
        fills.append(bar_fill())
        step(cart)
    assert isinstance(cart.scene, TableScene)
    assert fills == sorted(fills) and fills[0] < 10 and fills[-1] > 70  # the bar is 78 pixels inside


def test_moves_that_do_not_fit_the_seed_are_found_behind_the_loading_screen_and_set_aside(make_cart, data_folder,
                                                                                          capsys):
    """The check is the loading itself: a save whose decisions go wrong late (another seed's
    deal from South 4 on, here a decision changed there) is refused when the replay reaches it."""
    unbroken, _ = saved_at_south_4(data_folder)
    storage = open_storage(data_folder, environ={})
    thrown = next(event.tile for event in unbroken.round.events if isinstance(event, Discarded))
    decisions = list(unbroken.decisions)
    decisions[-1] = Decision(decisions[-1].seat, Discard(thrown))  # a tile already in a pond: no one's to throw
    bad = save.SavedGame(SEED, Settings(), tuple(decisions))
    save.write_game(storage, bad)
    written = (data_folder / "game.bin").read_bytes()
    cart = make_cart(TitleScene, clock=counting_clock())
    step(cart)
    press(cart, pyxel.KEY_Z)
    frames = step_until(cart, lambda: not isinstance(cart.scene, LoadingScene), limit=5000)
    title = cart.scene
    assert frames > 5 and isinstance(title, TitleScene)
    assert title.message == "SAVE UNFIT MOVES: SET ASIDE"
    assert (data_folder / "game.bin.bad").read_bytes() == written and not save.has_game(storage)
    told = [line for line in capsys.readouterr().err.splitlines() if line.startswith("picoriichi:")]
    assert len(told) == 1 and "set aside as game.bin.bad" in told[0]
    assert title.chosen == NEW_GAME
