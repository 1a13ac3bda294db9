"""Integer actions and observation tensors for the Inland Port (``docs/rl/inland_port.md``).

Every Inland Port decision ranges over a finite static set, so the whole action space is a fixed
catalogue and needs no slots:

- ``Build``, ``Use``, ``Sell``: one id per building of ``data.BUILDINGS`` (31 each).
- ``Pass`` and ``End``.
- ``Times(k)``, k = 0..4: a building's sector gives at most 4 applications (``SECTOR_APPLICATIONS``).
- ``Move``: every vector of effective steps per good with at most ``MAX_MOVE_STEPS`` steps in all.
- ``Pay``: the goods/Clay-Wood payments the building costs allow, and every food payment up to
  ``MAX_FOOD_PAID`` goods.

The catalogue is the union over all rule options (``Rules``), so the ids of a variant do not depend
on the options a game was started with.

>>> from harborgames import inland_port as ip
>>> state = ip.new_game(seed=1)
>>> ip.num_distinct_actions(), [ip.encode(state, a) for a in ip.legal_actions(state)]
(550, [0, 1, 2, 3, 4])
>>> str(ip.decode(state, 93)), ip.observation_tensor(state, 0).shape
('pass', (468,))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product
from typing import cast

import numpy as np
import numpy.typing as npt

from ..core.checks import require_seat
from ..core.encoding import ActionSpace, Field, TensorLayout, bind_ids, fill_masks, fill_observations
from .actions import Action, Build, End, Move, Pass, Pay, Sell, Times, Use
from .codec import CODEC
from .data import (
    BUILDINGS,
    FOOD_COST,
    GOOD_NAMES,
    MAX_GOODS,
    NUM_BUILDINGS,
    NUM_ROUNDS,
    OPTIONS,
    ROUND_ACTIONS,
    SECTOR_APPLICATIONS,
    SECTOR_LABELS,
    WOOD_CLAY,
    Rules,
)
from .decisions import DECISION_TYPES, ChooseUse, PayBuildCost, PayExchangeFood
from .info import INFO
from .limits import MAX_FRANCS
from .observe import observe
from .render import render
from .state import State
from .turn import legal_actions

__all__ = [
    "action_space",
    "decode",
    "encode",
    "legal_action_mask",
    "legal_action_masks",
    "num_distinct_actions",
    "observation_layout",
    "observation_string",
    "observation_tensor",
    "observation_tensors",
]

NUM_PLAYERS = 2
MAX_APPLICATIONS = max(SECTOR_APPLICATIONS)  # 4: the "4" and "4+" sectors
# The Pier shares N + 2 right-steps among the markers (Craftsmen's Yard N + 1, Marketplace N), and
# N <= 4; every other Move (Hardware Store, Weekly Market, the guilds, Business Office) has at most
# N steps, so no Move ever holds more than 6 effective steps.
MAX_MOVE_STEPS = MAX_APPLICATIONS + 2
# A payment never overpays by 3 or more: the markers it lowers would all have kept their column
# (else one column more is still enough and dominates), and then one of them could stay a row
# higher (``warehouse.payment_ends``). So a single payment of a is at most a + 2 goods.
MAX_OVERPAY = 2
# Food paid at once: a building's food cost (Zoo: 15) + 2. Per-application payments of the Wood
# Trader pay at most 4 x (2 + 2) = 16 and of the Restaurant 4 x (1 + 2) = 12.
MAX_FOOD_PAID = max(b.cost.amount for b in BUILDINGS if b.cost.kind == FOOD_COST) + MAX_OVERPAY
# Francs have no printed bound; this scale puts a typical end-of-game fortune near 1. Their bound in
# the tensor is the loader's limit (``limits.MAX_FRANCS``), which no game played on from a loaded
# position passes.
FRANCS_SCALE = 100.0


# -- the action catalogue -------------------------------------------------------------------------
def _building_actions() -> list[Action]:
    builds: list[Action] = [Build(b.id) for b in BUILDINGS]
    uses: list[Action] = [Use(b.id) for b in BUILDINGS]
    sells: list[Action] = [Sell(b.id) for b in BUILDINGS]
    return builds + uses + sells


def _move_actions() -> list[Action]:
    """Every step vector with at most ``MAX_MOVE_STEPS`` steps, in lexicographic order."""
    steps = range(MAX_MOVE_STEPS + 1)
    return [Move(*counts) for counts in product(steps, repeat=4) if sum(counts) <= MAX_MOVE_STEPS]


def _paid_range(cost: int) -> range:
    """The goods one marker can give up for ``cost`` of its good (nothing for a cost of 0)."""
    if cost <= 0:
        return range(0, 1)
    return range(cost, min(cost + MAX_OVERPAY, MAX_GOODS) + 1)


def _wood_clay_payments() -> list[tuple[int, int]]:
    """(clay, wood) paid for some Wood/Clay building cost, in sorted order."""
    paid = {
        (clay, wood)
        for b in BUILDINGS
        if b.cost.kind == WOOD_CLAY
        for wood in _paid_range(b.cost.wood)
        for clay in _paid_range(b.cost.clay)
    }
    return sorted(paid)


def _pay_actions() -> list[Action]:
    wood_clay: list[Action] = [Pay(clay=clay, wood=wood) for clay, wood in _wood_clay_payments()]
    food: list[Action] = [
        Pay(fish=fish, grain=grain)
        for fish in range(MAX_FOOD_PAID + 1)
        for grain in range(MAX_FOOD_PAID + 1)
        if 1 <= fish + grain <= MAX_FOOD_PAID
    ]
    return wood_clay + food


def catalogue() -> list[Action]:
    """Every action with its id at its position; built from the data tables, in a fixed order."""
    return [
        *_building_actions(),
        Pass(),
        End(),
        *(Times(k) for k in range(MAX_APPLICATIONS + 1)),
        *_move_actions(),
        *_pay_actions(),
    ]


@cache
def action_space(num_players: int = NUM_PLAYERS, variant: str | None = None) -> ActionSpace[State, Action]:
    """The one action space of the Inland Port (2 players, one variant)."""
    INFO.check_configuration(num_players, variant)
    return ActionSpace(catalogue(), (), legal_actions)


def _space_of(state: State) -> ActionSpace[State, Action]:
    return action_space(state.num_players)


num_distinct_actions, encode, decode, legal_action_mask = bind_ids(action_space, _space_of, NUM_PLAYERS)


# -- the observation tensor -----------------------------------------------------------------------
GOODS_SQUARES = MAX_GOODS + 1
WHEEL_SECTORS = len(SECTOR_LABELS)
# Each rule option's values, in the tensor's order: the options change the legal actions
# (payments, choices), so the tensor holds them (equal tensors, equal legal actions).
OPTION_VALUES = tuple((name, value) for name, values in OPTIONS.items() for value in values)


@cache
def observation_layout(num_players: int = NUM_PLAYERS, variant: str | None = None) -> TensorLayout:
    """The slices of the tensor; seats are absolute (seat 0 first), ``me`` says which one I am."""
    INFO.check_configuration(num_players, variant)
    seats = num_players
    fields = (
        Field("me", seats, "one-hot: the observing seat"),
        Field("current_player", seats, "one-hot: the seat deciding now (all 0 once over)"),
        Field("first_player", seats, "one-hot: the seat holding the A-F board"),
        Field(
            "decision",
            len(DECISION_TYPES),
            "one-hot: what is decided, "
            + ", ".join(kind.__name__ for kind in DECISION_TYPES)
            + " (all 0 once over)",
        ),
        Field("round", NUM_ROUNDS + 1, "one-hot: rounds A..L, then over"),
        Field("actions_left", 1, f"main actions left in the round / {max(ROUND_ACTIONS)}"),
        Field(
            "francs",
            seats,
            f"Francs per seat / {FRANCS_SCALE:g} (no printed bound: the loader's limit, {MAX_FRANCS:,})",
            high=MAX_FRANCS / FRANCS_SCALE,
        ),
        Field("goods", seats * 4, f"per seat, {', '.join(GOOD_NAMES)} / {MAX_GOODS}"),
        Field(
            "warehouse",
            seats * 4 * GOODS_SQUARES,
            f"per seat and good, one-hot of the count 0..{MAX_GOODS} (its square: row n // 3, column n % 3)",
        ),
        Field("available", NUM_BUILDINGS, "per building: entered and not built (may be built)"),
        Field("owner", NUM_BUILDINGS * seats, "per building, one-hot of the owning seat"),
        Field(
            "sector",
            NUM_BUILDINGS * WHEEL_SECTORS,
            "per built unlocked building, one-hot of its wheel sector " + ", ".join(SECTOR_LABELS),
        ),
        Field("decision_building", NUM_BUILDINGS, "one-hot: the building a choice or payment is for"),
        Field("decision_applications", 1, f"ChooseUse: the use's applications N / {MAX_APPLICATIONS}"),
        Field("decision_times", 1, f"PayExchangeFood: the exchanges chosen / {MAX_APPLICATIONS}"),
        Field(
            "rules",
            len(OPTION_VALUES),
            "one-hot per rule option: " + "; ".join(f"{name} {', '.join(v)}" for name, v in OPTIONS.items()),
        ),
    )
    return TensorLayout(fields)


class _Tables:
    """Every position and scaled value the writer needs, computed once from the layout: the
    tensor is written on every decision, so nothing here is looked up or divided per call."""

    def __init__(self, num_players: int) -> None:
        layout = observation_layout(num_players)
        at = {name: where.start for name, where in layout.offsets.items()}
        self.size = layout.size
        self.me = at["me"]
        self.current_player = at["current_player"]
        self.first_player = at["first_player"]
        self.round = at["round"]
        self.decision = {kind: at["decision"] + n for n, kind in enumerate(DECISION_TYPES)}
        # Per building's id, its position in decision_building (ChooseUse, PayBuildCost, PayExchangeFood).
        self.decision_building = {b.id: at["decision_building"] + n for n, b in enumerate(BUILDINGS)}
        self.actions_left = at["actions_left"]
        self.actions_left_value = tuple(n / max(ROUND_ACTIONS) for n in range(max(ROUND_ACTIONS) + 1))
        self.francs = at["francs"]
        self.goods = at["goods"]
        self.goods_value = tuple(n / MAX_GOODS for n in range(MAX_GOODS + 1))
        # Per seat and good (seat-major), the warehouse's square 0 of that marker.
        self.warehouse = tuple(at["warehouse"] + k * GOODS_SQUARES for k in range(num_players * 4))
        self.applications = at["decision_applications"]
        self.times = at["decision_times"]
        self.applications_value = tuple(n / MAX_APPLICATIONS for n in range(MAX_APPLICATIONS + 1))
        # Per round, how many buildings have entered (``BUILDINGS`` is in round order, so the
        # entered ones are the first that many; the loader keeps the others unbuilt).
        self.entered = tuple(sum(b.round <= r for b in BUILDINGS) for r in range(NUM_ROUNDS + 1))
        self.available = tuple(at["available"] + n for n in range(NUM_BUILDINGS))
        self.owner = tuple(
            tuple(at["owner"] + n * num_players + seat for seat in range(num_players))
            for n in range(NUM_BUILDINGS)
        )
        # Per unlocked building, its sector's position by the rounds since it was placed (0..12:
        # the loader keeps ``placed`` within 0..round); None for a locked one (kept off the wheel).
        last, ages = WHEEL_SECTORS - 1, range(NUM_ROUNDS + 1)
        self.sector = tuple(
            None if b.locked else tuple(at["sector"] + n * WHEEL_SECTORS + min(age, last) for age in ages)
            for n, b in enumerate(BUILDINGS)
        )
        self.rules_at = at["rules"]
        self._rules: dict[Rules, memoryview[float]] = {}

    def rules(self, rules: Rules) -> memoryview[float]:
        """The ``rules`` slice's values, as float32 (16 combinations: each made once seen)."""
        values = self._rules.get(rules)
        if values is None:
            ones = np.zeros(len(OPTION_VALUES), dtype=np.float32)
            ones[[OPTION_VALUES.index((name, getattr(rules, name))) for name in OPTIONS]] = 1.0
            values = self._rules[rules] = memoryview(ones.tobytes()).cast("f")
        return values


