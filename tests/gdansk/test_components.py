"""The component file: the shipped stand-in, a user's own file, and every refused constraint."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from harborgames import gdansk
from harborgames.core.errors import FormatError
from harborgames.gdansk.component_file import components_from_document

Doc = dict[str, Any]


def standin_document() -> Doc:
    text = resources.files("harborgames.gdansk").joinpath("components.json").read_text("utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def test_the_shipped_components_are_marked_as_a_stand_in() -> None:
    doc = standin_document()
    assert doc["meta"]["data_status"] == "stand-in"
    assert "NOT THE PUBLISHED COMPONENTS" in doc["meta"]["note"]
    c = gdansk.standin_components()
    assert c.data_status == "stand-in"
    assert "(components: stand-in)" in gdansk.render(gdansk.new_game(2))


def test_the_stand_in_has_20_quays_one_card_each_and_a_central_port() -> None:
    c = gdansk.standin_components()
    assert len(c.quay_name) == 20 and len(c.location_ids) == 18
    assert c.location_ids[c.central_port] == "CP" and c.location_quays[c.central_port] == ()
    assert sorted(q for qs in c.location_quays for q in qs) == list(range(20))
    assert [bin(m).count("1") for m in c.sector_mask] == [5, 5, 5, 5]
    assert c.weight == (1, 1, 1, 2, 2, 3) and c.supply == (12, 12, 12, 10, 10, 8)
    assert sorted(len(v) for v in c.cruise_vp) == [7, 7, 7]
    assert c.face_codes == ("L1", "L2", "M1", "M2", "R1")


def test_a_user_file_is_loaded_and_used(tmp_path: Path) -> None:
    doc = standin_document()
    doc["meta"]["data_status"] = "published"
    doc["quays"][7]["name"] = "Real Quay 8"
    doc["cruise_ships"]["small"]["vp"] = [4] * 7
    path = tmp_path / "real.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    state = gdansk.new_game(3, seed=5, components=path)
    c = state.rules.components
    assert c.quay_name[7] == "Real Quay 8" and c.data_status == "published"
    assert c != gdansk.standin_components()
    # A saved state carries its components: it loads without the file.
    assert gdansk.loads(gdansk.dumps(state)) == state
    assert gdansk.loads(gdansk.dumps(state)).rules.components is c


def test_identical_content_gives_the_same_shared_components_object(tmp_path: Path) -> None:
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(standin_document(), indent=1), encoding="utf-8")
    assert gdansk.load_components(path) is gdansk.standin_components()


def test_an_unreadable_or_non_json_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="cannot read"):
        gdansk.new_game(2, components=tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(FormatError, match="not JSON"):
        gdansk.load_components(bad)


def _set(path: list[Any], value: Any) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop_edge(a: str, b: str) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc["edges"] = [e for e in doc["edges"] if sorted(e) != sorted([a, b])]

    return change


def _isolate(location: str) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc["edges"] = [e for e in doc["edges"] if location not in e]

    return change


def _split_double(doc: Doc) -> None:
    for entry in doc["locations"]:
        if entry["id"] == "L9_14":
            entry["quays"] = [9]
    doc["locations"].append({"id": "L14", "quays": [14]})
    doc["edges"] += [["L14", "L9_14"], ["L14", "L11"]]


BROKEN: list[tuple[str, Callable[[Doc], None], str]] = [
    ("extra top-level key", _set(["extras"], 1), r"section '\(top level\)'.*unknown keys"),
    ("goods weight", _set(["goods", "ro_ro", "weight"], 2),
     r"section 'goods', entry ro_ro: weight .* is 3 in the rulebook"),
    ("cube count", _set(["goods", "grain", "supply"], 11),
     r"section 'goods', entry grain: supply \(cubes in the box\) is 12"),
    ("sector list", _set(["sectors"], ["blue", "purple", "green", "red"]),
     r"section 'sectors'.*four colours"),
    ("19 quays", lambda d: d["quays"].pop(), r"section 'quays'.*20 quays, one Port card each"),
    ("duplicate quay number", _set(["quays", 1, "number"], 1),
     r"section 'quays', entry 1 \(number 1\): quay numbers must be unique"),
    ("unknown sector", _set(["quays", 10, "sector"], "red"),
     r"section 'quays', entry 10 \(number 11\): sector 'red' is not one of"),
    ("rulebook sector fact", _set(["quays", 0, "sector"], "green"),
     r"entry 0 \(number 1\): the rulebook places quay 1 in the blue sector"),
    ("zero workers on a card", _set(["quays", 3, "workers"], 0),
     r"entry 3 \(number 4\): workers .* must be an integer >= 1"),
    ("triple location", _set(["locations", 0, "quays"], [1, 2, 3]),
     r"section 'locations', entry 0 \('L1'\): a Port location is single .* or double"),
    ("quay in two locations", _set(["locations", 1, "quays"], [1]),
     r"entry 1 \('L2'\): quay 1 is already in location 'L1'"),
    ("no Central Port", _set(["locations", 17, "central_port"], False),
     r"section 'locations', entry 17 \('CP'\): a Port location is single"),
    ("Central Port with a quay", _set(["locations", 17, "quays"], [2]),
     r"entry 17 \('CP'\): the Central Port location has no quay"),
    ("quays 9 and 14 apart", _split_double, r"quays 9 and 14 one double location"),
    ("unknown location in an edge", _set(["edges", 0], ["L1", "L99"]),
     r"section 'edges', entry 0: \['L1', 'L99'\] must name two known locations"),
    ("duplicate edge", lambda d: d["edges"].append(["L2", "L1"]), r"is listed twice"),
    ("disconnected map", _isolate("L12"), r"section 'edges'.*the map is not connected"),
    ("sector split", _drop_edge("L13", "L15_16"),
     r"section 'edges': the green sector is not one connected region"),
    ("18 and 20 not adjacent", _drop_edge("L20", "L18"),
     r"from quay 20 to quay 18 with one arrow"),
    ("19 Order tokens", lambda d: d["order_tokens"].pop(), r"the game has 20 Order tokens"),
    ("unknown good in an order", _set(["order_tokens", 2, "requires"], {"salt": 1}),
     r"section 'order_tokens', entry 2 \('O03'\): 'salt' is not one of"),
    ("order bigger than the hold",
     _set(["order_tokens", 0, "requires"], {"grain": 5, "coal": 5}),
     r"entry 0 \('O01'\): an order needs at most 9 cubes"),
    ("bonus not a good", _set(["order_tokens", 0, "bonus"], "gold"),
     r"entry 0 \('O01'\): bonus 'gold' must be null or one of"),
    ("order without VP", _set(["order_tokens", 5, "vp"], 0), r"all Order tokens give Victory"),
    ("cruise workers", _set(["cruise_ships", "medium", "workers"], 4),
     r"section 'cruise_ships', entry medium: a medium cruise ship needs 5 workers"),
    ("cruise card count", _set(["cruise_ships", "small", "vp"], [3, 4]),
     r"the game has 21 Cruise Ship cards, the file 16"),
    ("dice count", _set(["dice", "count"], 2), r"section 'dice', entry count: the game has 3"),
    ("dice faces", _set(["dice", "faces", 1], ["loading", 3]),
     r"exactly one loading x2 face"),
    ("unknown die symbol", _set(["dice", "faces", 4], ["trading", 1]),
     r"section 'dice', entry faces\[4\]: \['trading', 1\] must be \[kind, symbols\]"),
    ("rule number", _set(["rules", "cargo_capacity"], 10),
     r"section 'rules', entry cargo_capacity: the rulebook says 9"),
    ("green removable", _set(["rules", "two_player", "removable_sectors"], ["green"]),
     r"entry two_player: the rulebook never removes green"),
    ("2-player arithmetic", _set(["quays", 5, "sector"], "blue"),
     r"removing blue \(6 cards\) must remove as many cards as tokens \(5\)"),
    ("unknown key in an entry", _set(["quays", 0, "extra"], 1),
     r"section 'quays', entry 0 \(number 1\): unknown keys \['extra'\]"),
    ("missing key in an entry", lambda d: d["order_tokens"][0].pop("vp"),
     r"section 'order_tokens', entry 0 \('O01'\): missing keys \['vp'\]"),
    ("boolean for a number", _set(["goods", "grain", "weight"], True),
     r"section 'goods', entry grain: weight: expected int, got bool True"),
    ("text for a number", _set(["dice", "count"], "3"),
     r"section 'dice', entry count: expected int, got str '3'"),
    ("object for a list", _set(["cruise_ships", "small", "vp"], {"a": 1}),
     r"section 'cruise_ships', entry small: vp: expected a list, got an object"),
]


@pytest.mark.parametrize(("change", "message"), [(c, m) for _, c, m in BROKEN],
                         ids=[name for name, _, _ in BROKEN])
def test_a_broken_component_file_is_refused_naming_section_entry_and_constraint(
    tmp_path: Path, change: Callable[[Doc], None], message: str
) -> None:
    doc = copy.deepcopy(standin_document())
    change(doc)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(FormatError, match=message):
        gdansk.new_game(2, components=path)
    with pytest.raises(FormatError, match=message):
        components_from_document(doc, "doc")
