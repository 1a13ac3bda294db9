"""Victory points: the score track, and the end-of-game Cruise Ship and Port card set scoring."""

from __future__ import annotations

from functools import lru_cache

from ..core.checks import require_state
from ..core.outcome import winners_by
from .data import SECTORS, Components
from .state import Player, State

__all__ = ["best_set_score", "final_points", "scores", "set_score", "winners"]


@lru_cache(maxsize=4096)
def best_set_score(counts: tuple[int, ...], set_scores: tuple[int, ...]) -> int:
    """The best partition of Port cards (``counts`` per colour) into sets of different colours.

    Exact search over which colours form the next set, memoised on the sorted counts. (With the
    rulebook's 1/3/6/10 taking one card of every colour each time is optimal, but an exact search
    costs nothing here and stays right for any table.)
    """
    present = tuple(sorted((n for n in counts if n), reverse=True))
    if not present:
        return 0
    best = 0
    k = len(present)
    for mask in range(1, 1 << k):
        rest = tuple(n - (mask >> i & 1) for i, n in enumerate(present))
        value = set_scores[mask.bit_count()] + best_set_score(rest, set_scores)
        if value > best:
            best = value
    return best


def set_score(cards: tuple[int, ...], components: Components) -> int:
    """End-of-game VP for these Port cards (quay indices)."""
    counts = [0] * len(SECTORS)
    for q in cards:
        counts[components.quay_sector[q]] += 1
    return best_set_score(tuple(counts), components.set_scores)


def final_points(player: Player, components: Components) -> int:
    """Cruise Ship VP plus Port card sets: what the end of the game adds to the track."""
    return sum(vp for _, vp in player.cruise) + set_score(player.cards, components)


def scores(state: State) -> tuple[int, ...]:
    """Each player's VP if the game ended now: the track plus cruise ships and card sets.

    Valid at any time and final once the game is over (the end adds nothing else).
    """
    require_state(state, State, "scores", "Port Gdańsk")
    c = state.rules.components
    return tuple(p.score + final_points(p, c) for p in state.players)


def winners(state: State) -> tuple[int, ...]:
    """Most VP; a tie goes to more Influence markers on the board; still tied, a shared win.

    Empty while the game is running.
    """
    require_state(state, State, "winners", "Port Gdańsk")
    if state.current_player is not None:
        return ()
    points = scores(state)
    return winners_by([(points[seat], p.markers.bit_count()) for seat, p in enumerate(state.players)])

