"""Every bot: legal, seeded, generic; the registry; the reward helpers."""

from __future__ import annotations

from typing import Any

import pytest

import harborgames
from harborgames import bots, inland_port
from harborgames.bots.arena import play_game
from harborgames.bots.search import Leaf
from harborgames.core.protocol import GameModule

from . import toy_cards, toy_nim

# Small budgets: these tests check behaviour, not strength.
SMALL: dict[str, dict[str, Any]] = {
    "random": {},
    "greedy": {},
    "mcts": {"iterations": 25},
    "ismcts": {"iterations": 25},
}
GAMES: list[Any] = [toy_nim, toy_cards]


def _play(game: GameModule, names: list[str], seed: int, bot_seed: int) -> list[str]:
    players = [bots.make(n, seed=bot_seed + i, **SMALL[n]) for i, n in enumerate(names)]
    _, actions = play_game(game, players, seed=seed)
    return [str(a) for a in actions]


@pytest.mark.parametrize("name", bots.names())
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.INFO.name)
def test_the_same_seed_makes_the_same_choices(name: str, game: GameModule) -> None:
    first = _play(game, [name, name], seed=4, bot_seed=10)
    assert first == _play(game, [name, name], seed=4, bot_seed=10)


@pytest.mark.parametrize("name", bots.names())
def test_every_bot_plays_the_inland_port_legally(name: str) -> None:
    players = [bots.make(name, seed=1, **SMALL[name]), bots.make("random", seed=2)]
    final, actions = play_game(inland_port, players, seed=3)  # play_game refuses illegal picks
    assert inland_port.is_terminal(final) and actions


@pytest.mark.parametrize("name", bots.names())
def test_every_bot_plays_three_and_four_players(name: str) -> None:
    for players in (3, 4):
        seats = [bots.make(name, seed=s, **SMALL[name]) for s in range(players)]
        final, _ = play_game(toy_cards, seats, seed=players)
        assert toy_cards.is_terminal(final)


def test_random_bots_with_other_seeds_choose_otherwise() -> None:
    games = {tuple(_play(inland_port, ["random", "random"], seed=1, bot_seed=s)) for s in range(3)}
    assert len(games) == 3


def test_greedy_finds_the_winning_nim_move_across_a_two_decision_turn() -> None:
    # Piles (2, 3): the winning move is to take 1 from pile 1 (leaving 2, 2).
    state = toy_nim.new_game(2, seed=0, variant="small")
    view = bots.make_view(toy_nim, state, state.current_player)  # type: ignore[arg-type]
    assert bots.make("greedy", seed=0).choose(view) == toy_nim.Pick(1)


def test_search_bots_find_the_winning_nim_move() -> None:
    state = toy_nim.new_game(2, seed=0, variant="small")
    seat = state.current_player
    assert seat is not None
    for name in ("mcts", "ismcts"):
        bot = bots.make(name, seed=0, iterations=300, rollout_depth=None, leaf="rank")
        picked = toy_nim.apply(state, bot.choose(bots.make_view(toy_nim, state, seat)))
        assert bot.choose(bots.make_view(toy_nim, picked, seat)) == toy_nim.Take(1)


def test_greedy_beats_random_at_the_inland_port() -> None:
    players = [bots.make("greedy", seed=1), bots.make("random", seed=2)]
    final, _ = play_game(inland_port, players, seed=5)
    assert inland_port.winners(final) == (0,)


