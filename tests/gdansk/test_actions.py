"""Dice actions and additional actions (rulebook "Detailed Description of Actions")."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from harborgames import gdansk
from harborgames.core.decisions import Forced
from harborgames.core.errors import IllegalActionError

from .positions import legal, play, position, rolled

FULL = {"grain": 4, "coal": 3, "cargo": 2}  # 9 cubes: a full cargo space


# -- loading


def test_loading_takes_cubes_within_the_weight_of_the_loading_symbols() -> None:
    s = position(players=2, dice=["L1", "M1", "R1"])
    assert [a for a in legal(s) if a.startswith("load")] == [
        "load grain", "load liquid_fuels", "load coal"]
    s = play(s, "load coal")
    assert not any(a.startswith("load") for a in legal(s))
    with pytest.raises(IllegalActionError, match=r"needs 1 loading symbol.*you have 0 left"):
        gdansk.apply(s, gdansk.Load("grain"))


def test_loading_needs_a_loading_symbol() -> None:
    s = position(players=2, dice=["M1", "M1", "R1"])
    assert not any(a.startswith("load") for a in legal(s))
    with pytest.raises(IllegalActionError, match="rolled no loading symbols"):
        gdansk.apply(s, gdansk.Load("grain"))


def test_the_cargo_space_holds_9_cubes_and_cubes_return_only_to_make_room() -> None:
    s = position(players=2, dice=["L2", "M1", "R1"], hold={0: FULL})
    assert [a for a in legal(s) if a.startswith(("load", "discard"))] == [
        "discard grain", "discard coal", "discard cargo"]
    with pytest.raises(IllegalActionError, match="cargo space is full"):
        gdansk.apply(s, gdansk.Load("grain"))
    s = play(s, "discard grain")
    assert s.players[0].hold[0] == 3 and s.supply[0] == 12 - 3
    # Having made room, a cube must be loaded before anything else.
    assert legal(s) == ["load grain", "load liquid_fuels", "load coal", "load containers",
                        "load cargo"]
    with pytest.raises(IllegalActionError, match="load a cube first"):
        gdansk.apply(s, gdansk.End())
    s = play(s, "load containers")
    assert sum(s.players[0].hold) == 9 and s.decision == gdansk.LoadCubes(left=0)
    roomy = position(players=2, dice=["L2", "M1", "R1"], hold={0: {"grain": 3}})
    with pytest.raises(IllegalActionError, match="only to make room"):
        gdansk.apply(roomy, gdansk.Discard("grain"))


def test_returning_a_cube_that_makes_room_for_nothing_is_refused() -> None:
    s = position(players=2, dice=["L1", "M1", "R1"], hold={0: {"ro_ro": 1, "grain": 8}})
    s = play(s, "discard ro_ro")  # 1 symbol: a grain, fuel or coal can follow
    t = position(players=2, dice=["L1", "M1", "R1"], hold={0: {"ro_ro": 1, "grain": 8}})
    assert "discard ro_ro" in legal(t) and "load grain" in legal(s)


def test_cubes_are_limited_to_the_common_supply() -> None:
    s = position(players=2, dice=["L2", "L2", "L2"], hold={0: {"ro_ro": 4}, 1: {"ro_ro": 4}})
    assert s.supply[5] == 0
    assert "load ro_ro" not in legal(s)
    with pytest.raises(IllegalActionError, match="no ro_ro cubes are left"):
        gdansk.apply(s, gdansk.Load("ro_ro"))


def test_loading_is_refused_on_the_central_port_once_its_card_is_out() -> None:
    before = position(players=2, location={0: "CP"}, dice=["L1", "M1", "R1"])
    assert "load grain" in legal(before)  # the card is not out yet
    after = position(players=2, location={0: "CP"}, dice=["L1", "M1", "R1"],
                     central_port_open=True, deck=[])
    assert not any(a.startswith("load") for a in legal(after))
    with pytest.raises(IllegalActionError, match="may not load on the Central Port"):
        gdansk.apply(after, gdansk.Load("grain"))


# -- dice actions in any order, each once, each whole


def test_an_action_is_finished_before_the_next_and_never_resumed() -> None:
    """Three arrows and two loading symbols: no load, move, load again."""
    # With nothing else to do, `end` is the lone option and the engine takes it: no load offered.
    alone = play(position(players=2, location={0: "L1"}, dice=["M2", "M1", "L2"]),
                 "load grain", "move L2")
    assert alone.forced[0] == Forced(0, "end") and alone.current_player == 1
    # Three workers keep the turn open (a small cruise ship), so the refusals can be asked.
    s = position(players=2, location={0: "L1"}, dice=["M2", "M1", "L2"], workers={0: 3})
    s = play(s, "load grain", "move L2")
    assert legal(s) == ["cruise small", "end"]
    with pytest.raises(IllegalActionError, match="already loaded this turn"):
        gdansk.apply(s, gdansk.Load("grain"))
    with pytest.raises(IllegalActionError, match="already moved this turn"):
        gdansk.apply(s, gdansk.Move("L3"))


def test_dice_actions_may_come_in_any_order() -> None:
    s = position(players=2, location={0: "L1"}, dice=["M1", "L1", "R1"])
    a = play(s, "recruit", "move L2", "load coal")
    b = play(s, "load coal", "move L2", "recruit")
    assert a.players == b.players and a.supply == b.supply


def test_movement_goes_along_connections_and_may_stop_short() -> None:
    s = position(players=2, location={0: "L1"}, dice=["M2", "L1", "L1"])
    assert [a for a in legal(s) if a.startswith("move")] == [
        "move L2", "move L3", "move L4", "move L17", "move L19", "move L20", "move CP"]
    with pytest.raises(IllegalActionError, match="takes 3 movement arrows"):
        gdansk.apply(s, gdansk.Move("L18"))
    with pytest.raises(IllegalActionError, match="already on L1"):
        gdansk.apply(s, gdansk.Move("L1"))


def test_recruitment_takes_one_worker_per_symbol() -> None:
    s = play(position(players=2, dice=["R1", "R1", "L1"], workers={0: 2}), "recruit")
    assert s.players[0].workers == 4
    with pytest.raises(IllegalActionError, match="already recruited"):
        gdansk.apply(s, gdansk.Recruit())


# -- additional actions around the dice actions


def _ready_to_execute(**extra: object) -> gdansk.State:
    """P0 on WOC I Quay (1) with the cubes for O01, a worker to spare, dice R1 L1 M1."""
    arguments: dict[str, object] = {
        "players": 3, "location": {0: "L1"}, "dice": ["R1", "L1", "M1"], "workers": {0: 3},
        "hold": {0: {"grain": 1, "liquid_fuels": 1, "coal": 2}}, "orders": {1: "O01", 7: "O02"},
        "markers": {1: [8], 2: [10]},
    }
    arguments.update(extra)
    return position(**arguments)  # type: ignore[arg-type]


def test_additional_actions_may_come_before_the_dice_actions() -> None:
    s = play(_ready_to_execute(), "execute 1", "recruit", "move L2", "load coal")
    assert s.players[0].score == 4 and s.players[0].workers == 3


def test_additional_actions_may_come_after_the_dice_actions() -> None:
    s = play(_ready_to_execute(workers={0: 6}), "recruit", "execute 1", "place 8",
             "cruise small")
    assert s.players[0].workers == 6 + 1 - 1 - 3 - 3 and s.players[0].markers == 0b10000001


def test_additional_actions_do_not_split_the_dice_actions_by_default() -> None:
    s = play(_ready_to_execute(), "recruit", "execute 1")
    assert not any(a.startswith(("move", "load")) for a in legal(s))
    with pytest.raises(IllegalActionError, match="before and/or after all the dice actions"):
        gdansk.apply(s, gdansk.Move("L2"))


def test_option_additional_actions_any_time_lets_them_split_the_dice_actions() -> None:
    s = play(_ready_to_execute(options={"additional_actions": "any_time"}), "recruit",
             "execute 1", "move L2")
    assert s.players[0].location == s.rules.components.location_index["L2"]


def test_each_additional_action_at_most_once_per_turn() -> None:
    s = position(players=3, dice=["R1", "L1", "M1"], workers={0: 20}, markers={1: [8, 9], 2: [10]},
                 markers_left={0: 8})
    s = play(s, "cruise small", "place 8")
    assert not any(a.startswith(("cruise", "place", "swap")) for a in legal(s))
    with pytest.raises(IllegalActionError, match="already served a cruise ship"):
        gdansk.apply(s, gdansk.Cruise("large"))
    with pytest.raises(IllegalActionError, match="already used your HR panel"):
        gdansk.apply(s, gdansk.HrPlace(9))


# -- orders


def test_executing_an_order_places_a_marker_and_keeps_token_and_card() -> None:
    s = play(_ready_to_execute(), "execute 1")
    p = s.players[0]
    assert p.markers & 1 and p.markers_left == 7 and p.cards == (0,) and p.tokens == (0,)
    assert p.workers == 2 and p.bonus[1] == 1  # O01 leaves a liquid fuels bonus
    assert s.board.tokens[0] == -1


def test_executing_an_order_needs_an_influence_marker_to_place() -> None:
    s = position(players=3, location={0: "L1"}, dice=["R1", "L1", "M1"], workers={0: 3},
                 hold={0: {"grain": 1, "liquid_fuels": 1, "coal": 2}}, orders={1: "O01"},
                 markers={0: [2, 3, 4, 5, 6, 7, 8, 9]})
    assert s.players[0].markers_left == 0 and "execute 1" not in legal(s)
    with pytest.raises(IllegalActionError, match="no Influence marker left"):
        gdansk.apply(s, gdansk.Execute(1))


def test_other_players_score_2_vp_per_marker_in_the_sector() -> None:
    s = play(_ready_to_execute(markers={1: [2, 3, 6], 2: [12]}), "execute 1")
    assert [p.score for p in s.players] == [4, 4, 0]  # quays 2, 3 blue; 6 purple; 12 green


def test_a_worker_count_above_one_on_a_port_card_is_charged(tmp_path: Path) -> None:
    """Open question: the card's worker icon is the cost (all 1 in the stand-in)."""
    doc = json.loads(resources.files("harborgames.gdansk").joinpath("components.json")
                     .read_text("utf-8"))
    doc["quays"][0]["workers"] = 2
    path = tmp_path / "two.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    one = _ready_to_execute(components=path, workers={0: 1})
    assert one.rules.components.quay_workers[0] == 2
    assert "execute 1" not in legal(one)
    with pytest.raises(IllegalActionError, match="needs 2 worker"):
        gdansk.apply(one, gdansk.Execute(1))
    two = play(_ready_to_execute(components=path, workers={0: 2}), "execute 1")
    assert two.players[0].workers == 0


