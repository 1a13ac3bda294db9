"""The observation tensor of Le Havre (``docs/rl/lehavre.md``): its layout, and its writer.

``observation_tensor`` writes what ``observe(state, player)`` shows, straight from the state
(observing first copies the state, and cost ten decisions' worth in the full game): the writer
hides the face-down Supply tiles and the special cards the player has not looked at as it goes,
and equals the observe-then-write tensor on every state (``tests/lehavre/tensor_reference.py``
keeps that one). Every position it writes is looked up in tables made once per configuration
(``_Tables``); counts are written raw and multiplied by one scale vector, so each field's scale is
declared once, next to its name and true bounds, in ``tensor_layout.fields``.
"""

from __future__ import annotations

import functools
import operator
import struct
from collections.abc import Sequence
from itertools import compress
from operator import getitem
from typing import cast

import attrs
import numpy as np
import numpy.typing as npt

from ..core.checks import require_seat
from ..core.encoding import TensorLayout, fill_observations
from .action_ids import DEFAULT_PLAYERS, variant_buildings
from .codec import decision_building
from .data import (
    BUILDINGS,
    FRANC,
    FULL,
    GOODS,
    NUM_TOKEN_KINDS,
    OFFER_SPACES,
    OPTIONS,
    PROPOSAL_PILES,
    ROUND_CARD_INDEX,
    SHIP_TYPES,
    SPECIAL_BUILDINGS,
    SPECIAL_DEALT,
    STANDARD_BUILDINGS,
    SUPPLY_TILES,
    TURNS_PER_ROUND,
    round_cards,
)
from .decisions import DECISION_TYPES, Decision
from .effect import AmountDue
from .info import INFO
from .obligations import food_dues
from .observe import KNOWN_TO_THEM
from .offered import built_entry
from .scoring import wealths
from .state import OUT, PROPOSAL, SPECIAL_DECK, TOWN, State
from .tensor_layout import (
    DECISION_COUNTS,
    DECISION_INDEX,
    MIN_OWNER,
    NUM_SHIP_CARDS,
    OPTION_NAMES,
    WHARVES,
    fields,
)
from .turn import KINDS

__all__ = ["observation_layout", "observation_tensor", "observation_tensors"]


# -- the tensor writer's tables ---------------------------------------------------------------------
_OPTION_VALUES = operator.attrgetter(*OPTION_NAMES)
_OPTION_DEFAULTS = tuple(OPTIONS[name][0] for name in OPTION_NAMES)
_NO_CHOSEN = (0,) * NUM_TOKEN_KINDS
# The writer copies a seat's whole stock (goods, then Francs) in one go.
assert tuple(range(FRANC)) == GOODS and FRANC == NUM_TOKEN_KINDS - 1


@attrs.frozen
class _DecisionParts:
    """Where one decision class writes, and which of its fields (or properties: the Coal Trader's payment's
    ``due``) it has, so the writer reads them without ``getattr`` defaults, which cost an
    exception each time one is missing."""

    kind: int  # the position of its one-hot
    at: int  # its building's index, if the class names one (``codec.decision_building``), else -1
    building: str | None  # else the field holding its building, if any
    extra: str | None  # the field of its second one-hot (target, ship type, first seat fed)
    extra_at: int  # that one-hot's field offset
    due: bool  # has ``due``
    counts: tuple[str, ...]  # its count fields (``DECISION_COUNTS``)
    chosen: bool  # has ``chosen``
    ones: tuple[int, ...]  # its one-hot, and its building's if the class names one
    plain: bool  # no field is written (no building field, second one-hot, due, counts, chosen)


def _decision_parts(cls: type, at: dict[str, int]) -> _DecisionParts:
    """``cls``'s parts. ``codec.decision_building`` of an instance with no field set gives the
    building the class itself names (the Marketplace's decisions, ...), or -1: then the building
    is its ``wharf`` or ``building`` field, read as ``decision_building`` reads it."""
    fixed = decision_building(cast(Decision, object.__new__(cls)))
    building = "wharf" if hasattr(cls, "wharf") else "building" if hasattr(cls, "building") else None
    extra = _EXTRAS.get(cls)
    kind = at["decision"] + DECISION_INDEX[cls]
    if fixed >= 0:
        building = None
    due, counts, chosen = hasattr(cls, "due"), DECISION_COUNTS[cls], hasattr(cls, "chosen")
    return _DecisionParts(
        kind=kind,
        at=fixed,
        building=building,
        extra=extra,
        extra_at=at[_EXTRA_FIELDS[extra]] if extra else 0,
        due=due,
        counts=counts,
        chosen=chosen,
        ones=(kind, at["decision_building"] + fixed) if fixed >= 0 else (kind,),
        plain=building is None and extra is None and not (due or counts or chosen),
    )


