"""A reviewed decision in words: its answers, its figures row by row, and one reason line.

The viewer (upper case, in the cartridge's columns) and ``picoriichi review`` (one line per
decision) say the same words, and name things as the table does: tiles by their faces
(``5m``, ``red 5m``; honours by name: ``west``, ``chun``), seats by their wind that round (the
player's as "you"), turns as "turn 8". The reason line names the CPU's biggest advantage by
its own figures, so it is always true of them: the largest of a shanten step (as 20 tiles),
the danger it spares (2 tiles a percent), the value it keeps (``value.HAN_WORTH`` tiles a han),
the tiles it keeps, its shape; a riichi, call, win, kan or abort says why in its own terms.
``short_reason`` says the same in a few capitals for the table's hint line ("SAFE VS N
RIICHI", "KEEPS DORA"), longest form first.

    >>> _shanten(0), _shanten(2), _place(4)
    ('tenpai', '2-shanten', '4th')
"""

from __future__ import annotations

from game.cpu import riichi, value
from game.cpu.calls import RIICHI_OUT_WORTH
from game.coach.explain import Explanation, Measure
from game.coach.review import EPSILON, WORTH_PERCENT, Judged, Review
from game.rules.actions import (
    AddedKan, Chi, ClosedKan, Discard, NineTerminals, OpenKan, Pass, Pon, Riichi, Ron, Tsumo,
)
from game.rules.tiles import to_mpsz
from game.rules.words import WIND_WORDS, answer_words, tile_words

STEP_TILES = 20  # a shanten step, in tiles, when reasons are weighed against each other
DANGER_TILES = 2.0  # a percent of deal-in, in tiles
VERDICT_WORDS = {"agree": "agrees", "differ": "differs", "close": "close call"}
KEPT_SHORT = {"dora": ("KEEPS DORA",), "red five": ("KEEPS RED 5",), "yakuhai pair": ("KEEPS YAKUHAI", "YAKUHAI"),
              "value honour": ("KEEPS HONOUR", "HONOUR")}


def topic_text(judged: Judged) -> str:
    """What the decision was: "discard", "riichi?", "call?", "win?", "kan?", "abort?"."""
    explanation = judged.explanation
    topic = explanation.topic
    if topic == "discard" and any(isinstance(a, Riichi) for a in (explanation.mine.action, explanation.cpu)):
        return "riichi"
    return topic


# --- the reason line ---------------------------------------------------------------------------
# Each reason is its words and its short forms (capitals, longest first; () for none).

Why = tuple[str, tuple[str, ...]]


def reason(judged: Judged) -> str:
    """One short line: why the CPU answers as it does (see the module)."""
    return _why(judged)[0]


def short_reason(judged: Judged) -> tuple[str, ...]:
    """The reason in a few capitals, longest form first, for a line with little room: ()
    when the answers agree or no figure tells them apart.

        >>> from types import SimpleNamespace as Fake
        >>> short_reason(Fake(verdict="agree"))
        ()
    """
    return _why(judged)[1]


def _why(judged: Judged) -> Why:
    if judged.verdict == "agree":
        return "the same answer as the CPU", ()
    e = judged.explanation
    mine, theirs = e.mine, e.theirs
    if e.topic == "discard":
        if isinstance(mine.action, Riichi) != isinstance(theirs.action, Riichi):
            return _riichi_reason(judged, theirs)
        return _discard_reason(judged, mine, theirs)
    if e.topic == "call":
        return _call_reason(e, mine, theirs), ()
    if e.topic == "win":
        return _win_reason(e, mine, theirs), ()
    if e.topic == "kan":
        if isinstance(theirs.action, (ClosedKan, AddedKan)):
            return f"declares the kan, still {_shanten(theirs.shanten)}", ()
        return ("no kan while a riichi is out" if any(r for _, _, r in e.threats)
                else "no kan, it would slow the hand"), ()
    if isinstance(theirs.action, NineTerminals):
        return f"aborts, {mine.ukeire or theirs.ukeire} kinds is far from kokushi", ()
    return "plays on for kokushi", ()


