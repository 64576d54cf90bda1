"""A review of one seat's play over a game log: each decision beside the strong CPU's.

The log is replayed through our rules (``game.replay.door``'s round driver, on the wall rebuilt
from the log's own tiles, as the viewer does). At every point where the reviewed seat had a
choice (more than one legal action: a discard, riichi or not, a call or a pass, a win or
not, a kan, the nine-terminals draw) its ``PlayerView`` is handed to
``game.coach.explain.explain``, which asks the CPU's own code for its answer and measures both
answers (the one judge). Only the view and its figures are kept a moment; each decision
becomes a :class:`Judged`:

- ``agree``: the seat chose what the CPU chooses (the same kinds: a log names no copies);
- ``differ``: it chose otherwise, and its choice costs something by the CPU's figures:
  a step further from a win as the CPU counts it (``steps``, or ``yaku``: an open hand left
  without a yaku in reach counts further), less as the CPU weighs ukeire, shape and value at
  the same count (``weighed``, in tiles; of which ``tiles``: the unseen tiles it keeps fewer,
  when it keeps fewer), a lower outlook where the strong CPU weighs one (near tenpai with no
  threat: ``worth``, percent of the CPU's), or more danger against the threats (``danger``,
  percent); every call, win, kan or riichi the CPU would answer otherwise is a difference;
- ``close``: it chose otherwise, but by none of those figures is its choice worse (two tiles
  of the same worth, or the CPU weighed what these figures leave out).

A pass the log cannot tell apart from a call that lost to another seat's claim (a chi under
a pon, anything under a ron) is not reviewed: the log does not say what the seat answered.
The review is a task: the viewer slices it across frames, the CLI runs it to the end.
``game.coach.review_text`` puts a decision in words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Literal

from engine.scheduler import gather_clock, gathered
from engine.tasks import TaskGen, run_to_end
from game.coach.explain import Explanation, explain
from game.cpu.strength import DEFAULT_STRENGTH
from game.records import GameLog, RoundLog
from game.replay.door import Difference, rebuilt_wall, ruleset_for
from game.replay.rounds import RoundReplay, Watcher
from game.rules.actions import Action, Chi, OpenKan, Pass, Pon, Riichi, Ron
from game.rules.errors import InputError
from game.rules.match import round_label
from game.rules.ruleset import Ruleset
from game.rules.view import PlayerView

PRIORITY = {Ron: 3, Pon: 2, OpenKan: 2, Chi: 1}  # which claim wins an offered tile
EPSILON = 0.05  # figures closer than this are the same
WORTH_PERCENT = 5.0  # an outlook this many percent lower is a cost
ALTERNATIVES = 3  # the CPU's best cuts a review that shows them measures at each discard
STEP_SECONDS = 0.002  # how long one step of the review runs the CPU's own steps (a fraction of a slice)


@dataclass(frozen=True, slots=True)
class Note:
    """A decision met in the replay: the view then, what the seat did, where the viewer shows it."""

    view: PlayerView
    action: Action
    step: int  # the viewer's step of this decision (see ``game.replay.steps``)
    taken: int  # the priority of another seat's claim taken on the same tile (0: none)


Verdict = Literal["agree", "differ", "close"]  # see the module


@dataclass(frozen=True, slots=True)
class Cost:
    """What a decision's answer cost, by the CPU's figures (see ``verdict``)."""

    verdict: Verdict
    steps: int = 0  # shanten steps the seat's choice is further, as the CPU counts them
    tiles: float = 0.0  # unseen tiles the seat's choice keeps fewer than the CPU's (0: as many or more)
    danger: float = 0.0  # danger the seat's choice took beyond the CPU's, percent
    yaku: bool = False  # the seat's choice left an open hand without a yaku in reach
    worth: float = 0.0  # percent of the hand's outlook the seat's choice gave up (where the CPU weighs it)
    weighed: float = 0.0  # what the seat's choice lost as the CPU weighs ukeire, shape and value, in tiles


@dataclass(frozen=True, slots=True)
class Judged:
    """One reviewed decision: where it stood, the two answers measured, and its cost."""

    number: int  # 1, 2 ... in the game
    round_index: int  # the log's round
    label: str  # "E1.0"
    step: int  # the viewer's step
    turn: int  # the seat's turn in the round (its discards so far, plus one)
    hand: tuple[int, ...]  # the concealed tiles at the decision
    drawn: int | None
    offered: int | None  # the tile a call or ron answers
    melds: tuple  # the seat's melds then
    winds: tuple[int, ...]  # every seat's wind then (0..3: E S W N), to name the threats
    tiles_left: int  # in the wall
    dealer: bool  # the seat deals this round
    explanation: Explanation
    cost: Cost
    riichi_legal: bool = False  # the seat could declare riichi (with some tile) here


@dataclass
class Review:
    """A seat's decisions over a game, reviewed."""

    seat: int
    name: str
    strength: str
    ruleset: Ruleset = field(default_factory=Ruleset)  # the log's, which the CPU is told
    decisions: list[Judged] = field(default_factory=list)
    unknown: int = 0  # passes the log cannot tell from a call that lost to another claim
    problems: list[str] = field(default_factory=list)  # rounds our rules could not follow to the end
    done: bool = False
    judge: Callable[..., TaskGen[Explanation]] = explain  # the one judge (a test may listen in)

    @property
    def agreed(self) -> int:
        return sum(1 for d in self.decisions if d.cost.verdict == "agree")

    @property
    def differences(self) -> list[Judged]:
        return [d for d in self.decisions if d.cost.verdict != "agree"]

    @property
    def listed(self) -> list[Judged]:
        """The differences that cost something (``differ``)."""
        return [d for d in self.decisions if d.cost.verdict == "differ"]

    def biggest(self, by: str, count: int = 3) -> list[Judged]:
        """The costliest differences: by "tiles" (steps first) or by "danger"."""
        if by == "danger":
            found = [d for d in self.listed if d.cost.danger > EPSILON]
            return sorted(found, key=lambda d: -d.cost.danger)[:count]
        found = [d for d in self.listed if d.cost.yaku or d.cost.steps > 0 or d.cost.weighed > EPSILON or d.cost.worth > WORTH_PERCENT]
        return sorted(found, key=lambda d: (-d.cost.yaku, -d.cost.steps, -d.cost.weighed, -d.cost.worth))[:count]

    def next_difference(self, round_index: int, step: int, later: bool = True) -> Judged | None:
        """The first difference after (round, step), or the last one before it."""
        here = (round_index, step)
        if later:
            return next((d for d in self.decisions if d.cost.verdict != "agree" and (d.round_index, d.step) > here), None)
        return next((d for d in reversed(self.decisions) if d.cost.verdict != "agree" and (d.round_index, d.step) < here),
                    None)

    def at(self, round_index: int, step: int) -> list[Judged]:
        return [d for d in self.decisions if (d.round_index, d.step) == (round_index, step)]


