import pytest

from game.rules.tiles import (
    NotationError,
    counts34,
    kind_name,
    parse_kinds,
    parse_tile,
    parse_tiles,
    to_mpsz,
)


def test_round_trip_sorted_hand():
    text = "123m406p789s1122z"
    assert to_mpsz(sorted(parse_tiles(text))) == text


def test_red_five_is_copy_zero_and_plain_fives_avoid_it():
    assert parse_tiles("0m") == [16]
    assert parse_tiles("555m") == [17, 18, 19]
    assert parse_tiles("5555m") == [17, 18, 19, 16]


def test_used_copies_are_skipped():
    used: set[int] = set()
    first = parse_tiles("11z", used)
    second = parse_tiles("11z", used)
    assert first == [108, 109] and second == [110, 111]


@pytest.mark.parametrize("bad", ["11111m", "00m", "8z", "0z", "123", "m", "12x"])
def test_bad_notation_is_rejected(bad):
    with pytest.raises(NotationError):
        parse_tiles(bad)


def test_counts_and_names():
    assert counts34(parse_tiles("19m19p19s1234567z")) == [
        1 if k in (0, 8, 9, 17, 18, 26) or k >= 27 else 0 for k in range(34)
    ]
    assert kind_name(33) == "7z" and parse_tile("7z") // 4 == 33
    assert parse_kinds("0s") == [22]
