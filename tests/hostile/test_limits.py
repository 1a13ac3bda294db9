"""Counts that play raises, in every game (issue 22): a document that loads must play on to states
that load again. The Inland Port's Francs and Port Gdańsk's scores and workers had no upper
limit: a document with 4,300 nines loaded, and one sale or order later ``dumps`` raised
``ValueError`` (Python writes no integer of more than 4,300 digits). Now each is checked with the
most the rest of the game can add (``core.checks.StateChecks.room``); Le Havre's goods, Francs
and loans are in ``tests/lehavre/test_document_limits.py``."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from harborgames import gdansk, inland_port
from harborgames.core.errors import FormatError
from harborgames.gdansk.limits import MAX_SCORE, MAX_WORKERS, score_room, workers_room
from harborgames.inland_port.limits import MAX_FRANCS, francs_room

NINES = int("9" * 4_300)  # the longest integer a document may hold

Room = Callable[[Any, int], tuple[int, int]]
# (game, the count's place in a document, the room function, its limit)
COUNTS = [
    pytest.param(inland_port, ("francs",), francs_room, MAX_FRANCS, id="inland_port-francs"),
    pytest.param(gdansk, ("players", "score"), score_room, MAX_SCORE, id="gdansk-score"),
    pytest.param(gdansk, ("players", "workers"), workers_room, MAX_WORKERS, id="gdansk-workers"),
]


def _positions(module: Any, seed: int, every: int = 29) -> list[Any]:
    rng = random.Random(seed)
    state = module.new_game(2, seed=seed)
    found = [state]
    step = 0
    while legal := module.legal_actions(state):
        step += 1
        state = module.apply(state, legal[rng.randrange(len(legal))])
        if step % every == 0 and state.current_player is not None:
            found.append(state)
    return found


def _with_count(module: Any, state: Any, where: tuple[str, ...], seat: int, value: int) -> str:
    document = json.loads(module.dumps(state))
    data = document["data"]
    if where == ("francs",):
        data["francs"][seat] = value
    else:
        data["players"][seat][where[1]] = value
    return json.dumps(document)


def _count(module: Any, state: Any, where: tuple[str, ...], seat: int) -> int:
    data = json.loads(module.dumps(state))["data"]
    value = data["francs"][seat] if where == ("francs",) else data["players"][seat][where[1]]
    assert isinstance(value, int)
    return value


def _round_trips(module: Any, state: Any) -> None:
    text = module.dumps(state)
    assert module.loads(text) == state


@pytest.mark.parametrize(("module", "where", "room", "limit"), COUNTS)
def test_a_count_of_4300_nines_is_refused_for_what_play_may_add(
    module: Any, where: tuple[str, ...], room: Room, limit: int
) -> None:
    for state in _positions(module, seed=3)[:6]:
        with pytest.raises(FormatError, match=rf"come to more than {limit}$"):
            module.loads(_with_count(module, state, where, 0, NINES))


@pytest.mark.parametrize(("module", "where", "room", "limit"), COUNTS)
def test_a_count_at_the_limit_plays_on_and_round_trips(
    module: Any, where: tuple[str, ...], room: Room, limit: int
) -> None:
    for number, state in enumerate(_positions(module, seed=4)[::4]):
        seat = state.current_player
        held, later = room(state, seat)
        value = _count(module, state, where, seat) + limit - held - later
        at_limit = module.loads(_with_count(module, state, where, seat, value))
        for action in module.legal_actions(at_limit):
            _round_trips(module, module.apply(at_limit, action))
        rng = random.Random(number)
        state = at_limit
        for _ in range(40):
            legal = module.legal_actions(state)
            if not legal:
                break
            state = module.apply(state, legal[rng.randrange(len(legal))])
            _round_trips(module, state)
        with pytest.raises(FormatError, match=rf"more than {limit}$"):
            module.loads(_with_count(module, at_limit, where, seat, value + 1))


@pytest.mark.parametrize(("module", "where", "room", "limit"), COUNTS)
def test_the_room_left_never_grows_along_a_game(
    module: Any, where: tuple[str, ...], room: Room, limit: int
) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = module.new_game(2, seed=seed)
        assert sum(room(state, 0)) < limit // 1000
        while legal := module.legal_actions(state):
            after = module.apply(state, legal[rng.randrange(len(legal))])
            for seat in range(2):
                assert sum(room(after, seat)) <= sum(room(state, seat)), (state.decision, after.decision)
            state = after


# -- the observation tensor's bounds are these limits (issue 30) ----------------------------------
# (game, the count's place in a document, the room function, its limit, the tensor field, its scale)
BOUNDED = [
    pytest.param(inland_port, ("francs",), francs_room, MAX_FRANCS, "francs", 100, id="inland_port-francs"),
    pytest.param(gdansk, ("players", "score"), score_room, MAX_SCORE, "score", 60, id="gdansk-score"),
    pytest.param(
        gdansk, ("players", "workers"), workers_room, MAX_WORKERS, "workers", 8, id="gdansk-workers"
    ),
]


@pytest.mark.parametrize(("module", "where", "room", "limit", "field", "scale"), BOUNDED)
def test_a_count_at_the_limit_stays_within_the_observation_bounds(
    module: Any, where: tuple[str, ...], room: Room, limit: int, field: str, scale: int
) -> None:
    """The tensor's bound of a count the rules leave open is the loader's limit over its scale, and
    a document loaded at the limit, played on, gives tensors within the bounds."""
    import numpy as np

    layout = module.observation_layout(2)
    assert layout.high[layout.offsets[field]].tolist() == [np.float32(limit / scale)] * 2
    state = _positions(module, seed=5)[2]
    seat = state.current_player
    held, later = room(state, seat)
    at_limit = _count(module, state, where, seat) + limit - held - later
    state = module.loads(_with_count(module, state, where, seat, at_limit))
    rng = random.Random(5)
    for _ in range(60):
        for observer in range(2):
            tensor = module.observation_tensor(state, observer)
            assert np.all(tensor >= layout.low) and np.all(tensor <= layout.high)
        legal = module.legal_actions(state)
        if not legal:
            break
        state = module.apply(state, legal[rng.randrange(len(legal))])


def test_a_die_face_past_the_component_files_limit_is_refused() -> None:
    """Port Gdańsk's recruitment symbols are bounded in the tensor by ``MAX_FACE_SYMBOLS`` per face:
    a component file with a face showing more is refused."""
    from harborgames.gdansk.component_file import components_from_document
    from harborgames.gdansk.limits import MAX_FACE_SYMBOLS

    document: Any = gdansk.standin_components().document()
    document["dice"]["faces"][5] = ["recruitment", MAX_FACE_SYMBOLS]
    assert max(components_from_document(document).face_value) == MAX_FACE_SYMBOLS
    document["dice"]["faces"][5] = ["recruitment", MAX_FACE_SYMBOLS + 1]
    with pytest.raises(FormatError, match=r"faces\[5\]"):
        components_from_document(document)
