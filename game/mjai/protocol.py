"""The mjai protocol's words: tile names, our round events as mjai events, actions both ways.

mjai (reference.md §8) names tiles ``1m``..``9m``, ``1p``.., ``1s``.., ``5mr``/``5pr``/``5sr``
for the red fives and ``E S W N P F C`` for the honours (P white, F green, C red); ``?`` is
a tile the player may not see. Its events are JSON objects with a ``type``.

    >>> tile_name(16), tile_name(17), tile_name(124)
    ('5mr', '5m', 'P')
    >>> kind_of("5pr"), kind_of("N")
    (13, 30)

:class:`MjaiWriter` turns the events of our rounds (:mod:`game.rules.events`) into the mjai
events one seat may see; :func:`action_to_mjai` writes one of our actions as the mjai
answer, and :func:`action_from_mjai` reads an mjai answer back into one of the legal
actions of a :class:`game.rules.view.PlayerView`.
"""

from __future__ import annotations

from typing import Any

from game.rules.errors import InputError
from game.rules.melds import Meld
from game.rules.actions import (
    AddedKan, Chi, ClosedKan, Discard, NineTerminals, OpenKan, Pass, Pon, Riichi, Ron, Tsumo,
)
from game.rules.events import (
    Called, Dealt, Discarded, DoraRevealed, Drew, Kanned, RiichiAccepted, RoundDrawn, Won,
)
from game.rules.tiles import is_red
from game.rules.view import PlayerView

HONOURS = "ESWNPFC"
SUIT_LETTERS = "mps"
WINDS = "ESWN"
HIDDEN = "?"
NONE = {"type": "none"}


# --- tiles ---------------------------------------------------------------------------

def kind_name(kind34: int) -> str:
    """The mjai name of a kind (never red): ``5m``, ``E``.

    >>> kind_name(0), kind_name(26), kind_name(33)
    ('1m', '9s', 'C')
    """
    if kind34 >= 27:
        return HONOURS[kind34 - 27]
    return f"{kind34 % 9 + 1}{SUIT_LETTERS[kind34 // 9]}"


