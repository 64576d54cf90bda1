"""Tenhou's shuffle, the wall of a round, and the seeds that replay a game.

A game's seed is 624 32-bit words: the key of MT19937's ``init_by_array``. It comes
either from a Tenhou seed string (``mt19937ar-sha512-n288-base64,<base64>``, so a real
Tenhou game's deals replay exactly) or from a short seed code a player can read and
type (``new_seed_code``; see ``code_words`` for how a code becomes words).

Each round takes the next shuffle from the game's generator (Tenhou's published
algorithm, bit-exact): 288 words (``src``) -> SHA-512 of each 32-word chunk -> 144
words (``rnd``) -> a Fisher-Yates pass over the sorted tiles, plus two dice.

    >>> shuffler = Shuffler(seed_words("PICORIICHI"))
    >>> first = shuffler.next_round()
    >>> len(first.wall), sorted(first.wall) == list(range(136)), first.dice
    (136, True, (2, 4))
    >>> wall = Wall(first.wall, first.dice)
    >>> hands = wall.deal(dealer=0)
    >>> [len(hand) for hand in hands], wall.tiles_left
    ([13, 13, 13, 13], 70)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import random
import secrets
import struct
from collections.abc import Sequence
from dataclasses import dataclass

from engine.tasks import TaskGen, run_to_end
from game.rules.errors import InputError

# --- seeds -------------------------------------------------------------------------

SEED_WORDS = 624
TENHOU_SEED_PREFIX = "mt19937ar-sha512-n288-base64,"
TENHOU_HEX_PREFIX = "mt19937ar-sha512-n288,"

# Crockford's base-32 alphabet: digits and capitals without I, L, O, U. Typed codes are
# case-insensitive, may hold spaces or dashes, and read O as 0 and I, L as 1.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_ALIASES = {"O": "0", "I": "1", "L": "1"}
CODE_LENGTH = 10  # new codes: 50 bits from the operating system
CODE_MIN, CODE_MAX = 8, 12  # typed codes may be any length in this range
CODE_DOMAIN = b"picoriichi seed code v1:"  # frozen: changing it changes every code's deals


def new_seed_code() -> str:
    """A fresh seed code from the operating system's randomness.

    >>> code = new_seed_code()
    >>> len(code) == CODE_LENGTH and normalize_code(code) == code
    True
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    """A typed seed code in its canonical form (capitals, no separators, aliases read).

    >>> normalize_code("ab1o-lmnp i")
    'AB101MNP1'
    """
    # upper-case ASCII only: str.upper turns 'ß' into 'SS' and 'ﬁ' into 'FI'
    letters = "".join(c.upper() if c.isascii() else c for c in "".join(text.split()).replace("-", ""))
    letters = "".join(CODE_ALIASES.get(c, c) for c in letters)
    bad = sorted(set(letters) - set(CODE_ALPHABET))
    if bad:
        raise InputError(f"seed code {text[:30]!r}: {''.join(bad)[:10]!r} is not a code character (0-9, A-Z but U)")
    if not CODE_MIN <= len(letters) <= CODE_MAX:
        raise InputError(f"seed code {text[:30]!r} has {len(letters)} character{'' if len(letters) == 1 else 's'}, "
                         f"not {CODE_MIN} to {CODE_MAX}")
    return letters


def code_words(code: str) -> list[int]:
    """The 624 seed words of a seed code (frozen; a test pins a code to its first wall).

    The expansion: SHAKE-256 over ``b"picoriichi seed code v1:"`` + the normalized code
    in ASCII, read as 2,496 bytes = 624 little-endian u32 words.

    >>> code_words("picoriichi") == code_words("PICO-R11CH1")
    True
    """
    digest = hashlib.shake_256(CODE_DOMAIN + normalize_code(code).encode("ascii")).digest(4 * SEED_WORDS)
    return list(struct.unpack(f"<{SEED_WORDS}I", digest))


