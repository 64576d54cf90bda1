"""The strong CPU's biggest calls on concrete hands, asked of the seat itself (``CpuAgent``):
kan or not (``game.cpu.kans``) and riichi or dama, as riichi.wiki's strategy and the
Phoenix-room players of tests/data make them."""

from __future__ import annotations

from dataclasses import replace

from engine.tasks import run_to_end
from game.cpu.agent import CpuAgent
from game.cpu.value import _view
from game.rules.actions import AddedKan, ClosedKan, Discard, Riichi
from game.rules.melds import Meld
from game.rules.tiles import parse_tiles
from game.rules.view import DiscardView

SOUTH = 28


def _pond(tiles: str, riichi_at: int | None = None) -> tuple[DiscardView, ...]:
    return tuple(DiscardView(t, False, i == riichi_at, None) for i, t in enumerate(parse_tiles(tiles)))


def _turn(hand: str, drawn: str, ponds: tuple = ((),) * 4, riichi=(False,) * 4, melds=((),) * 4, kans=(),
          tiles_left: int = 50):
    """Seat 0's turn (a non-dealer): ``hand`` holds every concealed tile, ``drawn`` among them."""
    tiles = tuple(parse_tiles(hand))
    drawn_tile = next(t for t in reversed(tiles) if t == parse_tiles(drawn)[0])
    legal = (*(Discard(t) for t in sorted(set(tiles))), *kans)
    return replace(_view(seat=0, dealer=1), hand=tiles, drawn=drawn_tile, discards=ponds, riichi=riichi,
                   melds=melds, tiles_left=tiles_left, legal_actions=legal)


def _legal(view):
    """The legal actions with the hand's last tile the fourth chun (135)."""
    return tuple(Discard(135) if a == Discard(132) else a for a in view.legal_actions)


def _choose(view):
    return run_to_end(CpuAgent("strong").choose(view))


def test_four_souths_at_one_shanten_early_with_no_threat_make_a_kan_not_a_cut():
    # 234m 35p 68s 22s 9s and four Souths: the Souths are one set whichever way; as a kan they
    # keep every accepting tile and bring a dora indicator and a replacement draw (the hand)
    view = _turn("234m35p68s229s2222z", "2z", ponds=(_pond("19m1p9s"), _pond("19p1s9m"), _pond("9p1m"), _pond("1z9s")),
                 kans=(ClosedKan(SOUTH),))
    choice = _choose(view)
    assert choice.action == ClosedKan(SOUTH)
    assert choice.why_of("kan").short[0].startswith("KAN: KEEPS")


def test_the_same_quad_against_a_riichi_is_not_declared():
    ponds = (_pond("19m1p9s"), _pond("19p1s9m", riichi_at=3), _pond("9p1m"), _pond("1z9s"))
    view = _turn("234m35p68s229s2222z", "2z", ponds=ponds, riichi=(False, True, False, False),
                 kans=(ClosedKan(SOUTH),))
    choice = _choose(view)
    assert not isinstance(choice.action, ClosedKan)
    assert choice.why_of("kan").short[0] == "NO KAN: RIICHI OUT"


def test_a_quad_in_a_run_is_kept_for_its_shapes():
    # 344445m: the four 4m make 345m and 444m; a kan would leave 3m and 5m alone
    view = _turn("344445m345p68s2s19p", "4m", ponds=(_pond("1z2z"), _pond("3z"), _pond("4z"), _pond("5z")),
                 kans=(ClosedKan(3),))
    choice = _choose(view)
    assert choice.action != ClosedKan(3)
    assert choice.why_of("kan").short[0] in ("NO KAN: SHAPE", "NO KAN: SLOWER", "NO KAN: FAR")


def test_an_added_kan_at_tenpai_is_made_and_before_tenpai_the_fourth_tile_is_cut():
    pon = Meld("pon", (132, 133, 134), 134, 2)  # chun, a yaku; the fourth chun is 135
    tenpai = _turn("234m345p67s22s7z", "7z", melds=((pon,), (), (), ()), kans=(AddedKan(135),))
    tenpai = replace(tenpai, hand=(*tenpai.hand[:-1], 135), drawn=135, legal_actions=_legal(tenpai))
    choice = _choose(tenpai)
    assert isinstance(choice.action, AddedKan)
    assert choice.why_of("kan").short[0] == "KAN: +1 DORA FOR ALL"
    one_away = _turn("234m35p68s229s7z", "7z", melds=((pon,), (), (), ()), kans=(AddedKan(135),))
    choice = _choose(replace(one_away, hand=(*one_away.hand[:-1], 135), drawn=135, legal_actions=_legal(one_away)))
    assert choice.why_of("kan").short[0] == "NO KAN: DORA FOR ALL"


def _riichi_turn(hand: str, drawn: str, cut: str, dora_indicator: int, turn: int):
    """Seat 0's closed tenpai turn ``turn``: riichi legal with ``cut`` (a tile of the hand)."""
    own = "".join(("1m", "9m", "1p", "9s", "2z", "3z", "4z")[:turn])
    view = _turn(hand, drawn, ponds=(_pond(own),) + (_pond("1z8p7z"),) * 3)
    tile = next(t for t in view.hand if t == parse_tiles(cut)[0] or t // 4 == parse_tiles(cut)[0] // 4)
    return replace(view, dora_indicators=(dora_indicator,), legal_actions=(*view.legal_actions, Riichi(tile)))


def test_a_haneman_dama_on_a_kanchan_stays_dama_and_says_it_is_worth_that_already():
    # 234m 234p 234s, red 5m 7m waiting on 6m, 66s the dora (indicator 5s): tanyao, sanshoku,
    # three dora: 12,000 without riichi; riichi adds little and tells the table
    view = _riichi_turn("23407m234p234s66s9p", "9p", "9p", dora_indicator=89, turn=5)
    choice = _choose(view)
    assert isinstance(choice.action, Discard) and choice.action.tile // 4 == parse_tiles("9p")[0] // 4
    assert choice.why_of("riichi").short[0] == "DAMA: 12000 ALREADY"


def test_a_cheap_ryanmen_tenpai_on_turn_six_declares():
    # 3s drawn makes pinfu on 23s, waiting on 1s-4s, no dora: 1,000 dama; with every score level
    # no place keeps it dama, and riichi is worth more (Houou win rates, ura, the stick)
    view = _riichi_turn("234m567p23s789s55p9m", "3s", "9m", dora_indicator=parse_tiles("1z")[0], turn=6)
    choice = _choose(view)
    assert isinstance(choice.action, Riichi)
    short = choice.why_of("riichi").short
    assert short[-1] == "RIICHI" and short[0] != "DAMA: PLACE"
    for scores in ((24000, 26000, 25000, 25000), (25000, 26000, 24000, 25000)):  # 4th, 2nd
        assert isinstance(_choose(replace(view, scores=scores)).action, Riichi)
