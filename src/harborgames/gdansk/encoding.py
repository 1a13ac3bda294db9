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

import struct
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from operator import itemgetter
from typing import cast

import numpy as np
import numpy.typing as npt

from ..core.checks import require_seat
from ..core.encoding import ActionSpace, Field, TensorLayout, fill_masks, fill_observations
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
from .decisions import DECISION_TYPES, ChooseAction, FillRoom, LoadCubes, SwapWith, UnloadCubes
from .info import INFO
from .limits import (
    MAX_CARD_NUMBER,
    MAX_FACE_SYMBOLS,
    MAX_QUAYS_OF_A_COLOUR,
    MAX_SCORE,
    MAX_SHIPS_OF_A_SIZE,
    MAX_WORKERS,
)
from .observe import observe
from .render import render
from .state import CRUISE, EXECUTE, HR, LOAD, MOVE, UNLOAD, State
from .state import RECRUIT as RECRUIT_BIT
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


# The bounds of what a component file sets (``limits``): an Order token's VP (its other features
# are flags or required cubes, at most the cargo space), and the Cruise Ship cards of one size.
_ORDER_HIGH = MAX_CARD_NUMBER / TOKEN_VP_SCALE
_SHIPS_HIGH = MAX_SHIPS_OF_A_SIZE / PILE_SCALE
_WORKERS_HIGH = MAX_WORKERS / WORKERS_SCALE  # the loader's limit (``limits``), as the score's


def _order_doc(prefix: str) -> str:
    return (
        f"{prefix} token: present, VP / {TOKEN_VP_SCALE}, bonus good one-hot (6), "
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
        Field("token_stack_top", ORDER_FEATURES, _order_doc("the stack's face-up top"), high=_ORDER_HIGH),
        Field("boxed_tokens", NUM_TOKENS, "multi-hot over token ids: tokens returned to the box"),
        Field("cruise_piles", len(CRUISE_SIZES), f"cards left per size / {PILE_SCALE}", high=_SHIPS_HIGH),
        Field("quay_sector", NUM_QUAYS * len(SECTORS), "per quay, one-hot of its colour"),
        Field(
            "quay_workers",
            NUM_QUAYS,
            f"per quay, workers its Port card asks / {QUAY_WORKERS_SCALE}",
            high=MAX_CARD_NUMBER / QUAY_WORKERS_SCALE,
        ),
        Field("quay_order", NUM_QUAYS * ORDER_FEATURES, _order_doc("per quay, its Order"), high=_ORDER_HIGH),
        Field("quay_markers", NUM_QUAYS * seats, "per quay, per seat: holds that seat's Influence marker"),
    )


def _seat_fields(seats: int) -> tuple[Field, ...]:
    return (
        Field("score", seats, f"per seat, VP on the track / {SCORE_SCALE} (~)", high=MAX_SCORE / SCORE_SCALE),
        Field("location", seats * MAX_LOCATIONS, "per seat, one-hot of the meeple's location (file order)"),
        Field("hold", seats * len(GOODS), f"per seat, cubes aboard per good / {MAX_CARGO}"),
        Field("workers", seats, f"per seat, Worker tokens / {WORKERS_SCALE} (~)", high=_WORKERS_HIGH),
        Field("markers_left", seats, "per seat, Influence markers not yet on the board / markers per player"),
        Field(
            "bonus",
            seats * len(GOODS),
            f"per seat, constant bonuses per good / {BONUS_SCALE} (~)",
            high=NUM_TOKENS / BONUS_SCALE,
        ),
        Field("executed", seats * NUM_TOKENS, "per seat, multi-hot over token ids: tokens executed"),
        Field("cards", seats * NUM_QUAYS, "per seat, multi-hot over quays: Port cards taken"),
        Field(
            "card_colours",
            seats * len(SECTORS),
            f"per seat, Port cards per colour / {QUAYS_PER_COLOUR}",
            high=MAX_QUAYS_OF_A_COLOUR / QUAYS_PER_COLOUR,
        ),
        Field(
            "cruise_count",
            seats * len(CRUISE_SIZES),
            f"per seat, cruise ships per size / {PILE_SCALE}",
            high=_SHIPS_HIGH,
        ),
        Field(
            "cruise_vp",
            seats,
            f"per seat, VP of the cruise ships the observer knows / {CRUISE_VP_SCALE} (~)",
            high=CRUISE_CARDS * MAX_CARD_NUMBER / CRUISE_VP_SCALE,
        ),
    )


