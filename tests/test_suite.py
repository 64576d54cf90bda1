"""How the suite itself runs: what `make test` relies on pytest and pytest-xdist for."""

from __future__ import annotations

import pytest


@pytest.mark.xdist_group("the suite's own check")
def test_the_tests_of_an_xdist_group_run_on_one_worker(request):
    """Under ``--dist loadgroup`` (make test) a test of an ``xdist_group`` carries its group in
    its node id, which is how pytest-xdist sends a group to one worker. With pytest 9.2 and
    pytest-xdist 3.8 it does not (pytest-dev/pytest-xdist#1386): the groups were silently
    ignored, so a module fixture (the majiang-ai arena's four games) could run on each worker,
    and tests were handed out in an order nobody had run. pyproject.toml pins a pytest that
    keeps them."""
    if not getattr(request.config.option, "loadgroup", False):  # set on an xdist worker only
        pytest.skip("not run under --dist loadgroup: nothing is grouped")
    assert request.node.nodeid.endswith("@the suite's own check"), (
        f"pytest {pytest.__version__} loses pytest-xdist's groups: {request.node.nodeid}")
