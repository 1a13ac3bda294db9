"""The public contract: conformance kit, legal/apply agreement, notation, JSON, render, records."""

from __future__ import annotations

import json
import random
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest

from harborgames import gdansk
from harborgames.core.errors import FormatError, IllegalActionError
from harborgames.core.play import replay, replay_states
from harborgames.gdansk import cruise_ships, hr_panel, loading, orders, setup
from harborgames.testing import check_game

from .positions import legal, play, position

DATA = Path(__file__).parent / "data"


def greedy_game(players: int, seed: int) -> tuple[list[Any], gdansk.State]:
    """A full game by a one-step greedy bot on ``heuristic``, ties broken by ``Random(seed)``."""
    state = gdansk.new_game(players, seed=seed)
    ties = random.Random(seed)
    actions: list[Any] = []
    while not gdansk.is_terminal(state):
        me = state.current_player
        assert me is not None
        options = gdansk.legal_actions(state)
        values = [gdansk.heuristic(gdansk.apply(state, a), me) for a in options]
        best = max(values)
        action = ties.choice([a for a, v in zip(options, values, strict=True) if v == best])
        actions.append(action)
        state = gdansk.apply(state, action)
    return actions, state


# -- conformance kit


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_conformance_kit_passes(players: int) -> None:
    report = check_game(gdansk, players, games=8, seed=100 * players)
    assert report.games == 8


@pytest.mark.parametrize("options", [
    {"meeple_start": "quays_only"},
    {"load_and_unload": "both"},
    {"additional_actions": "any_time"},
    {"two_player_removed_sector": "first_player_chooses"},
])
def test_the_conformance_kit_passes_with_each_rule_option(options: dict[str, str]) -> None:
    check_game(gdansk, 2, options=options, games=1, seed=5, cross_process=False)


# -- apply accepts exactly what legal_actions offers


def _every_action(state: gdansk.State) -> list[Any]:
    c = state.rules.components
    faces = c.face_codes
    rerolls = {tuple(sorted(combo, key=faces.index)) for k in (1, 2, 3)
               for combo in combinations_with_replacement(faces, k)}
    return [
        *loading.LOADS, *loading.DISCARDS, *loading.UNLOADS, *orders.EXECUTES, *hr_panel.HR_SWAPS,
        *hr_panel.HR_PLACES, *(a for row in hr_panel.HR_WITH for a in row), *cruise_ships.CRUISES,
        *setup.REMOVES, gdansk.RemoveSector("green"), gdansk.Roll(), gdansk.Keep(),
        gdansk.Recruit(), gdansk.End(),
        *(gdansk.Move(name) for name in c.location_ids),
        *(gdansk.PlaceMeeple(name) for name in c.location_ids),
        *(gdansk.Reroll(r) for r in sorted(rerolls)),
    ]


def _states(seed: int, players: int, greedy: bool) -> list[gdansk.State]:
    rng = random.Random(seed)
    state = gdansk.new_game(players, seed=seed, options={
        "load_and_unload": rng.choice(["either", "both"]),
        "additional_actions": rng.choice(["around_dice", "any_time"]),
    })
    seen = []
    while not gdansk.is_terminal(state) and len(seen) < 1500:
        seen.append(state)
        options = gdansk.legal_actions(state)
        if greedy and rng.random() < 0.8:
            me = state.current_player
            assert me is not None
            action = max(options, key=lambda a: gdansk.heuristic(gdansk.apply(state, a), me))
        else:
            action = rng.choice(options)
        state = gdansk.apply(state, action)
    return [*seen, state]


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4)])
def test_apply_accepts_exactly_the_offered_actions(seed: int, players: int) -> None:
    for state in _states(seed, players, greedy=True)[::3]:
        offered = set(gdansk.legal_actions(state))
        text = gdansk.dumps(state)
        for action in _every_action(state):
            try:
                gdansk.apply(state, action)
            except IllegalActionError as error:
                assert action not in offered, f"{action} offered but refused: {error}"
                assert str(error)
            else:
                assert action in offered, f"{action} accepted but not offered"
        assert gdansk.dumps(state) == text


