"""Tenhou's mjlog meld bitfield: a call packed into 16 bits, both ways.

A call in an mjlog is ``<N who="2" m="47191"/>``: ``m`` packs the meld into 16 bits.
The low two bits say where the called tile came from, relative to the caller
(0 self, 1 right/shimocha, 2 across/toimen, 3 left/kamicha); bits 2..5 say the kind
(chi, pon, added kan, three-player nuki, else a kan); the rest names the tiles.

    >>> meld = decode_meld(47191, who=2)
    >>> meld.kind, meld.tiles, meld.called, meld.from_seat
    ('chi', (78, 82, 84), 82, 1)
    >>> encode_meld(meld, who=2)
    47191

The representation in :class:`game.rules.melds.Meld`:

- chi, pon, open kan: ``called`` is the tile taken, ``from_seat`` the absolute seat
  ``(who + relative) % 4``.
- kakan: ``called`` is the original pon's called tile, ``added`` the fourth tile,
  ``from_seat`` the seat the pon was called from.
- ankan: ``from_seat`` is None; ``called`` is the copy the bitfield names (Tenhou
  writes a tile id there, usually copy 0 of the kind, but not always). Nobody called
  that tile: it is kept only so that ``encode_meld(decode_meld(m)) == m`` for every
  real log. A closed kan built by the game may leave ``called`` None; it is then
  written as copy 0.
- nuki (three-player north): not a Meld. ``decode_meld`` raises InputError for it;
  :func:`nuki_tile` / :func:`encode_nuki` handle it.
"""

from __future__ import annotations

from game.rules.errors import InputError
from game.rules.melds import Meld


# Bits 2..5 of m: which kind of meld the rest of the bitfield describes.
_CHI_BIT, _PON_BIT, _KAKAN_BIT, _NUKI_BIT = 1 << 2, 1 << 3, 1 << 4, 1 << 5


def decode_meld(m: int, who: int) -> Meld:
    """The meld that bitfield ``m`` describes, called by absolute seat ``who``.

    >>> decode_meld(3689, who=0)        # a pon of 3m from the right
    Meld(kind='pon', tiles=(8, 9, 10), called=9, from_seat=1, added=None)
    >>> decode_meld(2560, who=1)        # a closed kan of 3m
    Meld(kind='ankan', tiles=(8, 9, 10, 11), called=10, from_seat=None, added=None)
    """
    if not 0 <= m < 1 << 16:
        raise InputError(f"meld bitfield {m} is not a 16-bit number")
    if not 0 <= who < 4:
        raise InputError(f"seat {who} is not 0..3")
    relative = m & 3
    from_seat = (who + relative) % 4
    if m & _CHI_BIT:
        if relative != LEFT:
            raise InputError(f"meld bitfield {m}: a chi takes the discard of the seat on the left, not {_FROM[relative]}")
        return _decode_chi(m, from_seat)
    if m & (_PON_BIT | _KAKAN_BIT):
        if relative == 0:  # no seat calls its own discard (code 9808: an added kan of one's own tile)
            raise InputError(f"meld bitfield {m}: a pon or added kan of the caller's own discard")
        return _decode_pon_or_kakan(m, from_seat)
    if m & _NUKI_BIT:
        raise InputError("three-player nuki is not a meld")
    return _decode_kan(m, relative, from_seat)


LEFT = 3  # the relative seat a chi is called from (kamicha)
_FROM = {0: "the caller itself", 1: "the right", 2: "across"}


def encode_meld(meld: Meld, who: int) -> int:
    """Tenhou's bitfield for ``meld`` called by absolute seat ``who``; inverse of decode_meld.

    >>> encode_meld(Meld("pon", (8, 9, 10), called=9, from_seat=1), who=0)
    3689
    """
    relative = 0 if meld.from_seat is None else (meld.from_seat - who) % 4
    encoder = _ENCODERS[meld.kind]
    return encoder(meld, relative)


