"""Reading a Port Gdańsk component file: every value checked against the rulebook's constraints
and the limits of docs/protocol.md before a ``Components`` is built, and the loaders
(``standin_components``, ``load_components``, ``components_from_text``/``_document``), which
keep one ``Components`` per content (the tables and the limits are in ``data``).
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections import OrderedDict
from importlib import resources
from typing import NoReturn

from ..core.codec import JSON, check_json, parse_json
from ..core.errors import FormatError
from .actions import Move
from .data import (
    CACHE_SIZE,
    CRUISE_CARDS,
    CRUISE_SIZES,
    CRUISE_WORKERS,
    DIE_KINDS,
    DIE_LETTERS,
    GOOD_INDEX,
    GOODS,
    LOADING,
    MAX_COMPONENT_BYTES,
    MAX_ID_CHARS,
    MAX_NAME_CHARS,
    MAX_NOTE_CHARS,
    MAX_NUMBER,
    MOVEMENT,
    NUM_QUAYS,
    NUM_TOKENS,
    RECRUITMENT,
    RULEBOOK_ADJACENT,
    RULEBOOK_DISTANCE,
    RULEBOOK_DOUBLE,
    RULEBOOK_GOODS,
    RULEBOOK_QUAY_SECTORS,
    RULEBOOK_RULES,
    SECTOR_INDEX,
    SECTORS,
    TWO_PLAYER_TOKENS_REMOVED,
    Components,
)
from .limits import MAX_FACE_SYMBOLS

__all__ = [
    "ComponentReader",
    "components_from_document",
    "components_from_text",
    "load_components",
    "standin_components",
]

# -- validation --------------------------------------------------------------------------------


class ComponentReader:
    """Reads a component document, checking each rulebook constraint where it applies."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, section: str, entry: object, constraint: str) -> NoReturn:
        where = f"section {section!r}" + ("" if entry is None else f", entry {entry}")
        raise FormatError(f"{self.source}: {where}: {constraint}")

    def need(self, ok: bool, section: str, entry: object, constraint: str) -> None:
        if not ok:
            self.fail(section, entry, constraint)

    def int_at_least(self, value: JSON, low: int, section: str, entry: object, what: str) -> int:
        if type(value) is not int or not low <= value <= MAX_NUMBER:
            self.fail(
                section, entry, f"{what} must be an integer >= {low} and <= {MAX_NUMBER}, not {value!r}"
            )
        return value

    def text(self, value: JSON, limit: int, section: str, entry: object, what: str) -> str:
        """Printable text (spaces allowed) of 1..``limit`` characters."""
        if not isinstance(value, str) or not 1 <= len(value) <= limit or not value.isprintable():
            self.fail(section, entry, f"{what} must be 1..{limit} printable characters, not {value!r}")
        return value

    def word(self, value: JSON, section: str, entry: object, what: str) -> str:
        """An id the notation reads back: printable, no whitespace, 1..``MAX_ID_CHARS`` long."""
        if (
            not isinstance(value, str)
            or not 1 <= len(value) <= MAX_ID_CHARS
            or not value.isprintable()
            or " " in value
        ):
            self.fail(
                section,
                entry,
                f"{what} must be 1..{MAX_ID_CHARS} printable characters without spaces, not {value!r}",
            )
        return value

    def keys(
        self, obj: JSON, required: set[str], optional: set[str], section: str, entry: object
    ) -> dict[str, JSON]:
        if not isinstance(obj, dict):
            self.fail(section, entry, f"must be an object, not {type(obj).__name__}")
        missing = required - obj.keys()
        self.need(not missing, section, entry, f"missing keys {sorted(missing)}")
        extra = obj.keys() - required - optional
        self.need(not extra, section, entry, f"unknown keys {sorted(extra)}")
        return dict(obj)

    def build(self, document: JSON, canonical: str) -> Components:
        top = {
            "meta",
            "goods",
            "sectors",
            "quays",
            "locations",
            "edges",
            "order_tokens",
            "cruise_ships",
            "dice",
            "rules",
        }
        doc = self.keys(document, top, set(), "(top level)", None)
        meta = self.keys(doc["meta"], {"name", "data_status"}, {"note"}, "meta", None)
        self.text(meta["name"], MAX_NAME_CHARS, "meta", "name", "the name")
        data_status = self.text(meta["data_status"], MAX_NAME_CHARS, "meta", "data_status", "the data status")
        if "note" in meta:
            self.text(meta["note"], MAX_NOTE_CHARS, "meta", "note", "the note")
        self.goods(doc["goods"])
        self.need(
            doc["sectors"] == list(SECTORS),
            "sectors",
            None,
            f"the rulebook's four colours are {list(SECTORS)}, not {doc['sectors']!r}",
        )
        quays = self.quays(doc["quays"])
        locations, location_quays, central = self.locations(doc["locations"])
        quay_location = [0] * NUM_QUAYS
        for index, members in enumerate(location_quays):
            for q in members:
                quay_location[q] = index
        distance = self.edges(doc["edges"], locations, location_quays, quays)
        self.map_facts(quay_location, distance)
        tokens = self.tokens(doc["order_tokens"])
        cruise_vp = self.cruise(doc["cruise_ships"])
        dice_count, die_sides, faces = self.dice(doc["dice"])
        removable = self.rules(doc["rules"], quays)
        # The file's "rules" equal the rulebook's (checked), so the rulebook's numbers are used.
        rules = RULEBOOK_RULES

        reach = []
        for here in range(len(locations)):
            per_arrows: list[tuple[Move, ...]] = []
            for arrows in range(dice_count * max(value for _, value in faces) + 1):
                per_arrows.append(
                    tuple(
                        Move(locations[there])
                        for there in range(len(locations))
                        if 1 <= distance[here][there] <= arrows
                    )
                )
            reach.append(tuple(per_arrows))
        sector_mask = [0] * len(SECTORS)
        for q, (_, sector, _) in enumerate(quays):
            sector_mask[sector] |= 1 << q
        return Components(
            digest=hashlib.sha256(canonical.encode()).hexdigest(),
            text=canonical,
            data_status=data_status,
            weight=tuple(RULEBOOK_GOODS[g][0] for g in GOODS),
            supply=tuple(RULEBOOK_GOODS[g][1] for g in GOODS),
            unload_vp=tuple(RULEBOOK_GOODS[g][2] for g in GOODS),
            quay_name=tuple(name for name, _, _ in quays),
            quay_sector=tuple(sector for _, sector, _ in quays),
            quay_workers=tuple(workers for _, _, workers in quays),
            quay_location=tuple(quay_location),
            sector_mask=tuple(sector_mask),
            location_ids=tuple(locations),
            location_index={name: i for i, name in enumerate(locations)},
            location_quays=tuple(location_quays),
            central_port=central,
            distance=distance,
            reach=tuple(reach),
            token_ids=tuple(t[0] for t in tokens),
            token_vp=tuple(t[1] for t in tokens),
            token_bonus=tuple(t[2] for t in tokens),
            token_requires=tuple(t[3] for t in tokens),
            cruise_vp=cruise_vp,
            dice_count=dice_count,
            die_sides=die_sides,
            face_codes=tuple(f"{DIE_LETTERS[kind]}{value}" for kind, value in faces),
            face_kind=tuple(kind for kind, _ in faces),
            face_value=tuple(value for _, value in faces),
            removable_sectors=removable,
            end_vp=rules["end_vp"],
            influence_markers=rules["influence_markers"],
            cargo_capacity=rules["cargo_capacity"],
            initial_cards=rules["initial_cards"],
            cards_per_order=rules["cards_per_order"],
            sector_vp_per_marker=rules["sector_vp_per_marker"],
            hr_swap_cost=rules["hr_swap_cost"],
            hr_place_cost=rules["hr_place_cost"],
            set_scores=tuple(rules["set_scores"]),
        )

    def goods(self, goods: JSON) -> None:
        table = self.keys(goods, set(GOODS), set(), "goods", None)
        for name in GOODS:
            entry = self.keys(table[name], {"weight", "supply", "unload_vp"}, set(), "goods", name)
            weight, supply, unload = RULEBOOK_GOODS[name]
            for key, expected, rule in (
                ("weight", weight, "loading symbols per cube"),
                ("supply", supply, "cubes in the box"),
                ("unload_vp", unload, "VP per cube unloaded in Central Port"),
            ):
                self.need(
                    entry[key] == expected and type(entry[key]) is int,
                    "goods",
                    name,
                    f"{key} ({rule}) is {expected} in the rulebook, not {entry[key]!r}",
                )

    def quays(self, quays: JSON) -> list[tuple[str, int, int]]:
        if not isinstance(quays, list) or len(quays) != NUM_QUAYS:
            self.fail("quays", None, f"the board has {NUM_QUAYS} quays, one Port card each")
        out: list[tuple[str, int, int] | None] = [None] * NUM_QUAYS
        for position, raw in enumerate(quays):
            entry = self.keys(raw, {"number", "name", "sector", "workers"}, set(), "quays", position)
            number, name, sector = entry["number"], entry["name"], entry["sector"]
            label = f"{position} (number {number!r})"
            if type(number) is not int or not 1 <= number <= NUM_QUAYS:
                self.fail("quays", label, f"quay numbers run 1..{NUM_QUAYS}")
            self.need(out[number - 1] is None, "quays", label, "quay numbers must be unique")
            name = self.text(name, MAX_NAME_CHARS, "quays", label, "the name")
            if not isinstance(sector, str) or sector not in SECTOR_INDEX:
                self.fail("quays", label, f"sector {sector!r} is not one of {list(SECTORS)}")
            expected = RULEBOOK_QUAY_SECTORS.get(number)
            self.need(
                expected is None or sector == expected,
                "quays",
                label,
                f"the rulebook places quay {number} in the {expected} sector",
            )
            workers = self.int_at_least(
                entry["workers"], 1, "quays", label, "workers (the worker icon on the Port card)"
            )
            out[number - 1] = (name, SECTOR_INDEX[sector], workers)
        result = [q for q in out if q is not None]
        for index, colour in enumerate(SECTORS):
            self.need(
                any(s == index for _, s, _ in result), "quays", None, f"the {colour} sector has no quay"
            )
        return result

    def locations(self, locations: JSON) -> tuple[list[str], list[tuple[int, ...]], int]:
        if not isinstance(locations, list) or not locations:
            self.fail("locations", None, "must be a non-empty list")
        ids: list[str] = []
        members: list[tuple[int, ...]] = []
        central = -1
        seen_quays: dict[int, str] = {}
        for position, raw in enumerate(locations):
            entry = self.keys(raw, {"id", "quays"}, {"central_port"}, "locations", position)
            label = f"{position} ({entry['id']!r})"
            name = self.word(entry["id"], "locations", label, "the id")
            self.need(
                name.lower() not in {i.lower() for i in ids},
                "locations",
                label,
                "location ids must be unique, without regard to case (as the notation reads them)",
            )
            quays = entry["quays"]
            if not isinstance(quays, list):
                self.fail("locations", label, "quays must be a list")
            is_central = entry.get("central_port", False)
            self.need(type(is_central) is bool, "locations", label, "central_port is true/false")
            if is_central:
                self.need(central < 0, "locations", label, "only one Central Port location")
                self.need(
                    quays == [],
                    "locations",
                    label,
                    "the Central Port location has no quay (it never holds an Order token)",
                )
                central = position
            else:
                self.need(
                    1 <= len(quays) <= 2,
                    "locations",
                    label,
                    "a Port location is single (one quay) or double (two quays)",
                )
            quay_indices = []
            for number in quays:
                if type(number) is not int or not 1 <= number <= NUM_QUAYS:
                    self.fail("locations", label, f"quay {number!r} is not a quay number 1..{NUM_QUAYS}")
                self.need(
                    number not in seen_quays,
                    "locations",
                    label,
                    f"quay {number} is already in location {seen_quays.get(number)!r}",
                )
                seen_quays[number] = name
                quay_indices.append(number - 1)
            ids.append(name)
            members.append(tuple(quay_indices))
        self.need(central >= 0, "locations", None, "one location must be the Central Port")
        missing = sorted(set(range(1, NUM_QUAYS + 1)) - seen_quays.keys())
        self.need(not missing, "locations", None, f"quays {missing} belong to no location")
        return ids, members, central

    def edges(
        self, edges: JSON, ids: list[str], members: list[tuple[int, ...]], quays: list[tuple[str, int, int]]
    ) -> tuple[tuple[int, ...], ...]:
        if not isinstance(edges, list):
            self.fail("edges", None, "must be a list of location pairs")
        index = {name: i for i, name in enumerate(ids)}
        neighbours: list[set[int]] = [set() for _ in ids]
        for position, pair in enumerate(edges):
            match pair:
                case [str(first), str(second)] if first in index and second in index:
                    a, b = index[first], index[second]
                case _:
                    self.fail("edges", position, f"{pair!r} must name two known locations")
            self.need(a != b, "edges", position, "a connection joins two different locations")
            self.need(b not in neighbours[a], "edges", position, f"{pair!r} is listed twice")
            neighbours[a].add(b)
            neighbours[b].add(a)
        size = len(ids)
        unreachable = 10**6
        distance = []
        for start in range(size):
            row = [unreachable] * size
            row[start] = 0
            frontier = [start]
            while frontier:
                nxt = []
                for here in frontier:
                    for there in neighbours[here]:
                        if row[there] == unreachable:
                            row[there] = row[here] + 1
                            nxt.append(there)
                frontier = nxt
            distance.append(tuple(row))
        cut_off = [ids[i] for i in range(size) if distance[0][i] == unreachable]
        self.need(not cut_off, "edges", None, f"the map is not connected: {cut_off} cut off")
        for sector, name in enumerate(SECTORS):
            nodes = {i for i, m in enumerate(members) if any(quays[q][1] == sector for q in m)}
            start = min(nodes)
            seen = {start}
            stack = [start]
            while stack:
                here = stack.pop()
                for there in neighbours[here] & nodes:
                    if there not in seen:
                        seen.add(there)
                        stack.append(there)
            self.need(seen == nodes, "edges", None, f"the {name} sector is not one connected region")
        return tuple(distance)

    def map_facts(self, quay_location: list[int], distance: tuple[tuple[int, ...], ...]) -> None:
        a, b = RULEBOOK_DOUBLE
        self.need(
            quay_location[a - 1] == quay_location[b - 1],
            "locations",
            None,
            f"the rulebook makes quays {a} and {b} one double location",
        )
        a, b = RULEBOOK_ADJACENT
        self.need(
            distance[quay_location[a - 1]][quay_location[b - 1]] == 1,
            "edges",
            None,
            f"the rulebook moves from quay {a} to quay {b} with one arrow",
        )
        a, b, moves = RULEBOOK_DISTANCE
        self.need(
            distance[quay_location[a - 1]][quay_location[b - 1]] == moves,
            "edges",
            None,
            f"the rulebook moves from quay {a} to quay {b} with exactly {moves} arrows",
        )

    def tokens(self, tokens: JSON) -> list[tuple[str, int, int, tuple[int, ...]]]:
        if not isinstance(tokens, list) or len(tokens) != NUM_TOKENS:
            self.fail("order_tokens", None, f"the game has {NUM_TOKENS} Order tokens")
        out = []
        seen: set[str] = set()
        capacity = RULEBOOK_RULES["cargo_capacity"]
        for position, raw in enumerate(tokens):
            entry = self.keys(raw, {"id", "vp", "bonus", "requires"}, set(), "order_tokens", position)
            label = f"{position} ({entry['id']!r})"
            token = self.word(entry["id"], "order_tokens", label, "the id")
            self.need(
                token.lower() not in seen,
                "order_tokens",
                label,
                "token ids must be unique, without regard to case",
            )
            seen.add(token.lower())
            vp = self.int_at_least(
                entry["vp"], 1, "order_tokens", label, "vp (all Order tokens give Victory points)"
            )
            bonus = entry["bonus"]
            if bonus is not None and (not isinstance(bonus, str) or bonus not in GOOD_INDEX):
                self.fail("order_tokens", label, f"bonus {bonus!r} must be null or one of {list(GOODS)}")
            requires = entry["requires"]
            if not isinstance(requires, dict) or requires == {}:
                self.fail("order_tokens", label, "requires must name at least one good")
            counts = [0] * len(GOODS)
            for good, count in requires.items():
                self.need(good in GOOD_INDEX, "order_tokens", label, f"{good!r} is not one of {list(GOODS)}")
                amount = self.int_at_least(count, 1, "order_tokens", label, f"the count of {good}")
                counts[GOOD_INDEX[good]] = amount
                self.need(
                    amount <= RULEBOOK_GOODS[good][1],
                    "order_tokens",
                    label,
                    f"{amount} {good} is more than the {RULEBOOK_GOODS[good][1]} in the box",
                )
            self.need(
                sum(counts) <= capacity,
                "order_tokens",
                label,
                f"an order needs at most {capacity} cubes (the cargo space)",
            )
            out.append((token, vp, -1 if bonus is None else GOOD_INDEX[bonus], tuple(counts)))
        return out

    def cruise(self, ships: JSON) -> tuple[tuple[int, ...], ...]:
        table = self.keys(ships, set(CRUISE_SIZES), set(), "cruise_ships", None)
        out = []
        for size, workers in zip(CRUISE_SIZES, CRUISE_WORKERS, strict=True):
            entry = self.keys(table[size], {"workers", "vp"}, set(), "cruise_ships", size)
            self.need(
                entry["workers"] == workers and type(entry["workers"]) is int,
                "cruise_ships",
                size,
                f"a {size} cruise ship needs {workers} workers in the rulebook",
            )
            values = entry["vp"]
            if not isinstance(values, list) or values == []:
                self.fail("cruise_ships", size, "vp must be a non-empty list (one value per card)")
            out.append(
                tuple(self.int_at_least(value, 0, "cruise_ships", size, "each card's VP") for value in values)
            )
        total = sum(len(v) for v in out)
        self.need(
            total == CRUISE_CARDS,
            "cruise_ships",
            None,
            f"the game has {CRUISE_CARDS} Cruise Ship cards, the file {total}",
        )
        self.need(12 in out[2], "cruise_ships", "large", "the rulebook's example large ship is worth 12 VP")
        return tuple(out)

    def dice(self, dice: JSON) -> tuple[int, tuple[int, ...], list[tuple[int, int]]]:
        entry = self.keys(dice, {"count", "faces"}, set(), "dice", None)
        self.need(
            entry["count"] == 3 and type(entry["count"]) is int, "dice", "count", "the game has 3 action dice"
        )
        sides = entry["faces"]
        if not isinstance(sides, list) or len(sides) != 6:
            self.fail("dice", "faces", "a die has 6 faces")
        parsed = []
        for position, side in enumerate(sides):
            match side:
                case [str(kind), int(symbols)] if (
                    kind in DIE_KINDS and type(symbols) is int and 1 <= symbols <= MAX_FACE_SYMBOLS
                ):
                    parsed.append((DIE_KINDS.index(kind), symbols))
                case _:
                    self.fail(
                        "dice",
                        f"faces[{position}]",
                        f"{side!r} must be [kind, symbols] with kind in {list(DIE_KINDS)}",
                    )
        for required in ((LOADING, 1), (LOADING, 2), (MOVEMENT, 1), (MOVEMENT, 2)):
            self.need(
                parsed.count(required) == 1,
                "dice",
                "faces",
                f"each die has exactly one {DIE_KINDS[required[0]]} x{required[1]} face",
            )
        self.need(
            sum(1 for kind, _ in parsed if kind == RECRUITMENT) == 2,
            "dice",
            "faces",
            "the two remaining faces show recruitment",
        )
        faces = sorted(set(parsed))
        return 3, tuple(faces.index(side) for side in parsed), faces

    def rules(self, rules: JSON, quays: list[tuple[str, int, int]]) -> tuple[int, ...]:
        """The sectors that may sit out with two players, after checking the rulebook's numbers."""
        entry = self.keys(rules, {*RULEBOOK_RULES, "two_player"}, set(), "rules", None)
        for key, expected in RULEBOOK_RULES.items():
            self.need(
                _same(entry[key], expected),
                "rules",
                key,
                f"the rulebook says {expected!r} (integers), not {entry[key]!r}",
            )
        two = self.keys(
            entry["two_player"], {"removable_sectors", "tokens_removed"}, set(), "rules", "two_player"
        )
        self.need(
            _same(two["tokens_removed"], TWO_PLAYER_TOKENS_REMOVED),
            "rules",
            "two_player",
            f"two players return {TWO_PLAYER_TOKENS_REMOVED} Order tokens to the box, "
            f"not {two['tokens_removed']!r}",
        )
        removable = two["removable_sectors"]
        if not isinstance(removable, list) or removable == []:
            self.fail("rules", "two_player", "removable_sectors must list at least one colour")
        out = []
        for name in removable:
            if not isinstance(name, str) or name not in SECTOR_INDEX:
                self.fail("rules", "two_player", f"{name!r} is not a sector colour")
            self.need(name != "green", "rules", "two_player", "the rulebook never removes green")
            sector = SECTOR_INDEX[name]
            count = sum(1 for _, s, _ in quays if s == sector)
            # Cards and tokens must stay equal so every revealed card gets its Order token.
            self.need(
                count == TWO_PLAYER_TOKENS_REMOVED,
                "rules",
                "two_player",
                f"removing {name} ({count} cards) must remove as many cards as tokens "
                f"({TWO_PLAYER_TOKENS_REMOVED})",
            )
            out.append(sector)
        return tuple(sorted(set(out)))