def tenhou_seed_words(text: str) -> list[int]:
    """The seed words of a Tenhou seed string, with or without its prefix.

    ``mt19937ar-sha512-n288-base64,<base64>`` holds 624 little-endian words; older
    logs write ``mt19937ar-sha512-n288,<hex>,<hex>,...``: the words in hexadecimal.

    >>> tenhou_seed_words("mt19937ar-sha512-n288,F1504633,0000000A")
    [4048569907, 10]
    """
    body = "".join(text.split())  # a pasted seed may be wrapped over lines
    if body.startswith(TENHOU_HEX_PREFIX):
        return _hex_words(body[len(TENHOU_HEX_PREFIX):])
    if body.startswith(TENHOU_SEED_PREFIX):
        body = body[len(TENHOU_SEED_PREFIX):]
    elif "," in body:
        raise InputError(f"seed kind {body.split(',', 1)[0][:40]!r} is not {TENHOU_SEED_PREFIX[:-1]}")
    try:
        raw = base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError):
        raise InputError("Tenhou seed is not valid base64") from None
    if len(raw) != 4 * SEED_WORDS:
        raise InputError(f"Tenhou seed holds {len(raw)} byte{'' if len(raw) == 1 else 's'}, not {4 * SEED_WORDS}")
    return list(struct.unpack(f"<{SEED_WORDS}I", raw))


def tenhou_seed_string(words: list[int]) -> str:
    """The Tenhou seed string of 624 seed words (what an mjlog's SHUFFLE tag holds): the
    inverse of :func:`tenhou_seed_words`.

    >>> words = seed_words("PICORIICHI")
    >>> tenhou_seed_words(tenhou_seed_string(words)) == words
    True
    """
    return TENHOU_SEED_PREFIX + base64.b64encode(struct.pack(f"<{len(words)}I", *words)).decode("ascii")


def _hex_words(body: str) -> list[int]:
    fields = body.split(",")
    if not 1 <= len(fields) <= SEED_WORDS or not all(_is_hex_word(f) for f in fields):
        raise InputError("Tenhou seed: expected 1 to 624 comma-separated 8-digit hex words")
    return [int(f, 16) for f in fields]


def _is_hex_word(field: str) -> bool:
    return len(field) == 8 and all(c in "0123456789abcdefABCDEF" for c in field)


def is_hex_seed(text: str) -> bool:
    """Whether ``text`` is Tenhou's older hex seed string, whose games flip the dead wall."""
    return text.strip().startswith(TENHOU_HEX_PREFIX)


def is_tenhou_seed(text: str) -> bool:
    """Whether ``text`` is meant as a Tenhou seed string rather than a seed code."""
    body = text.strip()
    return "," in body or len(body) > 2 * CODE_MAX


def seed_words(text: str) -> list[int]:
    """The seed words of a seed code or a Tenhou seed string; InputError if malformed.

    624 words, but for Tenhou's older hex seed strings, which hold fewer (32).

    >>> seed_words("0000-0000")[:2] == code_words("00000000")[:2]
    True
    >>> seed_words("?")
    Traceback (most recent call last):
    ...
    game.rules.errors.InputError: seed code '?': '?' is not a code character (0-9, A-Z but U)
    """
    if is_tenhou_seed(text):
        return tenhou_seed_words(text)
    return code_words(text)


# --- MT19937 and the round shuffle --------------------------------------------------

_MASK32 = 0xFFFFFFFF


INIT_STEP = 208  # words of MT19937's state set up between two yields (a third of them)


def init_by_array(key: list[int]) -> list[int]:
    """MT19937's 624-word state after ``init_by_array(key)`` (mt19937ar.c, 2002/1/26).

    >>> init_by_array([0x123, 0x234, 0x345, 0x456])[:2]
    [2147483648, 1827812183]
    """
    return run_to_end(init_by_array_task(key))


def init_by_array_task(key: list[int]) -> TaskGen[list[int]]:
    """Task: :func:`init_by_array`, yielding every INIT_STEP words (some 2,500 big-int steps in
    all: too many for one frame while tracemalloc counts every int)."""
    mt = [0] * 624
    mt[0] = 19650218
    for i in range(1, 624):  # init_genrand(19650218)
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK32
    yield
    i, j = 1, 0
    for step in range(max(624, len(key))):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK32
        i, j = i + 1, j + 1
        if i >= 624:
            mt[0], i = mt[623], 1
        if j >= len(key):
            j = 0
        if step % INIT_STEP == INIT_STEP - 1:
            yield
    for step in range(623):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK32
        i += 1
        if i >= 624:
            mt[0], i = mt[623], 1
        if step % INIT_STEP == INIT_STEP - 1:
            yield
    mt[0] = 0x80000000
    return mt


