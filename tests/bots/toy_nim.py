"""A tiny perfect-information game with the rules and view surfaces, for testing bots and the CLI.

Nim with piles; a turn is two decisions (pick a pile, then take 1-3 from it); whoever takes the
last object wins. The start player is drawn from the seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from harborgames.core import Codec, Forced, GameInfo, IllegalActionError, Rng
from harborgames.core.params import Weights
from harborgames.core.views import Card

INFO = GameInfo(
    name="toy_nim",
    title="Toy Nim",
    min_players=2,
    max_players=4,
    variants=("standard", "small"),
    chance="seeded_setup",
    information="perfect",
    min_score=0,
    max_score=1,
    max_decisions=40,
    version=1,
)

_PILES = {"standard": (3, 4, 5), "small": (2, 3)}


@attrs.frozen
class Pick:
    pile: int

    def __str__(self) -> str:
        return f"pile {self.pile}"


@attrs.frozen
class Take:
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


@attrs.frozen
class State:
    current_player: int | None
    num_players: int
    piles: tuple[int, ...]
    picked: int | None
    last_taker: int | None
    rng: Rng
    variant: str = "standard"

    @property
    def forced(self) -> tuple[Forced, ...]:
        return ()  # nothing is ever taken without a choice


@attrs.frozen
class Observation:
    current_player: int | None
    num_players: int
    piles: tuple[int, ...]
    picked: int | None


_CODEC = Codec("toy_nim", state_type=State, observation_type=Observation, action_types=[Pick, Take])


def new_game(
    num_players: int = 2,
    *,
    seed: int = 0,
    variant: str = "standard",
    options: Mapping[str, str] | None = None,
) -> State:
    if not INFO.min_players <= num_players <= INFO.max_players:
        raise ValueError(f"toy_nim is for 2-4 players, not {num_players}")
    if variant not in _PILES:
        raise ValueError(f"unknown variant {variant!r}")
    if options:
        raise ValueError(f"toy_nim has no options: {dict(options)}")
    first, rng = Rng.from_seed(seed).below(num_players)
    return State(first, num_players, _PILES[variant], None, None, rng, variant)


def legal_actions(state: State) -> list[Any]:
    if state.current_player is None:
        return []
    if state.picked is None:
        return [Pick(i) for i, n in enumerate(state.piles) if n > 0]
    return [Take(k) for k in range(1, min(3, state.piles[state.picked]) + 1)]


def apply(state: State, action: Any) -> State:
    if action not in legal_actions(state):
        raise IllegalActionError(f"{action} is not legal here")
    if isinstance(action, Pick):
        return attrs.evolve(state, picked=action.pile)
    assert state.picked is not None and state.current_player is not None
    piles = list(state.piles)
    piles[state.picked] -= action.count
    over = sum(piles) == 0
    nxt = None if over else (state.current_player + 1) % state.num_players
    return attrs.evolve(
        state, piles=tuple(piles), picked=None, last_taker=state.current_player, current_player=nxt
    )


def is_terminal(state: State) -> bool:
    return state.current_player is None


def scores(state: State) -> tuple[int, ...]:
    over = is_terminal(state)
    return tuple(int(over and p == state.last_taker) for p in range(state.num_players))


def winners(state: State) -> tuple[int, ...]:
    return (state.last_taker,) if is_terminal(state) and state.last_taker is not None else ()


def observe(state: State, player: int) -> Observation:
    return Observation(state.current_player, state.num_players, state.piles, state.picked)


def resample(state: State, player: int, seed: int) -> State:
    return state  # nothing is hidden


@attrs.frozen
class HeuristicParams(Weights):
    """No weights: the heuristic is fixed."""


def heuristic(state: State, player: int, params: HeuristicParams | None = None) -> float:
    """1 if ``player`` wins with best play (two players), else 0; 0.5 mid-turn."""
    if is_terminal(state):
        return float(state.last_taker == player)
    if state.picked is not None:
        return 0.5
    grundy = 0
    for n in state.piles:
        grundy ^= n % 4
    return float((grundy == 0) == (state.current_player != player))


def dumps(obj: Any) -> str:
    return _CODEC.dumps(obj)


def loads(text: str) -> Any:
    return _CODEC.loads(text)


def parse_action(state: State, text: str) -> Any:
    words = text.split()
    if len(words) != 2 or words[0] not in ("pile", "take") or not words[1].isdigit():
        raise IllegalActionError(f"cannot read {text!r}: write 'pile N' or 'take N'")
    action: Any = Pick(int(words[1])) if words[0] == "pile" else Take(int(words[1]))
    if action not in legal_actions(state):
        raise IllegalActionError(f"{text!r} is not legal here")
    return action


def render(state: State) -> str:
    rows = [f"pile {i}: {'|' * n} ({n})" for i, n in enumerate(state.piles)]
    whose = "game over" if state.current_player is None else f"player {state.current_player}"
    return "\n".join([*rows, f"to move: {whose}"])


def render_seat(state: State, player: int) -> str:
    return render(state)  # the whole table is short


# The view functions of a game without cards, whose words are its notation.
def table(observation: Observation) -> dict[str, object]:
    return {"piles": list(observation.piles), "picked": observation.picked}


def cards() -> tuple[Card, ...]:
    return ()


def action_label(action: object, observation: Observation) -> str:
    return str(action)


def narrate(before: Observation, after: Observation) -> tuple[str, ...]:
    return ()


def public_notation(state: State, action: object) -> str:
    return str(action)
