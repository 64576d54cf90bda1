"""tenhou.net/6's vocabulary, both ways: tile codes, and the names of yaku, dan, limits and draws.

The JSON names a tile by a two-digit code (11-19 man, 21-29 pin, 31-39 sou, 41-47 honours,
51/52/53 the red fives, 60 the tile just drawn) and writes yaku, ranks, limits and draws in
Japanese. The reader (``tenhou6_read``, ``tenhou6_round``) and the writer (``tenhou6_write``)
share these tables.
"""

from __future__ import annotations

from game.rules.errors import InputError
from game.rules.tiles import RED_FIVES

TENHOU6_RED = {51: 16, 52: 52, 53: 88}
TSUMOGIRI = 60
DAN_NAMES = ("新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級", "初段", "二段",
             "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳位")
YAKU_NAMES = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻",
    "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和",
    "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈",
    "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)  # index = Tenhou yaku id
YAKU_IDS = {name: index for index, name in enumerate(YAKU_NAMES)} | {"ダブル立直": 21}
LIMIT_NAMES = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "役満": 5, "数え役満": 5}
LIMIT_TEXTS = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
DRAW_REASONS = {"流局": None, "全員聴牌": None, "全員不聴": None, "流し満貫": "nm", "九種九牌": "yao9",
                "四家立直": "reach4", "三家和了": "ron3", "四槓散了": "kan4", "四風連打": "kaze4"}
# the lobby that a GO type's 0x20 and 0x80 bits name in ``rule.disp`` (docs/reference.md §4): both 鳳,
# 0x20 alone 特, 0x80 alone 上, neither 般 (Tenhou's own JSON of a 0x0029 game says 特南喰赤)
LOBBY_BITS = 0xA0
LOBBY_NAMES = {0xA0: "鳳", 0x20: "特", 0x80: "上", 0x00: "般"}
DRAW_TEXTS = {"nm": "流し満貫", "yao9": "九種九牌", "reach4": "四家立直", "ron3": "三家和了",
              "kan4": "四槓散了", "kaze4": "四風連打"}


def tile_code(tile: int, red: bool = True) -> int:
    """The tenhou.net/6 code of a tile id.

        >>> tile_code(0), tile_code(16), tile_code(16, red=False), tile_code(135)
        (11, 51, 15, 47)
    """
    if red and tile in RED_FIVES:
        return 51 + RED_FIVES.index(tile)
    kind34 = tile // 4
    return (kind34 // 9 + 1) * 10 + kind34 % 9 + 1


def kind_of(code: int) -> int:
    """The kind (0..33) of a tenhou.net/6 tile code.

        >>> kind_of(11), kind_of(51), kind_of(47)
        (0, 4, 33)
    """
    suit, number = divmod(code, 10)
    if code in TENHOU6_RED:
        return TENHOU6_RED[code] // 4
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return (suit - 1) * 9 + number - 1
    if suit == 4 and 1 <= number <= 7:
        return 27 + number - 1
    raise InputError(f"{code} is not a tenhou.net/6 tile code")