def tile_name(tile: int) -> str:
    """The mjai name of a tile id: ``r`` marks the red fives (ids 16, 52, 88)."""
    return kind_name(tile // 4) + ("r" if is_red(tile) else "")


def kind_of(name: Any) -> int:
    """The kind 0..33 an mjai tile name stands for; InputError for anything else."""
    if not isinstance(name, str):
        raise InputError(f"a tile is a string such as '5m', not {name!r}")
    if len(name) == 1 and name in HONOURS:
        return 27 + HONOURS.index(name)
    red = name.endswith("r") and len(name) == 3
    body = name[:2] if red else name
    if (len(body) != 2 or body[0] not in "123456789" or body[1] not in SUIT_LETTERS
            or (red and body[0] != "5")):
        raise InputError(f"{name!r} is not an mjai tile")
    return SUIT_LETTERS.index(body[1]) * 9 + int(body[0]) - 1


def is_red_name(name: str) -> bool:
    return name.endswith("r")


def names(tiles: list[int] | tuple[int, ...]) -> list[str]:
    return [tile_name(t) for t in tiles]


# --- our events as mjai events ----------------------------------------------------------

def start_kyoku(seat: int, round_wind: int, dealer: int, honba: int, sticks: int,
                scores: tuple[int, ...], dora_indicator: int, hand: tuple[int, ...] | None) -> dict:
    """mjai's ``start_kyoku`` as ``seat`` sees it: its own 13 tiles, ``?`` for the others.

    ``kyoku`` counts from the first dealer, who sits at seat 0 (as in Tenhou's logs).
    """
    tehais = [[HIDDEN] * 13 for _ in range(4)]
    if hand is not None:
        tehais[seat] = names(sorted(hand))
    return {"type": "start_kyoku", "bakaze": WINDS[round_wind % 4], "dora_marker": tile_name(dora_indicator),
            "kyoku": dealer + 1, "honba": honba, "kyotaku": sticks, "oya": dealer,
            "scores": list(scores), "tehais": tehais}


class MjaiWriter:
    """Our round events as the mjai events ``seat`` may see, in mjai's order.

    Give it the events of a round in order (masked for the seat or not: another seat's
    draw is written ``?`` either way; every discard says whether it was thrown straight
    from the draw, ``tsumogiri``, which the table sees). Two orders differ from ours: a closed kan's dora
    indicator turns before the replacement draw in mjai (after it in :mod:`game.rules.kans`),
    and an open or added kan's indicator turns after its maker's discard (before it in
    ours). ``answered_reach`` is set when this seat already said ``reach`` itself (mjai
    echoes the declaration before asking for the discard), so it is not written twice.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.held_dora: list[dict] = []  # an open kan's indicator, held until the discard
        self.last_kan = ""
        self.answered_reach = False

    def events(self, event: Any) -> list[dict]:
        """The mjai events for one of our round events (none for answers and misses)."""
        handler = _WRITERS.get(type(event))
        if handler is None:
            return []
        if self.held_dora and not isinstance(event, (Drew, Discarded)):
            held, self.held_dora = self.held_dora, []  # turned by the next kan, or shown at the end
            return held + handler(self, event)
        return handler(self, event)

    def _dealt(self, e: Dealt) -> list[dict]:
        self.held_dora, self.last_kan = [], ""
        return []  # start_kyoku carries the hands; see start_kyoku()

    def _drew(self, e: Drew) -> list[dict]:
        seen = e.seat == self.seat and e.tile is not None
        return [{"type": "tsumo", "actor": e.seat, "pai": tile_name(e.tile) if seen else HIDDEN}]

    def _discarded(self, e: Discarded) -> list[dict]:
        out = []
        if e.riichi and not (e.seat == self.seat and self.answered_reach):
            out.append({"type": "reach", "actor": e.seat})
        self.answered_reach = False
        out.append({"type": "dahai", "actor": e.seat, "pai": tile_name(e.tile), "tsumogiri": e.tsumogiri})
        out += self.held_dora
        self.held_dora = []
        return out

    def _called(self, e: Called) -> list[dict]:
        meld = e.meld
        kind = {"chi": "chi", "pon": "pon", "kan": "daiminkan"}[meld.kind]
        self.last_kan = kind if kind == "daiminkan" else ""
        return [{"type": kind, "actor": e.seat, "target": meld.from_seat, "pai": tile_name(meld.called),
                 "consumed": names(_consumed(meld))}]

    def _kanned(self, e: Kanned) -> list[dict]:
        meld = e.meld
        self.last_kan = meld.kind
        if meld.kind == "ankan":
            return [{"type": "ankan", "actor": e.seat, "consumed": names(meld.tiles)}]
        pon = [t for t in meld.tiles if t != meld.added]
        return [{"type": "kakan", "actor": e.seat, "pai": tile_name(meld.added), "consumed": names(pon)}]

    def _dora(self, e: DoraRevealed) -> list[dict]:
        dora = {"type": "dora", "dora_marker": tile_name(e.tile)}
        if self.last_kan in ("daiminkan", "kakan") and not self.held_dora:
            self.held_dora.append(dora)
            return []
        return [dora]

    def _accepted(self, e: RiichiAccepted) -> list[dict]:
        return [{"type": "reach_accepted", "actor": e.seat}]

    def _won(self, e: Won) -> list[dict]:
        target = e.seat if e.from_seat is None else e.from_seat
        return [{"type": "hora", "actor": e.seat, "target": target, "pai": tile_name(e.tile),
                 "deltas": list(e.deltas)}]

    def _drawn_round(self, e: RoundDrawn) -> list[dict]:
        return [{"type": "ryukyoku", "deltas": list(e.deltas)}]

    def order_kan_draw(self, out: list[dict]) -> list[dict]:
        """mjai turns a closed kan's indicator before the replacement draw: swap a
        ``tsumo`` followed by its ``dora`` after an ``ankan``."""
        for i in range(1, len(out) - 1):
            if out[i - 1]["type"] == "ankan" and out[i]["type"] == "tsumo" and out[i + 1]["type"] == "dora":
                out[i], out[i + 1] = out[i + 1], out[i]
        return out


_WRITERS = {
    Dealt: MjaiWriter._dealt, Drew: MjaiWriter._drew, Discarded: MjaiWriter._discarded,
    Called: MjaiWriter._called, Kanned: MjaiWriter._kanned, DoraRevealed: MjaiWriter._dora,
    RiichiAccepted: MjaiWriter._accepted, Won: MjaiWriter._won, RoundDrawn: MjaiWriter._drawn_round,
}


def _consumed(meld: Meld) -> list[int]:
    """The tiles of an open meld that came from the caller's hand."""
    rest = list(meld.tiles)
    rest.remove(meld.called)
    return rest


# --- actions --------------------------------------------------------------------------

def action_to_mjai(action: Any, view: PlayerView) -> dict:
    """Our action as the mjai answer of ``view.seat``. A riichi is answered ``reach``;
    the discard follows when mjai echoes it (see :class:`game.mjai.bot.MjaiBot`)."""
    seat = view.seat
    if isinstance(action, Discard):
        return {"type": "dahai", "actor": seat, "pai": tile_name(action.tile),
                "tsumogiri": action.tile == view.drawn}
    if isinstance(action, Riichi):
        return {"type": "reach", "actor": seat}
    if isinstance(action, Tsumo):
        return {"type": "hora", "actor": seat, "target": seat, "pai": tile_name(view.drawn)}
    if isinstance(action, (Ron, Chi, Pon, OpenKan)):
        return _claim_to_mjai(action, view)
    if isinstance(action, ClosedKan):
        tiles = [t for t in view.hand if t // 4 == action.kind]
        return {"type": "ankan", "actor": seat, "consumed": names(tiles)}
    if isinstance(action, AddedKan):
        pon = next(m for m in view.melds[seat] if m.kind == "pon" and m.kind34 == action.tile // 4)
        return {"type": "kakan", "actor": seat, "pai": tile_name(action.tile), "consumed": names(pon.tiles)}
    if isinstance(action, NineTerminals):
        return {"type": "ryukyoku"}
    return dict(NONE)


def _claim_to_mjai(action: Any, view: PlayerView) -> dict:
    target, tile = view.last_discard
    answer = {"actor": view.seat, "target": target, "pai": tile_name(tile)}
    if isinstance(action, Ron):
        return {"type": "hora", **answer}
    if isinstance(action, OpenKan):
        consumed = [t for t in view.hand if t // 4 == tile // 4]
        return {"type": "daiminkan", **answer, "consumed": names(consumed)}
    kind = "chi" if isinstance(action, Chi) else "pon"
    return {"type": kind, **answer, "consumed": names(sorted(action.tiles))}


def action_from_mjai(answer: Any, view: PlayerView) -> Any:
    """The legal action of ``view`` an mjai answer names; InputError if none is.

    A ``reach`` answer is the riichi itself only once its discard is known: it reads as
    :class:`Riichi` with ``tile`` None here, and the caller asks for the discard.
    """
    if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
        raise InputError(f"an mjai answer is a JSON object with a type, not {answer!r}")
    kind = answer["type"]
    legal = view.legal_actions
    if kind == "none":
        return _only(legal, lambda a: isinstance(a, Pass), answer)
    if kind == "reach":
        if not any(isinstance(a, Riichi) for a in legal):
            raise InputError("reach is not legal now")
        return Riichi(None)  # type: ignore[arg-type]
    if kind == "hora":
        return _only(legal, lambda a: isinstance(a, (Tsumo, Ron)), answer)
    if kind == "ryukyoku":
        return _only(legal, lambda a: isinstance(a, NineTerminals), answer)
    if kind == "dahai":
        return _dahai(answer, view)
    if kind in ("chi", "pon", "daiminkan", "ankan", "kakan"):
        return _meld_answer(kind, answer, view)
    raise InputError(f"unknown mjai answer type {kind!r}")


def _only(legal: tuple, test, answer: dict) -> Any:
    found = [a for a in legal if test(a)]
    if not found:
        raise InputError(f"{answer['type']} is not legal now")
    return found[0]


def _dahai(answer: dict, view: PlayerView, riichi: bool = False) -> Any:
    """The legal discard (or riichi discard) of the named tile: the drawn copy first
    when the answer says tsumogiri, else another copy when there is one, the highest: the
    copy our CPU throws (``tile_of_kind``), so our bot behind mjai plays the same game as in
    process (mjai names a kind, not a copy: with the lowest copy, the 14th decision of the
    mjai seat in game 0 of tests/test_sim.py threw 1m's copy 1 where the CPU in process threw 3)."""
    name = answer.get("pai")
    kind = kind_of(name)
    red = is_red_name(name)
    wanted = Riichi if riichi else Discard
    options = [a for a in view.legal_actions if type(a) is wanted
               and a.tile // 4 == kind and is_red(a.tile) == red]
    if not options:
        raise InputError(f"discarding {name} is not legal now")
    tsumogiri = bool(answer.get("tsumogiri"))
    options.sort(key=lambda a: ((a.tile == view.drawn) != tsumogiri, -a.tile))
    return options[0]


def riichi_from_mjai(answer: Any, view: PlayerView) -> Riichi:
    """The :class:`Riichi` an mjai ``dahai`` answer names after a ``reach``."""
    if not isinstance(answer, dict) or answer.get("type") != "dahai":
        raise InputError(f"after reach the answer must be a dahai, not {answer!r}")
    return _dahai(answer, view, riichi=True)


def _meld_answer(kind: str, answer: dict, view: PlayerView) -> Any:
    consumed = answer.get("consumed")
    if not isinstance(consumed, list):
        raise InputError(f"{kind} needs its consumed tiles")
    wanted = sorted((kind_of(n), is_red_name(n)) for n in consumed)
    for action in view.legal_actions:
        if _meld_of(action, view) == (kind, wanted):
            return action
    raise InputError(f"{kind} with {consumed} is not legal now")


def _meld_of(action: Any, view: PlayerView) -> tuple[str, list] | None:
    """The mjai kind and consumed tiles (kind, red) of a call or kan action."""
    if isinstance(action, (Chi, Pon, OpenKan, ClosedKan, AddedKan)):
        written = action_to_mjai(action, view)
        return written["type"], sorted((kind_of(n), is_red_name(n)) for n in written["consumed"])
    return None


__all__ = [
    "HIDDEN", "NONE", "MjaiWriter", "action_from_mjai", "action_to_mjai", "kind_name",
    "kind_of", "names", "riichi_from_mjai", "start_kyoku", "tile_name",
]
