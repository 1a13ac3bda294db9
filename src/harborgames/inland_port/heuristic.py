"""The heuristic bots play the Inland Port by: end wealth as the rulebook counts it, one seat
against the other.

Not a rule: ``scores`` and ``winners`` (``scoring.py``) are the rules. This is what the
``greedy`` bot maximises and what ``mcts`` values its cut-off positions with (docs/bots.md).
Counting the wheel's forced sale (a building at "4+" is sold for half at the round's end
unless used) and goods fading over the last rounds was tried and measured worse for ``mcts``
(32.5 of 40 games against ``greedy`` instead of 35, on the same deals), so it is not here.
"""

from __future__ import annotations

from .scoring import wealth
from .state import State

__all__ = ["heuristic"]


def heuristic(state: State, player: int) -> float:
    """A cheap value for greedy bots: own wealth minus the opponent's, goods worth half a Franc
    (they build into buildings and pay food costs, but count nothing at the end)."""

    def value(p: int) -> float:
        return wealth(state, p) + _GOOD * sum(state.goods[p])

    return value(player) - value(1 - player)


_GOOD = 0.5  # Francs a good is worth to a seat