def mt19937(key: list[int]) -> random.Random:
    """A generator whose ``getrandbits(32)`` is mt19937ar.c's genrand_int32 after init_by_array.

    Python's Random is MT19937 too; only its seeding differs, so we set its state.

    >>> mt19937([0x123, 0x234, 0x345, 0x456]).getrandbits(32)  # mt19937ar.out's first number
    1067595299
    """
    return run_to_end(mt19937_task(key))


def mt19937_task(key: list[int]) -> TaskGen[random.Random]:
    """Task: :func:`mt19937`, its seeding sliced (see init_by_array_task)."""
    generator = random.Random(0)  # a seed of its own, not the OS's: the state is replaced at once
    generator.setstate((3, (*(yield from init_by_array_task(key)), 624), None))
    return generator


SRC_WORDS = 288  # 9 chunks of 32 words, each hashed into 16
CHUNK_WORDS = 32
RND_WORDS = 144
SWAPS_PER_STEP = 34  # Fisher-Yates swaps between two yields


def hash_chunk(chunk: list[int]) -> list[int]:
    """SHA-512 of 32 words packed little-endian, read back as 16 little-endian words."""
    digest = hashlib.sha512(struct.pack(f"<{CHUNK_WORDS}I", *chunk)).digest()
    return list(struct.unpack("<16I", digest))


def rnd_task(src: list[int]) -> TaskGen[list[int]]:
    """The 144 shuffle words (``rnd``) from the 288 generator words (``src``), as a task:
    it yields progress 0 .. 0.5 after each SHA-512 chunk (the shuffle takes the other half)."""
    rnd: list[int] = []
    for k in range(0, SRC_WORDS, CHUNK_WORDS):
        rnd += hash_chunk(src[k:k + CHUNK_WORDS])
        yield 0.5 * len(rnd) / RND_WORDS
    return rnd


def rnd_from_src(src: list[int]) -> list[int]:
    """``rnd_task`` run at once."""
    return run_to_end(rnd_task(src))


