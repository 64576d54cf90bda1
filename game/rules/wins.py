"""Whether a seat may win now and what its win is worth: waits, furiten, the situation, the score, pao.

Each check reads the round (a :class:`game.rules.state.RoundState`) and changes nothing
but the round's memo of waits; :func:`emit_win` records a win the round has decided on, and
:func:`track_pao`, part of the fold of a call, notes who would pay for a yakuman.
The waits of a hand are asked after every draw and discard, so each hand's are read once a
round (``_waits_memo``); the yaku and the score are read only for a hand that completes.

    >>> from game.rules.round import Round
    >>> from game.rules.wall import Wall
    >>> r = Round.start(Wall(list(range(136))), dealer=0)
    >>> hand_waits(r, r.hands[1]), win_score(r, 0, r.drawn, tsumo=True), first_turn(r, 0)
    ([], None, True)
"""

from __future__ import annotations

from game.rules.events import Won
from game.rules.melds import Meld
from game.rules.scoring import HandScore, WinSituation, score_hand, win_deltas
from game.rules.shanten import waits
from game.rules.state import RoundState
from game.rules.tiles import DRAGON_KINDS, WIND_KINDS, counts34

# Tenhou yaku ids that make pao (liability) apply, by the kinds whose sets they need.
DAISANGEN, DAISUUSHII = 39, 49
KOKUSHI_IDS = (47, 48)


def first_turn(rnd: RoundState, seat: int) -> bool:
    """The seat's first turn, with no call or kan before it (tenhou, chiihou, nine terminals)."""
    return rnd.uninterrupted and not rnd.ponds[seat]


def situation(rnd: RoundState, seat: int, tsumo: bool, chankan: bool = False) -> WinSituation:
    first = first_turn(rnd, seat) and tsumo and not rnd.rinshan
    last = rnd.tiles_left == 0
    return WinSituation(
        tsumo=tsumo, riichi=rnd.riichi[seat], double_riichi=rnd.double_riichi[seat],
        ippatsu=rnd.ippatsu[seat], rinshan=tsumo and rnd.rinshan, chankan=chankan,
        haitei=tsumo and last and not rnd.rinshan, houtei=not tsumo and last and not chankan,
        tenhou=first and seat == rnd.dealer, chiihou=first and seat != rnd.dealer,
        seat_wind=rnd.seat_wind(seat), round_wind=rnd.round_wind,
        dora_indicators=tuple(rnd.wall.dora_indicators),
        ura_indicators=tuple(rnd.wall.ura_indicators) if rnd.riichi[seat] else (),
        honba=rnd.honba, riichi_sticks=rnd.sticks, nukis=len(rnd.nukis[seat]))


def hand_waits(rnd: RoundState, tiles: list[int]) -> list[int]:
    """The waits of a 3n+1 hand, remembered by hand: each hand is read once."""
    key = tuple(sorted(tiles))
    found = rnd._waits_memo.get(key)
    if found is None:
        found = rnd._waits_memo[key] = waits(counts34(key))
    return found


def win_score(rnd: RoundState, seat: int, tile: int | None, tsumo: bool) -> HandScore | None:
    """The score of winning on the drawn tile, or None if the hand may not win."""
    if tile is None:
        return None
    before = list(rnd.hands[seat])
    before.remove(tile)
    if tile // 4 not in hand_waits(rnd, before):
        return None
    score = score_hand(list(rnd.hands[seat]), tile, list(rnd.melds[seat]),
                       situation(rnd, seat, tsumo), rnd.ruleset)
    return score if score.error is None else None


def completes(rnd: RoundState, seat: int, tile: int) -> bool:
    """``tile`` completes the seat's hand (whether or not the seat may win on it)."""
    return tile // 4 in hand_waits(rnd, rnd.hands[seat])


def furiten(rnd: RoundState, seat: int) -> bool:
    if rnd.furiten_temp[seat] or rnd.furiten_riichi[seat]:
        return True
    own = {p.tile // 4 for p in rnd.ponds[seat]}
    return any(k in own for k in hand_waits(rnd, rnd.hands[seat]))


def ron_score(rnd: RoundState, seat: int) -> HandScore | None:
    """The score of the seat's ron on the offered tile, or None if it may not win on it
    (a closed kan's tile is robbed only for kokushi, as Tenhou; a North set aside by any
    hand waiting on it, without chankan)."""
    offer = rnd.offer
    if not completes(rnd, seat, offer.tile) or furiten(rnd, seat):
        return None
    score = score_hand(rnd.hands[seat] + [offer.tile], offer.tile, list(rnd.melds[seat]),
                       situation(rnd, seat, tsumo=False, chankan=offer.kind in ("kakan", "ankan")),
                       rnd.ruleset)
    if score.error is not None:
        return None
    if offer.kind == "ankan" and not any(y in KOKUSHI_IDS for y, _ in score.yaku):
        return None
    return score


def emit_win(rnd: RoundState, seat: int, from_seat: int | None, tile: int, score: HandScore,
             first: bool) -> None:
    """Record the seat's win; only the ``first`` win on a tile takes the honba and the sticks."""
    pao = liable_seat(rnd, seat, score)
    honba = rnd.honba if first else 0
    sticks = rnd.sticks if first else 0
    deltas = win_deltas(score, seat, rnd.dealer, from_seat, honba, sticks, pao, rnd.ruleset)
    rnd._emit(Won(seat, from_seat, tile, score, tuple(deltas), sticks, pao))


def liable_seat(rnd: RoundState, seat: int, score: HandScore) -> int | None:
    """The seat that pays for this win under pao: the one that fed the last set of
    the yakuman (daisangen, daisuushii) this hand scores; None when nobody is liable."""
    if not rnd.ruleset.pao:
        return None
    scored_yaku = {yaku_id for yaku_id, _ in score.yaku}
    return rnd.pao[seat] if rnd.pao_yaku[seat] in scored_yaku else None


def track_pao(rnd: RoundState, seat: int, meld: Meld) -> None:
    """Who fed the last dragon (daisangen) or wind (daisuushii) set is liable."""
    if meld.kind not in ("pon", "kan"):
        return
    sets = {m.kind34 for m in rnd.melds[seat] if m.kind != "chi"}
    for kinds, yaku in ((DRAGON_KINDS, DAISANGEN), (WIND_KINDS, DAISUUSHII)):
        if meld.kind34 in kinds and all(k in sets for k in kinds):
            rnd.pao[seat], rnd.pao_yaku[seat] = meld.from_seat, yaku
