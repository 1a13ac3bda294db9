"""A tiny correct game (race to 10: add 1 or 2, reaching or passing ten ends it) and broken
copies, to show the kit catches faults."""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

import attrs

from harborgames.core import Codec, GameInfo, IllegalActionError
from harborgames.core.params import Weights

INFO = GameInfo(
    name="toy_race",
    title="Race to ten",
    min_players=2,
    max_players=3,
    variants=("standard",),
    chance="deterministic",
    information="perfect",
    min_score=0,
    max_score=1,
    max_decisions=10,
    version=1,
)


@attrs.frozen
class State:
    num_players: int
    current_player: int | None
    total: int
    trail: list[int] = attrs.field(factory=list, eq=False, hash=False)  # used only by the broken copy


@attrs.frozen
class Add:
    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}"


@attrs.frozen
class Observation:
    player: int
    total: int


CODEC = Codec("toy_race", state_type=State, observation_type=Observation, action_types=[Add])


def new_game(
    num_players: int = 2,
    *,
    seed: int = 0,
    variant: str = "standard",
    options: Mapping[str, str] | None = None,
) -> State:
    return State(num_players, 0, 0)


def legal_actions(state: State) -> list[Add]:
    if state.current_player is None:
        return []
    # A first move of 3 exists only at the start: later it is illegal, for the kit to try.
    return [Add(1), Add(2), Add(3)] if state.total == 0 else [Add(1), Add(2)]


def apply(state: State, action: Any) -> State:
    if action not in legal_actions(state):
        raise IllegalActionError(f"{action!r} is not legal at total {state.total}")
    return _advance(state, action)


def _advance(state: State, action: Add) -> State:
    total = state.total + action.amount
    assert state.current_player is not None
    player = None if total >= 10 else (state.current_player + 1) % state.num_players
    return State(state.num_players, player, total)


def is_terminal(state: State) -> bool:
    return state.current_player is None


def scores(state: State) -> tuple[int, ...]:
    # The player who reached ten wins: the one before the (would-be) next player.
    if state.current_player is not None:
        return (0,) * state.num_players
    last = (state.total and _last_mover(state)) or 0
    return tuple(int(p == last) for p in range(state.num_players))


def _last_mover(state: State) -> int:
    return 0  # not tracked; good enough for a toy: seat 0 is credited


def winners(state: State) -> tuple[int, ...]:
    s = scores(state)
    return tuple(p for p, v in enumerate(s) if v == max(s))


def observe(state: State, player: int) -> Observation:
    return Observation(player, state.total)


def resample(state: State, player: int, seed: int) -> State:
    return state


def dumps(obj: Any) -> str:
    return CODEC.dumps(obj)


def loads(text: str) -> Any:
    return CODEC.loads(text)


def parse_action(state: State, text: str) -> Add:
    words = text.split()
    if len(words) != 2 or words[0] != "add" or not words[1].isdigit():
        raise IllegalActionError(f"cannot read {text!r}")
    return Add(int(words[1]))


def render(state: State) -> str:
    return f"total {state.total}"


@attrs.frozen
class HeuristicParams(Weights):
    """No weights: the heuristic is fixed."""


def heuristic(state: State, player: int, params: HeuristicParams | None = None) -> float:
    return 0.0


def correct() -> types.SimpleNamespace:
    """The toy game as a module-like object."""
    return types.SimpleNamespace(
        __name__="toy_race",
        **{
            name: globals()[name]
            for name in [
                "INFO",
                "new_game",
                "legal_actions",
                "apply",
                "is_terminal",
                "scores",
                "winners",
                "observe",
                "resample",
                "dumps",
                "loads",
                "parse_action",
                "render",
                "HeuristicParams",
                "heuristic",
            ]
        },
    )


def mutating() -> types.SimpleNamespace:
    """apply changes its input (it records the move in the old state's trail)."""
    game = correct()

    def apply_mutating(state: State, action: Any) -> State:
        after = apply(state, action)
        state.trail.append(action.amount)
        return after

    game.apply = apply_mutating
    game.dumps = lambda obj: CODEC.dumps(obj) + ("#" * len(obj.trail) if isinstance(obj, State) else "")
    return game


def lossy_json() -> types.SimpleNamespace:
    """loads forgets whose turn it is."""
    game = correct()

    def loads_lossy(text: str) -> Any:
        obj = CODEC.loads(text)
        if isinstance(obj, State) and obj.current_player is not None:
            return State(obj.num_players, 0, obj.total)
        return obj

    game.loads = loads_lossy
    return game


def accepts_illegal() -> types.SimpleNamespace:
    """apply carries out any Add, legal or not."""
    game = correct()

    def apply_lax(state: State, action: Any) -> State:
        if isinstance(action, Add) and state.current_player is not None:
            return _advance(state, action)
        return apply(state, action)

    game.apply = apply_lax
    return game


def offers_lone_option() -> types.SimpleNamespace:
    """At nine, offers only ``add 1`` instead of taking it (breaks the forced-choice policy)."""
    game = correct()

    def legal_lone(state: State) -> list[Add]:
        if state.current_player is None:
            return []
        return [Add(1)] if state.total == 9 else [Add(1), Add(2)]

    def apply_lone(state: State, action: Any) -> State:
        if action not in legal_lone(state):
            raise IllegalActionError(f"{action!r} is not legal at total {state.total}")
        return _advance(state, action)

    game.legal_actions = legal_lone
    game.apply = apply_lone
    return game


def observation_omits_its_decision() -> types.SimpleNamespace:
    """A player who has just added 2 gives the next player a third option, ``add 4``, but the
    observation shows only the total: what is being decided is not in it."""
    game = correct()

    def follows_a_two(state: State) -> bool:
        return bool(state.trail) and state.trail[-1] == 2

    def legal_hidden(state: State) -> list[Add]:
        if state.current_player is None:
            return []
        return [Add(1), Add(2), Add(4)] if follows_a_two(state) else [Add(1), Add(2)]

    def apply_hidden(state: State, action: Any) -> State:
        if action not in legal_hidden(state):
            raise IllegalActionError(f"{action!r} is not legal at total {state.total}")
        after = _advance(state, action)
        return State(after.num_players, after.current_player, after.total, [action.amount])

    game.legal_actions = legal_hidden
    game.apply = apply_hidden
    return game
