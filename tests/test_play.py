"""The one driver (game/play/driver.py): whole matches, resuming from decisions, what seats see."""

from __future__ import annotations

import random

import pytest
from playing import counting_clock

from engine.scheduler import Scheduler
from engine.tasks import NEXT_FRAME, run_to_end
from game.rules.errors import InputError
from game.play.driver import Decision, Game, TsumogiriAgent, WaitingAgent, player_seat
from game.rules.actions import Discard, Pass, Ron, Tsumo
from game.rules.events import Drew
from game.rules.ruleset import Ruleset

SEEDS = ("PICORIICHI", "00000000", "MAHJONG0", "ABCDEFGH")


class RandomAgent:
    """Wins whenever it may, otherwise picks any legal action: calls, kans, riichi, aborts.
    Its choice is a function of what it sees (as a CPU's is), so a resumed game goes on
    exactly as the uninterrupted one."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view):
        yield
        for win in (Tsumo(), Ron()):
            if win in view.legal_actions:
                return win
        seen = (self.seed, view.hand, [len(p) for p in view.discards], view.tiles_left, view.scores)
        return random.Random(repr(seen)).choice(view.legal_actions)


class Watcher(RandomAgent):
    """A random seat that also keeps every event it is shown."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seen: list = []

    def observe(self, event) -> None:
        self.seen.append(event)


def random_game(seed: str, decisions=(), east_south: bool = False) -> Game:
    agents = [RandomAgent(sum(map(ord, seed)) * 4 + s) for s in range(4)]
    return Game(agents, seed, Ruleset(east_south=east_south), decisions=decisions)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_whole_match_ends_with_the_points_accounted_for(seed):
    game = random_game(seed, east_south=True)
    standings = run_to_end(game.play())
    assert game.match.over and not game.invalid
    assert sum(s.points for s in standings) == 100000  # leftover sticks go to the top
    assert [s.rank for s in standings] == [1, 2, 3, 4]
    assert game.rounds and all(r.over for r in game.rounds)
    assert len(game.costs) == len(game.decisions)
    kinds = {type(d.action).__name__ for d in game.decisions}
    assert {"Discard", "Pass"} <= kinds  # random seats discard and pass claims


def test_the_decisions_replay_the_same_game():
    first = random_game("MAHJONG0")
    run_to_end(first.play())
    again = Game([TsumogiriAgent()] * 4, "MAHJONG0", first.ruleset, decisions=first.decisions)
    run_to_end(again.play())
    assert [r.events for r in again.rounds] == [r.events for r in first.rounds]
    assert again.match.scores == first.match.scores


@pytest.mark.parametrize("cut", [0.0, 0.1, 0.37, 0.5, 0.83, 0.999])
def test_a_game_resumed_from_any_point_ends_as_the_uninterrupted_one(cut):
    whole = random_game("ABCDEFGH")
    run_to_end(whole.play())
    prefix = whole.decisions[:int(len(whole.decisions) * cut)]
    resumed = random_game("ABCDEFGH", decisions=prefix)
    run_to_end(resumed.play())
    assert resumed.decisions == whole.decisions
    assert [r.events for r in resumed.rounds] == [r.events for r in whole.rounds]
    assert resumed.standings == whole.standings
    assert len(resumed.costs) == len(whole.decisions) - len(prefix)  # only live answers think


def test_a_save_that_does_not_fit_its_seed_is_refused():
    bad = [Decision(0, Discard(135))] * 3
    with pytest.raises(InputError, match="does not fit"):
        run_to_end(random_game("PICORIICHI", decisions=bad).play())


def test_observers_see_only_what_their_seat_may_see():
    agents = [Watcher(s) for s in range(4)]
    game = Game(agents, "PICORIICHI", Ruleset(east_south=False))
    run_to_end(game.play())
    for seat, agent in enumerate(agents):
        draws = [e for e in agent.seen if isinstance(e, Drew)]
        assert draws and all((e.tile is None) == (e.seat != seat) for e in draws)
        dealt = [e for e in agent.seen if type(e).__name__ == "Dealt"]
        assert all(not h for e in dealt for s, h in enumerate(e.hands) if s != seat)
        names = [type(e).__name__ for e in agent.seen]
        assert names[0] == "GameStarted" and names[-1] == "GameEnded"
        assert names.count("RoundStarted") == names.count("RoundEnded") == len(game.rounds)


