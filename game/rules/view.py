"""What one seat may know: the player's view of a round.

The CPUs and the UI never read a Round's state; they get a :class:`PlayerView` from
``round.view(seat)`` and choose one of its ``legal_actions``. A view holds the seat's own
hand and everything on the table (discards, open melds, revealed dora indicators, riichi
declarations, scores, the wall count, honba and sticks), never another seat's
concealed tiles or the wall's order.

    >>> d = DiscardView(tile=108, tsumogiri=True, riichi=False, called_by=None)
    >>> d.tile, d.called_by is None
    (108, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.rules.events import Answered, Dealt, Drew, Missed
from game.rules.melds import Meld


@dataclass(frozen=True)
class DiscardView:
    """One tile in a pond: whether it was drawn and thrown at once, declared riichi,
    and the seat that called it away (None if it stayed)."""

    tile: int
    tsumogiri: bool
    riichi: bool
    called_by: int | None


@dataclass(frozen=True)
class PlayerView:
    """Everything seat ``seat`` may know at one point of a round.

    Seats are absolute (0..3, or 0..2 in three-player); ``seat_winds[s]`` is 0..3 = E, S, W, N. ``hand`` is the
    seat's concealed tiles, sorted; ``drawn`` the tile just drawn (also in ``hand``), or
    None. ``hand_sizes`` are every seat's concealed tile counts (visible at a table).
    ``turn`` is whose turn it is; ``awaiting`` the seats whose answer the table waits
    for. ``legal_actions`` is what this seat may do now (empty while it waits).
    """

    seat: int
    dealer: int
    round_wind: int
    seat_winds: tuple[int, ...]
    hand: tuple[int, ...]
    drawn: int | None
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[DiscardView, ...], ...]
    riichi: tuple[bool, ...]
    dora_indicators: tuple[int, ...]
    scores: tuple[int, ...]
    honba: int
    riichi_sticks: int
    tiles_left: int
    turn: int
    awaiting: tuple[int, ...]
    last_discard: tuple[int, int] | None  # (seat, tile) of the discard being answered
    legal_actions: tuple[Any, ...]
    over: bool
    nukis: tuple[tuple[int, ...], ...] = ()  # three-player: each seat's Norths set aside (shown to all)

    @property
    def riichi_out(self) -> bool:
        """Another seat than this view's is in riichi."""
        return any(flag for s, flag in enumerate(self.riichi) if s != self.seat)

    def visible_counts34(self) -> list[int]:
        """How many of each kind the other players have shown this seat: every pond (less
        the tiles called away), every open meld, the dora indicators; never the seat's own
        hand. With the hand's counts it feeds ``shanten.ukeire(counts34(hand), visible34)``.

        >>> pond = (DiscardView(tile=5, tsumogiri=False, riichi=False, called_by=None),)
        >>> v = PlayerView(seat=0, dealer=0, round_wind=0, seat_winds=(0, 1, 2, 3), hand=(4, 6, 7),
        ...                drawn=None, hand_sizes=(3, 13, 13, 13), melds=((), (), (), ()),
        ...                discards=(pond, (), (), ()), riichi=(False,) * 4, dora_indicators=(8,),
        ...                scores=(25000,) * 4, honba=0, riichi_sticks=0, tiles_left=70, turn=0,
        ...                awaiting=(), last_discard=None, legal_actions=(), over=False)
        >>> v.visible_counts34()[:3]  # 2m: the discard (the three in hand not counted); 3m: the indicator
        [0, 1, 1]
        """
        counts = [0] * 34
        seen = list(self.dora_indicators)
        seen += [d.tile for pond in self.discards for d in pond if d.called_by is None]
        seen += [t for melds in self.melds for m in melds for t in m.tiles]
        seen += [t for nukis in self.nukis for t in nukis]
        for tile in seen:
            counts[tile // 4] += 1
        return counts


def seen_by(event: Any, seat: int) -> Any | None:
    """A round event as ``seat`` sees it, or None when it sees nothing of it: another
    seat's draw shows no tile, the deal shows only the seat's own hand, another seat's
    answer to a claim and its missed wins are not seen at all.

        >>> seen_by(Drew(seat=1, tile=40), seat=1), seen_by(Drew(seat=1, tile=40), seat=2)
        (Drew(seat=1, tile=40, rinshan=False), Drew(seat=1, tile=None, rinshan=False))
    """
    if isinstance(event, Drew) and event.seat != seat:
        return replace(event, tile=None)
    if isinstance(event, Dealt):
        return replace(event, hands=tuple(h if s == seat else () for s, h in enumerate(event.hands)))
    if isinstance(event, (Answered, Missed)) and event.seat != seat:
        return None
    return event
