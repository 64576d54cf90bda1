"""Mutants of real mjlogs, and what every command must make of them (issue 42).

A mutant is a real log with one thing changed: a number in one attribute, a draw's or a
discard's tile or seat, one tag dropped, doubled or swapped with the next, one attribute
dropped, or the log cut after a tag. ``mutants`` makes them from a seed (the same seed, the same mutants everywhere).
``verdicts`` puts one through every command that reads a log, in this process, and
``problems`` says what is wrong with the answers: a command's traceback, a refusal that is
not one line, or commands that disagree (a log is refused in one line by every command, or
read alike by all of them: the exports replay as the log does, the review runs).

tests/test_log_fuzz.py runs a few hundred; ``python tools/fuzz_logs.py`` runs thousands.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from game.cli import main
from game.rules.tiles import to_mpsz

TAG = re.compile(r'<([A-Z]+[0-9]*)((?:\s+\w+="[^"]*")*)\s*/>')
ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')
NUMBER = re.compile(r"-?[0-9]+")
MOVE = re.compile(r"[TUVWDEFG][0-9]+")
KINDS = ("number", "number", "number", "move", "move", "drop tag", "double tag", "swap tags", "drop attribute", "cut")


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """One mutant of an mjlog's text and what was changed; the text itself when the change
    chosen does not apply (the caller draws again)."""
    tags = list(TAG.finditer(text))
    tag = rng.choice(tags)
    kind = rng.choice(KINDS)
    start, end = tag.span()
    if kind == "drop tag":
        return text[:start] + text[end:], f"dropped {tag[0][:40]}"
    if kind == "cut":  # a log that stops after this tag (as logs cut from a game do)
        return text[:end] + "</mjloggm>", f"cut after {tag[0][:40]}"
    if kind == "double tag":
        return text[:end] + tag[0] + text[end:], f"doubled {tag[0][:40]}"
    if kind == "swap tags":
        after = next((t for t in tags if t.start() >= end), None)
        if after is None:
            return text, ""
        return (text[:start] + after[0] + text[end:after.start()] + tag[0] + text[after.end():],
                f"swapped {tag[0][:30]} and {after[0][:30]}")
    if MOVE.fullmatch(tag[1]):
        letter = rng.choice("TUVWDEFG") if rng.random() < 0.3 else tag[1][0]
        tile = int(tag[1][1:]) if letter != tag[1][0] else rng.choice([int(tag[1][1:]) + rng.choice([-4, -1, 1, 4]),
                                                                         rng.randrange(136)])
        return text[:start] + f"<{letter}{tile}/>" + text[end:], f"<{tag[1]}/> became <{letter}{tile}/>"
    attributes = list(ATTRIBUTE.finditer(tag[2]))
    if kind == "move" or not attributes:
        return text, ""
    attribute = rng.choice(attributes)
    if kind == "drop attribute":
        body = tag[2][:attribute.start()] + tag[2][attribute.end():]
        return text[:start] + f"<{tag[1]}{body}/>" + text[end:], f"dropped {tag[1]} {attribute[1]}"
    numbers = list(NUMBER.finditer(attribute[2]))
    if not numbers:
        return text, ""
    number = rng.choice(numbers)
    old = int(number[0])
    new = rng.choice([old + 1, old - 1, old + 4, rng.randrange(136), rng.randrange(4), 0, -old, 2 * old + 1])
    value = attribute[2][:number.start()] + str(new) + attribute[2][number.end():]
    body = tag[2][:attribute.start()] + f'{attribute[1]}="{value}"' + tag[2][attribute.end():]
    return (text[:start] + f"<{tag[1]}{body}/>" + text[end:],
            f"{tag[1]} {attribute[1]}: {attribute[2][:24]!r} became {value[:24]!r}")


def mutants(sources: list[Path], count: int, seed: int) -> Iterator[tuple[Path, str, str]]:
    """``count`` mutants of the logs ``sources`` (each a real mjlog), drawn from ``seed``:
    (the source, the mutant's text, what was changed)."""
    rng = random.Random(seed)
    texts = {path: path.read_text(encoding="utf-8") for path in sources}
    made = 0
    while made < count:
        path = rng.choice(sources)
        text, what = mutate(texts[path], rng)
        if text != texts[path]:
            made += 1
            yield path, text, what


@dataclass
class Answer:
    code: int | str  # the exit code, or "traceback: ..." when an exception escaped
    out: str = ""
    err: str = ""


def run(*argv: str) -> Answer:
    """``picoriichi ARGV`` in this process; an exception escaping main is a traceback."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
    except BaseException as exc:  # noqa: BLE001 (what a user would see as a traceback)
        return Answer(f"traceback: {type(exc).__name__}: {str(exc)[:80]}", out.getvalue(), err.getvalue())
    return Answer(code, out.getvalue(), err.getvalue())


@dataclass
class Verdicts:
    """What each command answered for one log."""

    replay: Answer
    exports: dict[str, Answer] = field(default_factory=dict)  # by format
    replays_back: dict[str, Answer] = field(default_factory=dict)  # each export replayed
    review: Answer | None = None
    analyze: Answer | None = None


def verdicts(path: Path, folder: Path, review: bool = True) -> Verdicts:
    """Every command that reads a log, on the log at ``path`` (files written into ``folder``)."""
    found = Verdicts(run("replay", str(path)))
    for fmt, suffix in (("tenhou6", ".json"), ("mjlog", ".mjlog")):
        target = folder / f"{path.stem}-export{suffix}"
        target.unlink(missing_ok=True)
        found.exports[fmt] = run("export", str(path), "--to", fmt, "-o", str(target))
        if found.exports[fmt].code == 0:
            found.replays_back[fmt] = run("replay", str(target))
    if review:
        found.review = run("review", str(path), "--seat", "0", "--strength", "weak")
    hand = _first_hand(path.read_text(encoding="utf-8"))
    if hand:
        found.analyze = run("analyze", hand)
    return found


def _first_hand(text: str) -> str | None:
    """The first INIT's hai0 as MPSZ, as a user would pass it to ``analyze`` (ids as written)."""
    match = re.search(r'<INIT [^>]*hai0="([0-9,]*)"', text)
    ids = [int(x) for x in match[1].split(",") if x] if match else []
    return to_mpsz(sorted(ids)) if ids and all(0 <= i < 136 for i in ids) else None


def one_line_refusal(answer: Answer) -> bool:
    return answer.code == 2 and answer.out == "" and len(answer.err.splitlines()) == 1


def problems(path: Path, found: Verdicts) -> list[str]:
    """What is wrong with the answers (empty: every command agrees, in one line when refusing)."""
    wrong = []
    answers = [found.replay, *found.exports.values(), *found.replays_back.values(), found.review, found.analyze]
    for answer in answers:
        if answer is not None and not isinstance(answer.code, int):
            wrong.append(answer.code)
    replay = found.replay
    if replay.code == 2 and not one_line_refusal(replay):
        wrong.append(f"replay refused it in {len(replay.err.splitlines())} lines")
    if replay.code == 1 and (replay.err or "differ" not in replay.out):
        wrong.append("replay found a difference without saying where")
    others = [*found.exports.values(), *([found.review] if found.review else [])]
    if replay.code in (1, 2):
        wrong += [f"replay refused it, another command answered {a.code}: {a.out[:60]}{a.err[:60]}"
                  for a in others if not one_line_refusal(a)]
        if replay.code == 2:  # refused by the reader: the same line everywhere
            wrong += [f"refused as {a.err.strip()!r}, not as replay says {replay.err.strip()!r}"
                      for a in others if a.err != replay.err]
    elif replay.code == 0:
        wrong += [f"replay accepts it, another command answered {a.code}: {a.err.strip()[:80]}"
                  for a in others if a.code != 0]
        wrong += [f"its {fmt} export reads otherwise: {_rounds(back.out)} vs {_rounds(replay.out)}"
                  for fmt, back in found.replays_back.items() if back.code != 0 or _rounds(back.out) != _rounds(replay.out)]
    if found.analyze is not None and found.analyze.code not in (0, 2) or \
            found.analyze is not None and found.analyze.code == 2 and not one_line_refusal(found.analyze):
        wrong.append(f"analyze answered {found.analyze.code}: {found.analyze.err[:80]}")
    return wrong


def _rounds(replay_out: str) -> list[str]:
    """What a replay says of a file, without its name: the rounds and their notes."""
    return [line.split(": ", 1)[1] if not line.startswith(" ") else line for line in replay_out.splitlines()]
