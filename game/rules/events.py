"""What happened in a round: its events, what it starts from (RoundSetup) and how it ended (RoundResult).

A round is event-sourced (:class:`game.rules.round.Round`): every change is one of these
events, and folding the same list from the same :class:`RoundSetup` gives the same round, so
the list is the save file and the replay. The events are plain records: they know no rules.

    >>> Drew(seat=1, tile=40), Discarded(seat=1, tile=40, tsumogiri=True).riichi
    (Drew(seat=1, tile=40, rinshan=False), False)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.actions import Action
from game.rules.melds import Meld
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.scoring import HandScore
from game.rules.wall import Wall

# Slotted, as the actions are (see game.rules.actions): a game keeps about a thousand.


@dataclass(frozen=True, slots=True)
class Dealt:
    hands: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    tile: int
    rinshan: bool = False


@dataclass(frozen=True, slots=True)
class Discarded:
    """A discard; ``tsumogiri`` when it is the tile just drawn (every player sees that)."""
    seat: int
    tile: int
    riichi: bool = False
    tsumogiri: bool = False


@dataclass(frozen=True, slots=True)
class Answered:
    """A seat's answer to an offered discard or kan (recorded until the table resolves)."""
    seat: int
    action: Action


@dataclass(frozen=True, slots=True)
class Called:
    """Chi, pon or open kan of the offered discard."""
    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Kanned:
    """A closed kan or an added kan, declared on the seat's own turn."""
    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class NukiDeclared:
    """Three-player: a North set aside on the seat's own turn (offered to the others' ron first)."""
    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class RiichiAccepted:
    seat: int


@dataclass(frozen=True, slots=True)
class DoraRevealed:
    tile: int


@dataclass(frozen=True, slots=True)
class Missed:
    """The offered tile completed the seat's hand and it did not win: temporary furiten
    (permanent in riichi)."""
    seat: int


@dataclass(frozen=True, slots=True)
class Won:
    seat: int
    from_seat: int | None  # None for tsumo
    tile: int
    score: HandScore
    deltas: tuple[int, ...]
    sticks_taken: int
    pao_seat: int | None = None


@dataclass(frozen=True, slots=True)
class RoundDrawn:
    """Exhaustive (``exhaustive``, ``nm`` with nagashi mangan) or abortive
    (``yao9``, ``reach4``, ``ron3``, ``kan4``, ``kaze4``, Tenhou's type names) draw."""
    reason: str
    deltas: tuple[int, ...]
    tenpai: tuple[bool, ...]


@dataclass(frozen=True)
class RoundSetup:
    """What a round starts from: the wall (array order and dice) and the table's figures."""
    wall: Wall  # fresh (not dealt); each Round works on its own copy
    dealer: int
    round_wind: int = 0
    honba: int = 0
    riichi_sticks: int = 0
    scores: tuple[int, ...] = (25000, 25000, 25000, 25000)
    ruleset: Ruleset = TENHOU


@dataclass
class RoundResult:
    """How a round ended: the wins (empty for a draw), the draw's reason, the total
    score changes, the seats tenpai at an exhaustive draw, and whether the dealer deals
    again (a dealer's win, the dealer tenpai at an exhaustive draw, an abortive draw):
    the one place this is decided; :class:`game.rules.match.Match` follows it."""
    wins: list[Won] = field(default_factory=list)
    draw_reason: str | None = None
    deltas: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # one per seat (three in three-player)
    tenpai: tuple[bool, ...] = (False, False, False, False)
    dealer_continues: bool = False
