"""The seat to move: what it may do on its turn (discard, riichi, tsumo, kan, nine terminals), and doing it.

After a draw or a call the seat to move must discard (after a chi or pon, not a kuikae
kind), or may win on the drawn tile (tsumo), declare riichi with a discard that keeps the
hand tenpai, declare a kan (:mod:`game.rules.kans`), in three-player set a North aside
(nuki), or, on its first turn with nine kinds of terminals and honours, abort the round. The checks are a task (:func:`turn_actions`),
so that the table can slice them across frames; the round remembers what they found.

    >>> from engine.tasks import run_to_end
    >>> from game.rules.round import Round
    >>> from game.rules.wall import Wall
    >>> r = Round.start(Wall(list(range(136))), dealer=0)
    >>> sorted({type(a).__name__ for a in run_to_end(turn_actions(r, 0))})
    ['ClosedKan', 'Discard']
"""

from __future__ import annotations

from engine.tasks import TaskGen
from game.rules.actions import Action, AddedKan, ClosedKan, Discard, NineTerminals, Nuki, Riichi, Tsumo
from game.rules.events import Discarded, NukiDeclared, RoundDrawn
from game.rules.kans import declare_kan, own_kans, reveal_pending_dora
from game.rules.shanten import shanten
from game.rules.state import RoundState
from game.rules.tiles import NORTH, YAOCHUU_KINDS, counts34
from game.rules.wins import emit_win, first_turn, win_score

# --- what the seat to move may do -----------------------------------------------------


def turn_actions(rnd: RoundState, seat: int) -> TaskGen[list[Action]]:
    """Every action of the seat to move, found one check at a time (the win check first)."""
    hand = rnd.hands[seat]
    if rnd.after_call is not None:
        return [Discard(t) for t in hand if t // 4 not in rnd.after_call]
    actions: list[Action] = []
    if win_score(rnd, seat, rnd.drawn, tsumo=True) is not None:
        actions.append(Tsumo())
    yield
    if rnd.riichi[seat]:
        actions.append(Discard(rnd.drawn))
    else:
        actions += [Discard(t) for t in hand]
        actions += [Riichi(t) for t in riichi_discards(rnd, seat)]
        yield
    actions += own_kans(rnd, seat)
    actions += [Nuki(t) for t in nuki_tiles(rnd, seat)]
    if may_abort_nine_terminals(rnd, seat):
        actions.append(NineTerminals())
    return actions


def riichi_discards(rnd: RoundState, seat: int) -> list[int]:
    """The tiles the seat may declare riichi with: a closed hand that can pay the stick, with
    enough tiles left, whose discard leaves the hand tenpai."""
    rules = rnd.ruleset
    if (any(m.is_open for m in rnd.melds[seat]) or rnd.scores[seat] < rules.riichi_cost
            or rnd.tiles_left < rules.riichi_min_tiles_left):
        return []
    counts = counts34(rnd.hands[seat])
    if shanten(counts) > 0:
        return []
    tenpai_kinds = set()
    for k in {t // 4 for t in rnd.hands[seat]}:
        counts[k] -= 1
        if shanten(counts) == 0:
            tenpai_kinds.add(k)
        counts[k] += 1
    return [t for t in rnd.hands[seat] if t // 4 in tenpai_kinds]


def nuki_tiles(rnd: RoundState, seat: int) -> list[int]:
    """Three-player: the Norths the seat to move may set aside. Only after a draw (never
    right after a pon: Tenhou's logs hold 2,346 nukis, each after a draw), while a
    replacement tile is left to draw, and in riichi only the North just drawn (any other
    would change the hand)."""
    if not rnd.ruleset.three_player or rnd.tiles_left <= 0 or rnd.drawn is None:
        return []
    if rnd.riichi[seat]:
        return [rnd.drawn] if rnd.drawn // 4 == NORTH else []
    return [t for t in rnd.hands[seat] if t // 4 == NORTH]


def may_abort_nine_terminals(rnd: RoundState, seat: int) -> bool:
    if not rnd.ruleset.nine_terminals_draw or not first_turn(rnd, seat):
        return False
    kinds = {t // 4 for t in rnd.hands[seat]}
    return sum(1 for k in YAOCHUU_KINDS if k in kinds) >= 9


# --- doing it -------------------------------------------------------------------------


def take_turn(rnd: RoundState, seat: int, action: Action) -> None:
    """Do the seat's legal turn action (a discard or a kan then waits for the others' claims)."""
    _HANDLERS[type(action)](rnd, seat, action)


def _discard(rnd: RoundState, seat: int, action: Discard | Riichi) -> None:
    if rnd.pending_dora:
        reveal_pending_dora(rnd)
    rnd._emit(Discarded(seat, action.tile, riichi=isinstance(action, Riichi),
                        tsumogiri=action.tile == rnd.drawn))


def _tsumo(rnd: RoundState, seat: int, action: Tsumo) -> None:
    score = win_score(rnd, seat, rnd.drawn, tsumo=True)
    emit_win(rnd, seat, None, rnd.drawn, score, first=True)


def _nine_terminals(rnd: RoundState, seat: int, action: NineTerminals) -> None:
    rnd._emit(RoundDrawn("yao9", (0,) * rnd.ruleset.players, (False,) * rnd.ruleset.players))


def _nuki(rnd: RoundState, seat: int, action: Nuki) -> None:
    rnd._emit(NukiDeclared(seat, action.tile))


_HANDLERS = {
    Discard: _discard, Riichi: _discard, Tsumo: _tsumo,
    NineTerminals: _nine_terminals, ClosedKan: declare_kan, AddedKan: declare_kan, Nuki: _nuki,
}
