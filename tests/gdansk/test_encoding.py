"""Integer actions and observation tensors of Port Gdańsk (docs/rl/gdansk.md)."""

from __future__ import annotations

import copy
import hashlib
import itertools
import random
from pathlib import Path

import numpy as np
import pytest

from harborgames import gdansk
from harborgames.core.codec import JSON
from harborgames.core.errors import IllegalActionError
from harborgames.core.update import update
from harborgames.gdansk.action_ids import MAX_LOCATIONS, action_space, shared_catalogue, space_for
from harborgames.gdansk.component_file import components_from_document
from harborgames.gdansk.data import Components
from harborgames.testing.encoding import check_encoding

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl" / "gdansk.md"

# sha256 of the catalogue's notation (stand-in components), one action a line in id order. A
# change means every trained policy's ids moved: if that is intended, bump INFO.version and
# update these pins and docs/rl/gdansk.md.
CATALOGUE_SHA256 = {
    2: "d4498a355209a58a4897829902a5ebad2e7fc68890a972fc062aeed701114c92",
    3: "9d2dc74539dedc0670068faa13f7b2e757c0c35157d385806de882d7ec7cefa7",
    4: "42dda58b330a8d930120fbc4908f83b3395600b69a25ab4a5251e7e3ece16079",
}
SIZES = {2: 252, 3: 272, 4: 292}
TENSOR_SIZES = {2: 692, 3: 798, 4: 904}


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_check_encoding_passes_over_random_games(num_players: int) -> None:
    assert check_encoding(gdansk, num_players, games=2, seed=num_players) > 0


def _ids_cover_a_playout(state: gdansk.State, rng: random.Random) -> int:
    """Plays at random, checking every legal action has an id that decodes back to it."""
    size = gdansk.num_distinct_actions(state.num_players)
    decisions = 0
    while not gdansk.is_terminal(state):
        legal = gdansk.legal_actions(state)
        for action in legal:
            number = gdansk.encode(state, action)
            assert 0 <= number < size and gdansk.decode(state, number) == action
        assert int(gdansk.legal_action_mask(state).sum()) == len(legal)
        state = gdansk.apply(state, rng.choice(legal))
        decisions += 1
    return decisions


def test_every_rule_option_combination_stays_inside_the_catalogue() -> None:
    for number, combination in enumerate(itertools.product(*gdansk.OPTIONS.values())):
        options = dict(zip(gdansk.OPTIONS, combination, strict=True))
        num_players = 2 + number % 3
        state = gdansk.new_game(num_players, seed=number, options=options)
        assert _ids_cover_a_playout(state, random.Random(number)) > 0


def _split(document: dict[str, JSON], double: str, ids: tuple[str, str]) -> None:
    """Make a double location two single ones with the same connections, and joined."""
    locations = document["locations"]
    assert isinstance(locations, list)
    entry = next(e for e in locations if isinstance(e, dict) and e["id"] == double)
    quays = entry["quays"]
    assert isinstance(quays, list)
    locations.remove(entry)
    locations.extend({"id": name, "quays": [quay]} for name, quay in zip(ids, quays, strict=True))
    edges = document["edges"]
    assert isinstance(edges, list)
    joined: list[JSON] = [list(ids)]
    for edge in edges:
        assert isinstance(edge, list)
        if double in edge:
            joined.extend([name if end == double else end for end in edge] for name in ids)
        else:
            joined.append(edge)
    document["edges"] = joined


def _largest_components() -> Components:
    """The stand-in with the most locations (20) and die faces (6) a valid file may have."""
    document = copy.deepcopy(gdansk.standin_components().document())
    assert isinstance(document, dict)
    _split(document, "L5_6", ("L5", "L6"))
    _split(document, "L15_16", ("L15", "L16"))
    dice = document["dice"]
    assert isinstance(dice, dict)
    dice["faces"] = [["loading", 1], ["loading", 2], ["movement", 1], ["movement", 2],
                     ["recruitment", 1], ["recruitment", 2]]  # fmt: skip
    return components_from_document(document, "test components")


