"""In CI every extra's tests must run, not skip: a missing extra or browser fails here instead.

Outside CI (``CI`` unset) the adapter and web tests skip with a message when their extra is
missing, so a plain ``.[dev]`` install still runs everything else.
"""

from __future__ import annotations

import importlib
import os
import re
import shutil
from pathlib import Path

import pytest

EXTRAS = {
    "pettingzoo": "pettingzoo",
    "gymnasium": "pettingzoo",
    "pyspiel": "openspiel",
    "ray": "ray",
    "starlette": "webtest",
    "uvicorn": "webtest",
    "selenium": "webtest",
}


@pytest.mark.skipif(not os.environ.get("CI"), reason="only CI must have every extra")
@pytest.mark.parametrize("module", sorted(EXTRAS))
def test_ci_has_every_extra_so_no_adapter_or_web_test_is_skipped(module: str) -> None:
    try:
        importlib.import_module(module)
    except ImportError as error:  # pragma: no cover - a broken CI install
        pytest.fail(f"CI lacks {module} (extra {EXTRAS[module]!r}): {error}")


@pytest.mark.skipif(not os.environ.get("CI"), reason="only CI must have the browser")
def test_ci_has_the_browser_the_web_tests_drive() -> None:
    assert shutil.which(os.environ.get("HARBORGAMES_CHROMIUM", "chromium")), "install Debian's chromium"
    assert shutil.which(os.environ.get("HARBORGAMES_CHROMEDRIVER", "chromedriver")), "install chromium-driver"


def test_ci_type_checks_src_with_every_extra_and_with_the_dev_extra_only() -> None:
    """``mypy --strict src`` must pass without the extras too (pyproject.toml's overrides make
    their modules ``Any``, which changes what mypy reports): CI runs it in both environments."""
    script = (Path(__file__).parents[1] / ".ci" / "run").read_text(encoding="utf-8")
    extras = []
    for venv in re.findall(r'^"([^"]+)/bin/mypy" --strict .*\bsrc$', script, re.MULTILINE):
        install = rf"^\"{re.escape(venv)}/bin/pip\" install -e '\.\[([a-z,]+)\]'$"
        installs = re.findall(install, script, re.MULTILINE)
        assert len(installs) == 1, f"{venv}: no pip install -e '.[...]' before its mypy run"
        extras.append(sorted(installs[0].split(",")))
    assert ["dev"] in extras, "no mypy run in an environment with the dev extra only"
    assert any(len(names) > 1 for names in extras), "no mypy run with the extras installed"
