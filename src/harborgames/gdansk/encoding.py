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
('start L1', (695,))
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from ..core.encoding import ActionSpace, Field, TensorLayout, TensorWriter
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
    standin_components,
)
from .info import INFO
from .observe import observe
from .render import render
from .state import (
    AFTER_DICE,
    CRUISE,
    EXECUTE,
    HR,
    LOAD,
    MOVE,
    PHASES,
    UNLOAD,
    Observation,
    Player,
    State,
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


def _legal_list(state: State) -> list[Action]:
    return list(legal_actions(state))


@lru_cache(maxsize=CACHE_SIZE)
def space_for(components: Components, num_players: int) -> ActionSpace[State, Action]:
    """The ids of games played with ``components`` (the same size for every valid file)."""
    return ActionSpace(catalogue(components, num_players), (), _legal_list)


def _check_configuration(num_players: int, variant: str | None) -> None:
    if not INFO.min_players <= num_players <= INFO.max_players:
        raise ValueError(f"Port Gdańsk is for 2 to 4 players, not {num_players!r}")
    if variant not in (None, *INFO.variants):
        raise ValueError(f"Port Gdańsk has the variant 'standard' only, not {variant!r}")


@cache
def action_space(
    num_players: int = DEFAULT_PLAYERS, variant: str | None = None
) -> ActionSpace[State, Action]:
    """The ids with the shipped stand-in components (other files: ``space_for``, same size)."""
    _check_configuration(num_players, variant)
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
        Field("stock", seats, "per seat, Influence markers in stock / markers per player"),
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
        Field("active", 2, "one-hot: loading, unloading under way cube by cube"),
        Field("left", 1, f"loading symbols the active action may still spend / {MAX_SYMBOLS}"),
        Field("must_load", 1, "a cube was returned to make room: a cube must be loaded now"),
        Field("stage", 3, "one-hot: before, during, after the dice actions"),
        Field("swap_from", NUM_QUAYS, "one-hot: the quay of my marker being swapped (phase swap_with)"),
    )