@cache
def _tables(num_players: int = NUM_PLAYERS) -> _Tables:
    return _Tables(num_players)


def _write_observation(state: State, player: int, row: npt.NDArray[np.float32]) -> None:
    """``player``'s tensor of ``state`` into ``row`` (zeroed), read straight from the state (the
    Inland Port hides nothing). Each value is stored through a memoryview of the row: a Python
    float store costs less there than numpy's per-item or fancy-index assignment."""
    require_seat(player, NUM_PLAYERS)  # observe's error
    t = _tables()
    out = cast("memoryview[float]", row.data)  # float32 items, written as Python floats
    round_ = state.round
    out[t.me + player] = 1.0
    out[t.first_player + state.first_player] = 1.0
    out[t.round + round_] = 1.0
    out[t.rules_at : t.rules_at + len(OPTION_VALUES)] = t.rules(state.rules)
    out[t.actions_left] = t.actions_left_value[state.actions_left]
    francs = state.francs
    out[t.francs] = francs[0] / FRANCS_SCALE
    out[t.francs + 1] = francs[1] / FRANCS_SCALE
    if state.current_player is not None:
        out[t.current_player + state.current_player] = 1.0
    decision = state.decision
    if decision is not None:
        out[t.decision[type(decision)]] = 1.0
        if isinstance(decision, (ChooseUse, PayBuildCost, PayExchangeFood)):
            out[t.decision_building[decision.building]] = 1.0
            if isinstance(decision, ChooseUse):
                out[t.applications] = t.applications_value[decision.applications]
            elif isinstance(decision, PayExchangeFood):
                out[t.times] = t.applications_value[decision.times]
    goods_value, at, square = t.goods_value, t.goods, t.warehouse
    k = 0
    for goods in state.goods:
        for count in goods:
            out[at + k] = goods_value[count]
            out[square[k] + count] = 1.0
            k += 1
    owner, placed, available, owned, sectors = state.owner, state.placed, t.available, t.owner, t.sector
    for b in range(t.entered[round_]):
        seat = owner[b]
        if seat < 0:
            out[available[b]] = 1.0
        else:
            out[owned[b][seat]] = 1.0
            sector = sectors[b]
            if sector is not None:
                out[sector[round_ - placed[b]]] = 1.0


