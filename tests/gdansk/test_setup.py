"""Setup for 2, 3 and 4 players (rulebook "Setup", steps 1-8)."""

from __future__ import annotations

import pytest

from harborgames import gdansk
from harborgames.core.errors import IllegalActionError

from .positions import legal, play, position, rolled


def _placed(state: gdansk.State, where: str = "L1") -> gdansk.State:
    while state.decision == gdansk.ChooseStart():
        state = play(state, f"start {where}")
    return state


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_use_every_card_and_token(players: int) -> None:
    s = gdansk.new_game(players, seed=3)
    c = s.rules.components
    assert s.supply == (12, 12, 12, 10, 10, 8)  # cubes in the limited common supply
    assert sorted(s.board.token_stack) == list(range(20)) and s.board.boxed_tokens == ()
    assert sorted(s.board.deck) == list(range(20)) and s.board.removed_sector == -1
    assert not s.board.central_port_open  # the Central Port card lies at the bottom
    assert all(p.markers_left == 8 and p.score == 0 and p.workers == 0 for p in s.players)
    assert [sorted(pile) for pile in s.board.cruise_piles] == [sorted(v) for v in c.cruise_vp]


def test_two_players_box_the_top_5_tokens_and_one_colour_other_than_green() -> None:
    for seed in range(12):
        s = gdansk.new_game(2, seed=seed)
        b = s.board
        assert len(b.boxed_tokens) == 5 and len(b.token_stack) == 15
        assert sorted(b.boxed_tokens + b.token_stack) == list(range(20))
        assert b.removed_sector in (0, 1, 3)  # blue, purple or brown; never green
        sectors = {s.rules.components.quay_sector[q] for q in b.deck}
        assert len(b.deck) == 15 and b.removed_sector not in sectors


def test_the_first_player_chooses_the_colour_when_the_option_says_so() -> None:
    s = gdansk.new_game(2, seed=1, options={"two_player_removed_sector": "first_player_chooses"})
    assert s.decision == gdansk.ChooseSector() and s.current_player == s.first_player
    assert legal(s) == ["remove blue", "remove purple", "remove brown"]
    with pytest.raises(IllegalActionError, match="other than green"):
        gdansk.apply(s, gdansk.RemoveSector("green"))
    s = play(s, "remove purple")
    assert s.board.removed_sector == 1 and len(s.board.deck) == 15
    assert s.decision == gdansk.ChooseStart() and s.current_player == s.first_player


def test_the_first_player_is_drawn_from_the_seed() -> None:
    firsts = {gdansk.new_game(4, seed=seed).first_player for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    assert gdansk.new_game(4, seed=7) == gdansk.new_game(4, seed=7)


def test_meeples_are_placed_in_turn_order_before_the_first_cards() -> None:
    s = gdansk.new_game(4, seed=2)
    first = s.first_player
    order = []
    while s.decision == gdansk.ChooseStart():
        order.append(s.current_player)
        assert all(t < 0 for t in s.board.tokens)  # no Port card revealed yet
        assert len(legal(s)) == 18 and "start CP" in legal(s)  # any location
        s = play(s, "start L20")
    assert order == [(first + i) % 4 for i in range(4)]
    # The first player's roll, the lone option after the last meeple, is taken by the engine.
    rolled(s, first)
    assert s.round == 1 and len(s.forced) == 1


def test_three_port_cards_are_revealed_with_an_order_token_each_in_reveal_order() -> None:
    s = gdansk.new_game(3, seed=9)
    deck, stack = s.board.deck, s.board.token_stack
    s = _placed(s)
    assert [s.board.tokens[q] for q in deck[:3]] == list(stack[:3])
    assert sum(t >= 0 for t in s.board.tokens) == 3
    assert s.board.deck == deck[3:] and s.board.token_stack == stack[3:]


def test_several_meeples_may_share_a_location() -> None:
    s = _placed(gdansk.new_game(4, seed=0), "L9_14")
    assert {p.location for p in s.players} == {s.rules.components.location_index["L9_14"]}


def test_option_meeples_start_on_quays_only_keeps_them_off_the_central_port() -> None:
    s = gdansk.new_game(3, seed=0, options={"meeple_start": "quays_only"})
    assert "start CP" not in legal(s) and len(legal(s)) == 17
    with pytest.raises(IllegalActionError, match="meeple_start=quays_only"):
        gdansk.apply(s, gdansk.PlaceMeeple("CP"))


def test_bad_new_game_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        gdansk.new_game(5)
    with pytest.raises(ValueError, match="2 to 4 players"):
        gdansk.new_game(1)
    with pytest.raises(ValueError, match="unknown variant"):
        gdansk.new_game(2, variant="short")
    with pytest.raises(ValueError, match="unknown rule option"):
        gdansk.new_game(2, options={"turbo": "on"})
    with pytest.raises(ValueError, match="must be one of"):
        gdansk.new_game(2, options={"load_and_unload": "never"})


def _orders_until_central_port(state: gdansk.State) -> int:
    """Execute orders with a well-stocked player until the Central Port card comes out."""
    orders = 0
    while not state.board.central_port_open:
        quay = next(q for q, t in enumerate(state.board.tokens) if t >= 0)
        c = state.rules.components
        loc = c.location_ids[c.quay_location[quay]]
        me = state.current_player
        assert me is not None
        need = c.token_requires[state.board.tokens[quay]]
        hold = {g: n for g, n in zip(gdansk.data.GOODS, need, strict=True) if n}
        s = position(players=state.num_players, player=me, location={me: loc}, hold={me: hold},
                     workers={me: 1}, dice=["R1", "R1", "R1"],
                     orders={q + 1: c.token_ids[t] for q, t in enumerate(state.board.tokens)
                             if t >= 0},
                     deck=[q + 1 for q in state.board.deck],
                     removed_sector=None if state.board.removed_sector < 0
                     else gdansk.data.SECTORS[state.board.removed_sector])
        s = play(s, f"execute {quay + 1}")
        orders += 1
        state = s
    return orders


def test_the_central_port_card_is_drawn_as_the_second_card_of_the_ninth_order() -> None:
    """3-4 players: 3 + 2 x 8 = 19 cards shown after 8 orders; the 9th draws the 20th and it."""
    state = _placed(gdansk.new_game(4, seed=4))
    assert _orders_until_central_port(state) == 9


def test_two_players_find_the_central_port_card_exposed_after_the_sixth_order() -> None:
    """2 players: 3 + 2 x 6 = 15 cards: the last one drawn lays the Central Port card bare."""
    state = _placed(gdansk.new_game(2, seed=4))
    assert _orders_until_central_port(state) == 6
