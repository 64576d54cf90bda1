"""What a seat may choose in a round: the actions, and IllegalAction for one it may not take.

A seat acts only through ``round.legal_actions(seat)`` and ``round.apply(seat, action)``
(:class:`game.rules.round.Round`); an action is a small frozen dataclass, compared by value,
so a seat may build its own and find it in the legal list:

    >>> Discard(12) in [Riichi(12), Discard(12)], Chi((1, 5)) == Chi((1, 5))
    (True, True)

On its turn: Discard(tile), Riichi(tile), Tsumo(), ClosedKan(kind), AddedKan(tile),
NineTerminals(), and in three-player Nuki(tile) (a North set aside). On another seat's
discard, kan or nuki: Ron(), Chi((a, b)), Pon((a, b)), OpenKan(), Pass().
"""

from __future__ import annotations

from dataclasses import dataclass
from game.rules.errors import InputError


class IllegalAction(InputError):
    """An action that is not legal for that seat at this point."""


# Actions and events are slotted: a game keeps about a thousand of each (the decisions, every
# round's events), and slots make each object about 40 bytes smaller.

@dataclass(frozen=True, slots=True)
class Discard:
    tile: int


@dataclass(frozen=True, slots=True)
class Riichi:
    """Declare riichi, discarding ``tile``."""
    tile: int


@dataclass(frozen=True, slots=True)
class Tsumo:
    pass


@dataclass(frozen=True, slots=True)
class Ron:
    pass


@dataclass(frozen=True, slots=True)
class Chi:
    """Call the discard with these two tiles of the hand."""
    tiles: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Pon:
    tiles: tuple[int, int]


@dataclass(frozen=True, slots=True)
class OpenKan:
    """Daiminkan: call the discard with the three copies in the hand."""


@dataclass(frozen=True, slots=True)
class ClosedKan:
    kind: int


@dataclass(frozen=True, slots=True)
class AddedKan:
    """Add ``tile`` to the pon of its kind."""
    tile: int


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class NineTerminals:
    """Kyuushu kyuuhai: abort the round on the first draw with nine kinds of yaochuu."""


@dataclass(frozen=True, slots=True)
class Nuki:
    """Three-player: set the North ``tile`` aside as a dora (nukidora) and draw a replacement."""
    tile: int


# What a seat may answer: one of the dataclasses above.
Action = Discard | Riichi | Tsumo | Ron | Chi | Pon | OpenKan | ClosedKan | AddedKan | Pass | NineTerminals | Nuki
