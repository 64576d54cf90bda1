"""Efficiency: how fast each discard brings the hand to a win, from the one shanten module.

``discard_options`` is ``game.rules.shanten.evaluate_discards`` over the seat's own tiles and what
the table shows (so ukeire counts only tiles still unseen), kept to the kinds the seat may
legally throw. ``tile_of_kind`` picks which copy to throw: the drawn tile if it is of that
kind (tsumogiri shows less), never a red five while a plain copy is there.

    >>> tile_of_kind(4, [16, 17, 30], drawn=None)  # 5m: keep the red one (16)
    17
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.tasks import TaskGen
from game.rules.actions import Discard
from game.rules.shanten import DiscardOption, evaluate_discards, waits_task
from game.rules.tiles import NUM_KINDS, counts34, is_red
from game.rules.view import PlayerView


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


def _widest_tenpai(counts34: list[int], unseen: Sequence[int], memo: dict[bytes, list[int]]) -> TaskGen[int]:
    """Task: the widest wait (unseen copies) among the tenpai discards of a 3n+2 hand.

    ``memo`` keeps each 3n+1 hand's waits: the same tenpai shapes come back from draw after
    draw and from candidate after candidate, so one memo serves a whole decision. Yields
    inside each hand it has to work out (a frame's step stays one draw tried long)."""
    best = 0
    for d in range(NUM_KINDS):
        if counts34[d]:
            counts34[d] -= 1
            key = bytes(counts34)
            kinds = memo.get(key)
            if kinds is None:  # (the hand is this task's own copy: nothing changes it meanwhile)
                kinds = memo[key] = yield from waits_task(counts34)
            counts34[d] += 1
            best = max(best, sum(unseen[k] for k in kinds))
    return best


def tenpai_quality(counts34: Sequence[int], accepting: dict[int, int], unseen: Sequence[int],
                   memo: dict[bytes, list[int]] | None = None) -> TaskGen[float]:
    """Task: the average widest tenpai wait after the accepting draws of a one-shanten hand.

    ``accepting`` maps each kind that advances the 3n+1 hand to its unseen copies (an
    ``Ukeire.kinds``); ``unseen`` is every kind's unseen copies; ``memo`` may be shared by
    the calls of one decision (see ``_widest_tenpai``). Yields inside each draw.

        >>> from engine.tasks import run_to_end
        >>> from game.rules.shanten import ukeire
        >>> from game.rules.tiles import parse_tiles
        >>> def quality(text):
        ...     hand = counts34(parse_tiles(text))
        ...     unseen = [4 - n for n in hand]
        ...     return round(run_to_end(tenpai_quality(hand, ukeire(hand).kinds, unseen)), 2)
        >>> quality("34m67m456p789s5s11z"), quality("13m79m456p789s5s11z")  # ryanmen, kanchan
        (9.0, 4.0)
    """
    hand = list(counts34)
    memo = {} if memo is None else memo
    weighted = copies = 0
    for k, n in accepting.items():
        if n == 0:
            continue
        hand[k] += 1
        left = list(unseen)
        left[k] -= 1
        weighted += n * (yield from _widest_tenpai(hand, left, memo))
        copies += n
        hand[k] -= 1
    return weighted / copies if copies else 0.0