# -- HR panel


def test_hr_place_needs_3_workers_and_another_players_marker() -> None:
    s = position(players=3, dice=["R1", "L1", "M1"], workers={0: 3}, markers={1: [8], 0: [9]},
                 orders={10: "O05"})
    assert [a for a in legal(s) if a.startswith("place")] == ["place 8"]
    with pytest.raises(IllegalActionError, match="only where another player has one"):
        gdansk.apply(s, gdansk.HrPlace(11))
    with pytest.raises(IllegalActionError, match="quay with an Order token"):
        gdansk.apply(s, gdansk.HrPlace(10))
    poor = position(players=3, dice=["R1", "L1", "M1"], workers={0: 2}, markers={1: [8]})
    with pytest.raises(IllegalActionError, match="needs 3 workers: you have 2"):
        gdansk.apply(poor, gdansk.HrPlace(8))
    s = play(s, "place 8")
    assert s.players[0].markers == (1 << 7) | (1 << 8) and s.players[0].markers_left == 6


def test_one_marker_per_player_per_quay_but_one_on_each_quay_of_a_double_location() -> None:
    s = position(players=3, dice=["R1", "L1", "M1"], workers={0: 3}, markers={1: [9, 14], 0: [9]})
    assert [a for a in legal(s) if a.startswith("place")] == ["place 14"]
    with pytest.raises(IllegalActionError, match="already have a marker on quay 9"):
        gdansk.apply(s, gdansk.HrPlace(9))
    s = play(s, "place 14")
    assert s.players[0].markers == (1 << 8) | (1 << 13)


