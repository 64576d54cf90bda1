"""One word for each thing: the game names actions, tiles, seats and winds from one table
(game/rules/words.py), and no other module of game/ keeps a table of its own.

The check reads every module's source (``ast``): a table is a dict literal keyed by action
classes with words for values, a run of wind or honour words in one literal, the winds' letters
spelt out, a dict from meld kinds to words, or a class's name compared as a string (what an
``isinstance`` says). The formats' own names (mjai's ``E``, tenhou.net/6's codes, mjlog tags)
are the formats', not the game's words: ``game/records/`` and ``game/mjai/`` are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.rules import actions, words

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("game/records/", "game/mjai/")
THE_TABLE = "game/rules/words.py"
ACTION_NAMES = {name for name in dir(actions) if isinstance(getattr(actions, name), type)
                and getattr(actions, name).__module__ == actions.__name__ and name != "IllegalAction"}
NAMED = {w.lower() for w in words.HONOUR_WORDS}  # east ... north, haku, hatsu, chun
MELD_KINDS = set(words.MELD_ACTIONS)


def modules() -> list[Path]:
    return [p for p in sorted((ROOT / "game").rglob("*.py"))
            if not p.relative_to(ROOT).as_posix().startswith(FORMATS) and p.relative_to(ROOT).as_posix() != THE_TABLE]


def tables_in(tree: ast.AST) -> list[str]:
    """Each table of words in a module's tree (see the module), as ``line N: what``."""
    found = []
    for node in ast.walk(tree):
        strings = _strings(node) if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)) else []
        if isinstance(node, ast.Dict):
            keys = [k.id for k in node.keys if isinstance(k, ast.Name)]
            if len(set(keys) & ACTION_NAMES) >= 2 and _strings(ast.List(elts=node.values)):
                found.append(f"line {node.lineno}: words for actions ({', '.join(keys[:3])} ...)")
            meld_keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            if len(meld_keys & MELD_KINDS) >= 2 and _strings(ast.List(elts=node.values)):
                found.append(f"line {node.lineno}: words for meld kinds")
        if len({s.lower() for s in strings} & NAMED) >= 2:
            found.append(f"line {node.lineno}: wind or honour words {sorted(set(strings))[:4]}")
        if isinstance(node, ast.Constant) and node.value == words.WIND_LETTERS:
            found.append(f"line {node.lineno}: the winds' letters spelt out")
        if isinstance(node, ast.Compare) and any(_is_class_name(side) for side in (node.left, *node.comparators)):
            found.append(f"line {node.lineno}: a class's name compared as a string")
    return found


def _strings(node: ast.AST) -> list[str]:
    return [e.value for e in getattr(node, "elts", getattr(node, "values", []))
            if isinstance(e, ast.Constant) and isinstance(e.value, str)]


def _is_class_name(node: ast.AST) -> bool:
    """``type(x).__name__``."""
    return (isinstance(node, ast.Attribute) and node.attr == "__name__" and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name) and node.value.func.id == "type")


def test_no_module_of_the_game_keeps_a_table_of_words_of_its_own():
    found = {p.relative_to(ROOT).as_posix(): tables_in(ast.parse(p.read_text(encoding="utf-8"))) for p in modules()}
    assert {path: lines for path, lines in found.items() if lines} == {}


@pytest.mark.parametrize("source", [
    'WORDS = {Discard: "CUT", Riichi: "RIICHI"}',
    'ROUND_NAMES = ("EAST", "SOUTH", "WEST", "NORTH")',
    'HONOURS = ["haku", "hatsu", "chun"]',
    'WINDS = "ESWN"',
    'MELD_WORDS = {"chi": "CHI", "pon": "PON"}',
    'def word(event):\n    return "RIICHI" if type(event).__name__ == "Discarded" else ""',
])
def test_the_check_sees_each_kind_of_table(source):
    assert tables_in(ast.parse(source))


def test_the_one_table_says_every_action_and_every_honour():
    assert set(words.ACTION_WORDS) == {getattr(actions, name) for name in ACTION_NAMES}
    assert len(words.HONOUR_WORDS) == 7 and [words.wind_letter(w) for w in range(4)] == list("ESWN")
    assert {words.tile_words(k * 4 + 1) for k in range(34)} == {words.kind_words(k) for k in range(34)}
    assert len({words.kind_words(k) for k in range(34)}) == 34  # one name a kind, no two alike
