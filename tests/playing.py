"""Playing the table in tests: a scripted player that follows the hint, and cheap frames.

``ScriptedPlayer`` reads the table's state and says which key a player would press: on its
turn TSUMO, then RIICHI (and the first discard riichi allows), else the hint's suggested tile;
offered a discard RON, then a chi or pon while it has made fewer than ``calls``, else PASS. Results pages are read
with O once the guard lets it. Every choice goes through the buttons, one press per two frames.

``counting_clock`` is a clock that moves one millisecond per reading: the cartridge's
thinking slices are then a fixed number of task steps, so a test's frames do not depend on
the machine's speed. ``WorkClock`` reads the work done instead of the time (every call and
return, Python's or into C, one tick): the frame budget held on it is the same on any machine
however busy, and is broken only by code that does more work in a frame. ``frame`` steps the
cartridge with or without drawing the scene (the thinking runs either way): long tests draw
one frame in many.
"""

from __future__ import annotations

import itertools
import sys
import time

import pyxel

from engine.scheduler import Clock
from game.ui.wiring import Wiring
from engine.buttons import LEFT, RIGHT, O
from game.rules.actions import Chi, Discard, Nuki, Pass, Pon, Riichi, Ron, Tsumo
from game.rules.events import Called
from game.rules.shanten import shanten
from game.rules.tiles import counts34
from game.ui import hands, prompts

TICK = 0.001
QUICK_TICK = 0.0002  # a quick machine: a frame's thinking slice holds some 140 readings


def thread_clock() -> Clock:
    """A benchmark's clock: frames and steps on this thread's processor time (the machine's
    other work does not count as ours), gathered runs on the process's (``thread_time`` is
    missing in the browser's Python, so the cartridge itself never names it)."""
    return Clock(time.thread_time, time.thread_time, time.process_time)


def counting_clock(tick: float = TICK) -> Clock:
    """The cartridge's clock in a test: ``tick`` seconds a reading, gathered runs counted in steps."""
    ticks = itertools.count()
    return Clock.counted(lambda: next(ticks) * tick)


# What one unit of work stands for on the WorkClock: a microsecond. A whole game against the
# strong CPUs (tests/test_ui_game.py's, 20 million profile events) took 17 s of this two-core
# machine's processor time with memory traced as `make play` traces it, 3.8 s untraced: about
# one event a microsecond traced, five untraced. So the budget held on this clock is the
# budget of this machine with memory traced, the slowest way the game runs here.
SECONDS_PER_WORK = 1e-6


class WorkClock:
    """A clock that counts work, not time: each profile event (``sys.setprofile``: a Python
    call or return, a call into C or its return) moves it by ``SECONDS_PER_WORK``. Give it to a
    cartridge as its clock and run the frames inside ``with clock:``; the scheduler's slices,
    its steps' lengths and the CPU meter are then counts of the code's own work, so the same
    frames read the same on every run and every machine, loaded or not.

        >>> clock = WorkClock()
        >>> with clock:
        ...     _ = [abs(-n) for n in range(10)]
        >>> clock.events > 10 and clock() == clock.events * SECONDS_PER_WORK
        True
    """

    def __init__(self) -> None:
        # The count in two places, so that a tick allocates nothing: a sum past 256 would be a
        # new int object on every event, and with memory traced each one is traced and untraced
        # (half the whole-game test's time went there). ``low`` counts to 255 in a bytearray
        # (small ints are shared); ``high[0]`` counts the wraps, an allocation every 256 events.
        low, high = bytearray(1), [0]

        def tick(frame, event, arg) -> None:  # as lean as it can be: it runs on every call
            n = low[0]
            if n < 255:
                low[0] = n + 1
            else:
                low[0] = 0
                high[0] += 1

        self._low, self._high = low, high
        self._tick = tick
        self._before = None

    @property
    def events(self) -> int:
        return self._high[0] * 256 + self._low[0]

    def __call__(self) -> float:  # ``events`` spelled out: a call here would be counted as work too
        return (self._high[0] * 256 + self._low[0]) * SECONDS_PER_WORK

    def __enter__(self) -> WorkClock:
        self._before = sys.getprofile()
        sys.setprofile(self._tick)
        return self

    def __exit__(self, *exc) -> None:
        sys.setprofile(self._before)


def frame(cart, draw: bool = True) -> None:
    """One frame as pyxel.run would run it; without ``draw`` the scene's painting is skipped."""
    cart.update()
    if draw:
        cart.draw()
        pyxel.flip()
        return
    scene = cart.scene
    scene.draw = lambda: None  # this frame only: the cartridge still thinks and meters
    try:
        cart.draw()
    finally:
        del scene.draw


