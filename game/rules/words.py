"""The words the game names things with: one table for the actions, one for the winds and honours.

The table's buttons, the hint, the callouts, the replay's captions, the review and the command
line all take their words from here, so one thing has one word everywhere: a discard is a
"cut" on the hint line, on the replay's caption and on the button that goes back to the hand.
The screens write the words in capitals (the cartridge's font has no lower case); the review's
lines and the command line keep them as they are here. Formats have names of their own (mjai's
``E``/``daiminkan``, tenhou.net/6's codes, MPSZ notation): those are the formats', not words.

    >>> action_word(Discard(16)), action_word(ClosedKan(4)), action_word(NineTerminals())
    ('cut', 'kan', '9 terminals')
    >>> tile_words(17), tile_words(16), tile_words(108), tile_words(132)
    ('5m', 'red 5m', 'east', 'chun')
    >>> answer_words(Riichi(125)), answer_words(Pon((8, 9)), offered=10), answer_words(Chi((4, 8)), offered=12)
    ('riichi haku', 'pon 3m', 'chi 234m')
    >>> wind_letter(1), seat_words(2, (1, 2, 3, 0)), seat_words(2, (1, 2, 3, 0), player=2)
    ('S', 'north', 'you')
"""

from __future__ import annotations

from game.rules.actions import (
    Action, AddedKan, Chi, ClosedKan, Discard, NineTerminals, Nuki, OpenKan, Pass, Pon, Riichi, Ron, Tsumo,
)
from game.rules.tiles import SUITS, is_red, number, suit, to_mpsz

WIND_WORDS = ("east", "south", "west", "north")  # a seat and a round by their wind (0..3)
HONOUR_WORDS = (*WIND_WORDS, "haku", "hatsu", "chun")  # kinds 27..33
ACTION_WORDS: dict[type, str] = {
    Discard: "cut", Riichi: "riichi", Tsumo: "tsumo", Ron: "ron", Chi: "chi", Pon: "pon",
    OpenKan: "kan", ClosedKan: "kan", AddedKan: "kan", Pass: "pass", NineTerminals: "9 terminals",
    Nuki: "nuki",  # three-player: a North set aside (nukidora), as Tenhou calls it
}
WIND_LETTERS = "".join(word[0].upper() for word in WIND_WORDS)  # "ESWN", for a seat or round by its letter
# Where a line has no room for a word, its short form (the screens say less, never half a word):
# a seat or wind by its letter, riichi by the R the review marks it with, the nine-terminals
# draw by its Japanese name, seven pairs as players shorten it.
SHORT_WORDS = {
    **{word: word[0] for word in WIND_WORDS}, "riichi": "r", "9 terminals": "kyuushu", "chiitoitsu": "chiitoi",
}
MELD_ACTIONS: dict[str, type] = {  # a meld's kind (game.rules.melds) and the action that makes it
    "chi": Chi, "pon": Pon, "kan": OpenKan, "ankan": ClosedKan, "kakan": AddedKan,
}


def action_word(action: Action | type) -> str:
    """An action (or its class) in one word: cut, riichi, pon, kan, pass ..."""
    return ACTION_WORDS[action if isinstance(action, type) else type(action)]


def meld_word(kind: str) -> str:
    """The word of the call that made a meld of ``kind`` ("chi", "pon", "kan", "ankan", "kakan")."""
    return ACTION_WORDS[MELD_ACTIONS[kind]]


def wind_letter(wind: int) -> str:
    """A wind (0..3: east, south, west, north) by its letter, as nameplates and round labels show it."""
    return WIND_LETTERS[wind]


def tile_words(tile: int) -> str:
    """A tile as the table shows it: its number and suit, a red five as red, honours by name."""
    kind = tile // 4
    if kind >= 27:
        return HONOUR_WORDS[kind - 27]
    return ("red " if is_red(tile) else "") + f"{number(kind)}{SUITS[suit(kind)]}"


def kind_words(kind: int) -> str:
    """A kind as the table shows it (never red: the kind's second copy is a plain one)."""
    return tile_words(kind * 4 + 1)


def seat_words(seat: int, winds: tuple[int, ...], player: int | None = None) -> str:
    """A seat by its wind that round, or "you" for the player (``player``: the player's seat)."""
    return "you" if seat == player else WIND_WORDS[winds[seat]]


