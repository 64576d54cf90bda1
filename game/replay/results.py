"""A replayed round's results held against every figure its log records (``game.replay.rounds``
calls these once the log's result has been played).

A win: who won from whom, the hand shown (``hai``) and its melds (``m``, the latest call first;
in three-player the Norths set aside among them),
the winning tile (``machi``), the dora and ura-dora indicators (``doraHai``, ``doraHaiUra``: the
ura ones for a riichi winner only, as many as the dora), the yaku and their han (a riichi win
without ura dora lists Tenhou's ``53,0``), fu, points and limit, the payments, liability, and
the table before it: scores, honba and the sticks (``sc``, ``ba``; a double ron's second win
comes after the first's payments, with no sticks left). A draw: its kind, the hands shown
(tenpai hands at an exhaustive draw or a nagashi mangan, the nine-terminals hand, all four at
four riichi, the three winners' at a triple ron), payments and the table before it. Each
accepted riichi: everyone's score once its stick is paid. The first difference raises
:class:`Difference`.
"""

from __future__ import annotations

from game.records import Agari, Riichi as LogRiichi, Ryuukyoku
from game.records.ours import shown_seats
from game.rules.events import RiichiAccepted, RoundDrawn, Won
from game.rules.round import Round
from game.rules.scoring import LIMITS
from game.rules.tiles import to_mpsz

URA_DORA = 53


class Difference(Exception):
    """Our rules disagree with the log here."""


def tiles_text(tiles) -> str:
    return to_mpsz(sorted(tiles))


def check_wins(rnd: Round, wins: list[Agari]) -> None:
    """The log's wins (one, or a double ron's two) against ours, field by field."""
    ours = rnd.result.wins if rnd.result else []
    if len(ours) != len(wins):
        raise Difference(f"the log has {len(wins)} win(s), we have {len(ours)}")
    befores = _tables_before(rnd)
    for won, agari, before in zip(ours, wins, befores):
        _compare_win(won, agari, rnd, before)


def check_draw(rnd: Round, event: Ryuukyoku) -> None:
    """The log's drawn round against ours: its kind, payments, hands shown and the table."""
    result = rnd.result
    if result is None or result.wins:
        raise Difference(f"the log draws the round ({event.reason or 'exhaustive'}); our round "
                         f"{'goes on' if result is None else 'was won'}")
    reason = event.reason or "exhaustive"
    if result.draw_reason != reason:
        raise Difference(f"the log draws the round as {reason}, we as {result.draw_reason}")
    if tuple(result.deltas) != tuple(event.deltas):
        raise Difference(f"draw ({reason}): the log pays {event.deltas}, we pay {tuple(result.deltas)}")
    if event.tenpai is not None:
        theirs = {seat: tuple(sorted(hand)) for seat, hand in event.tenpai.items()}
        ours = {seat: tuple(sorted(rnd.hands[seat])) for seat in shown_seats(rnd, reason)}
        if theirs != ours:
            raise Difference(f"draw ({reason}): the log shows the hands of seats {_hands_text(theirs)}, "
                             f"we {_hands_text(ours)}")
    _compare_table(f"draw ({reason})", event.scores, event.honba, event.riichi_sticks, rnd.honba,
                   _tables_before(rnd)[0])


def check_riichi_scores(rnd: Round, accepted: list[LogRiichi]) -> None:
    """Each accepted riichi's scores (``REACH step=2 ten``), when logged: the table once its stick is paid."""
    scores = list(rnd.setup.scores)
    for event in accepted:
        scores[event.seat] -= rnd.ruleset.riichi_cost
        if event.scores is not None and tuple(event.scores) != tuple(scores):
            raise Difference(f"riichi of seat {event.seat} accepted: the log has the scores {event.scores}, "
                             f"we {tuple(scores)}")


def _hands_text(hands: dict[int, tuple[int, ...]]) -> str:
    return "{" + ", ".join(f"{seat}: {tiles_text(hand)}" for seat, hand in sorted(hands.items())) + "}"


def _tables_before(rnd: Round) -> list[tuple[tuple[int, ...], int]]:
    """(scores, sticks on the table) just before each result of the round, in order: the
    sticks of accepted riichi paid, the earlier wins of a double ron paid."""
    scores, sticks, found = list(rnd.setup.scores), rnd.setup.riichi_sticks, []
    for event in rnd.events:
        if isinstance(event, RiichiAccepted):
            scores[event.seat] -= rnd.ruleset.riichi_cost
            sticks += 1
        elif isinstance(event, (Won, RoundDrawn)):
            found.append((tuple(scores), sticks))
            scores = [s + d for s, d in zip(scores, event.deltas)]
            sticks -= event.sticks_taken if isinstance(event, Won) else 0
    return found