# The classes with a second one-hot, its field (as each kind declares it), and that field's slice.
_EXTRAS = {decision: kind.slot for decision, kind in KINDS.items() if kind.slot is not None}
_EXTRA_FIELDS = {"target": "decision_target", "ship_type": "decision_ship_type", "first": "decision_first"}


class _Tables:
    """One configuration's layout, its fields' start offsets and scale vector, and every position
    the writer needs, computed once (``_tables``): per building, seat, card or round, the position
    of each of its one-hots, so that writing a state is looking up and collecting."""

    def __init__(self, num_players: int, variant: str) -> None:
        n = self.num_players = num_players
        self.variant = variant
        b = self.buildings = len(variant_buildings(variant))
        cards = round_cards(num_players, variant)
        self.rounds = len(cards)
        scaled = list(fields(num_players, variant, self.buildings, self.rounds))
        self.layout = TensorLayout(tuple(field for field, _ in scaled))
        at = self.start = {name: where.start for name, where in self.layout.offsets.items()}
        self.scale = np.ones(self.layout.size, dtype=np.float32)
        for field, divisor in scaled:
            self.scale[self.layout.offsets[field.name]] = np.float32(1.0 / divisor)
        self.scale.flags.writeable = False
        # Seats, round and turn.
        self.observer = at["observer"]
        self.current_player = at["current_player"]
        self.turn_player = at["turn_player"]
        self.turn = at["turn"]
        # Per round (the final stage last): its one-hots (round, card, town build) and its food
        # demand and harvest flag (0 in the final stage).
        self.round_parts: list[tuple[tuple[int, ...], tuple[int, int]]] = []
        for number, card in enumerate(cards):
            ones = (
                at["round"] + number,
                at["round_card"] + ROUND_CARD_INDEX[card.card],
                at["round_town_build"] + card.town_build_for(n),
            )
            self.round_parts.append((ones, (card.food_demand(n), card.harvest)))
        self.round_parts.append(((at["round"] + self.rounds,), (0, 0)))
        self.decision = {cls: _decision_parts(cls, at) for cls in DECISION_TYPES}
        self.decision_building = at["decision_building"]
        self.rule_options = tuple(at["rule_options"] + k for k in range(len(OPTION_NAMES)))
        # Supply tiles: per round space, the position of each tile, the last (index -1) face down.
        width = len(SUPPLY_TILES) + 1
        self.tile = tuple(
            tuple(at["supply_tiles"] + space * width + k for k in range(width))
            for space in range(TURNS_PER_ROUND)
        )
        self.tile_hidden = tuple(places[-1] for places in self.tile)
        # Buildings: per building, the position of each owner code, indexed by the code itself
        # (seats 0..n-1; TOWN -1, PROPOSAL -2, OUT -3 and SPECIAL_DECK -4 count from the end; the
        # face-down deck shows as out, as ``observe`` makes it).
        place = {TOWN: n, PROPOSAL: n + 1, OUT: n + 2, SPECIAL_DECK: n + 2}
        place.update((seat, seat) for seat in range(n))
        codes = list(range(n)) + list(range(MIN_OWNER, 0))
        self.building = tuple(
            tuple(at["buildings"] + building * (n + 3) + place[code] for code in codes)
            for building in range(b)
        )
        every = range(len(BUILDINGS))  # as the reference writes: any index a pile holds
        self.pile = tuple(
            tuple(at["proposal_pile"] + building * PROPOSAL_PILES + k for building in every)
            for k in range(PROPOSAL_PILES)
        )
        self.pile_at = tuple(on.__getitem__ for on in self.pile)
        self.top = tuple(at["proposal_top"] + building for building in every)
        self.sold = tuple(at["sold_this_turn"] + building for building in every)
        # Person discs: per seat, the position of each building, and at home at index -1.
        self.person = tuple(
            tuple(at["person"] + seat * (b + 1) + where for where in range(b + 1)) for seat in range(n)
        )
        # Ship cards: per card, the position of each place (seat 0..n-1, its pile, elsewhere).
        self.ship = tuple(
            tuple(at["ship_cards"] + card * (n + 2) + where for where in range(n + 2))
            for card in range(NUM_SHIP_CARDS)
        )
        self.elsewhere = [n + 1] * NUM_SHIP_CARDS
        self.ship_top = tuple(at["ship_pile_top"] + card for card in range(NUM_SHIP_CARDS))
        # The face-down special deck (full game): what "nobody looked" is, per deck size (all
        # seats, and one seat), and the positions of a looked-at card and of a seat knowing a
        # position.
        specials = len(SPECIAL_BUILDINGS)
        self.unseen = {size: ((-1,) * size,) * n for size in range(SPECIAL_DEALT + 1)}
        first = len(STANDARD_BUILDINGS)
        self.special_seen = tuple(
            tuple(
                at.get("specials_seen", 0) + position * specials + card - first
                for card in range(len(BUILDINGS))
            )
            for position in range(SPECIAL_DEALT)
        )
        self.unseen_by_one = tuple((-1,) * size for size in range(SPECIAL_DEALT + 1))
        self.known_by_seat = tuple(
            tuple(at.get("specials_known_by", 0) + position * n + seat for position in range(SPECIAL_DEALT))
            for seat in range(n)
        )
        # Every count, in the order the writer lists them: the fields of fixed size, per seat its
        # stock (goods, then Francs) and loans, every seat's wealth, every seat's food due (as the
        # rules hand them over, a list each), the proposal depths, and last
        # the decision's due, counts and goods chosen, left out where the decision has none of
        # them (``count_at[:-decision_counts]``). One store writes them all (the writer lists each,
        # 0 or not: fewer branches than skipping the 0s).
        counts = [at["main_done"], at["final_turns"], at["round_food"], at["round_harvest"]]
        counts += range(at["offers"], at["offers"] + len(OFFER_SPACES))
        counts += range(at["modernised"], at["modernised"] + len(WHARVES))
        counts += range(at["ship_piles"], at["ship_piles"] + len(SHIP_TYPES))
        if variant == FULL:
            counts.append(at["specials_left"])
        kinds = len(GOODS)
        for seat in range(n):
            counts += range(at["goods"] + seat * kinds, at["goods"] + (seat + 1) * kinds)
            counts += [at["francs"] + seat, at["loans"] + seat]
        counts += range(at["wealth"], at["wealth"] + n)
        counts += range(at["food_due"], at["food_due"] + n)
        counts += range(at["proposal_depth"], at["proposal_depth"] + b)
        plain = len(counts)
        counts += [at["decision_due"], at["decision_counts"], at["decision_counts"] + 1]
        counts += range(at["decision_chosen"], at["decision_chosen"] + NUM_TOKEN_KINDS)
        assert len(counts) - plain == len(_NO_DECISION_COUNTS)
        self.count_at = np.array(counts, dtype=np.intp)
        self.count_at.flags.writeable = False
        self.pack_counts = struct.Struct(f"{len(counts)}q").pack
        self.count_scale = self.scale[self.count_at]  # (a one-hot's scale is 1)
        self.plain_count_at, self.plain_count_scale = self.count_at[:plain], self.count_scale[:plain]
        self.pack_plain_counts = struct.Struct(f"{plain}q").pack
        # The one-hots' packers, per count up to a bound no valid state reaches (a longer list,
        # from a malformed state, is packed by ``struct.pack``).
        most = 64 + b + len(BUILDINGS) + n + 2 * NUM_SHIP_CARDS + SPECIAL_DEALT * (n + 1)
        self.pack = tuple(struct.Struct(f"{k}q").pack for k in range(most))


