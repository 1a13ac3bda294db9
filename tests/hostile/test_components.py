"""Port Gdańsk component files from strangers: every hostile file is a ``FormatError`` naming the
problem, within documented limits (docs/protocol.md, "What the boundary guarantees")."""

from __future__ import annotations

import copy
import json
import os
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from harborgames import gdansk
from harborgames.core.errors import FormatError
from harborgames.gdansk import component_file, data
from harborgames.gdansk.component_file import components_from_document, components_from_text

Doc = dict[str, Any]


def standin() -> Doc:
    text = resources.files("harborgames.gdansk").joinpath("components.json").read_text("utf-8")
    doc: Doc = json.loads(text)
    return doc


def _refused(doc: Doc, message: str, tmp_path: Path) -> None:
    """Refused alike as a document, as text and as a file."""
    with pytest.raises(FormatError, match=message):
        components_from_document(copy.deepcopy(doc), "doc")
    with pytest.raises(FormatError, match=message):
        components_from_text(json.dumps(doc), "text")
    path = tmp_path / "components.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(FormatError, match=message):
        gdansk.new_game(2, components=path)


def _nested(levels: int) -> list[Any]:
    inner: list[Any] = []
    for _ in range(levels - 1):
        inner = [inner]
    return inner


@pytest.mark.parametrize("levels", [40, 990, 25_000])
def test_a_deeply_nested_note_is_a_format_error(levels: int, tmp_path: Path) -> None:
    if levels < 1000:  # json.dumps of more would recurse too deeply
        doc = standin()
        doc["meta"]["note"] = _nested(levels)
        with pytest.raises(FormatError, match=r"^doc: nested deeper than the limit of 32 levels"):
            components_from_document(doc, "doc")
    deep = "[" * levels + "]" * levels
    text = json.dumps(standin()).replace('"note": ', f'"note": {deep}, "x": ', 1)
    with pytest.raises(FormatError, match=r"^text: nested deeper than the limit of 32 levels"):
        components_from_text(text, "text")
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FormatError, match=r"deep\.json': nested deeper than the limit of 32 levels"):
        gdansk.new_game(2, components=path)


def test_an_integer_beyond_the_digit_limit_is_a_format_error(tmp_path: Path) -> None:
    text = json.dumps(standin()).replace('"end_vp": 60', '"end_vp": ' + "6" * 4301)
    path = tmp_path / "components.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FormatError, match="an integer longer than the limit of 4300 digits"):
        gdansk.load_components(path)


def test_a_component_file_beyond_the_size_limit_is_refused(tmp_path: Path) -> None:
    if os.path.exists("/dev/zero"):
        with pytest.raises(FormatError, match="larger than the limit of 65536 bytes"):
            gdansk.new_game(2, components="/dev/zero")
    doc = standin()
    doc["meta"]["note"] = "x" * data.MAX_NOTE_CHARS
    text = json.dumps(doc)
    big = tmp_path / "big.json"
    big.write_text(text + " " * (data.MAX_COMPONENT_BYTES + 1 - len(text)), encoding="utf-8")
    with pytest.raises(FormatError, match="larger than the limit of 65536 bytes"):
        gdansk.load_components(big)
    with pytest.raises(FormatError, match="more than the limit of 65536"):
        components_from_text(big.read_text(encoding="utf-8"))
    # At the limit, it loads.
    big.write_text(text + " " * (data.MAX_COMPONENT_BYTES - len(text)), encoding="utf-8")
    assert gdansk.load_components(big).data_status == "stand-in"


def test_a_note_beyond_the_limit_is_refused(tmp_path: Path) -> None:
    doc = standin()
    doc["meta"]["note"] = "x" * (data.MAX_NOTE_CHARS + 1)
    _refused(doc, r"section 'meta', entry note: the note must be 1..4000 printable characters", tmp_path)


@pytest.mark.parametrize("where", ["name", "data_status", "note"])
def test_meta_text_must_be_printable_text(where: str, tmp_path: Path) -> None:
    for bad in (["a list"], {"an": "object"}, 7, None, "line\nbreak", "\x00"):
        doc = standin()
        doc["meta"][where] = bad
        _refused(doc, f"section 'meta', entry {where}: .* printable characters", tmp_path)


def test_embedded_components_beyond_the_limit_are_refused() -> None:
    state = json.loads(gdansk.dumps(gdansk.new_game(2)))
    state["data"]["rules"]["components"] += " " * data.MAX_COMPONENT_BYTES
    with pytest.raises(FormatError, match=r"embedded components: .* more than the limit of 65536"):
        gdansk.loads(json.dumps(state))


def test_the_component_cache_is_bounded() -> None:
    base = standin()
    for i in range(data.CACHE_SIZE + 8):
        doc = copy.deepcopy(base)
        doc["meta"]["note"] = f"copy {i}"
        state = gdansk.new_game(2, components=components_from_document(doc))
        assert gdansk.loads(gdansk.dumps(state)) == state
    assert len(component_file._CACHE) <= data.CACHE_SIZE
    # The stand-in is kept apart: still the one shared object.
    assert gdansk.loads(gdansk.dumps(gdansk.new_game(3))).rules.components is gdansk.standin_components()


