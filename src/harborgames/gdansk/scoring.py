"""Victory points: the score track, and the end-of-game Cruise Ship and Port card set scoring."""

from __future__ import annotations

from functools import lru_cache

from ..core.outcome import winners_by
from .data import SECTORS, Components
from .state import Player, State
from .turn import end_condition

__all__ = ["best_set_score", "final_points", "heuristic", "scores", "set_score", "winners"]


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
    c = state.rules.components
    return tuple(p.score + final_points(p, c) for p in state.players)


def winners(state: State) -> tuple[int, ...]:
    """Most VP; a tie goes to more Influence markers on the board; still tied, a shared win.

    Empty while the game is running.
    """
    if state.current_player is not None:
        return ()
    points = scores(state)
    return winners_by([(points[seat], p.markers.bit_count()) for seat, p in enumerate(state.players)])


def heuristic(state: State, player: int) -> float:
    """A cheap value for greedy bots: VP, plus a part of what cargo and workers can become.

    Workers are worth about 1.2 VP (cruise ships pay 1.4-1.5 VP per worker); a bonus saves a
    cube on later orders; a marker earns 2 VP whenever someone executes in its sector. The best
    open order counts by the share of its cubes already aboard, less a little per move away,
    which gives a one-step greedy bot a reason to load the right goods and sail to the quay.
    """
    c = state.rules.components
    p = state.players[player]
    value = float(p.score + final_points(p, c))
    if state.current_player is None:
        return value
    value += 1.2 * p.workers + 2.0 * sum(p.bonus) + 1.0 * p.markers.bit_count()
    if end_condition(state):
        return value
    hold = p.hold
    bonus = p.bonus
    value += 0.2 * sum(hold)
    best = 0.0
    if p.location >= 0 and p.markers_left:
        distance = c.distance[p.location]
        for q, token in enumerate(state.board.tokens):
            if token < 0:
                continue
            requires = c.token_requires[token]
            needed = covered = 0
            for g, n in enumerate(requires):
                need = n - bonus[g]
                if need > 0:
                    needed += need
                    covered += min(need, hold[g])
            share = covered / needed if needed else 1.0
            worth = c.token_vp[token] * share * share - 0.7 * distance[c.quay_location[q]]
            best = max(best, worth)
    if state.board.central_port_open:
        unload = sum(vp * n for vp, n in zip(c.unload_vp, hold, strict=True))
        best = max(best, 0.5 * unload - 0.7 * c.distance[p.location][c.central_port])
    return value + 0.8 * best
