"""The three opponents people choose from: ``easy``, ``medium`` and ``hard``.

A preset is a bot spec like any other (``bots.make("hard")``, ``--bots hard``), built from the
bots of ``simple`` and ``search`` at its first decision, when the game and its configuration are
known: the search that fits the game's information (``ismcts`` for hidden cards, ``mcts``
otherwise), its budget, and the configuration's parameter set (``params``, ``bots.tuned``: the
shipped tuned set by default, ``hand`` for the hand-written one, or a file).

* ``easy`` plays badly on purpose by one rule (``EASY_BLUNDER``): at each decision with a
  choice it takes a uniformly random legal move with probability ``blunder`` (0.3), else
  ``greedy`` looking one decision ahead (``lookahead=1``: it does not see how a first choice
  is paid for). A new player can beat it.
* ``medium`` is ``hard``'s search at half its budget.
* ``hard`` is the search at its tuned budget (``search.budget_for``), with the set's heuristic
  weights and the search settings the set carries, stopped at ``time_limit`` seconds.

``time_limit`` (seconds of wall time, default 0.4, the web server's) keeps a decision within
400 ms on a slow or loaded machine; ``time_limit=none`` makes a preset reproducible from its
seed alone, at the budget that fits 400 ms of CPU (the strength runs use it: on a machine
shared at a load of 8 a 0.4 s wall-clock stop leaves a search an eighth of its budget).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import attrs

from .base import Bot, derive_seed
from .config import SearchConfig, config_from_mapping
from .search import budget_for, search_for
from .simple import GreedyBot
from .tuned import TUNED, ParamsError, check_params, configuration, param_set
from .view import A, S, View

__all__ = ["EASY_BLUNDER", "PRESETS", "EasyBot", "HardBot", "MediumBot", "describe"]

EASY_BLUNDER = 0.3
"""``easy``'s chance of a uniformly random legal move at a decision with a choice."""

PRESETS: Mapping[str, str] = {
    "easy": "for a first game: one-step greedy that plays a random legal move 30% of the time",
    "medium": "a fair opponent: the tree search at half its budget",
    "hard": "the strongest: the tree search at its full budget on the tuned parameters, 0.4 s a decision",
}
"""Each preset's one line, as the lobby and ``harborgames play`` show it."""


def describe(name: str) -> str:
    """The one line that says what preset ``name`` is; a ``ValueError`` if it is none."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a preset; presets: {', '.join(PRESETS)}") from None


class _Preset:
    """A search made at the first decision of each configuration it meets (kept for the next):
    ``medium`` and ``hard``, whose search, budget and parameter set depend on the game."""

    name = "preset"
    share = 1.0  # of the budget

    def __init__(self, seed: int, time_limit: float | None, params: str) -> None:
        check_params(params)  # a missing or broken file fails now, not at the first decision
        self.seed = seed
        self.time_limit = time_limit
        self.params = params
        self.plays = ""  # what the preset played as in its last decision, for people to read
        self._bots: dict[tuple[str, int, str], tuple[Bot, str]] = {}

    def choose(self, view: View[S, A]) -> A:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        players, variant = configuration(view)
        key = (view.info.name, players, variant)
        made = self._bots.get(key)
        if made is None:
            made = self._bots[key] = self._make(view, *key)
        bot, self.plays = made
        return bot.choose(view)

    def _make(self, view: View[S, A], game: str, players: int, variant: str) -> tuple[Bot, str]:
        """The search for this configuration, and what it plays as."""
        search = search_for(view.info.information)
        chosen = param_set(self.params, view.game, players, variant)
        try:
            config = config_from_mapping(search.CONFIG, chosen.search, chosen.name)
        except ValueError as error:
            raise ParamsError(str(error)) from None
        iterations = config.iterations or budget_for(game, players, variant)
        config = attrs.evolve(
            config, iterations=max(1, round(iterations * self.share)), time_limit=self.time_limit
        )
        bot = search(derive_seed(self.name, self.seed), config=config, params=self.params)
        return bot, f"{search.name}:iterations={config.iterations} on the {chosen.name} parameter set"


class EasyBot:
    """``greedy`` with ``lookahead=1`` that blunders: a random legal move with probability
    ``blunder`` (``EASY_BLUNDER``)."""

    name = "easy"

    def __init__(self, seed: int = 0, *, blunder: float = EASY_BLUNDER, params: str = TUNED) -> None:
        if not 0.0 <= blunder <= 1.0:
            raise ValueError(f"blunder must be a probability from 0 to 1, not {blunder}")
        self.seed = seed
        self.blunder = blunder
        self.rng = random.Random(derive_seed("easy", seed))
        self.greedy = GreedyBot(derive_seed("easy greedy", seed), lookahead=1, params=params)
        self.plays = f"greedy:lookahead=1, a random move {blunder:.0%} of the time"

    def choose(self, view: View[S, A]) -> A:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < self.blunder:
            return legal[self.rng.randrange(len(legal))]
        action = self.greedy.choose(view)
        self.plays = f"{self.greedy.plays} (lookahead 1), a random move {self.blunder:.0%} of the time"
        return action


class MediumBot(_Preset):
    """``hard``'s search at half its budget."""

    name = "medium"
    share = 0.5

    def __init__(self, seed: int = 0, *, time_limit: float | None = 0.4, params: str = TUNED) -> None:
        super().__init__(seed, _time_limit(time_limit), params)


class HardBot(_Preset):
    """The search at its tuned budget, with the parameter set's heuristic weights and search
    settings (``params``: ``tuned``, ``hand`` or a file)."""

    name = "hard"

    def __init__(self, seed: int = 0, *, time_limit: float | None = 0.4, params: str = TUNED) -> None:
        super().__init__(seed, _time_limit(time_limit), params)


def _time_limit(seconds: float | None) -> float | None:
    """``seconds`` if a search may use it (``config.LIMITS``)."""
    if seconds is not None:
        SearchConfig(time_limit=seconds)  # the bounds' ValueError names them
    return seconds
