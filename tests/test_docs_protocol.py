"""The worked examples of the decision model in docs/protocol.md run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).parents[1] / "docs" / "protocol.md"


def test_the_protocol_examples_run() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 6
    assert result.failed == 0