def test_hr_place_goes_onto_the_quay_with_the_marker_not_its_empty_twin() -> None:
    """Ruling: markers sit on quays; the empty quay of a double location may still get an order."""
    s = position(players=3, dice=["R1", "L1", "M1"], workers={0: 3}, markers={1: [9]})
    assert [a for a in legal(s) if a.startswith("place")] == ["place 9"]
    with pytest.raises(IllegalActionError, match="quay 14 has none"):
        gdansk.apply(s, gdansk.HrPlace(14))


def test_hr_swap_trades_places_and_never_doubles_a_players_markers_on_a_quay() -> None:
    s = position(players=3, dice=["R1", "L1", "M1"], workers={0: 2},
                 markers={0: [1, 2], 1: [2, 3], 2: [1]})
    # My 1 can trade with P1's 3 (P1 has none on 1). My 2 cannot: P1 already has one on 2,
    # and P2's only marker is on 1, where I have one already.
    assert [a for a in legal(s) if a.startswith("swap")] == ["swap 1"]
    with pytest.raises(IllegalActionError, match="no other player's marker can trade places"):
        gdansk.apply(s, gdansk.HrSwap(2))
    # P1's 3 is the lone partner for my 1 (not P1's 2, where I have one): the engine takes it.
    done = play(s, "swap 1")
    assert done.forced == (Forced(0, "with P1 3"),) and isinstance(done.decision, gdansk.ChooseAction)
    assert done.players[0].markers == 0b110 and done.players[1].markers == 0b011
    assert done.players[0].workers == 0
    # A second marker of P1's (on 4) makes the partner a real choice, so the refusals can be asked.
    s1 = play(position(players=3, dice=["R1", "L1", "M1"], workers={0: 2},
                       markers={0: [1, 2], 1: [2, 3, 4], 2: [1]}), "swap 1")
    assert legal(s1) == ["with P1 3", "with P1 4"]
    with pytest.raises(IllegalActionError, match="you already have a marker on quay 2"):
        gdansk.apply(s1, gdansk.HrSwapWith(1, 2))
    with pytest.raises(IllegalActionError, match="P2 has no Influence marker on quay 3"):
        gdansk.apply(s1, gdansk.HrSwapWith(2, 3))
    with pytest.raises(IllegalActionError, match="not another player's seat"):
        gdansk.apply(s1, gdansk.HrSwapWith(0, 2))
    # P1 shares my quay 1, so only P2 can trade with it: P2's 4 alone is taken by the engine ...
    shared = play(position(players=3, dice=["R1", "L1", "M1"], workers={0: 2},
                           markers={0: [1], 1: [1, 3], 2: [4]}), "swap 1")
    assert shared.forced == (Forced(0, "with P2 4"),)
    # ... and with P2's 5 as well it is a choice, still never P1's 3.
    shared = play(position(players=3, dice=["R1", "L1", "M1"], workers={0: 2},
                           markers={0: [1], 1: [1, 3], 2: [4, 5]}), "swap 1")
    assert legal(shared) == ["with P2 4", "with P2 5"]
    with pytest.raises(IllegalActionError, match="P1 already has a marker on quay 1"):
        gdansk.apply(shared, gdansk.HrSwapWith(1, 3))


