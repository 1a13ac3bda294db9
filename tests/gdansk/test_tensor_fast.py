"""The observation tensor written straight from the state (issue 30) equals the reference (the
first implementation, ``observe`` then write: ``tensor_reference.py``) on every state of seeded
random playouts of every configuration, for every seat, and on resampled states; the batch
functions equal the single ones; real tensors, with the rulebook's stand-in components and with
a component file at the file's limits, lie within the layout's bounds."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from harborgames import gdansk
from harborgames.gdansk.limits import MAX_CARD_NUMBER, MAX_FACE_SYMBOLS, MAX_SHIPS_OF_A_SIZE

from .tensor_reference import observation_tensor as reference_tensor

OPTIONS = list(gdansk.OPTIONS.items())
# Every player count at the default options (what the conformance kit plays), and each option at
# its other reading (the two-player one with two players).
CONFIGURATIONS: list[tuple[int, dict[str, str]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    *((2 if name == "two_player_removed_sector" else 3, {name: values[1]}) for name, values in OPTIONS),
]
IDS = ["2p", "3p", "4p", *gdansk.OPTIONS]


def _playout(
    players: int, seed: int, options: dict[str, str], components: Path | None = None
) -> list[gdansk.State]:
    rng = random.Random(seed)
    state = gdansk.new_game(players, seed=seed, options=options or None, components=components)
    states = [state]
    while not gdansk.is_terminal(state):
        state = gdansk.apply(state, rng.choice(gdansk.legal_actions(state)))
        states.append(state)
    return states


def _limits_document() -> dict[str, Any]:
    """The stand-in components with every number a file sets at the file's limits: tokens worth
    the most, half the Port cards asking the most workers, all but two Cruise Ship cards large
    and worth the most, recruitment faces with the most symbols."""
    document: dict[str, Any] = gdansk.standin_components().document()  # type: ignore[assignment]
    for token in document["order_tokens"]:
        token["vp"] = MAX_CARD_NUMBER
    for quay in document["quays"][::2]:
        quay["workers"] = MAX_CARD_NUMBER
    ships = document["cruise_ships"]
    ships["small"]["vp"], ships["medium"]["vp"] = [0], [MAX_CARD_NUMBER]
    ships["large"]["vp"] = [12] + [MAX_CARD_NUMBER] * (MAX_SHIPS_OF_A_SIZE - 1)
    document["dice"]["faces"][4:] = [["recruitment", MAX_FACE_SYMBOLS], ["recruitment", MAX_FACE_SYMBOLS]]
    return document


@pytest.fixture(scope="module")
def limits_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("components") / "limits.json"
    path.write_text(json.dumps(_limits_document()), encoding="utf-8")
    return path


def _check_equal(states: list[gdansk.State], players: int, resample_every: int = 5) -> None:
    for number, state in enumerate(states):
        for seat in range(players):
            assert np.array_equal(gdansk.observation_tensor(state, seat), reference_tensor(state, seat)), (
                number,
                seat,
            )
            if number % resample_every == seat:
                sample = gdansk.resample(state, seat, number)
                assert np.array_equal(gdansk.observation_tensor(sample, seat), reference_tensor(sample, seat))


@pytest.mark.parametrize(("players", "options"), CONFIGURATIONS, ids=IDS)
def test_the_tensor_equals_the_reference_along_playouts_and_resamples(
    players: int, options: dict[str, str]
) -> None:
    for seed in range(2):
        _check_equal(_playout(players, seed, options), players)


@pytest.mark.parametrize("players", [2, 4])
def test_the_tensor_equals_the_reference_with_a_component_file_at_its_limits(
    players: int, limits_file: Path
) -> None:
    _check_equal(_playout(players, 3, {}, limits_file), players)


def test_the_batch_functions_equal_the_single_ones() -> None:
    states = _playout(3, 5, {})[::37]
    seats = [number % 3 for number in range(len(states))]
    single = np.stack([gdansk.observation_tensor(s, seat) for s, seat in zip(states, seats, strict=True)])
    assert np.array_equal(gdansk.observation_tensors(states, seats), single)
    out = np.full((len(states), gdansk.observation_layout(3).size), 7.0, dtype=np.float32)  # reused: zeroed
    assert gdansk.observation_tensors(states, seats, out=out) is out
    assert np.array_equal(out, single)
    masks = np.stack([gdansk.legal_action_mask(s) for s in states])
    assert np.array_equal(gdansk.legal_action_masks(states), masks)
    out_masks = np.ones((len(states), gdansk.num_distinct_actions(3)), dtype=np.int8)
    assert gdansk.legal_action_masks(states, out=out_masks) is out_masks
    assert np.array_equal(out_masks, masks)


def test_a_batch_out_of_the_wrong_shape_or_dtype_or_configuration_is_refused() -> None:
    states = _playout(2, 6, {})[:3]
    size, actions = gdansk.observation_layout(2).size, gdansk.num_distinct_actions(2)
    wrong = (np.zeros((3, size), np.float64), np.zeros((3, size + 1), np.float32), np.zeros(size, np.float32))
    for out in wrong:
        with pytest.raises(ValueError, match="observation_tensors: out must be"):
            gdansk.observation_tensors(states, [0, 1, 0], out=out)  # type: ignore[arg-type]
    for masks in (np.zeros((3, actions), np.float32), np.zeros((2, actions), np.int8)):
        with pytest.raises(ValueError, match="legal_action_masks: out must be"):
            gdansk.legal_action_masks(states, out=masks)  # type: ignore[arg-type]
    mixed = [*states, gdansk.new_game(3, seed=1)]
    with pytest.raises(ValueError, match="different configurations"):
        gdansk.observation_tensors(mixed, [0, 0, 0, 0])
    with pytest.raises(ValueError, match="different configurations"):
        gdansk.legal_action_masks(mixed)


@pytest.mark.parametrize("seat", [-1, 3, True, 1.0, "0", None])
def test_a_bad_seat_is_refused_as_before(seat: object) -> None:
    state = gdansk.new_game(3, seed=1)
    with pytest.raises(ValueError) as expected:
        reference_tensor(state, seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError) as got:
        gdansk.observation_tensor(state, seat)  # type: ignore[arg-type]
    assert str(got.value) == str(expected.value)
    with pytest.raises(ValueError, match="is not a seat"):
        gdansk.observation_tensors([state], [seat])  # type: ignore[list-item]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bound_is_finite_and_below_1e9(players: int) -> None:
    layout = gdansk.observation_layout(players)
    assert np.all(np.isfinite(layout.low)) and np.all(np.isfinite(layout.high))
    assert np.all(np.abs(layout.low) < 1e9) and np.all(np.abs(layout.high) < 1e9)
    assert np.all(layout.low <= layout.high)


def _within(states: list[gdansk.State], players: int) -> None:
    layout = gdansk.observation_layout(players)
    for state in states:
        for seat in range(players):
            tensor = gdansk.observation_tensor(state, seat)
            outside = np.flatnonzero((tensor < layout.low) | (tensor > layout.high))
            assert outside.size == 0, [(int(at), float(tensor[at]), float(layout.high[at])) for at in outside]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_real_tensors_lie_within_the_bounds(players: int) -> None:
    for seed in range(3):
        _within(_playout(players, 20 + seed, {}), players)


def test_tensors_of_a_component_file_at_its_limits_lie_within_the_bounds(limits_file: Path) -> None:
    states = _playout(3, 7, {}, limits_file)
    _within(states, 3)
    layout = gdansk.observation_layout(3)
    top = np.max([gdansk.observation_tensor(state, 0) for state in states], axis=0)
    # the file's largest numbers reach their bounds exactly
    for name in ("quay_workers", "quay_order"):
        assert top[layout.offsets[name]].max() == pytest.approx(layout.high[layout.offsets[name]][0])


def test_a_state_pickles_after_its_tensor_was_written() -> None:
    """The tensor's tables live in ``Components.memo`` (memoryviews, which do not pickle): the
    memo pickles empty, so a state still goes to a worker process (the web server's bot pool)."""
    import pickle

    state = gdansk.new_game(3, seed=9)
    tensor = gdansk.observation_tensor(state, 0)
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    assert np.array_equal(gdansk.observation_tensor(again, 0), tensor)
