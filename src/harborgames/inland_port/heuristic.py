"""The heuristic bots play the Inland Port by: each seat's end wealth as the rulebook counts it,
less what the wheel will take, one seat against the other.

Not a rule: ``scores`` and ``winners`` (``scoring.py``) are the rules. This is what the
``greedy`` bot maximises and what ``mcts`` values its cut-off positions with (docs/bots.md).
"""

from __future__ import annotations

from .data import BUILDINGS, FORCED_SALE_AGE, NUM_ROUNDS
from .scoring import building_value, wealth
from .state import State

__all__ = ["heuristic"]


def heuristic(state: State, player: int) -> float:
    """A cheap value for bots: own end-wealth guess minus the opponent's.

    A seat's guess is its wealth now (Francs and buildings), its goods at ``_GOOD`` Francs
    each while there are rounds left to build with them (worth nothing at the end, but for the
    factories, whose value counts them already), less half of what the wheel's forced sale
    will take from a building that reaches it at this round's end unless it is used first.
    """
    if state.current_player is None:
        return float(wealth(state, player) - wealth(state, 1 - player))
    rounds_left = NUM_ROUNDS - state.round
    goods = _GOOD * min(1.0, rounds_left / _GOODS_FADE)

    def value(p: int) -> float:
        worth = wealth(state, p) + goods * sum(state.goods[p])
        for b in range(len(BUILDINGS)):
            if (
                state.owner[b] == p
                and not _LOCKED[b]
                and state.round + 1 - state.placed[b] >= FORCED_SALE_AGE
            ):
                lost = building_value(state, b)
                worth -= _AT_RISK * (lost - lost // 2)
        return worth

    return value(player) - value(1 - player)


_LOCKED = tuple(b.locked for b in BUILDINGS)
_GOOD = 0.5  # Francs a good is worth while there are rounds left to build with it
_GOODS_FADE = 2.0  # goods keep their worth until this many rounds are left, then fade
_AT_RISK = 0.5  # the share of a forced sale's loss counted: the owner may still use it first