def test_apply_refuses_things_that_are_not_port_gdansk_actions() -> None:
    s = position(players=2)
    for junk in (None, "roll", 3, object(), gdansk.Load(["grain"]), gdansk.Execute("1")):  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError):
            gdansk.apply(s, junk)


# -- pinned legal-action lists


def test_pinned_legal_actions_at_the_start_of_the_actions() -> None:
    s = position(players=3, location={0: "L5_6"}, dice=["L1", "M1", "R1"], workers={0: 3},
                 hold={0: {"grain": 1, "liquid_fuels": 1, "coal": 2}}, orders={5: "O01", 6: "O02"},
                 markers={1: [1]})
    assert legal(s) == [
        "load grain", "load liquid_fuels", "load coal",
        "move L3", "move L7", "move L10",
        "recruit",
        "execute 5",
        "place 1",
        "cruise small",
        "end",
    ]


def test_pinned_legal_actions_while_loading_and_for_a_swap() -> None:
    s = play(position(players=4, location={0: "L17"}, dice=["L2", "L1", "M2"], workers={0: 2},
                      markers={0: [2, 3], 1: [4], 2: [3, 8], 3: [9]}), "load containers")
    assert legal(s) == [
        "load grain", "load liquid_fuels", "load coal",
        "move L1", "move L4", "move L9_14", "move L10", "move L13", "move L15_16", "move L18",
        "move L19", "move L20", "move CP",
        "swap 2", "swap 3",
        "end",
    ]
    assert legal(play(s, "swap 3")) == ["with P1 4", "with P3 9"]


def test_the_number_of_opening_moves() -> None:
    s = gdansk.new_game(4, seed=0)
    assert len(gdansk.legal_actions(s)) == 18  # every location, the Central Port included
    while s.phase == "place_meeple":
        s = play(s, "start L1")
    assert legal(s) == ["roll"]


# -- notation and JSON


