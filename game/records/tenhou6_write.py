"""The tenhou.net/6 JSON writer: a game log as Tenhou's viewer and the reviewers read it."""

from __future__ import annotations

from game.records.model import (
    Agari, Bye, Call, Discard, Draw, GameLog, NewDora, Nuki, Rejoin, Riichi, RoundLog, Ryuukyoku,
)
from game.records.tenhou6_round import NUKI_TEXT
from game.records.tenhou6_codes import (
    DAN_NAMES, DRAW_TEXTS, LIMIT_TEXTS, LOBBY_BITS, LOBBY_NAMES, TSUMOGIRI, YAKU_NAMES, tile_code,
)
from game.rules.melds import Meld
from game.rules.tiles import RED_FIVES

CALL_LETTER_SLOT = {3: 0, 2: 1, 1: 2}  # the called tile's place in a call text, by where it came from


def write_tenhou6(game: GameLog, title: list[str] | None = None) -> dict:
    """The tenhou.net/6 JSON object of a game (``json.dumps(..., ensure_ascii=False)`` it).

    The inverse of :func:`parse_tenhou6` up to what the format drops (dice, copy numbers):
    each round's 17 entries, call texts, riichi and kan markers, the results with Tenhou's
    value and yaku texts, and the header fields the log knows (``name``, ``rule``, ``dan``,
    ``rate``, ``sx``, ``lobby``, ``ref``, ``sc``, and ``connection`` when a player dropped out).
    ``title`` is added when given. Of a real game, this is Tenhou's own JSON but for ``ratingc``,
    which no mjlog holds (docs/reference.md §4 gives the order of tiles, ``disp`` and
    ``connection`` as Tenhou writes them).

        >>> from game.records.mjlog_read import parse_mjlog
        >>> hands = " ".join(f'hai{s}="{",".join(str(13 * s + i) for i in range(13))}"' for s in range(4))
        >>> log = parse_mjlog('<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/>'
        ...     f'<INIT seed="0,0,0,2,3,60" ten="250,250,250,250" oya="0" {hands}/><T70/><D70/></mjloggm>')
        >>> data = write_tenhou6(log)
        >>> data["rule"]["disp"], data["log"][0][0], data["log"][0][5], data["log"][0][6]
        ('鳳南喰赤', [0, 0, 0], [29], [60])
    """
    red = game.rules.red_fives
    data: dict = {"ver": 2.3}
    if game.ref:
        data["ref"] = game.ref
    if title is not None:
        data["title"] = title
    data["log"] = [_write_round(round_log, red) for round_log in game.rounds]
    data["rule"] = {"disp": _rule_text(game), **({f"aka5{s}": 1 for s in (3, 2, 1)} if red else {})}
    if game.lobby is not None:
        data["lobby"] = game.lobby
    three = game.rules.three_player  # the fourth seat is kept, empty, as in the mjlog
    if any(p.dan is not None for p in game.players):
        data["dan"] = [DAN_NAMES[p.dan] if p.dan is not None else "" for p in game.players] + \
            ([DAN_NAMES[0]] if three else [])
    if any(p.rate is not None for p in game.players):
        data["rate"] = [_plain_number(p.rate or 0.0) for p in game.players] + ([1500] if three else [])
    if any(p.sex for p in game.players):
        data["sx"] = [p.sex or "" for p in game.players] + (["C"] if three else [])
    owari = game.owari
    if owari is not None:
        data["sc"] = [_plain_number(x) for pair in zip(owari.scores, owari.results) for x in pair] + \
            ([0, 0] if three else [])
    connection = _connections(game)
    if connection:
        data["connection"] = connection
    data["name"] = [p.name for p in game.players] + ([""] if three else [])
    return data


def _rule_text(game: GameLog) -> str:
    """``rule.disp``: the room (鳳 特 上 般), the length, open tanyao, red fives, fast."""
    room = LOBBY_NAMES[(game.go_type or 0) & LOBBY_BITS]
    rules = game.rules
    return ("三" if rules.three_player else "") + room + ("南" if rules.east_south else "東") + \
        ("喰" if rules.open_tanyao else "") + ("赤" if rules.red_fives else "") + ("速" if rules.fast else "")