# -- cruise ships


@pytest.mark.parametrize(("size", "workers"), [("small", 3), ("medium", 5), ("large", 8)])
def test_a_cruise_ship_costs_its_workers_and_gives_the_top_card(size: str, workers: int) -> None:
    s = position(players=2, dice=["R1", "L1", "M1"], workers={0: workers})
    index = ("small", "medium", "large").index(size)
    top = s.board.cruise_piles[index][0]
    s = play(s, f"cruise {size}")
    assert s.players[0].workers == 0 and s.players[0].cruise == ((index, top),)
    short = position(players=2, dice=["R1", "L1", "M1"], workers={0: workers - 1})
    assert f"cruise {size}" not in legal(short)
    with pytest.raises(IllegalActionError, match=f"needs {workers} workers"):
        gdansk.apply(short, gdansk.Cruise(size))


def test_an_empty_cruise_ship_pile_cannot_be_served() -> None:
    ships = [("small", v) for v in (3, 4, 4, 4, 4, 5, 5)]
    s = position(players=2, dice=["R1", "L1", "M1"], workers={0: 3}, cruise={1: ships})
    assert "cruise small" not in legal(s)
    with pytest.raises(IllegalActionError, match="pile is empty"):
        gdansk.apply(s, gdansk.Cruise("small"))


