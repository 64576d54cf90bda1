"""Your figures over your games: place, and the rates a Tenhou player watches on the stats page.

One game gives a ``SeatGame``: for one seat, the rounds it sat, the rounds it won, dealt in,
declared riichi and opened its hand by a call, and its place. Many games add up to ``Stats``,
whose rates are counted over rounds as Tenhou's stats page counts them (和了率, 放銃率, 立直率,
副露率: won, dealt in, declared, called, each over the rounds played) and whose average place
is over the games that were finished (a game left midway has no final place).

- *won*: the seat's own win (tsumo or ron) ends the round (one of a double ron counts);
- *dealt in*: another seat's ron on the seat's discard (each winner of a double ron counts
  once: the round is dealt in once);
- *riichi*: the seat declared riichi (a declaration dealt into at once counts: it was made);
- *called*: the seat made a chi, a pon or an open kan (an added kan follows a pon, a closed kan
  keeps the hand closed, a North set aside is no call).

    >>> from pathlib import Path
    >>> from game.records import read_log
    >>> game = read_log(Path(__file__).parents[2] / "tests/data/logs/mjx/2010081709gm-00a9-0000-fe3371ad.mjlog")
    >>> seat_game(game, 3)
    SeatGame(rounds=15, won=3, dealt_in=1, riichi=3, called=2, place=1, finished=True, points=38900, when='')
    >>> Stats([seat_game(game, 3), seat_game(game, 0)]).rate("won")
    0.16666666666666666
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.records import GameLog
from game.records.model import Agari, Call, Riichi, RoundLog
from game.rules.match import place_of

OPEN_CALLS = ("chi", "pon", "kan")  # the calls that open a hand (Meld.kind)
RATES = ("won", "dealt_in", "riichi", "called")


@dataclass(frozen=True)
class SeatGame:
    """One seat's figures over one game."""

    rounds: int
    won: int
    dealt_in: int
    riichi: int
    called: int
    place: int  # 1 = top; as it stood when the log stops, for a game left midway
    finished: bool
    points: int
    when: str = ""  # the log's stamp, for ordering games over time ("20260115123456")


@dataclass
class Stats:
    """Many games of one player added up (see the module).

    >>> s = Stats([SeatGame(8, 2, 1, 3, 2, 1, True, 41000), SeatGame(4, 0, 2, 1, 0, 4, True, 2000)])
    >>> s.average_place, s.rate("won"), s.rate("dealt_in")
    (2.5, 0.16666666666666666, 0.25)
    """

    games: list[SeatGame] = field(default_factory=list)

    @property
    def rounds(self) -> int:
        return sum(g.rounds for g in self.games)

    @property
    def finished(self) -> list[SeatGame]:
        return [g for g in self.games if g.finished]

    @property
    def average_place(self) -> float | None:
        """Over the finished games; None before there is one."""
        done = self.finished
        return sum(g.place for g in done) / len(done) if done else None

    def places(self) -> dict[int, int]:
        """How many finished games ended in each place."""
        counts = {place: 0 for place in range(1, 5)}
        for g in self.finished:
            counts[g.place] += 1
        return counts

    def rate(self, name: str) -> float | None:
        """``name`` (one of ``RATES``) over the rounds played; None before any round."""
        rounds = self.rounds
        return sum(getattr(g, name) for g in self.games) / rounds if rounds else None


def round_facts(round_log: RoundLog, seat: int) -> tuple[bool, bool, bool, bool]:
    """Whether ``seat`` won, dealt in, declared riichi and opened its hand in the round."""
    wins = [e for e in round_log.events if isinstance(e, Agari)]
    won = any(w.who == seat for w in wins)
    dealt_in = any(w.from_who == seat and w.who != seat for w in wins)
    riichi = any(isinstance(e, Riichi) and e.seat == seat and e.step == 1 for e in round_log.events)
    called = any(isinstance(e, Call) and e.seat == seat and e.meld.kind in OPEN_CALLS for e in round_log.events)
    return won, dealt_in, riichi, called


def seat_game(game: GameLog, seat: int, finished: bool | None = None, when: str = "") -> SeatGame:
    """``seat``'s figures over ``game``; ``finished`` as our log's extras say (None: the game
    finished when the log records its end)."""
    facts = [round_facts(r, seat) for r in game.rounds]
    scores = final_scores(game)
    place = place_of(scores, seat)
    return SeatGame(len(facts), *(sum(f[i] for f in facts) for i in range(4)), place,
                    game.owari is not None if finished is None else finished, scores[seat], when)


def final_scores(game: GameLog) -> tuple[int, ...]:
    """The end's points, or where the last round left them (its start changed by its results)."""
    if game.owari is not None:
        return tuple(game.owari.scores)
    last = game.rounds[-1]
    scores = list(last.init.scores)
    for result in last.results:
        scores = [s + d for s, d in zip(scores, result.deltas)]
    return tuple(scores)


def stats_of(games: Iterable[SeatGame]) -> Stats:
    """The games in the order they were played (by their stamps)."""
    return Stats(sorted(games, key=lambda g: g.when))


def count_agreement(tally: dict[str, list[int]], decisions: Iterable) -> None:
    """Add a review's judged ``decisions`` to ``tally``: by topic, [agreed with the strong CPU,
    decisions] (``picoriichi stats --agreement`` and YOUR GAMES count the same way).

        >>> from types import SimpleNamespace as N
        >>> tally = {}
        >>> count_agreement(tally, [N(explanation=N(topic="discard"), cost=N(verdict=v)) for v in ("agree", "close")])
        >>> tally
        {'discard': [1, 2]}
    """
    for judged in decisions:
        counts = tally.setdefault(judged.explanation.topic, [0, 0])
        counts[0] += judged.cost.verdict == "agree"
        counts[1] += 1
