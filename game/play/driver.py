"""The one driver: plays a whole match for four seats, whoever sits in them.

Every game is played here, and only here: the table (the human's seat and three CPUs), the
attract-mode demo, the simulator, the mjai bridge and the tests. A seat is an
:class:`Agent`: given its :class:`game.rules.view.PlayerView`, whose ``legal_actions`` are what it
may do, it answers with a task (a generator) whose result is one of those actions. CPU seats
think inside that task (each ``yield`` lets the frame go on); the human's seat is a
:class:`WaitingAgent` that yields ``NEXT_FRAME`` until the buttons answer.

:meth:`Game.play` is itself a task: the cartridge slices it across frames, and the CLI,
the simulator and the tests run it with ``run_to_end``. Inside it the shuffle, the win and
yaku checks (``Round.prepare``/``Round.apply_task``) and the agents' thinking all run one
step at a time. A ``pace`` hook lets the table hold play for the eye (a CPU's turn lasts a
moment, a result waits for the player); headless play has none.

Every decision is recorded (``Game.decisions``): with the seed and the ruleset it is the
whole game, so a saved game resumes by replaying its decisions before the agents go on.

    >>> from engine.tasks import run_to_end
    >>> game = Game([TsumogiriAgent()] * 4, seed="PICORIICHI")
    >>> standings = run_to_end(game.play())
    >>> game.match.over, len(standings), sum(s.points for s in standings)
    (True, 4, 100000)
    >>> again = Game([TsumogiriAgent()] * 4, seed="PICORIICHI", decisions=game.decisions)
    >>> [s.points for s in run_to_end(again.play())] == [s.points for s in standings]
    True
"""

from __future__ import annotations

import hashlib
import struct
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.tasks import NEXT_FRAME, TaskGen
from game.rules.errors import InputError
from game.rules.match import Match, RoundEnd, Standing
from game.rules.actions import Action, Discard, Pass, Ron, Tsumo
from game.rules.events import RoundResult
from game.rules.round import Round
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.view import PlayerView, seen_by
from game.rules.wall import Shuffler, Wall, seed_words

SEATS = 4


# A decision's cost is CPU time, so that a loaded machine's waits do not count as thinking.
# The process's (one thread thinks; time.thread_time is missing in the browser's Python).
DECISION_CLOCK = time.process_time


# --- what a seat is -------------------------------------------------------------------

class Agent(Protocol):
    """Who sits in a seat. ``act`` is called whenever the table waits on this seat, with a
    view whose ``legal_actions`` is not empty; its task's result must be one of them.
    An agent may also define ``observe(event)`` to follow the game as the seat sees it
    (the events of :func:`game.rules.view.seen_by` and the driver's own below)."""

    name: str

    def act(self, view: PlayerView) -> TaskGen[Action]: ...


class TsumogiriAgent:
    """The simplest seat: wins when it can, else throws the tile it drew and never calls.

        >>> from engine.tasks import run_to_end
        >>> from game.rules.wall import Wall
        >>> r = Round.start(Wall(list(range(136))), dealer=0)
        >>> run_to_end(TsumogiriAgent().act(r.view(0))) == Discard(r.view(0).drawn)
        True
    """

    name = "tsumogiri"

    def act(self, view: PlayerView) -> TaskGen[Action]:
        return fallback(view, prefer_win=True)
        yield  # a task, like every agent's answer


class WaitingAgent:
    """The human's seat: ``act`` publishes what is asked (``asking``) and waits, one frame
    at a time, until the buttons call :meth:`answer` with one of the legal actions."""

    name = "human"

    def __init__(self) -> None:
        self.asking: PlayerView | None = None
        self._answer: Action | None = None

    def act(self, view: PlayerView) -> TaskGen[Action]:
        self.asking, self._answer = view, None
        while self._answer is None:
            yield NEXT_FRAME
        action, self.asking, self._answer = self._answer, None, None
        return action

    def answer(self, action: Action) -> None:
        """Answer the pending question (ignored when nothing is asked or it is not legal)."""
        if self.asking is not None and action in self.asking.legal_actions:
            self._answer = action


def fallback(view: PlayerView, prefer_win: bool = False) -> Action:
    """The answer that is always legal and harmless: pass a claim, or throw the drawn tile
    (a later tile when the draw may not be thrown); with ``prefer_win``, a win first."""
    legal = view.legal_actions
    if prefer_win:
        for win in (Tsumo(), Ron()):
            if win in legal:
                return win
    if Pass() in legal:
        return Pass()
    if view.drawn is not None and Discard(view.drawn) in legal:
        return Discard(view.drawn)
    discards = [a for a in legal if isinstance(a, Discard)]
    return discards[-1] if discards else legal[0]