def _discard_reason(judged: Judged, mine: Measure, theirs: Measure) -> Why:
    """The CPU's biggest advantage in its own figures, in tiles."""
    e = judged.explanation
    found: list[tuple[float, str, tuple[str, ...]]] = []
    if theirs.shanten < mine.shanten:
        found.append((STEP_TILES * (mine.shanten - theirs.shanten), f"{_shanten(theirs.shanten)} after the cut",
                      ("IS FASTER", "FASTER")))
    penalty = (mine.weighed_shanten - mine.shanten) - (theirs.weighed_shanten - theirs.shanten)
    if penalty > 0 and mine.shanten == 0:
        return "that tenpai has no yaku to win on", ("KEEPS YAKU", "YAKU")
    if mine.outlook >= 0 and theirs.outlook > mine.outlook + EPSILON:  # the outlook made the choice
        return f"worth more: outlook {theirs.outlook:.0f} not {mine.outlook:.0f}", ("WORTH MORE",)
    if penalty > 0:
        found.append((STEP_TILES * penalty, "keeps a yaku in reach" + (f" ({theirs.paths[0]})" if theirs.paths else ""),
                      ("KEEPS YAKU", "YAKU")))
    spared = mine.danger - theirs.danger
    if spared > EPSILON and e.threats:
        folds = "folds, " if theirs.shanten > mine.shanten else ""  # a step back for safety
        words, short = _safety(judged, mine, theirs)
        found.append((DANGER_TILES * spared, folds + words, short))
    kept = mine.worth - theirs.worth
    if kept > EPSILON:
        if mine.worth > 0 and mine.kept:
            words, short = f"keeps the {mine.kept}", KEPT_SHORT.get(mine.kept, ("MORE VALUE",))
        else:
            words = f"heads for {theirs.kept or 'value'}"
            short = (f"FOR {theirs.kept.upper()}",) if theirs.kept else ("MORE VALUE",)
        found.append((value.HAN_WORTH * kept, words, short))
    if mine.shanten == theirs.shanten:  # tiles and shapes compare at the same distance only
        if theirs.ukeire > mine.ukeire:
            count = theirs.ukeire - mine.ukeire
            found.append((count, f"keeps {count} more tile{'s' if count > 1 else ''}", (f"+{count} TILES",)))
        if mine.shanten == 1 and theirs.quality > mine.quality + EPSILON:  # the shape's part of the weighing
            part = (theirs.weighed - mine.weighed) - (theirs.ukeire - mine.ukeire)
            found.append((part, f"better shape: waits {theirs.quality:.1f} not {mine.quality:.1f}",
                          ("BETTER SHAPE", "SHAPE")))
        if mine.shanten == 0:
            found += _tenpai_reasons(mine, theirs)
    if not found:
        return "an equal choice by these figures", ()
    _, words, short = max(found, key=lambda item: item[0])
    return words, short


def _tenpai_reasons(mine: Measure, theirs: Measure) -> list[tuple[float, str, tuple[str, ...]]]:
    found = []
    if mine.furiten and not theirs.furiten:
        found.append((mine.waits * 0.6 + 1, "a wait that is not furiten", ("NOT FURITEN",)))
    worth, other = max(theirs.dama, theirs.riichi_points), max(mine.dama, mine.riichi_points)
    if worth > other:
        found.append((theirs.waits * (worth - other) / 2000, f"worth more: {worth} not {other}", ("WORTH MORE",)))
    return found


