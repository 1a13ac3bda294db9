"""The observation tensor's layout for Le Havre (``docs/rl/lehavre.md``): its fields in order,
each with its size, what it holds, the scale its raw counts are divided by and its true bounds.

The writer (``tensor.py``) looks every position up in tables built from these fields; a field's
scale is declared here once, next to its name and bounds.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import numpy as np

from ..core.encoding import Field
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    FULL,
    GOODS,
    LOAN_PENALTY,
    NUM_TOKEN_KINDS,
    OFFER_SPACES,
    OPTIONS,
    PROPOSAL_PILES,
    ROUND_CARDS,
    SHIP_TYPES,
    SPECIAL_BUILDINGS,
    SPECIAL_DEALT,
    SUPPLY_TILES,
    TOWN_BUILD_NAMES,
    TURNS_PER_ROUND,
)
from .decisions import DECISION_TYPES
from .limits import MAX_COUNTER, MAX_FRANCS, MAX_GOODS, MAX_LOANS
from .scoring import PLUS_BUILDINGS
from .state import OUT, PROPOSAL, SPECIAL_DECK, TOWN
from .turn import KINDS

__all__ = ["fields"]


# -- the observation layout ---------------------------------------------------------------------------
# Scales: counts are divided by a typical maximum so most values lie in 0..1. Those marked
# "can pass 1" have no bound in the rules (tokens and loans are unlimited; their true bounds are
# the loader's limits); one-hots and flags are 0/1.
GOODS_SCALE = 10  # goods and Offer-space tokens: a dozen is a lot
FRANCS_SCALE = 50
LOANS_SCALE = 5
WEALTH_SCALE = 100  # wealth can be negative (7 per unpaid loan)
FOOD_SCALE = max(food for card in ROUND_CARDS for food in card.food if food is not None)  # 35
AMOUNT_SCALE = 20  # a decision's food or energy due
STEP_SCALE = 10  # a decision's counts (goods to upgrade, builds done, goods handed over so far, ...)
PILE_DEPTH_SCALE = 10  # position in a Building Proposal pile (about 10 cards each)
SHIP_PILE_SCALE = max(t.cards for t in SHIP_TYPES)
DECISION_NAMES = tuple(cls.__name__ for cls in DECISION_TYPES)
DECISION_INDEX: dict[type, int] = {cls: k for k, cls in enumerate(DECISION_TYPES)}
# Per decision class: its count fields, in field order (at most two; a flag counts as 0/1).
_NOT_COUNTS = frozenset({"building", "wharf", "target", "ship_type", "seat", "first", "due", "chosen"})
DECISION_COUNTS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in attrs.fields(cls) if f.name not in _NOT_COUNTS) for cls in DECISION_TYPES
}
assert all(len(names) <= 2 for names in DECISION_COUNTS.values())
# The decision classes writing each field of their own (``Kind.slot``), for the fields' words.
_SLOT_OF = {
    slot: ", ".join(cls.__name__ for cls in DECISION_TYPES if KINDS[cls].slot == slot)
    for slot in ("target", "ship_type", "first")
}
OPTION_NAMES = tuple(OPTIONS)
WHARVES = (BUILDING_INDEX["wharf_1"], BUILDING_INDEX["wharf_2"])  # the ones that can be modernised
NUM_SHIP_CARDS = len(ROUND_CARDS)
MIN_OWNER = min(OUT, PROPOSAL, SPECIAL_DECK, TOWN)  # the owner codes below the seats

# True bounds of the counts the rules leave open: the loader's limits (``limits.py``), which every
# state a legal move reaches stays within. A good held or on an Offer space is at most MAX_GOODS,
# Francs (a seat's, or on the Francs space) at most MAX_FRANCS. Wealth is at most every Franc, every
# building's and ship's value, and the largest bonuses: the Storehouse's half a Franc per good, and
# 4 per building or ship (the most any other "+" building pays for one) for each other one.
MOST_WEALTH = (
    MAX_FRANCS
    + sum(b.value for b in BUILDINGS)
    + sum(card.ship_value for card in ROUND_CARDS)
    + MAX_GOODS // 2
    + 4 * (len(BUILDINGS) + NUM_SHIP_CARDS + 1) * (len(PLUS_BUILDINGS) - 1)
)
LEAST_WEALTH = -LOAN_PENALTY * MAX_LOANS  # no building, ship or Franc, every loan unpaid
MOST_IN_PILE = sum(1 for b in BUILDINGS if b.sort is not None)  # only these lie in proposal piles


def fields(num_players: int, variant: str, buildings: int, rounds: int) -> Iterator[tuple[Field, float]]:
    """The layout, field by field, each with the divisor its raw counts are scaled by (1: one-hots
    and flags) and its true bounds (raw bounds / divisor; the default 0..1 unless given)."""
    n, b, g = num_players, buildings, GOODS_SCALE
    # fmt: off
    rows: list[tuple[str, int, str, float] | tuple[str, int, str, float, tuple[float, float]]] = [
        ("observer", n, "1 at the observing seat (me)", 1),
        ("current_player", n, "1 at the seat deciding now (all 0 once the game is over)", 1),
        ("turn_player", n, "1 at the seat whose turn it is (one paying interest or food may differ)", 1),
        ("decision", len(DECISION_NAMES), "one-hot what is decided (all 0 once it is over): "
         + ", ".join(DECISION_NAMES), 1),
        ("round", rounds + 1, "one-hot round being played; the last position: the final stage", 1),
        ("turn", TURNS_PER_ROUND + 1, "one-hot turn of the round (Supply track position); last: feeding", 1),
        ("main_done", 1, "1 once the turn's main action is taken", 1),
        ("final_turns", 1, f"final actions left, / {n}", n),
        ("decision_building", b, "one-hot building the decision is about (fee, choice, payment)", 1),
        ("decision_target", b, f"one-hot building whose goods are being paid ({_SLOT_OF['target']})", 1),
        ("decision_ship_type", len(SHIP_TYPES), "one-hot ship type being built (wooden .. luxury)", 1),
        ("decision_first", n, f"one-hot first seat fed ({_SLOT_OF['first']})", 1),
        ("decision_due", 1, f"food or energy due, / {AMOUNT_SCALE}, can pass 1", AMOUNT_SCALE,
         (0, MAX_COUNTER)),
        ("decision_counts", 2,
         f"the decision's counts in field order (goods, builds, given ...), / {STEP_SCALE}", STEP_SCALE,
         (0, MAX_COUNTER)),
        ("decision_chosen", NUM_TOKEN_KINDS, f"counts chosen so far paying kind by kind, / {g}", g,
         (0, MAX_COUNTER)),
        ("rule_options", len(OPTION_NAMES),
         "per rule option: 1 if not its default: " + ", ".join(OPTION_NAMES), 1),
        ("round_card", NUM_SHIP_CARDS, "one-hot this round's card R01..R20 (none in the final stage)", 1),
        ("round_food", 1, f"this round's food demand, / {FOOD_SCALE} (the largest on any card)", FOOD_SCALE),
        ("round_harvest", 1, "1 if this round's card has a harvest", 1),
        ("round_town_build", len(TOWN_BUILD_NAMES), "one-hot town build: " + ", ".join(TOWN_BUILD_NAMES), 1),
        ("offers", len(OFFER_SPACES),
         f"tokens per Offer space (francs, fish, wood, clay, iron, grain, cattle), / {g}, can pass 1", g,
         (0, max(MAX_FRANCS, MAX_GOODS))),
        ("supply_tiles", TURNS_PER_ROUND * (len(SUPPLY_TILES) + 1),
         "per round space: one-hot Supply tile 0..6, or face down (8th)", 1),
        ("buildings", b * (n + 3),
         f"per building: one-hot seat 0..{n - 1}, town, proposal pile, out (box, face-down deck, unused)", 1),
        ("proposal_pile", b * PROPOSAL_PILES, "per building: one-hot Building Proposal pile it lies in", 1),
        ("proposal_depth", b, f"per building: position in its pile (0 = top), / {PILE_DEPTH_SCALE}",
         PILE_DEPTH_SCALE, (0, MOST_IN_PILE - 1)),
        ("proposal_top", b, "per building: 1 on top of a pile (can be bought or built)", 1),
        ("sold_this_turn", b, "per building: 1 if sold to the town this turn (cannot be bought back)", 1),
        ("modernised", len(WHARVES), "Wharf 1, Wharf 2: 1 if it carries a brick", 1),
        ("person", n * (b + 1), "per seat: one-hot building its Person disc is in; last: at home", 1),
        ("ship_cards", NUM_SHIP_CARDS * (n + 2),
         f"per ship card R01..R20: one-hot owner seat 0..{n - 1}, on its ship pile, elsewhere", 1),
        ("ship_pile_top", NUM_SHIP_CARDS, "per ship card: 1 on top of its pile (can be bought or built)", 1),
        ("ship_piles", len(SHIP_TYPES),
         f"cards per ship pile (wooden, iron, steel, luxury), / {SHIP_PILE_SCALE}",
         SHIP_PILE_SCALE),
    ]
    if variant == FULL:
        rows += [
            ("specials_left", 1, f"special buildings face down, / {SPECIAL_DEALT}", SPECIAL_DEALT),
            ("specials_seen", SPECIAL_DEALT * len(SPECIAL_BUILDINGS),
             "per face-down position (top first): one-hot the special card, if I looked at it", 1),
            ("specials_known_by", SPECIAL_DEALT * n, "per face-down position: 1 per seat that knows it", 1),
        ]
    rows += [
        ("goods", n * len(GOODS), f"per seat: goods held (fish .. leather), / {g}, can pass 1", g,
         (0, MAX_GOODS)),
        ("francs", n, f"per seat: Francs, / {FRANCS_SCALE}, can pass 1", FRANCS_SCALE, (0, MAX_FRANCS)),
        ("loans", n, f"per seat: loans not repaid, / {LOANS_SCALE}, can pass 1", LOANS_SCALE, (0, MAX_LOANS)),
        ("wealth", n, f"per seat: wealth now (buildings, ships, Francs, -7 per loan) / {WEALTH_SCALE}",
         WEALTH_SCALE, (LEAST_WEALTH, MOST_WEALTH)),
        ("food_due", n, f"per seat: food owed at round end after its ships, / {FOOD_SCALE}", FOOD_SCALE),
    ]
    # fmt: on
    for name, size, doc, divisor, *bounds in rows:
        low, high = bounds[0] if bounds else (0, divisor)
        yield Field(name, size, doc, low=_scaled(low, divisor), high=_scaled(high, divisor)), divisor


def _scaled(bound: float, divisor: float) -> float:
    """A raw bound as the tensor holds it: times the float32 scale, as the writer multiplies (so a
    value at the bound is within it, not a rounding step outside)."""
    return float(np.float32(bound) * np.float32(1.0 / divisor))