def verdict(explanation: Explanation) -> Cost:
    """The verdict of a decision and its cost; see the module.

    ``steps`` are shanten steps as the tiles count them; ``yaku`` says the seat's choice left an
    open hand further from a yaku than the CPU's (the CPU counts such a hand further away).
    ``weighed`` is what the seat's choice lost as the CPU weighs ukeire (by shape, a tenpai's
    points) less the value given up, at the same count; ``tiles`` only the unseen tiles it keeps
    fewer, so that "tiles lost" is never said of a choice that kept as many (its loss was shape
    or value). Where the strong CPU weighed both answers by their outlook (near tenpai, no
    threat), ``worth`` is the percent of its answer's outlook the seat's gave up, and the tiles
    are not counted: the outlook, not the ukeire, made the choice."""
    if explanation.agrees:
        return Cost("agree")
    player, cpu = explanation.player, explanation.cpu
    weighed_steps = player.weighed_shanten - cpu.weighed_shanten
    steps = max(0, player.shanten - cpu.shanten)
    yaku = player.weighed_shanten - player.shanten > cpu.weighed_shanten - cpu.shanten
    weighed = max(0.0, cpu.weighed - player.weighed) if weighed_steps == 0 else 0.0
    danger = max(0.0, player.danger - cpu.danger)
    worth = 0.0
    if player.outlook >= 0 and cpu.outlook > 0:
        worth = max(0.0, 100 * (cpu.outlook - player.outlook) / cpu.outlook)
        weighed = 0.0
    fewer = cpu.ukeire - player.ukeire if player.shanten == cpu.shanten else 0
    tiles = float(fewer) if weighed > EPSILON and fewer > 0 else 0.0
    cost = Cost("differ", steps, tiles, danger, yaku, worth, weighed)
    if explanation.topic != "discard" or isinstance(player.action, Riichi) != isinstance(cpu.action, Riichi):
        return cost
    costly = weighed_steps > 0 or weighed > EPSILON or danger > EPSILON or worth > WORTH_PERCENT
    return cost if costly else replace(cost, verdict="close")


