"""A tiny hidden-information dice-and-cards game with ``resample``, for testing bots.

Twelve cards 1-6 (two each) are shuffled; each player holds two, face down. On a turn the
player plays a card: a card higher than the last one played scores its value, any other card
scores 1; then a die is rolled and a six scores 2 more. The player draws if the deck has cards.
When every hand is empty, the highest score wins (ties share).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from harborgames.core import Codec, Forced, GameInfo, IllegalActionError, Rng
from harborgames.core.params import Weights

INFO = GameInfo(
    name="toy_cards",
    title="Toy Cards",
    min_players=2,
    max_players=4,
    variants=("standard",),
    chance="stochastic",
    information="imperfect",
    min_score=0,
    max_score=40,
    max_decisions=12,
    version=1,
)

_DECK = tuple(sorted(list(range(1, 7)) * 2))


@attrs.frozen
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class State:
    current_player: int | None
    num_players: int
    hands: tuple[tuple[int, ...], ...]  # sorted, so equal hands compare equal
    deck: tuple[int, ...]
    last: int
    points: tuple[int, ...]
    rng: Rng

    @property
    def variant(self) -> str:
        return "standard"  # the game's one variant

    @property
    def forced(self) -> tuple[Forced, ...]:
        return ()  # nothing is ever taken without a choice


@attrs.frozen
class Observation:
    player: int
    current_player: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    last: int
    points: tuple[int, ...]


_CODEC = Codec("toy_cards", state_type=State, observation_type=Observation, action_types=[Play])


def new_game(
    num_players: int = 2,
    *,
    seed: int = 0,
    variant: str = "standard",
    options: Mapping[str, str] | None = None,
) -> State:
    if not INFO.min_players <= num_players <= INFO.max_players:
        raise ValueError(f"toy_cards is for 2-4 players, not {num_players}")
    if variant != "standard" or options:
        raise ValueError("toy_cards has one variant and no options")
    cards, rng = Rng.from_seed(seed).shuffled(_DECK)
    hands = tuple(tuple(sorted(cards[2 * p : 2 * p + 2])) for p in range(num_players))
    first, rng = rng.below(num_players)
    return State(first, num_players, hands, cards[2 * num_players :], 0, (0,) * num_players, rng)


def legal_actions(state: State) -> list[Any]:
    if state.current_player is None:
        return []
    return [Play(c) for c in sorted(set(state.hands[state.current_player]))]


def apply(state: State, action: Any) -> State:
    if action not in legal_actions(state):
        raise IllegalActionError(f"{action} is not legal here")
    seat = state.current_player
    assert seat is not None
    hand = list(state.hands[seat])
    hand.remove(action.card)
    gained = action.card if action.card > state.last else 1
    die, rng = state.rng.below(6)
    gained += 2 if die == 5 else 0
    deck = state.deck
    if deck:
        hand.append(deck[0])
        deck = deck[1:]
    hands = list(state.hands)
    hands[seat] = tuple(sorted(hand))
    points = list(state.points)
    points[seat] += gained
    nxt: int | None = None
    for step in range(1, state.num_players + 1):
        candidate = (seat + step) % state.num_players
        if hands[candidate]:
            nxt = candidate
            break
    return State(nxt, state.num_players, tuple(hands), deck, action.card, tuple(points), rng)


def is_terminal(state: State) -> bool:
    return state.current_player is None


def scores(state: State) -> tuple[int, ...]:
    return state.points


def winners(state: State) -> tuple[int, ...]:
    if not is_terminal(state):
        return ()
    best = max(state.points)
    return tuple(p for p, v in enumerate(state.points) if v == best)


def observe(state: State, player: int) -> Observation:
    return Observation(
        player,
        state.current_player,
        state.hands[player],
        tuple(len(h) for h in state.hands),
        len(state.deck),
        state.last,
        state.points,
    )


def resample(state: State, player: int, seed: int) -> State:
    """Redeal every card ``player`` cannot see; the dice to come are redrawn too."""
    unseen = [c for p, h in enumerate(state.hands) if p != player for c in h] + list(state.deck)
    cards, rng = Rng.from_seed(seed).shuffled(sorted(unseen))
    hands = []
    at = 0
    for p, hand in enumerate(state.hands):
        if p == player:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(cards[at : at + len(hand)])))
            at += len(hand)
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(cards[at:]), rng=rng)


@attrs.frozen
class HeuristicParams(Weights):
    """No weights: the heuristic is fixed."""


def heuristic(state: State, player: int, params: HeuristicParams | None = None) -> float:
    return state.points[player] + 0.5 * sum(state.hands[player])


def dumps(obj: Any) -> str:
    return _CODEC.dumps(obj)


def loads(text: str) -> Any:
    return _CODEC.loads(text)


def parse_action(state: State, text: str) -> Any:
    words = text.split()
    if len(words) != 2 or words[0] != "play" or not words[1].isdigit():
        raise IllegalActionError(f"cannot read {text!r}: write 'play N'")
    action = Play(int(words[1]))
    if action not in legal_actions(state):
        raise IllegalActionError(f"{text!r} is not legal here")
    return action


def render(state: State) -> str:
    lines = [f"last card: {state.last}; deck: {len(state.deck)} cards"]
    for p in range(state.num_players):
        lines.append(f"player {p}: {state.points[p]} points, hand {list(state.hands[p])}")
    return "\n".join(lines)
