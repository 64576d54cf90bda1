"""Every four-player win in the real Tenhou logs, rescored from its AGARI tag, as Tenhou scored it.

The inputs come from the tag alone (see ``scoring_oracle.log_wins``: hand, melds, winning tile, dora,
ura, winds, honba and sticks, the rules from GO, the situation flags the yaku list names); the
yaku ids and han, the fu, the points, the limit and the four score changes (sc, pao included)
must all be Tenhou's. The XML is read with xml.etree.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from conftest import LOGS
from scoring_oracle import ints, log_wins

from game.rules.scoring import score_hand, win_deltas

LOG_FILES = sorted(p for p in LOGS.rglob("*") if p.suffix in (".xml", ".mjlog"))


def _tenhou_yaku(agari) -> list[tuple[int, int]]:
    """Tenhou's (id, han) list, yakuman as 13 each; entries worth 0 (ura 0 after riichi) left out."""
    pairs = ints(agari.get("yaku"))
    yaku = [(pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2) if pairs[i + 1]]
    return sorted(yaku + [(y, 13) for y in ints(agari.get("yakuman"))])


def _differences(case, agari, dealer: int, second: bool) -> list[str]:
    """The ways our score of one AGARI differs from Tenhou's (empty when equal).

    In a double ron Tenhou pays the honba (and sticks) to the first winner only; the second
    AGARI still names them in ``ba``.
    """
    s = case.situation
    score = score_hand(case.concealed, case.win_tile, case.melds, s, case.ruleset)
    who, from_who = int(agari.get("who")), int(agari.get("fromWho"))
    pao = agari.get("paoWho")
    deltas = None
    if score.error is None:
        deltas = win_deltas(score, who, dealer, None if s.tsumo else from_who, 0 if second else s.honba,
                            s.riichi_sticks, None if pao is None else int(pao), case.ruleset)
    fu, points, limit = ints(agari.get("ten"))
    expected = _tenhou_yaku(agari)
    ours = (score.error, sorted(score.yaku), score.han, score.fu, score.total, score.limit_index, deltas)
    theirs = (None, expected, sum(h for _, h in expected), fu, points, limit,
              [100 * d for d in ints(agari.get("sc"))[1::2]])
    names = ("error", "yaku", "han", "fu", "points", "limit", "deltas")
    return [f"{name}: ours {a} Tenhou {b}" for name, a, b in zip(names, ours, theirs) if a != b]


@pytest.mark.parametrize("path", LOG_FILES, ids=lambda p: p.name)
def test_every_win_scores_as_tenhou(path):
    differences = [f"{ET.tostring(agari, encoding='unicode').strip()}\n    {problem}"
                   for case, agari, dealer, second in log_wins([path])
                   for problem in _differences(case, agari, dealer, second)]
    assert differences == []


def test_the_logs_hold_every_four_player_win():
    """Guard against a reader that silently finds nothing: reference.md counts 399 four-player
    wins in the logs of mjx and dnovikoff (three-player games skipped); the 2022 Phoenix games
    hold 73 AGARI tags, all four-player."""
    older = [p for p in LOG_FILES if p.parent.name != "mjx2022"]
    newer = [p for p in LOG_FILES if p.parent.name == "mjx2022"]
    assert len(log_wins(older)) == 399
    assert len(log_wins(newer)) == sum(p.read_text().count("<AGARI ") for p in newer) == 73
