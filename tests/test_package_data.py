"""Every data file of the package goes into the wheel (issue 39: ``web/static/*`` left out the
boards' folder, so an installed ``serve`` answered 404 for every board). The wheel itself is
built, installed and smoke-tested by .ci/run (``.ci/wheel_smoke.py``); this test catches a file
that pyproject.toml's package data does not name, without building anything."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "harborgames"


def _data_files() -> set[Path]:
    return {
        path
        for path in PACKAGE.rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    }


def _named_by_package_data() -> set[Path]:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = settings["tool"]["setuptools"]["package-data"]["harborgames"]
    return {path for pattern in patterns for path in PACKAGE.glob(pattern) if path.is_file()}


def test_package_data_names_every_data_file() -> None:
    missing = sorted(str(path.relative_to(PACKAGE)) for path in _data_files() - _named_by_package_data())
    assert not missing, f"pyproject.toml's package data leaves these out of the wheel: {missing}"


def test_the_boards_are_package_data() -> None:
    boards = {path.name for path in _named_by_package_data() if path.parent.name == "boards"}
    assert {"gdansk.js", "inland_port.js", "lehavre.js"} <= boards
