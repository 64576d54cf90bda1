"""Naming seats on screen: the seat wind and who sits there, or where it sat at the table.

With three players (Tenhou's sanma) the seat after the player's (shimocha) sits on the right
and the one before (kamicha) on the left; the place across stays empty.

    >>> seat_name(2, dealer=1, player=2), seat_name(0, dealer=1, player=2)
    ('S YOU', 'N CPU')
    >>> [place_name(seat, player=2) for seat in range(4)]
    ['ACROSS', 'LEFT', 'YOU', 'RIGHT']
    >>> seat_name(0, dealer=1, player=2, players=3), [place_name(s, player=2, players=3) for s in range(3)]
    ('W CPU', ['RIGHT', 'LEFT', 'YOU'])
"""

from __future__ import annotations

from game.rules.words import WIND_LETTERS


def seat_name(seat: int, dealer: int, player: int | None, players: int = 4) -> str:
    """The seat's wind this round and YOU or CPU (``player`` None: a demo, CPUs only)."""
    return f"{WIND_LETTERS[(seat - dealer) % players]} {'YOU' if seat == player else 'CPU'}"


PLACE_NAMES = ("YOU", "RIGHT", "ACROSS", "LEFT")
THREE_PLAYER_PLACES = (0, 1, 3)  # self, shimocha on the right, kamicha on the left


def place_name(seat: int, player: int, players: int = 4) -> str:
    """Where ``seat`` sat from the player's chair, as the table showed it the whole game
    (the winds turn with the dealer; the places do not)."""
    return PLACE_NAMES[relative(seat, player, players)]


def relative(seat: int, player: int, players: int = 4) -> int:
    """Where ``seat`` sits from ``player``'s chair: 0 self, 1 right, 2 across, 3 left (with
    three players never 2: the seat before the player's is on the left).

        >>> [relative(s, 1, players=3) for s in range(3)]
        [3, 0, 1]
    """
    if players == 3:
        return THREE_PLAYER_PLACES[(seat - player) % 3]
    return (seat - player) % 4
