"""The three opponents people choose from: ``easy``, ``medium`` and ``hard``.

A preset is a bot spec like any other (``bots.make("hard")``, ``--bots hard``), built from the
bots of ``simple`` and ``search`` at its first decision, when the game and its configuration are
known: the search that fits the game's information (``ismcts`` for hidden cards, ``mcts``
otherwise), its budget, and for ``hard`` the learned model shipped for the configuration.

* ``easy`` plays badly on purpose by one rule (``EASY_BLUNDER``): at each decision with a
  choice it takes a uniformly random legal move with probability ``blunder`` (0.3), else
  ``greedy`` looking one decision ahead (``lookahead=1``: it does not see how a first choice
  is paid for). A new player can beat it.
* ``medium`` is today's search at half its tuned budget (``search.budget_for``), stopped at
  ``time_limit`` seconds.
* ``hard`` is the strongest combination measured within 400 ms of CPU a decision
  (docs/bots.md, "Presets"): today's search at its tuned budget, stopped at ``time_limit``
  seconds, valuing its cut-off positions by the shipped model blended with the heuristic
  (``HARD_GUIDED``) in the configurations where that measured stronger (``HARD``); elsewhere,
  or where the shipped model does not fit, by the heuristic alone, and ``plays`` says so.

``time_limit`` (seconds of wall time, default 0.4, the web server's) keeps a decision within the
issue's 400 ms on a slow or loaded machine; ``time_limit=none`` makes a preset reproducible from
its seed alone, at the tuned budget that fits 400 ms of CPU (the strength runs use it: on a
machine shared at a load of 8 a 0.4 s wall-clock stop leaves a search an eighth of its budget).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Mapping
from typing import Any

from .base import Bot, derive_seed
from .learned import ModelSource, configuration
from .model import ModelError, load
from .search import ISMCTSBot, MCTSBot, budget_for
from .simple import GreedyBot
from .view import A, S, View

__all__ = ["EASY_BLUNDER", "HARD", "HARD_GUIDED", "PRESETS", "EasyBot", "HardBot", "MediumBot", "describe"]

EASY_BLUNDER = 0.3
"""``easy``'s chance of a uniformly random legal move at a decision with a choice."""

PRESETS: Mapping[str, str] = {
    "easy": "for a first game: one-step greedy that plays a random legal move 30% of the time",
    "medium": "a fair opponent: today's tree search at half its tuned budget",
    "hard": "the strongest: tree search at its full budget, guided by the learned evaluation "
    "where that measured stronger, 0.4 s a decision",
}
"""Each preset's one line, as the lobby and ``harborgames play`` show it."""

HARD_GUIDED: Mapping[str, Any] = {"leaf": "blend"}
"""``hard``'s search parameters when it plays with a model, beside the search's defaults: the
cut-off positions valued by the mean of the model's and the heuristic margin's rewards.
``leaf="model"`` alone lost every game of its probe (Port Gdańsk 4p, 0 of 6 against three
``greedy``, mean 34.8 points, a first-round model learned from the tensor alone), the blend won
7 of 12 (docs/bots.md, "Strength of the presets"). The residual models of the second round
(the heuristic as an input, trained from it by TD(λ)) were probed with this blend too."""

HARD: Mapping[tuple[str, int, str], Mapping[str, Any]] = {}
"""The configurations (game, players, variant) where ``hard`` plays with the shipped model, and
its parameters there (over ``HARD_GUIDED``): only where the guided search measured stronger
than the heuristic search it replaces (head to head, at least 24 games, the Wilson interval of
its wins above an even share). None has yet (docs/bots.md, "Strength of the presets"): the first models'
guided search won no more than the heuristic's; of the residual models, the Inland Port's
guided search won 26 of 48 games against the heuristic search (54%, 40-67%), Port Gdańsk 4p's
7 of 24 against three heuristic searches (29%, 15-49%; even is 25%), Le Havre full 2p's 11 of 24
(46%, 28-65%). So ``hard`` is the
heuristic search everywhere until a model earns its row. ``hard:model=shipped`` (or
``model=PATH``) plays with a model anyway."""


