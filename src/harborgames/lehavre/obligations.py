"""Interest, feeding and loans (rulebook "Supply Action" interest, "Feeding phase", "Loan Cards").

Both obligations are decided by each seat in turn order (``core.decisions.next_in_turn_order``):
interest by every seat with loans, starting with the player whose turn it is, when the Supply
tile shows the interest symbol; feeding by every seat owing food, starting with the player after
the one who took the round's last turn. A seat that cannot pay may sell buildings and ships
(``trading.py``), or take loans: it pays everything it has and loans of 4 Francs cover the rest.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.checks import StateChecks
from ..core.decisions import Rule, next_in_turn_order
from .actions import LOAN, REPAY, Action, Loan, Pay, PayPart, Repay, Sell, SellShip
from .data import (
    FOOD_DEMANDS,
    FRANC,
    LOAN_FRANCS,
    LOAN_REPAYMENT,
    PLAYER_COUNTS,
    SHIP_FOOD,
    round_cards,
)
from .data import INTEREST as INTEREST_FRANCS
from .decisions import TURN, Feed, PayInterest, new_feed
from .effect import amount_rule
from .explain import explain, payment_refused
from .kind import Kind, Phase
from .payment import FOOD, FOOD_KINDS, amount_ways, food_worth, francs
from .state import Player, State, new_player, paid_by, with_player, with_players, with_players_seat_deciding
from .trading import repay, sales, sell, sell_ship


# -- interest ----------------------------------------------------------------------------------------
def start_interest(state: State) -> State:
    """The interest symbol: each seat with loans pays, from the turn's player on; then the
    turn's player decides (``state`` is at the start of that turn)."""
    for p in state.players:  # (a loop, not ``any``: no generator on every interest tile)
        if p.loans:
            return _interest_from(state, state.turn_player)
    return state  # nobody pays: the turn's player decides (as ``state`` says already)


def _interest_from(state: State, seat: int | None, players: tuple[Player, ...] | None = None) -> State:
    """The next seat with loans from ``seat`` on decides, or the turn's player (``players``: the
    stocks after a payment, made part of the same copy)."""
    if players is None:
        players = state.players
    first, n = state.turn_player, state.num_players
    while seat is not None:
        if players[seat].loans:
            return with_players_seat_deciding(state, players, seat, _PAYING_INTEREST[seat])
        seat = next_in_turn_order(seat, first, n)
    return with_players_seat_deciding(state, players, first, TURN)


_PAYING_INTEREST = tuple(PayInterest(seat) for seat in range(max(PLAYER_COUNTS)))  # values: made once


def _next_interest(state: State, seat: int, players: tuple[Player, ...] | None = None) -> State:
    return _interest_from(state, next_in_turn_order(seat, state.turn_player, state.num_players), players)


def _interest_legal(state: State, decision: PayInterest) -> tuple[Action, ...]:
    """1 Franc (or repay a loan first); a seat without a Franc sells or borrows."""
    held = state.players[decision.seat].stock[FRANC]
    if held >= INTEREST_FRANCS:
        pay: tuple[Action, ...] = (PAY_INTEREST,)
        return (*pay, REPAY) if held >= LOAN_REPAYMENT else pay
    return (*sales(state, decision.seat), LOAN)


PAY_INTEREST = Pay(francs(INTEREST_FRANCS))


def _interest(state: State, decision: PayInterest, action: Action) -> State:
    seat = decision.seat
    if isinstance(action, Pay):
        return _next_interest(state, seat, paid_by(state.players, seat, action.tokens))
    if isinstance(action, Repay):
        state = repay(state, seat)
        return state if state.players[seat].loans else _next_interest(state, seat)  # no loans: no interest
    if isinstance(action, Loan):
        short = INTEREST_FRANCS - state.players[seat].stock[FRANC]
        return _next_interest(state, seat, _borrowed(state.players, seat, short, FRANC))
    return _sold(state, seat, action)


# -- feeding ------------------------------------------------------------------------------------------
def food_due(state: State, seat: int) -> int:
    """The round's food demand, less what ``seat``'s ships provide."""
    return _food_due(state, state.players[seat].ships)


