"""Replaying real Tenhou games through our rules, to prove the rules are Tenhou's, and the
one door every command's log goes through.

For each round of a log (read by :func:`game.records.read_log` into a GameLog) the
replay checks, in order:

- the deal: with the log's ``SHUFFLE`` seed, our wall for that seed deals exactly the
  log's hands and dice (and every later draw comes from it); without a seed, the wall
  is rebuilt from the log's own tiles;
- every action (draw, discard, riichi, call, kan, win, nine-terminals draw) is among
  our legal actions at its point, each call names the tile on offer and its seat, and
  the table's own moves (every draw, riichi sticks, kan dora) come out as the log has them;
- every figure a result records equals ours (:mod:`game.replay.results`): for a win the
  hand, melds, winning tile, dora and ura-dora indicators, yaku, fu, points, limit,
  payments and the table before it; for a draw its kind, the hands shown, payments and
  the table; the scores at each accepted riichi;
- between rounds, our Match agrees with the next INIT (round, honba, sticks, scores),
  and at the end with the final figures (``owari``).

The first difference in a round is reported and that round stops there; the replay
goes on with the next round from the log's own figures (:mod:`game.replay.rounds` drives
a round). :func:`checked_log` is the door: ``export`` and ``review`` read a log through it,
so a log is either refused in one line there or read alike by every command.

    >>> from game.records import parse_mjlog
    >>> hands = ("0,32,36,68,72,104,108,112,116,120,124,128,4", ",".join(map(str, range(8, 21))),
    ...          ",".join(map(str, [*range(21, 32), 33, 34])), ",".join(map(str, range(40, 53))))
    >>> shown = "0,4,32,36,68,72,104,108,112,116,120,124,128,132"  # the nine-terminals hand, tile 132 drawn
    >>> log = ('<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/>'
    ...        '<INIT seed="0,0,0,0,0,130" ten="250,250,250,250" oya="0" '
    ...        + " ".join(f'hai{s}="{h}"' for s, h in enumerate(hands)) + '/><T132/>'
    ...        f'<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" hai0="{shown}"/></mjloggm>')
    >>> [(r.label, r.ok) for r in replay_game(parse_mjlog(log))]
    [('E1.0', True)]
    >>> [r.difference for r in replay_game(parse_mjlog(log.replace("yao9", "kaze4")))]
    ['the log draws the round (kaze4); our round goes on']
"""

from __future__ import annotations

import sys

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.data.files import read_file
from game.records import GameLog, RoundLog, parse_log, read_log
from game.replay.results import Difference
from game.replay.rounds import RoundReplay, rebuilt_wall
from game.rules.errors import InputError
from game.rules.match import Match, RoundEnd, round_label
from game.rules.ruleset import OLD_EAST_ONLY_UMA, SANMA_UMA, TENHOU, TENHOU_SANMA, TENHOU_UMA, Ruleset
from game.rules.wall import RoundShuffle, Shuffler, Wall, is_hex_seed, seed_words

__all__ = ["Difference", "FileReport", "RoundReplay", "RoundReport", "check_game", "checked_log",
           "read_checked",
           "rebuilt_wall", "replay_file", "replay_game", "rounded_era", "ruleset_for"]


@dataclass
class RoundReport:
    label: str  # "E1.0": round and honba
    ok: bool = True
    difference: str | None = None  # the first difference found
    note: str | None = None  # not a difference: e.g. the log stops mid-round
    reading: RoundLog | None = field(default=None, repr=False)  # the log's other reading that replayed

    def to_json(self) -> dict[str, Any]:
        return {"round": self.label, "ok": self.ok, "difference": self.difference, "note": self.note}


@dataclass
class FileReport:
    path: str
    rounds: list[RoundReport] = field(default_factory=list)
    error: str | None = None  # the file could not be read
    unsupported: str | None = None  # nothing checked: no rounds

    @property
    def ok(self) -> bool:
        return self.error is None and all(r.ok for r in self.rounds)

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "ok": self.ok, "rounds": [r.to_json() for r in self.rounds],
                "error": self.error, "unsupported": self.unsupported}


def replay_file(path: str | Path) -> FileReport:
    """Read and replay one log file; unreadable files are reported, never raised."""
    report = FileReport(str(path))
    try:
        game = read_log(path)
    except InputError as exc:
        report.error = str(exc)
        return report
    if not game.rounds:
        report.unsupported = "the log holds no rounds: nothing to check"
    else:
        report.rounds = replay_game(game)
    return report


def read_checked(path: str | Path) -> GameLog:
    """:func:`checked_log` of the file at ``path`` (read by the one safe reader)."""
    return checked_log(read_file(path), path)


def checked_log(data: bytes, path: str | Path) -> GameLog:
    """The one door every command's log goes through: the log read (``game.records.parse_log``)
    and replayed through our rules (:func:`replay_game`, what ``picoriichi replay`` shows round
    by round). A log whose play or figures our rules cannot follow is refused in one line naming
    the file and its first such round (InputError); an accepted log is what every command reads
    alike, each round as it replayed (a tenhou.net/6 round whose calls read two ways: the
    reading that keeps the rules). A log without rounds is not replayed: the commands say they
    do not support it.
    """
    return check_game(parse_log(data, path), path)


