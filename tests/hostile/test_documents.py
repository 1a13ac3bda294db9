"""Documents from strangers: states, observations, actions, records and their envelopes.

The rule (docs/protocol.md, "What the boundary guarantees"): a document ``loads`` accepts is a
position the rules can reach or at least play from; anything else is a ``FormatError`` naming
the problem, within documented limits, and never a ``RecursionError``, a plain ``ValueError``
or a state that fails later.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from harborgames import gdansk
from harborgames import inland_port as ip
from harborgames.core import FormatError, GameRecord, make_record
from harborgames.core.codec import MAX_DEPTH, MAX_DOCUMENT_CHARS, MAX_INT_DIGITS, parse_json
from harborgames.core.protocol import GameModule
from harborgames.inland_port.codec import CODEC

Doc = dict[str, Any]
GAMES: list[Any] = [ip, gdansk]


def _doc(module: GameModule[Any, Any], obj: object) -> Doc:
    doc: Doc = json.loads(module.dumps(obj))
    return doc


def _refused(module: GameModule[Any, Any], doc: Doc | str, message: str) -> None:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(FormatError, match=message):
        module.loads(text)


def _nested_text(levels: int) -> str:
    return "[" * levels + "]" * levels


# -- limits every document shares (core.codec) -------------------------------------------------
@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.INFO.name)
@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 990, 100_000])
def test_a_deeply_nested_document_is_a_format_error(module: Any, levels: int) -> None:
    _refused(module, _nested_text(levels), "nested deeper than the limit of 32 levels")
    state = _doc(module, module.new_game(2))
    text = json.dumps(state).replace('"data":', '"data":' + "[" * levels, 1)[:-1] + "]" * levels + "}"
    _refused(module, text, "nested deeper than the limit of 32 levels")
    record = _doc(module, make_record(module, 2, 0, []))
    record["data"]["actions"] = "@"
    text = json.dumps(record).replace('"@"', _nested_text(levels))
    _refused(module, text, "nested deeper than the limit of 32 levels")


def test_deeply_nested_data_handed_to_structure_is_a_format_error() -> None:
    inner: list[Any] = []
    for _ in range(5000):  # built without recursion; json.dumps of it would recurse
        inner = [inner]
    doc = _doc(ip, ip.new_game())
    doc["data"]["forced"] = inner
    with pytest.raises(FormatError, match="nested deeper than the limit of 32 levels"):
        CODEC.structure(doc)


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.INFO.name)
def test_an_integer_beyond_the_digit_limit_is_a_format_error(module: Any) -> None:
    text = module.dumps(module.new_game(2)).replace('"format":1', '"format":' + "1" * (MAX_INT_DIGITS + 1))
    _refused(module, text, f"an integer of {MAX_INT_DIGITS + 1} digits is longer than the limit of 4300")
    record = module.dumps(make_record(module, 2, 0, []))
    _refused(module, record.replace('"seed":0', '"seed":-' + "9" * 5000),
             "an integer of 5001 digits is longer than the limit")


def test_a_document_beyond_the_size_limit_is_a_format_error() -> None:
    text = ip.dumps(ip.new_game())
    padded = text + " " * (MAX_DOCUMENT_CHARS - len(text))
    assert ip.loads(padded) == ip.new_game()
    _refused(ip, padded + " ", f"{MAX_DOCUMENT_CHARS + 1} characters is more than the limit of 4000000")
    with pytest.raises(FormatError, match="bytes is more than the limit of 4000000"):
        ip.loads((padded + " ").encode())


def test_bytes_that_are_not_utf8_or_text_that_is_not_a_string_are_format_errors() -> None:
    with pytest.raises(FormatError, match=r"not UTF-8 text \(byte 0 cannot be decoded\)"):
        ip.loads(b"\xff{}")
    with pytest.raises(FormatError, match="JSON text must be str or bytes, not dict"):
        ip.loads({"format": 1})  # type: ignore[arg-type]


def test_nan_and_infinity_are_not_json_numbers() -> None:
    for name in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(FormatError, match=f"{name} is not a JSON number"):
            parse_json(f"[{name}]", "test")


def test_the_format_must_be_exactly_the_integer_1() -> None:
    doc = _doc(ip, ip.new_game())
    for odd in (True, 1.0, "1", [1], None):
        doc["format"] = odd
        _refused(ip, doc, r"format .* is not supported \(this library reads format 1, the integer\)")


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.INFO.name)
def test_an_object_where_a_list_belongs_is_a_format_error(module: Any) -> None:
    doc = _doc(module, module.new_game(2))
    doc["data"]["forced"] = {}
    _refused(module, doc, r"expected a list, got an object @ \$state.forced")
    record = _doc(module, make_record(module, 2, 0, []))
    record["data"]["actions"] = {}
    _refused(module, record, r"expected a list, got an object @ \$record.actions")


def test_a_pair_of_the_wrong_length_is_a_format_error() -> None:
    doc = _doc(ip, ip.new_game())
    doc["data"]["francs"] = [3, 3, 3]
    _refused(ip, doc, r"expected a list of 2 entries, got 3 @ \$state.francs")


def test_missing_keys_are_refused_not_defaulted() -> None:
    doc = _doc(ip, ip.new_game())
    del doc["data"]["rules"]["overpay"]
    _refused(ip, doc, r"missing keys \['overpay'\] @ \$state.rules")
    doc = _doc(ip, ip.new_game())
    del doc["data"]["forced"]
    _refused(ip, doc, r"missing keys \['forced'\] @ \$state")
    record = _doc(gdansk, make_record(gdansk, 2, 0, []))
    del record["data"]["options"]
    _refused(gdansk, record, r"missing keys \['options'\] @ \$record")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("state", 2**128, "the RNG state must be 0 <= state < 2\\*\\*128"),
        ("state", -1, "the RNG state must be 0 <= state < 2\\*\\*128"),
        ("increment", 4, "the RNG increment must be odd and below 2\\*\\*128"),
        ("increment", -3, "the RNG increment must be odd and below 2\\*\\*128"),
        ("increment", 2**128 + 1, "the RNG increment must be odd and below 2\\*\\*128"),
        ("state", True, "expected int"),
    ],
)
@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.INFO.name)
def test_an_rng_out_of_pcg64s_range_is_a_format_error(
    module: Any, field: str, value: object, message: str
) -> None:
    doc = _doc(module, module.new_game(2))
    doc["data"]["rng"][field] = value
    _refused(module, doc, message)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", -1, "the seed is -1, must be >= 0"),
        ("num_players", 5, "Port Gdańsk is for 2 to 4 players, not 5"),
        ("variant", "turbo", "unknown variant 'turbo'"),
        ("options", {"meeple_start": "anywhere"}, "rule option meeple_start must be one of"),
    ],
)
def test_a_record_that_cannot_be_replayed_is_a_format_error(field: str, value: object, message: str) -> None:
    record = _doc(gdansk, make_record(gdansk, 3, 5, []))
    record["data"][field] = value
    _refused(gdansk, record, f"inconsistent record: {message}")
    # A record of another version of the rules is a document; replay says why it cannot play it.
    record["data"]["version"] = gdansk.INFO.version + 1
    if field == "seed":
        _refused(gdansk, record, message)
    else:
        assert isinstance(gdansk.loads(json.dumps(record)), GameRecord)
