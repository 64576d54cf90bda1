"""Hand value: dora, value honours, and the yaku a hand is heading for.

An open hand wins only with a yaku, so before every call and every discard of an open hand
the CPU asks which yaku the hand can still reach (``yaku_paths``): yakuhai (a value honour
set, or a pair of one with a copy left), tanyao (simples only), honitsu (one suit and
honours), toitoi (sets of three alike). Tenpai hands are scored exactly, wait by wait, by the
one scorer (``game.rules.scoring``).

    >>> from game.rules.tiles import counts34, parse_tiles
    >>> paths = yaku_paths(counts34(parse_tiles("234m567p33s")), [], value_kinds=frozenset({31}))
    >>> "tanyao" in paths
    True
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.melds import Meld
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.scoring import score_hand
from game.rules.tiles import DRAGON_KINDS, YAOCHUU_KINDS, is_red
from game.rules.view import PlayerView
from game.rules.yaku import DORA_OF, WinSituation

YAOCHUU = frozenset(YAOCHUU_KINDS)
HONITSU_STRAYS = 3  # off-suit tiles an honitsu direction may still hold
TANYAO_STRAYS = 2   # yaochuu tiles a tanyao direction may still hold
HAN_WORTH = 6.0     # ukeire tiles a han of value is worth when choosing a discard


def value_kinds(view: PlayerView) -> frozenset[int]:
    """The honours that are a yaku for this seat: the dragons, its seat wind, the round wind.

    >>> sorted(value_kinds(_view(seat=1, dealer=0)))  # South seat in the East round
    [27, 28, 31, 32, 33]
    """
    return frozenset((*DRAGON_KINDS, 27 + view.seat_winds[view.seat], 27 + view.round_wind))


def dora_kinds(view: PlayerView) -> list[int]:
    """The kinds the revealed indicators point at (a kind twice if two indicators point at it)."""
    return [DORA_OF[t // 4] for t in view.dora_indicators]


def dora_count(tiles: Sequence[int], doras: Sequence[int], red_fives: bool = True) -> int:
    """Dora in ``tiles``: each tile once per indicator pointing at its kind, plus red fives.

    >>> dora_count([16, 17, 20], [4])  # red 5m and 5m with 5m as dora
    3
    """
    return sum(doras.count(t // 4) for t in tiles) + (sum(map(is_red, tiles)) if red_fives else 0)


def _sets_of(melds: Sequence[Meld]) -> list[list[int]]:
    return [m.kinds for m in melds]


def _honitsu_suit(counts: Sequence[int], melds: Sequence[Meld]) -> int | None:
    """The suit an honitsu could be in: every meld in it (or honours), few strays in hand."""
    for suit in range(3):
        if any(any(k < 27 and k // 9 != suit for k in kinds) for kinds in _sets_of(melds)):
            continue
        strays = sum(c for k, c in enumerate(counts[:27]) if k // 9 != suit)
        if strays <= HONITSU_STRAYS:
            return suit
    return None


def yaku_paths(counts: Sequence[int], melds: Sequence[Meld], value_kinds: frozenset[int],
               visible: Sequence[int] | None = None, ruleset: Ruleset = TENHOU) -> list[str]:
    """The yaku an (open) hand of concealed ``counts`` and ``melds`` can still reach.

    A yakuhai pair counts while a third copy is unseen (``visible`` the other players' shown
    counts). Riichi and menzen tsumo are not listed: a closed hand always has them.

        >>> from game.rules.tiles import counts34, parse_tiles
        >>> pon = Meld("pon", (108, 109, 110), 110, 2)  # east
        >>> yaku_paths(counts34(parse_tiles("19m19s2345p")), [pon], frozenset({27}))
        ['yakuhai']
        >>> yaku_paths(counts34(parse_tiles("19m19s2345p")), [pon], frozenset({28}))
        []
        >>> yaku_paths(counts34(parse_tiles("19m2345p")), [pon], frozenset({28}))  # pinzu and honours
        ['honitsu']
    """
    paths = []
    kinds = [k for kinds in _sets_of(melds) for k in kinds]
    seen = visible or [0] * 34
    meld_honours = {m.kind34 for m in melds if m.kind != "chi"}
    pair_left = any(counts[k] >= 3 or (counts[k] == 2 and counts[k] + seen[k] < 4) for k in value_kinds)
    if meld_honours & value_kinds or pair_left:
        paths.append("yakuhai")
    if ruleset.open_tanyao and not YAOCHUU.intersection(kinds):
        if sum(counts[k] for k in YAOCHUU) <= TANYAO_STRAYS:
            paths.append("tanyao")
    if _honitsu_suit(counts, melds) is not None:
        paths.append("honitsu")
    if all(m.kind != "chi" for m in melds):
        alike = sum(1 for c in counts if c >= 2)
        if alike >= 4 - len(melds):
            paths.append("toitoi")
    return paths


def keep_worth(counts: Sequence[int], kind: int, doras: Sequence[int], values: frozenset[int],
               red: bool = False) -> float:
    """What keeping one tile of ``kind`` (``red``: the red five) is worth, in han-like units.

    Dora and a red five are worth keeping; a pair of a value honour is a yaku in waiting; a
    lone value honour may pair up; a wind that is no yaku for this seat is worth nothing.
    """
    worth = doras.count(kind) + (1.0 if red else 0.0)
    if kind in values:
        worth += 1.0 if counts[kind] >= 2 else 0.3
    return worth


def direction_bonus(counts: Sequence[int], melds: Sequence[Meld], kind: int) -> float:
    """Han-like gain of throwing ``kind`` for the hand's direction: a stray off an honitsu suit,
    a yaochuu tile when the hand is nearly all simples."""
    bonus = 0.0
    suit = _honitsu_suit(counts, melds)
    if suit is not None and kind < 27 and kind // 9 != suit:
        bonus += 1.0
    yaochuu = sum(counts[k] for k in YAOCHUU)
    if kind in YAOCHUU and yaochuu <= TANYAO_STRAYS + 1 and counts[kind] == 1:
        bonus += 0.5
    return bonus


def situation(view: PlayerView, tsumo: bool, riichi: bool) -> WinSituation:
    """The win situation the seat can know of: winds, dora indicators, honba, sticks."""
    return WinSituation(tsumo=tsumo, riichi=riichi, seat_wind=view.seat_winds[view.seat],
                        round_wind=view.round_wind, dora_indicators=tuple(view.dora_indicators),
                        honba=view.honba, riichi_sticks=view.riichi_sticks)


def win_tile(kind: int, hand: Sequence[int]) -> int | None:
    """A tile id of ``kind`` not in ``hand`` (the seat's tiles, melds included), a plain one
    before a red five.

        >>> win_tile(4, [19, 18])  # 5m: 19 and 18 are held; 17 is a plain 5m, 16 the red one
        17
    """
    for copy in (3, 2, 1, 0):
        if kind * 4 + copy not in hand:
            return kind * 4 + copy
    return None  # all four are the seat's own: no win on that kind


def wait_points(view: PlayerView, tiles: Sequence[int], melds: Sequence[Meld], kind: int,
                tsumo: bool = False, riichi: bool = False, ruleset: Ruleset = TENHOU) -> int:
    """Points of winning on ``kind`` with the 3n+1 concealed ``tiles``; 0 without a yaku (or
    when the seat holds all four of the kind)."""
    tile = win_tile(kind, [*tiles, *(t for m in melds for t in m.tiles)])
    if tile is None:
        return 0
    score = score_hand([*tiles, tile], tile, list(melds), situation(view, tsumo, riichi), ruleset)
    return 0 if score.error else score.total


def _view(seat: int = 0, dealer: int = 0) -> PlayerView:
    """A bare view for the examples."""
    return PlayerView(seat=seat, dealer=dealer, round_wind=0,
                      seat_winds=tuple((s - dealer) % 4 for s in range(4)), hand=(), drawn=None,
                      hand_sizes=(13,) * 4, melds=((),) * 4, discards=((),) * 4, riichi=(False,) * 4,
                      dora_indicators=(), scores=(25000,) * 4, honba=0, riichi_sticks=0, tiles_left=70,
                      turn=0, awaiting=(), last_discard=None, legal_actions=(), over=False)
