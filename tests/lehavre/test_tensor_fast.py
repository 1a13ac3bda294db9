"""The observation tensor written straight from the state (issue 30) equals the reference (the
first implementation, ``observe`` then write: ``tensor_reference.py``) on every state of seeded
playouts of every configuration the conformance kit plays (each player count and variant, the
rule options at their defaults and at the sources' readings; random games and a game played
mostly on the heuristic, as the kit does), for every seat, and on resamples and observations of
those states; the batch functions equal the single ones; real tensors lie within the layout's
bounds, which are finite everywhere."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from harborgames import lehavre as lh
from harborgames.core.update import update

from .tensor_reference import reference_tensor

COUNTS = (1, 2, 3, 4, 5)
VARIANTS = ("full", "short")
SOURCES = {name: values[1] for name, values in lh.OPTIONS.items()}  # every option's other reading
# Every configuration the conformance kit plays (tests/conformance/test_games.py): each player
# count and variant with the default options, and 1 and 3 players with the sources' readings.
CONFIGURATIONS = [(n, variant, False) for variant in VARIANTS for n in COUNTS] + [
    (n, variant, True) for variant in VARIANTS for n in (1, 3)
]
IDS = [f"{variant}-{n}p{'-sources' if sources else ''}" for n, variant, sources in CONFIGURATIONS]


def _playout(n: int, variant: str, sources: bool, seed: int, guided: bool) -> Iterator[lh.State]:
    """Every state of a game, the last included: random moves, or as the conformance kit's guided
    games, mostly the heuristic's favourite (it reaches the rich late positions random play
    does not)."""
    rng = random.Random(seed)
    state = lh.new_game(n, seed=seed, variant=variant, options=SOURCES if sources else None)
    yield state
    while not lh.is_terminal(state):
        legal = lh.legal_actions(state)
        seat = state.current_player
        if not guided or seat is None or rng.random() < 0.1:
            action = legal[rng.randrange(len(legal))]
        else:
            values = [lh.heuristic(lh.apply(state, a), seat) for a in legal]
            best = max(values)
            action = rng.choice([a for a, v in zip(legal, values, strict=True) if v == best])
        state = lh.apply(state, action)
        yield state


def _check(state: lh.State, seat: int, where: str) -> None:
    new, old = lh.observation_tensor(state, seat), reference_tensor(state, seat)
    assert new.dtype == np.float32 and new.shape == old.shape
    if not np.array_equal(new, old):
        layout = lh.observation_layout(state.num_players, state.rules.variant)
        wrong = {name for name, at in layout.offsets.items() if not np.array_equal(new[at], old[at])}
        raise AssertionError(
            f"{where}, seat {seat}: the tensor differs from the reference in {sorted(wrong)}"
        )


@pytest.mark.parametrize(("n", "variant", "sources"), CONFIGURATIONS, ids=IDS)
def test_the_tensor_equals_the_reference_along_playouts_and_resamples(
    n: int, variant: str, sources: bool
) -> None:
    checked = looked = 0
    for seed, guided in ((n, False), (10 + n, True)):
        for step, state in enumerate(_playout(n, variant, sources, seed, guided)):
            where = f"{'guided ' if guided else ''}game {seed}, step {step}"
            looked += any(card >= 0 for known in state.known for card in known)
            for seat in range(n):
                _check(state, seat, where)
                if step % 3 == seat % 3:  # a resample from this seat's view, and its observation
                    _check(lh.resample(state, seat, step), seat, f"{where}, resampled")
                    _check(lh.observe(state, seat).state, seat, f"{where}, observed")
                checked += 1
    assert checked > 100 * n
    if variant == "full" and n > 1:  # the Marketplace's look at the special deck was written too
        assert looked


def test_a_look_at_the_special_deck_is_written_as_observe_shows_it() -> None:
    """Seat 1 knows the top two special cards (the Marketplace): it sees the cards, the others only
    that seat 1 looked; an observation's KNOWN_TO_THEM marks read back as a state too."""
    state = lh.new_game(3, seed=4)
    seen = (state.specials[0], state.specials[1], *state.known[1][2:])
    state = update(state, known=(state.known[0], seen, state.known[2]))
    for seat in range(3):
        _check(state, seat, "after a look")
        _check(lh.observe(state, seat).state, seat, "an observation after a look")
    layout = lh.observation_layout(3)
    known_by = lh.observation_tensor(state, 0)[layout.offsets["specials_known_by"]].reshape(-1, 3)
    assert known_by[:2].tolist() == [[0, 1, 0], [0, 1, 0]]
    assert lh.observation_tensor(state, 1)[layout.offsets["specials_seen"]].sum() == 2
    assert lh.observation_tensor(state, 0)[layout.offsets["specials_seen"]].sum() == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_batch_functions_equal_the_single_ones(variant: str) -> None:
    states = list(_playout(4, variant, False, seed=3, guided=False))[::40]
    seats = [k % 4 for k in range(len(states))]
    single = np.stack([lh.observation_tensor(s, seat) for s, seat in zip(states, seats, strict=True)])
    assert np.array_equal(lh.observation_tensors(states, seats), single)
    out = np.full(single.shape, 7.0, dtype=np.float32)  # reused: every row is zeroed first
    assert lh.observation_tensors(states, seats, out=out) is out
    assert np.array_equal(out, single)
    masks = np.stack([lh.legal_action_mask(s) for s in states])
    assert np.array_equal(lh.legal_action_masks(states), masks)
    reused = np.ones(masks.shape, dtype=np.int8)
    assert lh.legal_action_masks(states, out=reused) is reused
    assert np.array_equal(reused, masks)


