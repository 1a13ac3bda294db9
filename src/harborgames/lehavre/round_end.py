"""End of a round (rulebook "End of a Round"): harvest, feeding, the town's building, the new ship.

Feeding (``obligations.py``) is decided by each seat in turn order, starting with the player
after the one who took the round's last turn; a seat owing nothing is skipped. After the last
round comes the Final Stage (``start_final_stage``).
"""

from __future__ import annotations

from ..core.update import update
from .construction import place_building
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    CATTLE,
    GRAIN,
    ROUND_CARD_INDEX,
    SPECIAL_BUILD,
    STANDARD_BUILD,
    round_cards,
)
from .decisions import TURN
from .obligations import food_due
from .offered import with_owner
from .state import TOWN, State, with_at, with_stock
from .supply import start_turn

__all__ = ["after_feeding", "food_due", "harvest", "round_cards", "rounds", "turn_up_special"]


def rounds(state: State) -> int:
    return len(round_cards(state.num_players, state.rules.variant))


FEEDLOT = BUILDING_INDEX["feedlot"]


def harvest_cattle(cattle: int, feedlot: bool) -> int:
    """Cattle received at a harvest: 1 with at least 2 cattle; the Feedlot's owner receives 2
    "instead of 1 if you have 2-6 cattle (7+: only 1 extra)"."""
    if cattle < 2:
        return 0
    return 2 if feedlot and cattle <= 6 else 1


def harvest(state: State) -> State:
    """The round card's harvest, if it shows one: 1 grain with at least 1 grain, cattle by
    ``harvest_cattle``. (Feeding follows: ``obligations.start_feeding``.)"""
    card = round_cards(state.num_players, state.rules.variant)[state.round]
    if not card.harvest:
        return state
    feedlot = state.owner[FEEDLOT]
    players = []
    for seat, p in enumerate(state.players):
        stock = list(p.stock)
        stock[GRAIN] += 1 if stock[GRAIN] >= 1 else 0
        stock[CATTLE] += harvest_cattle(stock[CATTLE], feedlot == seat)
        players.append(with_stock(p, tuple(stock)))
    return update(state, players=tuple(players))


def turn_up_special(state: State) -> State:
    """The round card's special symbol: the top face-down special building joins the town,
    face up (it can be bought, not built; the Football Stadium can also be built once a Building
    Proposal pile is empty)."""
    top, rest = state.specials[0], state.specials[1:]
    known = tuple(seen[1:] for seen in state.known)
    return with_owner(update(state, specials=rest, known=known), with_at(state.owner, top, TOWN), moved=top)


def after_feeding(state: State) -> State:
    """The town builds, the round card's ship joins its pile, and the next round (or the final
    stage) begins with the next player."""
    card = round_cards(state.num_players, state.rules.variant)[state.round]
    build = card.town_build_for(state.num_players)
    if build == STANDARD_BUILD:
        tops = [pile[0] for pile in state.piles if pile]
        if tops:
            lowest = min(tops, key=lambda b: BUILDINGS[b].sort or 0)
            state = place_building(state, lowest, TOWN)
    elif build == SPECIAL_BUILD and state.specials:
        state = turn_up_special(state)
    index = ROUND_CARD_INDEX[card.card]
    ship_type = card.ship_type
    ship_piles = tuple((index, *pile) if t == ship_type else pile for t, pile in enumerate(state.ship_piles))
    following = (state.turn_player + 1) % state.num_players
    state = update(state, round=state.round + 1, turn=0, ship_piles=ship_piles)
    if state.round == rounds(state):
        return start_final_stage(state, following)
    return start_turn(state, following, 0)


def start_final_stage(state: State, first: int) -> State:
    """The Final Stage (rulebook "End of the Game"): after the last round each player, from
    ``first`` on, takes one final main action (any building may be entered, occupied or not;
    no buying); then wealth decides (``turn.py`` ends it)."""
    return update(
        state,
        current_player=first,
        turn_player=first,
        decision=TURN,
        main_done=False,
        final_turns=state.num_players,
        sold=(),
    )
