"""The documents a clone holds: nothing points outside the repository, and what they name exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_the_design_notes_are_in_the_repository():
    assert (ROOT / "docs" / "design.md").is_file() and (ROOT / "docs" / "reference.md").is_file()
    assert "docs/design.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_no_document_points_outside_the_repository():
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        assert "../" not in text and "/work/" not in text, doc.name


def test_the_files_the_readme_names_exist():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:docs|game|engine|tests|benchmarks|tools)/[\w./]+\.\w+)`", text))
    assert named and all((ROOT / path).exists() for path in named), sorted(named)
