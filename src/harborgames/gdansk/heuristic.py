"""The heuristic bots play Port Gdańsk by: a guess of a seat's final VP from the rulebook's scoring.

Not a rule: ``scores`` and ``winners`` (``scoring.py``) are the rules. This file is what the
``greedy`` bot maximises and what the searches value their cut-off positions with
(docs/bots.md), so it knows what the rulebook pays for and when the paying stops: the game ends
at 60 VP, at a player's eighth Influence marker or when no Order token is left, and what is not
turned into VP by then (workers, cargo, bonuses) is worth nothing.
"""

from __future__ import annotations

import attrs

from ..core.checks import require_seat
from ..core.params import Weights, weight
from .data import Components
from .scoring import best_set_score, final_points
from .state import Player, State
from .turn import end_condition

__all__ = ["HAND", "HeuristicParams", "heuristic"]


@attrs.frozen
class HeuristicParams(Weights):
    """The heuristic's weights, in VP (``HAND``: the hand-written values; ``harborgames tune``
    finds others, which the bots read from their shipped sets)."""

    # VP per worker: cruise ships pay 1.3-1.5 per worker, orders and HR need them too
    worker: float = weight(1.2, 0.0, 3.0)
    bonus: float = weight(2.0, 0.0, 5.0)  # VP per constant bonus: a cube saved on later orders
    cube: float = weight(0.2, 0.0, 1.5)  # VP per cube aboard, whatever it will be used for
    order: float = weight(0.8, 0.0, 2.0)  # how much of the best order's worth a position near it gets
    per_move: float = weight(0.7, 0.0, 3.0)  # VP off an order per location still to travel to it
    # Of the income the orders to come would pay markers, the part counted: orders may go
    # unfilled, and the game may end sooner than ``_orders_left`` guesses.
    marker_share: float = weight(0.5, 0.0, 1.5)
    lasting_orders: float = weight(4.0, 1.0, 12.0)  # workers and bonuses keep their worth this long
    unload: float = weight(0.5, 0.0, 1.5)  # of Central Port's unloading VP, the part counted


HAND = HeuristicParams()
"""The hand-written weights."""


def heuristic(state: State, player: int, params: HeuristicParams = HAND) -> float:
    """A cheap guess of ``player``'s final VP (bots use it; they make it relative themselves).

    VP as they would be scored now (the track, cruise ships, Port card sets), plus what the
    position will still earn, from the rulebook:

    * **Influence markers** earn ``sector_vp_per_marker`` (2) whenever another player executes
      an order in their sector: half of the orders still to come (``_orders_left``) in that
      sector, of which the others execute all but a seat's share;
    * **workers** pay for orders, HR actions and cruise ships (3/5/8 workers for about 4/7/12
      VP): 1.2 VP each, and **bonuses** save a cube on later orders, while orders are left;
    * **cargo** counts toward the best open order in reach (its VP, the Port card's set value,
      by the share of its cubes aboard, less a little per move away), or what it would unload
      for in Central Port.

    A finished game is its score.
    """
    if type(player) is not int or not 0 <= player < state.num_players:
        require_seat(player, state.num_players)  # the boundary's error, naming the seat
    c = state.rules.components
    p = state.players[player]
    value = float(p.score + final_points(p, c))
    if state.current_player is None:
        return value
    left = _orders_left(state, c)
    if end_condition(state):
        # The round is the last: nothing is earned after it, and a marker only pays for the
        # few orders the others may still execute in it.
        left = min(left, state.num_players - 1)
    # How much of the game is left to spend workers and bonuses in (1: most of it).
    lasting = min(1.0, left / params.lasting_orders)
    value += lasting * (params.worker * p.workers + params.bonus * sum(p.bonus))
    if p.markers and left:
        value += params.marker_share * _marker_income(state, c, p, left)
    if lasting == 0.0:
        return value
    return value + lasting * _cargo(state, c, p, params)


def _orders_left(state: State, c: Components) -> int:
    """About how many orders will still be executed: the tokens on the board and in the stack,
    fewer if a player is close to the 60 VP or eighth-marker end."""
    board = state.board
    tokens = len(board.tokens) - board.tokens.count(-1) + len(board.token_stack)
    n = state.num_players
    markers = min(q.markers_left for q in state.players)
    score = max(q.score for q in state.players)
    # Each order places a marker, and moves its executor about 10 VP (token and sector VP) up.
    by_markers = n * markers
    by_score = n * max(0, c.end_vp - score) // _VP_PER_ORDER + 1
    return max(0, min(tokens, by_markers, by_score))


def _marker_income(state: State, c: Components, p: Player, left: int) -> float:
    """What ``p``'s markers will earn: 2 VP for every other player's order in their sectors."""
    board = state.board
    sector_of = c.quay_sector
    per_sector = [0] * len(c.sector_mask)  # where the orders to come lie: open quays, the deck
    for q, token in enumerate(board.tokens):
        if token >= 0:
            per_sector[sector_of[q]] += 1
    for q in board.deck:
        per_sector[sector_of[q]] += 1
    total = sum(per_sector)
    if not total:
        return 0.0
    n = state.num_players
    others_share = (n - 1) / n
    income = 0.0
    for s, mask in enumerate(c.sector_mask):
        mine = (p.markers & mask).bit_count()
        if mine and per_sector[s]:
            income += mine * per_sector[s] / total
    return income * c.sector_vp_per_marker * left * others_share


def _cargo(state: State, c: Components, p: Player, params: HeuristicParams) -> float:
    """The cargo's worth: the best open order in reach by the share of its cubes aboard, or
    unloading in Central Port; a little for every cube, which a later order may use."""
    hold = p.hold
    value = params.cube * sum(hold)
    per_move = params.per_move
    if p.location < 0:
        return value
    best = 0.0
    distance = c.distance[p.location]
    if p.markers_left:
        bonus = p.bonus
        sector_of = c.quay_sector
        sets: list[int] | None = None  # Port cards per colour, then the set VP they make now
        extra = [-1] * len(c.sector_mask)  # the set VP one more card of a colour adds
        for q, token in enumerate(state.board.tokens):
            if token < 0:
                continue
            needed = covered = 0
            for g, n in enumerate(c.token_requires[token]):
                need = n - bonus[g]
                if need > 0:
                    needed += need
                    have = hold[g]
                    covered += need if have >= need else have
            if not covered and needed:
                continue
            share = covered / needed if needed else 1.0
            sector = sector_of[q]
            if extra[sector] < 0:
                if sets is None:
                    sets = [0] * len(extra)
                    for card in p.cards:
                        sets[sector_of[card]] += 1
                    base = best_set_score(tuple(sets), c.set_scores)
                sets[sector] += 1
                extra[sector] = best_set_score(tuple(sets), c.set_scores) - base
                sets[sector] -= 1
            worth = (c.token_vp[token] + extra[sector]) * share * share
            worth -= per_move * distance[c.quay_location[q]]
            if worth > best:
                best = worth
    if state.board.central_port_open:
        unload = sum(vp * n for vp, n in zip(c.unload_vp, hold, strict=True))
        best = max(best, params.unload * unload - per_move * distance[c.central_port])
    return value + params.order * best


_VP_PER_ORDER = 10  # VP an order moves the leader up, about (token and sector VP)
