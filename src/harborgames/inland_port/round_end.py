"""The end of a main action, of a turn and of a round (rulebook: "Main phase", "End of the round",
"End of the game").

A main action ends the turn ("Then his turn is over"), except that a player who still owns a
building may sell it first (R19: selling is allowed before and after the main action). A round
ends after its last action; then both pointers turn, buildings reaching the "cannot use"
sector are sold for half their value, and the player who did not take the round's last action
starts the next one. The game ends when the pointers have turned after round L.
"""

from __future__ import annotations

from ..core.update import update
from .data import BUILDINGS, FORCED_SALE_AGE, NUM_BUILDINGS, NUM_ROUNDS, ROUND_ACTIONS
from .decisions import MAIN_ACTION, SELL_OR_END
from .scoring import sale_price
from .state import State

__all__ = ["end_round", "end_turn", "main_action_done"]


def main_action_done(state: State, player: int) -> State:
    """After the main action (its building now in sector 0): sell more, or the turn is over."""
    if player in state.owner:
        return update(state, decision=SELL_OR_END)
    return end_turn(state, player)


def end_turn(state: State, player: int) -> State:
    """The other player decides next; after the round's last action, the round ends."""
    actions_left = state.actions_left - 1
    if actions_left:
        return update(state, actions_left=actions_left, current_player=1 - player, decision=MAIN_ACTION)
    return end_round(update(state, actions_left=0), next_player=1 - player)


_LOCKED = tuple(b.locked for b in BUILDINGS)


def end_round(state: State, next_player: int) -> State:
    """Both pointers turn; buildings reaching the forced-sale sector are sold for half value."""
    next_round = state.round + 1
    francs = list(state.francs)
    owner = list(state.owner)
    for b in range(NUM_BUILDINGS):
        if owner[b] >= 0 and not _LOCKED[b] and next_round - state.placed[b] >= FORCED_SALE_AGE:
            francs[owner[b]] += sale_price(state, b)
            owner[b] = -1
    if next_round == NUM_ROUNDS:
        return update(
            state,
            round=next_round,
            actions_left=0,
            current_player=None,
            decision=None,
            francs=(francs[0], francs[1]),
            owner=tuple(owner),
        )
    return update(
        state,
        round=next_round,
        actions_left=ROUND_ACTIONS[next_round],
        current_player=next_player,
        decision=MAIN_ACTION,
        francs=(francs[0], francs[1]),
        owner=tuple(owner),
    )