def observation_tensor(state: State, player: int) -> npt.NDArray[np.float32]:
    """``player``'s view of ``state`` as the layout's vector (the Inland Port hides nothing)."""
    row = np.zeros(_tables().size, dtype=np.float32)
    _write_observation(state, player, row)
    return row


def observation_tensors(
    states: Sequence[State], seats: Sequence[int], out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """Row k: ``seats[k]``'s tensor of ``states[k]``, into ``out`` if given (a trainer's buffer,
    reused across steps).

    >>> from harborgames import inland_port as ip
    >>> states = [ip.new_game(seed=1), ip.new_game(seed=2)]
    >>> ip.observation_tensors(states, [0, 1]).shape
    (2, 468)
    """
    return fill_observations(_write_observation, _layout_of, states, seats, out)


def legal_action_masks(
    states: Sequence[State], out: npt.NDArray[np.int8] | None = None
) -> npt.NDArray[np.int8]:
    """Row k: the legal-action mask of ``states[k]``, into ``out`` if given.

    >>> from harborgames import inland_port as ip
    >>> ip.legal_action_masks([ip.new_game(seed=1)]).sum(axis=1).tolist()
    [5]
    """
    return fill_masks(_space_of, states, out)


def _layout_of(state: State) -> TensorLayout:
    return observation_layout(state.num_players)


def observation_string(state: State, player: int) -> str:
    """The table as ``render`` draws it (the Inland Port hides nothing), headed by the seat."""
    observation = observe(state, player)
    table = f"You are player {observation.player}.\n{render(observation.state, observation.player)}"
    return CODEC.observation_string(observation, table)
