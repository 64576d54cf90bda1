"""Naming seats on screen: the seat wind and who sits there.

    >>> seat_name(2, dealer=1, player=2), seat_name(0, dealer=1, player=2)
    ('S YOU', 'N CPU')
"""

from __future__ import annotations

from game.tiles import WIND_NAMES


def seat_name(seat: int, dealer: int, player: int | None) -> str:
    """The seat's wind this round and YOU or CPU (``player`` None: a demo, four CPUs)."""
    return f"{WIND_NAMES[(seat - dealer) % 4]} {'YOU' if seat == player else 'CPU'}"


def relative(seat: int, player: int) -> int:
    """Where ``seat`` sits from ``player``'s chair: 0 self, 1 right, 2 across, 3 left."""
    return (seat - player) % 4