def _compare_table(what: str, scores, honba: int, sticks: int, our_honba: int,
                   before: tuple[tuple[int, ...], int]) -> None:
    our_scores, our_sticks = before
    if (tuple(scores), honba, sticks) != (our_scores, our_honba, our_sticks):
        raise Difference(f"{what}: the log has the table (scores, honba, sticks) {(tuple(scores), honba, sticks)} "
                         f"before it, we {(our_scores, our_honba, our_sticks)}")


def _compare_win(won: Won, agari: Agari, rnd: Round, before: tuple[tuple[int, ...], int]) -> None:
    who = f"win of seat {agari.who}"
    from_seat = None if agari.tsumo else agari.from_who
    if (won.seat, won.from_seat) != (agari.who, from_seat):
        raise Difference(f"{who}: we have seat {won.seat} winning from {won.from_seat}")
    _compare_shown(who, won, agari, rnd)
    score = won.score
    theirs = sorted([(y, h) for y, h in agari.yaku if h > 0] + [(y, 13) for y in agari.yakuman])
    ours = sorted((y, h) for y, h in score.yaku if h > 0)
    if ours != theirs:
        raise Difference(f"{who}: yaku {theirs} in the log, ours {ours}")
    ura_han = any(y == URA_DORA and h > 0 for y, h in score.yaku)
    zero = [URA_DORA] if rnd.riichi[agari.who] and not score.yakuman and not ura_han else []
    if sorted(y for y, h in agari.yaku if h == 0) != zero:
        raise Difference(f"{who}: the log lists the 0-han yaku {[y for y, h in agari.yaku if h == 0]}, "
                         f"Tenhou's rules {zero}")
    fu_differs = not agari.yakuman and agari.fu is not None and agari.fu != score.fu
    if fu_differs or score.total != agari.points or LIMITS.index(score.limit) != agari.limit:
        raise Difference(f"{who}: the log scores {agari.fu} fu {agari.points} ({agari.limit}), "
                         f"we {score.fu} fu {score.total} ({score.limit})")
    if tuple(won.deltas) != tuple(agari.deltas):
        raise Difference(f"{who}: the log pays {agari.deltas}, we pay {won.deltas}")
    if won.pao_seat != agari.pao_who:
        raise Difference(f"{who}: liability (pao) {agari.pao_who} in the log, ours {won.pao_seat}")
    _compare_table(who, agari.scores, agari.honba, agari.riichi_sticks, rnd.honba, before)


def _compare_shown(who: str, won: Won, agari: Agari, rnd: Round) -> None:
    """The hand, melds, winning tile and indicators the log shows against the replayed table."""
    hand = sorted(rnd.hands[won.seat] + ([] if won.from_seat is None else [won.tile]))
    if sorted(agari.hand) != hand or agari.win_tile != won.tile:
        raise Difference(f"{who}: the log shows the hand {tiles_text(agari.hand)} winning on "
                         f"{tiles_text([agari.win_tile])}, we {tiles_text(hand)} on {tiles_text([won.tile])}")
    melds = [_meld_key(m) for m in reversed(rnd.melds[won.seat])]
    if [_meld_key(m) for m in agari.melds] != melds:
        raise Difference(f"{who}: the log shows the melds {[tiles_text(m.tiles) for m in agari.melds]}, "
                         f"we {[tiles_text(m.tiles) for m in reversed(rnd.melds[won.seat])]}")
    if sorted(agari.nukis) != sorted(rnd.nukis[won.seat]):
        raise Difference(f"{who}: the log shows the Norths set aside {tiles_text(agari.nukis)}, "
                         f"we {tiles_text(rnd.nukis[won.seat])}")
    dora = tuple(rnd.wall.dora_indicators)
    ura = tuple(rnd.wall.ura_indicators) if rnd.riichi[won.seat] else ()
    if (tuple(agari.dora_indicators), tuple(agari.ura_indicators)) != (dora, ura):
        raise Difference(f"{who}: the log shows the indicators {tiles_text(agari.dora_indicators)} and ura "
                         f"{tiles_text(agari.ura_indicators)}, we {tiles_text(dora)} and ura {tiles_text(ura)}")


def _meld_key(meld) -> tuple:
    """What a meld shows: its kind and tiles, the tile called and from whom (a closed kan's
    named copy is Tenhou's whim: not compared)."""
    called = None if meld.kind == "ankan" else meld.called
    return meld.kind, tuple(sorted(meld.tiles)), called, meld.from_seat, meld.added
