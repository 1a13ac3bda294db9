"""Le Havre's readings settled by the card-by-card cross-check (docs/rules/lehavre.md, **R1** ...)
each quote the rulebook line they read, so that a reader can check the reading against the
printed words. (Port Gdańsk's **R** readings are of another kind: open questions and choices
where the rulebook has no line to quote, so they are not held to this.)"""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).parents[1] / "docs" / "rules" / "lehavre.md"

# A reading is a bullet ``* **R<n> Title** (Source: "quoted line"): the reading ...``, up to the
# next bullet, heading or blank line.
READING = re.compile(r"^\* \*\*R(\d+) [^*]+\*\*(.*?)(?=^\* |^#|^\s*$)", re.MULTILINE | re.DOTALL)
QUOTE = re.compile(r"\"([^\"]+)\"")


def _readings() -> dict[int, str]:
    text = DOC.read_text(encoding="utf-8")
    return {int(number): " ".join(body.split()) for number, body in READING.findall(text)}


def test_the_readings_are_numbered_from_1_without_gaps() -> None:
    readings = _readings()
    assert readings, "no **R<n> readings found: has the format changed?"
    assert sorted(readings) == list(range(1, len(readings) + 1))


def _source(body: str) -> str:
    """The parenthesis right after a reading's title (its source), parentheses inside quotes
    skipped; empty if the reading starts otherwise."""
    if not body.startswith("("):
        return ""
    depth, quoting = 0, False
    for end, char in enumerate(body):
        quoting ^= char == '"'
        if not quoting and char in "()":
            depth += 1 if char == "(" else -1
            if depth == 0:
                return body[: end + 1]
    return ""


def test_every_reading_quotes_the_rulebook_line_it_reads_before_saying_what_it_decides() -> None:
    for number, body in _readings().items():
        source = _source(body)
        quoted = [quote for quote in QUOTE.findall(source) if len(quote.split()) >= 3]
        assert quoted, f'R{number} quotes no rulebook line: write (Section: "the line") after its title'