def _same(value: object, expected: object) -> bool:
    """Equal and of the same JSON types all through (``8.0`` or ``true`` is not ``8``/``1``)."""
    if isinstance(expected, list):
        return (
            isinstance(value, list)
            and len(value) == len(expected)
            and all(_same(v, e) for v, e in zip(value, expected, strict=True))
        )
    return type(value) is type(expected) and value == expected


# -- loading: the shipped stand-in, a user's file, embedded text; one object per content ---------
_CACHE: OrderedDict[str, Components] = OrderedDict()  # canonical text -> Components, LRU order
_CACHE_LOCK = threading.Lock()
_STANDIN: list[Components] = []  # the shipped stand-in, built once and never dropped


def _cached(text: str) -> Components | None:
    with _CACHE_LOCK:
        found = _CACHE.get(text)
        if found is not None:
            _CACHE.move_to_end(text)
        return found


def _remember(built: Components) -> Components:
    with _CACHE_LOCK:
        found = _CACHE.setdefault(built.text, built)  # another thread may have built it too
        _CACHE.move_to_end(built.text)
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
        return found


def standin_components() -> Components:
    """The shipped stand-in data (invented; see the file's ``meta.note``)."""
    if not _STANDIN:
        text = resources.files(__package__).joinpath("components.json").read_text(encoding="utf-8")
        _STANDIN.append(components_from_text(text, "components.json (shipped stand-in)"))
    return _STANDIN[0]