def test_notation_round_trips_for_every_action() -> None:
    s = position(players=4)
    for action in _every_action(s):
        assert gdansk.parse_action(s, str(action)) == action


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"),
    ("fly L1", "could not read 'fly'"),
    ("load gold", "could not read 'gold' as a good"),
    ("load", "takes one good"),
    ("move L99", "could not read 'L99' as a location"),
    ("execute 21", "quay number 1-20"),
    ("execute one", "quay number"),
    ("with 2 3", "with P<seat> <quay>"),
    ("reroll X9", "die face"),
    ("reroll", "needs the faces"),
    ("end now", "takes no arguments"),
    ("cruise huge", "as a size"),
])
def test_unreadable_notation_is_refused_naming_what_could_not_be_read(text: str,
                                                                       message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        gdansk.parse_action(position(players=2), text)


def test_states_observations_and_actions_round_trip_through_json() -> None:
    for state in _states(4, 3, greedy=True)[::50]:
        assert gdansk.loads(gdansk.dumps(state)) == state
        observation = gdansk.observe(state, 1)
        assert gdansk.loads(gdansk.dumps(observation)) == observation
    action = gdansk.HrSwapWith(2, 14)
    assert gdansk.loads(gdansk.dumps(action)) == action


def test_malformed_or_inconsistent_json_is_refused() -> None:
    s = position(players=2, hold={0: {"grain": 2}})
    data = json.loads(gdansk.dumps(s))
    with pytest.raises(FormatError, match="not JSON"):
        gdansk.loads("{")
    broken = json.loads(json.dumps(data))
    broken["data"]["supply"][0] = 12  # two grain cubes too many
    with pytest.raises(FormatError, match="14 grain cubes in play; the game has 12"):
        gdansk.loads(json.dumps(broken))
    broken = json.loads(json.dumps(data))
    broken["data"]["rules"]["components"] = "{}"
    with pytest.raises(FormatError, match="components"):
        gdansk.loads(json.dumps(broken))
    broken = json.loads(json.dumps(data))
    broken["data"]["players"][0]["stock"] = 9
    with pytest.raises(FormatError, match="must add up to 8"):
        gdansk.loads(json.dumps(broken))
    broken = json.loads(json.dumps(data))
    broken["data"]["phase"] = "dancing"
    with pytest.raises(FormatError, match="phase 'dancing'"):
        gdansk.loads(json.dumps(broken))
    broken = json.loads(json.dumps(data))
    broken["data"]["phase"] = "swap_with"
    with pytest.raises(FormatError, match="dice and rolls"):
        gdansk.loads(json.dumps(broken))
    rolled = json.loads(gdansk.dumps(position(players=2, dice=["L1", "L1", "M2"])))
    rolled["data"]["turn"]["move"] = 6
    with pytest.raises(FormatError, match="symbols do not match the dice"):
        gdansk.loads(json.dumps(rolled))
    rolled = json.loads(gdansk.dumps(position(players=2, dice=["L1", "L1", "M2"])))
    rolled["data"]["players"][1]["location"] = -1
    with pytest.raises(FormatError, match="every meeple is on the board"):
        gdansk.loads(json.dumps(rolled))


def test_render_shows_places_orders_markers_meeples_and_each_players_board() -> None:
    s = position(players=2, location={0: "L9_14", 1: "CP"}, orders={9: "O16"},
                 markers={1: [14]}, workers={0: 4}, hold={0: {"ro_ro": 2}},
                 cards={1: [14]}, cruise={1: [("medium", 7)]}, taken={1: ["O03"]})
    text = gdansk.render(s)
    assert "L9_14   9 Górniczy Basin [purple] order O16" in text
    assert "14 Rudowe Quay [green] markers P1" in text
    assert "meeples P0" in text and "Central Port (Central Port card not out)  meeples P1" in text
    assert "hold 2 ro_ro; workers 4; markers in stock 8" in text
    assert "Port cards 14 green; cruise ships medium 7" in text
    assert "bonuses 1 coal" in text


def test_render_for_a_seat_hides_the_other_players_cruise_ship_values() -> None:
    s = position(players=2, cruise={0: [("small", 3)], 1: [("medium", 7)]})
    text = gdansk.render(s, player=0)
    assert "cruise ships small 3" in text  # one's own ship
    assert "cruise ships medium ?" in text and "medium 7" not in text
    assert "? (cruise ships hidden) at the end" in text
    assert "medium 7" in gdansk.render(s)  # the whole table, for an onlooker or a replay


# -- full games


def _record(name: str) -> Any:
    return gdansk.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize(("name", "scores", "winners", "rounds"), [
    ("greedy_4p_seed3.json", (82, 51, 60, 56), (0,), 23),
    ("greedy_2p_seed0.json", (102, 76), (0,), 35),
])
def test_a_full_recorded_game_replays_to_its_pinned_result(name: str, scores: tuple[int, ...],
                                                           winners: tuple[int, ...],
                                                           rounds: int) -> None:
    record = _record(name)
    final = replay(gdansk, record)
    assert gdansk.is_terminal(final)
    assert gdansk.scores(final) == scores
    assert gdansk.winners(final) == winners
    assert final.round == rounds
    # The greedy bot still plays the same game.
    actions, again = greedy_game(record.num_players, record.seed)
    assert [str(a) for a in actions] == list(record.actions) and again == final


def test_a_record_with_a_wrong_move_says_which_move() -> None:
    record = _record("greedy_2p_seed0.json")
    bad = type(record)(record.game, record.variant, record.num_players, record.seed,
                       (*record.actions[:5], "execute 1"), record.version, record.options)
    with pytest.raises(IllegalActionError, match="move 6"):
        for _ in replay_states(gdansk, bad):
            pass


def _perft(state: gdansk.State, depth: int) -> int:
    """Leaf positions ``depth`` decisions ahead (chess's perft); dice come from the state's RNG."""
    if depth == 0 or gdansk.is_terminal(state):
        return 1
    return sum(_perft(gdansk.apply(state, a), depth - 1) for a in gdansk.legal_actions(state))


def test_perft_from_the_start_is_pinned() -> None:
    # 18 starting locations per meeple, then the roll (one action), then rerolls and keeps.
    start = gdansk.new_game(2, seed=0)
    assert [_perft(start, depth) for depth in range(1, 6)] == [18, 324, 324, 2592, 18756]