# --- what the driver records ------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Decision:
    """One answer given at the table, in order: the save file is the seed and these."""
    seat: int
    action: Action


@dataclass(frozen=True, slots=True)
class DecisionCost:
    """What one decision cost its agent: CPU time inside its task (DECISION_CLOCK), steps
    (checkpoints), and frames when the game runs under a frame counter."""
    seat: int
    agent: str
    seconds: float
    steps: int
    frames: int


@dataclass(frozen=True)
class InvalidAnswer:
    """An answer that was not legal (an outside bot's mistake), and what was played instead."""
    seat: int
    agent: str
    answer: str
    played: Action


@dataclass(frozen=True)
class Fallback:
    """A seat whose agent raised, and the agent that plays it from then on (``Game.on_crash``)."""
    seat: int
    failed: str  # the agent's name
    error: str   # "IndexError: list index out of range"
    now: str     # the name of the agent that took over


Crash = Callable[[int, "Agent", Exception], "Agent"]
"""Given the seat, its agent and what it raised, the agent to play that seat from then on."""


# --- the driver's own events (besides the round's, see game.rules.view.seen_by) -------------------

@dataclass(frozen=True)
class GameStarted:
    seat: int  # the seat that is told
    names: tuple[str, ...]
    ruleset: Ruleset


@dataclass(frozen=True)
class RoundStarted:
    round_index: int  # 0 = East 1, 4 = South 1 ...
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    dora_indicator: int
    hand: tuple[int, ...]  # the told seat's own 13 (14 for the dealer) tiles


@dataclass(frozen=True)
class RoundEnded:
    result: RoundResult
    scores: tuple[int, ...]  # after the round (sticks a winner took included)


@dataclass(frozen=True)
class GameEnded:
    standings: tuple[Standing, ...]


Pace = Callable[[str, "Game"], TaskGen[None]]
"""A hook the table gives to hold play: called with the moment ("round_start", "action"
after every applied answer, "round_end", "game_end") and the game; its task returns when
play may go on."""


def player_seat(seed: str, seats: int = SEATS) -> int:
    """The human's seat for a seed (seat 0 deals first): drawn from the seed's words, as
    Tenhou seats its players at random, so the player is not always East.

        >>> [player_seat(code) for code in ("PICORIICHI", "00000000", "ABCDEFGH", "ZZZZZZZZ")]
        [0, 1, 2, 3]
        >>> [player_seat(code, seats=3) for code in ("PICORIICHI", "00000000", "ABCDEFGH", "ZZZZZZZZ")]
        [2, 1, 1, 0]
    """
    words = seed_words(seed)
    digest = hashlib.sha256(b"picoriichi seat:" + struct.pack(f"<{len(words)}I", *words)).digest()
    return digest[0] % seats