def test_another_component_file_has_the_same_number_of_ids() -> None:
    components = _largest_components()
    assert len(components.location_ids) == MAX_LOCATIONS and len(components.face_codes) == 6
    for num_players in (2, 3, 4):
        assert space_for(components, num_players).size == SIZES[num_players]
        state = gdansk.new_game(num_players, seed=num_players, components=components)
        assert _ids_cover_a_playout(state, random.Random(num_players)) > 0
    names = [str(action) for action in space_for(components, 2).fixed]
    assert not any("(no " in name for name in names)  # the largest file fills every padded id


def test_num_distinct_actions_is_pinned() -> None:
    assert gdansk.num_distinct_actions() == SIZES[2]
    for num_players, size in SIZES.items():
        assert gdansk.num_distinct_actions(num_players, "standard") == size
        assert gdansk.observation_layout(num_players).size == TENSOR_SIZES[num_players]


def test_other_configurations_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        gdansk.num_distinct_actions(5)
    with pytest.raises(ValueError, match="variant"):
        gdansk.observation_layout(2, "full")


def test_ids_before_the_swap_with_block_are_shared_by_every_player_count() -> None:
    shared = shared_catalogue(gdansk.standin_components())
    assert len(shared) == 212
    for num_players in (2, 3, 4):
        assert list(action_space(num_players).fixed[:212]) == shared


def test_known_ids() -> None:
    state = gdansk.new_game(2, seed=1)
    first = gdansk.legal_actions(state)[0]
    assert str(first) == "start L1"
    assert gdansk.encode(state, first) == 4
    assert gdansk.encode(state, gdansk.RemoveSector("blue")) == 0
    assert gdansk.encode(state, gdansk.Roll()) == 24
    assert gdansk.encode(state, gdansk.Reroll(("L1",))) == 25
    assert gdansk.encode(state, gdansk.Keep()) == 108
    assert gdansk.encode(state, gdansk.Load("grain")) == 109
    assert gdansk.encode(state, gdansk.Move("L1")) == 127
    assert gdansk.encode(state, gdansk.Execute(1)) == 148
    assert gdansk.encode(state, gdansk.End()) == 211
    assert gdansk.encode(state, gdansk.HrSwapWith(1, 20)) == 251


def test_padding_ids_decode_to_actions_apply_refuses() -> None:
    state = gdansk.new_game(2, seed=1)
    padding = gdansk.decode(state, 23)  # the stand-in has 18 locations of the 20 a file may have
    assert padding == gdansk.PlaceMeeple("(no location 19)")
    with pytest.raises(IllegalActionError, match="not a location"):
        gdansk.apply(state, padding)


def test_decode_outside_the_space_is_an_illegal_action() -> None:
    state = gdansk.new_game(3, seed=1)
    for index in (-1, SIZES[3], 10_000):
        with pytest.raises(IllegalActionError, match="outside"):
            gdansk.decode(state, index)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_the_catalogue_order_is_pinned(num_players: int) -> None:
    notation = "\n".join(str(action) for action in action_space(num_players).fixed)
    digest = hashlib.sha256(notation.encode()).hexdigest()
    assert digest == CATALOGUE_SHA256[num_players], (
        f"Port Gdańsk's {num_players}-player action ids changed; if intended, bump INFO.version "
        "and update CATALOGUE_SHA256 and docs/rl/gdansk.md"
    )


def test_tensor_of_a_fresh_game() -> None:
    state = gdansk.new_game(3, seed=1)
    seat = state.current_player
    assert seat is not None and state.decision == gdansk.ChooseStart()
    layout = gdansk.observation_layout(3)
    tensor = gdansk.observation_tensor(state, 0)
    assert tensor.shape == (TENSOR_SIZES[3],) and tensor.dtype == np.float32
    assert tensor[layout.offsets["me"]].tolist() == [1, 0, 0]
    assert np.flatnonzero(tensor[layout.offsets["current_player"]]).tolist() == [seat]
    assert tensor[layout.offsets["decision"]].tolist() == [0, 1, 0, 0, 0, 0, 0, 0, 0]
    assert tensor[layout.offsets["location"]].sum() == 0  # no meeple placed yet
    assert tensor[layout.offsets["markers_left"]].tolist() == [1, 1, 1]
    assert np.all((tensor >= 0) & (tensor <= 1))
    assert gdansk.observation_tensor(state, 2)[layout.offsets["me"]].tolist() == [0, 0, 1]


