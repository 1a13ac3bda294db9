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

from functools import cache
from itertools import product

import numpy as np
import numpy.typing as npt

from ..core.encoding import ActionSpace, Field, TensorLayout
from .actions import Action, Build, End, Move, Pass, Pay, Sell, Times, Use
from .codec import CODEC
from .data import (
    BUILDING_INDEX,
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
)
from .info import INFO
from .observe import observe
from .render import render
from .state import DECISION_TYPES, ChooseUse, Observation, PayBuildCost, PayExchangeFood, State, sector_age
from .turn import legal_actions

__all__ = [
    "action_space",
    "decode",
    "encode",
    "legal_action_mask",
    "num_distinct_actions",
    "observation_layout",
    "observation_string",
    "observation_tensor",
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
# Francs have no printed bound; this scale puts a typical end-of-game fortune near 1.
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


def num_distinct_actions(num_players: int = NUM_PLAYERS, variant: str | None = None) -> int:
    return action_space(num_players, variant).size


def encode(state: State, action: Action) -> int:
    return action_space(state.num_players).encode(state, action)


def decode(state: State, index: int) -> Action:
    return action_space(state.num_players).decode(state, index)


def legal_action_mask(state: State) -> npt.NDArray[np.int8]:
    return action_space(state.num_players).mask(state)


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
        Field("francs", seats, f"Francs per seat / {FRANCS_SCALE:g} (unbounded)"),
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


# Per building, the round it enters (``Building.round`` looks its letter up on every call) and
# whether it is locked: read on every tensor, so read once. ``_available`` is ``is_available``
# over every building at once (tests/inland_port/test_encoding.py checks they agree).
_ENTERS = np.array([b.round for b in BUILDINGS], dtype=np.int64)
_UNLOCKED = tuple(not b.locked for b in BUILDINGS)
_DECISION_INDEX = {kind: number for number, kind in enumerate(DECISION_TYPES)}
_OPTION_INDEX = {pair: number for number, pair in enumerate(OPTION_VALUES)}
_MOST_ACTIONS = max(ROUND_ACTIONS)


def _available(state: State) -> npt.NDArray[np.bool_]:
    """Per building: entered and not built, as ``state.is_available``."""
    return (np.array(state.owner) < 0) & (state.round >= _ENTERS)


@cache
def _starts(num_players: int) -> dict[str, int]:
    """Each field's first position in the vector."""
    return {name: where.start for name, where in observation_layout(num_players).offsets.items()}


def _tensor_of(observation: Observation) -> npt.NDArray[np.float32]:
    """The vector, written value by value at the layout's offsets (``_starts``)."""
    state = observation.state
    seats = state.num_players
    layout = observation_layout(seats)
    at = _starts(seats)
    values = np.zeros(layout.size, dtype=np.float32)
    values[at["me"] + observation.player] = 1.0
    if state.current_player is not None:
        values[at["current_player"] + state.current_player] = 1.0
    values[at["first_player"] + state.first_player] = 1.0
    decision = state.decision
    if decision is not None:
        values[at["decision"] + _DECISION_INDEX[type(decision)]] = 1.0
    values[at["round"] + state.round] = 1.0
    values[at["actions_left"]] = state.actions_left / _MOST_ACTIONS
    start = at["francs"]
    values[start : start + seats] = [francs / FRANCS_SCALE for francs in state.francs]
    start = at["goods"]
    values[start : start + seats * 4] = [count / MAX_GOODS for goods in state.goods for count in goods]
    start = at["warehouse"]
    for seat, goods in enumerate(state.goods):
        for good, count in enumerate(goods):
            values[start + (seat * 4 + good) * GOODS_SQUARES + count] = 1.0
    start = at["available"]
    values[start : start + NUM_BUILDINGS] = _available(state)
    owner, sector = at["owner"], at["sector"]
    for b, seat in enumerate(state.owner):
        if seat < 0:
            continue
        values[owner + b * seats + seat] = 1.0
        if _UNLOCKED[b]:
            values[sector + b * WHEEL_SECTORS + min(max(sector_age(state, b), 0), WHEEL_SECTORS - 1)] = 1.0
    if isinstance(decision, (ChooseUse, PayBuildCost, PayExchangeFood)):
        values[at["decision_building"] + BUILDING_INDEX[decision.building]] = 1.0
        if isinstance(decision, ChooseUse):
            values[at["decision_applications"]] = decision.applications / MAX_APPLICATIONS
        elif isinstance(decision, PayExchangeFood):
            values[at["decision_times"]] = decision.times / MAX_APPLICATIONS
    start, rules = at["rules"], state.rules
    for name in OPTIONS:
        values[start + _OPTION_INDEX[(name, getattr(rules, name))]] = 1.0
    return values


def observation_tensor(state: State, player: int) -> npt.NDArray[np.float32]:
    """The layout's vector, read only from ``observe(state, player)`` (here: the whole state)."""
    return _tensor_of(observe(state, player))


def observation_string(state: State, player: int) -> str:
    """The table as ``render`` draws it (the Inland Port hides nothing), headed by the seat."""
    observation = observe(state, player)
    table = f"You are player {observation.player}.\n{render(observation.state, observation.player)}"
    return CODEC.observation_string(observation, table)
