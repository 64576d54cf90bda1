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

from game.cpu import value
from game.coach.explain import Explanation, Measure
from game.coach.grade import SCALE
from game.coach.review import EPSILON, WORTH_PERCENT, Judged, Review
from game.rules.actions import (
    Discard, Pass, Riichi, Ron, Tsumo,
)
from game.rules.tiles import YAOCHUU_KINDS, to_mpsz
from game.rules.words import WIND_WORDS, answer_words, kind_words, tile_words

STEP_TILES = 20  # a shanten step, in tiles, when reasons are weighed against each other
DANGER_TILES = 2.0  # a percent of deal-in, in tiles
VERDICT_WORDS = {"agree": "agrees", "differ": "differs", "close": "close call"}
KEPT_SHORT = {"dora": ("KEEPS DORA",), "red five": ("KEEPS RED 5",)}  # an honour kept is named: KEEPS HATSU


def topic_text(judged: Judged) -> str:
    """What the decision was: "discard", "riichi?", "call?", "win?", "kan?", "abort?"."""
    explanation = judged.explanation
    topic = explanation.topic
    if topic == "discard" and any(isinstance(a, Riichi) for a in (explanation.player.action, explanation.cpu.action)):
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
        >>> short_reason(Fake(cost=Fake(verdict="agree")))
        ()
    """
    return _why(judged)[1]


def _why(judged: Judged) -> Why:
    """The CPU's own reason where its code gave one for the question (``Explanation.why``:
    riichi or dama, a call passed, a win declined, a kan, the nine-terminals draw), else its
    biggest advantage in the figures both answers were measured by."""
    if judged.cost.verdict == "agree":
        return "the same answer as the CPU", ()
    e = judged.explanation
    player, cpu = e.player, e.cpu
    own = e.why()
    if e.topic == "discard":
        if own is not None and isinstance(player.action, Riichi) != isinstance(cpu.action, Riichi):
            return own.words, own.short
        return _discard_reason(judged, player, cpu)
    if own is not None:
        return own.words, own.short
    if e.topic == "call":
        return _call_reason(e, player, cpu), ()
    if e.topic == "win":
        return f"wins {cpu.points} points by {answer_words(cpu.action)}", ()
    return f"{answer_words(cpu.action)}, not {answer_words(player.action)}", ()


def _discard_reason(judged: Judged, player: Measure, cpu: Measure) -> Why:
    """The CPU's biggest advantage in its own figures, in tiles."""
    e = judged.explanation
    found: list[tuple[float, str, tuple[str, ...]]] = []
    if cpu.shanten < player.shanten:
        found.append((STEP_TILES * (player.shanten - cpu.shanten), f"{_shanten(cpu.shanten)} after the cut",
                      ("IS FASTER", "FASTER")))
    penalty = (player.weighed_shanten - player.shanten) - (cpu.weighed_shanten - cpu.shanten)
    if penalty > 0 and player.shanten == 0:
        return "that tenpai has no yaku to win on", ("KEEPS YAKU", "YAKU")
    if player.outlook >= 0 and cpu.outlook > player.outlook + EPSILON:  # the outlook made the choice
        return f"worth more: outlook {cpu.outlook:.0f} not {player.outlook:.0f}", ("WORTH MORE",)
    if penalty > 0:
        found.append((STEP_TILES * penalty, "keeps a yaku in reach" + (f" ({cpu.paths[0]})" if cpu.paths else ""),
                      ("KEEPS YAKU", "YAKU")))
    spared = player.danger - cpu.danger
    safe_first = 0.0  # a cut safe against a riichi, where the other deals in: said before all else
    if spared > EPSILON and e.threats:
        folds = "folds, " if cpu.shanten > player.shanten else ""  # a step back for safety
        words, short = _safety(judged, player, cpu)
        found.append((DANGER_TILES * spared, folds + words, short))
        if short[0].startswith("SAFE VS") and short[0].endswith("RIICHI"):
            safe_first = DANGER_TILES * spared
    kept = player.worth - cpu.worth
    if kept > EPSILON:
        found.append((value.HAN_WORTH * kept, *_value_reason(judged, player, cpu)))
    if player.shanten == cpu.shanten:  # tiles and shapes compare at the same distance only
        if cpu.ukeire > player.ukeire:
            count = cpu.ukeire - player.ukeire
            found.append((count, f"keeps {count} more tile{'s' if count > 1 else ''}", (f"+{count} TILES",)))
        if player.shanten == 1 and cpu.quality > player.quality + EPSILON:  # the shape's part of the weighing
            part = (cpu.weighed - player.weighed) - (cpu.ukeire - player.ukeire)
            found.append((part, f"better shape: waits {cpu.quality:.1f} not {player.quality:.1f}",
                          ("BETTER SHAPE", "SHAPE")))
        if player.shanten == 0:
            found += _tenpai_reasons(player, cpu)
    if not found:
        return "an equal choice by these figures", ()
    if safe_first:
        return next((words, short) for weight, words, short in found if weight == safe_first)
    _, words, short = max(found, key=lambda item: item[0])
    return words, short