def _rule_numbers() -> list[tuple[str, ...]]:
    keys = [(key,) for key in data.RULEBOOK_RULES]
    return [*keys, ("set_scores", "2"), ("two_player", "tokens_removed")]


@pytest.mark.parametrize("path", _rule_numbers(), ids=".".join)
def test_float_or_boolean_rule_numbers_are_refused(path: tuple[str, ...], tmp_path: Path) -> None:
    doc = standin()
    parent: Any = doc["rules"]
    for key in path[:-1]:
        parent = parent[key]
    last: Any = int(path[-1]) if path[-1].isdigit() else path[-1]
    if isinstance(parent[last], list):
        parent[last] = [float(v) for v in parent[last]]
    else:
        parent[last] = float(parent[last])
    _refused(doc, r"section 'rules'", tmp_path)
    if not isinstance(parent[last], list) and parent[last] == 1.0:
        parent[last] = True
        _refused(doc, r"section 'rules'", tmp_path)


def test_a_float_anywhere_a_count_belongs_is_refused(tmp_path: Path) -> None:
    doc = standin()
    doc["quays"][0]["workers"] = 1.0
    _refused(doc, "workers .* must be an integer", tmp_path)
    doc = standin()
    doc["cruise_ships"]["small"]["vp"][0] = 3.0
    _refused(doc, "each card's VP must be an integer", tmp_path)


@pytest.mark.parametrize(
    "bad", ["L\t1", "L\xa01", "L1\n", "L 1", "\u2028", "L\x00", "L\u200b1", "", "L" * 33, "\ud800"],
    ids=["tab", "nbsp", "newline", "space", "line separator", "nul", "zero width space", "empty",
         "too long", "lone surrogate"],
)
def test_location_ids_must_be_printable_without_spaces(bad: str, tmp_path: Path) -> None:
    doc = standin()
    old = doc["locations"][0]["id"]
    doc["locations"][0]["id"] = bad
    for edge in doc["edges"]:
        edge[:] = [bad if end == old else end for end in edge]
    message = r"section 'locations', entry 0 .*: the id must be 1..32 printable characters without spaces"
    with pytest.raises(FormatError, match=message):
        components_from_document(doc, "doc")
    if bad != "\ud800":  # not encodable as UTF-8: only a Python document can hold it
        with pytest.raises(FormatError, match=message):
            components_from_text(json.dumps(doc), "text")


def test_location_ids_must_differ_in_more_than_case(tmp_path: Path) -> None:
    doc = standin()
    first, second = doc["locations"][0]["id"], doc["locations"][1]["id"]
    doc["locations"][1]["id"] = first.lower()
    for edge in doc["edges"]:
        edge[:] = [first.lower() if end == second else end for end in edge]
    _refused(doc, "location ids must be unique, without regard to case", tmp_path)


def test_every_accepted_location_id_reads_back_from_notation() -> None:
    doc = standin()
    odd = "Ż-ŁÓDŹ/№1"
    old = doc["locations"][0]["id"]
    doc["locations"][0]["id"] = odd
    for edge in doc["edges"]:
        edge[:] = [odd if end == old else end for end in edge]
    state = gdansk.new_game(3, components=components_from_document(doc))
    for action in gdansk.legal_actions(state):
        assert gdansk.parse_action(state, str(action)) == action


def _strings(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for key, child in value.items() for p in _strings(child, (*path, key))]
    if isinstance(value, list):
        return [p for i, child in enumerate(value) for p in _strings(child, (*path, i))]
    return [path] if isinstance(value, str) else []


def test_a_list_or_object_where_a_name_belongs_is_a_format_error() -> None:
    base = standin()
    paths = _strings(base)
    assert len(paths) > 100
    for path in paths:
        for odd in (["blue"], {"blue": 1}):
            doc = copy.deepcopy(base)
            parent: Any = doc
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = odd
            with pytest.raises(FormatError, match=r"^doc: section '\w+"):
                components_from_document(doc, "doc")


def test_components_that_are_not_a_path_or_text_are_a_format_error() -> None:
    with pytest.raises(FormatError, match="components must be a file path or Components, not list"):
        gdansk.new_game(2, components=["blue"])  # type: ignore[arg-type]
    with pytest.raises(FormatError, match="must be JSON text, not dict"):
        components_from_text({"meta": 1})  # type: ignore[arg-type]


def test_a_non_utf8_component_file_is_a_format_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps(standin(), ensure_ascii=False).encode("latin-1", errors="replace")
                     .replace(b"WOC", b"W\xd3C"))
    with pytest.raises(FormatError, match=r"not UTF-8 text \(byte \d+ cannot be decoded\)"):
        gdansk.load_components(path)