def food_dues(state: State) -> list[int]:
    """Every seat's ``food_due``, or 0 in the final stage (no round card, no feeding): what the
    observation tensor writes for every seat on every call."""
    n = state.num_players
    demands = FOOD_DEMANDS[n, state.rules.variant]
    if state.round >= len(demands):
        return [0] * n
    demand = demands[state.round]
    dues = [demand] * n
    for seat, p in enumerate(state.players):
        if p.ships:
            dues[seat] = _owed(demand, _provided(p.ships, n))
    return dues


def food_due_from_now(state: State, seat: int) -> list[int]:
    """The food ``seat`` owes at the end of this round and of every round after it, less what the
    ships it has now provide (the heuristic's food still to pay)."""
    n = state.num_players
    provided = _provided(state.players[seat].ships, n)
    return [_owed(demand, provided) for demand in FOOD_DEMANDS[n, state.rules.variant][state.round :]]


def _food_due(state: State, ships: tuple[int, ...]) -> int:
    n = state.num_players
    demand = FOOD_DEMANDS[n, state.rules.variant][state.round]
    return _owed(demand, _provided(ships, n)) if ships else demand


def _provided(ships: tuple[int, ...], num_players: int) -> int:
    """The food ``ships`` provide every round (it depends on the player count)."""
    return sum([SHIP_FOOD[card][num_players - 1] for card in ships])


def _owed(demand: int, provided: int) -> int:
    """A round's food ``demand`` less what the ships provide, never below 0."""
    return demand - provided if demand > provided else 0


def start_feeding(state: State, first: int, after: Callable[[State], State]) -> State:
    """Feeding for each seat in turn order from ``first`` (those owing nothing are skipped);
    then ``after`` (the rest of the round's end)."""
    return _feed_from(state, first, first, after)


def _feed_from(
    state: State,
    seat: int | None,
    first: int,
    after: Callable[[State], State],
    players: tuple[Player, ...] | None = None,
) -> State:
    """The next seat from ``seat`` on owing food decides, or ``after`` (``players``: the stocks
    after a payment, made part of the same copy)."""
    if players is None:
        players = state.players
    n = state.num_players
    while seat is not None:
        due = _food_due(state, players[seat].ships)
        if due:
            return with_players_seat_deciding(state, players, seat, new_feed(seat, first, due, ()))
        seat = next_in_turn_order(seat, first, n)
    return after(state if players is state.players else with_players(state, players))


def feeding_rule(after: Callable[[State], State]) -> Rule[State, Feed, Action]:
    """The rule of ``Feed``: pay the food (every minimal way, or kind by kind), or, short of
    food, sell and borrow; then the next seat, and ``after`` the last."""

    def next_feeding(state: State, decision: Feed, players: tuple[Player, ...] | None = None) -> State:
        following = next_in_turn_order(decision.seat, decision.first, state.num_players)
        return _feed_from(state, following, decision.first, after, players)

    paying = amount_rule(FOOD, _feed_seat, next_feeding)

    def legal(state: State, decision: Feed) -> tuple[Action, ...]:
        stock = state.players[decision.seat].stock
        if food_worth(stock) >= decision.due:  # ``paying.legal``, from the stock at hand
            return amount_ways(stock, FOOD, decision.due, decision.chosen)
        return (*sales(state, decision.seat), LOAN)

    def perform(state: State, decision: Feed, action: Action) -> State:
        seat = decision.seat
        if isinstance(action, Pay):  # paid and the next seat's feeding in one copy
            return next_feeding(state, decision, paid_by(state.players, seat, action.tokens))
        if isinstance(action, Loan):
            short = decision.due - food_worth(state.players[seat].stock)
            return next_feeding(state, decision, _borrowed(state.players, seat, short, -1))
        if isinstance(action, (Sell, SellShip)):
            return _sold(state, seat, action)
        return paying.perform(state, decision, action)  # one token kind at a time

    return Rule(legal, perform, _why_not_fed)


def _feed_seat(state: State, decision: Feed) -> int:
    return decision.seat


