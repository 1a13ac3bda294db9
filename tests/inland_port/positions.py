"""Build Inland Port positions for tests: a fresh game, then only the fields a test cares about.

>>> s = position(round=5, goods={0: (4, 3, 2, 1)}, francs={0: 5}, wheel={"wood_company": (0, "3")})
>>> s.current_player, s.actions_left, s.round - s.placed[BUILDING_INDEX["wood_company"]]
(0, 5, 2)

Goods are counts (fish, clay, wood, grain); a count is also the warehouse square: row value
``3 * (count // 3)``, column ``count % 3``. A building is given either by the round it was last
built or used (``built={"kiln": (owner, placed_round)}``) or by the sector it sits in this round
(``wheel={"kiln": (owner, "4+")}``). Every position is checked by the codec's consistency rules.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from harborgames import inland_port as ip
from harborgames import testing
from harborgames.inland_port import State, new_game
from harborgames.inland_port.codec import validate_state
from harborgames.inland_port.data import BUILDING_INDEX, NUM_BUILDINGS, ROUND_ACTIONS, ROUND_LETTERS
from harborgames.inland_port.decisions import MainAction

__all__ = [
    "BUILDING_INDEX",
    "SECTOR_AGE",
    "legal",
    "play",
    "position",
    "round_of",
    "sector_of",
    "square",
]

# Sector label -> rounds since the building was placed (built or last used).
SECTOR_AGE = {"0": 0, "2": 1, "3": 2, "4": 3, "4+": 4}

Goods = tuple[int, int, int, int]


def round_of(letter: str) -> int:
    """The round index of a round letter: A -> 0 ... L -> 11."""
    return ROUND_LETTERS.index(letter)


def square(count: int) -> tuple[int, int]:
    """The warehouse square (row value, column) of a count, as the rulebook reads it: 7 -> (6, 1)."""
    return 3 * (count // 3), count % 3


def position(
    *,
    seed: int = 0,
    round: int = 0,  # the State's own field name
    player: int = 0,
    actions_left: int | None = None,
    first_player: int | None = None,
    goods: Mapping[int, Goods] | None = None,
    francs: Mapping[int, int] | None = None,
    built: Mapping[str, tuple[int, int]] | None = None,
    wheel: Mapping[str, tuple[int, str]] | None = None,
    options: Mapping[str, str] | None = None,
) -> State:
    """A main-phase position with ``player`` to move in ``round`` (0 = A).

    Unnamed seats keep the starting 3 Francs and goods (4, 3, 2, 1). By default the round is
    untouched (all its actions left) and ``player`` is its starting player, which fixes
    ``first_player`` (the A-F board holder starts the even rounds A, C, E, ...).
    """
    state = new_game(seed=seed, options=options)
    if first_player is None:
        first_player = player if round % 2 == 0 else 1 - player
    owner = [-1] * NUM_BUILDINGS
    placed = [0] * NUM_BUILDINGS
    for key, (seat, when) in (built or {}).items():
        owner[BUILDING_INDEX[key]] = seat
        placed[BUILDING_INDEX[key]] = when
    for key, (seat, sector) in (wheel or {}).items():
        owner[BUILDING_INDEX[key]] = seat
        placed[BUILDING_INDEX[key]] = round - SECTOR_AGE[sector]
    all_goods = [state.goods[0], state.goods[1]]
    for seat, counts in (goods or {}).items():
        all_goods[seat] = tuple(counts)  # type: ignore[assignment]
    all_francs = list(state.francs)
    for seat, amount in (francs or {}).items():
        all_francs[seat] = amount
    state = attrs.evolve(
        state,
        current_player=player,
        round=round,
        actions_left=ROUND_ACTIONS[round] if actions_left is None else actions_left,
        first_player=first_player,
        decision=MainAction(),
        francs=(all_francs[0], all_francs[1]),
        goods=(all_goods[0], all_goods[1]),
        owner=tuple(owner),
        placed=tuple(placed),
    )
    validate_state(state)
    return state


def sector_of(state: State, key: str) -> int:
    """Rounds since ``key`` was placed: 0 is sector 0, 4 is "4+" (see SECTOR_AGE)."""
    return state.round - state.placed[BUILDING_INDEX[key]]


def legal(state: State) -> list[str]:
    """The legal actions in notation (``harborgames.testing.legal`` for this game)."""
    return testing.legal(ip, state)


def play(state: State, *moves: str) -> State:
    """Apply moves in notation (``harborgames.testing.play`` for this game; ``a; b`` works too)."""
    return testing.play(ip, state, *moves)
