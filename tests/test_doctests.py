"""The worked examples in the docstrings of the core modules are tests too."""

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
            if info.name not in SKIP and not info.name.startswith("game.ui"):
                yield info.name


@pytest.mark.parametrize("name", sorted(_modules()))
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