def _safety(judged: Judged, mine: Measure, theirs: Measure) -> Why:
    """Against which threat the CPU's tile is safer, and how much."""
    e = judged.explanation
    index = max(range(len(e.threats)), key=lambda i: mine.dangers[i] - theirs.dangers[i])
    seat, _, in_riichi = e.threats[index]
    wind = WIND_WORDS[judged.winds[seat]]
    threat = f"{wind}'s riichi" if in_riichi else f"{wind}'s open hand"
    safe = theirs.dangers[index] <= EPSILON
    head = f"{'SAFE' if safe else 'SAFER'} VS {wind[0].upper()}"
    short = ((f"{head} RIICHI",) if in_riichi else ()) + (head, "SAFE" if safe else "SAFER")
    if safe:
        return f"safe against {threat}", short
    return f"safer vs {threat}: {theirs.dangers[index]:.1f}% not {mine.dangers[index]:.1f}%", short


def _riichi_reason(judged: Judged, theirs: Measure) -> Why:
    if isinstance(theirs.action, Riichi):
        if theirs.dama == 0:
            return "declares riichi: no yaku without it", ("RIICHI",)
        return f"declares riichi, worth {theirs.riichi_points} not {theirs.dama}", ("RIICHI",)
    dama = ("STAYS DAMA", "DAMA")
    if theirs.waits == 0:
        return "stays dama, the wait is dead", dama
    if theirs.furiten:
        return "stays dama, furiten on a narrow wait", dama
    enough = riichi.DAMA_ENOUGH_DEALER if judged.dealer else riichi.DAMA_ENOUGH
    if theirs.dama >= enough:
        return f"stays dama, worth {theirs.dama} already", dama
    if judged.tiles_left < riichi.LATE_TILES:
        return "stays dama with few tiles left", dama
    if theirs.danger > 0 or any(r for _, _, r in judged.explanation.threats):
        return "stays dama, free to fold", dama
    return "stays dama, weighing value, wait and place", dama


def _call_reason(e: Explanation, mine: Measure, theirs: Measure) -> str:
    if isinstance(theirs.action, Ron):
        return "takes the win"
    if not isinstance(theirs.action, Pass):
        if theirs.outlook >= 0 and mine.outlook >= 0:
            return f"calls {answer_words(theirs.action)}: outlook {theirs.outlook:.0f} not {mine.outlook:.0f}"
        words = f"calls {answer_words(theirs.action)}: {_shanten(theirs.shanten)}, not {_shanten(mine.shanten)}"
        return words + (f" ({theirs.paths[0]})" if theirs.paths else "")
    if isinstance(mine.action, Ron):
        return "declines the ron: it would end the game last"
    if not mine.paths:
        return "passes, as no yaku would be left"
    if mine.outlook >= 0 and theirs.outlook >= mine.outlook:
        return f"passes: outlook {theirs.outlook:.0f} as it is, not {mine.outlook:.0f}"
    need = RIICHI_OUT_WORTH[min(max(mine.shanten, 0), 1)]
    if 0 <= mine.outlook < need and any(r for _, _, r in e.threats):
        return f"passes: under a riichi a call needs outlook {need}"
    if mine.shanten >= theirs.shanten:
        return "passes, as the call does not advance"
    if e.threats:
        return "passes, to stay ready to fold"
    return "passes, to keep the hand closed"


def _win_reason(e: Explanation, mine: Measure, theirs: Measure) -> str:
    if isinstance(theirs.action, (Tsumo, Ron)):
        return f"wins {theirs.points} points by {answer_words(theirs.action)}"
    return f"declines {mine.points}: it would leave it {_place(mine.place)}"


def _shanten(count: int) -> str:
    return "tenpai" if count == 0 else "complete" if count < 0 else f"{count}-shanten"


def _place(place: int) -> str:
    return ("1st", "2nd", "3rd", "4th")[max(1, min(4, place)) - 1]


# --- the figures, row by row -------------------------------------------------------------------


