"""PlayerView: what one seat may know, and nothing more."""

from __future__ import annotations

import dataclasses

from game.round import Pon, Riichi
from game.view import PlayerView
from tests.test_round import CALLS, RIICHI, discard, pass_all, table, tile_of


def test_a_view_shows_the_own_hand_and_only_sizes_of_the_others():
    rnd = table(CALLS, ["5p"])
    view = rnd.view(1)
    assert list(view.hand) == rnd.hand(1)
    assert view.hand_sizes == (14, 13, 13, 13)
    assert view.drawn is None and rnd.view(0).drawn == rnd.drawn
    hidden = {t for s in (0, 2, 3) for t in rnd.hand(s)}
    everything_shown = set(view.hand) | set(view.dora_indicators)
    assert not hidden & everything_shown
    # no field carries another seat's concealed tiles or the wall
    for f in dataclasses.fields(PlayerView):
        value = getattr(view, f.name)
        assert value is not rnd.wall and value is not rnd.hands


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
    assert counts[tile_of(rnd, 0, "1m") // 4] >= 1 and counts[rnd.events[-1].meld.kind34] == 3

    rnd = table(RIICHI, ["7z"])
    rnd.apply(0, Riichi(tile_of(rnd, 0, "7z")))
    pass_all(rnd)
    view = rnd.view(2)
    assert view.riichi == (True, False, False, False)
    assert view.discards[0][0].riichi and view.riichi_sticks == 1 and view.scores[0] == 24000
    assert view.seat_winds == (0, 1, 2, 3) and view.tiles_left == rnd.tiles_left
