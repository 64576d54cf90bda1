"""One round of a log driven through our rules, every action and every recorded field compared.

:class:`RoundReplay` plays the log's actions on a real :class:`game.rules.round.Round` (each must
be among the legal actions at its point), matches the table's own moves (every draw, the kan
dora), and then holds each figure the log records against the replayed round
(:mod:`game.replay.results`): a win's hand, melds, winning tile, indicators, yaku, fu, points,
payments, the figures before it; a draw's kind, hands shown and payments; the scores at each
accepted riichi. The first difference raises :class:`Difference`. ``game.replay.door`` drives a
whole game with it; the viewer and the review drive a round with a :class:`Watcher` of their own,
told of each action as it is played (the viewer keeps the table after it, the review notes the
reviewed seat's decisions).
"""

from __future__ import annotations

from engine.tasks import TaskGen, run_to_end
from game.records import (
    Agari, Bye, Call, Discard as LogDiscard, Draw, NewDora, Nuki as LogNuki, Rejoin, Riichi as LogRiichi, RoundLog,
    Ryuukyoku,
)
from game.replay.results import Difference, check_draw, check_riichi_scores, check_wins, tiles_text
from game.rules.actions import (
    Action, AddedKan, Chi, ClosedKan, Discard, NineTerminals, Nuki, OpenKan, Pass, Pon, Riichi, Ron, Tsumo,
)
from game.rules.events import Drew, RiichiAccepted
from game.rules.round import Round
from game.rules.ruleset import Ruleset
from game.rules.tiles import tile_name
from game.rules.wall import Wall

KAN_KINDS = ("kan", "ankan", "kakan")


def rebuilt_wall(round_log: RoundLog) -> Wall:
    """A wall in Tenhou's layout holding the log's own deal, draws and indicators."""
    init = round_log.init
    draws, replacements, dora, ura = [], [], [init.dora_indicator], []
    kan_by: int | None = None  # the seat whose next draw is a replacement
    for event in round_log.events:
        if (isinstance(event, Call) and event.meld.is_kan) or isinstance(event, LogNuki):
            kan_by = event.seat
        elif isinstance(event, Draw):
            (replacements if kan_by == event.seat else draws).append(event.tile)
            kan_by = None
        elif isinstance(event, NewDora):
            dora.append(event.tile)
        elif isinstance(event, Agari) and event.ura_indicators:
            ura = list(event.ura_indicators)
    return Wall.arranged(init.hands, init.dealer, draws, replacements, dora, ura, init.dice)


class Watcher:
    """What a round's replay tells as it goes (each hook does nothing here: a watcher overrides
    those it needs). ``replay.rnd`` is the round at that moment."""

    def acting(self, replay: RoundReplay, seat: int, action: Action) -> None:
        """The log's ``action`` by ``seat`` is about to be played (every pass the log does not
        name before it has been)."""

    def acted(self, replay: RoundReplay, seat: int, action: Action) -> None:
        """The log's ``action`` by ``seat`` has been played."""

    def passing(self, replay: RoundReplay, seat: int) -> None:
        """``seat`` passes on a claim the log does not name."""


