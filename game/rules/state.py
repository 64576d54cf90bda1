"""What a round holds between events, as its parts read it: the pond tiles, the offer, RoundState.

:class:`game.rules.round.Round` folds its events into this state. Its parts
(:mod:`game.rules.turns`, :mod:`game.rules.claims`, :mod:`game.rules.kans`,
:mod:`game.rules.wins`) read it and move the round on only through its ``_emit`` and
``_draw``; they take the round as a :class:`RoundState`, which a Round is, so that they
need not import the round (it imports them).

    >>> offer = Offer(tile=52, from_seat=0, kind="discard")
    >>> offer.answers, Pond(tile=52, tsumogiri=True, riichi=False).called_by
    ({}, None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from game.rules.actions import Action
from game.rules.melds import Meld
from game.rules.ruleset import Ruleset
from game.rules.wall import Wall


# Where a round stands: dealing; a seat to move (``turn``); a discard or kan offered to the
# others (``claims``); ended (``over``). An mjai tracker that follows another's referee may
# also stand ``between`` a pass and the next move it is told of.
Phase = Literal["deal", "turn", "claims", "over", "between"]


@dataclass(slots=True)
class Pond:
    """One tile of a seat's pond (the view shows it as a DiscardView)."""
    tile: int
    tsumogiri: bool
    riichi: bool
    called_by: int | None = None


@dataclass
class Offer:
    """A discard or kan tile the other seats may claim."""
    tile: int
    from_seat: int
    kind: str  # "discard", "kakan", "ankan"
    answers: dict[int, Action] = field(default_factory=dict)


class RoundState(Protocol):
    """A round as its parts see it: the fields they read (set and explained by Round's
    ``__init__`` and changed by its fold alone, the memos ``_cache`` and ``_waits_memo``
    aside) and the two moves they may make."""

    ruleset: Ruleset
    wall: Wall
    dealer: int
    round_wind: int
    honba: int
    sticks: int
    scores: list[int]
    hands: list[list[int]]
    melds: list[list[Meld]]
    ponds: list[list[Pond]]
    riichi: list[bool]
    double_riichi: list[bool]
    ippatsu: list[bool]
    furiten_temp: list[bool]
    furiten_riichi: list[bool]
    riichi_pending: int | None
    pao: list[int | None]
    pao_yaku: list[int | None]
    drawn: int | None
    rinshan: bool
    after_call: list[int] | None
    uninterrupted: bool
    pending_dora: int
    kan_seats: list[int]
    offer: Offer | None
    _offer_event: int
    _cache: dict[Any, Any]
    _waits_memo: dict[tuple[int, ...], list[int]]

    @property
    def tiles_left(self) -> int: ...

    def seat_wind(self, seat: int) -> int: ...

    def _emit(self, event: Any) -> None:
        """Append an event and fold it into the state."""

    def _draw(self, seat: int, rinshan: bool = False) -> None:
        """Draw the next live tile (or the replacement tile) for ``seat``."""