@functools.cache
def _tables(num_players: int, variant: str) -> _Tables:
    return _Tables(num_players, variant)


def observation_layout(num_players: int = DEFAULT_PLAYERS, variant: str | None = None) -> TensorLayout:
    """The named slices of ``observation_tensor`` for this configuration."""
    return _tables(num_players, INFO.check_configuration(num_players, variant)).layout


def _layout_of(state: State) -> TensorLayout:
    return _tables(state.num_players, state.rules.variant).layout


def observation_tensor(state: State, player: int) -> npt.NDArray[np.float32]:
    """What ``player`` may know, as the float32 vector of ``observation_layout``."""
    n = state.num_players
    if type(player) is not int or not 0 <= player < n:
        require_seat(player, n)  # raises: not a seat
    t = _tables(n, state.rules.variant)
    row = np.zeros(t.layout.size, dtype=np.float32)
    _write(state, player, t, row)
    return row


def observation_tensors(
    states: Sequence[State], seats: Sequence[int], out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """Row ``k``: ``observation_tensor(states[k], seats[k])``, for many games of one configuration
    at once (``out``: the array to fill, reused across steps).

    >>> from harborgames import lehavre
    >>> states = [lehavre.new_game(3, seed=seed) for seed in range(4)]
    >>> lehavre.observation_tensors(states, [0, 1, 2, 0]).shape == (4, lehavre.observation_layout(3).size)
    True
    """
    return fill_observations(_write_observation, _layout_of, states, seats, out)


def _write_observation(state: State, player: int, row: npt.NDArray[np.float32]) -> None:
    """``player``'s view of ``state`` into ``row`` (zeroed), read straight from the state.

    Equal to writing ``observe(state, player)`` (``tests/lehavre/tensor_reference.py``), hiding as
    it goes what ``observe`` hides: the Supply tiles not yet turned up are written face down, the
    special cards face down show as out of the game, and of the special deck only its size, the
    cards ``player`` looked at and which seats looked. Every one-hot's position is collected in
    one list, every count in another (in the fixed order of ``_Tables.count_at``), and each list
    is stored at once, the counts scaled by their fields' scales. Most of it is C-level work
    (``map``, list ``+=``, ``struct``): a Python line costs as much as copying a tuple.
    """
    n = state.num_players
    if type(player) is not int or not 0 <= player < n:
        require_seat(player, n)  # raises: not a seat
    _write(state, player, _tables(n, state.rules.variant), row)


def _write(state: State, player: int, t: _Tables, row: npt.NDArray[np.float32]) -> None:
    """``_write_observation`` for a checked seat, with the configuration's tables."""
    round_ones, round_counts = t.round_parts[state.round if state.round < t.rounds else t.rounds]
    turn = state.turn if state.turn < TURNS_PER_ROUND else TURNS_PER_ROUND  # 7 while the round ends
    ones = [t.observer + player, t.turn_player + state.turn_player, t.turn + turn, *round_ones]
    if state.current_player is not None:
        ones.append(t.current_player + state.current_player)
    # The decision (its counts are listed last) and rule options.
    decision = state.decision
    decided: list[int] | None = None  # the decision's counts, if it has any
    if decision is not None:
        parts = t.decision[type(decision)]
        ones += parts.ones
        if not parts.plain:
            decided = _write_decision(decision, parts, t, ones)
    options = _OPTION_VALUES(state.rules)
    if options != _OPTION_DEFAULTS:
        ones += [
            at
            for at, value, default in zip(t.rule_options, options, _OPTION_DEFAULTS, strict=True)
            if value != default
        ]
    counts: list[int] = [state.main_done, state.final_turns, *round_counts]
    # The Supply: the Offer spaces, and the tiles turned up (the others face down).
    counts += state.offers
    revealed = state.revealed
    ones += map(getitem, t.tile, state.tiles[:revealed])
    ones += t.tile_hidden[revealed : len(state.tiles)]
    # Buildings: where each is, the proposal piles fanned out, sales.
    ones += map(getitem, t.building, state.owner)
    depth = [0] * t.buildings
    for k, pile in enumerate(state.piles):
        if pile:
            ones += map(t.pile_at[k], pile)
            ones.append(t.top[pile[0]])
            for place, building in enumerate(pile):
                depth[building] = place
    if state.sold:
        ones += map(t.sold.__getitem__, state.sold)
    modernised = state.modernised
    counts += (WHARVES[0] in modernised, WHARVES[1] in modernised)
    # Ship cards: on their pile (the top one marked), owned (below, per seat), or elsewhere.
    ship_piles = state.ship_piles
    counts += map(len, ship_piles)
    on_pile = t.num_players
    placed = t.elsewhere.copy()
    for pile in ship_piles:
        if pile:
            ones.append(t.ship_top[pile[0]])
            for card in pile:
                placed[card] = on_pile
    # The special deck as ``player`` knows it (observe: its own knowledge as the deck).
    if t.variant == FULL:
        specials = state.specials
        counts.append(len(state.known[player]) if specials else 0)
        if state.known != t.unseen.get(len(specials)):  # someone looked (the Marketplace)
            _write_known(state, player, t, ones)
    # Per seat: Person disc, stock, loans, and wealth and food due as the rules count them.
    # (Loops here count seats or piles with ``enumerate``: ``zip``'s ``strict`` keyword alone
    # costs more than the loop.)
    players = state.players
    ships_owned = False
    person = t.person
    for seat, p in enumerate(players):
        ones.append(person[seat][p.location])
        counts += p.stock
        counts.append(p.loans)
        if p.ships:
            ships_owned = True
    counts += wealths(state.rules, players, built_entry(state).owned, state.current_player is None)
    counts += food_dues(state)
    if ships_owned:
        for seat, p in enumerate(players):
            for card in p.ships:
                placed[card] = seat
    ones += map(getitem, t.ship, placed)
    counts += depth
    k = len(ones)
    packed = t.pack[k](*ones) if k < len(t.pack) else struct.pack(f"{k}q", *ones)
    row[np.frombuffer(packed, _INT64)] = 1.0
    if decided is None:
        raw = np.frombuffer(t.pack_plain_counts(*counts), _INT64)
        row[t.plain_count_at] = raw.astype(np.float32) * t.plain_count_scale
    else:
        counts += decided
        raw = np.frombuffer(t.pack_counts(*counts), _INT64)
        row[t.count_at] = raw.astype(np.float32) * t.count_scale


_INT64 = np.dtype(np.int64)


def _write_decision(decision: Decision, parts: _DecisionParts, t: _Tables, ones: list[int]) -> list[int]:
    """A decision's building (from its field) and second one-hot into ``ones``, and its food or
    energy due, counts and goods chosen so far as the list returned: the classes that have any
    of them."""
    if parts.building is not None:
        building = getattr(decision, parts.building)
        if isinstance(building, int) and 0 <= building < len(BUILDINGS):
            ones.append(t.decision_building + building)
    if parts.extra is not None:
        ones.append(parts.extra_at + getattr(decision, parts.extra))
    counts = [cast(AmountDue, decision).due if parts.due else 0]
    names = parts.counts
    if names:
        counts += [getattr(decision, name) for name in names]
    counts += _NO_COUNTS[len(names) :]
    if parts.chosen:
        chosen = cast(AmountDue, decision).chosen[:NUM_TOKEN_KINDS]
        counts += chosen
        counts += _NO_CHOSEN[len(chosen) :]
    else:
        counts += _NO_CHOSEN
    return counts


_NO_COUNTS = (0, 0)
_NO_DECISION_COUNTS = (0, *_NO_COUNTS, *_NO_CHOSEN)  # due, counts, chosen


def _write_known(state: State, player: int, t: _Tables, ones: list[int]) -> None:
    """The special cards ``player`` looked at, and which seats looked at each position, as
    ``observe`` shows them: with a deck, ``player``'s own knowledge as it is (a card, or
    KNOWN_TO_THEM in a state read back from an observation) and only the cards another seat
    looked at; without one (an observation), ``known`` as it is. A seat that looked at nothing
    is skipped in one comparison (most looks are one seat's, of one or two cards: plain loops
    cost less here than ``compress``); only the deck's first ``SPECIAL_DEALT`` positions are
    written, as ``observe`` does."""
    known = state.known
    specials = state.specials
    if not specials:
        for column, cards in zip(t.known_by_seat, known, strict=False):
            ones += compress(column, [card >= 0 or card == KNOWN_TO_THEM for card in cards])
        return
    nothing = t.unseen_by_one[len(specials)] if len(specials) <= SPECIAL_DEALT else None
    for seat, cards in enumerate(known):
        if cards == nothing:
            continue
        column = t.known_by_seat[seat]
        if seat == player:
            for position, card in enumerate(cards[:SPECIAL_DEALT]):
                if card >= 0:
                    ones.append(t.special_seen[position][card])
                    ones.append(column[position])
                elif card == KNOWN_TO_THEM:
                    ones.append(column[position])
        else:
            for position, card in enumerate(cards[:SPECIAL_DEALT]):
                if card >= 0:
                    ones.append(column[position])