def load_components(path: str | os.PathLike[str]) -> Components:
    """A user's component file, validated; ``FormatError`` names what is wrong.

    Reads at most ``MAX_COMPONENT_BYTES`` (a larger file, or ``/dev/zero``, is refused).
    """
    if not isinstance(path, (str, os.PathLike)):
        raise FormatError(f"components must be a file path or Components, not {type(path).__name__}")
    source = f"components file {os.fspath(path)!r}"
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_COMPONENT_BYTES + 1)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        raise FormatError(f"{source}: cannot read: {error}") from None
    if len(data) > MAX_COMPONENT_BYTES:
        raise FormatError(f"{source}: larger than the limit of {MAX_COMPONENT_BYTES} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FormatError(f"{source}: not UTF-8 text (byte {error.start} cannot be decoded)") from None
    return components_from_text(text, source)


def components_from_text(text: str, source: str = "components") -> Components:
    """The components a JSON text describes (at most ``MAX_COMPONENT_BYTES`` characters)."""
    if not isinstance(text, str):
        raise FormatError(f"{source}: the component document must be JSON text, not {type(text).__name__}")
    if len(text) > MAX_COMPONENT_BYTES:
        raise FormatError(f"{source}: {len(text)} characters is more than the limit of {MAX_COMPONENT_BYTES}")
    if _STANDIN and text == _STANDIN[0].text:
        return _STANDIN[0]
    cached = _cached(text)  # saved states embed the canonical text: found here directly
    if cached is not None:
        return cached
    document = parse_json(text, source, max_chars=MAX_COMPONENT_BYTES)
    return components_from_document(document, source)


def components_from_document(document: JSON, source: str = "components") -> Components:
    """Validate and build (or fetch the cached object for identical content)."""
    check_json(document, source)  # before json.dumps, which recurses
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    if _STANDIN and canonical == _STANDIN[0].text:
        return _STANDIN[0]
    cached = _cached(canonical)
    if cached is not None:
        return cached
    if len(canonical) > MAX_COMPONENT_BYTES:
        raise FormatError(
            f"{source}: {len(canonical)} characters is more than the limit of {MAX_COMPONENT_BYTES}"
        )
    return _remember(ComponentReader(source).build(document, canonical))