def judge(view: PlayerView, explanation: Explanation, number: int = 0, round_index: int = 0, label: str = "",
          step: int = 0) -> Judged:
    """A decision on ``view`` judged: its explanation, its verdict and cost (the review's, and
    the hint's reason for the CPU's choice)."""
    return Judged(number=number, round_index=round_index, label=label, step=step,
                  turn=len(view.discards[view.seat]) + (1 if view.last_discard is None else 0),
                  hand=view.hand, drawn=view.drawn,
                  offered=view.last_discard[1] if view.last_discard is not None else None,
                  melds=view.melds[view.seat], winds=view.seat_winds, tiles_left=view.tiles_left,
                  dealer=view.seat == view.dealer, explanation=explanation, cost=verdict(explanation),
                  riichi_legal=any(isinstance(a, Riichi) for a in view.legal_actions))


def start_review(game: GameLog, seat: int, strength: str = DEFAULT_STRENGTH,
                 ruleset: Ruleset | None = None, judge: Callable[..., TaskGen[Explanation]] = explain) -> Review:
    """An empty review of ``seat``, for ``review_task`` to fill (a viewer shows it as it grows);
    ``judge`` explains each decision (``game.coach.explain.explain``)."""
    name = game.players[seat].name if seat < len(game.players) else f"seat {seat}"
    return Review(seat, name, strength, ruleset or ruleset_for(game), judge=judge)


def review_task(game: GameLog, review: Review) -> TaskGen[Review]:
    """Task: fill ``review`` with its seat's decisions over every round of ``game`` (each step
    a few milliseconds: an event of the replay, or a step of the CPU's thinking)."""
    for index, round_log in enumerate(game.rounds):
        yield  # a round's wall rebuilt and dealt: a step of its own
        yield from _review_round(review, index, round_log, review.ruleset)
    review.done = True
    return review


def _review_round(review: Review, index: int, round_log: RoundLog, ruleset: Ruleset) -> TaskGen[None]:
    init = round_log.init
    label = f"{round_label(init.round_index)}.{init.honba}"
    try:
        recorder = DecisionRecorder(round_log, ruleset, review.seat)
    except (Difference, InputError, ValueError) as error:
        review.problems.append(f"{label}: {error}")
        return
    replaying = recorder.replay.run_task()
    clock = yield from gather_clock()
    since = clock()  # events are quick: a step replays them for about STEP_SECONDS
    while True:
        try:
            next(replaying)
            finished = False
        except StopIteration:
            finished = True
        except Difference as error:
            review.problems.append(f"{label}: {error}")
            finished = True
        except InputError as error:
            review.problems.append(f"{label}: malformed round: {error}")
            finished = True
        except Exception as error:  # a log our rules cannot follow: review what there is
            review.problems.append(f"{label}: replay failed: {type(error).__name__}: {error}")
            finished = True
        for note in recorder.take_notes():
            yield from _judge(review, index, label, note)
            yield  # the judging's last run and the next events: a step each
            since = clock()
        if finished:
            return
        if clock() - since >= STEP_SECONDS:
            yield
            since = clock()


