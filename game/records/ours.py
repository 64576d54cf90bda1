"""Our own games as Tenhou logs: a finished :class:`game.play.driver.Game` becomes a :class:`GameLog`,
which the writers of :mod:`game.records.mjlog_write` and :mod:`game.records.tenhou6_write` turn into files.

The round's events map one to one onto the log's, with Tenhou's order where ours differs: a
closed kan's new dora indicator is written before its replacement draw, riichi is declared
(step 1) before its discard and accepted (step 2) when the discard passes. A win lists the
winner's hand and its melds (the latest call first), Tenhou's yaku entries (an ura-dora entry
of 0 after riichi) and the table's figures; the last result carries the final figures.

    >>> from engine.tasks import run_to_end
    >>> from game.play.driver import Game, TsumogiriAgent
    >>> game = Game([TsumogiriAgent()] * 4, "PICORIICHI")
    >>> standings = run_to_end(game.play())
    >>> log = game_log(game, played="2026112220")
    >>> len(log.rounds) == len(game.rounds), log.owari is not None, log.ref[:12]
    (True, True, '2026112220gm')
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import replace
from pathlib import Path

from game.data.files import write_file
from game.records.mjlog_write import write_mjlog
from game.records.model import (
    Agari, Call, Discard, Draw, GameLog, GameRules, NewDora, Nuki, Owari, Player, Riichi, RoundInit, RoundLog,
    Ryuukyoku,
)
from game.records.tenhou6_write import write_tenhou6
from game.rules.events import (
    Called, Dealt, Discarded, DoraRevealed, Drew, Kanned, NukiDeclared, RiichiAccepted, RoundDrawn, Won,
)
from game.rules.round import Round
from game.rules.wall import is_tenhou_seed, seed_words, tenhou_seed_string

URA_DORA = 53
YAKUMAN_IDS = range(37, 52)


def game_log(game, played: str | None = None) -> GameLog:
    """The log of a game played by the driver (finished or not: a log may stop mid-game, even
    mid-round, with the round in play as far as it went).

    ``played`` is the date and hour the game's id carries (``YYYYMMDDHH``; now by default):
    it tells a reader which era of Tenhou's final figures the log follows (today's).
    """
    ruleset = game.ruleset
    rules = GameRules(red_fives=ruleset.red_fives, open_tanyao=ruleset.open_tanyao,
                      east_south=ruleset.east_south, three_player=ruleset.three_player,
                      start_points=ruleset.start_points,
                      return_points=ruleset.return_points)
    seed = game.seed if is_tenhou_seed(game.seed) else tenhou_seed_string(seed_words(game.seed))
    kept = list(game.rounds)
    if game.round is not None and game.round not in kept:  # a game left mid-round: that round so far
        kept.append(game.round)
    rounds = [_round_log(rnd) for rnd in kept]
    if game.match.over and rounds:
        _close(rounds[-1], game)
    stamp = played or time.strftime("%Y%m%d%H", time.gmtime())
    digest = hashlib.sha256(seed.encode("ascii")).hexdigest()[:8]
    players = [Player(game.player_name(seat)) for seat in range(len(game.agents))]
    return GameLog(rules, players, seed, rounds, ref=f"{stamp}gm-0009-0000-{digest}", go_type=None, lobby=0)


def export_game(game, folder: str | Path, played: str | None = None) -> list[Path]:
    """Write a game's log into ``folder`` as mjlog XML and tenhou.net/6 JSON; the paths written."""
    log = game_log(game, played)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    stem = folder / log.ref
    xml_path, json_path = stem.with_suffix(".mjlog"), stem.with_suffix(".json")
    write_file(xml_path, write_mjlog(log).encode("utf-8"))
    write_file(json_path, json.dumps(write_tenhou6(log), ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    return [xml_path, json_path]


def _round_log(rnd: Round) -> RoundLog:
    setup = rnd.setup
    dealt = next(e for e in rnd.events if isinstance(e, Dealt))
    wall = setup.wall.copy()
    init = RoundInit(setup.round_wind * 4 + setup.dealer, setup.honba, setup.riichi_sticks, wall.dice,
                     wall.dora_indicators[0], tuple(setup.scores), setup.dealer, dealt.hands)
    return RoundLog(init, _RoundEvents(rnd).events())


class _RoundEvents:
    """Walks a round's events, keeping the figures a log writes beside them."""

    def __init__(self, rnd: Round) -> None:
        self.rnd = rnd
        self.scores = list(rnd.setup.scores)
        self.sticks = rnd.setup.riichi_sticks
        self.drawn: list[int | None] = [None] * rnd.players
        self.out: list = []
        self.waiting_draw: Draw | None = None  # a closed kan's replacement draw, written after its dora
        self.last_kan = None

    def events(self) -> list:
        for event in self.rnd.events:
            self.add(event)
        if self.waiting_draw is not None:
            self.out.append(self.waiting_draw)
        return self.out

    def add(self, event) -> None:
        if isinstance(event, Drew):
            draw = Draw(event.seat, event.tile)
            self.drawn[event.seat] = event.tile
            if event.rinshan and self.last_kan == "ankan":
                self.waiting_draw = draw
            else:
                self.out.append(draw)
            self.last_kan = None
        elif isinstance(event, DoraRevealed):
            self.out.append(NewDora(event.tile))
            if self.waiting_draw is not None:
                self.out.append(self.waiting_draw)
                self.waiting_draw = None
        elif isinstance(event, Discarded):
            if event.riichi:
                self.out.append(Riichi(event.seat, 1))
            self.out.append(Discard(event.seat, event.tile, tsumogiri=event.tile == self.drawn[event.seat]))
            self.drawn[event.seat] = None
        elif isinstance(event, RiichiAccepted):
            self.scores[event.seat] -= self.rnd.ruleset.riichi_cost
            self.sticks += 1
            self.out.append(Riichi(event.seat, 2, tuple(self.scores)))
        elif isinstance(event, (Called, Kanned)):
            self.out.append(Call(event.seat, event.meld))
            self.last_kan = event.meld.kind
        elif isinstance(event, NukiDeclared):
            self.out.append(Nuki(event.seat, event.tile))
            self.last_kan = "nuki"
        elif isinstance(event, Won):
            self.out.append(self.agari(event, self.sticks))  # a double ron's second win finds none left
            self.scores = [s + d for s, d in zip(self.scores, event.deltas)]
            self.sticks -= event.sticks_taken
        elif isinstance(event, RoundDrawn):
            self.out.append(self.ryuukyoku(event))
            self.scores = [s + d for s, d in zip(self.scores, event.deltas)]

    def agari(self, won: Won, sticks: int) -> Agari:
        rnd, score = self.rnd, won.score
        hand = list(rnd.hands[won.seat]) + ([] if won.from_seat is None else [won.tile])
        riichi = any(isinstance(e, Discarded) and e.riichi and e.seat == won.seat for e in rnd.events)
        yaku = [(y, h) for y, h in score.yaku if y not in YAKUMAN_IDS]
        if riichi and not any(y == URA_DORA for y, _ in yaku) and not score.yakuman:
            yaku.append((URA_DORA, 0))  # Tenhou lists the ura-dora of every riichi win, 0 or not
        dora = tuple(rnd.wall.dora_indicators)
        return Agari(
            who=won.seat, from_who=won.seat if won.from_seat is None else won.from_seat,
            hand=tuple(sorted(hand)), melds=tuple(reversed(rnd.melds[won.seat])), win_tile=won.tile,
            fu=score.fu, points=score.total, limit=score.limit_index,
            yaku=tuple(yaku), yakuman=tuple(y for y, _ in score.yaku if y in YAKUMAN_IDS),
            dora_indicators=dora, ura_indicators=tuple(rnd.wall.ura_indicators) if riichi else (),
            scores=tuple(self.scores), deltas=tuple(won.deltas), honba=rnd.setup.honba,
            riichi_sticks=sticks, pao_who=won.pao_seat, nukis=tuple(rnd.nukis[won.seat]))

    def ryuukyoku(self, drawn: RoundDrawn) -> Ryuukyoku:
        rnd = self.rnd
        reason = None if drawn.reason == "exhaustive" else drawn.reason
        shown = {s: tuple(sorted(rnd.hands[s])) for s in shown_seats(rnd, drawn.reason)}
        return Ryuukyoku(reason, tuple(self.scores), tuple(drawn.deltas), rnd.setup.honba, self.sticks, shown)


def shown_seats(rnd: Round, reason: str) -> list[int]:
    """The seats whose hands Tenhou's mjlog shows at a drawn round (``RYUUKYOKU haiN``): the
    tenpai hands at an exhaustive draw or a nagashi mangan, the caller's at nine terminals,
    all four at four riichi, the three winners' at a triple ron, none at four kans or winds."""
    seats = range(rnd.players)
    if reason in ("exhaustive", "nm"):
        return [seat for seat in seats if rnd.result.tenpai[seat]]
    if reason == "yao9":
        return [rnd.turn]
    if reason == "reach4":
        return list(seats)
    if reason == "ron3":
        offered = next(e.seat for e in reversed(rnd.events) if isinstance(e, (Discarded, Kanned)))
        return [seat for seat in seats if seat != offered]
    return []


def _close(last: RoundLog, game) -> None:
    """Give the game's last result the final figures (sticks left over went to the top)."""
    by_seat = {s.seat: s for s in game.match.standings()}
    seats = range(game.ruleset.players)
    owari = Owari(tuple(by_seat[s].points for s in seats), tuple(by_seat[s].figure for s in seats))
    result = last.results[-1]
    index = last.events.index(result)
    last.events[index] = replace(result, owari=owari)
