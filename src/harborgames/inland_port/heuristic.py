"""The heuristic bots play the Inland Port by: a guess of a seat's end wealth as the rulebook
counts it.

Not a rule: ``scores`` and ``winners`` (``scoring.py``) are the rules. This is what the
``greedy`` bot maximises and what the searches value their cut-off positions with
(docs/bots.md); the bots make it relative to the other seat themselves. Goods count nothing at
the end, but they build into buildings and pay food costs, so a good is credited a part of a
Franc while the game runs (``HeuristicParams``), less in the last round, when little is left to
build or pay with them.
"""

from __future__ import annotations

import attrs

from ..core.checks import require_seat
from ..core.params import Weights, weight
from .data import NUM_ROUNDS
from .scoring import wealth
from .state import State

__all__ = ["HAND", "HeuristicParams", "heuristic"]


@attrs.frozen
class HeuristicParams(Weights):
    """The heuristic's weights, in Francs per step of a good's track (``HAND``: the
    hand-written values; ``harborgames tune`` finds others, which the bots read from their
    shipped sets)."""

    fish: float = weight(0.5, 0.0, 2.0)
    clay: float = weight(0.5, 0.0, 2.0)
    wood: float = weight(0.5, 0.0, 2.0)
    grain: float = weight(0.5, 0.0, 2.0)
    last_round: float = weight(1.0, 0.0, 1.0)  # the goods' worth in the last round, as a share


HAND = HeuristicParams()
"""The hand-written weights."""


def heuristic(state: State, player: int, params: HeuristicParams = HAND) -> float:
    """A cheap guess of ``player``'s final wealth: wealth now, and the goods at their weights.
    A finished game is its wealth."""
    if type(player) is not int or not 0 <= player < state.num_players:
        require_seat(player, state.num_players)  # the boundary's error, naming the seat
    value = float(wealth(state, player))
    if state.current_player is None:
        return value
    fish, clay, wood, grain = state.goods[player]
    goods = params.fish * fish + params.clay * clay + params.wood * wood + params.grain * grain
    if state.round >= NUM_ROUNDS - 1:
        goods *= params.last_round
    return value + goods
