"""Port Gdańsk's observation tensor as it was first written (before issue 30): build the whole
``observe(state, player)`` value (which hides what the seat may not know), then write it field
by field at the layout's offsets.

Kept verbatim as the reference the fast writer (``gdansk.tensor``) must equal on every state
(``test_tensor_fast.py``); only the scales and layout come from the package, so a deliberate
layout change shows up in both.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from harborgames.gdansk.action_ids import DICE, MAX_FACES, MAX_LOCATIONS
from harborgames.gdansk.data import (
    CACHE_SIZE,
    CRUISE_CARDS,
    CRUISE_SIZES,
    GOODS,
    NUM_QUAYS,
    NUM_TOKENS,
    ROUND_LIMIT,
    SECTORS,
    Components,
)
from harborgames.gdansk.decisions import (
    DECISION_TYPES,
    ChooseAction,
    FillRoom,
    LoadCubes,
    SwapWith,
    UnloadCubes,
)
from harborgames.gdansk.observe import observe
from harborgames.gdansk.state import Observation, State, bits
from harborgames.gdansk.tensor_layout import (
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