def sorted_tiles(three_player: bool = False) -> list[int]:
    """The tiles a shuffle starts from: all 136, or the 108 of three-player (no 2m-8m)."""
    return [t for t in range(136) if not (three_player and 1 <= t // 4 <= 7)]


def shuffle_task(rnd: list[int], three_player: bool = False) -> TaskGen[list[int]]:
    """Tenhou's low-to-high Fisher-Yates over the sorted tiles, driven by ``rnd``, as a task
    (progress 0.5 .. 1, after ``rnd_task``)."""
    return _fisher_yates(rnd, sorted_tiles(three_player), progress_from=0.5)


def shuffle_with_rnd(rnd: list[int], three_player: bool = False) -> list[int]:
    """``shuffle_task`` run at once."""
    return run_to_end(shuffle_task(rnd, three_player))


def dice_from_rnd(rnd: list[int]) -> tuple[int, int]:
    return rnd[135] % 6 + 1, rnd[136] % 6 + 1


def _fisher_yates(rnd: list[int], wall: list[int], progress_from: float = 0.0) -> TaskGen[list[int]]:
    """Shuffle ``wall`` in place; yields progress from ``progress_from`` up to 1."""
    size = len(wall)
    for i in range(size - 1):
        j = i + rnd[i] % (size - i)
        wall[i], wall[j] = wall[j], wall[i]
        if i % SWAPS_PER_STEP == SWAPS_PER_STEP - 1:
            yield progress_from + (1 - progress_from) * i / size
    return wall


@dataclass(frozen=True)
class RoundShuffle:
    """One round's shuffled wall (tile ids in array order, dealt from the end) and dice."""

    wall: list[int]
    dice: tuple[int, int]


class Shuffler:
    """A game's generator: each round takes the next shuffle from it.

    ``three_player`` shuffles the 108 tiles of Tenhou's three-player game.
    """

    def __init__(self, seed_words: list[int], three_player: bool = False) -> None:
        if not 1 <= len(seed_words) <= SEED_WORDS or not all(0 <= w <= _MASK32 for w in seed_words):
            raise InputError(f"a seed is 1 to {SEED_WORDS} 32-bit words")
        self.seed_words = list(seed_words)
        self.generator: random.Random | None = None  # seeded by seed_task, or the first round
        self.three_player = three_player
        self.rounds = 0  # shuffles taken so far

    def seed_task(self) -> TaskGen[None]:
        """Seed the generator as a task: a game does it first, in its thinking time, so that
        starting one costs no frame more than its budget."""
        if self.generator is None:
            generator = yield from mt19937_task(self.seed_words)
            self.generator = self.generator or generator

    def round_task(self) -> TaskGen[RoundShuffle]:
        """The next round's shuffle as a task: yields between SHA-512 chunks and swaps.

        The generator words are drawn at once, so tasks started one after another
        give the rounds in order even if they run interleaved.
        """
        if self.generator is None:
            run_to_end(self.seed_task())
        src = [self.generator.getrandbits(32) for _ in range(SRC_WORDS)]
        self.rounds += 1
        return self._shuffle(src)

    def _shuffle(self, src: list[int]) -> TaskGen[RoundShuffle]:
        rnd = yield from rnd_task(src)
        wall = yield from shuffle_task(rnd, self.three_player)
        return RoundShuffle(wall, dice_from_rnd(rnd))

    def next_round(self) -> RoundShuffle:
        return run_to_end(self.round_task())


# --- the wall of a round ------------------------------------------------------------

DEAD_WALL = 14
# By number of players: the first dora indicator's index (kan dora every second tile
# above it, each ura-dora just below its dora) and the replacement draws, in order.
# Three-player (nuki draws replacements too): dora w[9], ura w[8] and the draws w[1],
# w[0], w[3] are checked on a real game; the rest follows the same pattern.
FIRST_DORA = {4: 5, 3: 9}
REPLACEMENTS = {4: (1, 0, 3, 2), 3: (1, 0, 3, 2, 5, 4, 7, 6)}


class Wall:
    """One round's wall in Tenhou's layout over the shuffled array ``w``.

    The deal takes ``w[-1]`` downward, four tiles to each seat three times (dealer
    first), then one each; live draws go on downward (``w[83]`` first with four players).
    The dead wall is ``w[0..13]``: dora indicator ``w[5]``, kan dora ``w[7]``, ``w[9]``,
    ..., ura-dora ``w[4]``, ``w[6]``, ..., replacement draws ``w[1]``, ``w[0]``,
    ``w[3]``, ``w[2]``. It stays 14 tiles, so each kan ends the live wall one tile earlier.

    ``dead_wall_flipped``: games seeded with Tenhou's older hex seed string (see
    ``is_hex_seed``) take the other tile of each dead-wall stack: dora ``w[4]``, ura-dora
    ``w[5]``, kan dora ``w[6]``, replacement draws ``w[0]``, ``w[1]``, ...

    >>> wall = Wall(list(range(136)), (1, 1))
    >>> wall.deal(dealer=1)[1][:5], wall.draw(), wall.dora_indicators
    ([135, 134, 133, 132, 119], 83, [5])
    >>> wall.draw_replacement(), wall.reveal_kan_dora(), wall.tiles_left
    (1, 7, 68)
    """

    def __init__(self, tiles: list[int], dice: tuple[int, int] | None = (1, 1),
                 dead_wall_flipped: bool = False) -> None:
        if len(tiles) not in (136, 108) or len(set(tiles)) != len(tiles) or not set(tiles) <= set(range(136)):
            raise InputError("a wall is 136 (or 108) distinct tile ids")
        self.tiles = list(tiles)
        self.dice = None if dice is None else tuple(dice)  # None: unknown (a tenhou.net/6 log)
        self.players = 4 if len(tiles) == 136 else 3
        self.next_live = len(tiles) - 1  # index of the next tile the deal or a draw takes
        self.kans = 0  # replacement draws taken (kans; nuki too in three-player)
        self.flip = 1 if dead_wall_flipped else 0  # dead-wall index ^ flip: the stack's other tile
        self.first_dora = FIRST_DORA[self.players]
        self.replacements = REPLACEMENTS[self.players]
        self.dora_indicators = [self._dead(self.first_dora)]

    @classmethod
    def arranged(cls, hands: Sequence[Sequence[int]], dealer: int = 0, draws: Sequence[int] = (),
                 replacements: Sequence[int] = (), dora_indicators: Sequence[int] = (),
                 ura_indicators: Sequence[int] = (), dice: tuple[int, int] | None = (1, 1)) -> Wall:
        """The wall that deals ``hands`` (13 tiles per absolute seat, each in the order
        dealt; the dealer's first), then gives the live ``draws`` and the replacement
        draws in order, with these dora indicators (the first, then kan dora) and ura-dora
        indicators. Every other place holds the unused tiles in id order. It rebuilds a
        log's wall without a seed, and sets a scene in tests.

        >>> hands = [list(range(13 * s, 13 * s + 13)) for s in range(4)]
        >>> wall = Wall.arranged(hands, dealer=2, draws=[100, 101], dora_indicators=[120])
        >>> wall.deal(dealer=2)[3][:4], wall.draw(), wall.draw(), wall.dora_indicators
        ([39, 40, 41, 42], 100, 101, [120])
        """
        if any(len(hand) != 13 for hand in hands) or len(hands) not in (3, 4):
            raise InputError("a wall deals three or four hands of 13 tiles")
        pool = sorted_tiles(three_player=len(hands) == 3)
        # A wall of its own indices hands out indices in the order a wall hands out tiles:
        # it tells where each tile goes, so the layout stays written once (deal, draw, ...).
        where = cls(list(range(len(pool))), dice)
        places: dict[int, int] = {}  # index in the wall -> tile
        for index_hand, hand in zip(where.deal(dealer), hands):
            places.update(zip(index_hand, hand))
        # replacements first: taken after the live draws, they could find the live wall empty
        places.update((where.draw_replacement(), tile) for tile in replacements)
        places.update((where.draw(), tile) for tile in draws)
        for _ in range(max(len(dora_indicators), len(ura_indicators)) - 1):
            where.reveal_kan_dora()
        places.update(zip(where.dora_indicators, dora_indicators))
        places.update(zip(where.ura_indicators, ura_indicators))
        return cls(_fill(places, pool), dice)

    def copy(self) -> Wall:
        twin = Wall.__new__(Wall)
        twin.__dict__.update(self.__dict__, tiles=list(self.tiles), dora_indicators=list(self.dora_indicators))
        return twin

    @property
    def ura_indicators(self) -> list[int]:
        return [self._dead(self.first_dora - 1 + 2 * k) for k in range(len(self.dora_indicators))]

    @property
    def tiles_left(self) -> int:
        """Live draws remaining."""
        return self.next_live - (DEAD_WALL - 1) - self.kans

    def deal(self, dealer: int) -> list[list[int]]:
        """The starting hands (13 tiles each, in the order dealt), by absolute seat.

        Three-player walls deal three hands (seats 0..2).
        """
        if self.next_live != len(self.tiles) - 1:
            raise InputError("this wall has already been dealt")
        hands: list[list[int]] = [[] for _ in range(self.players)]
        order = [(dealer + k) % self.players for k in range(self.players)]
        for take in (4, 4, 4, 1):
            for seat in order:
                hands[seat] += self._take(take)
        return hands

    def draw(self) -> int:
        """The next live tile."""
        if self.tiles_left <= 0:
            raise InputError("the live wall is empty")
        return self._take(1)[0]

    def draw_replacement(self) -> int:
        """The next replacement draw from the dead wall (after a kan); ends the live wall one earlier."""
        if self.kans >= len(self.replacements):
            raise InputError("no replacement tiles left")
        if self.tiles_left <= 0:
            raise InputError("the live wall is empty")
        tile = self._dead(self.replacements[self.kans])
        self.kans += 1
        return tile

    def reveal_kan_dora(self) -> int:
        """Turn the next kan dora indicator and return it.

        The wall only knows where the indicators lie; when each one turns is a rule of the
        round (see the module docstring of :mod:`game.rules.kans`).
        """
        if len(self.dora_indicators) >= 5:
            raise InputError("all four kan dora indicators are already turned")
        tile = self._dead(self.first_dora + 2 * len(self.dora_indicators))
        self.dora_indicators.append(tile)
        return tile

    def _dead(self, index: int) -> int:
        return self.tiles[index ^ self.flip]

    def _take(self, count: int) -> list[int]:
        taken = self.tiles[self.next_live - count + 1: self.next_live + 1][::-1]
        self.next_live -= count
        return taken


def _fill(places: dict[int, int], pool: list[int]) -> list[int]:
    """The wall's array: the placed tiles where they go, the rest of ``pool`` in id order."""
    placed = list(places.values())
    if len(set(placed)) != len(placed) or not set(placed) <= set(pool):
        raise InputError("a wall's tiles are distinct tile ids (one is placed twice, or is not in this game)")
    unplaced = set(pool) - set(placed)
    spare = iter(sorted(unplaced))
    return [places[i] if i in places else next(spare) for i in range(len(pool))]
