"""The examples in docs/writing-a-bot.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from harborgames import bots

DOC = Path(__file__).parents[2] / "docs" / "writing-a-bot.md"


def test_the_writing_a_bot_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 2
    namespace: dict[str, object] = {"__name__": "writing_a_bot"}
    try:
        for block in blocks:
            exec(compile(block, str(DOC), "exec"), namespace)
    finally:
        bots.registry._REGISTRY.pop("one_ply", None)
    assert "winners: (0,)" in capsys.readouterr().out


README = Path(__file__).parents[2] / "README.md"


def test_the_readme_bot_prints_what_the_readme_shows(capsys: pytest.CaptureFixture[str]) -> None:
    section = README.read_text(encoding="utf-8").split("## Write a bot in ten lines")[1]
    section = section.split("\n## ")[0]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    shown = re.search(r"```text\n(.*?)```", section, re.S)
    assert code is not None and shown is not None
    exec(compile(code.group(1), str(README), "exec"), {"__name__": "readme"})  # our own README
    assert capsys.readouterr().out == shown.group(1), "rerun the README's bot and paste its output"
