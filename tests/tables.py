"""Scenes at the table for the round's tests: rounds dealt from walls built for the case.

``table(hands, draws)`` deals each seat the hand named in MPSZ and gives the live draws in
the order named (seat 0 deals and draws first), so every test reads as a small scene.

    >>> rnd = table(CALLS, ["5p"])
    >>> rnd.turn, tile_name(rnd.drawn)
    (0, '5p')
"""

from __future__ import annotations

from engine.tasks import run_to_end
from game.play.driver import fallback
from game.rules.actions import Discard, Pass
from game.rules.round import Round
from game.rules.tiles import parse_tile, parse_tiles
from game.rules.wall import Shuffler, Wall, seed_words

# Seat 0 discards its first draw, a 5p. Seat 1 may chi it (67p), seat 2 pon it (55p),
# seat 3 ron it (kanchan 46p, tanyao).
CALLS = ["1357m2468p1357s1z", "67p8p19m19s123z777z", "55p28m28s4z666z3p7p8p", "234m678m234s55s46p"]

# Seat 0 is tenpai (111m 234p 678p 55s 23s: waits 1s 4s) and draws a dull 7z first.
RIICHI = ["111m234p678p55s23s", "29m19s123z99p46s7m5z", "28m28s4z666z3p7p8p6p1p", "3m7m3p7p3s7s2z2z5z5z6z4z9s"]


def table(hands: list[str], draws: list[str], scores=(25000,) * 4, sticks=0, honba=0) -> Round:
    """A round (dealer 0) with these four 13-tile hands and these live draws in order."""
    used: set[int] = set()
    dealt = [parse_tiles(h, used) for h in hands]
    assert all(len(h) == 13 for h in dealt), [len(h) for h in dealt]
    drawn = [t for d in draws for t in parse_tiles(d, used)]
    wall = Wall.arranged(dealt, dealer=0, draws=drawn)
    return Round.start(wall, dealer=0, honba=honba, sticks=sticks, scores=scores, check=True)


def tile_of(rnd: Round, seat: int, name: str) -> int:
    """A tile of kind ``name`` in the seat's hand."""
    kind = parse_tile(name) // 4
    return next(t for t in rnd.hand(seat) if t // 4 == kind)


def discard(rnd: Round, seat: int, name: str) -> None:
    rnd.apply(seat, Discard(tile_of(rnd, seat, name)))


def pass_all(rnd: Round) -> None:
    """Every seat the table waits for passes."""
    while rnd.phase == "claims":
        rnd.apply(rnd.awaiting()[0], Pass())


def played_out(code: str) -> Round:
    """The first round of seed ``code`` (seat 0 deals), played out by seats that throw their
    draws: an exhaustive draw or a win."""
    shuffle = run_to_end(Shuffler(seed_words(code)).round_task())
    rnd = Round.start(Wall(shuffle.wall, shuffle.dice), dealer=0)
    while not rnd.over:
        seat = rnd.awaiting()[0]
        rnd.apply(seat, fallback(rnd.view(seat)))
    return rnd