def decision_view(game: GameLog, seat: int, round_index: int, step: int, hand: tuple[int, ...],
                  ruleset: Ruleset) -> TaskGen[PlayerView]:
    """Task: the view ``seat`` answered a decision on (a ``Judged``'s round, step and hand),
    found again by replaying its round to it: a review keeps no views, and the viewer's steps
    show the table after each action, not the question (the drill and the viewer's best cuts
    ask for one). ValueError when the round does not reach it."""
    recorder = DecisionRecorder(game.rounds[round_index], ruleset, seat)
    replaying = recorder.replay.run_task()
    for _ in replaying:
        for note in recorder.take_notes():
            if note.step == step and note.view.hand == hand:
                replaying.close()
                return note.view
        yield
    raise ValueError(f"round {round_index}, step {step}: no such decision of seat {seat}")


def _judge(review: Review, index: int, label: str, note: Note) -> TaskGen[None]:
    view = note.view
    explanation = yield from gathered(review.judge(view, note.action, review.strength, review.ruleset))
    if note.taken and not _known(note.taken, explanation.cpu.action):
        review.unknown += 1
        return
    review.decisions.append(judge(view, explanation, len(review.decisions) + 1, index, label, note.step))


def _known(taken: int, cpu: Action) -> bool:
    """Whether a seat's pass is known when another claim of priority ``taken`` won the tile:
    only when the CPU would have taken it over that claim (or joined a ron)."""
    player = PRIORITY.get(type(cpu), 0)
    return player > taken or player == PRIORITY[Ron]


class DecisionRecorder(Watcher):
    """Watches the replay of a round, noting the decisions of one seat as they come.

    Steps are counted as ``game.replay.steps`` keeps them (the deal, then every action but a
    pass), so that each decision points at the viewer's step: its own action's, or for a
    pass the step of the tile it let go."""

    def __init__(self, round_log: RoundLog, ruleset: Ruleset, seat: int) -> None:
        self.replay = RoundReplay(round_log, rebuilt_wall(round_log), ruleset, self)
        self.seat = seat
        self.notes: list[Note] = []
        self.steps = 1  # the deal
        self.offer_step = 0  # the step of the tile on offer
        self.taken = 0  # the priority of a claim another seat made on the tile on offer

    def take_notes(self) -> Iterator[Note]:
        notes, self.notes = self.notes, []
        return iter(notes)

    def acting(self, replay: RoundReplay, seat: int, action: Action) -> None:
        rnd = replay.rnd
        if rnd.phase != "claims":
            self.taken = 0
        if seat == self.seat and rnd.is_legal(seat, action):  # an illegal move is the replay's to report
            self._note(rnd, action, self.steps)
        elif rnd.phase == "claims":
            self.taken = max(self.taken, PRIORITY.get(type(action), 0))

    def acted(self, replay: RoundReplay, seat: int, action: Action) -> None:
        if not isinstance(action, Pass):
            self.steps += 1
            if replay.rnd.phase == "claims":
                self.offer_step = self.steps - 1

    def passing(self, replay: RoundReplay, seat: int) -> None:
        if seat == self.seat:
            self._note(replay.rnd, Pass(), self.offer_step, self.taken)

    def _note(self, rnd, action: Action, step: int, taken: int = 0) -> None:
        view = rnd.view(self.seat)
        if len(view.legal_actions) > 1:
            self.notes.append(Note(view, action, step, taken))


def explain_ranked(view: PlayerView, action: Action, strength: str, ruleset: Ruleset) -> TaskGen[Explanation]:
    """The judge of a review that shows the alternatives of every decision at once: ``explain``
    with the CPU's ``ALTERNATIVES`` best cuts measured (the CLI's; the viewer, within the
    cartridge's memory, measures them for the decision it shows)."""
    return explain(view, action, strength, ruleset, ALTERNATIVES)


def review_game(game: GameLog, seat: int, strength: str = DEFAULT_STRENGTH) -> Review:
    """The whole review at once (the CLI, tests)."""
    return run_to_end(review_task(game, start_review(game, seat, strength)))


def find_seat(game: GameLog, name: str) -> int:
    """The seat of the player called ``name`` (InputError when none or several are)."""
    seats = [s for s, p in enumerate(game.players) if p.name == name]
    if len(seats) != 1:
        names = ", ".join(p.name for p in game.players)
        raise InputError(f"no single player named {name!r} in the log (players: {names})")
    return seats[0]