class Game:
    """A match in play; see the module docstring."""

    def __init__(self, agents: Sequence[Agent], seed: str, ruleset: Ruleset = TENHOU,
                 decisions: Sequence[Decision] = (), pace: Pace | None = None,
                 frame_counter: Callable[[], int] | None = None, on_crash: Crash | None = None) -> None:
        if len(agents) != ruleset.players:
            raise ValueError(f"a game of these rules needs {ruleset.players} agents, not {len(agents)}")
        self.agents = list(agents)
        self.seed = seed
        self.ruleset = ruleset
        self.shuffler = Shuffler(seed_words(seed), three_player=ruleset.three_player)
        self.match = Match(ruleset)
        self.round: Round | None = None
        self.rounds: list[Round] = []
        self.decisions: list[Decision] = []
        self.costs: list[DecisionCost] = []
        self.invalid: list[InvalidAnswer] = []
        # An agent that raises ends the game with its traceback (the simulator, mjai, the tests),
        # unless ``on_crash`` names the agent that plays on for it (the table: a simpler CPU).
        self.on_crash = on_crash
        self.fallbacks: list[Fallback] = []
        self.script = list(decisions)  # recorded answers to give before the agents are asked
        self.pace = pace
        self.frame_counter = frame_counter
        self.standings: list[Standing] = []
        self._told = 0  # how many of the round's events the observers have been given

    @property
    def replaying(self) -> bool:
        """Recorded answers are still being given (a resumed game catching up)."""
        return len(self.decisions) < len(self.script)

    def play(self) -> TaskGen[list[Standing]]:
        """The whole match, as a task; its result is the final standings, top first."""
        names = tuple(agent.name for agent in self.agents)
        yield from self.shuffler.seed_task()
        self._tell_each(lambda seat: GameStarted(seat, names, self.ruleset))
        while not self.match.over:
            yield from self._play_round()
        self.standings = self.match.standings()
        self._tell_each(lambda seat: GameEnded(tuple(self.standings)))
        yield from self._hold("game_end")
        return self.standings

    def _play_round(self) -> TaskGen[None]:
        shuffle = yield from self.shuffler.round_task()
        rnd = Round.start(Wall(shuffle.wall, shuffle.dice), **self.match.round_args())
        self.round, self._told = rnd, 0
        index = self.match.round_index
        self._tell_each(lambda seat: RoundStarted(
            index, rnd.dealer, rnd.honba, rnd.sticks, tuple(rnd.scores),
            rnd.wall.dora_indicators[0], tuple(rnd.hand(seat))))
        yield from rnd.prepare()
        yield from self._hold("round_start")
        while not rnd.over:
            self._tell_round()
            seat = rnd.awaiting()[0]
            action = yield from self._answer(seat, rnd.view(seat))
            self.decisions.append(Decision(seat, action))
            yield from rnd.apply_task(seat, action)
            yield from self._hold("action")
        self._tell_round()
        self.match.end_round(RoundEnd.of_round(rnd))
        self._tell_each(lambda seat: RoundEnded(rnd.result, tuple(rnd.scores)))
        rnd.forget_memos()
        self.rounds.append(rnd)
        yield from self._hold("round_end")

    def _answer(self, seat: int, view: PlayerView) -> TaskGen[Action]:
        """The seat's answer: the recorded one while replaying, else its agent's."""
        if self.replaying:
            action = self.script[len(self.decisions)].action
            if action not in view.legal_actions:
                raise InputError(f"the saved game does not fit its seed: decision "
                                 f"{len(self.decisions) + 1} ({action}) is not legal")
            return action
        while True:
            agent = self.agents[seat]
            try:
                answer = yield from self._timed(seat, agent.act(view))
                break
            except Exception as exc:
                if self.on_crash is None:
                    raise  # never swallowed into an answer: the game stops, with the traceback
                self._fall_back(seat, agent, exc)
        if answer in view.legal_actions:
            return answer
        played = fallback(view)
        self.invalid.append(InvalidAnswer(seat, agent.name, repr(answer), played))
        return played

    def _fall_back(self, seat: int, agent: Agent, error: Exception) -> None:
        """The seat's agent raised: ``on_crash`` names the one that plays on, told the game so far."""
        replacement = self.on_crash(seat, agent, error)
        self.agents[seat] = replacement
        self.fallbacks.append(Fallback(seat, agent.name, f"{type(error).__name__}: {error}", replacement.name))
        observe = getattr(replacement, "observe", None)
        if observe is not None:
            observe(GameStarted(seat, tuple(a.name for a in self.agents), self.ruleset))

    def player_name(self, seat: int) -> str:
        """The seat's name as its log keeps it: the agent's, and the agents that took over from it.

            >>> game = Game([TsumogiriAgent()] * 4, seed="PICORIICHI")
            >>> game.fallbacks.append(Fallback(1, "cpu:strong", "IndexError: x", "tsumogiri"))
            >>> game.player_name(0), game.player_name(1)
            ('tsumogiri', 'cpu:strong>tsumogiri')
        """
        names = [f.failed for f in self.fallbacks if f.seat == seat]
        return ">".join([*names, self.agents[seat].name]) if names else self.agents[seat].name

    def _timed(self, seat: int, task: TaskGen[Action]) -> TaskGen[Action]:
        """Run an agent's task, timing only its own steps (not the frames it waits)."""
        seconds, steps, frames = 0.0, 0, set()
        sent = None  # what the runner sends back (the clock a gathered task asks for)
        while True:
            start = DECISION_CLOCK()
            try:
                value = task.send(sent)
            except StopIteration as stop:
                seconds += DECISION_CLOCK() - start
                result = stop.value
                break
            seconds += DECISION_CLOCK() - start
            steps += 1
            if self.frame_counter is not None:
                frames.add(self.frame_counter())
            sent = yield value
        name = self.agents[seat].name
        self.costs.append(DecisionCost(seat, name, seconds, steps + 1, max(1, len(frames))))
        return result

    def _hold(self, moment: str) -> TaskGen[None]:
        if self.pace is not None and not self.replaying:
            yield from self.pace(moment, self)

    # --- telling the agents what they see -------------------------------------------------

    def _tell_each(self, event_for: Callable[[int], Any]) -> None:
        for seat, agent in enumerate(self.agents):
            observe = getattr(agent, "observe", None)
            if observe is not None:
                observe(event_for(seat))

    def _tell_round(self) -> None:
        """Give each observer the round's new events, as its seat sees them."""
        events = self.round.events[self._told:]
        self._told = len(self.round.events)
        for seat, agent in enumerate(self.agents):
            observe = getattr(agent, "observe", None)
            if observe is None:
                continue
            for event in events:
                seen = seen_by(event, seat)
                if seen is not None:
                    observe(seen)

