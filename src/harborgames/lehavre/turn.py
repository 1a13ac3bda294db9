"""The flow of the game (rulebook "Playing the Game", "End of a Round", "Final Stage"):
``legal_actions`` and ``apply``.

A turn: the Supply action (the engine's: the ship marker moves on, two tokens join their Offer
spaces, interest if the tile says so), then the player's own decisions: any buying, selling and
repaying; one main action (take an Offer space, or enter a building and carry out its action);
then more buying, selling and repaying, and ``end``. After every seventh turn the round card is
resolved: harvest, feeding (each seat in turn order), the town's building, the new ship. After
the last round each player takes one final main action; then wealth decides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import compress
from typing import Any

from ..core.checks import StateChecks, require_state
from ..core.decisions import Rule, Rulebook
from ..core.update import update
from .actions import (
    ACTION_TYPES,
    DONE,
    END,
    REPAY,
    Action,
    Buy,
    BuyShip,
    End,
    Enter,
    Repay,
    Sell,
    SellShip,
    Take,
)
from .data import BUILDING_INDEX, FRANC, LOAN_REPAYMENT, OFFER_SPACES, TURNS_PER_ROUND
from .decisions import DECISION_TYPES, Decision, Turn
from .explain import explain
from .kind import Kind, Phase
from .obligations import kinds as obligation_kinds
from .obligations import start_feeding
from .offered import (
    BUY_SHIPS,
    BUYS,
    PRICE,
    SELL_SHIPS,
    SHIP_PRICE,
    TAKES,
    built_entry,
    town_affordable,
)
from .round_end import after_feeding, harvest
from .state import State, with_goods_taken, with_player, with_stock
from .supply import start_turn
from .trading import buy, buy_ship, repay, sell, sell_ship
from .visit import KINDS as VISIT_KINDS
from .visit import enter_building, enter_offers

CHEAPEST_SHIP = min(SHIP_PRICE)
CHEAPEST_BUILDING = min(PRICE)  # below it nothing can be bought
TAKE_SPACE = {take.space: space for space, take in enumerate(TAKES)}  # an Offer space by its name


# -- what may be done ---------------------------------------------------------------------------
def _turn_options(state: State, decision: Turn) -> tuple[Action, ...]:
    seat = state.turn_player
    p = state.players[seat]
    built = built_entry(state)
    out: list[Action]
    no_main = False
    if not state.main_done:
        out = list(compress(TAKES, state.offers))  # the Offer spaces holding tokens
        enter_offers(state, seat, built, out)
        # Only in the final stage can every Offer space be empty (a Supply action fills two each
        # turn before); with no building enterable either, no main action can be carried out and
        # the turn ends without one (docs/rules/lehavre.md, "Interpretations").
        no_main = not out
    else:
        out = []
    francs = p.stock[FRANC]
    if francs >= CHEAPEST_BUILDING and not state.final_turns:
        sold = state.sold
        for b in town_affordable(built, francs):  # the town's buildings to buy, in index order
            if b not in sold:
                out.append(BUYS[b])
        for pile in state.piles:
            if pile and PRICE[pile[0]] <= francs:
                out.append(BUYS[pile[0]])
        if francs >= CHEAPEST_SHIP:
            for ship_type, ships in enumerate(state.ship_piles):
                if ships and SHIP_PRICE[ship_type] <= francs:
                    out.append(BUY_SHIPS[ship_type])
    out.extend(built.sales[seat])
    if p.ships:
        out.extend(map(SELL_SHIPS.__getitem__, sorted(set(p.ships))))
    if p.loans and francs >= LOAN_REPAYMENT:
        out.append(REPAY)
    if state.main_done or no_main:
        out.append(END)
    return tuple(out)


# -- doing it -----------------------------------------------------------------------------------
def _take(state: State, action: Take) -> State:
    """Main action A: every token on one Offer space."""
    space = TAKE_SPACE[action.space]
    seat = state.turn_player
    p = state.players[seat]
    stock = list(p.stock)
    stock[OFFER_SPACES[space]] += state.offers[space]
    offers = state.offers[:space] + (0,) + state.offers[space + 1 :]  # noqa: RUF005  (cheaper)
    players = with_player(state.players, seat, with_stock(p, tuple(stock)))
    return with_goods_taken(state, offers=offers, players=players, main_done=True)


def _enter(state: State, action: Enter) -> State:
    """Main action B: enter a building (``visit.py``)."""
    return enter_building(state, BUILDING_INDEX[action.building])


def _end(state: State, _: End) -> State:
    """The turn ends: the next player's turn, the round's end after its seventh, or in the final
    stage the next final action (the game ends after the last)."""
    if state.final_turns:
        return _end_final_action(state)
    turn = state.turn + 1
    if turn == TURNS_PER_ROUND:
        return _round_end(update(state, turn=turn))
    return start_turn(state, (state.turn_player + 1) % state.num_players, turn)


def _end_final_action(state: State) -> State:
    """The Final Stage: a player's final action is over; the next player's, or the end."""
    if state.final_turns == 1:
        return update(state, current_player=None, decision=None, final_turns=0)
    following = (state.turn_player + 1) % state.num_players
    return update(
        state,
        current_player=following,
        turn_player=following,
        main_done=False,
        final_turns=state.final_turns - 1,
    )


def _round_end(state: State) -> State:
    """End of a round: harvest, feeding from the next player on, then the rest (``round_end``)."""
    first = (state.turn_player + 1) % state.num_players
    return start_feeding(harvest(state), first, after_feeding)


_TURN_ACTIONS: dict[type, Callable[[State, Any], State]] = {
    Take: _take,
    Enter: _enter,
    Buy: buy,
    BuyShip: buy_ship,
    Sell: lambda state, action: sell(state, state.turn_player, action),
    SellShip: lambda state, action: sell_ship(state, state.turn_player, action),
    Repay: lambda state, action: repay(state, state.turn_player),
    End: _end,
}


def _turn(state: State, decision: Turn, action: Action) -> State:
    return _TURN_ACTIONS[type(action)](state, action)


def _describe_turn(state: State, decision: Turn, viewer: int | None) -> str:
    if state.final_turns:
        return "the final action: take an Offer space or enter any building (occupied ones too)"
    if state.main_done:
        return "buy, sell or repay, then end the turn"
    return "buy or sell if you like, then take an Offer space or enter a building"


def _check_turn(check: StateChecks, state: State, decision: Turn) -> None:
    check.require(state.current_player == state.turn_player, "in a turn the turn's player decides")


_TURN = Kind(Turn, Rule(_turn_options, _turn, explain), _describe_turn, phase=Phase.TURN, check=_check_turn)

_DECLARED = (_TURN, *obligation_kinds(after_feeding), *VISIT_KINDS)
# ``Any``: each kind's decision class is its own; the lookup by ``type(decision)`` pairs them.
KINDS: Mapping[type[Decision], Kind[Any]] = {kind.decision: kind for kind in _DECLARED}
"""Every kind of decision by its class: the turn, interest and feeding, and entering a building
with all that follows (``visit.py``); each declared beside its rule (``kind.py``)."""
assert len(KINDS) == len(_DECLARED) and set(KINDS) == set(DECISION_TYPES), "each decision class has one kind"


def kind_word(decision: Decision | None) -> str:
    """The kind of decision in a word, for people (``render``'s header, the web table): turn,
    interest, feeding, pay (goods for a building's action), choose (a building's own choice),
    or over."""
    return "over" if decision is None else KINDS[type(decision)].phase.value


RULEBOOK: Rulebook[State, Action] = Rulebook(
    "Le Havre",
    state_type=State,
    action_types=ACTION_TYPES,
    rules={decision: kind.rule for decision, kind in KINDS.items()},
    # no ``outcome``: chance makes nothing of a forced action in Le Havre (tiles are revealed by
    # turns, the special deck by the Marketplace's look)
)
legal_actions = RULEBOOK.legal_actions
apply = RULEBOOK.apply


def legal(state: State) -> tuple[Action, ...]:
    """The legal actions of ``state`` (``legal_actions`` as a tuple)."""
    return RULEBOOK.legal_tuple(state)


def is_terminal(state: State) -> bool:
    require_state(state, State, "is_terminal", "Le Havre")
    return state.current_player is None


__all__ = [
    "DONE",
    "KINDS",
    "RULEBOOK",
    "apply",
    "is_terminal",
    "kind_word",
    "legal",
    "legal_actions",
    "start_turn",
]
