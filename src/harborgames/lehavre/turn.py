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

from collections.abc import Callable
from typing import Any

from ..core.decisions import Rulebook
from ..core.payments import iter_minimal_payments
from ..core.update import update
from .actions import (
    DONE,
    END,
    REPAY,
    Action,
    Build,
    BuildShip,
    Buy,
    BuyShip,
    Choose,
    Done,
    End,
    Enter,
    Give,
    Loan,
    Order,
    Pay,
    PayPart,
    Repay,
    Sell,
    SellShip,
    Take,
    Times,
    Trade,
)
from .buildings import EFFECTS
from .construction import ship_ways, vector_cost
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    FOOD_VALUE,
    FRANC,
    LOAN_REPAYMENT,
    OFFER_SPACES,
    TURNS_PER_ROUND,
)
from .explain import explain
from .offered import (
    BUY_SHIPS,
    BUYS,
    ENTERS,
    FEE_FOOD,
    FEE_FRANCS,
    LOCKED,
    PRICE,
    SELL_SHIPS,
    SELLS,
    SHIP_PRICE,
    TAKES,
    built_buildings,
)
from .payment import (
    ENERGY,
    FOOD,
    amount_ways,
    chosen_vector,
    fee_ways,
    francs,
    goods_ways,
    step_done,
    subtract,
    worth,
)
from .round_end import _next_feeding, _round_end
from .state import (
    CHOOSE,
    FEEDING,
    INTEREST,
    OVER,
    PAY,
    TOWN,
    TURN,
    Pending,
    Player,
    State,
    give_tokens,
    pay_tokens,
    with_decision,
    with_goods_taken,
    with_player,
    with_players,
    with_stock,
)
from .supply import _next_interest, start_turn
from .trading import _buy, _buy_ship, _loan, _obligation_options, _repay, _sell, _sell_ship
from .visit import always

TAKE_SPACE = {take.space: space for space, take in enumerate(TAKES)}  # an Offer space by its name
# Actions that spend Francs: a fee paid in Francs is checked against them too.
NEEDS_FRANCS = tuple(b.id in EFFECTS and EFFECTS[b.id].needs_francs for b in BUILDINGS)
# Each building's "can its action be carried out" check; None where it always can.
CAN_ENTER = tuple(
    None if b.id not in EFFECTS or EFFECTS[b.id].can_enter is always else EFFECTS[b.id].can_enter
    for b in BUILDINGS
)


# -- what may be done ---------------------------------------------------------------------------
def legal(state: State) -> tuple[Action, ...]:
    phase = state.phase
    if phase == TURN:
        return _turn_options(state)
    pending = state.pending
    assert pending is not None
    if phase == CHOOSE:
        effect = EFFECTS[BUILDINGS[pending.building].id]
        assert effect.choices is not None
        return effect.choices(state, pending)
    if phase == PAY:
        return _payment_options(state, pending)
    return _obligation_options(state, pending)


def _turn_options(state: State) -> tuple[Action, ...]:
    seat = state.turn_player
    p = state.players[seat]
    final = state.final_turns > 0
    out: list[Action] = []
    no_main = False
    if not state.main_done:
        for space, count in enumerate(state.offers):
            if count:
                out.append(TAKES[space])
        out.extend(map(ENTERS.__getitem__, enterable(state, seat)))
        # Only in the final stage can every Offer space be empty (a Supply action fills two each
        # turn before); with no building enterable either, no main action can be carried out and
        # the turn ends without one (docs/rules/lehavre.md, "Interpretations").
        no_main = not out
    francs = p.stock[FRANC]
    owner = state.owner
    sold = state.sold
    sells: list[Action] = []
    for b in built_buildings(state):  # one pass: the town's buildings to buy, one's own to sell
        who = owner[b]
        if who == seat:
            sells.append(SELLS[b])
        elif who == TOWN and not final and PRICE[b] <= francs and b not in sold:
            out.append(BUYS[b])
    if not final:
        for pile in state.piles:
            if pile and PRICE[pile[0]] <= francs:
                out.append(BUYS[pile[0]])
        for ship_type, ships in enumerate(state.ship_piles):
            if ships and SHIP_PRICE[ship_type] <= francs:
                out.append(BUY_SHIPS[ship_type])
    out += sells
    if p.ships:
        out.extend(SELL_SHIPS[card] for card in sorted(set(p.ships)))
    if p.loans and francs >= LOAN_REPAYMENT:
        out.append(REPAY)
    if state.main_done or no_main:
        out.append(END)
    return tuple(out)