def figure_rows(judged: Judged) -> list[tuple[str, str, str]]:
    """(label, the seat's figure, the CPU's figure) for each figure of the decision."""
    e = judged.explanation
    mine, theirs = e.mine, e.theirs
    if e.topic == "win":
        return [("points", _points(mine), _points(theirs)), ("place after", _won_place(mine), _won_place(theirs))]
    if e.topic == "abort":
        return [("yaochuu kinds", str(mine.ukeire or theirs.ukeire), str(mine.ukeire or theirs.ukeire))]
    rows = [("shanten", _shanten_figure(mine), _shanten_figure(theirs))]
    if e.topic == "kan":
        return rows
    rows.append(("ukeire", _ukeire(mine, e.unseen), _ukeire(theirs, e.unseen)))
    if e.topic == "call":
        rows.append(("yaku", _paths(mine), _paths(theirs)))
        return rows + _outlook_rows(mine, theirs)
    if mine.shanten == 1 or theirs.shanten == 1:
        rows.append(("shape", _quality(mine), _quality(theirs)))
    if mine.shanten == 0 or theirs.shanten == 0:
        rows.append(("dama", _dama(mine), _dama(theirs)))
        rows.append(("riichi", _riichi_value(mine), _riichi_value(theirs)))
    for index, (seat, _, _) in enumerate(e.threats):  # the reason says whether it is a riichi
        label = f"danger {WIND_WORDS[judged.winds[seat]]}"
        rows.append((label, f"{mine.dangers[index]:.1f}%", f"{theirs.dangers[index]:.1f}%"))
    if not e.threats:
        rows.append(("danger", "none", "none"))
    rows.append(("value", _worth(mine), _worth(theirs)))
    return rows + _outlook_rows(mine, theirs)


def _outlook_rows(mine: Measure, theirs: Measure) -> list[tuple[str, str, str]]:
    """The outlook row, where the strong CPU weighed either answer by it: not where one
    answer was not weighed and the other is a hand three steps or more from tenpai (worth
    0 by definition), a row that would say nothing."""
    if max(mine.outlook, theirs.outlook) <= 0 and min(mine.outlook, theirs.outlook) < 0:
        return []
    return [("outlook", _outlook(mine), _outlook(theirs))]


def _outlook(m: Measure) -> str:
    return f"{m.outlook:.0f}" if m.outlook >= 0 else "-"


def _shanten_figure(m: Measure) -> str:
    if m.weighed_shanten >= 8 and m.shanten >= 8:
        return "no yaku"
    return _shanten(m.shanten).replace("-shanten", "")


def _ukeire(m: Measure, unseen: int) -> str:
    if (isinstance(m.action, Pass) and m.shanten < 0) or m.weighed_shanten >= 8:
        return "-"  # nothing to count: a call that leaves no yaku is not measured further
    return f"{m.ukeire} {round(100 * m.ukeire / unseen) if unseen else 0}%"


def _quality(m: Measure) -> str:
    return f"{m.quality:.1f}" if m.quality else "-"


def _dama(m: Measure) -> str:
    if m.shanten != 0:
        return "-"
    return str(m.dama) if m.dama else "no yaku"


def _riichi_value(m: Measure) -> str:
    return str(m.riichi_points) if m.shanten == 0 and m.riichi_points else "-"


SHORT_VALUES = {"red five": "red 5", "yakuhai pair": "yakuhai", "value honour": "honour"}


def _worth(m: Measure) -> str:
    """What the cut gives up (-dora) or helps towards (+tanyao), in a column's few characters."""
    kept = SHORT_VALUES.get(m.kept, m.kept)
    if m.worth > EPSILON and kept:
        return f"-{kept}"
    if m.worth < -EPSILON:
        return f"+{kept}"
    return "-"


def _paths(m: Measure) -> str:
    if isinstance(m.action, Pass):
        return "closed" if not m.paths else ",".join(m.paths)
    return ",".join(m.paths) if m.paths else "none"


def _points(m: Measure) -> str:
    return str(m.points) if isinstance(m.action, (Tsumo, Ron)) else "-"


def _won_place(m: Measure) -> str:
    return _place(m.place) if isinstance(m.action, (Tsumo, Ron)) else "-"


# --- lines for the command line ------------------------------------------------------------------