def _game_with_cruise_ships(num_players: int) -> gdansk.State:
    for seed in range(50):
        state = gdansk.new_game(num_players, seed=seed)
        rng = random.Random(seed)
        while not gdansk.is_terminal(state):
            legal = gdansk.legal_actions(state)
            cruises = [a for a in legal if isinstance(a, gdansk.Cruise)]
            state = gdansk.apply(state, cruises[0] if cruises else rng.choice(legal))
            if state.players[1].cruise:
                return state
    raise AssertionError("no game served a cruise ship")


def test_another_seats_cruise_ship_values_do_not_reach_the_tensor() -> None:
    state = _game_with_cruise_ships(2)
    layout = gdansk.observation_layout(2)
    owner = gdansk.observation_tensor(state, 1)[layout.offsets["cruise_vp"]]
    other = gdansk.observation_tensor(state, 0)[layout.offsets["cruise_vp"]]
    assert owner[1] > 0 and other[1] == 0
    size, value = state.players[1].cruise[0]
    cruise = ((size, value + 1), *state.players[1].cruise[1:])
    other_state = update(state, players=(state.players[0], update(state.players[1], cruise=cruise)))
    assert np.array_equal(gdansk.observation_tensor(other_state, 0), gdansk.observation_tensor(state, 0))
    assert not np.array_equal(gdansk.observation_tensor(other_state, 1), gdansk.observation_tensor(state, 1))


def test_observation_string_is_the_seats_view() -> None:
    state = _game_with_cruise_ships(2)
    text = gdansk.observation_string(state, 0)
    assert text.startswith("You are player 0.")
    assert "cruise ships hidden" in text


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_the_docs_show_the_layout_table(num_players: int) -> None:
    assert gdansk.observation_layout(num_players).describe() in DOCS.read_text()


# sha256 of every seat's tensor of ``new_game(n, seed=1, variant=v)``, seat 0 first: the values,
# not just the layout, are pinned, so a faster tensor writer must write the same bytes.
FRESH_TENSOR_SHA256 = {
    ("standard", 2): "52a559ce0d31204ea6f4f9595d25323e9f6781d30600436fca249039fd298d19",
    ("standard", 3): "c6616a0668e87d897e6c7eec0b0c061bb606b35a81dca2d35d7ab15667e25144",
    ("standard", 4): "c14cac6911b469d62962c1bcbb9eddb7b72f89e8f8ebba6376ad622011e43ed2",
}


@pytest.mark.parametrize(("variant", "players"), list(FRESH_TENSOR_SHA256))
def test_a_fresh_games_tensors_are_pinned(variant: str, players: int) -> None:
    state = gdansk.new_game(players, seed=1, variant=variant)
    tensors = b"".join(gdansk.observation_tensor(state, seat).tobytes() for seat in range(players))
    assert hashlib.sha256(tensors).hexdigest() == FRESH_TENSOR_SHA256[(variant, players)], (
        "the observation tensors changed: if intended (a layout or scale change), bump INFO.version "
        "and update this hash and the game's docs/rl page"
    )


def test_the_string_leaves_out_the_forced_lines_so_a_resample_reads_the_same() -> None:
    """``render`` notes what the engine took since the last decision (``forced: P0 roll → …``);
    ``resample`` makes a state without that note, so the seat's string leaves it out, as
    ``observe`` does (the dice rolled are on the table part of the string)."""
    rng = random.Random(4)
    state = gdansk.new_game(2, seed=4)
    while not state.forced:
        state = gdansk.apply(state, rng.choice(gdansk.legal_actions(state)))
    assert "forced:" in gdansk.render(state, 0)
    for seat in range(2):
        text = gdansk.observation_string(state, seat)
        assert "forced:" not in text
        assert gdansk.observation_string(gdansk.resample(state, seat, 1), seat) == text