def enterable(state: State, seat: int) -> list[int]:
    """Buildings ``seat`` may enter now: built, unlocked, not where the disc already stands,
    unoccupied (except in the final stage), and the fee payable in a way that leaves the
    building's action possible ("a player entering a building must carry out its action")."""
    p = state.players[seat]
    stock = p.stock
    here = p.location
    occupied = () if state.final_turns > 0 else [q.location for q in state.players]
    out = []
    francs = stock[FRANC]
    food_worth = -1  # the food the stock is worth, once a fee needs it
    owner = state.owner
    for b, food, cash, least, needs_francs, can_enter in _entry_rows(built_buildings(state)):
        if b == here or b in occupied:
            continue
        short = least and owner[b] != seat and (francs < least or needs_francs)
        if short and not (cash and francs >= cash):  # ``can_pay_fee``, written out
            if not food:
                continue
            if food_worth < 0:
                food_worth = worth(stock, FOOD)
            if food_worth < food:
                continue
        if can_enter is not None:
            if not can_enter(state, seat, stock):
                continue  # paying a fee only takes goods away: impossible before, impossible after
            if short and not _fee_leaves_action(state, seat, b, can_enter, stock):
                continue  # every way to pay the fee (not all in Francs) takes goods the action needs
        out.append(b)
    return out


# Per enterable building: its index, food fee, Francs fee, the Francs that pay the fee outright
# (0: no fee), whether its action spends Francs, and its can-enter check (None: always).
_EntryRow = tuple[int, int, int, int, bool, Callable[[State, int, tuple[int, ...]], bool] | None]


class _LastEntryRows:
    """The rows of the last ``built_buildings`` answer (kept while that tuple comes back)."""

    __slots__ = ("built", "rows")

    def __init__(self) -> None:
        self.built: tuple[int, ...] | None = None
        self.rows: tuple[_EntryRow, ...] = ()


_LAST_ENTRY_ROWS = _LastEntryRows()


def _entry_rows(built: tuple[int, ...]) -> tuple[_EntryRow, ...]:
    last = _LAST_ENTRY_ROWS
    if last.built is not built:
        last.rows = tuple(
            (b, FEE_FOOD[b], FEE_FRANCS[b], FEE_FRANCS[b] or FEE_FOOD[b], NEEDS_FRANCS[b], CAN_ENTER[b])
            for b in built
            if not LOCKED[b]
        )
        last.built = built
    return last.rows


def _fee_leaves_action(
    state: State,
    seat: int,
    building: int,
    can_enter: Callable[[State, int, tuple[int, ...]], bool],
    stock: tuple[int, ...],
) -> bool:
    """Whether some way to pay the fee from ``stock`` leaves the action possible (the first found
    will do; a way paying more of every good leaves less, so the minimal ways are the ones to
    try)."""
    cash = FEE_FRANCS[building]
    if cash and stock[FRANC] >= cash and can_enter(state, seat, subtract(stock, francs(cash))):
        return True
    food = FEE_FOOD[building]
    return bool(food) and any(
        can_enter(state, seat, subtract(stock, way)) for way in iter_minimal_payments(stock, FOOD_VALUE, food)
    )


def fee_options(state: State, seat: int, building: int) -> tuple[Pay, ...]:
    """The ways to pay ``building``'s entry fee after which its action can be carried out."""
    stock = state.players[seat].stock
    fee = BUILDINGS[building].fee
    can_enter = EFFECTS[BUILDINGS[building].id].can_enter
    return tuple(
        way
        for way in fee_ways(stock, fee.food, fee.francs)
        if can_enter(state, seat, subtract(stock, way.tokens))
    )


def _payment_options(state: State, pending: Pending) -> tuple[Action, ...]:
    stock = state.players[pending.seat].stock
    purpose = pending.purpose
    if purpose == "fee":
        return fee_options(state, pending.seat, pending.building)
    if purpose == "food":  # the Coal Trader's price
        return amount_ways(stock, FOOD, pending.amount, pending.chosen)
    if purpose == "energy":
        return amount_ways(stock, ENERGY, pending.amount, pending.chosen)
    if purpose == "ship_goods":
        return tuple(Pay(way) for way in ship_ways(state, pending.seat, pending.building, pending.amount))
    # "goods": building goods, brick for clay and steel for iron as the player likes
    return tuple(Pay(way) for way in goods_ways(stock, vector_cost(pending.due)))


# -- doing it -----------------------------------------------------------------------------------
def perform(state: State, action: Action) -> State:
    return _PERFORM[type(action)](state, action)


def _take(state: State, action: Take) -> State:
    space = TAKE_SPACE[action.space]
    seat = state.turn_player
    p = state.players[seat]
    stock = list(p.stock)
    stock[OFFER_SPACES[space]] += state.offers[space]
    offers = (*state.offers[:space], 0, *state.offers[space + 1 :])
    players = with_player(state.players, seat, with_stock(p, tuple(stock)))
    return with_goods_taken(state, offers, players, True)


def _enter(state: State, action: Enter) -> State:
    if state.phase == CHOOSE:  # the Harbor Watch's choice of an occupied building
        return _choose(state, action)
    return enter_building(state, BUILDING_INDEX[action.building])


