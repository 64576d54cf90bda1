"""The worked examples in the docstrings of every module of game/ and engine/ are tests too,
the scenes and painters of game/ui included (Pyxel started headless for them, as the UI
tests start it)."""

import doctest
import importlib
import pkgutil

import pytest

import engine
import game

SKIP = {"game.__main__"}


def _modules():
    for package in (game, engine):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name not in SKIP:
                yield info.name


def test_the_ui_modules_are_among_them():
    assert sum(name.startswith("game.ui.") for name in _modules()) >= 20


@pytest.mark.parametrize("name", sorted(_modules()))
def test_docstring_examples(name, request):
    if name.startswith("game.ui"):
        request.getfixturevalue("pyxel_headless")  # a painter's example draws
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
