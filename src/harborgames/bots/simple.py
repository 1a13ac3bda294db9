"""The two bots without search: ``random`` (the floor) and ``greedy`` (the game's heuristic)."""

from __future__ import annotations

import random

from ..core.protocol import GameModule
from .base import outcome_rewards, seed_of
from .learned import ModelSource
from .model import ValueModel
from .view import A, S, View, hides_future

__all__ = ["GreedyBot", "RandomBot", "evaluate"]

# A won or lost finish outweighs any heuristic difference; the heuristic still breaks ties.
_FINISH_WEIGHT = 1e9


class RandomBot:
    """Uniformly random legal actions: the baseline every other bot must beat."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, view: View[S, A]) -> A:
        return view.legal_actions[self.rng.randrange(len(view.legal_actions))]


def evaluate(game: GameModule[S, A], state: S, seat: int, *, relative: bool = True) -> float:
    """The heuristic value of ``state`` for ``seat``; finished games by their outcome.

    ``relative`` subtracts the best opponent's heuristic, so that hurting the leader counts
    and a heuristic that only measures one's own wealth still sees the race.
    """
    value = game.heuristic(state, seat)
    if relative and state.num_players > 1:
        value -= max(game.heuristic(state, p) for p in range(state.num_players) if p != seat)
    if state.current_player is None:
        value += _FINISH_WEIGHT * (outcome_rewards(game, state)[seat] - 0.5)
    return value


class GreedyBot:
    """The action whose result the game's heuristic likes best.

    A turn may be several decisions; looking ``lookahead`` decisions ahead while the same seat
    is still to move lets the bot see what a first choice (say, which building) leads to.
    ``max_nodes`` caps the positions evaluated per decision so a wide turn stays cheap; past it,
    positions are valued as they stand. Hidden information and future dice are averaged over
    ``samples`` draws from the view. Ties are broken by the bot's own seeded generator.

    ``value="model"`` values the positions by a learned model (``model``: a path, or
    ``"shipped"``/none for the package's model of the game's configuration; ``learned``)
    instead of the heuristic: the logit of the seat's expected rank reward read from its own
    observation tensor (and, a residual model, its relative heuristic: a model that is the
    heuristic alone chooses as the heuristic does), a won or lost finish above or below every
    open position. ``relative`` does not apply (the model's value is already the seat's
    standing against the others).
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        lookahead: int = 2,
        samples: int = 1,
        relative: bool = True,
        max_nodes: int = 400,
        value: str = "heuristic",
        model: str | None = None,
    ) -> None:
        if lookahead < 1 or samples < 1 or max_nodes < 1:
            raise ValueError("lookahead, samples and max_nodes must be at least 1")
        if value not in ("heuristic", "model"):
            raise ValueError(f"value must be one of heuristic, model, not {value!r}")
        if model is not None and value != "model":
            raise ValueError("a model is used by value=model only")
        self.name = "greedy"
        self.rng = random.Random(seed)
        self.lookahead = lookahead
        self.samples = samples
        self.relative = relative
        self.max_nodes = max_nodes
        self.models = ModelSource(model) if value == "model" else None  # a file is read now
        self._model: ValueModel | None = None  # the model of the game being decided
        self._nodes = 0

    def choose(self, view: View[S, A]) -> A:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        game, seat = view.game, view.seat
        draws = self.samples if hides_future(game) else 1
        states = [view.sample(seed_of(self.rng)) for _ in range(draws)]
        self._model = None if self.models is None else self.models.for_view(view)
        self._nodes = 0
        values = [
            sum(self._value(game, game.apply(s, action), seat, self.lookahead - 1) for s in states)
            for action in legal
        ]
        best = max(values)
        return self.rng.choice([a for a, v in zip(legal, values, strict=True) if v == best])

    def value(self, game: GameModule[S, A], state: S, seat: int) -> float:
        """What this bot thinks of ``state`` reached by one of ``seat``'s moves (searches use
        it to rank their root moves as this bot would)."""
        return self._value(game, state, seat, self.lookahead - 1)

    def _value(self, game: GameModule[S, A], state: S, seat: int, depth: int) -> float:
        self._nodes += 1
        if depth > 0 and state.current_player == seat and self._nodes < self.max_nodes:
            return max(
                self._value(game, game.apply(state, a), seat, depth - 1)
                for a in game.legal_actions(state)
            )
        if self._model is not None:  # the logit; a finished game by its outcome first
            return self._model.ranking(game, [state], seat)[0]
        return evaluate(game, state, seat, relative=self.relative)


def greedy_step(game: GameModule[S, A], state: S, rng: random.Random, epsilon: float) -> A:
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
    values = [evaluate(game, game.apply(state, a), mover, relative=False) for a in legal]
    best = max(values)
    choices = [a for a, v in zip(legal, values, strict=True) if v == best]
    return choices[rng.randrange(len(choices))]
