"""Port Gdańsk's components: the rulebook's fixed numbers and the replaceable component file.

The rulebook fixes the goods, sectors, cruise-ship sizes, dice symbols and rule numbers; it does
not print the board map, the Port cards, the Order tokens, the Cruise Ship values or the exact
dice faces. Those come from a component file. The package ships ``components.json``, a checked
**stand-in** (invented, not the published components); a user passes the real data with
``new_game(..., components=PATH)``. ``load_components`` validates a file against every rulebook
constraint and refuses a bad one with a ``FormatError`` naming section, entry and constraint.

A loaded ``Components`` is immutable and shared by every state of a game (structural sharing);
two loads of the same content give the same object while it is among the last
``CACHE_SIZE`` loaded (the shipped stand-in always), and equality is by content digest.

Limits (docs/protocol.md, "What the boundary guarantees"): a component file or embedded
component text of at most ``MAX_COMPONENT_BYTES``; ``meta.note`` at most ``MAX_NOTE_CHARS``
printable characters, other names at most ``MAX_NAME_CHARS``; location and token ids 1 to
``MAX_ID_CHARS`` printable characters without spaces (``str.isprintable``: no whitespace,
control, format or separator characters), unique without regard to case, so that the notation
reads every id back; every number an ``int`` (not a float or boolean) up to ``MAX_NUMBER``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Generic, Literal, TypedDict, TypeVar

import attrs

from ..core.codec import JSON
from ..core.options import option, options_of
from .actions import Move

# -- what the rulebook itself fixes ------------------------------------------------------------

GOODS = ("grain", "liquid_fuels", "coal", "containers", "cargo", "ro_ro")
GOOD_INDEX = {name: i for i, name in enumerate(GOODS)}
# weight (loading symbols per cube), cubes in the box, VP per cube unloaded in Central Port
RULEBOOK_GOODS = {
    "grain": (1, 12, 2),
    "liquid_fuels": (1, 12, 2),
    "coal": (1, 12, 2),
    "containers": (2, 10, 3),
    "cargo": (2, 10, 3),
    "ro_ro": (3, 8, 4),
}
SECTORS = ("blue", "purple", "green", "brown")
SECTOR_INDEX = {name: i for i, name in enumerate(SECTORS)}
CRUISE_SIZES = ("small", "medium", "large")
CRUISE_INDEX = {name: i for i, name in enumerate(CRUISE_SIZES)}
CRUISE_WORKERS = (3, 5, 8)  # workers returned to serve a small / medium / large cruise ship
CRUISE_CARDS = 21
NUM_QUAYS = 20
NUM_TOKENS = 20
DIE_KINDS = ("loading", "movement", "recruitment")
DIE_LETTERS = ("L", "M", "R")  # face codes in the notation: L2 = double loading symbol
LOADING, MOVEMENT, RECRUITMENT = 0, 1, 2


class RulebookRules(TypedDict):
    """The rulebook's numbers, which a component file's ``rules`` section repeats."""

    end_vp: int
    influence_markers: int
    cargo_capacity: int
    initial_cards: int
    cards_per_order: int
    sector_vp_per_marker: int
    hr_swap_cost: int
    hr_place_cost: int
    set_scores: list[int]


# The rulebook's numbers, checked against the file's "rules" section.
RULEBOOK_RULES: RulebookRules = {
    "end_vp": 60,
    "influence_markers": 8,
    "cargo_capacity": 9,
    "initial_cards": 3,
    "cards_per_order": 2,
    "sector_vp_per_marker": 2,
    "hr_swap_cost": 2,
    "hr_place_cost": 3,
    "set_scores": [0, 1, 3, 6, 10],
}
TWO_PLAYER_TOKENS_REMOVED = 5
# Facts the rulebook's examples state about the printed board (checked in a user's file too).
RULEBOOK_QUAY_SECTORS = {1: "blue", 2: "blue", 3: "blue", 4: "blue", 5: "blue", 12: "green", 17: "brown"}
RULEBOOK_DOUBLE = (9, 14)  # Górniczy Basin and Rudowe Quay share one location
RULEBOOK_ADJACENT = (20, 18)  # Krakowskie Quay to Przemysłowe Quay: one move
RULEBOOK_DISTANCE = (20, 9, 2)  # Krakowskie Quay to Górniczy Basin: two moves


K = TypeVar("K")
V = TypeVar("V")


@attrs.frozen(eq=False)  # each declared table is its own, whatever its name
class MemoTable(Generic[K, V]):
    """One table of ``Memo``, declared beside the rule that fills it: its name says what it
    holds, its type parameters its keys and values (``dice.DICE_ENTRIES``, say). The tables are
    named here by key, not as fields of ``Memo``, because what they hold (turn progress, the
    tensor writer's tables) is defined in modules that read this one."""

    name: str  # what the table holds, per what key


class Memo:
    """``Components.memo``: tables derived only from the components (and the rule options and
    player count that key them), filled where they are first read, so a value is made once per
    component file rather than on every decision. Never part of equality (``Components`` compares
    by digest); it pickles and copies empty, whatever it holds being made again on demand (the
    tensor's float32 blocks are memoryviews, which do not pickle)."""

    __slots__ = ("_tables",)

    def __init__(self) -> None:
        self._tables: dict[MemoTable[Any, Any], dict[Any, Any]] = {}

    def __reduce__(self) -> tuple[type[Memo], tuple[()]]:
        return (Memo, ())

    def table(self, table: MemoTable[K, V]) -> dict[K, V]:
        """The table ``table`` names, empty until its first entry."""
        held = self._tables.get(table)
        if held is None:
            held = self._tables[table] = {}
        return held


@attrs.frozen(slots=True, eq=False)
class Components:
    """Every table the rules read, precomputed once from a validated component document."""

    digest: str  # sha256 of ``text``; equality and hashing use it
    text: str  # the document as canonical JSON (what a saved state embeds)
    data_status: str  # "stand-in" for the shipped file
    weight: tuple[int, ...]  # per good: loading symbols per cube
    supply: tuple[int, ...]  # per good: cubes in the game (the limited common supply)
    unload_vp: tuple[int, ...]  # per good: VP per cube unloaded in Central Port
    quay_name: tuple[str, ...]  # per quay index (printed number - 1)
    quay_sector: tuple[int, ...]  # per quay: sector index
    quay_workers: tuple[int, ...]  # per quay: workers its Port card asks to execute the order
    quay_location: tuple[int, ...]  # per quay: the location (movement node) it belongs to
    sector_mask: tuple[int, ...]  # per sector: bitmask over quays (bit q = quay index q)
    location_ids: tuple[str, ...]  # per location: its id in the file
    location_index: Mapping[str, int]  # id -> location index
    location_quays: tuple[tuple[int, ...], ...]  # per location: its quays (two on a double)
    central_port: int  # the Central Port location
    distance: tuple[tuple[int, ...], ...]  # moves between two locations
    reach: tuple[tuple[tuple[Move, ...], ...], ...]  # [location][arrows]: Move actions in range
    token_ids: tuple[str, ...]  # per Order token
    token_vp: tuple[int, ...]
    token_bonus: tuple[int, ...]  # per token: the good on its back, or -1
    token_requires: tuple[tuple[int, ...], ...]  # per token: cubes required, per good
    cruise_vp: tuple[tuple[int, ...], ...]  # per size: the card values, as listed
    dice_count: int
    die_sides: tuple[int, ...]  # the six sides of a die, as face ids
    face_codes: tuple[str, ...]  # per face id: "L1", "M2", ...
    face_kind: tuple[int, ...]  # per face id: LOADING, MOVEMENT or RECRUITMENT
    face_value: tuple[int, ...]  # per face id: number of symbols
    removable_sectors: tuple[int, ...]  # two players: the colours that may sit out
    end_vp: int
    influence_markers: int
    cargo_capacity: int
    initial_cards: int
    cards_per_order: int
    sector_vp_per_marker: int
    hr_swap_cost: int
    hr_place_cost: int
    set_scores: tuple[int, ...]  # VP for a set of 0..4 different colours
    memo: Memo = attrs.field(factory=Memo, repr=False)  # tables derived from these, filled lazily

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Components) and self.digest == other.digest)

    def __hash__(self) -> int:
        return hash(self.digest)

    @property
    def face_index(self) -> dict[str, int]:
        return {code: i for i, code in enumerate(self.face_codes)}

    def document(self) -> JSON:
        """The component document as plain JSON data."""
        document: JSON = json.loads(self.text)
        return document


