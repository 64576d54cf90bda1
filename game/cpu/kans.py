"""The strong CPU's kans: made by what a kan gives and what it costs, from one shanten too.

A kan gives a new dora indicator (for every seat: a dora for the table, not only for the
hand), a replacement draw, fu, and under riichi a kan ura; it costs the shapes its four tiles
could make, a tile that might have been cut safely, and, before tenpai, the dora it hands a
seat that is tenpai already. riichi.wiki's kan strategy puts it so: make a kan at tenpai, or
from a good one-shanten early; not against a riichi or a likely tenpai unless tenpai; a
closed kan before an added one (an added kan's fourth tile is already a dead tile the hand
can cut safely instead, and it can be robbed); never while folding. Phoenix-room players in
tests/data do the same: of 22 added kans they could make at one shanten they made 2, of
their closed kans at one shanten the ones that kept every accepting tile.

``weighed_kan`` answers for a closed or added kan with the figure that decided it:

- in riichi: always (the rules allow only a kan that keeps the wait);
- a kan that takes the hand further from a win: never;
- at tenpai: always (the wait is kept; the dora and the draw are the hand's gain);
- before tenpai, against a riichi or a threat this likely tenpai (KAN_THREAT): never;
- an added kan before tenpai: never (its new dora feeds the table, the fourth tile is a safe cut);
- a closed kan at one shanten, up to turn KAN_TURN, when the hand after it accepts as many
  tiles as the best cut's (its four tiles were one set, no shape broken): made; else not.

The fourth tile of a quad is therefore never cut when its kan is worth more: the kan is asked
before any cut.

    >>> from dataclasses import replace
    >>> from engine.tasks import run_to_end
    >>> from game.cpu.value import _view
    >>> from game.rules.tiles import parse_tiles
    >>> four_south = replace(_view(), hand=tuple(parse_tiles("234m35p68s229s2222z")), drawn=parse_tiles("2z")[0])
    >>> run_to_end(weighed_kan(four_south, ClosedKan(28)))[1].short
    ('KAN: KEEPS 8 TILES', 'KAN')
"""

from __future__ import annotations

from engine.tasks import TaskGen
from game.cpu import defence
from game.cpu.choice import Why
from game.rules.actions import Action, AddedKan, ClosedKan
from game.rules.shanten import shanten, ukeire
from game.rules.tiles import counts34
from game.rules.view import PlayerView

KAN_TURN = 12      # a closed kan at one shanten up to this turn (the seat's discards so far)
KAN_THREAT = 0.6   # before tenpai, no kan against a seat this likely tenpai (as ``agent.CALLS_STOP``)


def _kan(words: str, short: str, figure: str) -> Why:
    """A kan's reason: its words, its short form and the short form's head ("KAN", "NO KAN")."""
    head = short.split(":")[0]
    return Why(words, (short, head) if head != short else (short,), figure, "kan")


def kan_kind(action: Action) -> int:
    """The kind a closed or added kan is of."""
    return action.kind if isinstance(action, ClosedKan) else action.tile // 4


def weighed_kan(view: PlayerView, action: Action) -> TaskGen[tuple[bool, Why]]:
    """Task: the strong CPU's kan or not (see the module), with the figure that decided."""
    if view.riichi[view.seat]:
        return True, _kan("declares the kan: in riichi it keeps the wait, and turns a kan ura", "KAN: IN RIICHI",
                          "wait")
    counts = counts34(view.hand)
    best = shanten(counts)  # a 14-tile hand: the shanten after its best cut
    yield
    kind = kan_kind(action)
    after = list(counts)
    after[kind] -= 4 if isinstance(action, ClosedKan) else 1
    if shanten(after) > best:
        return False, _kan("no kan, it would slow the hand", "NO KAN: SLOWER", "speed")
    if best == 0:
        return True, _kan("declares the kan at tenpai: the wait kept, +1 dora for all and a replacement draw",
                          "KAN: +1 DORA FOR ALL", "value")
    threat = max(defence.threats(view).values(), default=0.0)
    if view.riichi_out or threat >= KAN_THREAT:
        return False, _kan("no kan before tenpai against a likely tenpai: its new dora may be theirs",
                           "NO KAN: RIICHI OUT" if view.riichi_out else "NO KAN: THREAT", "threat")
    if isinstance(action, AddedKan):
        return False, _kan("no added kan before tenpai: its new dora feeds the table, the tile is a safe cut",
                           "NO KAN: DORA FOR ALL", "value")
    if best > 1:
        return False, _kan(f"no kan at {best}-shanten: the four tiles may still make shapes", "NO KAN: FAR", "speed")
    turn = len(view.discards[view.seat])
    if turn > KAN_TURN:
        return False, _kan(f"no kan at one shanten on turn {turn + 1}: too late for its dora to pay", "NO KAN: LATE",
                           "time")
    yield
    visible = view.visible_counts34()
    widest = ukeire(counts, visible).total
    visible[kind] = 4 - after[kind]  # the quad's tiles are the seat's: none left to draw
    kept = ukeire(after, visible).total
    if kept < widest:
        return False, _kan(f"no kan: it breaks a shape, {kept} tiles accepted, not {widest}", "NO KAN: SHAPE", "shape")
    return True, _kan(f"declares the kan at one shanten: still {kept} tiles to tenpai, +1 dora and a draw",
                      f"KAN: KEEPS {kept} TILES", "speed")
