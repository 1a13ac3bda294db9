"""What a player may know (``observe``), and drawing a position consistent with it (``resample``).

Hidden in the short game: the face-down Supply tiles of round 1 (which tile lies on each round
space not yet reached) and the RNG (the shuffle that laid them). Everything else is public: the
Building Proposal piles are fanned out face up, goods and Francs lie open.
"""

from __future__ import annotations

from ..core.rng import Rng
from ..core.update import update
from .state import Observation, State

HIDDEN = -1  # a face-down Supply tile in an observation
BLANK_RNG = Rng(0, 1)  # an observation's stand-in for the RNG


def _check_seat(state: State, player: int) -> None:
    if type(player) is not int or not 0 <= player < state.num_players:
        raise ValueError(f"seat {player!r} is not a seat of this {state.num_players}-player game")


def observe(state: State, player: int) -> Observation:
    """The state as ``player`` sees it: the face-down tiles as -1, a blank RNG."""
    _check_seat(state, player)
    tiles = state.tiles[: state.revealed] + (HIDDEN,) * (len(state.tiles) - state.revealed)
    return Observation(player, update(state, tiles=tiles, rng=BLANK_RNG))


def resample(state: State, player: int, seed: int) -> State:
    """A state ``player`` cannot tell from ``state``: the face-down tiles re-dealt with a fresh
    RNG drawn from ``seed`` (which becomes the new state's RNG)."""
    _check_seat(state, player)
    rng = Rng.from_seed(seed)
    hidden = state.tiles[state.revealed :]
    dealt, rng = rng.shuffled(hidden)
    return update(state, tiles=state.tiles[: state.revealed] + dealt, rng=rng)