MAX_COMPONENT_BYTES = 65_536
"""The largest component file (bytes) or embedded component text (characters); the stand-in has
under 7,000. A saved state embeds the text, so this bounds every state's JSON too."""
MAX_NOTE_CHARS = 4_000
"""``meta.note``: free text about the data's source (the stand-in's has about 400 characters)."""
MAX_NAME_CHARS = 64
"""``meta.name``, ``meta.data_status`` and quay names: printable text, spaces allowed."""
MAX_ID_CHARS = 32
"""Location and Order-token ids: printable, without spaces (they are words of the notation)."""
MAX_NUMBER = 99
"""Every count and VP value in the file (the printed components show one or two digits)."""
CACHE_SIZE = 32
"""Distinct component documents kept for reuse (least recently used dropped first)."""

# -- rule options ------------------------------------------------------------------------------


# Each open question of the rulebook that a reasonable player could read either way; the first
# value is the default. docs/rules/gdansk.md gives the reasoning for each.
@attrs.frozen(slots=True)
class Rules:
    """The rule options and components a game was started with (shared by all its states).

    Each option's first value is the default (docs/rules/gdansk.md, "Rule options").
    """

    components: Components  # the board, cards, tokens, ships and dice in use
    # "place your meeple on any location": the Central Port is a location too.
    meeple_start: Literal["any_location", "quays_only"] = option("any_location", "quays_only")
    # Loading and unloading both spend loading symbols: once ("either") or each in full ("both").
    load_and_unload: Literal["either", "both"] = option("either", "both")
    # "Before and/or after performing all of your actions from your dice roll": additional
    # actions may not split the dice actions ("around_dice"), or may come at any time.
    additional_actions: Literal["around_dice", "any_time"] = option("around_dice", "any_time")
    # Two players: the colour that sits out is drawn at random, or chosen by the first player.
    two_player_removed_sector: Literal["random", "first_player_chooses"] = option(
        "random", "first_player_chooses"
    )


OPTIONS = options_of(Rules)

MAX_PLAYERS = 4
# The rulebook has no turn limit; random play could in principle never trigger an end, so the
# engine ends the game after this many rounds (docs/rules/gdansk.md, "Deviations").
ROUND_LIMIT = 100
