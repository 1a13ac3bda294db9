"""Game setup (rulebook: "Game Setup"): a random starting player takes the A-F board and starts;
each player has 3 Francs and the goods counters on 4 Fish, 3 Clay, 2 Wood and 1 Grain.

>>> from harborgames.inland_port import new_game
>>> state = new_game(seed=1)
>>> state.current_player, state.first_player, state.francs, state.goods[0], state.decision
(1, 1, (3, 3), (4, 3, 2, 1), MainAction())
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.rng import Rng
from .data import NUM_BUILDINGS, ROUND_ACTIONS, START_FRANCS, START_GOODS, Rules
from .decisions import MAIN_ACTION
from .info import INFO
from .state import State
from .turn import RULEBOOK

__all__ = ["new_game"]


def new_game(
    num_players: int = 2,
    *,
    seed: int = 0,
    variant: str | None = "standard",
    options: Mapping[str, str] | None = None,
) -> State:
    """A fresh game: a random starting player (from ``seed``) takes the A-F board and starts.
    ``variant`` None is the default variant, as ``INFO.check_configuration`` reads it."""
    variant = INFO.default_variant if variant is None else variant
    # Each value is one of its option's (check_new_game; the field's validator checks it again),
    # which mypy cannot see of a str from a mapping.
    rules = Rules(**INFO.check_new_game(num_players, variant, options))  # type: ignore[arg-type]
    first, rng = Rng.from_seed(seed).below(2)
    start = State(
        num_players=2,
        current_player=first,
        round=0,
        actions_left=ROUND_ACTIONS[0],
        first_player=first,
        decision=MAIN_ACTION,
        francs=(START_FRANCS, START_FRANCS),
        goods=(START_GOODS, START_GOODS),
        owner=(-1,) * NUM_BUILDINGS,
        placed=(0,) * NUM_BUILDINGS,
        rules=rules,
        rng=rng,
    )
    return RULEBOOK.settle(start)
