"""Efficiency: how fast each discard brings the hand to a win, from the one shanten module.

``discard_options`` is ``game.shanten.evaluate_discards`` over the seat's own tiles and what
the table shows (so ukeire counts only tiles still unseen), kept to the kinds the seat may
legally throw. ``tile_of_kind`` picks which copy to throw: the drawn tile if it is of that
kind (tsumogiri shows less), never a red five while a plain copy is there.

    >>> tile_of_kind(4, [16, 17, 30], drawn=None)  # 5m: keep the red one (16)
    17
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.tasks import TaskGen
from game.round import Discard
from game.shanten import DiscardOption, evaluate_discards
from game.tiles import counts34, is_red
from game.view import PlayerView


def legal_discard_tiles(view: PlayerView) -> list[int]:
    """The tiles the seat may throw now (kuikae and riichi rules already applied)."""
    return [a.tile for a in view.legal_actions if type(a) is Discard]


def discard_options(view: PlayerView) -> TaskGen[list[DiscardOption]]:
    """Task: the legal discards' shanten and ukeire, best first (see evaluate_discards)."""
    legal_kinds = {t // 4 for t in legal_discard_tiles(view)}
    options = yield from evaluate_discards(counts34(view.hand), view.visible_counts34())
    return [o for o in options if o.kind in legal_kinds]


def tile_of_kind(kind: int, tiles: Sequence[int], drawn: int | None) -> int:
    """The copy of ``kind`` to throw from ``tiles`` (see the module docstring)."""
    if drawn is not None and drawn // 4 == kind and drawn in tiles and not is_red(drawn):
        return drawn
    copies = [t for t in tiles if t // 4 == kind]
    plain = [t for t in copies if not is_red(t)]
    return max(plain) if plain else copies[0]
