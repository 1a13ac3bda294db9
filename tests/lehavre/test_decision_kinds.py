"""Each kind of Le Havre decision is one unit (issue 38): its class is named where it is declared
(``decisions.py``) and in the module whose rule asks it, where its ``Kind`` says what every other
layer needs; the words, the loading checks and limits and the tensor look it up in
``turn.KINDS`` (docs/adding-a-building.md)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from harborgames.lehavre.decisions import DECISION_TYPES
from harborgames.lehavre.turn import KINDS

SOURCE = Path(__file__).resolve().parents[2] / "src" / "harborgames"


@functools.cache
def _sources() -> dict[str, str]:
    return {str(path.relative_to(SOURCE)): path.read_text(encoding="utf-8") for path in SOURCE.rglob("*.py")}


@pytest.mark.parametrize("decision", DECISION_TYPES, ids=lambda cls: cls.__name__)
def test_a_decision_class_is_named_only_where_it_is_declared_and_where_its_rule_asks_it(
    decision: type,
) -> None:
    word = re.compile(rf"\b{decision.__name__}\b")
    naming = sorted(path for path, text in _sources().items() if word.search(text))
    assert "lehavre/decisions.py" in naming
    assert len(naming) <= 2, f"{decision.__name__} is named in {naming}: switch on its Kind instead"


def test_every_decision_class_has_its_kind() -> None:
    assert sorted(KINDS, key=DECISION_TYPES.index) == list(DECISION_TYPES)
    assert all(kind.decision is cls for cls, kind in KINDS.items())