def describe(name: str) -> str:
    """The one line that says what preset ``name`` is; a ``ValueError`` if it is none."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a preset; presets: {', '.join(PRESETS)}") from None


def _search(view: View[S, A]) -> type[MCTSBot] | type[ISMCTSBot]:
    """The search that fits the game: ``ismcts`` with hidden information, else ``mcts``."""
    return ISMCTSBot if view.info.information == "imperfect" else MCTSBot


class _Preset(abc.ABC):
    """A search made at the first decision of each configuration it meets (kept for the next):
    ``medium`` and ``hard``, whose search and budget depend on the game."""

    name = "preset"

    def __init__(self, seed: int, time_limit: float | None) -> None:
        self.seed = seed
        self.time_limit = time_limit
        self.plays = ""  # what the preset played as in its last decision, for people to read
        self._bots: dict[tuple[str, int, str], Bot] = {}

    def choose(self, view: View[S, A]) -> A:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        players, variant = configuration(view)
        key = (view.info.name, players, variant)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = self._make(view, *key)
        return bot.choose(view)

    @abc.abstractmethod
    def _make(self, view: View[S, A], game: str, players: int, variant: str) -> Bot:
        """The bot for this configuration; sets ``plays``."""


class EasyBot:
    """``greedy`` with ``lookahead=1`` that blunders: a random legal move with probability
    ``blunder`` (``EASY_BLUNDER``)."""

    name = "easy"

    def __init__(self, seed: int = 0, *, blunder: float = EASY_BLUNDER) -> None:
        if not 0.0 <= blunder <= 1.0:
            raise ValueError(f"blunder must be a probability from 0 to 1, not {blunder}")
        self.seed = seed
        self.blunder = blunder
        self.rng = random.Random(derive_seed("easy", seed))
        self.greedy = GreedyBot(derive_seed("easy greedy", seed), lookahead=1)
        self.plays = f"greedy:lookahead=1, a random move {blunder:.0%} of the time"

    def choose(self, view: View[S, A]) -> A:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < self.blunder:
            return legal[self.rng.randrange(len(legal))]
        return self.greedy.choose(view)


class MediumBot(_Preset):
    """Today's search (``ismcts`` or ``mcts``) at half the tuned budget."""

    name = "medium"

    def __init__(self, seed: int = 0, *, time_limit: float | None = 0.4) -> None:
        super().__init__(seed, time_limit)

    def _make(self, view: View[S, A], game: str, players: int, variant: str) -> Bot:
        search = _search(view)
        iterations = max(1, budget_for(game, players, variant) // 2)
        self.plays = f"{search.name}:iterations={iterations}"
        return search(derive_seed("medium", self.seed), iterations=iterations, time_limit=self.time_limit)


class HardBot(_Preset):
    """The search guided by the shipped model where that measured stronger (``HARD``), else the
    heuristic search; both at the tuned budget. ``model`` (a path, or ``shipped``) plays with
    that model in any configuration (``HARD_GUIDED``)."""

    name = "hard"

    def __init__(
        self, seed: int = 0, *, time_limit: float | None = 0.4, model: str | None = None
    ) -> None:
        super().__init__(seed, time_limit)
        self.model = model
        if model is not None and model != "shipped":
            load(model)  # a missing or broken file fails now, not at the first decision

    def _make(self, view: View[S, A], game: str, players: int, variant: str) -> Bot:
        search = _search(view)
        seed = derive_seed("hard", self.seed)
        measured = HARD.get((game, players, variant))
        if self.model is None and measured is None:
            self.plays = (
                f"{search.name} on the heuristic (no learned model has measured stronger for "
                f"{game} with {players} players, {variant})"
            )
            return search(seed, time_limit=self.time_limit)
        try:
            ModelSource(self.model).for_view(view)
        except ModelError as error:
            if self.model not in (None, "shipped"):
                raise  # the model asked for does not fit this game: say so
            self.plays = f"{search.name} on the heuristic ({str(error).split(';')[0]})"
            return search(seed, time_limit=self.time_limit)
        params = {**HARD_GUIDED, **(measured or {})}
        self.plays = f"{search.name} with the learned evaluation" + "".join(
            f":{key}={value}" for key, value in params.items()
        )
        return search(seed, time_limit=self.time_limit, model=self.model, **params)
