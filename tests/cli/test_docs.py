"""The terminal session docs/lehavre.md shows is what ``harborgames play`` prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .runner import run

DOC = Path(__file__).parents[2] / "docs" / "lehavre.md"


def test_the_play_transcript_in_docs_lehavre_md_is_real(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = DOC.read_text(encoding="utf-8")
    command = re.search(r"\(`printf '(.*?)' \|\s+harborgames play (.*?) --plain`\)", text, re.S)
    assert command is not None, "the transcript's command"
    script = command.group(1).replace("\\n", "\n")
    block = text[command.end() :].split("```\n", 2)[1]
    assert run(["play", *command.group(2).split()], stdin=script, monkeypatch=monkeypatch) == 1
    out = capsys.readouterr().out.splitlines()
    place = 0
    for line in block.splitlines():
        if line.strip() == "...":  # the doc leaves out what is in between
            continue
        assert line.rstrip() in (row.rstrip() for row in out[place:]), line
        place = next(k for k in range(place, len(out)) if out[k].rstrip() == line.rstrip()) + 1