def check_game(game: GameLog, path: str | Path) -> GameLog:
    """:func:`checked_log`'s replay of a log already read (``path`` names it in the refusal): the
    same GameLog, each round that replayed by another reading set to that reading."""
    if not game.rounds:
        return game
    for index, report in enumerate(replay_game(game)):
        if not report.ok:
            raise InputError(f"{path}: {report.label}: {report.difference} "
                             f"(our rules cannot follow the log: 'picoriichi replay' shows each round)")
        if report.reading is not None:
            game.rounds[index] = report.reading
    return game


ROUNDING_ENDED = "20210401"  # Tenhou rounded its final figures to the thousand up to early 2021


def ruleset_for(game: GameLog) -> Ruleset:
    """Our ruleset for the log's rules, its room's points and its era's final figures.

    The room's start and return points and uma come from the log's rules (a ranked
    room: 25,000 and 30,000), never from a round's scores, which may be mid-game; a room
    that does not state its start (``GameRules.start_points`` None) starts from the
    table's total. The era (:func:`rounded_era`) decides the rounding, for an
    east-only ranked game the uma (10/5 then, 20/10 now), and tenpai-yame: the older
    Tenhou played on after an all-last dealer tenpai in first place (tests/data's
    bug1.xml, South 4 with one honba), today's ends the game there.
    """
    rules = game.rules
    rounded = rounded_era(game)
    players = 3 if rules.three_player else 4
    start = rules.start_points if rules.start_points is not None else _table_total(game) // players
    back = rules.return_points if rules.return_points is not None else start
    if rules.uma is not None:
        uma = tuple(rules.uma)
    elif rules.three_player:
        uma = SANMA_UMA
    else:
        uma = OLD_EAST_ONLY_UMA if rounded and not rules.east_south else TENHOU_UMA
    table = TENHOU_SANMA if rules.three_player else TENHOU
    return replace(table, red_fives=rules.red_fives, open_tanyao=rules.open_tanyao, east_south=rules.east_south,
                   start_points=start, return_points=back, uma=uma, rounded_figures=rounded,
                   tenpai_yame=not rounded, shared_ties=rules.shared_ties)


def rounded_era(game: GameLog) -> bool:
    """Whether the log comes from the era of rounded final figures (Tenhou up to early 2021).

    Its own figures tell first: one with a decimal part belongs to today's era. Whole
    figures could be either when every final score is a whole thousand; then the date
    of the game's id decides, and a log with neither is taken as of the older era.
    """
    owari = game.owari
    if owari is not None and any(figure != int(figure) for figure in owari.results):
        return False
    if owari is not None and any(score % 1000 for score in owari.scores):
        return True  # today's figures would show the hundreds
    date = game.ref[:8] if game.ref and game.ref[:8].isdigit() else None
    return date is None or date < ROUNDING_ENDED


def _table_total(game: GameLog) -> int:
    """The points on the table at the first deal (sticks included): the room's stake."""
    init = game.rounds[0].init
    return sum(init.scores) + Ruleset().riichi_cost * init.riichi_sticks


def replay_game(game: GameLog) -> list[RoundReport]:
    """Replay every round of a game (four players or three); one report per round.

    The match starts from the first round's own figures (round, dealer, honba, sticks,
    scores), so that a log that begins mid-game, or a single round shared alone, is
    followed from where it starts.
    """
    ruleset = ruleset_for(game)
    shuffler, seed_problem = _shuffler(game.seed, ruleset.three_player)
    first = game.rounds[0].init
    pending = None  # the first round's shuffle, found ahead when the log starts after East 1
    if shuffler and (first.round_index, first.honba) != (0, 0):
        pending = _later_shuffle(shuffler, game.rounds[0], game.seed)
        if pending is None:
            shuffler, seed_problem = None, "the seed deals none of the game's first rounds as the log's first; " \
                                            "the walls were rebuilt from the log"
    match = Match(ruleset, first_dealer=(first.dealer - first.round_index % 4) % ruleset.players)
    _sync(match, first)
    reports = []
    trusted = True  # our match followed the previous round: compare it with this INIT
    for round_log in game.rounds:
        init = round_log.init
        report = RoundReport(f"{round_label(init.round_index)}.{init.honba}")
        reports.append(report)
        shuffle, pending = (pending or (shuffler.next_round() if shuffler else None)), None
        mismatch = _match_mismatch(match, init) if trusted else None
        _sync(match, init)
        try:
            if mismatch:
                raise Difference(mismatch)
            wall = _wall(round_log, shuffle, game.seed)
            last = round_log is game.rounds[-1]
            before = _match_state(match)
            try:
                trusted = _replay_round(round_log, wall, match, report, last)
            except (Difference, InputError):
                if _match_state(match) != before:  # the play fitted; the figures after it did not
                    raise
                trusted = _another_reading(round_log, shuffle, game.seed, match, report, last)
        except Difference as diff:
            report.ok, report.difference, trusted = False, str(diff), False
        except InputError as exc:
            report.ok, report.difference, trusted = False, f"malformed round: {exc}", False
        except Exception as exc:  # a log our rules cannot follow at all: report it, never crash
            report.ok, report.difference, trusted = False, f"replay failed: {type(exc).__name__}: {exc}", False
        if seed_problem and report.ok:
            report.note = seed_problem
    return reports


