"""No word cut in half, and no word that says the wrong thing (issue 49, findings 2 and 5).

Where a line has no room, the screen says less, never half: the review's header and the
table's caption ("EAST DISCARD NOR", "YOU DISCARD HATS"), a yaku list ("YAKUHAI,H"), the
summary ("PASS/CH 49% WORTH"), the legend ("DANGER WEST: % TO DEAL IN TO" without its second
line). And the words are true: an open hand's pass is not "CLOSED", the legend names no seat,
an honour kept is named, a safe cut against a riichi says so, "FOR TANYAO" not with terminals
and honours still held.
"""

from __future__ import annotations

import re
from types import SimpleNamespace as Fake

import pytest
from overlaps import Canvas

from game.coach.explain import Measure
from game.coach.review_text import _discard_reason, figure_rows
from game.rules.actions import Chi, Discard, Pass
from game.rules.melds import Meld
from game.rules.words import SHORT_WORDS
from game.ui import paint, review_panel
from game.ui.viewer import CAPTION_CHARS, ViewerScene

SHORTS = {short.upper() for short in SHORT_WORDS.values()}


def texts_drawn(draw) -> tuple[list[str], list]:
    with pytest.MonkeyPatch.context() as patches:
        canvas = Canvas(patches)
        draw()
    found = [re.match(r"text (['\"])(.*)\1 at", label).group(2) for label in canvas.labels if label.startswith("text")]
    return found, canvas.overlaps


def whole(drawn: str, full: str) -> bool:
    """Every word drawn is a whole word of ``full`` (or a word's short form), in order."""
    words = full.split()
    for word in drawn.split():
        if word in SHORTS and word not in words:
            continue
        if word not in words:
            return False
        words = words[words.index(word) + 1:]
    return True


def viewer_at(caption: str, label: str = "S4.3", steps: int = 120):
    """A viewer standing at step 105 of ``steps`` with ``caption`` (its header's fullest state)."""
    fake = Fake(stepped=Fake(label=label, steps=[Fake(caption=caption)] * steps), step=104)
    fake.caption = lambda: caption
    return fake


@pytest.mark.parametrize("caption", ["SOUTH RIICHI HATSU", "NORTH CUT RED 5M", "YOU CUT HATSU", "EAST CHI 345M RED"])
def test_the_review_header_says_less_never_half_a_word(pyxel_headless, caption):
    fake = viewer_at(caption)
    drawn, overlaps = texts_drawn(lambda: ViewerScene.draw_header(fake))
    shown = drawn[-1]
    assert overlaps == [] and whole(shown, caption) and shown, (shown, caption)
    assert paint.fit(caption, CAPTION_CHARS) == caption or whole(paint.fit(caption, CAPTION_CHARS), caption)


def test_the_table_caption_says_less_never_half_a_word(pyxel_headless):
    fake = viewer_at("SOUTH RIICHI HATSU")
    parts = ViewerScene.table_parts(fake)
    caption = parts[1][0].strip()
    assert whole(caption, "SOUTH RIICHI HATSU") and len(caption) <= CAPTION_CHARS, caption


def call_decision(player_action, cpu_action, opened: bool, paths=("yakuhai", "honitsu")):
    e = Fake(topic="call", unseen=100, threats=(),
             player=Measure(player_action, 1, 20), cpu=Measure(cpu_action, 1, 24, paths=paths))
    melds = (Meld("pon", (128, 129, 130), called=129, from_seat=1),) if opened else ()
    return Fake(explanation=e, melds=melds)


def test_an_open_hands_pass_is_not_called_closed():
    rows = {label: (mine, cpu) for label, mine, cpu in figure_rows(call_decision(Pass(), Chi((4, 8)), opened=True))}
    assert rows["yaku"][0] != "closed"
    closed = {label: (m, c) for label, m, c in figure_rows(call_decision(Pass(), Chi((4, 8)), opened=False))}
    assert closed["yaku"][0] == "closed"


def test_a_yaku_list_is_cut_between_its_names():
    shown = paint.fit("YAKUHAI,HONITSU", review_panel.FIGURE_CHARS)
    assert shown == "YAKUHAI+"


def test_the_summary_line_keeps_both_answers_whole():
    judged = Fake(label="S3.1", turn=12, offered=12,
                  explanation=Fake(player=Fake(action=Pass()), cpu=Fake(action=Chi((4, 8)))),
                  cost=Fake(danger=0.0, yaku=False, steps=0, worth=49.0, tiles=0.0))
    line = review_panel._summary_line(judged, "tiles")
    assert "PASS/CHI 234M" in line and line.endswith("49% WORTH") and len(line) <= review_panel.CHARS, line


def test_a_legend_entry_is_drawn_whole_or_not_at_all(pyxel_headless):
    for y in range(60, review_panel.LEGEND_END):
        drawn, overlaps = texts_drawn(lambda: review_panel.draw_legend(y, ["danger east"]))
        assert overlaps == [] and len(drawn) in (0, 2), (y, drawn)
    legend = review_panel.LEGEND["danger"] + review_panel.MORE_LEGEND["danger"]
    assert not any(wind in legend for wind in ("EAST", "SOUTH", "WEST", "NORTH"))  # whoever declared


def discard_decision(player: Measure, cpu: Measure, hand, threats=()):
    e = Fake(threats=threats, why=lambda: None)
    return Fake(explanation=e, hand=tuple(hand), drawn=None, winds=(0, 1, 2, 3))


def test_an_honour_kept_is_named_not_a_bare_honour():
    east, nine = 108, 35
    player = Measure(Discard(east), 1, 20, worth=1.0, kept="value honour")
    cpu = Measure(Discard(nine), 1, 20, worth=0.0)
    _, short = _discard_reason(discard_decision(player, cpu, range(0, 52, 4)), player, cpu)
    assert short == ("KEEPS EAST",)


def test_a_cut_safe_against_a_riichi_says_so_before_the_value_it_keeps():
    east, nine = 108, 35
    player = Measure(Discard(east), 1, 20, dangers=(6.0,), danger=6.0, worth=3.0, kept="value honour")
    cpu = Measure(Discard(nine), 1, 20, dangers=(0.0,), danger=0.0, worth=0.0)
    judged = discard_decision(player, cpu, range(0, 52, 4), threats=((0, 1.0, True),))
    _, short = _discard_reason(judged, player, cpu)
    assert short[0] == "SAFE VS E RIICHI"


def test_no_for_tanyao_while_terminals_and_honours_stay():
    one_m, east, nine_p = 0, 108, 68
    hand = (one_m, 12, 16, 20, 44, 48, 52, nine_p, 80, 84, 88, 92, east)
    cpu = Measure(Discard(nine_p), 1, 20, worth=-1.0, kept="tanyao")
    player = Measure(Discard(56), 1, 20, worth=0.5, kept="")
    words, short = _discard_reason(discard_decision(player, cpu, hand), player, cpu)
    assert "FOR TANYAO" not in short and "1m" in words and "east" in words, (words, short)
