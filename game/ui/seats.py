"""Naming seats on screen: the seat wind and who sits there, or where it sat at the table.

    >>> seat_name(2, dealer=1, player=2), seat_name(0, dealer=1, player=2)
    ('S YOU', 'N CPU')
    >>> [place_name(seat, player=2) for seat in range(4)]
    ['ACROSS', 'LEFT', 'YOU', 'RIGHT']
"""

from __future__ import annotations

from game.rules.words import WIND_LETTERS


def seat_name(seat: int, dealer: int, player: int | None) -> str:
    """The seat's wind this round and YOU or CPU (``player`` None: a demo, four CPUs)."""
    return f"{WIND_LETTERS[(seat - dealer) % 4]} {'YOU' if seat == player else 'CPU'}"


PLACE_NAMES = ("YOU", "RIGHT", "ACROSS", "LEFT")


def place_name(seat: int, player: int) -> str:
    """Where ``seat`` sat from the player's chair, as the table showed it the whole game
    (the winds turn with the dealer; the places do not)."""
    return PLACE_NAMES[relative(seat, player)]


def relative(seat: int, player: int) -> int:
    """Where ``seat`` sits from ``player``'s chair: 0 self, 1 right, 2 across, 3 left."""
    return (seat - player) % 4