def _another_reading(round_log: RoundLog, shuffle, seed: str | None, match: Match, report: RoundReport,
                     last: bool) -> bool:
    """Replay the first of the log's other readings of the round that keeps the rules (a
    tenhou.net/6 log may leave which discard a call took open); the first reading's failure
    stands when none does, or when that failure came after the match had moved on."""
    before = _match_state(match)
    problem = sys.exc_info()[1]
    if round_log.other_readings is None:
        raise problem
    for reading in round_log.other_readings():
        try:
            trusted = _replay_round(reading, _wall(reading, shuffle, seed), match, report, last)
            report.reading = reading
            return trusted
        except (Difference, InputError):
            if _match_state(match) != before:
                raise
    raise problem


def _match_state(match: Match) -> tuple:
    return match.round_index, match.honba, match.sticks, tuple(match.scores), match.over


def _replay_round(round_log: RoundLog, wall: Wall, match: Match, report: RoundReport, last: bool) -> bool:
    """Replay one round and move the match on; False when the log stops mid-round."""
    rnd = RoundReplay(round_log, wall, match.ruleset).run()
    if rnd is None or not round_log.results:  # ours may have ended at the wall's end: the log has stopped
        report.note = "the log stops before the round's result"
        return False
    match.end_round(RoundEnd.of_round(rnd))
    owari = round_log.results[-1].owari
    if owari is None and match.over and last:  # e.g. a round shared alone, without the game's figures
        report.note = "our match ends the game here; the log stops without the final figures"
    else:
        _check_owari(match, owari)
    return True


def _shuffler(seed: str | None, three_player: bool = False) -> tuple[Shuffler | None, str | None]:
    if not seed:
        return None, None
    try:
        return Shuffler(seed_words(seed), three_player), None
    except InputError as exc:
        return None, f"seed not used ({exc}); the wall was rebuilt from the log"


MAX_CUT_ROUNDS = 32  # a log cut from a game keeps its seed; its first round is at most this far in


def _later_shuffle(shuffler: Shuffler, round_log: RoundLog, seed: str) -> RoundShuffle | None:
    """The shuffle that deals ``round_log``, taken from the next rounds of the seed: a log
    cut from a seeded game starts at a later round of the same generator."""
    for _ in range(MAX_CUT_ROUNDS):
        shuffle = shuffler.next_round()
        try:
            _wall(round_log, shuffle, seed)
        except Difference:
            continue
        return shuffle
    return None


def _match_mismatch(match: Match, init) -> str | None:
    ours = (match.round_index, match.dealer, match.honba, match.sticks, tuple(match.scores))
    theirs = (init.round_index, init.dealer, init.honba, init.riichi_sticks, tuple(init.scores))
    if match.over:
        return "our match ended the game before this round"
    if ours != theirs:
        return f"round start: the log has (round, dealer, honba, sticks, scores) {theirs}, our match {ours}"
    return None


def _sync(match: Match, init) -> None:
    """Carry on from the log's own figures, so that one difference is reported once."""
    match.round_index, match.honba, match.sticks = init.round_index, init.honba, init.riichi_sticks
    match.scores, match.over = list(init.scores), False


def _check_owari(match: Match, owari) -> None:
    if owari is None:
        if match.over:
            raise Difference("our match ends the game here; the log plays on")
        return
    if not match.over:
        raise Difference("the log ends the game here; our match plays on")
    ours = tuple(s.figure for s in sorted(match.standings(), key=lambda s: s.seat))
    if tuple(match.scores) != owari.scores or ours != tuple(owari.results):
        raise Difference(f"final: the log has {owari.scores} {owari.results}, ours {tuple(match.scores)} {ours}")


def _wall(round_log: RoundLog, shuffle, seed: str | None) -> Wall:
    init = round_log.init
    if shuffle is None:
        return rebuilt_wall(round_log)
    wall = Wall(list(shuffle.wall), shuffle.dice, dead_wall_flipped=is_hex_seed(seed or ""))
    hands = wall.copy().deal(init.dealer)
    if [sorted(h) for h in hands] != [sorted(h) for h in init.hands] or tuple(shuffle.dice) != init.dice:
        raise Difference(f"the deal differs from our wall for the log's seed (dice {shuffle.dice} vs {init.dice})")
    if wall.dora_indicators[0] != init.dora_indicator:
        raise Difference("the dora indicator differs from our wall for the log's seed")
    return wall
