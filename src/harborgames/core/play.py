"""Generic helpers that drive any game through its module's public functions."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TypeVar

from .errors import IllegalActionError
from .protocol import Game, GameRecord

S = TypeVar("S")
A = TypeVar("A")

__all__ = ["group_actions", "make_record", "random_playout", "replay", "replay_states"]


def make_record(
    module: Game[S, A],
    num_players: int,
    seed: int,
    actions: Sequence[A],
    *,
    variant: str | None = None,
    options: Mapping[str, str] | None = None,
    seats: Sequence[str] = (),
) -> GameRecord:
    """A record of a game started with these arguments and played with these actions;
    ``seats``, if given, says who played each seat ("human" or a bot spec)."""
    return GameRecord(
        game=module.INFO.name,
        variant=variant or module.INFO.default_variant,
        num_players=num_players,
        seed=seed,
        actions=tuple(str(a) for a in actions),
        version=module.INFO.version,
        options=dict(options or {}),
        seats=tuple(seats),
    )


def replay_states(module: Game[S, A], record: GameRecord) -> Iterator[tuple[A | None, S]]:
    """Yield ``(action, state_after)`` for each move; the first pair is ``(None, initial)``.

    A move that cannot be read or is not legal raises ``IllegalActionError`` naming the move.
    """
    if record.game != module.INFO.name:
        raise IllegalActionError(f"the record is for {record.game!r}, not {module.INFO.name!r}")
    if record.version != module.INFO.version:
        raise IllegalActionError(
            f"the record was made with version {record.version} of {module.INFO.name}'s rules; "
            f"this library plays version {module.INFO.version}, whose decisions differ"
        )
    state = module.new_game(
        record.num_players, seed=record.seed, variant=record.variant, options=record.options
    )
    yield None, state
    action: A
    for number, text in enumerate(record.actions, start=1):
        try:
            action = module.parse_action(state, text)
            state = module.apply(state, action)
        except IllegalActionError as error:
            raise IllegalActionError(f"move {number} ({text!r}): {error}") from None
        yield action, state


def replay(module: Game[S, A], record: GameRecord) -> S:
    """The final state of a record."""
    for _, final in replay_states(module, record):  # noqa: B007 - only the last state is kept
        pass
    return final


def random_playout(
    module: Game[S, A],
    state: S,
    rng: random.Random,
    *,
    on_step: Callable[[S, A, S], None] | None = None,
    max_decisions: int | None = None,
) -> tuple[S, list[A]]:
    """Play uniformly random legal actions to the end; returns the final state and the actions."""
    actions: list[A] = []
    limit = max_decisions if max_decisions is not None else module.INFO.max_decisions
    while not module.is_terminal(state):
        if len(actions) > limit:
            raise AssertionError(f"{module.INFO.name}: game exceeded {limit} decisions")
        legal = module.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        after = module.apply(state, action)
        if on_step is not None:
            on_step(state, action, after)
        actions.append(action)
        state = after
    return state, actions


def _kind(action: object) -> str:
    """The group an action is listed under: its ``kind`` if it has one, else its class name."""
    kind = getattr(action, "kind", None)
    if isinstance(kind, str):
        return kind
    return re.sub(r"(?<!^)(?=[A-Z])", " ", type(action).__name__).lower()


def group_actions(actions: Sequence[A]) -> list[tuple[str, list[A]]]:
    """Actions grouped by kind, groups in order of first appearance, order kept inside: how a
    table (the terminal's ``play``, the web page) lists a decision's options.

    >>> from harborgames import inland_port
    >>> [kind for kind, _ in group_actions(inland_port.legal_actions(inland_port.new_game(seed=1)))]
    ['build']
    """
    groups: dict[str, list[A]] = {}
    for action in actions:
        groups.setdefault(_kind(action), []).append(action)
    return list(groups.items())