def test_the_batch_functions_refuse_a_wrong_out_or_mixed_configurations() -> None:
    states = [lh.new_game(3, seed=seed) for seed in range(2)]
    size = lh.observation_layout(3).size
    for bad in (np.zeros((2, size + 1), np.float32), np.zeros((2, size), np.float64), np.zeros((3, size))):
        with pytest.raises(ValueError, match="out must be"):
            lh.observation_tensors(states, [0, 1], out=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="out must be"):
        lh.legal_action_masks(states, out=np.zeros((2, lh.num_distinct_actions(3)), np.int32))
    with pytest.raises(ValueError, match="different configurations"):
        lh.observation_tensors([states[0], lh.new_game(3, seed=0, variant="short")], [0, 0])
    with pytest.raises(ValueError, match="2 states but 1 seats"):
        lh.observation_tensors(states, [0])


@pytest.mark.parametrize("seat", [-1, 3, 1.0, None])
def test_a_bad_seat_is_refused_as_observe_refuses_it(seat: object) -> None:
    state = lh.new_game(3, seed=1)
    with pytest.raises(ValueError, match="is not a seat of this 3-player game"):
        lh.observe(state, seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is not a seat of this 3-player game"):
        lh.observation_tensor(state, seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is not a seat of this 3-player game"):
        lh.observation_tensors([state], [seat])  # type: ignore[list-item]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("n", COUNTS)
def test_every_bound_is_finite_and_real_tensors_lie_within_them(n: int, variant: str) -> None:
    layout = lh.observation_layout(n, variant)
    assert np.all(np.isfinite(layout.low)) and np.all(np.isfinite(layout.high))
    assert np.all(np.abs(layout.low) < 1e9) and np.all(np.abs(layout.high) < 1e9)
    assert np.all(layout.low <= layout.high)
    for seed, guided in ((20 + n, False), (30 + n, True)):
        for state in _playout(n, variant, False, seed, guided):
            for seat in range(n):
                tensor = lh.observation_tensor(state, seat)
                outside = (tensor < layout.low) | (tensor > layout.high)
                assert not outside.any(), f"positions {np.flatnonzero(outside)} lie outside the bounds"


def test_the_count_bounds_are_the_loader_limits_scaled() -> None:
    from harborgames.lehavre.limits import MAX_FRANCS, MAX_GOODS, MAX_LOANS

    fields = {field.name: field for field in lh.observation_layout(5).fields}
    assert fields["goods"].high == pytest.approx(MAX_GOODS / 10)
    assert fields["francs"].high == pytest.approx(MAX_FRANCS / 50)
    assert fields["loans"].high == pytest.approx(MAX_LOANS / 5)
    assert fields["wealth"].low == pytest.approx(-7 * MAX_LOANS / 100)
    assert fields["wealth"].high > MAX_FRANCS / 100
    assert fields["observer"].low == 0 and fields["observer"].high == 1


@pytest.mark.parametrize("reading", ["rulebook", "sources"])
def test_the_plus_buildings_bonuses_are_counted_as_the_scoring_counts_them(reading: str) -> None:
    """Random and guided games rarely build the "+" buildings (the Bank, the Town Hall, ...), so
    the seats are given them, beside buildings of every type, a ship and the Luxury Yacht, under
    both readings of the Hardware Store's type: the tensor's wealth is ``scoring.wealth``'s."""
    from harborgames.lehavre.data import BUILDING_INDEX, BUILDINGS

    state = lh.new_game(4, seed=2, options={"hardware_store_type": reading})
    given = {
        0: ["storehouse", "dock", "luxury_yacht", "hardware_store", "bank"],
        1: ["town_hall", "business_park", "guildhouse"],
        2: ["masons_guild"],
    }
    named = {key for keys in given.values() for key in keys}
    for kind in range(4):  # craftsman's, economic, industrial, public: two of each to seats 0 and 1
        more = [b.id for b in BUILDINGS if b.type == kind and b.id not in named][:4]
        given[0] += more[:2]
        given[1] += more[2:]
    owner = list(state.owner)
    for seat, keys in given.items():
        for key in keys:
            owner[BUILDING_INDEX[key]] = seat
    piles = tuple(tuple(b for b in pile if owner[b] == -2) for pile in state.piles)
    stock = (7, 5, *state.players[0].stock[2:])  # goods for the Storehouse
    players = (update(state.players[0], ships=(0, 3), stock=stock), *state.players[1:])  # R01's, R04's ships
    state = update(state, owner=tuple(owner), piles=piles, players=players)
    layout = lh.observation_layout(4)
    for seat in range(4):
        _check(state, seat, f"{reading}: '+' buildings given")
        wealth = lh.observation_tensor(state, seat)[layout.offsets["wealth"]]
        assert np.array_equal(wealth, np.array(lh.scores(state), dtype=np.float32) * np.float32(1 / 100))
    parts = lh.wealth_parts(state, 0)
    assert parts.bonuses > 0 and lh.wealth_parts(state, 1).bonuses > 0
