"""One seat's view of a round, rebuilt from the mjai events that seat is sent.

An mjai bot is told events, never the state: :class:`MjaiTracker` folds them into a
:class:`game.rules.view.PlayerView` of its seat, legal actions included, so that any of our
agents can answer. It does so without a second copy of the rules: each mjai event becomes
the matching event of :mod:`game.rules.events` and is folded by a :class:`game.rules.round.Round`
whose wall hands out the tiles the events name (:class:`_TableWall`) and whose other
seats hold unseen tiles (``UNSEEN``) until they show them. The Round's own rules then give
the legal actions, furiten, riichi, ippatsu, kuikae and the rest.

mjai names tiles, not copies: each tile seen gets an id of its kind not yet used this
round (the red five's own id for ``5mr``), so ids are distinct as at a real table.

An event no referee would send is refused, in one line naming it, before it is folded:
its own shape (:mod:`game.mjai.referee`), and here what needs the table: anything before
``start_game`` or after ``end_game``, a round event outside a round, a draw or discard out of
turn (the dealer draws first, then the seat after each discard, or a kan's maker its replacement),
a draw past the live wall's 70 tiles, a ``dora`` with no kan to turn it, a ``reach`` by a seat
already in riichi, with an open hand, under 1,000 points or with fewer than 4 tiles left, a
``reach_accepted`` with no riichi discard to accept, more copies of a tile than the game holds. The round in which an event was refused is lost to this seat:
its view is None (no move is played from a table it cannot trust) and the round's further
events are passed over, until the next ``start_kyoku``.

    >>> t = MjaiTracker()
    >>> t.update({"type": "start_game", "id": 1})
    >>> t.update({"type": "start_kyoku", "bakaze": "E", "dora_marker": "2s", "kyoku": 1,
    ...           "honba": 0, "kyotaku": 0, "oya": 0, "scores": [25000] * 4,
    ...           "tehais": [["?"] * 13, "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S W".split(),
    ...                      ["?"] * 13, ["?"] * 13]})
    >>> t.update({"type": "tsumo", "actor": 0, "pai": "?"})
    >>> t.update({"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False})
    >>> [type(a).__name__ for a in t.view().legal_actions]
    ['Pon', 'Pass']
"""

from __future__ import annotations

from typing import Any

from game.rules.errors import InputError
from game.rules.melds import Meld
from game.mjai.protocol import HIDDEN, WINDS, is_red_name, kind_of, tile_name
from game.mjai.referee import check_event, seat as _seat
from game.rules.claims import claim_options
from game.rules.events import (
    Called, Dealt, Discarded, DoraRevealed, Drew, Kanned, Missed, RiichiAccepted, RoundSetup,
)
from game.rules.round import Round
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.tiles import is_red
from game.rules.view import PlayerView
from game.rules.wins import completes

UNSEEN = -1  # a tile another seat holds and has not shown
START_TILES_LEFT = 70  # live draws after the deal (136 - 14 dead - 52 dealt)
KAN_TYPES = ("daiminkan", "ankan", "kakan")


class _TableWall:
    """A wall that knows only what the events told: it hands out the tile it is told to
    (``feed``), counts the draws left and keeps the dora indicators shown."""

    players = 4  # mjai's table: four seats

    def __init__(self, hands: list[list[int]], dora_indicator: int) -> None:
        self.hands = hands
        self.next_tiles: list[int] = []
        self.tiles_left = START_TILES_LEFT
        self.dora_indicators = [dora_indicator]
        self.ura_indicators: list[int] = []  # unknown until a win shows them

    def feed(self, tile: int) -> None:
        self.next_tiles.append(tile)

    def deal(self, dealer: int) -> list[list[int]]:
        return [list(h) for h in self.hands]

    def draw(self) -> int:
        self.tiles_left -= 1
        return self.next_tiles.pop(0)

    draw_replacement = draw

    def reveal_kan_dora(self) -> int:
        tile = self.next_tiles.pop(0)
        self.dora_indicators.append(tile)
        return tile

    def copy(self) -> _TableWall:
        return self  # one wall per tracked round: the Round must fold on the wall we feed


class _SeatRound(Round):
    """A Round folded from one seat's events: only that seat's claims are asked."""

    me = 0

    def _claimants(self) -> list[int]:
        if self.offer.from_seat == self.me:
            return []
        return [self.me] if claim_options(self, self.me) else []