def enter_building(state: State, building: int) -> State:
    """The turn's player's disc moves into ``building``; its fee is asked for (owners enter
    free), then its action begins. (Main action B, and the Harbor Watch's second building.)"""
    seat = state.turn_player
    p = state.players[seat]
    players = with_player(state.players, seat, Player(p.stock, p.loans, p.ships, building))
    state = with_players(state, players)
    fee = BUILDINGS[building].fee
    if state.owner[building] != seat and (fee.food or fee.francs):
        return with_decision(state, PAY, Pending("fee", seat, building))
    return EFFECTS[BUILDINGS[building].id].enter(state)


def enterable_with(state: State, seat: int, building: int, stock: tuple[int, ...]) -> bool:
    """Whether ``seat``, holding ``stock``, could pay ``building``'s fee and then carry out its
    action (the Harbor Watch asks this of an occupied building)."""
    effect = EFFECTS.get(BUILDINGS[building].id)
    if effect is None or LOCKED[building]:
        return False
    if state.owner[building] == seat or not (FEE_FOOD[building] or FEE_FRANCS[building]):
        return effect.can_enter(state, seat, stock)
    return _fee_leaves_action(state, seat, building, effect.can_enter, stock)


def _pay(state: State, action: Pay) -> State:
    pending = state.pending
    assert pending is not None
    phase = state.phase
    state = pay_tokens(state, pending.seat, action.tokens)
    if phase == INTEREST:
        return _next_interest(state, pending.seat)
    if phase == FEEDING:
        return _next_feeding(state, pending.seat)
    if pending.purpose == "fee":
        owner = state.owner[pending.building]
        if owner >= 0:  # to the owner; the town's fees go to the Treasury
            state = give_tokens(state, owner, action.tokens)
        return EFFECTS[BUILDINGS[pending.building].id].enter(state)
    effect = EFFECTS[BUILDINGS[pending.building].id]
    assert effect.paid is not None
    return effect.paid(state, pending)


def _pay_part(state: State, action: PayPart) -> State:
    """One token kind of a long payment; once every kind is decided, it is paid as a whole."""
    pending = state.pending
    assert pending is not None
    kind = FOOD if state.phase == FEEDING or pending.purpose == "food" else ENERGY
    stock = state.players[pending.seat].stock
    chosen = (*pending.chosen, action.count)
    if not step_done(stock, kind, pending.amount, chosen):
        return update(state, pending=update(pending, chosen=chosen))
    state = update(state, pending=update(pending, chosen=()))
    return _pay(state, Pay(chosen_vector(stock, kind, chosen)))


def _choose(state: State, action: Action) -> State:
    pending = state.pending
    assert pending is not None
    effect = EFFECTS[BUILDINGS[pending.building].id]
    assert effect.choose is not None
    return effect.choose(state, pending, action)


def _end(state: State, _: End) -> State:
    if state.final_turns:
        if state.final_turns == 1:
            return update(state, current_player=None, phase=OVER, pending=None, final_turns=0)
        following = (state.turn_player + 1) % state.num_players
        return update(
            state,
            current_player=following,
            turn_player=following,
            main_done=False,
            final_turns=state.final_turns - 1,
        )
    turn = state.turn + 1
    if turn == TURNS_PER_ROUND:
        return _round_end(update(state, turn=turn))
    return start_turn(state, (state.turn_player + 1) % state.num_players, turn)


# -- the end of a round ---------------------------------------------------------------------------


# -- why not ------------------------------------------------------------------------------------


def outcome(before: State, action: Action, after: State) -> str:
    """What chance made of a forced action: nothing in Le Havre (tiles are revealed by turns)."""
    return ""


_PERFORM: dict[type, Callable[[State, Any], State]] = {
    Take: _take,
    Enter: _enter,
    Buy: _buy,
    BuyShip: _buy_ship,
    Sell: _sell,
    SellShip: _sell_ship,
    Repay: _repay,
    Loan: _loan,
    Pay: _pay,
    PayPart: _pay_part,
    Times: _choose,
    Choose: _choose,
    Build: _choose,
    BuildShip: _choose,
    Give: _choose,
    Trade: _choose,
    Order: _choose,
    Done: _choose,
    End: _end,
}

RULEBOOK: Rulebook[State, Action] = Rulebook(
    "Le Havre",
    state_type=State,
    action_types=tuple(_PERFORM),
    legal=legal,
    perform=perform,
    explain=explain,
    outcome=outcome,
)
legal_actions = RULEBOOK.legal_actions
apply = RULEBOOK.apply


def is_terminal(state: State) -> bool:
    return state.current_player is None


__all__ = ["DONE", "RULEBOOK", "apply", "enterable", "is_terminal", "legal", "legal_actions", "start_turn"]
