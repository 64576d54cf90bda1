"""A whole game: rounds in order, the dealer's seat, honba, sticks, the end and the ranking.

A :class:`Match` knows the table's figures between rounds (Tenhou's rules, reference.md
§5): the dealer moves on unless the round says it deals again (``dealer_continues``: it
won, or was tenpai at an exhaustive draw, or the round was an abortive draw); honba
count the rounds since a non-dealer win; riichi sticks wait on the table for the next
winner; a player below zero ends the game; after the last round (South 4, or East 4 in
an east-only game) the game ends if anyone has the return points, else it goes on into
the next wind (West) for up to four rounds; a dealer who wins the last round (or a
West round) in first place ends it (agari-yame), and so does that dealer tenpai at an
exhaustive draw (tenpai-yame). The final figures are Tenhou's: (points − return) / 1000
plus uma by rank (``Ruleset.uma``), the top taking what makes them sum to zero (the
oka); with ``Ruleset.rounded_figures`` (Tenhou up to early 2021) the points are first
rounded to the thousand. Leftover sticks go to the top.

    >>> m = Match()
    >>> m.label, m.dealer, m.honba
    ('E1', 0, 0)
    >>> m.end_round(RoundEnd(deltas=(-1000, 3000, -1000, -1000), winners=(1,)))
    >>> m.label, m.dealer, m.honba, m.scores
    ('E2', 1, 0, [24000, 28000, 24000, 24000])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.ruleset import TENHOU, Ruleset
from game.rules.words import WIND_LETTERS


def round_label(round_index: int) -> str:
    """The round's name: the round wind's letter and the dealer's turn in that wind.

    >>> round_label(0), round_label(7), round_label(8)
    ('E1', 'S4', 'W1')
    """
    return f"{WIND_LETTERS[round_index // 4 % 4]}{round_index % 4 + 1}"


@dataclass(frozen=True)
class RoundEnd:
    """What the match needs from a finished round.

    deltas: the round's score changes (sticks won included). winners: the seats that
    won (empty for a draw). dealer_continues: the dealer deals again (the round's rules
    decide: see ``RoundResult.dealer_continues``). sticks_left: the sticks left on the
    table after the round (None: the winner took them all; give it for draws).
    dealer_tenpai: the round was drawn to the end of the wall with the dealer tenpai
    (what tenpai-yame asks).
    """

    deltas: tuple[int, ...]
    winners: tuple[int, ...] = ()
    dealer_continues: bool = False
    sticks_left: int | None = None
    dealer_tenpai: bool = False

    @classmethod
    def of_round(cls, rnd) -> RoundEnd:
        """The end of a finished :class:`game.rules.round.Round`."""
        result = rnd.result
        deltas = tuple(s - s0 for s, s0 in zip(rnd.scores, rnd.setup.scores))
        winners = tuple(w.seat for w in result.wins)
        exhaustive = result.draw_reason in ("exhaustive", "nm")  # nagashi mangan is drawn at the wall's end
        dealer_tenpai = exhaustive and result.tenpai[rnd.dealer]
        return cls(deltas, winners, result.dealer_continues, rnd.sticks, dealer_tenpai)


@dataclass(frozen=True)
class Standing:
    seat: int
    rank: int  # 1..4
    points: int
    figure: float  # Tenhou's final result: (points - return) / 1000 + uma (+ oka for the top)


class Match:
    """The state between rounds; call :meth:`end_round` after each round."""

    def __init__(self, ruleset: Ruleset = TENHOU, first_dealer: int = 0) -> None:
        self.ruleset = ruleset
        self.first_dealer = first_dealer
        self.round_index = 0  # 0 = East 1, 4 = South 1, 8 = West 1 ...
        self.honba = 0
        self.sticks = 0
        self.players = n = ruleset.players
        self.scores = [ruleset.start_points] * n
        self.over = False
        # South 4 / East 4 (South 3 / East 3 in three-player: a wind holds as many rounds as
        # seats, and round_index keeps four a wind, so South 1 is 4 with either table)
        self.last_index = (4 if ruleset.east_south else 0) + n - 1

    @property
    def dealer(self) -> int:
        return (self.first_dealer + self.round_index % 4) % self.players

    @property
    def round_wind(self) -> int:
        return self.round_index // 4

    @property
    def label(self) -> str:
        """``E1`` .. ``S4``, ``W1`` ..."""
        return round_label(self.round_index)

    def round_args(self) -> dict:
        """The keyword arguments of ``Round.start`` (besides the wall) for the next round."""
        return dict(dealer=self.dealer, round_wind=self.round_wind, honba=self.honba,
                    sticks=self.sticks, scores=tuple(self.scores), ruleset=self.ruleset)

    def end_round(self, end: RoundEnd) -> None:
        """Apply a finished round: scores, sticks, honba, the next dealer, the game's end."""
        if self.over:
            raise ValueError("the game is over")
        dealer = self.dealer
        self.scores = [s + d for s, d in zip(self.scores, end.deltas)]
        if end.sticks_left is not None:
            self.sticks = end.sticks_left
        elif end.winners:
            self.sticks = 0
        if end.winners and dealer not in end.winners:
            self.honba = 0
        else:
            self.honba += 1
        self.over = self._game_ends(end)
        if not end.dealer_continues:
            self.round_index += 1
            if self.round_index % 4 == self.players:  # three-player: after East 3 comes South 1
                self.round_index += 4 - self.players
        if self.over and self.sticks:
            top = self.standings()[0].seat
            self.scores[top] += 1000 * self.sticks
            self.sticks = 0

    def _game_ends(self, end: RoundEnd) -> bool:
        rules = self.ruleset
        if rules.bust_ends_game and min(self.scores) < 0:
            return True
        if self.round_index < self.last_index:
            return False
        someone_home = max(self.scores) >= rules.return_points
        extension_end = self.last_index + 4
        if end.dealer_continues:  # the last round (or an extra one) goes on, unless the dealer stops
            return self._dealer_stops(end)
        if someone_home or not rules.west_extension:
            return True
        return self.round_index + 1 > extension_end

    def _dealer_stops(self, end: RoundEnd) -> bool:
        """Agari-yame and tenpai-yame: the dealer of the last round (or of a West round)
        who would deal again ends the game instead when first, at the return points or
        above, after the round (ties: the earlier seat ranks higher, as in ``_order``).

        >>> tenpai_alone = RoundEnd((-1000, -1000, -1000, 3000), dealer_continues=True, dealer_tenpai=True)
        >>> m = Match()
        >>> m.round_index, m.scores = 7, [20000, 30000, 20000, 30000]   # seat 3 deals South 4
        >>> m.end_round(tenpai_alone)
        >>> m.over, m.scores
        (True, [19000, 29000, 19000, 33000])
        >>> m = Match()
        >>> m.round_index, m.scores = 7, [20000, 31000, 20000, 27000]   # 30,000 each: seat 1 ranks higher
        >>> m.end_round(tenpai_alone)
        >>> m.over, m.label, m.honba
        (False, 'S4', 1)
        """
        rules = self.ruleset
        top = self._order()[0]
        if top != self.dealer or self.scores[top] < rules.return_points:
            return False
        won = self.dealer in end.winners
        return (rules.agari_yame and won) or (rules.tenpai_yame and end.dealer_tenpai and not won)

    def _order(self) -> list[int]:
        """Seats by points, ties broken by seat order from the first dealer."""
        return sorted(range(self.players), key=lambda s: (-self.scores[s], (s - self.first_dealer) % self.players))

    def standings(self) -> list[Standing]:
        """The ranking with Tenhou's final figures (uma and oka), top first: today's
        figures to one decimal, or rounded to the thousand as up to early 2021.

        >>> m = Match()
        >>> m.scores = [33400, 36000, 32000, -1400]
        >>> [(s.seat, s.figure) for s in m.standings()]
        [(1, 46.0), (0, 13.4), (2, -8.0), (3, -51.4)]
        >>> m.ruleset = Ruleset(rounded_figures=True)
        >>> [(s.seat, s.figure) for s in m.standings()]
        [(1, 46.0), (0, 13.0), (2, -8.0), (3, -51.0)]
        """
        order = self._order()
        rules = self.ruleset
        bonus = [10 * uma for uma in rules.uma]  # in tenths of a thousand: exact integers
        bonus[0] += rules.oka // 100
        if rules.shared_ties:
            bonus = self._shared(order, bonus)
        tenths = {}
        for rank, seat in enumerate(order[1:], start=1):
            points = self.scores[seat]
            if rules.rounded_figures:
                points = 1000 * _thousands(points)
            tenths[seat] = round((points - rules.return_points) / 100) + bonus[rank]
        tenths[order[0]] = -sum(tenths.values())  # the top takes the rest: Tenhou's rounding leaves it there
        return [Standing(seat, rank + 1, self.scores[seat], tenths[seat] / 10)
                for rank, seat in enumerate(order)]

    def _shared(self, order: list[int], bonus: list[int]) -> list[int]:
        """Each rank's uma and oka shared out among the players tied there.

        >>> m = Match()
        >>> m.scores = [29300, 30700, 29300, 30700]
        >>> m._shared(m._order(), [150, 50, -50, -150])
        [100, 100, -100, -100]
        """
        shared = list(bonus)
        for rank, seat in enumerate(order):
            tied = [r for r, s in enumerate(order) if self.scores[s] == self.scores[seat]]
            shared[rank] = round(sum(bonus[r] for r in tied) / len(tied))
        return shared


def place_of(scores: Sequence[int], seat: int) -> int:
    """The seat's place by points, 1 to 4 (1 to 3 at three), a tie going to the seat that dealt
    first (the lower seat: seat 0 deals first), as Tenhou ranks the end.

    >>> place_of([25000, 31000, 25000, 19000], 2), place_of([25000, 31000, 25000, 19000], 0)
    (3, 2)
    """
    return 1 + sum(1 for s in range(len(scores)) if scores[s] > scores[seat] or (scores[s] == scores[seat] and s < seat))


def _thousands(points: int) -> int:
    """Points in thousands, rounded half away from zero. Tenhou rounds the final points
    this way before taking the return points off (so 25,500 counts as 26 and -7,500 as -8).

    >>> _thousands(25500), _thousands(24400), _thousands(-7500), _thousands(-8400)
    (26, 24, -8, -8)
    """
    sign = -1 if points < 0 else 1
    whole, rest = divmod(abs(points), 1000)
    return sign * (whole + (1 if rest >= 500 else 0))
