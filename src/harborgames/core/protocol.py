"""What every game module provides, and the metadata it declares once (OpenSpiel-style)."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Protocol, TypeAlias, TypeVar, runtime_checkable

import attrs

from .params import Weights
from .views import Card

__all__ = [
    "Action",
    "Chance",
    "GameInfo",
    "GameModule",
    "GameRecord",
    "HiddenInformationGame",
    "Information",
    "LoadedGame",
    "State",
]


@runtime_checkable
class State(Protocol):
    """The fields every game's frozen state has beside its own."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def num_players(self) -> int: ...


Action = object
"""Each game has its own frozen action classes (a union per game); ``str(action)`` is the notation."""


class Chance(enum.StrEnum):
    """Where a game's randomness is (OpenSpiel's chance mode): as text it is its value."""

    DETERMINISTIC = "deterministic"  # nothing is random
    SEEDED_SETUP = "seeded_setup"  # only the deal: the seed decides everything random at setup
    STOCHASTIC = "stochastic"  # chance during play too (dice, draws)


class Information(enum.StrEnum):
    """Whether every seat sees the whole state."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"  # some seat cannot see something (cards, tiles, future draws)


@attrs.frozen
class GameInfo:
    """A game's metadata, declared once in its module as ``INFO``."""

    name: str  # registry name, e.g. "inland_port"
    title: str  # the box title
    min_players: int
    max_players: int
    variants: tuple[str, ...]  # the first is the default
    chance: Chance = attrs.field(converter=Chance)  # a name of one (its text) is taken too
    information: Information = attrs.field(converter=Information)
    min_score: int  # bounds on any player's final score
    max_score: int
    max_decisions: int  # no game lasts more decisions than this, at any player count
    version: int  # changes whenever behaviour (legal actions, outcomes, notation) changes
    options: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)  # rule flags; default first

    @property
    def default_variant(self) -> str:
        return self.variants[0]

    def default_options(self) -> dict[str, str]:
        return {name: values[0] for name, values in self.options.items()}

    def check_configuration(self, num_players: int, variant: str | None) -> str:
        """The variant meant (``None``: the default), after refusing a seat count or variant the
        game lacks as ``new_game`` does: for what takes a configuration without a game
        (``num_distinct_actions``, ``observation_layout``)."""
        chosen = self.default_variant if variant is None else variant
        self.check_new_game(num_players, chosen, None)
        return chosen

    def check_new_game(
        self, num_players: int, variant: str, options: Mapping[str, str] | None
    ) -> dict[str, str]:
        """The chosen rule options, after refusing a seat count, variant or option the game lacks.

        Raises ``ValueError`` naming what is allowed, so every game answers bad setup alike.
        """
        if type(num_players) is not int or not self.min_players <= num_players <= self.max_players:
            seats = (
                f"exactly {self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise ValueError(f"{self.title} is for {seats} players, not {num_players!r}")
        if variant not in self.variants:
            known = ", ".join(self.variants)
            has = f"the variants {known}" if len(self.variants) > 1 else known
            raise ValueError(f"unknown variant {variant!r}; {self.title} has {has}")
        if options is not None and not isinstance(options, Mapping):
            raise ValueError(
                f"options must be a mapping of rule option names to values "
                f"(such as {{'name': 'value'}}) or None, not {options!r:.60}"
            )
        chosen = dict(options or {})
        for name, value in chosen.items():
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise ValueError(f"unknown rule option {name!r}; known options: {known}")
            if value not in self.options[name]:
                raise ValueError(
                    f"rule option {name} must be one of {', '.join(self.options[name])}, not {value!r}"
                )
        return chosen


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game: the ``new_game`` arguments and the moves in notation;
    and, if whoever wrote it knew, who sat at each seat (so that ``play --load`` resumes it with
    the same people and bots)."""

    game: str
    variant: str
    num_players: int
    seed: int
    actions: tuple[str, ...]
    version: int
    options: Mapping[str, str] = attrs.field(factory=dict, hash=False)
    # Each seat's player in seat order: "human" for a person, else a bot spec ("greedy",
    # "mcts:iterations=200"); empty when the record does not say (then JSON leaves it out).
    seats: tuple[str, ...] = ()


S = TypeVar("S")
A = TypeVar("A")
O_co = TypeVar("O_co", covariant=True)


class GameModule(Protocol[S, A]):
    """The public surface of ``harborgames.<game>`` (docs/protocol.md), for states ``S`` and
    actions ``A``. Every game has ``resample``: a perfect-information game returns the state
    itself, so bot code has no special cases."""

    INFO: GameInfo
    @property
    def HeuristicParams(self) -> type[Weights]:
        """The heuristic's weights (``core.params``): ``HeuristicParams()`` is the hand-written
        set."""

    def new_game(
        self,
        num_players: int = ...,
        *,
        seed: int = ...,
        variant: str = ...,
        options: Mapping[str, str] | None = ...,
    ) -> S: ...

    def legal_actions(self, state: S) -> list[A]: ...

    def apply(self, state: S, action: A) -> S: ...

    def is_terminal(self, state: S) -> bool: ...

    def scores(self, state: S) -> tuple[int, ...]: ...

    def winners(self, state: S) -> tuple[int, ...]: ...

    def observe(self, state: S, player: int) -> object: ...

    def resample(self, state: S, player: int, seed: int) -> S: ...

    def dumps(self, obj: object) -> str: ...

    def loads(self, text: str | bytes) -> object: ...

    def parse_action(self, state: S, text: str) -> A: ...

    def render(self, state: S, player: int | None = ...) -> str: ...

    # A guess of ``player``'s final score, by the weights ``params`` (one of this game's
    # ``HeuristicParams``; left out, the hand-written ones). Bots maximise it; it is not a rule.
    def heuristic(self, state: S, player: int, params: Any = ...) -> float: ...

    # The view functions (``core.views``): what a UI draws, from an observation alone. The
    # observation is what this game's ``observe`` returns, a type the protocol does not name
    # (``observe`` returns ``object`` here), so these take it as ``Any``.
    def table(self, observation: Any) -> dict[str, object]: ...

    def cards(self) -> tuple[Card, ...]: ...

    def action_label(self, action: A, observation: Any) -> str: ...

    def narrate(self, before: Any, after: Any) -> tuple[str, ...]: ...


class HiddenInformationGame(GameModule[S, A], Protocol[S, A, O_co]):
    """A game whose seats see different things: ``observe`` cuts what one seat may know, and
    ``resample`` deals a state that seat cannot tell from the true one."""

    def observe(self, state: S, player: int) -> O_co: ...


LoadedGame: TypeAlias = GameModule[Any, Any]
"""A game module chosen at run time (by name, from a record, or handed in by a program): its
state and action types are not known until then. Only the places that load a game use this;
what they pass it to is generic over ``GameModule[S, A]``."""

