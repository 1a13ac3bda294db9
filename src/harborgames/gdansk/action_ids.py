"""The integer action ids of Port Gdańsk (``docs/rl/gdansk.md``), one configuration's ``ActionSpace``.

Every Gdańsk decision ranges over a finite set the rulebook bounds (sectors, locations, die faces,
goods, quays, seats, cruise sizes), so every action has a fixed id and no slot block is needed.
The board map and the dice come from a replaceable component file; the ids are given by
*position* (a location's place in the file, a face's id), padded to the most the rulebook allows,
so that every valid component file has the same ``num_distinct_actions``. A padding id decodes to
an action naming no real location or face, which ``apply`` refuses like any other illegal action.

The ids that do not depend on the number of players come first; the ``HrSwapWith`` block (one
per seat and quay) is last, so the first ``len(shared_catalogue(...))`` ids mean the same for 2, 3
and 4 players.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations_with_replacement

from ..core.encoding import ActionSpace
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
from .component_file import standin_components
from .data import (
    CACHE_SIZE,
    CRUISE_SIZES,
    GOODS,
    NUM_QUAYS,
    SECTORS,
    Components,
)
from .info import INFO
from .state import State
from .turn import legal_actions

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


def space_of(state: State) -> ActionSpace[State, Action]:
    return space_for(state.rules.components, state.num_players)
