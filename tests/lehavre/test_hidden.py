"""Hidden information in the shortened game: the face-down Supply tiles of round 1 (rulebook,
Setup 3 and "Supply Action": face down until occupied, then face up for the rest of the game)
and the RNG. Everything else lies open (the proposal piles are fanned out face up)."""

from __future__ import annotations

import random

import attrs
import pytest

from harborgames import lehavre as lh


def _played(n: int, seed: int, steps: int) -> lh.State:
    state = lh.new_game(n, seed=seed, variant="short")
    rng = random.Random(seed)
    for _ in range(steps):
        if state.current_player is None:
            break
        options = lh.legal_actions(state)
        state = lh.apply(state, options[rng.randrange(len(options))])
    return state


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_observe_shows_face_down_tiles_as_minus_1_and_a_blank_rng(n: int) -> None:
    state = lh.new_game(n, seed=3, variant="short")
    for seat in range(n):
        seen = lh.observe(state, seat)
        assert seen.player == seat
        assert seen.state.tiles == (state.tiles[0], -1, -1, -1, -1, -1, -1)
        assert seen.state.rng != state.rng
        # everything else is the state itself
        assert attrs.evolve(seen.state, tiles=state.tiles, rng=state.rng) == state
    assert "??" in lh.render(state, 0) and "??" not in lh.render(state)


def test_observe_turns_up_one_tile_a_turn_in_round_1_then_hides_nothing() -> None:
    state = lh.new_game(2, seed=3, variant="short")
    for turn in range(7):
        assert lh.observe(state, 1).state.tiles.count(-1) == 6 - turn
        take = next(a for a in lh.legal_actions(state) if isinstance(a, lh.Take))
        state = lh.apply(lh.apply(state, take), lh.End())
    assert lh.observe(state, 0).state.tiles == state.tiles


@pytest.mark.parametrize("n", [2, 4])
@pytest.mark.parametrize("steps", [0, 3, 8])
def test_changing_a_hidden_tile_leaves_every_seats_observation_byte_identical(n: int, steps: int) -> None:
    state = _played(n, seed=11, steps=steps)
    hidden = list(range(state.revealed, 7))
    assert len(hidden) >= 2
    rng = random.Random(steps)
    for _ in range(5):
        tiles = list(state.tiles)
        order = [tiles[k] for k in hidden]
        rng.shuffle(order)
        for k, tile in zip(hidden, order, strict=True):
            tiles[k] = tile
        other = attrs.evolve(state, tiles=tuple(tiles))
        for seat in range(n):
            assert lh.dumps(lh.observe(other, seat)) == lh.dumps(lh.observe(state, seat))
        # the hidden tiles change nothing a player can do now
        assert [str(a) for a in lh.legal_actions(other)] == [str(a) for a in lh.legal_actions(state)]


def test_changing_a_revealed_tile_changes_the_observation() -> None:
    state = _played(2, seed=11, steps=3)
    tiles = list(state.tiles)
    tiles[0], tiles[6] = tiles[6], tiles[0]
    other = attrs.evolve(state, tiles=tuple(tiles))
    assert lh.dumps(lh.observe(other, 0)) != lh.dumps(lh.observe(state, 0))


def test_an_observation_round_trips_through_json() -> None:
    seen = lh.observe(_played(3, seed=2, steps=5), 2)
    assert lh.loads(lh.dumps(seen)) == seen


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("steps", [0, 5, 12])
def test_resample_keeps_the_observation_and_redeals_only_the_hidden_tiles(n: int, steps: int) -> None:
    state = _played(n, seed=n, steps=steps)
    k = state.revealed
    dealt = set()
    for seed in range(12):
        for seat in range(n):
            other = lh.resample(state, seat, seed)
            assert lh.dumps(lh.observe(other, seat)) == lh.dumps(lh.observe(state, seat))
            assert other.tiles[:k] == state.tiles[:k]
            assert sorted(other.tiles[k:]) == sorted(state.tiles[k:])
            assert attrs.evolve(other, tiles=state.tiles, rng=state.rng) == state
            dealt.add(other.tiles)
    if k < 6:
        assert len(dealt) > 1  # the hidden tiles really are re-dealt
    # a resampled position plays on like any other
    other = lh.resample(state, 0, 99)
    assert [str(a) for a in lh.legal_actions(other)] == [str(a) for a in lh.legal_actions(state)]


def test_resample_after_round_1_changes_no_tile() -> None:
    state = _played(2, seed=4, steps=40)
    assert state.revealed == 7
    assert lh.resample(state, 1, 5).tiles == state.tiles


def test_observe_and_resample_refuse_a_seat_that_is_not_in_the_game() -> None:
    state = lh.new_game(2, seed=1, variant="short")
    for bad in (-1, 2, True):
        with pytest.raises(ValueError, match="not a seat"):
            lh.observe(state, bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="not a seat"):
            lh.resample(state, bad, 0)  # type: ignore[arg-type]