def _value_reason(judged: Judged, player: Measure, cpu: Measure) -> Why:
    """The value the CPU's cut keeps (an honour by its name: "KEEPS HATSU", never a bare
    HONOUR that a cut honour would read as), or the yaku it heads for: tanyao only once no
    terminal or honour is left besides (else the ones still to go are named)."""
    if player.worth > 0 and player.kept:
        if player.kept in ("yakuhai pair", "value honour") and isinstance(player.action, (Discard, Riichi)):
            name = tile_words(player.action.tile)
            return f"keeps {name}, a {player.kept}", (f"KEEPS {name.upper()}",)
        return f"keeps the {player.kept}", KEPT_SHORT.get(player.kept, ("MORE VALUE",))
    if cpu.kept == "tanyao" and isinstance(cpu.action, (Discard, Riichi)):
        held = set(judged.hand) | ({judged.drawn} if judged.drawn is not None else set())
        left = [t for t in held if t // 4 in YAOCHUU_KINDS and t != cpu.action.tile]
        if left:
            names = ", ".join(dict.fromkeys(kind_words(t // 4) for t in sorted(left)))
            return f"cuts towards tanyao ({names} still to go)", ("MORE VALUE",)
    words = f"heads for {cpu.kept or 'value'}"
    return words, ((f"FOR {cpu.kept.upper()}",) if cpu.kept else ("MORE VALUE",))


def _tenpai_reasons(player: Measure, cpu: Measure) -> list[tuple[float, str, tuple[str, ...]]]:
    found = []
    if player.furiten and not cpu.furiten:
        found.append((player.waits * 0.6 + 1, "a wait that is not furiten", ("NOT FURITEN",)))
    worth, other = max(cpu.dama, cpu.riichi_points), max(player.dama, player.riichi_points)
    if worth > other:
        found.append((cpu.waits * (worth - other) / 2000, f"worth more: {worth} not {other}", ("WORTH MORE",)))
    return found


def _safety(judged: Judged, player: Measure, cpu: Measure) -> Why:
    """Against which threat the CPU's tile is safer, and how much."""
    e = judged.explanation
    index = max(range(len(e.threats)), key=lambda i: player.dangers[i] - cpu.dangers[i])
    seat, _, in_riichi = e.threats[index]
    wind = WIND_WORDS[judged.winds[seat]]
    threat = f"{wind}'s riichi" if in_riichi else f"{wind}'s open hand"
    safe = cpu.dangers[index] <= EPSILON
    head = f"{'SAFE' if safe else 'SAFER'} VS {wind[0].upper()}"
    short = ((f"{head} RIICHI",) if in_riichi else ()) + (head, "SAFE" if safe else "SAFER")
    if safe:
        return f"safe against {threat}", short
    return f"safer vs {threat}: {cpu.dangers[index]:.1f}% not {player.dangers[index]:.1f}%", short


def _call_reason(e: Explanation, player: Measure, cpu: Measure) -> str:
    if isinstance(cpu.action, Ron):
        return "takes the win"
    if not isinstance(cpu.action, Pass):
        if cpu.outlook >= 0 and player.outlook >= 0:
            return f"calls {answer_words(cpu.action)}: outlook {cpu.outlook:.0f} not {player.outlook:.0f}"
        words = f"calls {answer_words(cpu.action)}: {_shanten(cpu.shanten)}, not {_shanten(player.shanten)}"
        return words + (f" ({cpu.paths[0]})" if cpu.paths else "")
    if not player.paths:
        return "passes, as no yaku would be left"
    if player.outlook >= 0 and cpu.outlook >= player.outlook:
        return f"passes: outlook {cpu.outlook:.0f} as it is, not {player.outlook:.0f}"
    if player.shanten >= cpu.shanten:
        return "passes, as the call does not advance"
    if e.threats:
        return "passes, to stay ready to fold"
    return "passes, to keep the hand closed"


def _shanten(count: int) -> str:
    return "tenpai" if count == 0 else "complete" if count < 0 else f"{count}-shanten"


def _place(place: int) -> str:
    return ("1st", "2nd", "3rd", "4th")[max(1, min(4, place)) - 1]


# --- the figures, row by row -------------------------------------------------------------------


def figure_rows(judged: Judged) -> list[tuple[str, str, str]]:
    """(label, the seat's figure, the CPU's figure) for each figure of the decision."""
    e = judged.explanation
    player, cpu = e.player, e.cpu
    if e.topic == "win":
        return [("points", _points(player), _points(cpu)), ("place after", _won_place(player), _won_place(cpu))]
    if e.topic == "abort":
        return [("yaochuu kinds", str(player.ukeire or cpu.ukeire), str(player.ukeire or cpu.ukeire))]
    rows = [("shanten", _shanten_figure(player), _shanten_figure(cpu))]
    if e.topic == "kan":
        return rows
    rows.append(("ukeire", _ukeire(player, e.unseen), _ukeire(cpu, e.unseen)))
    if e.topic == "call":
        opened = any(m.is_open for m in judged.melds)
        rows.append(("yaku", _paths(player, opened), _paths(cpu, opened)))
        return rows + _outlook_rows(player, cpu)
    if player.shanten == 1 or cpu.shanten == 1:
        rows.append(("shape", _quality(player), _quality(cpu)))
    if player.shanten == 0 or cpu.shanten == 0:
        rows.append(("dama", _dama(player), _dama(cpu)))
        rows.append(("riichi", _riichi_value(player), _riichi_value(cpu)))
    for index, (seat, _, _) in enumerate(e.threats):  # the reason says whether it is a riichi
        label = f"danger {WIND_WORDS[judged.winds[seat]]}"
        rows.append((label, f"{player.dangers[index]:.1f}%", f"{cpu.dangers[index]:.1f}%"))
    if not e.threats:
        rows.append(("danger", "none", "none"))
    rows.append(("value", _worth(player), _worth(cpu)))
    return rows + _outlook_rows(player, cpu)


def _outlook_rows(player: Measure, cpu: Measure) -> list[tuple[str, str, str]]:
    """The outlook row, where the strong CPU weighed either answer by it: not where one
    answer was not weighed and the other is a hand three steps or more from tenpai (worth
    0 by definition), a row that would say nothing."""
    if max(player.outlook, cpu.outlook) <= 0 and min(player.outlook, cpu.outlook) < 0:
        return []
    return [("outlook", _outlook(player), _outlook(cpu))]


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


def _paths(m: Measure, opened: bool = False) -> str:
    """The yaku an answer leaves in reach; a pass of a closed hand keeps it closed (riichi,
    menzen tsumo), of an open hand (``opened``) the yaku it has in reach as it stands.

        >>> from types import SimpleNamespace as M
        >>> _paths(M(action=Pass(), paths=())), _paths(M(action=Pass(), paths=("yakuhai",)), opened=True)
        ('closed', 'yakuhai')
        >>> _paths(M(action=Pass(), paths=()), opened=True)
        'none'
    """
    if isinstance(m.action, Pass) and not opened:
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
            f"{answer_words(e.player.action, judged.offered)} vs CPU {answer_words(e.cpu.action, judged.offered)} "
            f"({VERDICT_WORDS[judged.cost.verdict]}{cost_text(judged)}) | {figures} | {reason(judged)}")


def cost_text(judged: Judged) -> str:
    """What the answer cost, in words that are true of the figures: "2 tiles lost" only when it
    kept 2 unseen tiles fewer (a loss by shape or value is named as such)."""
    parts = ["no yaku in reach"] if judged.cost.yaku else []
    if judged.cost.steps:
        parts.append(f"{judged.cost.steps} step{'s' if judged.cost.steps > 1 else ''} back")
    if judged.cost.tiles > EPSILON:
        parts.append(f"{judged.cost.tiles:.0f} tile{'s' if judged.cost.tiles > 1 else ''} lost")
    elif judged.cost.weighed > EPSILON:
        parts.append(weighed_words(judged))
    if judged.cost.worth > WORTH_PERCENT:
        parts.append(f"{judged.cost.worth:.0f}% of the worth lost")
    if judged.cost.danger > EPSILON:
        parts.append(f"{judged.cost.danger:.1f}% more danger")
    return (": " + ", ".join(parts)) if parts else ""


def weighed_words(judged: Judged, short: bool = False) -> str:
    """What an answer that kept as many tiles lost by the CPU's weighing: value, shape, points
    (``short``: one capital word)."""
    player, cpu = judged.explanation.player, judged.explanation.cpu
    if player.worth - cpu.worth > EPSILON:
        if short:
            return "VALUE"
        if player.worth > 0 and player.kept:
            return f"gives up the {player.kept}"
        return f"away from {cpu.kept}" if cpu.kept else "less value"
    if player.shanten == 1 and cpu.quality > player.quality + EPSILON:
        return "SHAPE" if short else "a worse shape"
    if player.shanten == 0 and player.furiten and not cpu.furiten:
        return "FURITEN" if short else "a furiten wait"
    if player.shanten == 0 and max(player.dama, player.riichi_points) < max(cpu.dama, cpu.riichi_points):
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
                         f"{answer_words(judged.explanation.player.action, judged.offered)} vs "
                         f"{answer_words(judged.explanation.cpu.action, judged.offered)}{cost_text(judged)}")
    lines += [f"round not followed: {problem}" for problem in review.problems]
    return lines


def alternatives_line(judged: Judged) -> str:
    """The CPU's best cuts as it ranked them, each with its share and its figures.

        >>> from types import SimpleNamespace as Fake
        >>> from game.rules.actions import Discard
        >>> m = lambda tile, likely, sh, uk, danger: Fake(action=Discard(tile), likely=likely, shanten=sh, ukeire=uk,
        ...                                            danger=danger, worth=0.0, kept="")
        >>> alternatives_line(Fake(explanation=Fake(alternatives=(m(110, 0.56, 2, 54, 0.0), m(76, 0.4, 2, 50, 3.2)))))
        "the CPU's best: east 56% (2 shanten, 54 tiles) | 2s 40% (2 shanten, 50 tiles, danger 3.2%)"
    """
    return "the CPU's best: " + " | ".join(_alternative(m) for m in judged.explanation.alternatives)


def _alternative(m: Measure) -> str:
    figures = [f"{m.shanten} shanten" if m.shanten > 0 else "tenpai", f"{m.ukeire} tiles"]
    if m.danger > EPSILON:
        figures.append(f"danger {m.danger:.1f}%")
    if m.worth > EPSILON and m.kept:
        figures.append(f"gives up the {m.kept}")
    share = f" {100 * m.likely:.0f}%" if m.likely >= 0 else ""
    return f"{tile_words(m.action.tile)}{share} ({', '.join(figures)})"


def grades_line(found: list) -> str:
    """The grades: the game's first, then each round's, and the scale (``game.coach.grade``)."""
    if not found:
        return "grade: no decisions"
    game, rounds = found[-1], found[:-1]
    each = ", ".join(f"{g.label} {g.letter}" for g in rounds)
    return f"grade {game.letter} ({game.percent:.0f}% of the points; {SCALE}): {each}"
