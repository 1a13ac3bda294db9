"""The heuristic the greedy bot's pinned games (``data/greedy_bot_*.json``) were played by.

A copy of ``gdansk.heuristic`` as it was when the games were recorded (commit daf09e0): the
bots' heuristic is tuned by arena runs (docs/bots.md) and may change, while these records pin
the engine, whose play under one fixed policy must not.
"""

from __future__ import annotations

from harborgames.gdansk.scoring import final_points
from harborgames.gdansk.state import State
from harborgames.gdansk.turn import end_condition


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