class ScriptedPlayer:
    def __init__(self, calls: int = 1) -> None:
        self.calls = calls  # how many chi or pon to make in the game (then it keeps closed)

    def button(self, table) -> str | None:
        """The button to press now (None: nothing to do this frame)."""
        if table.results is not None:
            return O if table.results.ready else None
        chooser = table.chooser
        view = chooser.asked
        if view is None or table.human.asking is None or not table.hand_seen:
            return None  # nothing asked, or the new round's hand not yet seen (buttons unread)
        if chooser.focus == "bar":
            return self.bar_button(table, chooser)
        return self.hand_button(table, chooser, view)

    def bar_button(self, table, chooser) -> str:
        want = self.wanted_option(table, chooser.options)
        return RIGHT if chooser.chosen != want else O

    @staticmethod
    def called_rounds(table) -> set[int]:
        """The rounds (by index) in which the player has called: read from the game itself,
        so that a press the table did not take counts for nothing."""
        rounds = list(table.game.rounds)
        if table.game.round is not None and table.game.round not in rounds:
            rounds.append(table.game.round)
        return {i for i, rnd in enumerate(rounds)
                if any(isinstance(e, Called) and e.seat == table.player for e in rnd.events)}

    def wanted_option(self, table, options: list[prompts.Option]) -> int:
        order = [lambda c: isinstance(c, (Tsumo, Ron)), lambda c: c == prompts.CHOOSE_RIICHI,
                 lambda c: isinstance(c, Nuki)]  # three-player: a North set aside whenever it may be
        called = self.called_rounds(table)
        if len(called) < self.calls and len(table.game.rounds) not in called:
            order.append(lambda c: isinstance(c, (Pon, Chi)))
        order += [lambda c: c == prompts.CHOOSE_DISCARD, lambda c: isinstance(c, prompts.Pass)]
        for wanted in order:
            for i, option in enumerate(options):
                if wanted(option.choice):
                    return i
        return 0

    def hand_button(self, table, chooser, view) -> str | None:
        tiles = hands.hand_in_order(view.hand, view.drawn)
        allowed = chooser.selectable(view)
        if not allowed or table.hint.task is not None:
            return None  # riichi throws by itself; or the hint is being worked out
        hint = table.hint.hint
        target = hint.tile if hint is not None and hint.tile in allowed else None
        if target is None:
            target = tiles[chooser.first_selectable(view)]
        index = tiles.index(target)
        if chooser.cursor == index:
            return O
        return LEFT if chooser.cursor > index else RIGHT


class Fingers:
    """Buttons pressed by a script: ``press(b)`` holds ``b`` for one frame, then lets go for one.

    Install with ``cart.buttons.read = fingers.read`` (no Pyxel keys involved)."""

    def __init__(self) -> None:
        self.down: set[str] = set()
        self.resting = False

    def read(self, button: str) -> bool:
        return button in self.down

    def press(self, button: str | None) -> None:
        """Call once per frame with the wanted button (or None)."""
        if self.down or self.resting:
            self.resting = bool(self.down)
            self.down = set()
            return
        if button is not None:
            self.down = {button}


class ShantenAgent:
    """A quick CPU for long UI tests: wins and riichis when it may, sets a North aside (three
    players) when it may, throws the tile that leaves the lowest shanten (the last such tile in
    hand), never calls. It thinks in well
    under a millisecond, where the real CPUs weigh every discard's ukeire."""

    name = "test:shanten"

    def act(self, view):
        yield
        legal = view.legal_actions
        for wanted in (Tsumo(), Ron()):
            if wanted in legal:
                return wanted
        if Pass() in legal:
            return Pass()
        nukis = [a for a in legal if isinstance(a, Nuki)]
        if nukis:
            return nukis[0]
        riichi = [a for a in legal if isinstance(a, Riichi)]
        options = riichi or [a for a in legal if isinstance(a, Discard)]
        if not options:
            return legal[0]
        counts = counts34(view.hand)

        def after(action):
            counts[action.tile // 4] -= 1
            value = shanten(counts)
            counts[action.tile // 4] += 1
            return value

        return min(reversed(options), key=after)


def play_until(cart, table, moment, limit: int, player: ScriptedPlayer | None = None,
               fingers: Fingers | None = None, draw_every: int = 8) -> int:
    """Let the scripted player play the table until ``moment()`` holds (checked before each
    frame, so the player never answers the moment's question); the frames it took. The
    scripted fingers press the buttons meanwhile; the keys are the buttons again after."""
    player = player or ScriptedPlayer(calls=0)
    fingers = fingers or Fingers()
    keys, cart.buttons.read = cart.buttons.read, fingers.read
    try:
        for n in range(limit):
            if moment():
                return n
            fingers.press(player.button(table))
            frame(cart, draw=n % draw_every == 0)
    finally:
        cart.buttons.read = keys
    raise AssertionError(f"the moment did not come in {limit} frames")


def callout_on_screen(table, callout, shot: bytes | None = None) -> bool:
    """The screen (or ``shot``, the screen's bytes taken before) shows ``callout`` (its word in
    big letters in its box) at its seat's place, pixel for pixel against the box painted alone.
    Paints over the screen."""
    from game.ui import callouts
    from game.ui.seats import relative

    shot = shot if shot is not None else bytes(pyxel.screen.data_ptr())
    players = table.game.ruleset.players
    x, y, w, h = callouts.box(relative(callout.seat, table.chair, players), callout.word)
    cells = [(x + dx, y + dy) for dy in range(h) for dx in range(w)]
    shown = [shot[cy * 128 + cx] for cx, cy in cells]
    alone = callouts.Callouts()
    alone.live = [callouts.Callout(callout.seat, callout.word, 0)]
    pyxel.cls(0)
    alone.draw(table.chair, 0, 1, players)
    return shown == [pyxel.pget(*cell) for cell in cells]


def quick(**changes) -> Wiring:
    """The scenes wired to quick CPUs (``ShantenAgent``) and whatever else ``changes`` says."""
    return Wiring(cpu=lambda strength: ShantenAgent(), **changes)


def wired_title(wiring: Wiring):
    """The title scene, wired: ``make_cart(wired_title(quick()))``."""
    from game.ui.title import TitleScene

    return lambda cart: TitleScene(cart, wiring=wiring)
