"""The two bots without search: ``random`` (the floor) and ``greedy`` (the game's heuristic)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, TypeAlias

from ..core.protocol import Game
from .base import outcome_rewards, seed_of
from .tuned import TUNED, ParamSet, check_params, configuration_of, param_set
from .view import A, S, View, hides_future

__all__ = ["GreedyBot", "Heuristic", "ParamChooser", "RandomBot", "evaluate"]

Heuristic: TypeAlias = Callable[[Any, int], float]
"""A value of a position for a seat, as a game's ``heuristic`` with a set's weights bound: what
the bots maximise. A program may hand a bot its own (``GreedyBot(heuristic=...)``)."""

# A won or lost finish outweighs any heuristic difference; the heuristic still breaks ties.
_FINISH_WEIGHT = 1e9


class RandomBot:
    """Uniformly random legal actions: the baseline every other bot must beat."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, view: View[S, A]) -> A:
        return view.legal_actions[self.rng.randrange(len(view.legal_actions))]


def evaluate(
    game: Game[S, A],
    state: S,
    seat: int,
    *,
    relative: bool = True,
    heuristic: Heuristic | None = None,
) -> float:
    """The heuristic value of ``state`` for ``seat``; finished games by their outcome.

    ``relative`` subtracts the best opponent's heuristic, so that hurting the leader counts
    and a heuristic that only measures one's own wealth still sees the race. ``heuristic``:
    the game's own with the hand-written weights unless given.
    """
    value_of = heuristic or game.heuristic
    value = value_of(state, seat)
    if relative and state.num_players > 1:
        value -= max(value_of(state, p) for p in range(state.num_players) if p != seat)
    if state.current_player is None:
        value += _FINISH_WEIGHT * (outcome_rewards(game, state)[seat] - 0.5)
    return value


class ParamChooser:
    """The parameter set one bot plays with in each configuration it meets (``tuned``), and
    the heuristic it makes; or a program's own ``heuristic`` everywhere."""

    def __init__(self, params: str = TUNED, heuristic: Heuristic | None = None) -> None:
        check_params(params)  # a missing or broken file fails when the bot is made
        self.params = params
        self.own = heuristic
        self._found: dict[tuple[str, int, str], tuple[ParamSet, Heuristic]] = {}

    def choose(self, view: View[S, A], state: S) -> tuple[ParamSet | None, Heuristic]:
        """The set for the configuration of ``view``'s game (``state``: one the bot sampled of
        it; ``None`` with a program's own heuristic) and the heuristic to play by."""
        if self.own is not None:
            return None, self.own
        players, variant = configuration_of(state)
        key = (view.info.name, players, variant)
        found = self._found.get(key)
        if found is None:
            chosen = param_set(self.params, view.game, players, variant)
            bound: Heuristic = functools.partial(view.game.heuristic, params=chosen.heuristic)
            found = self._found[key] = (chosen, bound)
        return found

    def says(self, chosen: ParamSet | None) -> str:
        """Which set a bot plays with, for people to read."""
        return "its own heuristic" if chosen is None else f"the {chosen.name} parameter set"


class GreedyBot:
    """The action whose result the game's heuristic likes best.

    A turn may be several decisions; looking ``lookahead`` decisions ahead while the same seat
    is still to move lets the bot see what a first choice (say, which building) leads to.
    ``max_nodes`` caps the positions evaluated per decision so a wide turn stays cheap; past it,
    positions are valued as they stand. Hidden information and future dice are averaged over
    ``samples`` draws from the view. Ties are broken by the bot's own seeded generator.

    ``params`` names the heuristic's weights (``tuned``: the shipped set for the
    configuration; ``hand``; a file: ``bots.tuned``); a program may pass its own
    ``heuristic(state, seat)`` instead.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        lookahead: int = 2,
        samples: int = 1,
        relative: bool = True,
        max_nodes: int = 400,
        params: str = TUNED,
        heuristic: Heuristic | None = None,
    ) -> None:
        bounds = (("lookahead", lookahead, 8), ("samples", samples, 1000), ("max_nodes", max_nodes, 10**6))
        for what, number, high in bounds:
            if not 1 <= number <= high:
                raise ValueError(f"{what} must be from 1 to {high}, not {number}")
        self.name = "greedy"
        self.rng = random.Random(seed)
        self.lookahead = lookahead
        self.samples = samples
        self.relative = relative
        self.max_nodes = max_nodes
        self.chooser = ParamChooser(params, heuristic)
        self.plays = ""  # which set the last decision was played with, for people to read
        self._heuristic: Heuristic | None = None  # the one of the game being decided
        self._nodes = 0

    def choose(self, view: View[S, A]) -> A:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        game, seat = view.game, view.seat
        draws = self.samples if hides_future(game) else 1
        states = [view.sample(seed_of(self.rng)) for _ in range(draws)]
        chosen, self._heuristic = self.chooser.choose(view, states[0])
        self.plays = f"greedy on {self.chooser.says(chosen)}"
        self._nodes = 0
        values = [
            sum(self._value(game, game.apply(s, action), seat, self.lookahead - 1) for s in states)
            for action in legal
        ]
        best = max(values)
        return self.rng.choice([a for a, v in zip(legal, values, strict=True) if v == best])

    def value(self, game: Game[S, A], state: S, seat: int, heuristic: Heuristic) -> float:
        """What this bot thinks of ``state`` reached by one of ``seat``'s moves, by
        ``heuristic`` (searches use it to rank their root moves as this bot would)."""
        self._heuristic = heuristic
        return self._value(game, state, seat, self.lookahead - 1)

    def _value(self, game: Game[S, A], state: S, seat: int, depth: int) -> float:
        self._nodes += 1
        if depth > 0 and state.current_player == seat and self._nodes < self.max_nodes:
            return max(
                self._value(game, game.apply(state, a), seat, depth - 1) for a in game.legal_actions(state)
            )
        return evaluate(game, state, seat, relative=self.relative, heuristic=self._heuristic)


def greedy_step(game: Game[S, A], state: S, rng: random.Random, epsilon: float, heuristic: Heuristic) -> A:
    """One rollout move: usually the heuristic's favourite action for the mover, else random.

    Only the mover's own heuristic is computed (not the opponents'), since rollouts run
    thousands of these per decision.
    """
    mover = state.current_player
    if mover is None:
        raise ValueError("greedy_step: the game is over, no one is to move")
    legal = game.legal_actions(state)
    if len(legal) == 1 or (epsilon > 0.0 and rng.random() < epsilon):
        return legal[rng.randrange(len(legal))]
    values = [evaluate(game, game.apply(state, a), mover, relative=False, heuristic=heuristic) for a in legal]
    best = max(values)
    choices = [a for a, v in zip(legal, values, strict=True) if v == best]
    return choices[rng.randrange(len(choices))]