# -- unloading


def test_unloading_needs_the_central_port_card_and_the_meeple_there() -> None:
    closed = position(players=2, location={0: "CP"}, dice=["L2", "M1", "R1"],
                      hold={0: {"grain": 1}})
    assert not any(a.startswith("unload") for a in legal(closed))
    with pytest.raises(IllegalActionError, match="needs the Central Port card"):
        gdansk.apply(closed, gdansk.Unload("grain"))
    away = position(players=2, location={0: "L4"}, dice=["L2", "M1", "R1"],
                    hold={0: {"grain": 1}}, central_port_open=True, deck=[])
    with pytest.raises(IllegalActionError, match="only with your meeple on the Central Port"):
        gdansk.apply(away, gdansk.Unload("grain"))


def test_unloading_pays_2_3_4_vp_per_cube_within_the_loading_symbols() -> None:
    # Three workers keep the turn open (a small cruise ship): else `end` would be the lone option.
    s = position(players=2, location={0: "CP"}, dice=["L2", "L2", "L1"], workers={0: 3},
                 hold={0: {"grain": 1, "cargo": 1, "ro_ro": 2}}, central_port_open=True, deck=[])
    s = play(s, "unload grain", "unload cargo")
    assert s.players[0].score == 2 + 3 and s.players[0].hold == (0, 0, 0, 0, 0, 2)
    assert legal(s) == ["cruise small", "end"]
    with pytest.raises(IllegalActionError, match=r"needs 3 loading symbol.*2 left"):
        gdansk.apply(s, gdansk.Unload("ro_ro"))
    s = play(position(players=2, location={0: "CP"}, dice=["L2", "L1", "M1"],
                      hold={0: {"ro_ro": 2}}, central_port_open=True, deck=[]), "unload ro_ro")
    assert s.players[0].score == 4 and s.supply[5] == 8 - 1


def test_loading_and_unloading_share_the_loading_symbols_by_default() -> None:
    # Three workers keep the turn open (a small cruise ship): else `end` would be the lone option.
    s = position(players=2, location={0: "L4"}, dice=["L2", "L1", "M1"], workers={0: 3},
                 hold={0: {"grain": 1}}, central_port_open=True, deck=[])
    s = play(s, "load coal", "move CP")
    assert legal(s) == ["cruise small", "end"]
    with pytest.raises(IllegalActionError, match="load_and_unload=either"):
        gdansk.apply(s, gdansk.Unload("grain"))


def test_option_load_and_unload_both_lets_each_use_all_the_symbols() -> None:
    s = position(players=2, location={0: "L4"}, dice=["L2", "L1", "M1"],
                 hold={0: {"grain": 1}}, central_port_open=True, deck=[],
                 options={"load_and_unload": "both"})
    s = play(s, "load coal", "load coal", "load coal", "move CP", "unload grain", "unload coal")
    assert s.players[0].score == 4


# -- turn order


def test_the_turn_passes_to_the_left_and_starts_with_a_roll() -> None:
    # The roll is the lone option, so the engine takes it: the next player decides on rerolls.
    s = play(position(players=3, player=2, dice=["R1", "L1", "M1"], orders={5: "O05"}), "end")
    rolled(s, 0)
    assert s.round == 2 and len(s.forced) == 1
    s = play(position(players=3, player=0, dice=["R1", "L1", "M1"], orders={5: "O05"}), "end")
    rolled(s, 1)
    assert s.round == 1
