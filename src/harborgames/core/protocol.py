"""What every game module provides, and the metadata it declares once (OpenSpiel-style)."""

from __future__ import annotations

import enum
import inspect
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar, cast, runtime_checkable

import attrs
import numpy as np
import numpy.typing as npt

from .decisions import Forced
from .encoding import TensorLayout
from .params import Weights
from .views import Card

__all__ = [
    "Action",
    "Chance",
    "Encodable",
    "Game",
    "GameInfo",
    "GameModule",
    "GameRecord",
    "HiddenInformationGame",
    "Information",
    "LoadedGame",
    "Presentable",
    "State",
    "checked",
    "missing",
    "require",
]


@runtime_checkable
class State(Protocol):
    """The fields every game's frozen state has beside its own."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def num_players(self) -> int: ...

    @property
    def forced(self) -> tuple[Forced, ...]:
        """The steps the engine took without a choice since a seat last decided (``()`` in a
        game that has none): shown, never part of the position."""

    @property
    def variant(self) -> str:
        """The variant the game is played in (one of ``GameInfo.variants``)."""


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
S_contra = TypeVar("S_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)
O_contra = TypeVar("O_contra", contravariant=True)


class Game(Protocol[S, A]):
    """The rules surface of ``harborgames.<game>`` (docs/protocol.md), for states ``S`` and
    actions ``A``: what the bots, the conformance kit and ``core.play`` need. Every game has
    ``resample``: a perfect-information game returns the state itself, so bot code has no
    special cases."""

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

    # A guess of ``player``'s final score, by the weights ``params`` (one of this game's own
    # ``HeuristicParams``, a class each game declares: the protocol cannot name it; left out,
    # the hand-written ones). Bots maximise it; it is not a rule.
    def heuristic(self, state: S, player: int, params: Any = ...) -> float: ...


class Presentable(Protocol[S_contra, A_contra, O_contra]):
    """What a user interface draws, for states ``S``, actions ``A`` and observations ``O``
    (``core.views``): the text pictures, and the view functions that read one seat's
    observation alone, so a UI cannot show what that seat may not know."""

    def render(self, state: S_contra, player: int | None = ...) -> str: ...

    # What a terminal of 24 lines shows above ``player``'s decision (``render`` is the whole table).
    def render_seat(self, state: S_contra, player: int) -> str: ...

    def table(self, observation: O_contra) -> dict[str, object]: ...

    def cards(self) -> tuple[Card, ...]: ...

    def action_label(self, action: A_contra, observation: O_contra) -> str: ...

    def narrate(self, before: O_contra, after: O_contra) -> tuple[str, ...]: ...

    # ``action`` as the other seats are told it (a secret part withheld); most games keep
    # nothing secret, and return ``str(action)``.
    def public_notation(self, state: S_contra, action: A_contra) -> str: ...


class Encodable(Protocol[S_contra, A]):
    """The integer-action and tensor surface RL tools need (``core.encoding``, docs/rl.md);
    ``variant=None`` means the game's default variant."""

    def num_distinct_actions(self, num_players: int, variant: str | None = ...) -> int: ...

    def encode(self, state: S_contra, action: A) -> int: ...

    def decode(self, state: S_contra, index: int) -> A: ...

    def legal_action_mask(self, state: S_contra) -> npt.NDArray[np.int8]: ...

    def observation_layout(self, num_players: int, variant: str | None = ...) -> TensorLayout: ...

    def observation_tensor(self, state: S_contra, player: int) -> npt.NDArray[np.float32]: ...

    def observation_tensors(
        self, states: Sequence[S_contra], seats: Sequence[int], out: npt.NDArray[np.float32] | None = ...
    ) -> npt.NDArray[np.float32]: ...

    def legal_action_masks(
        self, states: Sequence[S_contra], out: npt.NDArray[np.int8] | None = ...
    ) -> npt.NDArray[np.int8]: ...

    def observation_string(self, state: S_contra, player: int) -> str: ...


class GameModule(Game[S, A], Presentable[S, A, Any], Encodable[S, A], Protocol[S, A]):
    """Every surface at once: what ``harborgames.load`` returns, checked. The observation type
    is each game's own, named by none of the layers that pass one from ``observe`` to the view
    functions, so it is left open here."""


class HiddenInformationGame(GameModule[S, A], Protocol[S, A, O_co]):
    """A game whose seats see different things: ``observe`` cuts what one seat may know, and
    ``resample`` deals a state that seat cannot tell from the true one."""

    def observe(self, state: S, player: int) -> O_co: ...


LoadedGame: TypeAlias = GameModule[Any, Any]
"""A game module chosen at run time (by name, from a record, or handed in by a program): its
state and action types are not known until then. Only the places that load a game use this;
what they pass it to is generic over ``GameModule[S, A]`` (or the one surface it needs)."""


_SURFACES: tuple[tuple[type, str], ...] = (
    (Game, "rules surface"),
    (Presentable, "view surface"),
    (Encodable, "integer-action surface"),
)


def _members(protocol: type) -> list[str]:
    """The names a module must offer to satisfy ``protocol``: its functions and attributes."""
    names = dict.fromkeys(inspect.get_annotations(protocol))
    names.update(
        (name, None)
        for name, value in protocol.__dict__.items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    )
    return list(names)


def missing(module: object, protocol: type) -> list[str]:
    """The members of ``protocol`` (``Game``, ``Presentable`` or ``Encodable``) that
    ``module`` lacks, in the protocol's order."""
    return [name for name in _members(protocol) if not hasattr(module, name)]


def require(module: object, *protocols: type) -> None:
    """Refuse, naming what is missing, a game module without every member of ``protocols``:
    checked once where a game enters (``harborgames.load``, a module a program hands in), so
    that the layers above call its functions directly rather than finding a gap mid-game."""
    gaps = [
        f"{surface} (missing {', '.join(lacking)})"
        for protocol, surface in _SURFACES
        if protocol in protocols and (lacking := missing(module, protocol))
    ]
    if gaps:
        info = getattr(module, "INFO", None)
        name = info.name if isinstance(info, GameInfo) else repr(module)
        raise ValueError(f"{name} has no {' and no '.join(gaps)}; see docs/protocol.md")


def checked(module: object) -> LoadedGame:
    """``module`` as a game of every surface, once ``require`` has found nothing missing."""
    require(module, Game, Presentable, Encodable)
    return cast(LoadedGame, module)