def _connections(game: GameLog) -> list[dict]:
    """Tenhou's ``connection`` list: a player who dropped out (``what`` 0, the mjlog's ``BYE``) or
    came back (1, a ``UN`` in mid-game), with the round's place in ``log`` and ``step``, the draws
    and discards of that round before it (docs/reference.md §4)."""
    entries = []
    for index, round_log in enumerate(game.rounds):
        step = 0
        for event in round_log.events:
            if isinstance(event, (Draw, Discard)):
                step += 1
            elif isinstance(event, (Bye, Rejoin)):
                entries.append({"what": int(isinstance(event, Rejoin)), "log": index, "who": event.seat, "step": step})
    return entries


def _plain_number(value: float) -> float | int:
    """Tenhou writes a whole number without its ``.0``."""
    return int(value) if value == int(value) else value


class _RoundWriter:
    """Sorts one round's events into each seat's takes and discards, and writes its result."""

    def __init__(self, round_log: RoundLog, red: bool) -> None:
        self.round_log = round_log
        self.red = red
        self.seats = len(round_log.init.hands)
        self.takes: list[list] = [[] for _ in range(4)]
        self.discards: list[list] = [[] for _ in range(4)]
        self.dora = [round_log.init.dora_indicator]
        self.riichi_next = [False] * 4
        self.melds: list[list[Meld]] = [[] for _ in range(4)]

    def code(self, tile: int) -> int:
        return tile_code(tile, self.red)

    def write(self) -> list:
        init = self.round_log.init
        for event in self.round_log.events:
            self.take(event)
        results = self.round_log.results
        ura = next((list(map(self.code, r.ura_indicators)) for r in results
                    if isinstance(r, Agari) and r.ura_indicators), [])
        entry = [[init.round_index, init.honba, init.riichi_sticks], _four(init.scores),
                 [self.code(t) for t in self.dora], ura]
        for seat in range(4):
            hand = init.hands[seat] if seat < self.seats else ()
            entry += [[self.code(t) for t in in_tenhou_order(hand)], self.takes[seat], self.discards[seat]]
        entry.append(self.result(results))
        return entry

    def take(self, event) -> None:
        if isinstance(event, Draw):
            self.takes[event.seat].append(self.code(event.tile))
        elif isinstance(event, Discard):
            code = TSUMOGIRI if event.tsumogiri else self.code(event.tile)
            if self.riichi_next[event.seat]:
                self.riichi_next[event.seat] = False
                code = f"r{code}"
            self.discards[event.seat].append(code)
        elif isinstance(event, Riichi) and event.step == 1:
            self.riichi_next[event.seat] = True
        elif isinstance(event, NewDora):
            self.dora.append(event.tile)
        elif isinstance(event, Call):
            self.call(event.seat, event.meld)
        elif isinstance(event, Nuki):
            self.discards[event.seat].append(NUKI_TEXT)

    def call(self, seat: int, meld: Meld) -> None:
        if meld.kind == "ankan":
            codes = [self.code(t) for t in in_tenhou_order(meld.tiles)]
            self.discards[seat].append("".join(map(str, codes[:3])) + "a" + str(codes[3]))
            return
        if meld.kind == "kakan":
            pon = self._pon_text(seat, meld, "k")
            self.discards[seat].append(pon)
            return
        own = [self.code(t) for t in in_tenhou_order(meld.tiles) if t != meld.called]
        called = self.code(meld.called)
        relative = (meld.from_seat - seat) % 4  # three-player too: seats 0..2 of a table of four
        if meld.kind == "chi":
            text = f"c{called}" + "".join(map(str, own))
        else:
            letter = "p" if meld.kind == "pon" else "m"
            slot = CALL_LETTER_SLOT[relative]
            if meld.kind == "kan" and relative == 1:
                slot = 3  # an open kan from the right: the called tile comes last
            parts = [str(c) for c in own]
            parts.insert(slot, f"{letter}{called}")
            text = "".join(parts)
        self.takes[seat].append(text)
        if meld.kind == "kan":
            self.discards[seat].append(0)  # the place-holder: the replacement draw comes next

    def _pon_text(self, seat: int, meld: Meld, letter: str) -> str:
        """An added kan: the pon's text with the added tile before the called one."""
        relative = (meld.from_seat - seat) % 4  # three-player too: seats 0..2 of a table of four
        own = [str(self.code(t)) for t in in_tenhou_order(meld.tiles) if t not in (meld.called, meld.added)]
        own.insert(CALL_LETTER_SLOT[relative], f"{letter}{self.code(meld.added)}{self.code(meld.called)}")
        return "".join(own)

    def result(self, results: list) -> list:
        if not results:
            return []
        if isinstance(results[0], Ryuukyoku):
            return self.draw_result(results[0])
        entry: list = ["和了"]
        for agari in results:
            dealer = self.round_log.init.dealer
            pao = agari.pao_who if agari.pao_who is not None else agari.who
            entry += [_four(agari.deltas), [agari.who, agari.from_who, pao, value_text(agari, dealer, self.seats),
                                            *yaku_texts(agari)]]
        return entry

    def draw_result(self, draw: Ryuukyoku) -> list:
        if draw.reason is None:
            tenpai = len(draw.tenpai)
            name = "全員聴牌" if tenpai == self.seats else "全員不聴" if tenpai == 0 else "流局"
            return [name] if name != "流局" else [name, _four(draw.deltas)]
        name = DRAW_TEXTS[draw.reason]
        return [name, _four(draw.deltas)] if draw.reason == "nm" else [name]


