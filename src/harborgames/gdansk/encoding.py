"""Integer actions and observation tensors for Port Gdańsk (``docs/rl/gdansk.md``).

Every Gdańsk decision ranges over a finite set the rulebook bounds (sectors, locations, die faces,
goods, quays, seats, cruise sizes), so every action has a fixed id and no slot block is needed.
The board map and the dice come from a replaceable component file; the ids are given by
*position* (a location's place in the file, a face's id), padded to the most the rulebook allows,
so that every valid component file has the same ``num_distinct_actions``. A padding id decodes to
an action naming no real location or face, which ``apply`` refuses like any other illegal action.

The ids that do not depend on the number of players come first; the ``HrSwapWith`` block (one
per seat and quay) is last, so the first ``len(shared_catalogue(...))`` ids mean the same for 2, 3
and 4 players.

>>> from harborgames import gdansk
>>> state = gdansk.new_game(2, seed=1)
>>> gdansk.num_distinct_actions(2), gdansk.encode(state, gdansk.legal_actions(state)[0])
(252, 4)
>>> str(gdansk.decode(state, 4)), gdansk.observation_tensor(state, 0).shape
('start L1', (692,))
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from ..core.encoding import ActionSpace, Field, TensorLayout
from ..core.update import update
from .actions import (
    KEEP,
    RECRUIT,
    ROLL,
    Action,
    Cruise,
    Discard,
    End,
    Execute,
    HrPlace,
    HrSwap,
    HrSwapWith,
    Load,
    Move,
    PlaceMeeple,
    RemoveSector,
    Reroll,
    Unload,
)
from .codec import CODEC
from .component_file import standin_components
from .data import (
    CACHE_SIZE,
    CRUISE_CARDS,
    CRUISE_SIZES,
    CRUISE_WORKERS,
    GOODS,
    NUM_QUAYS,
    NUM_TOKENS,
    ROUND_LIMIT,
    RULEBOOK_RULES,
    SECTORS,
    Components,
)
from .info import INFO
from .observe import observe
from .render import render
from .state import (
    CRUISE,
    DECISION_TYPES,
    EXECUTE,
    HR,
    LOAD,
    MOVE,
    UNLOAD,
    ChooseAction,
    FillRoom,
    LoadCubes,
    Observation,
    State,
    SwapWith,
    UnloadCubes,
    bits,
)
from .state import RECRUIT as RECRUIT_BIT
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

DEFAULT_PLAYERS = 2
# Every quay lies in one location (single or double) and the rulebook makes quays 9 and 14 one
# double location (``RULEBOOK_DOUBLE``): at most 19 Port locations, plus the Central Port.
MAX_PORT_LOCATIONS = NUM_QUAYS - 1
MAX_LOCATIONS = MAX_PORT_LOCATIONS + 1
# A die has L1, L2, M1, M2 once each and two recruitment faces (equal or not): at most 6 distinct
# faces, and their ids sort by (kind, symbols), so ids 0..3 are always L1, L2, M1, M2.
MAX_FACES = 6
DICE = 3


# -- the action catalogue -------------------------------------------------------------------------
def _location_names(components: Components) -> list[str]:
    """The file's location ids by position, padded with names no id can have (ids hold no
    spaces), so padding never matches a real location."""
    names = list(components.location_ids)
    return names + [f"(no location {i})" for i in range(len(names), MAX_LOCATIONS)]


def _face_codes(components: Components) -> list[str]:
    codes = list(components.face_codes)
    return codes + [f"(no face {i})" for i in range(len(codes), MAX_FACES)]


def _rerolls(components: Components) -> list[Action]:
    """Every sub-multiset of the three dice, fewest dice first, in face-id order (the order
    ``dice.dice_table`` lists and names them)."""
    codes = _face_codes(components)
    return [
        Reroll(tuple(codes[face] for face in faces))
        for size in range(1, DICE + 1)
        for faces in combinations_with_replacement(range(MAX_FACES), size)
    ]


def _per_good_actions() -> list[Action]:
    loads: list[Action] = [Load(good) for good in GOODS]
    discards: list[Action] = [Discard(good) for good in GOODS]
    unloads: list[Action] = [Unload(good) for good in GOODS]
    return loads + discards + unloads


def _per_quay_actions() -> list[Action]:
    executes: list[Action] = [Execute(q + 1) for q in range(NUM_QUAYS)]
    swaps: list[Action] = [HrSwap(q + 1) for q in range(NUM_QUAYS)]
    places: list[Action] = [HrPlace(q + 1) for q in range(NUM_QUAYS)]
    return executes + swaps + places


def shared_catalogue(components: Components) -> list[Action]:
    """The ids every player count shares, in the order of ``actions.ACTION_TYPES``."""
    locations = _location_names(components)
    return [
        *(RemoveSector(sector) for sector in SECTORS),
        *(PlaceMeeple(name) for name in locations),
        ROLL,
        *_rerolls(components),
        KEEP,
        *_per_good_actions(),
        *(Move(name) for name in locations),
        RECRUIT,
        *_per_quay_actions(),
        *(Cruise(size) for size in CRUISE_SIZES),
        End(),
    ]


def catalogue(components: Components, num_players: int) -> list[Action]:
    """Every action at its id: the shared ids, then ``with P<seat> <quay>`` seat by seat."""
    with_seat = [HrSwapWith(seat, q + 1) for seat in range(num_players) for q in range(NUM_QUAYS)]
    return [*shared_catalogue(components), *with_seat]


@lru_cache(maxsize=CACHE_SIZE)
def space_for(components: Components, num_players: int) -> ActionSpace[State, Action]:
    """The ids of games played with ``components`` (the same size for every valid file)."""
    return ActionSpace(catalogue(components, num_players), (), legal_actions)


@cache
def action_space(
    num_players: int = DEFAULT_PLAYERS, variant: str | None = None
) -> ActionSpace[State, Action]:
    """The ids with the shipped stand-in components (other files: ``space_for``, same size)."""
    INFO.check_configuration(num_players, variant)
    return space_for(standin_components(), num_players)


def _space(state: State) -> ActionSpace[State, Action]:
    return space_for(state.rules.components, state.num_players)


def num_distinct_actions(num_players: int = DEFAULT_PLAYERS, variant: str | None = None) -> int:
    return action_space(num_players, variant).size


def encode(state: State, action: Action) -> int:
    return _space(state).encode(state, action)


def decode(state: State, index: int) -> Action:
    return _space(state).decode(state, index)


def legal_action_mask(state: State) -> npt.NDArray[np.int8]:
    return _space(state).mask(state)


# -- the observation tensor -----------------------------------------------------------------------
# Scales (values are 0..1 where the rules bound them; "~" marks a typical, not a hard, bound).
MAX_CARGO = 9  # the rulebook's cargo capacity
MAX_SYMBOLS = 6  # three dice of at most 2 loading (or movement) symbols each
WORKERS_SCALE = CRUISE_WORKERS[-1]  # ~: a large cruise ship's 8 workers
BONUS_SCALE = 4  # ~: constant bonuses of one good
SCORE_SCALE = RULEBOOK_RULES["end_vp"]  # ~: the end threshold, which the last round can pass
TOKEN_VP_SCALE = 20  # ~: the most an Order token is worth
CRUISE_VP_SCALE = 40  # ~: the cruise ship VP one player collects
PILE_SCALE = CRUISE_CARDS // len(CRUISE_SIZES)  # 7 cards per size in the rulebook's box
QUAY_WORKERS_SCALE = 4  # ~: the workers a Port card asks for
QUAYS_PER_COLOUR = NUM_QUAYS // len(SECTORS)  # 5: a full colour of Port cards
TURN_BITS = (LOAD, UNLOAD, MOVE, RECRUIT_BIT, EXECUTE, HR, CRUISE)
TURN_BIT_NAMES = ("load", "unload", "move", "recruit", "execute", "hr", "cruise")
_KINDS = ", ".join(kind.__name__ for kind in DECISION_TYPES)
ORDER_FEATURES = 2 + 2 * len(GOODS)  # present, VP, bonus good one-hot, cubes required per good


def _order_doc(prefix: str) -> str:
    return (
        f"{prefix}: present, VP / {TOKEN_VP_SCALE}, bonus good one-hot (6), "
        f"cubes required per good / {MAX_CARGO}"
    )


def _board_fields(seats: int) -> tuple[Field, ...]:
    return (
        Field("end_triggered", 1, "an end condition is met: this round is the last"),
        Field("central_port_open", 1, "the Central Port card is out (unloading possible)"),
        Field("removed_sector", len(SECTORS), "one-hot: the colour sitting out (2 players)"),
        Field("supply", len(GOODS), "cubes in the unloading zone per good / cubes in the box"),
        Field("deck_size", 1, f"Port cards left in the deck / {NUM_QUAYS}"),
        Field("token_stack_size", 1, f"Order tokens in the stack / {NUM_TOKENS}"),
        Field("token_stack_top", ORDER_FEATURES, _order_doc("the stack's face-up top token")),
        Field("boxed_tokens", NUM_TOKENS, "multi-hot over token ids: tokens returned to the box"),
        Field("cruise_piles", len(CRUISE_SIZES), f"cards left per size / {PILE_SCALE}"),
        Field("quay_sector", NUM_QUAYS * len(SECTORS), "per quay, one-hot of its colour"),
        Field("quay_workers", NUM_QUAYS, f"per quay, workers its Port card asks / {QUAY_WORKERS_SCALE}"),
        Field("quay_order", NUM_QUAYS * ORDER_FEATURES, _order_doc("per quay, its Order token")),
        Field("quay_markers", NUM_QUAYS * seats, "per quay, per seat: holds that seat's Influence marker"),
    )


def _seat_fields(seats: int) -> tuple[Field, ...]:
    return (
        Field("score", seats, f"per seat, VP on the track / {SCORE_SCALE} (~)"),
        Field("location", seats * MAX_LOCATIONS, "per seat, one-hot of the meeple's location (file order)"),
        Field("hold", seats * len(GOODS), f"per seat, cubes aboard per good / {MAX_CARGO}"),
        Field("workers", seats, f"per seat, Worker tokens / {WORKERS_SCALE} (~)"),
        Field("markers_left", seats, "per seat, Influence markers not yet on the board / markers per player"),
        Field("bonus", seats * len(GOODS), f"per seat, constant bonuses per good / {BONUS_SCALE} (~)"),
        Field("executed", seats * NUM_TOKENS, "per seat, multi-hot over token ids: tokens executed"),
        Field("cards", seats * NUM_QUAYS, "per seat, multi-hot over quays: Port cards taken"),
        Field("card_colours", seats * len(SECTORS), f"per seat, Port cards per colour / {QUAYS_PER_COLOUR}"),
        Field("cruise_count", seats * len(CRUISE_SIZES), f"per seat, cruise ships per size / {PILE_SCALE}"),
        Field(
            "cruise_vp", seats, f"per seat, VP of the cruise ships the observer knows / {CRUISE_VP_SCALE} (~)"
        ),
    )


def _turn_fields() -> tuple[Field, ...]:
    return (
        Field("dice", MAX_FACES, f"dice per face id / {DICE} (ids 0..3: L1, L2, M1, M2; 4, 5: recruitment)"),
        Field("rolls", 1, f"rolls made this turn / {DICE}"),
        Field("symbols", 3, f"loading, movement, recruitment symbols rolled / {MAX_SYMBOLS}"),
        Field("used", len(TURN_BITS), "taken this turn: " + ", ".join(TURN_BIT_NAMES)),
    )


def _decision_fields() -> tuple[Field, ...]:
    return (
        Field("decision", len(DECISION_TYPES), "one-hot: what is being decided (all 0 once over): " + _KINDS),
        Field("after_dice", 1, "ChooseAction: the dice actions are over (an additional action followed)"),
        Field(
            "left",
            1,
            f"LoadCubes, FillRoom, UnloadCubes: loading symbols the action may still spend / {MAX_SYMBOLS}",
        ),
        Field("swap_from", NUM_QUAYS, "SwapWith: one-hot of the quay of the mover's marker being swapped"),
    )


@cache
def observation_layout(num_players: int = DEFAULT_PLAYERS, variant: str | None = None) -> TensorLayout:
    """The slices of the tensor; seats are absolute (seat 0 first), ``me`` says which one I am."""
    INFO.check_configuration(num_players, variant)
    seats = num_players
    perspective = (
        Field("me", seats, "one-hot: the observing seat"),
        Field("current_player", seats, "one-hot: the seat deciding now (all 0 once over)"),
        Field("first_player", seats, "one-hot: the seat holding the first-player card"),
        Field("round", 1, f"rounds started / {ROUND_LIMIT} (the engine's round limit)"),
    )
    return TensorLayout(
        perspective + _decision_fields() + _board_fields(seats) + _seat_fields(seats) + _turn_fields()
    )


def _order_features(components: Components, token: int) -> list[float]:
    """Present, VP, bonus good and required cubes of Order token ``token`` (-1: none)."""
    if token < 0:
        return [0.0] * ORDER_FEATURES
    bonus = [0.0] * len(GOODS)
    if components.token_bonus[token] >= 0:
        bonus[components.token_bonus[token]] = 1.0
    requires = [n / MAX_CARGO for n in components.token_requires[token]]
    return [1.0, components.token_vp[token] / TOKEN_VP_SCALE, *bonus, *requires]


def _repeated(step: float, most: int) -> tuple[float, ...]:
    """``step`` added k times, for k = 0..most: a count written as that many additions of
    ``step`` (the float of ``k * step`` can differ in the last bit, and the tensor is pinned)."""
    sums = [0.0]
    for _ in range(most):
        sums.append(sums[-1] + step)
    return tuple(sums)


_DECISION_INDEX: dict[type, int] = {kind: number for number, kind in enumerate(DECISION_TYPES)}
_DICE_VALUE = _repeated(1 / DICE, DICE)
_COLOUR_VALUE = _repeated(1 / QUAYS_PER_COLOUR, NUM_QUAYS)
_CRUISE_VALUE = _repeated(1 / PILE_SCALE, CRUISE_CARDS)


class _Tables:
    """What the writer needs of one (component file, player count), computed once (``_tables``):
    each field's start, the per-token Order features, and the quays' fixed part (colours and
    workers, which the component file decides)."""

    def __init__(self, components: Components, num_players: int) -> None:
        self.layout = observation_layout(num_players)
        self.size = self.layout.size
        self.start = {name: where.start for name, where in self.layout.offsets.items()}
        # Row t: token t's features; the last row (index -1): no token.
        self.orders = np.array(
            [_order_features(components, token) for token in (*range(NUM_TOKENS), -1)], dtype=np.float32
        )
        sectors = np.zeros((NUM_QUAYS, len(SECTORS)), dtype=np.float32)
        sectors[np.arange(NUM_QUAYS), list(components.quay_sector)] = 1.0
        workers = np.array([n / QUAY_WORKERS_SCALE for n in components.quay_workers], dtype=np.float32)
        self.quays = np.concatenate([sectors.ravel(), workers])  # quay_sector, then quay_workers
        self.quay_sector = components.quay_sector
        self.supply = components.supply
        self.markers = components.influence_markers


@lru_cache(maxsize=CACHE_SIZE)
def _tables(components: Components, num_players: int) -> _Tables:
    return _Tables(components, num_players)


def _tensor_of(observation: Observation) -> npt.NDArray[np.float32]:
    """The vector, written value by value at precomputed offsets (``_Tables``)."""
    tables = _tables(observation.rules.components, observation.num_players)
    at = tables.start
    values = np.zeros(tables.size, dtype=np.float32)
    seats = observation.num_players
    # Perspective.
    values[at["me"] + observation.player] = 1.0
    if observation.current_player is not None:
        values[at["current_player"] + observation.current_player] = 1.0
    values[at["first_player"] + observation.first_player] = 1.0
    values[at["round"]] = observation.round / ROUND_LIMIT
    _write_decision(values, at, observation)
    # The board.
    values[at["end_triggered"]] = float(observation.end_triggered)
    values[at["central_port_open"]] = float(observation.central_port_open)
    if observation.removed_sector >= 0:
        values[at["removed_sector"] + observation.removed_sector] = 1.0
    start = at["supply"]
    values[start : start + len(GOODS)] = [
        n / box for n, box in zip(observation.supply, tables.supply, strict=True)
    ]
    values[at["deck_size"]] = observation.deck_size / NUM_QUAYS
    values[at["token_stack_size"]] = observation.token_stack_size / NUM_TOKENS
    start = at["token_stack_top"]
    values[start : start + ORDER_FEATURES] = tables.orders[observation.token_stack_top]
    start = at["boxed_tokens"]
    for token in observation.boxed_tokens:
        values[start + token] = 1.0
    start = at["cruise_piles"]
    values[start : start + len(CRUISE_SIZES)] = [n / PILE_SCALE for n in observation.cruise_pile_sizes]
    # The quays: colours and workers come with the file, tokens and markers with the game.
    start = at["quay_sector"]
    values[start : start + len(tables.quays)] = tables.quays
    start = at["quay_order"]
    values[start : start + NUM_QUAYS * ORDER_FEATURES] = tables.orders[list(observation.tokens)].ravel()
    markers = at["quay_markers"]
    for seat, player in enumerate(observation.players):
        for quay in bits(player.markers):
            values[markers + quay * seats + seat] = 1.0
    _write_seats(values, tables, observation)
    _write_turn(values, at, observation)
    return values


def _write_seats(values: npt.NDArray[np.float32], tables: _Tables, observation: Observation) -> None:
    """Each seat's values (the observation already hides what the observer can't know)."""
    at = tables.start
    goods = len(GOODS)
    for seat, player in enumerate(observation.players):
        values[at["score"] + seat] = player.score / SCORE_SCALE
        if player.location >= 0:
            values[at["location"] + seat * MAX_LOCATIONS + player.location] = 1.0
        start = at["hold"] + seat * goods
        values[start : start + goods] = [n / MAX_CARGO for n in player.hold]
        values[at["workers"] + seat] = player.workers / WORKERS_SCALE
        values[at["markers_left"] + seat] = player.markers_left / tables.markers
        start = at["bonus"] + seat * goods
        values[start : start + goods] = [n / BONUS_SCALE for n in player.bonus]
        start = at["executed"] + seat * NUM_TOKENS
        for token in player.tokens:
            values[start + token] = 1.0
        start = at["cards"] + seat * NUM_QUAYS
        colours = [0] * len(SECTORS)
        for quay in player.cards:
            values[start + quay] = 1.0
            colours[tables.quay_sector[quay]] += 1
        start = at["card_colours"] + seat * len(SECTORS)
        values[start : start + len(SECTORS)] = [_COLOUR_VALUE[n] for n in colours]
        if player.cruise:
            cruise = [0] * len(CRUISE_SIZES)
            for size, _ in player.cruise:
                cruise[size] += 1
            start = at["cruise_count"] + seat * len(CRUISE_SIZES)
            values[start : start + len(CRUISE_SIZES)] = [_CRUISE_VALUE[n] for n in cruise]
            values[at["cruise_vp"] + seat] = sum(vp for _, vp in player.cruise if vp >= 0) / CRUISE_VP_SCALE


def _write_turn(values: npt.NDArray[np.float32], at: dict[str, int], observation: Observation) -> None:
    turn = observation.turn
    if turn.dice:
        dice = [0] * MAX_FACES
        for face in turn.dice:
            dice[face] += 1
        start = at["dice"]
        values[start : start + MAX_FACES] = [_DICE_VALUE[n] for n in dice]
    values[at["rolls"]] = turn.rolls / DICE
    start = at["symbols"]
    values[start : start + 3] = [turn.load / MAX_SYMBOLS, turn.move / MAX_SYMBOLS, turn.recruit / MAX_SYMBOLS]
    if turn.used:
        start = at["used"]
        values[start : start + len(TURN_BITS)] = [float(bool(turn.used & bit)) for bit in TURN_BITS]


def _write_decision(values: npt.NDArray[np.float32], at: dict[str, int], observation: Observation) -> None:
    """The kind of decision and its fields: with the board, the seats and the turn, all that
    the legal actions depend on (equal tensors for the seat to move: equal legal actions)."""
    decision = observation.decision
    if decision is None:
        return
    values[at["decision"] + _DECISION_INDEX[type(decision)]] = 1.0
    if isinstance(decision, ChooseAction):
        values[at["after_dice"]] = float(decision.after_dice)
    elif isinstance(decision, LoadCubes | FillRoom | UnloadCubes):
        values[at["left"]] = decision.left / MAX_SYMBOLS
    elif isinstance(decision, SwapWith):
        values[at["swap_from"] + decision.quay] = 1.0


def observation_tensor(state: State, player: int) -> npt.NDArray[np.float32]:
    """The layout's vector, read only from ``observe(state, player)``, so no hidden card, token
    or die can reach it."""
    return _tensor_of(observe(state, player))


def observation_string(state: State, player: int) -> str:
    """``render`` from ``player``'s view (it shows what ``observe`` keeps and hides the other
    players' cruise ship values), headed by the seat.

    The ``forced:`` lines (what the engine took since the last decision) are left out, as
    ``observe`` leaves them out: they note the last transition rather than the position, and a
    ``resample`` of the state, which the string must not tell from it, has none."""
    observation = observe(state, player)
    shown = update(state, forced=()) if state.forced else state
    return CODEC.observation_string(observation, f"You are player {player}.\n{render(shown, player)}")
