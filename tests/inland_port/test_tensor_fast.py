"""The observation tensor written straight from the state (issue 30) equals the reference (the
first implementation, ``observe`` then write: ``tensor_reference.py``) on every state of seeded
random playouts of every configuration the conformance kit plays, for every seat; the batch
functions equal the single ones; real tensors lie within the layout's bounds."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from harborgames import inland_port as ip
from harborgames.inland_port.limits import MAX_FRANCS, francs_room

from .tensor_reference import observation_tensor as reference_tensor

# The rule options the conformance kit plays (tests/conformance/test_games.py): the defaults,
# each option at its other reading, and every option at its other reading at once.
OPTION_SETS = [
    {},
    *({name: values[1]} for name, values in ip.OPTIONS.items()),
    {name: values[1] for name, values in ip.OPTIONS.items()},
]
IDS = ["defaults", *ip.OPTIONS, "all-other"]


def _playout(seed: int, options: dict[str, str]) -> list[ip.State]:
    rng = random.Random(seed)
    state = ip.new_game(2, seed=seed, options=options or None)
    states = [state]
    while not ip.is_terminal(state):
        state = ip.apply(state, rng.choice(ip.legal_actions(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
def test_the_tensor_equals_the_reference_along_playouts_and_resamples(options: dict[str, str]) -> None:
    for seed in range(2):
        for number, state in enumerate(_playout(seed, options)):
            for seat in (0, 1):
                assert np.array_equal(ip.observation_tensor(state, seat), reference_tensor(state, seat)), (
                    seed,
                    number,
                    seat,
                )
                sample = ip.resample(state, seat, number)
                assert np.array_equal(ip.observation_tensor(sample, seat), reference_tensor(sample, seat))


def test_the_batch_functions_equal_the_single_ones() -> None:
    states = _playout(5, {})[::7]
    seats = [number % 2 for number in range(len(states))]
    single = np.stack([ip.observation_tensor(s, seat) for s, seat in zip(states, seats, strict=True)])
    assert np.array_equal(ip.observation_tensors(states, seats), single)
    out = np.full((len(states), ip.observation_layout().size), 7.0, dtype=np.float32)  # reused: zeroed
    assert ip.observation_tensors(states, seats, out=out) is out
    assert np.array_equal(out, single)
    masks = np.stack([ip.legal_action_mask(s) for s in states])
    assert np.array_equal(ip.legal_action_masks(states), masks)
    out_masks = np.ones((len(states), ip.num_distinct_actions()), dtype=np.int8)
    assert ip.legal_action_masks(states, out=out_masks) is out_masks
    assert np.array_equal(out_masks, masks)


def test_a_batch_out_of_the_wrong_shape_or_dtype_is_refused() -> None:
    states = _playout(6, {})[:3]
    size, actions = ip.observation_layout().size, ip.num_distinct_actions()
    for out in (np.zeros((3, size), np.float64), np.zeros((2, size), np.float32), np.zeros(size, np.float32)):
        with pytest.raises(ValueError, match="observation_tensors: out must be"):
            ip.observation_tensors(states, [0, 1, 0], out=out)  # type: ignore[arg-type]
    for masks in (np.zeros((3, actions), np.float32), np.zeros((3, actions + 1), np.int8)):
        with pytest.raises(ValueError, match="legal_action_masks: out must be"):
            ip.legal_action_masks(states, out=masks)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="3 states but 2 seats"):
        ip.observation_tensors(states, [0, 1])


@pytest.mark.parametrize("seat", [-1, 2, "0", None])
def test_a_bad_seat_is_refused_as_before(seat: object) -> None:
    state = ip.new_game(seed=1)
    with pytest.raises(ValueError) as expected:
        reference_tensor(state, seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError) as got:
        ip.observation_tensor(state, seat)  # type: ignore[arg-type]
    assert str(got.value) == str(expected.value)
    with pytest.raises(ValueError, match="is not a seat of this 2-player game"):
        ip.observation_tensors([state], [seat])  # type: ignore[list-item]


def test_every_bound_is_finite_and_below_1e9() -> None:
    layout = ip.observation_layout()
    assert np.all(np.isfinite(layout.low)) and np.all(np.isfinite(layout.high))
    assert np.all(np.abs(layout.low) < 1e9) and np.all(np.abs(layout.high) < 1e9)
    assert np.all(layout.low <= layout.high)


@pytest.mark.parametrize("options", OPTION_SETS[::5], ids=IDS[::5])
def test_real_tensors_lie_within_the_bounds(options: dict[str, str]) -> None:
    layout = ip.observation_layout()
    for seed in range(3):
        for state in _playout(10 + seed, options):
            for seat in (0, 1):
                tensor = ip.observation_tensor(state, seat)
                assert np.all(tensor >= layout.low) and np.all(tensor <= layout.high)


def test_francs_at_the_loaders_limit_stay_within_the_bound() -> None:
    """The Francs' bound is the loader's limit: a seat loaded with all the room the limit leaves,
    and the positions after it, stay within the tensor's bounds."""
    layout = ip.observation_layout()
    state = ip.new_game(seed=2)
    held, later = francs_room(state, 0)
    document = json.loads(ip.dumps(state))
    document["data"]["francs"][0] += MAX_FRANCS - held - later
    loaded = ip.loads(json.dumps(document))
    assert isinstance(loaded, ip.State)
    state = loaded
    rng = random.Random(2)
    while not ip.is_terminal(state):
        tensor = ip.observation_tensor(state, 0)
        assert np.all(tensor >= layout.low) and np.all(tensor <= layout.high)
        state = ip.apply(state, rng.choice(ip.legal_actions(state)))
