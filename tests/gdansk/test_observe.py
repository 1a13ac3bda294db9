"""Hidden information: what ``observe`` redacts and what ``resample`` re-deals."""

from __future__ import annotations

import random

import pytest

from harborgames import gdansk

from .positions import play, position


def _midgame(seed: int = 3, players: int = 3) -> gdansk.State:
    """A random position some way into a game, with cruise ships served."""
    rng = random.Random(seed)
    s = gdansk.new_game(players, seed=seed)
    for _ in range(400):
        legal = gdansk.legal_actions(s)
        cruise = [a for a in legal if isinstance(a, (gdansk.Cruise, gdansk.Recruit))]
        s = gdansk.apply(s, rng.choice(cruise or legal))
    return s


def test_observe_hides_other_players_cruise_values_but_not_sizes() -> None:
    s = position(players=3, cruise={0: [("large", 12)], 1: [("small", 3), ("medium", 8)]})
    mine = gdansk.observe(s, 0)
    assert mine.players[0].cruise == ((2, 12),)
    assert mine.players[1].cruise == ((0, -1), (1, -1))
    assert gdansk.observe(s, 1).players[1].cruise == ((0, 3), (1, 8))


def test_observe_shows_only_sizes_of_piles_deck_and_the_top_order_token() -> None:
    s = play(position(players=2, orders={1: "O01"}), "roll")
    o = gdansk.observe(s, 1)
    assert o.deck_size == len(s.board.deck)
    assert o.token_stack_top == s.board.token_stack[0]
    assert o.token_stack_size == len(s.board.token_stack)
    assert o.cruise_pile_sizes == (7, 7, 7)
    assert o.tokens == s.board.tokens and o.turn == s.turn  # the dice are public
    names = set(type(o).__slots__)
    assert not {"rng", "deck", "token_stack", "cruise_piles", "board"} & names


def test_the_rng_is_never_in_an_observation_or_its_json() -> None:
    s = _midgame()
    text = gdansk.dumps(gdansk.observe(s, 0))
    assert str(s.rng.state) not in text and str(s.rng.increment) not in text
    assert '"rng"' not in text
    assert gdansk.loads(text) == gdansk.observe(s, 0)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_resample_keeps_what_the_player_saw(seat: int) -> None:
    s = _midgame()
    for seed in range(5):
        sample = gdansk.resample(s, seat, seed)
        assert gdansk.observe(sample, seat) == gdansk.observe(s, seat)
        assert sample.players[seat] == s.players[seat]


def test_resample_redeals_the_hidden_parts_and_gives_a_fresh_rng() -> None:
    s = _midgame()
    samples = [gdansk.resample(s, 0, seed) for seed in range(6)]
    assert all(x.rng != s.rng for x in samples)
    assert len({x.rng for x in samples}) == 6
    assert len({x.board.deck for x in samples}) > 1
    assert len({x.board.token_stack[1:] for x in samples}) > 1
    assert len({x.board.cruise_piles for x in samples}) > 1
    assert s.board.token_stack[0] == samples[0].board.token_stack[0]  # the top is face up
    # The future dice differ between samples: a search bot cannot foresee them.
    after = [gdansk.apply(gdansk.resample(position(players=2), 0, seed), gdansk.Roll())
             for seed in range(8)]
    assert len({x.turn.dice for x in after}) > 1


def test_resample_deals_other_players_cruise_values_from_the_unseen_cards() -> None:
    s = position(players=3, cruise={0: [("large", 14)], 1: [("large", 12)], 2: [("large", 10)]})
    seen = set()
    for seed in range(40):
        sample = gdansk.resample(s, 0, seed)
        assert sample.players[0].cruise == ((2, 14),)
        values = [v for p in sample.players[1:] for _, v in p.cruise]
        assert 14 not in values or sorted(sample.rules.components.cruise_vp[2]).count(14) > 1
        pool = sorted(values + list(sample.board.cruise_piles[2]))
        assert pool == sorted([10, 11, 12, 12, 12, 13])  # the large cards Anna cannot see
        seen.add(tuple(values))
    assert len(seen) > 3


def test_observe_and_resample_refuse_a_seat_that_does_not_exist() -> None:
    s = position(players=2)
    with pytest.raises(ValueError, match="not a seat"):
        gdansk.observe(s, 2)
    with pytest.raises(ValueError, match="not a seat"):
        gdansk.resample(s, -1, 0)


def test_final_scoring_shows_every_cruise_ship_card() -> None:
    """Once the game is over, the Cruise Ship values are counted in the open: every seat's
    observation holds them (the web's game-over breakdown shows each player's VP by source)."""
    rng = random.Random(5)
    s = gdansk.new_game(3, seed=5)
    while not gdansk.is_terminal(s):
        legal = gdansk.legal_actions(s)
        cruise = [a for a in legal if isinstance(a, (gdansk.Cruise, gdansk.Recruit))]
        s = gdansk.apply(s, rng.choice(cruise or legal))
    assert any(p.cruise for p in s.players)
    for seat in range(3):
        seen = gdansk.observe(s, seat)
        assert [p.cruise for p in seen.players] == [p.cruise for p in s.players]


def test_resample_of_a_finished_game_keeps_every_cruise_ship_card_and_the_scores() -> None:
    """Issue 39: the cards are face up at the end, so resample must not re-deal them (it did, in
    every finished game, and the scores changed with them); only the piles are still hidden."""
    rng = random.Random(5)
    s = gdansk.new_game(3, seed=5)
    while not gdansk.is_terminal(s):
        legal = gdansk.legal_actions(s)
        cruise = [a for a in legal if isinstance(a, (gdansk.Cruise, gdansk.Recruit))]
        s = gdansk.apply(s, rng.choice(cruise or legal))
    assert sum(len(p.cruise) for p in s.players[1:]) >= 2  # cards another seat could have re-dealt
    for seat in range(3):
        for seed in range(6):
            sample = gdansk.resample(s, seat, seed)
            assert gdansk.observe(sample, seat) == gdansk.observe(s, seat)
            assert [p.cruise for p in sample.players] == [p.cruise for p in s.players]
            assert gdansk.scores(sample) == gdansk.scores(s)
            assert gdansk.winners(sample) == gdansk.winners(s)