class Stubborn:
    """Answers with something never legal (as an outside bot may)."""

    name = "stubborn"

    def act(self, view):
        return Discard(-1)
        yield


class Broken:
    """A CPU whose thinking raises, as a bug would."""

    name = "broken"

    def act(self, view):
        raise IndexError("thinking broke")
        yield


def test_a_wrong_answer_is_recorded_and_play_goes_on():
    game = Game([Stubborn(), TsumogiriAgent(), TsumogiriAgent(), TsumogiriAgent()], "PICORIICHI",
                Ruleset(east_south=False))
    run_to_end(game.play())
    assert game.match.over
    assert {i.answer for i in game.invalid} == {"Discard(tile=-1)"} and all(i.seat == 0 for i in game.invalid)


def test_a_failing_agent_stops_the_game_with_its_own_error_never_an_illegal_answer():
    """The simulator, mjai and the tests: an exception in a decision is raised, traceback and all."""
    game = Game([Broken(), TsumogiriAgent(), TsumogiriAgent(), TsumogiriAgent()], "PICORIICHI")
    with pytest.raises(IndexError, match="thinking broke"):
        run_to_end(game.play())
    assert game.invalid == [] and game.fallbacks == []


def test_a_failing_agent_with_on_crash_is_replaced_by_the_agent_it_names_and_said_so():
    asked = []

    def on_crash(seat, agent, error):
        asked.append((seat, agent.name, str(error)))
        return TsumogiriAgent()

    game = Game([TsumogiriAgent(), Broken(), TsumogiriAgent(), TsumogiriAgent()], "PICORIICHI",
                Ruleset(east_south=False), on_crash=on_crash)
    run_to_end(game.play())
    assert game.match.over and game.invalid == []
    assert asked == [(1, "broken", "thinking broke")]  # once: the seat plays on as its replacement
    assert [(f.seat, f.failed, f.error, f.now) for f in game.fallbacks] == [
        (1, "broken", "IndexError: thinking broke", "tsumogiri")]
    assert game.player_name(1) == "broken>tsumogiri" and game.player_name(0) == "tsumogiri"


def test_the_human_seat_waits_frame_by_frame_without_spinning():
    human = WaitingAgent()
    game = Game([human, TsumogiriAgent(), TsumogiriAgent(), TsumogiriAgent()], "PICORIICHI")
    scheduler = Scheduler(counting_clock(1e-6))  # a million readings a slice, however busy the machine
    task = scheduler.spawn(game.play(), "game")
    for _ in range(50):
        scheduler.run(1.0)  # a whole second per frame: only waiting may stop it
        if human.asking is not None:
            break
    assert human.asking is not None and human.asking.legal_actions
    steps = task.steps
    scheduler.run(1.0)
    assert task.steps == steps + 1  # one look per frame while the player thinks
    human.answer(Discard(-1))  # not legal: ignored
    scheduler.run(1.0)
    assert human.asking is not None
    human.answer(Discard(human.asking.hand[0]) if human.asking.drawn else Pass())
    scheduler.run(1.0)
    assert game.decisions and game.decisions[0].seat == 0


def test_next_frame_is_only_a_checkpoint_when_run_to_end():
    def waits():
        yield NEXT_FRAME
        yield NEXT_FRAME
        return 3

    assert run_to_end(waits()) == 3


def test_the_players_seat_comes_from_the_seed():
    seats = [player_seat(f"SEED{n:04d}") for n in range(200)]
    assert set(seats) == {0, 1, 2, 3}
    assert min(seats.count(s) for s in range(4)) > 30  # no seat is favoured much
    assert player_seat("seed0001") == player_seat("SEED0001")  # the code, however typed