class MjaiTracker:
    """Folds mjai events (dicts) into the view of seat ``seat`` (set by ``start_game``)."""

    def __init__(self, seat: int = 0, ruleset: Ruleset = TENHOU) -> None:
        self.seat = seat
        self.ruleset = ruleset
        self.round: _SeatRound | None = None
        self.used: set[int] = set()
        self.declared = [False] * 4  # said reach, discard not yet seen
        self.unaccepted: set[int] = set()  # riichi discards made and not yet accepted
        self.last_type = ""  # the event before: a draw after a kan is the replacement draw
        self.next_draw: int | None = None  # the seat whose draw comes next (None: a caller discards first)
        self.kan_dora = 0  # kans whose dora indicator has not turned yet
        self.game = "before"  # "before" start_game, "on", "over" after end_game
        self.lost = False  # an event of this round was refused: the round is not played on

    # --- reading --------------------------------------------------------------------

    def view(self) -> PlayerView | None:
        """The seat's view now, or None between rounds and in a round lost to a refused event."""
        if self.round is None or self.lost:
            return None
        return self.round.view(self.seat)

    @property
    def declared_riichi(self) -> bool:
        """This seat said reach and mjai now asks for the riichi discard."""
        return self.declared[self.seat]

    # --- folding --------------------------------------------------------------------

    def update(self, event: Any) -> None:
        """Fold one mjai event; InputError (one line naming the event) when no referee would
        send it here. A refused event loses the round (see the module's docstring)."""
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise self.refuse(f"an mjai event is a JSON object with a type, not {str(event)[:60]}")
        kind = event["type"]
        if _three_player(event):
            raise self.refuse(THREE_PLAYER_REFUSAL)
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise self.refuse(f"unknown mjai event type {kind[:20]!r}")
        if self.lost and kind not in ("start_game", "start_kyoku", "end_game"):
            return  # the rest of a lost round: nothing is played in it
        try:
            self._in_order(kind)
            check_event(event)
            handler(self, event)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            reason = str(exc) if isinstance(exc, InputError) else f"does not fit the round: {str(event)[:100]}"
            raise self.refuse(f"{kind}: {reason}") from None
        self.last_type = kind

    def refuse(self, reason: str) -> InputError:
        """The error for a refused event or line; a round in play is lost to it."""
        if self.round is not None:
            self.lost = True
        return InputError(reason)

    def _in_order(self, kind: str) -> None:
        """Refuse an event out of the game's order: before start_game, after end_game, a round's
        event outside a round."""
        if self.game == "before" and kind != "start_game":
            raise InputError("before start_game")
        if self.game == "over" and kind != "start_game":
            raise InputError("after end_game")
        if kind not in _BETWEEN_ROUNDS and kind != "start_game" and self.round is None:
            raise InputError("before start_kyoku")

    def _start_game(self, e: dict) -> None:
        self.seat = _seat(e.get("id", self.seat))
        self.round, self.lost, self.game = None, False, "on"

    def _end_game(self, e: dict) -> None:
        self.round, self.lost, self.game = None, False, "over"

    def _start_kyoku(self, e: dict) -> None:
        self.used = set()
        self.declared = [False] * 4
        self.unaccepted = set()
        self.lost = False
        dealer = _seat(e["oya"])
        self.next_draw, self.kan_dora = dealer, 0
        tehais = e["tehais"]
        tehai = tehais[self.seat]  # the numbers and the hands' shape: game.mjai.referee
        if HIDDEN in tehai:
            raise InputError("this seat's 13 tiles must be shown")
        hands = [[UNSEEN] * 13 for _ in range(4)]
        hands[self.seat] = [self._take(name) for name in tehai]
        dora = self._take(e["dora_marker"])
        wall = _TableWall(hands, dora)
        setup = RoundSetup(wall, dealer, WINDS.index(e["bakaze"]), int(e["honba"]), int(e["kyotaku"]),
                           tuple(int(s) for s in e["scores"]), self.ruleset)
        rnd = _SeatRound(setup)
        rnd.me = self.seat
        rnd._emit(Dealt(tuple(tuple(h) for h in hands)))
        self.round = rnd

    def _tsumo(self, e: dict) -> None:
        rinshan = self.last_type in KAN_TYPES or (self.last_type == "dora" and self._kan_before_dora())
        actor = _seat(e["actor"])
        if self.round.phase == "turn" and not rinshan:
            raise InputError(f"seat {actor} draws before seat {self.round.turn} has discarded")
        if actor != self.next_draw:
            expected = "none before the caller's discard" if self.next_draw is None else f"seat {self.next_draw}'s"
            raise InputError(f"seat {actor} draws out of turn: the next draw is {expected}")
        if self.round.wall.tiles_left <= 0:
            raise InputError(f"a draw past the live wall: it holds {START_TILES_LEFT} tiles")
        self._close_offer()
        name = e["pai"]
        if actor == self.seat and name == HIDDEN:
            raise InputError("this seat's own draw must be shown")
        tile = self._take(name) if actor == self.seat else UNSEEN
        self.round.wall.feed(tile)
        self.round._emit(Drew(actor, tile, rinshan))

    def _kan_before_dora(self) -> bool:
        events = self.round.events
        return len(events) >= 2 and isinstance(events[-2], Kanned)

    def _dahai(self, e: dict) -> None:
        actor = self._on_turn(e)
        tsumogiri = bool(e.get("tsumogiri"))
        tile = self._shown(actor, e["pai"], prefer_drawn=tsumogiri)
        if actor == self.seat:
            tsumogiri = tile == self.round.drawn
        riichi, self.declared[actor] = self.declared[actor], False
        self.round._emit(Discarded(actor, tile, riichi, tsumogiri))
        self.next_draw = (actor + 1) % 4
        if riichi:
            self.unaccepted.add(actor)

    def _reach(self, e: dict) -> None:
        actor = self._on_turn(e)
        rnd = self.round
        if rnd.riichi[actor] or self.declared[actor]:
            raise InputError(f"seat {actor} is in riichi already")
        if any(m.kind != "ankan" for m in rnd.melds[actor]):
            raise InputError(f"seat {actor} has called: riichi needs a closed hand")
        if rnd.scores[actor] < self.ruleset.riichi_cost or rnd.wall.tiles_left < 4:
            raise InputError(f"seat {actor} cannot riichi with {rnd.scores[actor]} points and "
                             f"{rnd.wall.tiles_left} tiles left (it needs {self.ruleset.riichi_cost} and 4)")
        self.declared[actor] = True

    def _reach_accepted(self, e: dict) -> None:
        actor = _seat(e["actor"])
        if actor not in self.unaccepted:
            raise InputError(f"seat {actor} made no riichi discard to accept")
        self.unaccepted.discard(actor)
        self._close_offer()
        self.round._emit(RiichiAccepted(actor))

    def _on_turn(self, e: dict) -> int:
        """The actor of an event only the seat to play may make (a discard, reach, a kan from
        its hand), or InputError."""
        actor = _seat(e["actor"])
        if self.round.phase != "turn" or self.round.turn != actor:
            raise InputError(f"seat {actor} plays out of turn")
        return actor

    def _call(self, e: dict) -> None:
        self._close_offer()
        actor, target = _seat(e["actor"]), _seat(e["target"])
        rnd = self.round
        pond = rnd.ponds[target]
        if not pond or tile_name(pond[-1].tile) != e["pai"] or pond[-1].called_by is not None:
            raise InputError(f"{e['pai']} is not the discard seat {target} just made")
        called = pond[-1].tile
        consumed = self._shown_tiles(actor, e["consumed"])
        kind = {"chi": "chi", "pon": "pon", "daiminkan": "kan"}[e["type"]]
        rnd._emit(Called(actor, Meld(kind, tuple(sorted(consumed + [called])), called, target)))
        if kind == "kan":
            self._kan_made(actor)
        else:
            self.next_draw = None  # the caller discards without drawing

    def _ankan(self, e: dict) -> None:
        actor = self._on_turn(e)
        tiles = self._shown_tiles(actor, e["consumed"])
        self.round._emit(Kanned(actor, Meld("ankan", tuple(sorted(tiles)))))
        self._kan_made(actor)

    def _kakan(self, e: dict) -> None:
        actor = self._on_turn(e)
        pon = next((m for m in self.round.melds[actor] if m.kind == "pon" and m.kind34 == kind_of(e["pai"])), None)
        if pon is None:
            raise InputError(f"seat {actor} has no pon of {e['pai']} to add to")
        added = self._shown(actor, e["pai"])
        meld = Meld("kakan", tuple(sorted(pon.tiles + (added,))), pon.called, pon.from_seat, added)
        self.round._emit(Kanned(actor, meld))
        self._kan_made(actor)

    def _kan_made(self, actor: int) -> None:
        """A kan: its maker draws the replacement next, and one dora indicator is due."""
        self.next_draw = actor
        self.kan_dora += 1

    def _dora(self, e: dict) -> None:
        if not self.kan_dora:
            raise InputError("a dora indicator with no kan to turn it")
        self.kan_dora -= 1
        tile = self._take(e["dora_marker"])
        self.round.wall.feed(tile)
        self.round._emit(DoraRevealed(tile))

    def _round_over(self, e: dict) -> None:
        self.round.phase = "over"  # the round's result is the referee's; we only stop asking
        self.round._cache.clear()

    def _nothing(self, e: dict) -> None:
        pass

    # --- tiles ----------------------------------------------------------------------

    def _take(self, name: Any) -> int:
        """A fresh id for a tile of this name (the red five's own id for ``5mr``)."""
        kind = kind_of(name)
        if is_red_name(name):
            copies = [kind * 4]
        elif self.ruleset.red_fives and kind in (4, 13, 22):
            copies = [kind * 4 + 1, kind * 4 + 2, kind * 4 + 3]
        else:
            copies = [kind * 4 + c for c in range(4)]
        tile = next((t for t in copies if t not in self.used), None)
        if tile is None:
            raise InputError(f"one {name} more than the game holds")
        self.used.add(tile)
        return tile

    def _shown_tiles(self, seat: int, tile_names: Any) -> list[int]:
        """The ids of several tiles ``seat`` shows at once (a call's or a kan's)."""
        if not isinstance(tile_names, list) or not 1 <= len(tile_names) <= 4:
            raise InputError(f"consumed tiles are a list of one to four tiles, not {tile_names!r}")
        shown: list[int] = []
        for name in tile_names:
            shown.append(self._shown(seat, name, taken=shown))
        return shown

    def _shown(self, seat: int, name: Any, prefer_drawn: bool = False, taken: list[int] = ()) -> int:
        """The id of a tile ``seat`` shows from its hand: one of its own for this seat
        (the drawn copy first when ``prefer_drawn``), else a fresh id taking the place
        of one of its unseen tiles."""
        hand = self.round.hands[seat]
        if seat != self.seat:
            if UNSEEN not in hand:
                raise InputError(f"seat {seat} shows more tiles than it holds")
            tile = self._take(name)
            hand[hand.index(UNSEEN)] = tile
            return tile
        kind, red = kind_of(name), is_red_name(name)
        mine = [t for t in hand if t // 4 == kind and is_red(t) == red and t not in taken]
        if not mine:
            raise InputError(f"this seat holds no {name}")
        drawn = self.round.drawn
        mine.sort(key=lambda t: (t == drawn) != prefer_drawn)
        return mine[0]

    def _close_offer(self) -> None:
        """A discard or kan went unclaimed by this seat: the Round's missed-win rule
        (furiten) applies when it completed the hand."""
        rnd = self.round
        offer = rnd.offer
        if rnd.phase == "claims" and offer.from_seat != self.seat and completes(rnd, self.seat, offer.tile):
            rnd._emit(Missed(self.seat))
        if rnd.phase == "claims":
            rnd.offer = None
            rnd.phase = "between"  # until the next draw or call says whose turn it is
            rnd._cache.clear()


_BETWEEN_ROUNDS = ("start_kyoku", "end_kyoku", "end_game", "none")

_HANDLERS = {
    "start_game": MjaiTracker._start_game, "start_kyoku": MjaiTracker._start_kyoku,
    "tsumo": MjaiTracker._tsumo, "dahai": MjaiTracker._dahai, "reach": MjaiTracker._reach,
    "reach_accepted": MjaiTracker._reach_accepted, "chi": MjaiTracker._call, "pon": MjaiTracker._call,
    "daiminkan": MjaiTracker._call, "ankan": MjaiTracker._ankan, "kakan": MjaiTracker._kakan,
    "dora": MjaiTracker._dora, "hora": MjaiTracker._round_over, "ryukyoku": MjaiTracker._round_over,
    "end_kyoku": MjaiTracker._nothing, "end_game": MjaiTracker._end_game, "none": MjaiTracker._nothing,
}


THREE_PLAYER_REFUSAL = "mjai has no three-player standard: this bot plays four-player games only"
THREE_PLAYER_EVENTS = ("nukidora", "kita", "nuki")  # what three-player mjai variants call a North set aside


def _three_player(event: dict) -> bool:
    """An event of a three-player game in one of mjai's unofficial variants: a North set aside,
    or a round dealt to three seats (three scores or three hands).

        >>> _three_player({"type": "start_kyoku", "scores": [35000] * 3}), _three_player({"type": "kita"})
        (True, True)
    """
    if event["type"] in THREE_PLAYER_EVENTS:
        return True
    if event["type"] != "start_kyoku":
        return False
    return any(isinstance(event.get(key), list) and len(event[key]) == 3 for key in ("scores", "tehais"))
