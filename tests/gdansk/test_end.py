"""Game end: the three triggers, equal turns, final scoring and the tie-break."""

from __future__ import annotations

from harborgames import gdansk
from harborgames.gdansk.data import ROUND_LIMIT

from .positions import play, position, rolled

ORDERS = {19: "O05", 20: "O06"}  # orders left on the board, so no trigger by an empty board


def _finish_turns(state: gdansk.State) -> tuple[gdansk.State, int]:
    """Everyone still to play this round keeps the first roll (which the engine took) and ends;
    the final state and the number of turns played."""
    turns = 0
    while not gdansk.is_terminal(state):
        assert state.current_player is not None
        rolled(state, state.current_player)
        state = play(state, "keep", "end")
        turns += 1
    return state, turns


def test_reaching_60_vp_ends_the_game_after_the_round_is_complete() -> None:
    s = position(players=3, player=0, location={0: "L1"}, score={0: 50}, workers={0: 1},
                 hold={0: {"grain": 3, "liquid_fuels": 2, "coal": 1, "containers": 1, "cargo": 1}},
                 orders={1: "O16", **ORDERS}, dice=["R1", "L1", "M1"])
    s = play(s, "execute 1", "end")
    assert s.players[0].score == 62 and s.end_triggered and s.current_player == 1
    s, turns = _finish_turns(s)
    assert turns == 2  # players 1 and 2 still play: all have had the same number of turns
    assert gdansk.winners(s) == (0,)


def test_60_vp_from_influence_in_another_players_turn_also_ends_the_game() -> None:
    s = position(players=3, player=1, location={1: "L1"}, score={2: 58}, workers={1: 1},
                 hold={1: {"grain": 1, "liquid_fuels": 1, "coal": 2}}, markers={2: [2]},
                 orders={1: "O01", **ORDERS}, dice=["R1", "L1", "M1"])
    s = play(s, "execute 1", "end")
    assert s.players[2].score == 60 and s.end_triggered and not gdansk.is_terminal(s)
    s, turns = _finish_turns(s)
    assert gdansk.is_terminal(s) and turns == 1  # P2, the last seat of the round


def test_placing_the_eighth_influence_marker_ends_the_game() -> None:
    s = position(players=4, player=1, workers={1: 3}, markers={1: [1, 2, 3, 4, 6, 7, 8], 0: [9]},
                 orders=ORDERS, dice=["R1", "L1", "M1"])
    assert s.players[1].markers_left == 1
    s = play(s, "place 9", "end")
    assert s.players[1].markers_left == 0 and s.end_triggered
    assert s.current_player == 2
    s, turns = _finish_turns(s)
    assert gdansk.is_terminal(s) and s.round == 1 and turns == 2


def test_no_order_tokens_left_on_the_board_ends_the_game() -> None:
    s = position(players=2, player=0, location={0: "L1"}, workers={0: 1}, deck=[],
                 hold={0: {"grain": 1, "liquid_fuels": 1, "coal": 2}}, orders={1: "O01"},
                 dice=["R1", "L1", "M1"], central_port_open=True)
    assert s.board.deck == ()
    s = play(s, "execute 1", "end")
    assert s.end_triggered and all(t < 0 for t in s.board.tokens)
    s, turns = _finish_turns(s)
    assert gdansk.is_terminal(s) and turns == 1


def test_a_trigger_in_the_last_seat_of_the_round_ends_the_game_at_once() -> None:
    s = position(players=3, player=2, first_player=0, score={2: 60}, orders=ORDERS,
                 dice=["R1", "L1", "M1"])
    s = play(s, "end")
    assert gdansk.is_terminal(s) and s.current_player is None
    assert gdansk.legal_actions(s) == []


def test_the_round_continues_to_the_player_right_of_the_first_player() -> None:
    s = position(players=4, player=3, first_player=2, score={3: 61}, orders=ORDERS,
                 dice=["R1", "L1", "M1"])
    s = play(s, "end")
    assert s.current_player == 0 and not gdansk.is_terminal(s)
    s, turns = _finish_turns(s)
    assert gdansk.is_terminal(s) and turns == 2  # seats 0 and 1, right of the first player


def test_final_scoring_adds_cruise_ships_and_port_card_sets() -> None:
    s = position(players=3, player=2, first_player=0, score={0: 20, 1: 30}, orders=ORDERS,
                 cruise={0: [("large", 12), ("small", 3)]}, cards={0: [1, 6, 11, 16, 2]},
                 markers={0: [1, 6, 11, 16, 2]}, end_triggered=True, dice=["R1", "L1", "M1"])
    assert gdansk.scores(s) == (20 + 15 + 10 + 1, 30, 0)  # the score if the game ended now
    assert gdansk.winners(s) == ()  # the game is not over
    s = play(s, "end")
    assert gdansk.scores(s) == (46, 30, 0) and gdansk.winners(s) == (0,)
    assert s.players[0].score == 20  # the track keeps the in-game VP


def test_a_tie_goes_to_more_markers_on_the_board_then_is_shared() -> None:
    tied = position(players=3, player=2, score={0: 30, 1: 30, 2: 10}, orders=ORDERS,
                    markers={0: [1, 2], 1: [3, 4, 6]}, end_triggered=True,
                    dice=["R1", "L1", "M1"])
    assert gdansk.winners(play(tied, "end")) == (1,)
    shared = position(players=3, player=2, score={0: 30, 1: 30, 2: 10}, orders=ORDERS,
                      markers={0: [1, 2], 1: [3, 4]}, end_triggered=True,
                      dice=["R1", "L1", "M1"])
    assert gdansk.winners(play(shared, "end")) == (0, 1)


def test_the_engine_ends_a_game_that_reaches_the_round_limit() -> None:
    s = position(players=3, player=2, round=ROUND_LIMIT, orders=ORDERS, dice=["R1", "L1", "M1"])
    s = play(s, "end")
    assert gdansk.is_terminal(s) and not s.end_triggered
    early = play(position(players=3, player=2, round=ROUND_LIMIT - 1, orders=ORDERS,
                          dice=["R1", "L1", "M1"]), "end")
    assert not gdansk.is_terminal(early) and early.round == ROUND_LIMIT
