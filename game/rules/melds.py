"""Melds: the sets a player calls or declares (chi, pon, the three kans).

A meld knows its tiles (Tenhou ids), which tile was called and from which seat, so
that scoring (open or closed, kan or not), the round rules (kuikae, pao) and the log
writers (the mjlog bitfield) all read the same value.

    >>> m = Meld("pon", (108, 109, 110), called=110, from_seat=2)
    >>> m.is_open, m.is_kan, m.kind34
    (True, False, 27)
"""

from __future__ import annotations

from dataclasses import dataclass

MELD_KINDS = ("chi", "pon", "kan", "ankan", "kakan")


@dataclass(frozen=True)
class Meld:
    """One called or declared set.

    kind: ``chi``, ``pon``, ``kan`` (open kan on a discard, daiminkan), ``ankan`` (closed
    kan), ``kakan`` (added kan: a pon plus the fourth tile).
    tiles: the meld's tile ids, sorted.
    called: the id taken from another seat's discard (None for ankan); for kakan, the
    pon's called tile.
    from_seat: the absolute seat (0..3) the called tile came from (None for ankan).
    added: for kakan, the tile added to the pon.
    """

    kind: str
    tiles: tuple[int, ...]
    called: int | None = None
    from_seat: int | None = None
    added: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in MELD_KINDS:
            raise ValueError(f"unknown meld kind {self.kind!r}")
        size = 3 if self.kind in ("chi", "pon") else 4
        if len(self.tiles) != size:
            raise ValueError(f"a {self.kind} holds {size} tiles, not {len(self.tiles)}")

    @property
    def is_open(self) -> bool:
        """Every meld but a closed kan opens the hand."""
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        return self.kind in ("kan", "ankan", "kakan")

    @property
    def kind34(self) -> int:
        """The kind of a pon or kan; the lowest kind of a chi."""
        return min(self.tiles) // 4

    @property
    def kinds(self) -> list[int]:
        return sorted(t // 4 for t in self.tiles)
