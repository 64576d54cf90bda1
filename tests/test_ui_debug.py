"""The hold-X view's task (``debug.round_hints``) reads the live round across frames: when the
game moves the round on between two of its steps it must drop the rules' checks it was
running, not read an offer already taken."""

from __future__ import annotations

from engine.tasks import run_to_end
from game.rules.actions import Discard, Pass
from game.rules.ruleset import TENHOU
from game.rules.wall import Wall
from game.rules.round import Round
from game.ui import debug


def a_round_in_claims() -> Round:
    """A round (a fixed wall, each seat throwing its draw) at the first discard another seat
    may claim."""
    rnd = Round.start(Wall(list(range(136))), dealer=0)
    while rnd.phase == "turn":
        rnd.apply(rnd.turn, Discard(rnd.drawn))
    assert rnd.phase == "claims"
    return rnd


def test_the_round_moved_on_between_two_steps_drops_the_checks():
    rnd = a_round_in_claims()
    task = debug.round_hints(rnd, 0, TENHOU)
    next(task)  # the first seat's claims checked: the frame ends here
    while rnd.phase == "claims":  # the game goes on: every seat passes
        rnd.apply(rnd.awaiting()[0], Pass())
    found = run_to_end(task)  # the next frame: the checks of a taken offer are dropped
    assert len(found) == 4 and found[0] is None  # the player's seat is the table's own hint
    assert all(hint is not None and hint.answer is None for hint in found[1:])  # figures, no answers


def test_a_round_that_stands_still_gets_the_answer_of_the_seats_it_waits_on():
    rnd = a_round_in_claims()
    found = run_to_end(debug.round_hints(rnd, 0, TENHOU))
    waits_on = set(rnd.awaiting())
    assert all((found[seat].answer is not None) == (seat in waits_on) for seat in range(1, 4))
