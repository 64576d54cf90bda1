"""main.py carries the metadata header that ``pyxel package`` reads, in step with pyproject.toml."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_main_py_starts_with_the_pyxel_package_header():
    lines = (ROOT / "main.py").read_text(encoding="utf-8").splitlines()
    header = {}
    for line in lines:
        match = re.fullmatch(r"# (\w+): (.+)", line)
        if not match:
            break
        header[match[1]] = match[2]
    assert set(header) >= {"title", "author", "desc", "license", "version"}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert header["version"] == project["version"]
    assert header["title"] == "Pico Riichi"