def _four(values) -> list:
    """A figure per seat, as the JSON keeps them: a three-player list with the fourth seat's 0."""
    return list(values) + [0] * (4 - len(values))



def in_tenhou_order(tiles) -> list[int]:
    """Tiles in the order of Tenhou's own JSON: by kind, a red five after the plain fives of its
    kind (a hand ``[..., 35, 53, 36, ...]``, a meld ``35p3553``; docs/reference.md §4).

        >>> in_tenhou_order([92, 89, 88, 20])  # 6s, 5s, red 5s, 6m
        [20, 89, 88, 92]
    """
    return sorted(tiles, key=lambda tile: (tile // 4, tile in RED_FIVES, tile))


def _write_round(round_log: RoundLog, red: bool) -> list:
    return _RoundWriter(round_log, red).write()


def value_text(agari: Agari, dealer: int, seats: int = 4) -> str:
    """Tenhou's value text of a win: '30符1飜1000点', '満貫2000-4000点', '役満16000点∀'.

        >>> win = Agari(0, 1, (), (), 0, 30, 1000, 0, ((1, 1),), (), (), (), (), (), 0, 0)
        >>> value_text(win, dealer=2)
        '30符1飜1000点'
    """
    han = sum(h for _, h in agari.yaku)
    if agari.limit:
        head = LIMIT_TEXTS[agari.limit]
    else:
        head = f"{agari.fu}符{han}飜"
    if not agari.tsumo:
        return f"{head}{agari.points}点"
    if agari.who == dealer:
        return f"{head}{agari.points // (seats - 1)}点∀"
    base = _basic_points(agari, han)
    return f"{head}{_round_up(base)}-{_round_up(2 * base)}点"


def _basic_points(agari: Agari, han: int) -> int:
    limits = {1: 2000, 2: 3000, 3: 4000, 4: 6000}
    if agari.limit == 5:
        return 8000 * max(1, len(agari.yakuman))
    if agari.limit:
        return limits[agari.limit]
    return agari.fu * 2 ** (han + 2)


def _round_up(points: int) -> int:
    return -(-points // 100) * 100


def yaku_texts(agari: Agari) -> list[str]:
    """The yaku as Tenhou's JSON names them: '立直(1飜)', '国士無双(役満)' (no 0-han entries)."""
    texts = [f"{YAKU_NAMES[y]}({h}飜)" for y, h in agari.yaku if h]
    return texts + [f"{YAKU_NAMES[y]}(役満)" for y in agari.yakuman]