@cache
def observation_layout(num_players: int = DEFAULT_PLAYERS, variant: str | None = None) -> TensorLayout:
    """The slices of the tensor; seats are absolute (seat 0 first), ``me`` says which one I am."""
    _check_configuration(num_players, variant)
    seats = num_players
    perspective = (
        Field("me", seats, "one-hot: the observing seat"),
        Field("current_player", seats, "one-hot: the seat deciding now (all 0 once over)"),
        Field("first_player", seats, "one-hot: the seat holding the first-player card"),
        Field("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
        Field("round", 1, f"rounds started / {ROUND_LIMIT} (the engine's round limit)"),
    )
    return TensorLayout(perspective + _board_fields(seats) + _seat_fields(seats) + _turn_fields())


def _order_features(components: Components, token: int) -> list[float]:
    """Present, VP, bonus good and required cubes of Order token ``token`` (-1: none)."""
    if token < 0:
        return [0.0] * ORDER_FEATURES
    bonus = [0.0] * len(GOODS)
    if components.token_bonus[token] >= 0:
        bonus[components.token_bonus[token]] = 1.0
    requires = [n / MAX_CARGO for n in components.token_requires[token]]
    return [1.0, components.token_vp[token] / TOKEN_VP_SCALE, *bonus, *requires]


def _multi_hot(size: int, indices: tuple[int, ...] | list[int]) -> npt.NDArray[np.float32]:
    values = np.zeros(size, dtype=np.float32)
    values[list(indices)] = 1.0
    return values


def _write_perspective(writer: TensorWriter, observation: Observation) -> None:
    writer.one_hot("me", observation.player)
    writer.one_hot("current_player", observation.current_player)
    writer.one_hot("first_player", observation.first_player)
    writer.one_hot("phase", PHASES.index(observation.phase))
    writer.set("round", [observation.round / ROUND_LIMIT])


def _write_board(writer: TensorWriter, observation: Observation) -> None:
    components = observation.rules.components
    writer.set("end_triggered", [float(observation.end_triggered)])
    writer.set("central_port_open", [float(observation.central_port_open)])
    writer.one_hot("removed_sector", observation.removed_sector if observation.removed_sector >= 0 else None)
    in_box = components.supply
    writer.set("supply", [n / box for n, box in zip(observation.supply, in_box, strict=True)])
    writer.set("deck_size", [observation.deck_size / NUM_QUAYS])
    writer.set("token_stack_size", [observation.token_stack_size / NUM_TOKENS])
    writer.set("token_stack_top", _order_features(components, observation.token_stack_top))
    writer.set("boxed_tokens", _multi_hot(NUM_TOKENS, observation.boxed_tokens))
    writer.set("cruise_piles", [n / PILE_SCALE for n in observation.cruise_pile_sizes])


def _write_quays(writer: TensorWriter, observation: Observation) -> None:
    components = observation.rules.components
    sectors = np.zeros((NUM_QUAYS, len(SECTORS)), dtype=np.float32)
    sectors[np.arange(NUM_QUAYS), list(components.quay_sector)] = 1.0
    writer.set("quay_sector", sectors.ravel())
    writer.set("quay_workers", [n / QUAY_WORKERS_SCALE for n in components.quay_workers])
    orders = [value for token in observation.tokens for value in _order_features(components, token)]
    writer.set("quay_order", orders)
    markers = np.zeros((NUM_QUAYS, observation.num_players), dtype=np.float32)
    for seat, player in enumerate(observation.players):
        markers[bits(player.markers), seat] = 1.0
    writer.set("quay_markers", markers.ravel())


def _seat_rows(components: Components, player: Player) -> dict[str, list[float]]:
    """One seat's values per seat field (the observation already hides what this seat can't know)."""
    location = [0.0] * MAX_LOCATIONS
    if player.location >= 0:
        location[player.location] = 1.0
    colours = [0.0] * len(SECTORS)
    for quay in player.cards:
        colours[components.quay_sector[quay]] += 1 / QUAYS_PER_COLOUR
    cruise = [0.0] * len(CRUISE_SIZES)
    for size, _ in player.cruise:
        cruise[size] += 1 / PILE_SCALE
    return {
        "score": [player.score / SCORE_SCALE],
        "location": location,
        "hold": [n / MAX_CARGO for n in player.hold],
        "workers": [player.workers / WORKERS_SCALE],
        "stock": [player.stock / components.influence_markers],
        "bonus": [n / BONUS_SCALE for n in player.bonus],
        "executed": _multi_hot(NUM_TOKENS, player.tokens).tolist(),
        "cards": _multi_hot(NUM_QUAYS, player.cards).tolist(),
        "card_colours": colours,
        "cruise_count": cruise,
        "cruise_vp": [sum(vp for _, vp in player.cruise if vp >= 0) / CRUISE_VP_SCALE],
    }


def _write_seats(writer: TensorWriter, observation: Observation) -> None:
    components = observation.rules.components
    rows = [_seat_rows(components, player) for player in observation.players]
    for name in rows[0]:
        writer.set(name, [value for row in rows for value in row[name]])


def _write_turn(writer: TensorWriter, observation: Observation) -> None:
    turn = observation.turn
    dice = [0.0] * MAX_FACES
    for face in turn.dice:
        dice[face] += 1 / DICE
    writer.set("dice", dice)
    writer.set("rolls", [turn.rolls / DICE])
    writer.set("symbols", [turn.load / MAX_SYMBOLS, turn.move / MAX_SYMBOLS, turn.recruit / MAX_SYMBOLS])
    writer.set("used", [float(bool(turn.used & bit)) for bit in TURN_BITS])
    writer.one_hot("active", {LOAD: 0, UNLOAD: 1}.get(turn.active))
    writer.set("left", [turn.left / MAX_SYMBOLS])
    writer.set("must_load", [float(turn.must_load)])
    writer.one_hot("stage", min(turn.stage, AFTER_DICE))
    writer.one_hot("swap_from", turn.swap_from if turn.swap_from >= 0 else None)


def _tensor_of(observation: Observation) -> npt.NDArray[np.float32]:
    writer = observation_layout(observation.num_players).writer()
    _write_perspective(writer, observation)
    _write_board(writer, observation)
    _write_quays(writer, observation)
    _write_seats(writer, observation)
    _write_turn(writer, observation)
    return writer.values


def observation_tensor(state: State, player: int) -> npt.NDArray[np.float32]:
    """The layout's vector, read only from ``observe(state, player)``, so no hidden card, token
    or die can reach it."""
    return _tensor_of(observe(state, player))


def observation_string(state: State, player: int) -> str:
    """``render`` from ``player``'s view (it shows what ``observe`` keeps and hides the other
    players' cruise ship values), headed by the seat."""
    observe(state, player)  # the same check of the seat
    return f"You are player {player}.\n{render(state, player)}"
