"""The mutation fuzzers of ``harborgames.testing`` on every game, in CI with a bounded number of
mutations. For a deeper run by hand: ``HARBORGAMES_FUZZ=5000 pytest tests/hostile/test_fuzz.py``
(mutations per fuzzer, game and player count)."""

from __future__ import annotations

import os
from typing import Any

import pytest

from harborgames import gdansk, inland_port
from harborgames.testing import (
    ConformanceError,
    FuzzReport,
    fuzz_actions,
    fuzz_documents,
    fuzz_notation,
)

MUTATIONS = int(os.environ.get("HARBORGAMES_FUZZ", "0")) or None
DEEP = MUTATIONS is not None

# (game, players, documents, actions, notation): mutations per fuzzer in CI
SETTINGS = [
    pytest.param(inland_port, 2, 400, 300, 300, id="inland_port-2"),
    pytest.param(gdansk, 2, 300, 300, 300, id="gdansk-2"),
    pytest.param(gdansk, 4, 150, 150, 150, id="gdansk-4"),
]


@pytest.mark.parametrize(("module", "players", "documents", "actions", "notation"), SETTINGS)
def test_documents(module: Any, players: int, documents: int, actions: int, notation: int) -> None:
    report = fuzz_documents(module, players, seed=0, mutations=MUTATIONS or documents)
    assert report.tried > 0 and report.refused > 0 and report.accepted > 0, report


@pytest.mark.parametrize(("module", "players", "documents", "actions", "notation"), SETTINGS)
def test_actions(module: Any, players: int, documents: int, actions: int, notation: int) -> None:
    report = fuzz_actions(module, players, seed=0, mutations=MUTATIONS or actions)
    assert report.refused > 0 and report.accepted > 0, report


@pytest.mark.parametrize(("module", "players", "documents", "actions", "notation"), SETTINGS)
def test_notation(module: Any, players: int, documents: int, actions: int, notation: int) -> None:
    report = fuzz_notation(module, players, seed=0, mutations=MUTATIONS or notation, big=DEEP)
    assert report.refused > 0 and report.accepted > 0, report


def test_big_notation_is_refused_quickly() -> None:
    report = fuzz_notation(inland_port, 2, seed=1, mutations=0, big=True)
    assert report.tried == 6 and report.refused == 6


def test_a_finding_names_the_mutation_path() -> None:
    """A game whose ``loads`` lets a bad value through is caught, and the path is named."""
    import types

    broken = types.SimpleNamespace(**{name: getattr(inland_port, name) for name in inland_port.__all__})
    broken.__name__ = "broken_inland_port"

    def loads(text: str | bytes) -> object:
        try:
            return inland_port.loads(text)
        except Exception:
            raise ZeroDivisionError("boom") from None

    broken.loads = loads
    with pytest.raises(
        ConformanceError,
        match=r"mutation \d+ \(playout seed \d+, step \d+\): \$\.\S+ := .*"
        r"loads raised ZeroDivisionError: boom \(expected FormatError\)",
    ):
        fuzz_documents(broken, 2, seed=0, mutations=50)
    report = fuzz_documents(broken, 2, seed=0, mutations=50, collect=True)
    assert isinstance(report, FuzzReport) and report.findings
    assert all("ZeroDivisionError" in finding for finding in report.findings)
