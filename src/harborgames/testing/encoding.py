"""The RL surface's conformance check: integer ids, masks and observation tensors of one game.

Every game's test suite calls ``check_encoding`` for every player count and variant, so the
promises of ``docs/rl.md`` are checked the same way everywhere::

    from harborgames import inland_port
    from harborgames.testing.encoding import check_encoding
    check_encoding(inland_port, 2, games=3, seed=0)
"""

from __future__ import annotations

import random

import numpy as np

from ..core.errors import IllegalActionError
from ..core.play import random_playout
from ..core.protocol import LoadedGame, State

__all__ = ["EncodingError", "check_encoding"]


class EncodingError(AssertionError):
    """A broken promise of the integer-action or tensor surface."""


def check_encoding(
    module: LoadedGame, num_players: int, variant: str | None = None, *, games: int = 3, seed: int = 0
) -> int:
    """Random playouts checking, at every decision: the mask is exactly the legal actions' ids;
    ``decode(encode(a)) == a`` for every legal action; ids are within ``num_distinct_actions``;
    each seat's tensor has the layout's shape, is float32 and finite, and it, the seat's
    ``observation_string`` and (for the seat to move) the mask are the same for a ``resample`` of
    the state from that seat's view (so they depend only on what the seat may know). Returns the
    number of decisions checked."""
    game = module
    chosen = variant if variant is not None else game.INFO.default_variant
    size = module.num_distinct_actions(num_players, chosen)
    shape = module.observation_layout(num_players, chosen).shape
    checked = 0

    def check(state: State, action: object, after: State) -> None:
        nonlocal checked
        where = f"{game.INFO.name} {num_players}p {chosen}, decision {checked}"
        legal = game.legal_actions(state)
        ids = [module.encode(state, a) for a in legal]
        if len(set(ids)) != len(ids):
            raise EncodingError(f"{where}: two legal actions share an id: {ids}")
        for a, number in zip(legal, ids, strict=True):
            if not 0 <= number < size:
                raise EncodingError(f"{where}: id {number} of {a} outside 0..{size - 1}")
            back = module.decode(state, number)
            if back != a or type(back) is not type(a):
                raise EncodingError(f"{where}: decode(encode({a})) gave {back}")
        mask = module.legal_action_mask(state)
        if mask.dtype != np.int8 or mask.shape != (size,):
            raise EncodingError(f"{where}: mask is {mask.dtype}{mask.shape}, not int8({size},)")
        if sorted(np.flatnonzero(mask).tolist()) != sorted(ids):
            raise EncodingError(f"{where}: the mask is not the legal actions' ids")
        unused = next((n for n in range(size) if not mask[n]), None)
        if unused is not None:
            try:
                refused = module.decode(state, unused)
            except IllegalActionError:
                pass
            else:
                try:
                    game.apply(state, refused)
                except IllegalActionError:
                    pass
                else:
                    raise EncodingError(f"{where}: id {unused} ({refused}) is masked but applies")
        for seat in range(num_players):
            tensor = module.observation_tensor(state, seat)
            if tensor.dtype != np.float32 or tensor.shape != shape:
                raise EncodingError(f"{where}: seat {seat}'s tensor is {tensor.dtype}{tensor.shape}")
            if not np.all(np.isfinite(tensor)):
                raise EncodingError(f"{where}: seat {seat}'s tensor is not finite")
            text = module.observation_string(state, seat)
            if not isinstance(text, str):
                raise EncodingError(f"{where}: observation_string is not a str")
            if checked % 7 == 0:
                other = game.resample(state, seat, checked)
                if not np.array_equal(module.observation_tensor(other, seat), tensor):
                    raise EncodingError(f"{where}: seat {seat}'s tensor reads something it cannot know")
                if module.observation_string(other, seat) != text:
                    raise EncodingError(f"{where}: seat {seat}'s string reads something it cannot know")
                if seat == state.current_player and not np.array_equal(module.legal_action_mask(other), mask):
                    raise EncodingError(f"{where}: the mover's mask differs in a resample from its view")
        checked += 1

    for number in range(games):
        state = game.new_game(num_players, seed=seed + number, variant=chosen)
        random_playout(game, state, random.Random(seed + number), on_step=check)
    return checked