def test_registry() -> None:
    assert bots.names() == ("random", "greedy", "mcts", "ismcts")
    assert bots.make("mcts", seed=1, iterations=5).name == "mcts"
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        bots.make("nobody")
    with pytest.raises(ValueError, match="greedy: unknown parameter 'depth'; known: lookahead, "):
        bots.make("greedy", depth=3)
    with pytest.raises(ValueError, match="rollout must be one of"):
        bots.make("mcts", rollout="smart")
    assert bots.parse_spec("mcts:iterations=10:c=0.5:rollout=greedy:rollout_depth=none") == (
        "mcts",
        {"iterations": 10, "c": 0.5, "rollout": "greedy", "rollout_depth": None},
    )
    with pytest.raises(ValueError, match="not key=value"):
        bots.parse_spec("mcts:iterations")
    bots.register("first", lambda seed=0: _First())
    try:
        assert "first" in bots.names()
        assert bots.make_from_spec("first").name == "first"
    finally:
        bots.registry._REGISTRY.pop("first")
    with pytest.raises(ValueError, match="without ','"):
        bots.register("a,b", _First)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:iterations=abc", "mcts: iterations must be an int or none, not 'abc'"),
        ("mcts:iterations=2.5", "mcts: iterations must be an int or none, not '2.5'"),
        ("ismcts:iterations=true", "ismcts: iterations must be an int or none, not 'true'"),
        ("mcts:iters=5", "mcts: unknown parameter 'iters'; known: iterations, time_limit, c, rollout"),
        ("mcts:c=wide", "mcts: c must be a number, not 'wide'"),
        ("mcts:time_limit=soon", "mcts: time_limit must be a number or none, not 'soon'"),
        ("mcts:rollout_depth=deep", "mcts: rollout_depth must be an int or none, not 'deep'"),
        ("mcts:iterations=0", "mcts: iterations must be at least 1"),
        ("mcts:rollout=5", "mcts: rollout must be one of random, greedy, not '5'"),
        ("greedy:relative=yes", "greedy: relative must be true or false, not 'yes'"),
        ("random:depth=2", "random: unknown parameter 'depth'; random takes no parameters"),
    ],
)
def test_bot_parameter_errors_name_the_parameter_and_its_type(spec: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        bots.make_from_spec(spec)
    assert str(refused.value).startswith(message)


def test_bot_parameters_of_the_right_type_are_taken() -> None:
    bot = bots.make_from_spec("mcts:iterations=7:c=1:time_limit=none:rollout_depth=none")
    assert isinstance(bot, bots.MCTSBot)
    config = bot.config
    assert (config.iterations, config.c, config.time_limit, config.rollout_depth) == (7, 1.0, None, None)
    assert isinstance(config.c, float)  # an int where a float is expected is widened
    assert bots.make_from_spec("greedy:relative=false").relative is False  # type: ignore[attr-defined]


def test_bots_with_keyword_arguments_are_trusted_with_them() -> None:
    bots.register("loose", lambda seed=0, **params: _First())
    try:
        assert bots.make_from_spec("loose:anything=1").name == "first"
    finally:
        bots.registry._REGISTRY.pop("loose")


class _First:
    name = "first"

    def choose(self, view: bots.View) -> Any:
        return view.legal_actions[0]


def test_time_limited_search_still_returns_a_legal_action() -> None:
    state = inland_port.new_game(2, seed=9)
    view = bots.make_view(inland_port, state, state.current_player)  # type: ignore[arg-type]
    bot = bots.make("mcts", seed=0, iterations=10**6, time_limit=0.05)
    assert bot.choose(view) in view.legal_actions


def test_rank_rewards() -> None:
    assert bots.rank_rewards([5, 3]) == (1.0, 0.0)
    assert bots.rank_rewards([4, 4]) == (0.5, 0.5)
    assert bots.rank_rewards([2, 9, 2]) == (0.25, 1.0, 0.25)
    assert bots.rank_rewards([7]) == (1.0,)


def test_outcome_rewards_put_the_rules_winner_first() -> None:
    final, _ = play_game(toy_cards, [bots.make("random", seed=s) for s in range(3)], seed=8)
    rewards = bots.outcome_rewards(toy_cards, final)
    assert {p for p, r in enumerate(rewards) if r == max(rewards)} == set(toy_cards.winners(final))
    assert sum(rewards) == pytest.approx(1.5)


def test_margin_leaves_are_centred_on_the_root() -> None:
    state = toy_cards.new_game(2, seed=1)
    leaf = Leaf(toy_cards, "margin", toy_cards.heuristic)
    root = [toy_cards.heuristic(state, p) - sum(toy_cards.heuristic(state, q) for q in (0, 1)) / 2
            for p in (0, 1)]
    assert leaf.rewards(state, root) == (0.5, 0.5)
    moved = toy_cards.apply(state, toy_cards.legal_actions(state)[-1])
    rewards = leaf.rewards(moved, root)
    assert sum(rewards) == pytest.approx(1.0)
    assert all(0.0 < r < 1.0 for r in rewards)


def test_widening_and_anchoring_start_from_the_greedy_ranking() -> None:
    # Piles (2, 3): greedy's lookahead ranks Pick(1) first (see the greedy test above).
    state = toy_nim.new_game(2, seed=0, variant="small")
    view = bots.make_view(toy_nim, state, state.current_player)  # type: ignore[arg-type]
    for name in ("mcts", "ismcts"):
        widened = bots.make(name, seed=3, iterations=1, widen=1.0)
        assert widened.choose(view) == toy_nim.Pick(1)  # the one move admitted so far
        anchored = bots.make(name, seed=3, iterations=40, widen=0.0, anchor=100.0)
        assert anchored.choose(view) == toy_nim.Pick(1)  # no evidence beats 100 standard errors


@pytest.mark.parametrize("name", ["mcts", "ismcts"])
def test_widened_searches_are_seeded(name: str) -> None:
    spec = {"iterations": 25, "widen": 0.5, "anchor": 1.0}
    players = [bots.make(name, seed=5, **spec), bots.make("greedy", seed=6)]
    first = [str(a) for a in play_game(toy_cards, players, seed=2)[1]]
    players = [bots.make(name, seed=5, **spec), bots.make("greedy", seed=6)]
    assert first == [str(a) for a in play_game(toy_cards, players, seed=2)[1]]


def test_ismcts_defaults_widen() -> None:
    bot = bots.make("ismcts")
    assert isinstance(bot, bots.ISMCTSBot)
    assert (bot.config.widen, bot.config.c, bot.config.anchor) == (1.0, 0.3, 1.5)
    with pytest.raises(ValueError, match="widen must be at least 0"):
        bots.make("mcts", widen=-1.0)
    with pytest.raises(ValueError, match="anchor must be at least 0"):
        bots.make("ismcts", anchor=-1.0)


def test_searches_take_the_games_tuned_budget_unless_told() -> None:
    from harborgames.bots.search import BUDGETS, DEFAULT_ITERATIONS, budget_for

    bot = bots.make("ismcts")
    assert isinstance(bot, bots.ISMCTSBot)
    assert bot.budget("lehavre") == BUDGETS["lehavre", None, None] < DEFAULT_ITERATIONS
    assert bot.budget("lehavre", 2, "full") == BUDGETS["lehavre", 2, "full"]
    assert bot.budget("lehavre", 4, "full") == BUDGETS["lehavre", None, None]  # the fallback
    assert bot.budget("inland_port") == bot.budget("inland_port", 2) == DEFAULT_ITERATIONS
    assert budget_for("gdansk", 4, "standard") == BUDGETS["gdansk", None, None]
    told = bots.make("mcts", iterations=9)
    assert isinstance(told, bots.MCTSBot)
    assert told.budget("lehavre") == told.budget("gdansk", 3, "standard") == 9
    with pytest.raises(ValueError, match="iterations must be at least 1"):
        bots.make("mcts", iterations=0)


def test_a_search_reads_its_budget_from_the_games_configuration() -> None:
    from harborgames.bots.search import budget_for
    from harborgames.bots.tuned import configuration

    game = harborgames.load("lehavre")
    for players, variant in ((2, "full"), (3, "short"), (4, "full")):
        state = game.new_game(players, seed=1, variant=variant)
        view = bots.make_view(game, state, state.current_player)
        assert configuration(view) == (players, variant)
        bot = bots.make("ismcts", seed=1)
        assert isinstance(bot, bots.ISMCTSBot)
        if len(view.legal_actions) > 1:
            bot.choose(view)
            assert bot.last_iterations == budget_for("lehavre", players, variant)
    inland = harborgames.load("inland_port")
    state = inland.new_game(2, seed=1)
    assert configuration(bots.make_view(inland, state, state.current_player)) == (2, "standard")
