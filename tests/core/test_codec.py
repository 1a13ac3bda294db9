"""Malformed or inconsistent JSON is refused with a FormatError that names the problem."""

from __future__ import annotations

import json

import pytest

from harborgames import inland_port as ip
from harborgames.core import FormatError, GameRecord


def _state_doc() -> dict[str, object]:
    doc: dict[str, object] = json.loads(ip.dumps(ip.new_game(seed=3)))
    return doc


def test_not_json_is_a_format_error() -> None:
    with pytest.raises(FormatError, match="not JSON"):
        ip.loads("{nope")


def test_wrong_game_is_named() -> None:
    doc = _state_doc()
    doc["game"] = "gdansk"
    with pytest.raises(FormatError, match="'gdansk' document"):
        ip.loads(json.dumps(doc))


def test_unsupported_format_version_is_named() -> None:
    doc = _state_doc()
    doc["format"] = 99
    with pytest.raises(FormatError, match="format 99"):
        ip.loads(json.dumps(doc))


def test_a_string_where_a_count_belongs_names_the_field() -> None:
    doc = _state_doc()
    doc["data"]["francs"] = ["3", 3]  # type: ignore[index]
    with pytest.raises(FormatError, match=r"francs"):
        ip.loads(json.dumps(doc))


def test_unknown_fields_are_refused() -> None:
    doc = _state_doc()
    doc["data"]["cheat"] = 1  # type: ignore[index]
    with pytest.raises(FormatError, match="cheat"):
        ip.loads(json.dumps(doc))


def test_an_impossible_position_is_refused() -> None:
    doc = _state_doc()
    doc["data"]["goods"][0] = [4, 3, 2, 99]  # type: ignore[index]
    with pytest.raises(FormatError, match=r"outside 0\.\.17"):
        ip.loads(json.dumps(doc))


def test_negative_francs_are_refused() -> None:
    doc = _state_doc()
    doc["data"]["francs"] = [-1, 3]  # type: ignore[index]
    with pytest.raises(FormatError, match="negative Francs"):
        ip.loads(json.dumps(doc))


def test_unknown_action_type_lists_the_known_ones() -> None:
    text = json.dumps({"format": 1, "game": "inland_port", "kind": "action", "data": {"type": "Steal"}})
    with pytest.raises(FormatError, match="unknown action type 'Steal'"):
        ip.loads(text)


def test_records_round_trip() -> None:
    record = GameRecord("inland_port", "standard", 2, 5, ("build wood_company",), 1, {"overpay": "minimal"})
    assert ip.loads(ip.dumps(record)) == record


def test_format_error_is_a_value_error() -> None:
    assert issubclass(FormatError, ValueError)


def test_a_payment_that_cannot_be_made_is_refused() -> None:
    # A build of the Town Hall waiting for payment, by a player with no wood or clay.
    doc = _state_doc()
    data = doc["data"]
    data["decision"] = {"type": "PayBuildCost", "building": "town_hall"}  # type: ignore[index]
    with pytest.raises(FormatError, match="town_hall cannot be waiting for its payment"):
        ip.loads(json.dumps(doc))


def test_a_pending_choice_for_a_building_without_one_is_refused() -> None:
    doc = _state_doc()
    data = doc["data"]
    data["decision"] = {"type": "ChooseUse", "building": "wood_company", "applications": 2}  # type: ignore[index]
    with pytest.raises(FormatError, match="no choice to wait for"):
        ip.loads(json.dumps(doc))


def test_a_tuple_of_the_wrong_length_is_refused() -> None:
    doc = _state_doc()
    doc["data"]["francs"] = [3, 3, 3]  # type: ignore[index]
    with pytest.raises(FormatError):
        ip.loads(json.dumps(doc))
