"""The one conftest.py: what every test shares.

Hypothesis profiles: "ci" (set by CI=true) keeps the whole run short on 2 cores. Ray's session
folders go to a temporary folder of the test run's own, removed at its end: Ray keeps every
session's logs and sockets under ``$RAY_TMPDIR`` (``/tmp/ray`` by default) for good, and each test
that starts Ray would otherwise leave one there; and Ray reports no usage statistics (CI has no
network to send them to). Without the ``web`` extra, the tests in tests/web are skipped, saying
what to install. The web tests' fixtures live in tests/web/harness.py.

The doctests of ``src/`` are collected too (``--doctest-modules``); a module whose extra is not
installed (an adapter, the web app) cannot be imported, and ``--doctest-ignore-import-errors``
skips it instead of failing the run.
"""

import contextlib
import importlib.util
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from .web.harness import browser, page, server, server_class  # noqa: F401 - fixtures offered to all

settings.register_profile("ci", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=50, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@contextlib.contextmanager
def _folder_of_the_run(variable: str, prefix: str) -> Iterator[None]:
    """``$variable`` naming a new temporary folder while the block runs (for this process and
    the commands it starts), then the variable as it was and the folder removed."""
    folder = tempfile.mkdtemp(prefix=prefix)
    before = os.environ.get(variable)
    os.environ[variable] = folder
    try:
        yield
    finally:
        if before is None:
            del os.environ[variable]
        else:
            os.environ[variable] = before
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True, scope="session")
def _ray_sessions_in_a_folder_of_the_run() -> Iterator[None]:
    """``$RAY_TMPDIR`` for this test process and the commands it starts (a short path: Ray puts
    Unix sockets under it), removed when the session ends."""
    with _folder_of_the_run("RAY_TMPDIR", "hg-ray-"):
        yield


@pytest.fixture(autouse=True, scope="session")
def _games_left_by_the_end_of_the_input_saved_in_a_folder_of_the_run() -> Iterator[None]:
    """``$HARBORGAMES_SAVES``: where ``harborgames play`` saves a game whose input ended (else the
    current folder, the checkout), removed when the session ends."""
    with _folder_of_the_run("HARBORGAMES_SAVES", "hg-saves-"):
        yield


@pytest.fixture(autouse=True, scope="session")
def _no_ray_usage_stats() -> Iterator[None]:
    before = os.environ.get("RAY_USAGE_STATS_ENABLED")
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    yield
    if before is None:
        del os.environ["RAY_USAGE_STATS_ENABLED"]
    else:
        os.environ["RAY_USAGE_STATS_ENABLED"] = before


_WEB_TESTS = Path(__file__).parent / "web"
_WEB_MISSING = [name for name in ("starlette", "uvicorn") if importlib.util.find_spec(name) is None]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without the web extra, every test in tests/web is skipped, saying what to install."""
    if not _WEB_MISSING:
        return
    missing = ", ".join(_WEB_MISSING)
    reason = f"the web extra is not installed ({missing} missing): pip install -e '.[webtest]'"
    skip = pytest.mark.skip(reason=reason)
    for item in items:
        if _WEB_TESTS in Path(str(item.fspath)).parents:
            item.add_marker(skip)