def nuki_tile(m: int) -> int | None:
    """The north tile set aside by a three-player nuki bitfield, or None if ``m`` is a meld.

    >>> nuki_tile(31008), nuki_tile(6729)
    (121, None)
    """
    if m & (_CHI_BIT | _PON_BIT | _KAKAN_BIT) or not m & _NUKI_BIT:
        return None
    return m >> 8


def encode_nuki(tile: int) -> int:
    """The bitfield of a three-player nuki of north tile ``tile``.

    >>> encode_nuki(121)
    31008
    """
    return tile << 8 | _NUKI_BIT


# --- chi: t = (suit * 7 + lowest number) * 3 + which tile was called; 2 copy bits per tile


def _decode_chi(m: int, from_seat: int) -> Meld:
    t, called_index = divmod(m >> 10, 3)
    if t >= 21:
        raise InputError(f"meld bitfield {m}: no chi starts at index {t}")
    base = (t // 7) * 9 + t % 7
    tiles = tuple((base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3))
    return Meld("chi", tiles, called=tiles[called_index], from_seat=from_seat)


def _encode_chi(meld: Meld, relative: int) -> int:
    tiles = sorted(meld.tiles)
    base = tiles[0] // 4
    t = (base // 9) * 7 + base % 9
    m = (t * 3 + tiles.index(meld.called)) << 10 | _CHI_BIT | relative
    for i, tile in enumerate(tiles):
        m |= (tile % 4) << (3 + 2 * i)
    return m


# --- pon and added kan: t = kind * 3 + which of the pon's tiles was called;
# 2 bits name the copy the pon leaves out (for an added kan: the added copy)


def _decode_pon_or_kakan(m: int, from_seat: int) -> Meld:
    other_copy = (m >> 5) & 3
    kind34, called_index = divmod(m >> 9, 3)
    if kind34 >= 34:
        raise InputError(f"meld bitfield {m}: no tile kind {kind34}")
    pon_tiles = tuple(kind34 * 4 + c for c in range(4) if c != other_copy)
    called = pon_tiles[called_index]
    if m & _PON_BIT:
        return Meld("pon", pon_tiles, called=called, from_seat=from_seat)
    all_four = tuple(kind34 * 4 + c for c in range(4))
    return Meld("kakan", all_four, called=called, from_seat=from_seat, added=kind34 * 4 + other_copy)


def _encode_pon(meld: Meld, relative: int) -> int:
    tiles = sorted(meld.tiles)
    kind34 = tiles[0] // 4
    other_copy = ({0, 1, 2, 3} - {t % 4 for t in tiles}).pop()
    return _pon_bits(kind34, tiles.index(meld.called), other_copy, relative) | _PON_BIT


def _encode_kakan(meld: Meld, relative: int) -> int:
    pon_tiles = sorted(t for t in meld.tiles if t != meld.added)
    kind34 = pon_tiles[0] // 4
    return _pon_bits(kind34, pon_tiles.index(meld.called), meld.added % 4, relative) | _KAKAN_BIT


def _pon_bits(kind34: int, called_index: int, other_copy: int, relative: int) -> int:
    return (kind34 * 3 + called_index) << 9 | other_copy << 5 | relative


# --- kans: the high byte is a tile id: the called tile of an open kan; for a closed
# kan, the copy Tenhou named (kept in Meld.called, see the module docstring)


def _decode_kan(m: int, relative: int, from_seat: int) -> Meld:
    named = m >> 8
    if m & 0xFC or named >= 136:
        raise InputError(f"meld bitfield {m} is not a kan Tenhou writes")
    tiles = tuple((named // 4) * 4 + c for c in range(4))
    if relative == 0:
        return Meld("ankan", tiles, called=named)
    return Meld("kan", tiles, called=named, from_seat=from_seat)


def _encode_kan(meld: Meld, relative: int) -> int:
    return meld.called << 8 | relative


def _encode_ankan(meld: Meld, relative: int) -> int:
    named = meld.called if meld.called is not None else min(meld.tiles)
    return named << 8


_ENCODERS = {
    "chi": _encode_chi,
    "pon": _encode_pon,
    "kakan": _encode_kakan,
    "kan": _encode_kan,
    "ankan": _encode_ankan,
}
