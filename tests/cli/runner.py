"""Running the command in-process, as every CLI test does."""

from __future__ import annotations

import io
import sys

import pytest

from harborgames.cli import main

from ..bots import toy_nim

TOYS = {"toy_nim": toy_nim}  # a game the command knows only because the caller passes it


def run(
    argv: list[str], stdin: str | None = None, monkeypatch: pytest.MonkeyPatch | None = None
) -> int:
    """``harborgames --plain ARGV`` with the toy games; ``stdin`` is what the person types."""
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return main(["--plain", *argv], games=TOYS)
