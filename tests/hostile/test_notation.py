"""Hostile notation: unicode digits, NUL, huge numbers and megabytes of text reach
``parse_action``. Each is refused quickly with a ``FormatError`` (``NotationError``, also an
``IllegalActionError``) naming the problem, never a plain ``ValueError`` (issue 9)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from harborgames import gdansk, inland_port
from harborgames.core.errors import FormatError, IllegalActionError
from harborgames.core.notation import MAX_NOTATION_LENGTH, NotationError

GAMES = [pytest.param(inland_port, id="inland_port"), pytest.param(gdansk, id="gdansk")]


def refused(module: Any, text: str, match: str | None = None) -> str:
    state = module.new_game(2, seed=1)
    started = time.perf_counter()
    with pytest.raises(FormatError, match=match) as caught:
        module.parse_action(state, text)
    assert time.perf_counter() - started < 0.5
    assert isinstance(caught.value, IllegalActionError)  # what unreadable text always raised
    assert isinstance(caught.value, NotationError)
    message = str(caught.value)
    assert 0 < len(message) < 500
    return message


@pytest.mark.parametrize("digit", ["²", "٣", "３", "①", "߃", "³"])
def test_unicode_digits_are_not_numbers(digit: str) -> None:
    refused(gdansk, f"execute {digit}", "write it in the digits 0-9")
    refused(gdansk, f"with P{digit} 3", "write it in the digits 0-9")
    refused(gdansk, f"with P1 {digit}", "write it in the digits 0-9")
    refused(inland_port, f"times {digit}", "digits 0-9")
    refused(inland_port, f"pay F{digit}", "cannot read")


def test_execute_superscript_two_is_a_format_error() -> None:
    assert "'²'" in refused(gdansk, "execute ²")


@pytest.mark.parametrize("digits", [7, 4301, 5000, 20_000])
def test_huge_numbers(digits: int) -> None:
    number = "9" * digits
    text_limit = digits + 10 > MAX_NOTATION_LENGTH
    match = "too long" if text_limit else "more than 6 digits"
    refused(inland_port, f"times {number}", match)
    refused(inland_port, f"pay W{number}", match)
    refused(gdansk, f"execute {number}", match)
    refused(gdansk, f"with P{number} 3", match)


@pytest.mark.parametrize("module", GAMES)
@pytest.mark.parametrize("size", [MAX_NOTATION_LENGTH + 1, 1_000_000, 10_000_000])
def test_long_text_is_refused_unread(module: Any, size: int) -> None:
    message = refused(module, "end " + "x" * size, "too long")
    assert f"{MAX_NOTATION_LENGTH} characters" in message


@pytest.mark.parametrize("module", GAMES)
@pytest.mark.parametrize(
    "text", ["end\x00", "\x00", "en\x00d", "end\x7f", "end\u200b", "\ufeffend", "end\u202e"]
)
def test_control_and_invisible_characters(module: Any, text: str) -> None:
    refused(module, text, "which no notation has")


@pytest.mark.parametrize("module", GAMES)
@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_empty_text(module: Any, text: str) -> None:
    refused(module, text, "empty action text")


@pytest.mark.parametrize("module", GAMES)
@pytest.mark.parametrize("value", [None, 3, b"end", ["end"]])
def test_not_text(module: Any, value: object) -> None:
    state = module.new_game(2, seed=1)
    with pytest.raises(FormatError, match="written as text"):
        module.parse_action(state, value)


def test_messages_do_not_echo_long_words() -> None:
    word = "q" * 150
    assert len(refused(inland_port, f"build {word}")) < 200
    assert len(refused(gdansk, f"move {word}")) < 300


def test_readable_text_still_reads() -> None:
    """The limits leave ordinary notation alone (white space of any kind between words)."""
    state = gdansk.new_game(2, seed=1)
    assert str(gdansk.parse_action(state, "EXECUTE\u00a012")) == "execute 12"
    assert str(gdansk.parse_action(state, "with p1\t07")) == "with P1 7"
    state = inland_port.new_game(2, seed=1)
    assert str(inland_port.parse_action(state, "times 03")) == "times 3"
    assert str(inland_port.parse_action(state, "pay w2 f1")) == "pay F1 W2"
