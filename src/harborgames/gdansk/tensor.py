"""The observation tensor of Port Gdańsk (``docs/rl/gdansk.md``): the writer.

``observation_tensor`` writes what ``observe(state, player)`` shows, straight from the state:
every position is looked up in tables made once per component file and player count
(``_Tables``, kept in the components' ``Memo`` as ``TENSOR_TABLES``); ``tests/gdansk/
tensor_reference.py`` keeps the observe-then-write reference it must equal on every state.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from itertools import combinations_with_replacement
from operator import itemgetter
from typing import cast

import numpy as np
import numpy.typing as npt

from ..core.checks import require_seat
from ..core.encoding import TensorLayout, fill_observations
from .action_ids import DICE, MAX_FACES, MAX_LOCATIONS
from .data import (
    CRUISE_CARDS,
    CRUISE_SIZES,
    GOODS,
    NUM_QUAYS,
    NUM_TOKENS,
    ROUND_LIMIT,
    SECTORS,
    Components,
    MemoTable,
)
from .decisions import DECISION_TYPES, ChooseAction, FillRoom, LoadCubes, SwapWith, UnloadCubes
from .state import State
from .tensor_layout import (
    BONUS_SCALE,
    CRUISE_VP_SCALE,
    MAX_CARGO,
    MAX_SYMBOLS,
    ORDER_FEATURES,
    PILE_SCALE,
    QUAY_WORKERS_SCALE,
    QUAYS_PER_COLOUR,
    SCORE_SCALE,
    TOKEN_VP_SCALE,
    TURN_BITS,
    WORKERS_SCALE,
    observation_layout,
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
    (``TENSOR_TABLES``): a component file of one's own gets its own."""

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
        self.order = tuple(_float32(_order_features(c, token)) for token in (*range(NUM_TOKENS), -1))
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


# The writer's tables per player count, kept with the components they were made from.
TENSOR_TABLES: MemoTable[int, _Tables] = MemoTable("the tensor writer's tables per player count")
_SPENDING = frozenset((LoadCubes, FillRoom, UnloadCubes))  # the decisions with loading symbols left


def _tables(components: Components, num_players: int) -> _Tables:
    """The writer's tables for ``components`` and ``num_players``, made on first use."""
    made = components.memo.table(TENSOR_TABLES)
    tables = made.get(num_players)
    if tables is None:
        tables = made[num_players] = _Tables(components, num_players)
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
    t = _tables(state.rules.components, n)
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


def _layout_of(state: State) -> TensorLayout:
    return observation_layout(state.num_players)