def answer_words(action: Action, offered: int | None = None) -> str:
    """An answer in a few words: the tile cut alone (``red 5m``), ``riichi 5p``, ``pon west``,
    ``chi 345m``, ``kan 9s``, ``pass`` ... (``offered``: the tile a call or ron answers)."""
    if isinstance(action, Discard):
        return tile_words(action.tile)
    word = action_word(action)
    if isinstance(action, Riichi):
        return f"{word} {tile_words(action.tile)}"
    if isinstance(action, (Chi, Pon)):
        tiles = sorted([*action.tiles] + ([offered] if offered is not None else []))
        red = " red" if any(is_red(t) for t in tiles) else ""
        if isinstance(action, Pon):
            return f"{word} {kind_words(tiles[0] // 4)}{red}"
        return f"{word} {to_mpsz(tiles, red=False)}{red}"
    if isinstance(action, OpenKan):
        return word if offered is None else f"{word} {kind_words(offered // 4)}"
    if isinstance(action, ClosedKan):
        return f"{word} {kind_words(action.kind)}"
    if isinstance(action, AddedKan):
        return f"{word} {kind_words(action.tile // 4)}"
    return word


def shorter_forms(text: str) -> list[str]:
    """``text`` and its shorter forms, longest first: each word that has a short form
    (``SHORT_WORDS``) shortened, from the first word on (case kept as given).

        >>> shorter_forms("NORTH RIICHI HATSU")
        ['NORTH RIICHI HATSU', 'N RIICHI HATSU', 'N R HATSU']
        >>> shorter_forms("9 terminals"), shorter_forms("pass")
        (['9 terminals', 'kyuushu'], ['pass'])
    """
    forms = [text]
    upper = text.isupper()
    for long, short in SHORT_WORDS.items():
        word = long.upper() if upper else long
        padded = f" {forms[-1]} "
        if f" {word} " in padded:
            forms.append(padded.replace(f" {word} ", f" {short.upper() if upper else short} ", 1).strip())
    return sorted(dict.fromkeys(forms), key=len, reverse=True)


def action_words(action: Action, offered: int | None = None) -> str:
    """An action as a caption says it: a cut with its word (``cut red 5m``), any other answer as
    ``answer_words`` says it."""
    if isinstance(action, Discard):
        return f"{action_word(action)} {tile_words(action.tile)}"
    return answer_words(action, offered)


# A tile's story, as a look at it tells it (game/ui/look.py): where it came from and what it did.
FROM_THE_DRAW, FROM_THE_HAND = "from the draw", "from the hand"  # a discard: tsumogiri, or not


def owner_words(seat: str) -> str:
    """Whose, of a seat named by ``seat_words``: "west's", "your".

    >>> owner_words("west"), owner_words("you")
    ("west's", 'your')
    """
    return "your" if seat == "you" else f"{seat}'s"


def discard_story(seat: str, tile: int, turn: int, tsumogiri: bool, riichi: bool,
                  called_by: str | None) -> tuple[str, ...]:
    """A pond's tile in lines: whose, which, its place in the pond (``turn``, from 1), whether
    it was thrown straight from the draw, riichi, and who called it away.

    >>> discard_story("west", 65, 6, True, False, None)
    ("west's 8p, turn 6", 'from the draw')
    >>> discard_story("you", 16, 3, False, True, "north")
    ('your red 5m, turn 3', 'from the hand, riichi', 'called by north')
    """
    how = (FROM_THE_DRAW if tsumogiri else FROM_THE_HAND) + (f", {action_word(Riichi)}" if riichi else "")
    called = (f"called by {called_by}",) if called_by is not None else ()
    return (f"{owner_words(seat)} {tile_words(tile)}, turn {turn}", how, *called)


def meld_story(seat: str, tile: int | None, kind: str, called: int | None, from_seat: str | None,
               kind_of: int) -> tuple[str, ...]:
    """A meld's tile in lines: whose, which (None: face down), and the call that made the meld
    (``kind_of``: the meld's kind, for a closed kan's face-down tiles).

    >>> meld_story("north", 90, "pon", 90, "east", 22)
    ("north's 5s", 'pon of 5s from east')
    >>> meld_story("you", None, "ankan", None, None, 0)
    ('your 1m, face down', 'closed kan of 1m')
    """
    shown = tile_words(tile) if tile is not None else f"{kind_words(kind_of)}, face down"
    whose = f"{owner_words(seat)} {shown}"
    if called is None or from_seat is None:
        return whose, f"closed {meld_word(kind)} of {kind_words(kind_of)}"
    return whose, f"{meld_word(kind)} of {tile_words(called)} from {from_seat}"


def dora_story(dora: int, indicator: int) -> tuple[str, ...]:
    """A dora of the centre box in lines: the dora, and the indicator that points at it.

    >>> dora_story(17, 12)
    ('dora 5m', 'indicator 4m')
    """
    return f"dora {kind_words(dora // 4)}", f"indicator {tile_words(indicator)}"


def hand_story(seat: str, tile: int, drawn: bool) -> tuple[str, ...]:
    """A tile of the player's hand in lines.

    >>> hand_story("you", 8, True)
    ('your 3m', 'just drawn')
    """
    return f"{owner_words(seat)} {tile_words(tile)}", "just drawn" if drawn else "in hand"
