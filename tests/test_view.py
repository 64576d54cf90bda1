"""PlayerView: what one seat may know, and nothing more."""

from __future__ import annotations

import dataclasses

from game.rules.actions import Chi, Pon, Riichi
from game.rules.round import Round
from game.rules.shanten import ukeire
from game.rules.tiles import counts34
from tables import CALLS, RIICHI, discard, pass_all, table, tile_of

# Fields (of the view, its ponds, melds and actions) that hold seats, counts or flags, not tiles.
NOT_TILES = {"seat", "dealer", "round_wind", "seat_winds", "hand_sizes", "riichi", "scores", "honba",
             "riichi_sticks", "tiles_left", "turn", "awaiting", "over", "tsumogiri", "called_by",
             "from_seat", "kind"}


def tiles_in(value, name: str = "") -> set[int]:
    """Every tile id anywhere in ``value``, walking dataclasses and tuples field by field."""
    if name in NOT_TILES or value is None or isinstance(value, (bool, str)):
        return set()
    if name == "last_discard":  # (seat, tile)
        return {value[1]}
    if dataclasses.is_dataclass(value):
        return set().union(*(tiles_in(getattr(value, f.name), f.name) for f in dataclasses.fields(value)))
    if isinstance(value, (tuple, list)):
        return set().union(*(tiles_in(item, name) for item in value))
    return {value}


def public_tiles(rnd: Round) -> set[int]:
    """Every tile on the table for all to see: ponds (a called tile lies in its meld), open
    melds, dora indicators."""
    shown = {p.tile for pond in rnd.ponds for p in pond if p.called_by is None}
    shown |= {t for melds in rnd.melds for m in melds for t in m.tiles}
    return shown | set(rnd.wall.dora_indicators)


def test_no_field_of_a_view_holds_another_seat_s_concealed_tile():
    rnd = table(CALLS, ["5p"])
    discard(rnd, 0, "5p")
    views = [rnd.view(s) for s in range(4)]  # an offered discard
    rnd.apply(1, next(a for a in rnd.legal_actions(1) if isinstance(a, Chi)))
    rnd.apply(3, rnd.legal_actions(3)[-1])  # pass
    rnd.apply(2, next(a for a in rnd.legal_actions(2) if isinstance(a, Pon)))
    views += [rnd.view(s) for s in range(4)]  # after a call
    for view in views:
        assert tiles_in(view)  # the walk does find tiles
        hidden = {t for s in range(4) if s != view.seat for t in rnd.hand(s)}
        assert not tiles_in(view) & hidden, view.seat
    assert tiles_in(views[-1]) <= set(rnd.hand(views[-1].seat)) | public_tiles(rnd)


def test_a_view_shows_the_own_hand_and_only_sizes_of_the_others():
    rnd = table(CALLS, ["5p"])
    view = rnd.view(1)
    assert list(view.hand) == rnd.hand(1)
    assert view.hand_sizes == (14, 13, 13, 13)
    assert view.drawn is None and rnd.view(0).drawn == rnd.drawn


def test_a_view_tells_who_is_awaited_and_offers_the_seat_s_legal_actions():
    rnd = table(CALLS, ["5p"])
    discard(rnd, 0, "5p")
    for seat in range(4):
        view = rnd.view(seat)
        assert view.awaiting == (1, 2, 3)
        assert list(view.legal_actions) == rnd.legal_actions(seat)
        assert view.last_discard == (0, rnd.events[-1].tile)


def test_called_discards_riichi_and_sticks_are_visible_to_all():
    rnd = table(CALLS, ["5p"])
    discard(rnd, 0, "5p")
    rnd.apply(1, next(a for a in rnd.legal_actions(1) if type(a).__name__ == "Chi"))
    rnd.apply(3, rnd.legal_actions(3)[-1])  # pass
    rnd.apply(2, next(a for a in rnd.legal_actions(2) if isinstance(a, Pon)))
    view = rnd.view(0)
    assert view.discards[0][0].called_by == 2
    assert [m.kind for m in view.melds[2]] == ["pon"]
    counts = view.visible_counts34()
    assert counts == counts34(sorted(public_tiles(rnd)))
    assert counts[rnd.events[-1].meld.kind34] == 3

    rnd = table(RIICHI, ["7z"])
    rnd.apply(0, Riichi(tile_of(rnd, 0, "7z")))
    pass_all(rnd)
    view = rnd.view(2)
    assert view.riichi == (True, False, False, False)
    assert view.discards[0][0].riichi and view.riichi_sticks == 1 and view.scores[0] == 24000
    assert view.seat_winds == (0, 1, 2, 3) and view.tiles_left == rnd.tiles_left


def test_visible_counts_leave_out_the_own_hand_so_they_feed_ukeire():
    rnd = table(RIICHI, ["7z"])  # seat 0 holds three 1m
    discard(rnd, 0, "7z")
    view = rnd.view(0)
    hand = counts34(view.hand)
    visible = view.visible_counts34()
    assert hand[tile_of(rnd, 0, "1m") // 4] == 3
    assert visible == counts34(sorted(public_tiles(rnd)))
    assert all(h + v <= 4 for h, v in zip(hand, visible))
    assert ukeire(hand, visible).total > 0  # tenpai on 1s 4s: no "more than four copies"