class RoundReplay:
    """Drives one Round with the log's actions, checking each; ``watcher`` is told of each."""

    def __init__(self, round_log: RoundLog, wall: Wall, ruleset: Ruleset, watcher: Watcher | None = None) -> None:
        init = round_log.init
        self.watcher = watcher or Watcher()
        self.log = round_log
        self.rnd = Round.start(wall, init.dealer, init.round_index // 4, init.honba, init.riichi_sticks,
                               init.scores, ruleset, check=True)  # invariants on real play too
        self.seen = 0  # our events already matched
        self.riichi_declared: int | None = None
        self.riichi_accepted: list[LogRiichi] = []
        self.dora: list[int] = [init.dora_indicator]
        self.kans = 0  # kans the log has made so far: a DORA tag turns one of theirs

    def run(self) -> Round | None:
        return run_to_end(self.run_task())

    def run_task(self) -> TaskGen[Round | None]:
        """``run`` one event a step, for a viewer that replays within the frame."""
        events = self.log.events
        i = 0
        while i < len(events):
            if i:
                yield
            event = events[i]
            if isinstance(event, Agari):
                wins = [event]
                while i + 1 < len(events) and isinstance(events[i + 1], Agari):
                    i += 1
                    wins.append(events[i])
                self._wins(wins)
            else:
                self._step(event)
            i += 1
        if self.rnd.result is None:
            return None
        self._check_end()
        return self.rnd

    def _step(self, event) -> None:
        if isinstance(event, Draw):
            self._draw(event)
        elif isinstance(event, LogDiscard):
            riichi = self.riichi_declared == event.seat
            self.riichi_declared = None
            self._act(event.seat, Riichi(event.tile) if riichi else Discard(event.tile))
        elif isinstance(event, LogRiichi):
            if event.step == 1:
                self.riichi_declared = event.seat
            else:
                self.riichi_accepted.append(event)
        elif isinstance(event, Call):
            self._call(event)
        elif isinstance(event, LogNuki):
            self._act(event.seat, Nuki(event.tile))
        elif isinstance(event, NewDora):
            self._new_dora(event)
        elif isinstance(event, Ryuukyoku):
            self._drawn_game(event)
        elif isinstance(event, (Bye, Rejoin)):
            pass  # the server plays on for a player who left
        else:
            raise Difference(f"unsupported event {type(event).__name__}")

    # --- actions -----------------------------------------------------------------

    def _act(self, seat: int, action: Action) -> None:
        rnd = self.rnd
        if rnd.phase == "claims" and seat not in rnd.awaiting():
            self._pass_all()
        self.watcher.acting(self, seat, action)
        self._draws_all_logged()
        if not rnd.is_legal(seat, action):
            raise Difference(f"seat {seat}: {_describe(action)} is not legal here "
                             f"(phase {rnd.phase}, turn {rnd.turn}, {rnd.tiles_left} tiles left)")
        rnd.apply(seat, action)
        self.watcher.acted(self, seat, action)

    def _pass_all(self, keep: tuple[int, ...] = ()) -> None:
        rnd = self.rnd
        while rnd.phase == "claims":
            waiting = [s for s in rnd.awaiting() if s not in keep]
            if not waiting:
                return
            self.watcher.passing(self, waiting[0])
            rnd.apply(waiting[0], Pass())

    def _draw(self, event: Draw) -> None:
        rnd = self.rnd
        if rnd.phase == "claims":
            self._pass_all()
        for k in range(self.seen, len(rnd.events)):
            ours = rnd.events[k]
            if isinstance(ours, Drew):
                self.seen = k + 1
                if (ours.seat, ours.tile) != (event.seat, event.tile):
                    raise Difference(f"the log draws {tile_name(event.tile)} for seat {event.seat}; "
                                     f"we draw {tile_name(ours.tile)} for seat {ours.seat}")
                return
        raise Difference(f"the log draws for seat {event.seat}; our round does not draw here "
                         f"(phase {rnd.phase})")

    def _draws_all_logged(self) -> None:
        """Every draw our round made before an action is in the log: a log that leaves one out
        is not the game it claims (the draw's tile would be played unseen)."""
        for ours in self.rnd.events[self.seen:]:
            if isinstance(ours, Drew):
                raise Difference(f"the log leaves out seat {ours.seat}'s draw of {tile_name(ours.tile)}")

    def _call(self, event: Call) -> None:
        meld, seat, rnd = event.meld, event.seat, self.rnd
        if meld.kind in KAN_KINDS:
            self.kans += 1
        if meld.kind == "ankan":
            self._act(seat, ClosedKan(meld.tiles[0] // 4))
            return
        if meld.kind == "kakan":
            pon = next((m for m in rnd.melds[seat] if m.kind == "pon" and m.kind34 == meld.kind34), None)
            if pon is not None and (pon.called, pon.from_seat) != (meld.called, meld.from_seat):
                raise Difference(f"seat {seat}'s added kan names {tile_name(meld.called)} from seat "
                                 f"{meld.from_seat}; its pon took {tile_name(pon.called)} from seat {pon.from_seat}")
            self._act(seat, AddedKan(meld.added))
            return
        offer = rnd.offer
        if rnd.phase == "claims" and offer is not None and (meld.called, meld.from_seat) != (offer.tile, offer.from_seat):
            raise Difference(f"seat {seat}'s {meld.kind} names {tile_name(meld.called)} from seat {meld.from_seat}; "
                             f"the tile on offer is {tile_name(offer.tile)} from seat {offer.from_seat}")
        own = tuple(t for t in meld.tiles if t != meld.called)
        action = {"chi": Chi, "pon": Pon}[meld.kind](own) if meld.kind != "kan" else OpenKan()
        self._act(seat, action)
        self._pass_all()
        ours = rnd.melds[seat][-1] if rnd.melds[seat] else None  # the call is made once every seat answered
        if ours is not None and ours.kind == meld.kind and sorted(ours.tiles) != sorted(meld.tiles):
            raise Difference(f"seat {seat}'s {meld.kind} shows {tiles_text(meld.tiles)}, we {tiles_text(ours.tiles)}")

    def _new_dora(self, event: NewDora) -> None:
        """A kan dora indicator: the log turns one per kan it has made, never before the kan."""
        if len(self.dora) > self.kans:
            raise Difference(f"the log turns dora indicator {tile_name(event.tile)} with no kan to turn it")
        self.dora.append(event.tile)

    def _wins(self, wins: list[Agari]) -> None:
        if wins[0].tsumo:
            self._act(wins[0].who, Tsumo())
        else:
            for agari in wins:
                self._act(agari.who, Ron())
            self._pass_all()
        check_wins(self.rnd, wins)

    def _drawn_game(self, event: Ryuukyoku) -> None:
        rnd = self.rnd
        if event.reason == "yao9":
            self._act(rnd.turn, NineTerminals())
        elif event.reason == "ron3":
            offer = rnd.offer
            for s in (rnd.awaiting() if offer else []):
                self._act(s, Ron())
        else:
            self._pass_all()
            self._draws_all_logged()
        check_draw(rnd, event)

    def _check_end(self) -> None:
        rnd = self.rnd
        accepted = [e.seat for e in rnd.events if isinstance(e, RiichiAccepted)]
        logged = [e.seat for e in self.riichi_accepted]
        if accepted != logged:
            raise Difference(f"riichi accepted: the log has seats {logged}, we {accepted}")
        check_riichi_scores(rnd, self.riichi_accepted)
        if list(rnd.wall.dora_indicators) != self.dora:
            raise Difference(f"dora indicators: the log turns {tiles_text(self.dora)}, "
                             f"we {tiles_text(rnd.wall.dora_indicators)}")


def _describe(action) -> str:
    name = type(action).__name__
    if hasattr(action, "tile"):
        return f"{name} {tile_name(action.tile)}"
    if hasattr(action, "tiles"):
        return f"{name} {tiles_text(action.tiles)}"
    if hasattr(action, "kind"):
        return f"{name} {tiles_text([action.kind * 4])}"
    return name