# -- selling and loans while paying -------------------------------------------------------------------
def _sold(state: State, seat: int, action: Action) -> State:
    """A sale toward the obligation (the same decision follows, now perhaps payable)."""
    if isinstance(action, Sell):
        return sell(state, seat, action)
    assert isinstance(action, SellShip)
    return sell_ship(state, seat, action)


def _borrowed(players: tuple[Player, ...], seat: int, short: int, token: int) -> tuple[Player, ...]:
    """Pay everything one has toward the obligation (Francs for interest, ``token`` = FRANC; all
    food for feeding, ``token`` = -1); loans of 4 Francs cover the ``short`` rest."""
    p = players[seat]
    stock = list(p.stock)
    if token == FRANC:
        stock[FRANC] = 0
    else:
        for kind in FOOD_KINDS:
            stock[kind] = 0
    loans = -(-short // LOAN_FRANCS)
    stock[FRANC] += loans * LOAN_FRANCS - short
    return with_player(players, seat, new_player(tuple(stock), p.loans + loans, p.ships, p.location))


# -- the obligations, as every layer reads them --------------------------------------------------------
def paying_interest(decision: object) -> PayInterest | None:
    """``decision`` if it is a seat's interest (the narration and the limits read whose)."""
    return decision if isinstance(decision, PayInterest) else None


def feeding(decision: object) -> Feed | None:
    """``decision`` if it is a seat's feeding (the table, the narration and the limits read whose,
    from which first seat, and the food due)."""
    return decision if isinstance(decision, Feed) else None


def _describe_interest(state: State, decision: PayInterest, viewer: int | None) -> str:
    francs = f"{INTEREST_FRANCS} Franc{'s' * (INTEREST_FRANCS != 1)}"
    return f"interest: {francs} for the Supply tile's interest symbol, or repay a loan"


def _why_not_interest(state: State, decision: PayInterest, action: Action) -> str:
    if not isinstance(action, (Pay, Sell, SellShip, Loan, Repay)):
        return f"{action} must wait: a player with loans pays 1 Franc interest first"
    return explain(state, decision, action)


def _check_interest(check: StateChecks, state: State, decision: PayInterest) -> None:
    check.require(state.current_player == decision.seat, "the seat paying interest decides")
    check.require(state.players[decision.seat].loans > 0, "interest is paid only by players with loans")


def _describe_feeding(state: State, decision: Feed, viewer: int | None) -> str:
    return f"feeding: {decision.due} food due (Francs count 1 each; short of it, sell or borrow)"


def _food_due_text(decision: Feed) -> str:
    return f"{decision.due} food"


_food_refused = payment_refused(_food_due_text)


def _why_not_fed(state: State, decision: Feed, action: Action) -> str:
    if not isinstance(action, (Pay, PayPart, Sell, SellShip, Loan)):
        return f"{action} must wait: the round's food is being paid"
    return _food_refused(state, decision, action)


def _check_feeding(check: StateChecks, state: State, decision: Feed) -> None:
    check.require(state.current_player == decision.seat, "the seat being fed decides")
    check.seat("the first seat fed", decision.first, state.num_players)
    check.require(decision.due >= 1, "a seat owing no food is not asked")
    demand = round_cards(state.num_players, state.rules.variant)[state.round].food_demand(state.num_players)
    check.require(
        decision.due <= demand, f"the food due is {decision.due}: round {state.round + 1} asks {demand}"
    )


def kinds(after_feeding: Callable[[State], State]) -> tuple[Kind[PayInterest], Kind[Feed]]:
    """Interest and feeding (``after_feeding``: the rest of the round's end)."""
    interest = Kind(
        PayInterest,
        Rule(_interest_legal, _interest, _why_not_interest),
        _describe_interest,
        phase=Phase.INTEREST,
        check=_check_interest,
    )
    fed = Kind(
        Feed,
        feeding_rule(after_feeding),
        _describe_feeding,
        phase=Phase.FEEDING,
        check=_check_feeding,
        paid_in=FOOD,
        slot="first",
    )
    return interest, fed
