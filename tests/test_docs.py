"""The documents a clone holds: nothing points outside the repository, what they name exists,
the lists they give are whole, and every figure a command reproduces is what it gives now
(tools/doc_figures.py)."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_the_design_notes_are_in_the_repository():
    assert (ROOT / "docs" / "design.md").is_file() and (ROOT / "docs" / "reference.md").is_file()
    assert "docs/design.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_no_document_points_outside_the_repository():
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        assert "../" not in text and "/work/" not in text, doc.name


def test_the_files_the_readme_and_the_manual_name_exist():
    for doc in ("README.md", "docs/manual.md", "docs/contributing.md"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        named = set(re.findall(r"`((?:docs|game|engine|tests|benchmarks|tools)/[\w./]+\.\w+)`", text))
        assert named and all((ROOT / path).exists() for path in named), (doc, sorted(named))
        linked = set(re.findall(r"\]\(([\w./]+\.(?:md|png|gif))(?:#[\w-]+)?\)", text))  # from the document
        assert all(((ROOT / doc).parent / path).exists() for path in linked), (doc, sorted(linked))


def test_the_readme_is_for_a_player_first():
    """A player reads it in two minutes: at most 10 KiB, the two commands and the keys on its
    first screen, and the full manual one link away."""
    readme = (ROOT / "README.md").read_bytes()
    first = b"\n".join(readme.split(b"\n")[:40]).decode("utf-8")
    assert len(readme) <= 10_240, len(readme)
    assert all(words in first for words in ("make play", "make test", "Z, C or N", "X, V or M", "Esc or Enter",
                                            "mouse")), first
    assert "](docs/manual.md)" in readme.decode("utf-8")


# -- the figures ---------------------------------------------------------------------------

sys.path.insert(0, str(ROOT / "tools"))
import doc_figures  # noqa: E402  (tools/doc_figures.py)


# The danger and threat tables read every log's samples once a process (the tools keep them,
# lru_cache): their figures run on the worker that runs tests/test_cpu_judgement.py's tests of
# the same samples, so the suite reads them once, not once a worker (10 s and more each time).
SAMPLES_GROUP = "danger and threat samples"
SHARES_SAMPLES = ("the danger table", "the threat table")


# Figures that work out their values with one function (kept once a process, functools.cache)
# run on one worker too: the shanten benchmark's three figures read every log's decisions once.
FIGURES = doc_figures.chosen(None, slow=False)
SHARED_WORK = {values for values, n in Counter(f.values for f in FIGURES).items() if n > 1}


def _figure_param(figure):
    group = (SAMPLES_GROUP if figure.name in SHARES_SAMPLES
             else f"doc figures: {figure.values.__name__}" if figure.values in SHARED_WORK else None)
    marks = [pytest.mark.xdist_group(group)] if group else []
    return pytest.param(figure, marks=marks, id=f"{figure.doc}: {figure.name}")


@pytest.mark.parametrize("figure", [_figure_param(f) for f in FIGURES])
def test_each_figure_in_the_docs_is_what_its_command_gives_now(figure, pyxel_headless):
    """Every figure tools/doc_figures.py knows and can work out quickly, against the document.
    A figure that follows the CPU's choices changes with the CPU: the message says which, the
    value now and the command; ``.venv/bin/python tools/doc_figures.py --write`` refreshes them."""
    found = doc_figures.verdict(figure)
    assert not found.differs, found.message()


def test_the_figures_grouped_with_the_judgement_tests_are_figures_the_tool_knows():
    """A figure renamed in tools/doc_figures.py would leave its group silently (and its samples
    read again on another worker)."""
    assert set(SHARES_SAMPLES) <= {figure.name for figure in doc_figures.FIGURES}


def test_the_figure_check_sees_a_changed_figure_and_writes_it_back(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "measurements.md").write_text("The game lasted 12 rounds (into the\nSouth), 9 answers.\n")
    figure = doc_figures.Numbers("a game", "docs/measurements.md", "lasted {rounds} rounds (into the South), "
                                 "{answers} answers", lambda: {"rounds": "11", "answers": "1,187"}, "a command", cpu=True)
    found = doc_figures.verdict(figure, tmp_path)
    assert found.differs == {"rounds": ("12", "11"), "answers": ("9", "1,187")}
    assert "a game (follows the CPU's choices)" in found.message() and "a command" in found.message()
    assert doc_figures.write(found) and not doc_figures.verdict(figure, tmp_path).differs
    assert (tmp_path / "docs" / "measurements.md").read_text() == "The game lasted 11 rounds (into the\nSouth), 1,187 answers.\n"


def test_a_table_figure_is_checked_and_written_row_by_row(tmp_path):
    (tmp_path / "README.md").write_text("Run `tool`:\n\n```\nkind   n\ngenbutsu  35  0.0\nsuji 1/9  15  1.7\n```\n")
    now = ["kind   n", "genbutsu  35  0.0", "one-chance  20  5.8", "suji 1/9  16  1.9"]
    figure = doc_figures.Rows("a table", "README.md", "`tool`", lambda: now, "tool", key=9, cpu=True)
    found = doc_figures.verdict(figure, tmp_path)
    assert found.differs == {"suji 1/9": ("suji 1/9  15  1.7", "suji 1/9  16  1.9")}  # the rows shown only
    assert doc_figures.write(found) and not doc_figures.verdict(figure, tmp_path).differs
    assert "suji 1/9  16  1.9\n```" in (tmp_path / "README.md").read_text()


# -- the lists -----------------------------------------------------------------------------


def test_contributing_md_names_every_tool_and_measurements_md_every_benchmark():
    tree = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    tools_block = tree.split("tools/ ", 1)[1].split("\nart/", 1)[0]
    assert [p.name for p in sorted((ROOT / "tools").glob("*.py")) if p.name not in tools_block] == []
    measurements = (ROOT / "docs" / "measurements.md").read_text(encoding="utf-8")
    table = measurements.split("| script | measures | against |", 1)[1].split("\n\n", 1)[0]
    assert [p.name for p in sorted((ROOT / "benchmarks").glob("*.py")) if f"`benchmarks/{p.name}`" not in table] == []


def test_design_md_gives_every_option_of_every_command():
    from game.cli import build_parser

    design = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    commands = design.split("## The command line", 1)[1]
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.choices and isinstance(a.choices, dict)).choices
    missing = []
    for name, sub in subparsers.items():
        said = re.search(rf"^- `picoriichi {name}\b.*?(?=^- `picoriichi |\Z)", commands, flags=re.M | re.S)
        for action in sub._actions:  # an option is given by any of its names (-o or --output)
            names = [o for o in action.option_strings if o not in ("-h", "--help", "--json")]
            if names and (said is None or not any(re.search(rf"{o}\b", said.group(0)) for o in names)):
                missing.append(f"{name} {'/'.join(names)}")
    assert missing == []


def test_contributing_md_says_which_tests_need_node():
    tree = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    assert "tests/test_majiang_arena.py" in tree and "node" in tree.split("tests/test_majiang_arena.py", 1)[1][:300]