def decision_line(judged: Judged) -> str:
    """One line: where, the hand, both answers, the figures (yours/CPU's) and the reason."""
    e = judged.explanation
    hand = to_mpsz(sorted(judged.hand))
    offered = f" on {tile_words(judged.offered)}" if judged.offered is not None else ""
    figures = "; ".join(f"{label} {a}/{b}" for label, a, b in figure_rows(judged) if a != "-" or b != "-")
    return (f"{judged.label} turn {judged.turn} {topic_text(judged)}{offered}: {hand}: "
            f"{answer_words(e.mine.action, judged.offered)} vs CPU {answer_words(e.cpu, judged.offered)} "
            f"({VERDICT_WORDS[judged.verdict]}{cost_text(judged)}) | {figures} | {reason(judged)}")


def cost_text(judged: Judged) -> str:
    """What the answer cost, in words that are true of the figures: "2 tiles lost" only when it
    kept 2 unseen tiles fewer (a loss by shape or value is named as such)."""
    parts = ["no yaku in reach"] if judged.yaku else []
    if judged.steps:
        parts.append(f"{judged.steps} step{'s' if judged.steps > 1 else ''} back")
    if judged.tiles > EPSILON:
        parts.append(f"{judged.tiles:.0f} tile{'s' if judged.tiles > 1 else ''} lost")
    elif judged.weighed > EPSILON:
        parts.append(weighed_words(judged))
    if judged.worth > WORTH_PERCENT:
        parts.append(f"{judged.worth:.0f}% of the worth lost")
    if judged.danger > EPSILON:
        parts.append(f"{judged.danger:.1f}% more danger")
    return (": " + ", ".join(parts)) if parts else ""


def weighed_words(judged: Judged, short: bool = False) -> str:
    """What an answer that kept as many tiles lost by the CPU's weighing: value, shape, points
    (``short``: one capital word)."""
    mine, theirs = judged.explanation.mine, judged.explanation.theirs
    if mine.worth - theirs.worth > EPSILON:
        if short:
            return "VALUE"
        if mine.worth > 0 and mine.kept:
            return f"gives up the {mine.kept}"
        return f"away from {theirs.kept}" if theirs.kept else "less value"
    if mine.shanten == 1 and theirs.quality > mine.quality + EPSILON:
        return "SHAPE" if short else "a worse shape"
    if mine.shanten == 0 and mine.furiten and not theirs.furiten:
        return "FURITEN" if short else "a furiten wait"
    if mine.shanten == 0 and max(mine.dama, mine.riichi_points) < max(theirs.dama, theirs.riichi_points):
        return "POINTS" if short else "a cheaper tenpai"
    return "WEIGHED" if short else "less as the CPU weighs it"


def seat_text(review: Review) -> str:
    """The reviewed seat over a whole game: its player's name and its wind in the first round
    (the seat a log numbers, as ``--seat`` takes it)."""
    return f"{review.name} (seat {review.seat}, {WIND_WORDS[review.seat]} in the first round)"


def summary_lines(review: Review) -> list[str]:
    """The summary: decisions reviewed, agreement, and the costliest differences."""
    count = len(review.decisions)
    share = 100 * review.agreed / count if count else 0.0
    lines = [f"{seat_text(review)}: {count} decisions reviewed, {review.agreed} agree ({share:.0f}%), "
             f"{len(review.listed)} cost something, {len(review.differences) - len(review.listed)} close calls"]
    if review.unknown:
        lines.append(f"not reviewed: {review.unknown} passes the log cannot tell from a call another claim beat")
    for by, title in (("tiles", "most lost (steps, tiles, worth)"), ("danger", "most danger taken")):
        for judged in review.biggest(by):
            lines.append(f"{title}: {judged.label} turn {judged.turn} "
                         f"{answer_words(judged.explanation.mine.action, judged.offered)} vs "
                         f"{answer_words(judged.explanation.cpu, judged.offered)}{cost_text(judged)}")
    lines += [f"round not followed: {problem}" for problem in review.problems]
    return lines