def _turn_fields() -> tuple[Field, ...]:
    return (
        Field("dice", MAX_FACES, f"dice per face id / {DICE} (ids 0..3: L1, L2, M1, M2; 4, 5: recruitment)"),
        Field("rolls", 1, f"rolls made this turn / {DICE}"),
        Field(
            "symbols",
            3,
            f"loading, movement, recruitment symbols rolled / {MAX_SYMBOLS}",
            high=DICE * MAX_FACE_SYMBOLS / MAX_SYMBOLS,
        ),
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


def _scaled(scale: float, most: int) -> tuple[float, ...]:
    """``k / scale`` for k = 0..most: a count's value read from a table, not divided per call."""
    return tuple(k / scale for k in range(most + 1))


def _float32(values: list[float]) -> memoryview[float]:
    """``values`` as a float32 block, which the writer copies into the row in one store."""
    return memoryview(np.array(values, dtype=np.float32).tobytes()).cast("f")


_DECISION_INDEX: dict[type, int] = {kind: number for number, kind in enumerate(DECISION_TYPES)}
_DICE_VALUE = _repeated(1 / DICE, DICE)
_COLOUR_VALUE = _repeated(1 / QUAYS_PER_COLOUR, NUM_QUAYS)
_CRUISE_VALUE = _repeated(1 / PILE_SCALE, CRUISE_CARDS)
_F32 = 4  # bytes per float32
# A run of float32 values stored at once (at a byte offset): per good, per colour, per cruise size.
_PER_GOOD = struct.Struct(f"={len(GOODS)}f")
_PER_COLOUR = struct.Struct(f"={len(SECTORS)}f")
_PER_SIZE = struct.Struct(f"={len(CRUISE_SIZES)}f")
_SYMBOLS = struct.Struct("=3f")  # loading, movement, recruitment
_VP = itemgetter(1)  # of a Cruise Ship card (size, VP)


class _Tables:
    """What the writer needs of one (component file, player count), computed once: every field's
    position, the scaled value of every count the rules allow (read from tuples, not divided per
    call), and the float32 blocks that are copied whole (each Order token's features, the quays'
    colours and workers, the dice and the turn's used actions). Kept with the components
    (``_tables``): a component file of one's own gets its own."""

    def __init__(self, components: Components, num_players: int) -> None:
        c = components
        seats = num_players
        self.layout = observation_layout(num_players)
        self.size = self.layout.size
        at = {name: where.start for name, where in self.layout.offsets.items()}
        goods = len(GOODS)
        # Perspective and decision.
        self.me, self.current_player, self.first_player = at["me"], at["current_player"], at["first_player"]
        self.round = at["round"]
        self.decision = {kind: at["decision"] + n for kind, n in _DECISION_INDEX.items()}
        self.after_dice, self.left, self.swap_from = at["after_dice"], at["left"], at["swap_from"]
        self.left_value = _scaled(MAX_SYMBOLS, MAX_SYMBOLS)
        # The board.
        self.end_triggered, self.central_port_open = at["end_triggered"], at["central_port_open"]
        self.removed_sector = at["removed_sector"]
        self.supply = at["supply"] * _F32
        self.supply_value = tuple(_scaled(box, box) for box in c.supply)
        self.deck_size, self.token_stack_size = at["deck_size"], at["token_stack_size"]
        self.per_quay = _scaled(NUM_QUAYS, NUM_QUAYS)
        self.per_token = _scaled(NUM_TOKENS, NUM_TOKENS)
        self.boxed_tokens = at["boxed_tokens"]
        self.cruise_piles = at["cruise_piles"] * _F32
        self.pile_value = _scaled(PILE_SCALE, CRUISE_CARDS)
        # Each token's 14 features; index -1 (the last): no token.
        self.order = tuple(
            _float32(_order_features(c, token)) for token in (*range(NUM_TOKENS), -1)
        )
        self.token_stack_top = at["token_stack_top"]
        sectors = np.zeros((NUM_QUAYS, len(SECTORS)), dtype=np.float32)
        sectors[np.arange(NUM_QUAYS), list(c.quay_sector)] = 1.0
        workers = np.array([n / QUAY_WORKERS_SCALE for n in c.quay_workers], dtype=np.float32)
        # The quays' fixed part (quay_sector, then quay_workers) as bytes, which the writer joins
        # with each quay's Order token (quay_order follows them in the layout) into one store.
        self.quays = np.concatenate([sectors.ravel(), workers]).tobytes()
        self.quays_at = at["quay_sector"] * _F32
        assert at["quay_order"] == at["quay_sector"] + len(self.quays) // _F32, "quay fields apart"
        self.order_bytes = tuple(block.tobytes() for block in self.order)
        # Per quay bit (1 << quay): the position of that quay's marker for seat 0 (+ seat).
        self.marker = {1 << q: at["quay_markers"] + q * seats for q in range(NUM_QUAYS)}
        # The seats.
        self.score, self.workers = at["score"], at["workers"]
        self.location = tuple(at["location"] + seat * MAX_LOCATIONS for seat in range(seats))
        self.hold = tuple((at["hold"] + seat * goods) * _F32 for seat in range(seats))
        self.hold_value = _scaled(MAX_CARGO, c.cargo_capacity)
        self.markers_left = at["markers_left"]
        self.markers_left_value = _scaled(c.influence_markers, c.influence_markers)
        self.bonus = tuple((at["bonus"] + seat * goods) * _F32 for seat in range(seats))
        self.bonus_value = _scaled(BONUS_SCALE, NUM_TOKENS)
        self.executed = tuple(at["executed"] + seat * NUM_TOKENS for seat in range(seats))
        self.cards = tuple(at["cards"] + seat * NUM_QUAYS for seat in range(seats))
        self.card_colours = tuple((at["card_colours"] + seat * len(SECTORS)) * _F32 for seat in range(seats))
        self.quay_sector = c.quay_sector
        sizes = len(CRUISE_SIZES)
        self.cruise_count = tuple((at["cruise_count"] + seat * sizes) * _F32 for seat in range(seats))
        self.cruise_vp = at["cruise_vp"]
        # Per seat, the seat and its positions, in the order the writer reads them (those of a run
        # of values stored by ``struct`` are byte offsets).
        self.seats = tuple(
            (
                seat,
                at["score"] + seat,
                at["workers"] + seat,
                at["markers_left"] + seat,
                self.location[seat],
                self.hold[seat],
                self.bonus[seat],
                self.executed[seat],
                self.cards[seat],
                self.card_colours[seat],
                self.cruise_count[seat],
            )
            for seat in range(seats)
        )
        # The turn: the dice block per sorted tuple of face ids (every multiset of at most
        # ``DICE`` of the file's faces), and the used actions' flags per bitmask.
        self.dice_at = at["dice"]
        self.dice = {
            faces: _float32([_DICE_VALUE[faces.count(face)] for face in range(MAX_FACES)])
            for count in range(1, DICE + 1)
            for faces in combinations_with_replacement(range(len(c.face_codes)), count)
        }
        self.rolls, self.symbols = at["rolls"], at["symbols"] * _F32
        self.rolls_value = _scaled(DICE, DICE)
        self.symbols_value = _scaled(MAX_SYMBOLS, DICE * max(c.face_value))
        self.used_at = at["used"]
        self.used = tuple(
            _float32([float(bool(used & bit)) for bit in TURN_BITS]) for used in range(1 << len(TURN_BITS))
        )


_TABLES_KEY = {n: ("observation tables", n) for n in range(INFO.min_players, INFO.max_players + 1)}
_SPENDING = frozenset((LoadCubes, FillRoom, UnloadCubes))  # the decisions with loading symbols left


def _tables(components: Components, num_players: int) -> _Tables:
    """The writer's tables for ``components`` and ``num_players``, kept with the components (as
    their other derived look-ups, ``Components.memo``, under ``_TABLES_KEY``)."""
    key = _TABLES_KEY[num_players]
    tables: _Tables | None = components.memo.get(key)
    if tables is None:
        tables = components.memo[key] = _Tables(components, num_players)
    return tables


def _write_observation(state: State, player: int, row: npt.NDArray[np.float32]) -> None:
    """``player``'s tensor of ``state`` into ``row`` (zeroed), read straight from the state.

    What ``observe`` hides never reaches the row: of the Port deck, the Order-token stack and the
    Cruise Ship piles only their sizes and the stack's face-up top are read, and the other seats'
    Cruise Ship values only once the game is over. Single values are stored through a memoryview
    of the row (cheaper than numpy's item or fancy-index assignment), runs of values with one
    ``struct`` call, and the float32 blocks of ``_Tables`` with one slice store each.
    """
    n = state.num_players
    if type(player) is not int or not 0 <= player < n:
        require_seat(player, n)  # raises observe's error
    t = state.rules.components.memo.get(_TABLES_KEY[n]) or _tables(state.rules.components, n)
    out = cast("memoryview[float]", row.data)  # float32 items, written as Python floats
    board = state.board
    # Perspective and decision.
    current = state.current_player
    out[t.me + player] = 1.0
    if current is not None:
        out[t.current_player + current] = 1.0
    out[t.first_player + state.first_player] = 1.0
    out[t.round] = state.round / ROUND_LIMIT
    decision = state.decision
    if decision is not None:
        out[t.decision[type(decision)]] = 1.0
        if type(decision) is ChooseAction:
            if decision.after_dice:
                out[t.after_dice] = 1.0
        elif type(decision) in _SPENDING:
            out[t.left] = t.left_value[decision.left]  # type: ignore[union-attr]  # a _SPENDING kind
        elif type(decision) is SwapWith:
            out[t.swap_from + decision.quay] = 1.0
    # The board: of the deck and the piles only their sizes, of the token stack its size and top.
    if state.end_triggered:
        out[t.end_triggered] = 1.0
    if board.central_port_open:
        out[t.central_port_open] = 1.0
    if board.removed_sector >= 0:
        out[t.removed_sector + board.removed_sector] = 1.0
    g0, g1, g2, g3, g4, g5 = state.supply
    v0, v1, v2, v3, v4, v5 = t.supply_value
    _PER_GOOD.pack_into(out, t.supply, v0[g0], v1[g1], v2[g2], v3[g3], v4[g4], v5[g5])
    out[t.deck_size] = t.per_quay[len(board.deck)]
    stack = board.token_stack
    out[t.token_stack_size] = t.per_token[len(stack)]
    order = t.order
    if stack:
        out[t.token_stack_top : t.token_stack_top + ORDER_FEATURES] = order[stack[0]]
    for token in board.boxed_tokens:
        out[t.boxed_tokens + token] = 1.0
    p0, p1, p2 = board.cruise_piles
    pile = t.pile_value
    _PER_SIZE.pack_into(out, t.cruise_piles, pile[len(p0)], pile[len(p1)], pile[len(p2)])
    # quay_sector, quay_workers and quay_order follow each other: one store of their bytes.
    quays = b"".join((t.quays, *itemgetter(*board.tokens)(t.order_bytes)))
    out.cast("B")[t.quays_at : t.quays_at + len(quays)] = quays
    # The seats: the others' Cruise Ship values only once the game is over.
    shown = player if current is not None else -1  # -1: every seat's
    marker, quay_sector, hold, bonus = t.marker, t.quay_sector, t.hold_value, t.bonus_value
    markers_left_value, per_size, colour = t.markers_left_value, _CRUISE_VALUE, _COLOUR_VALUE
    for p, positions in zip(state.players, t.seats, strict=True):
        seat, score, workers, left, location, hold_at, bonus_at, executed, cards, colours, ships = positions
        out[score] = p.score / SCORE_SCALE
        out[workers] = p.workers / WORKERS_SCALE
        out[left] = markers_left_value[p.markers_left]
        if p.location >= 0:
            out[location + p.location] = 1.0
        g0, g1, g2, g3, g4, g5 = p.hold
        _PER_GOOD.pack_into(out, hold_at, hold[g0], hold[g1], hold[g2], hold[g3], hold[g4], hold[g5])
        markers = p.markers
        while markers:
            low = markers & -markers
            out[marker[low] + seat] = 1.0
            markers ^= low
        if p.tokens:  # the bonuses are the executed tokens'
            g0, g1, g2, g3, g4, g5 = p.bonus
            b0, b1, b2, b3, b4, b5 = bonus[g0], bonus[g1], bonus[g2], bonus[g3], bonus[g4], bonus[g5]
            _PER_GOOD.pack_into(out, bonus_at, b0, b1, b2, b3, b4, b5)
            for token in p.tokens:
                out[executed + token] = 1.0
        if p.cards:
            counts = [0] * len(SECTORS)
            for quay in p.cards:
                out[cards + quay] = 1.0
                counts[quay_sector[quay]] += 1
            c0, c1, c2, c3 = counts
            _PER_COLOUR.pack_into(out, colours, colour[c0], colour[c1], colour[c2], colour[c3])
        if p.cruise:
            sizes = [0] * len(CRUISE_SIZES)
            for size, _ in p.cruise:
                sizes[size] += 1
            s0, s1, s2 = sizes
            _PER_SIZE.pack_into(out, ships, per_size[s0], per_size[s1], per_size[s2])
            if shown < 0 or seat == shown:
                out[t.cruise_vp + seat] = sum(map(_VP, p.cruise)) / CRUISE_VP_SCALE
    # The turn.
    turn = state.turn
    if turn.dice:
        out[t.dice_at : t.dice_at + MAX_FACES] = t.dice[turn.dice]
    out[t.rolls] = t.rolls_value[turn.rolls]
    symbols = t.symbols_value
    _SYMBOLS.pack_into(out, t.symbols, symbols[turn.load], symbols[turn.move], symbols[turn.recruit])
    if turn.used:
        out[t.used_at : t.used_at + len(TURN_BITS)] = t.used[turn.used]


def observation_tensor(state: State, player: int) -> npt.NDArray[np.float32]:
    """``player``'s view of ``state`` as the layout's vector, written straight from the state
    without what the seat may not know (``_write_observation``)."""
    row = np.zeros(observation_layout(state.num_players).size, dtype=np.float32)
    _write_observation(state, player, row)
    return row


def observation_tensors(
    states: Sequence[State], seats: Sequence[int], out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """Row k: ``seats[k]``'s tensor of ``states[k]``, into ``out`` if given (a trainer's buffer,
    reused across steps); the states share one player count.

    >>> from harborgames import gdansk
    >>> states = [gdansk.new_game(3, seed=1), gdansk.new_game(3, seed=2)]
    >>> gdansk.observation_tensors(states, [0, 2]).shape
    (2, 798)
    """
    return fill_observations(_write_observation, _layout_of, states, seats, out)


def legal_action_masks(
    states: Sequence[State], out: npt.NDArray[np.int8] | None = None
) -> npt.NDArray[np.int8]:
    """Row k: the legal-action mask of ``states[k]``, into ``out`` if given; the states share one
    player count and component file.

    >>> from harborgames import gdansk
    >>> gdansk.legal_action_masks([gdansk.new_game(2, seed=1)]).shape
    (1, 252)
    """
    return fill_masks(_space, states, out)


def _layout_of(state: State) -> TensorLayout:
    return observation_layout(state.num_players)


def observation_string(state: State, player: int) -> str:
    """``render`` from ``player``'s view (it shows what ``observe`` keeps and hides the other
    players' cruise ship values), headed by the seat.

    The ``forced:`` lines (what the engine took since the last decision) are left out, as
    ``observe`` leaves them out: they note the last transition rather than the position, and a
    ``resample`` of the state, which the string must not tell from it, has none."""
    observation = observe(state, player)
    shown = update(state, forced=()) if state.forced else state
    return CODEC.observation_string(observation, f"You are player {player}.\n{render(shown, player)}")
