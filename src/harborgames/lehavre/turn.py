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
from ..core.update import update
from .actions import (
    DONE,
    END,
    LOAN,
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
    Pay,
    PayPart,
    Repay,
    Sell,
    SellShip,
    Take,
    Times,
    Trade,
)
from .buildings import EFFECTS, SHIP_NAMES, always, ship_ways
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    CATTLE,
    FOOD_VALUE,
    FRANC,
    GRAIN,
    LOAN_FRANCS,
    LOAN_REPAYMENT,
    NO_BUILD,
    NUM_TOKEN_KINDS,
    OFFER_SPACES,
    ROUND_CARD_INDEX,
    ROUND_CARDS,
    SHIP_TYPES,
    STANDARD_BUILD,
    SUPPLY_TILES,
    TOKEN_NAMES,
    TURNS_PER_ROUND,
    RoundCard,
)
from .data import (
    INTEREST as INTEREST_FRANCS,
)
from .data import (
    round_cards as _round_cards,
)
from .payment import (
    ENERGY,
    FOOD,
    amount_ways,
    can_pay_fee,
    chosen_vector,
    fee_ways,
    goods_ways,
    step_done,
    subtract,
    worth,
)
from .state import (
    CHOOSE,
    FEEDING,
    INTEREST,
    OUT,
    OVER,
    PAY,
    PROPOSAL,
    TOWN,
    TURN,
    Pending,
    Player,
    State,
    with_player,
    with_stock,
)

# -- precomputed actions (the hot path hands out these objects) -----------------------------------
TAKES = tuple(Take(TOKEN_NAMES[token]) for token in OFFER_SPACES)
ENTERS = tuple(Enter(b.id) for b in BUILDINGS)
BUYS = tuple(Buy(b.id) for b in BUILDINGS)
SELLS = tuple(Sell(b.id) for b in BUILDINGS)
SELL_SHIPS = tuple(SellShip(card.card) for card in ROUND_CARDS)
BUY_SHIPS = tuple(BuyShip(name) for name in SHIP_NAMES)
LOCKED = tuple(b.fee is None or b.locked for b in BUILDINGS)
# Each building's "can its action be carried out" check; None where it always can.
CAN_ENTER = tuple(
    None if b.id not in EFFECTS or EFFECTS[b.id].can_enter is always else EFFECTS[b.id].can_enter
    for b in BUILDINGS
)


_ROUND_CARDS: dict[tuple[int, str], tuple[RoundCard, ...]] = {}


def round_cards(num_players: int, variant: str) -> tuple[RoundCard, ...]:
    """``data.round_cards``, looked up once per player count and variant."""
    cards = _ROUND_CARDS.get((num_players, variant))
    if cards is None:
        cards = _ROUND_CARDS[num_players, variant] = _round_cards(num_players, variant)
    return cards


def rounds(state: State) -> int:
    return len(round_cards(state.num_players, state.rules.variant))


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
    if not state.main_done:
        for space, count in enumerate(state.offers):
            if count:
                out.append(TAKES[space])
        out.extend(ENTERS[b] for b in enterable(state, seat))
    francs = p.stock[FRANC]
    owner = state.owner
    in_play = in_play_buildings(state)
    if not final:
        sold = state.sold
        for b in in_play:
            if owner[b] == TOWN and PRICE[b] <= francs and b not in sold:
                out.append(BUYS[b])
        for pile in state.piles:
            if pile and PRICE[pile[0]] <= francs:
                out.append(BUYS[pile[0]])
        for ship_type, ships in enumerate(state.ship_piles):
            if ships and SHIP_PRICE[ship_type] <= francs:
                out.append(BUY_SHIPS[ship_type])
    out.extend(SELLS[b] for b in in_play if owner[b] == seat)
    if p.ships:
        out.extend(SELL_SHIPS[card] for card in sorted(set(p.ships)))
    if p.loans and francs >= LOAN_REPAYMENT:
        out.append(REPAY)
    if state.main_done:
        out.append(END)
    return tuple(out)


_NEVER = 10**9  # the price of what cannot be bought
PRICE = tuple(_NEVER if b.price is None else b.price for b in BUILDINGS)
SHIP_PRICE = tuple(_NEVER if t.price is None else t.price for t in SHIP_TYPES)
FEE_FOOD = tuple(b.fee.food for b in BUILDINGS)
FEE_FRANCS = tuple(b.fee.francs for b in BUILDINGS)
_IN_PLAY: dict[tuple[int, str], tuple[int, ...]] = {}


def in_play_buildings(state: State) -> tuple[int, ...]:
    """The buildings that can ever be owned in this game (not back in the box), in index order."""
    key = (state.num_players, state.rules.variant)
    found = _IN_PLAY.get(key)
    if found is None:
        found = _IN_PLAY[key] = tuple(b for b, who in enumerate(state.owner) if who != OUT)
    return found


def _sales(state: State, seat: int) -> list[Action]:
    out: list[Action] = [SELLS[b] for b in in_play_buildings(state) if state.owner[b] == seat]
    out.extend(SELL_SHIPS[card] for card in sorted(set(state.players[seat].ships)))
    return out


def enterable(state: State, seat: int) -> list[int]:
    """Buildings ``seat`` may enter now: built, unlocked, not where the disc already stands,
    unoccupied (except in the final stage), and the fee payable in a way that leaves the
    building's action possible ("a player entering a building must carry out its action")."""
    p = state.players[seat]
    final = state.final_turns > 0
    occupied = () if final else [q.location for q in state.players]
    out = []
    francs = p.stock[FRANC]
    owner = state.owner
    for b in in_play_buildings(state):
        who = owner[b]
        if who < TOWN or LOCKED[b] or b == p.location or b in occupied:
            continue
        food, cash = FEE_FOOD[b], FEE_FRANCS[b]
        short = who != seat and (food or cash) and francs < (cash or food)
        if short and not can_pay_fee(p.stock, food, cash):
            continue
        can_enter = CAN_ENTER[b]
        if can_enter is not None and not can_enter(state, seat):
            continue  # paying a fee only takes goods away: impossible before, impossible after
        if short and can_enter is not None and not fee_options(state, seat, b):
            continue  # every way to pay the fee (not all in Francs) takes goods the action needs
        out.append(b)
    return out


def fee_options(state: State, seat: int, building: int) -> tuple[Pay, ...]:
    """The ways to pay ``building``'s entry fee after which its action can be carried out."""
    p = state.players[seat]
    fee = BUILDINGS[building].fee
    can_enter = EFFECTS[BUILDINGS[building].id].can_enter
    out = []
    for way in fee_ways(p.stock, fee.food, fee.francs):
        after = with_player(state.players, seat, with_stock(p, subtract(p.stock, way.tokens)))
        if can_enter(update(state, players=after), seat):
            out.append(way)
    return tuple(out)


def _payment_options(state: State, pending: Pending) -> tuple[Action, ...]:
    stock = state.players[pending.seat].stock
    purpose = pending.purpose
    if purpose == "fee":
        return fee_options(state, pending.seat, pending.building)
    if purpose == "energy":
        return amount_ways(stock, ENERGY, pending.amount, pending.chosen)
    if purpose == "ship_goods":
        return tuple(Pay(way) for way in ship_ways(state, pending.seat, pending.building, pending.amount))
    # "goods": building goods, brick for clay and steel for iron as the player likes
    from .buildings import vector_cost

    return tuple(Pay(way) for way in goods_ways(stock, vector_cost(pending.due)))


def _obligation_options(state: State, pending: Pending) -> tuple[Action, ...]:
    """Interest (1 Franc) or feeding (``amount`` food): pay, or sell and borrow if one cannot."""
    p = state.players[pending.seat]
    if state.phase == INTEREST:
        if p.stock[FRANC] >= INTEREST_FRANCS:
            pay: tuple[Action, ...] = (Pay(_francs(INTEREST_FRANCS)),)
            return (*pay, REPAY) if p.stock[FRANC] >= LOAN_REPAYMENT else pay
    elif worth(p.stock, FOOD) >= pending.amount:
        return amount_ways(p.stock, FOOD, pending.amount, pending.chosen)
    return (*_sales(state, pending.seat), LOAN)


def _francs(amount: int) -> tuple[int, ...]:
    out = [0] * NUM_TOKEN_KINDS
    out[FRANC] = amount
    return tuple(out)


# -- doing it -----------------------------------------------------------------------------------
def perform(state: State, action: Action) -> State:
    return _PERFORM[type(action)](state, action)


def _take(state: State, action: Take) -> State:
    space = TAKES.index(action)
    seat = state.turn_player
    p = state.players[seat]
    stock = list(p.stock)
    stock[OFFER_SPACES[space]] += state.offers[space]
    offers = (*state.offers[:space], 0, *state.offers[space + 1 :])
    players = with_player(state.players, seat, with_stock(p, tuple(stock)))
    return update(state, offers=offers, players=players, main_done=True)


def _enter(state: State, action: Enter) -> State:
    building = BUILDING_INDEX[action.building]
    seat = state.turn_player
    p = state.players[seat]
    players = with_player(state.players, seat, Player(p.stock, p.loans, p.ships, building))
    state = update(state, players=players)
    fee = BUILDINGS[building].fee
    if state.owner[building] != seat and (fee.food or fee.francs):
        return update(state, phase=PAY, pending=Pending("fee", seat, building))
    return EFFECTS[action.building].enter(state)


def _pay(state: State, action: Pay) -> State:
    pending = state.pending
    assert pending is not None
    phase = state.phase
    state = _pay_tokens(state, pending.seat, action.tokens)
    if phase == INTEREST:
        return _next_interest(state, pending.seat)
    if phase == FEEDING:
        return _next_feeding(state, pending.seat)
    if pending.purpose == "fee":
        owner = state.owner[pending.building]
        if owner >= 0:  # to the owner; the town's fees go to the Treasury
            state = _give_tokens(state, owner, action.tokens)
        return EFFECTS[BUILDINGS[pending.building].id].enter(state)
    effect = EFFECTS[BUILDINGS[pending.building].id]
    assert effect.paid is not None
    return effect.paid(state, pending)


def _pay_part(state: State, action: PayPart) -> State:
    """One token kind of a long payment; once every kind is decided, it is paid as a whole."""
    pending = state.pending
    assert pending is not None
    kind = FOOD if state.phase == FEEDING else ENERGY
    stock = state.players[pending.seat].stock
    chosen = (*pending.chosen, action.count)
    if not step_done(stock, kind, pending.amount, chosen):
        return update(state, pending=update(pending, chosen=chosen))
    state = update(state, pending=update(pending, chosen=()))
    return _pay(state, Pay(chosen_vector(stock, kind, chosen)))


def _pay_tokens(state: State, seat: int, tokens: tuple[int, ...]) -> State:
    p = state.players[seat]
    return update(state, players=with_player(state.players, seat, with_stock(p, subtract(p.stock, tokens))))


def _give_tokens(state: State, seat: int, tokens: tuple[int, ...]) -> State:
    p = state.players[seat]
    stock = tuple(a + b for a, b in zip(p.stock, tokens, strict=True))
    return update(state, players=with_player(state.players, seat, with_stock(p, stock)))


def _choose(state: State, action: Action) -> State:
    pending = state.pending
    assert pending is not None
    effect = EFFECTS[BUILDINGS[pending.building].id]
    assert effect.choose is not None
    return effect.choose(state, pending, action)


def _buy(state: State, action: Buy) -> State:
    building = BUILDING_INDEX[action.building]
    seat = state.turn_player
    price = BUILDINGS[building].price
    assert price is not None
    state = _pay_tokens(state, seat, _francs(price))
    piles = tuple(pile[1:] if pile and pile[0] == building else pile for pile in state.piles)
    return _send_home(update(state, owner=_with(state.owner, building, seat), piles=piles), building)


def _buy_ship(state: State, action: BuyShip) -> State:
    ship_type = SHIP_NAMES.index(action.ship)
    seat = state.turn_player
    price = SHIP_TYPES[ship_type].price
    assert price is not None
    card = state.ship_piles[ship_type][0]
    state = _pay_tokens(state, seat, _francs(price))
    p = state.players[seat]
    players = with_player(state.players, seat, Player(p.stock, p.loans, (*p.ships, card), p.location))
    piles = tuple(pile[1:] if t == ship_type else pile for t, pile in enumerate(state.ship_piles))
    return update(state, players=players, ship_piles=piles)


def _seller(state: State) -> int:
    return state.pending.seat if state.phase in (INTEREST, FEEDING) and state.pending else state.turn_player


def _sell(state: State, action: Sell) -> State:
    building = BUILDING_INDEX[action.building]
    seat = _seller(state)
    state = _give_tokens(state, seat, _francs(BUILDINGS[building].value // 2))
    state = update(state, owner=_with(state.owner, building, TOWN), sold=(*state.sold, building))
    return _send_home(state, building)


def _sell_ship(state: State, action: SellShip) -> State:
    card = ROUND_CARD_INDEX[action.card]
    seat = _seller(state)
    p = state.players[seat]
    ships = list(p.ships)
    ships.remove(card)
    value = ROUND_CARDS[card].ship_value // 2
    stock = list(p.stock)
    stock[FRANC] += value
    players = with_player(state.players, seat, Player(tuple(stock), p.loans, tuple(ships), p.location))
    ship_type = ROUND_CARDS[card].ship_type
    piles = tuple((card, *pile) if t == ship_type else pile for t, pile in enumerate(state.ship_piles))
    return update(state, players=players, ship_piles=piles)


def _send_home(state: State, building: int) -> State:
    """ "Person discs are returned to the player when a building is bought or sold"."""
    if not any(p.location == building for p in state.players):
        return state
    players = tuple(
        Player(p.stock, p.loans, p.ships, -1) if p.location == building else p for p in state.players
    )
    return update(state, players=players)


def _with(items: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _repay(state: State, _: Repay) -> State:
    seat = _seller(state)
    p = state.players[seat]
    stock = list(p.stock)
    stock[FRANC] -= LOAN_REPAYMENT
    players = with_player(state.players, seat, Player(tuple(stock), p.loans - 1, p.ships, p.location))
    state = update(state, players=players)
    if state.phase == INTEREST and not players[seat].loans:
        return _next_interest(state, seat)  # no loans left: no interest
    return state


def _loan(state: State, _: Loan) -> State:
    """Pay everything one has toward the obligation; loans of 4 Francs cover the rest."""
    pending = state.pending
    assert pending is not None
    seat = pending.seat
    p = state.players[seat]
    stock = list(p.stock)
    if state.phase == INTEREST:
        short = INTEREST_FRANCS - stock[FRANC]
        stock[FRANC] = 0
    else:
        short = pending.amount - worth(p.stock, FOOD)
        for token in range(NUM_TOKEN_KINDS):
            if FOOD_VALUE[token]:
                stock[token] = 0
    loans = -(-short // LOAN_FRANCS)
    stock[FRANC] += loans * LOAN_FRANCS - short
    players = with_player(state.players, seat, Player(tuple(stock), p.loans + loans, p.ships, p.location))
    state = update(state, players=players)
    return _next_interest(state, seat) if state.phase == INTEREST else _next_feeding(state, seat)


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
    return start_turn(update(state, turn=turn), (state.turn_player + 1) % state.num_players)


def start_turn(state: State, seat: int) -> State:
    """The Supply action: the ship marker on the next tile, its two tokens onto their Offer
    spaces (in round 1 the tile is turned face up), then interest if the tile says so."""
    tile = SUPPLY_TILES[state.tiles[state.turn]]
    offers = list(state.offers)
    for token in tile.goods:
        offers[OFFER_SPACES.index(token)] += 1
    state = update(
        state,
        current_player=seat,
        turn_player=seat,
        phase=TURN,
        pending=None,
        main_done=False,
        sold=(),
        offers=tuple(offers),
        revealed=max(state.revealed, state.turn + 1),
    )
    if tile.interest:
        first = _next_with_loans(state, seat, include=True)
        if first is not None:
            return update(state, current_player=first, phase=INTEREST, pending=Pending("interest", first))
    return state


def _next_with_loans(state: State, seat: int, *, include: bool) -> int | None:
    n = state.num_players
    start = state.turn_player
    order = [(start + k) % n for k in range(n)]
    position = order.index(seat) + (0 if include else 1)
    for s in order[position:]:
        if state.players[s].loans:
            return s
    return None


def _next_interest(state: State, seat: int) -> State:
    following = _next_with_loans(state, seat, include=False)
    if following is None:
        return update(state, current_player=state.turn_player, phase=TURN, pending=None)
    return update(state, current_player=following, pending=Pending("interest", following))


# -- the end of a round ---------------------------------------------------------------------------
def _round_end(state: State) -> State:
    """Harvest, then feeding (each seat in turn order from the next player), then the rest."""
    card = round_cards(state.num_players, state.rules.variant)[state.round]
    if card.harvest:
        players = []
        for p in state.players:
            stock = list(p.stock)
            stock[GRAIN] += 1 if stock[GRAIN] >= 1 else 0
            stock[CATTLE] += 1 if stock[CATTLE] >= 2 else 0
            players.append(with_stock(p, tuple(stock)))
        state = update(state, players=tuple(players))
    first = (state.turn_player + 1) % state.num_players
    return _feed_from(state, first, first)


def food_due(state: State, seat: int) -> int:
    card = round_cards(state.num_players, state.rules.variant)[state.round]
    ships = sum(
        SHIP_TYPES[ROUND_CARDS[c].ship_type].food[state.num_players - 1] for c in state.players[seat].ships
    )
    return max(0, card.food_demand(state.num_players) - ships)


def _feed_from(state: State, seat: int, first: int) -> State:
    """Feeding for ``seat`` and the seats after it (turn order from ``first``); those owing
    nothing are skipped."""
    n = state.num_players
    s = seat
    while True:
        due = food_due(state, s)
        if due:
            return update(
                state, current_player=s, phase=FEEDING, pending=Pending("feeding", s, amount=due, step=first)
            )
        s = (s + 1) % n
        if s == first:
            return _after_feeding(state)


def _next_feeding(state: State, seat: int) -> State:
    pending = state.pending
    assert pending is not None
    first = pending.step
    following = (seat + 1) % state.num_players
    if following == first:
        return _after_feeding(state)
    return _feed_from(state, following, first)


def _after_feeding(state: State) -> State:
    """The town builds, the round card's ship joins its pile, and the next round (or the final
    stage) begins with the next player."""
    card = round_cards(state.num_players, state.rules.variant)[state.round]
    build = card.town_build_for(state.num_players)
    if build == STANDARD_BUILD:
        tops = [pile[0] for pile in state.piles if pile]
        if tops:
            lowest = min(tops, key=lambda b: BUILDINGS[b].sort or 0)
            piles = tuple(pile[1:] if pile and pile[0] == lowest else pile for pile in state.piles)
            state = update(state, owner=_with(state.owner, lowest, TOWN), piles=piles)
    assert build in (NO_BUILD, STANDARD_BUILD), "special buildings belong to the full game"
    index = ROUND_CARD_INDEX[card.card]
    ship_type = card.ship_type
    ship_piles = tuple((index, *pile) if t == ship_type else pile for t, pile in enumerate(state.ship_piles))
    following = (state.turn_player + 1) % state.num_players
    state = update(state, round=state.round + 1, turn=0, ship_piles=ship_piles, pending=None)
    if state.round == rounds(state):
        return update(
            state,
            current_player=following,
            turn_player=following,
            phase=TURN,
            main_done=False,
            final_turns=state.num_players,
            sold=(),
        )
    return start_turn(state, following)


# -- why not ------------------------------------------------------------------------------------
def explain(state: State, action: Action) -> str:
    """Which rule forbids ``action`` here (called only when it is not legal)."""
    phase = state.phase
    if phase in (PAY, FEEDING) and isinstance(action, (Pay, PayPart)):
        return f"{action} is not a way to pay what is due ({_due_text(state)})"
    if phase == INTEREST and not isinstance(action, (Pay, Sell, SellShip, Loan, Repay)):
        return f"{action} must wait: a player with loans pays 1 Franc interest first"
    if phase == FEEDING and not isinstance(action, (Pay, PayPart, Sell, SellShip, Loan)):
        return f"{action} must wait: the round's food is being paid"
    if phase == CHOOSE and state.pending is not None:
        name = BUILDINGS[state.pending.building].name
        return f"{action} is not a choice of the {name} now"
    if isinstance(action, Loan):
        return "a loan is taken only when a player cannot pay interest or food"
    if isinstance(action, Enter):
        return _why_not_enter(state, action)
    if isinstance(action, Take):
        if state.main_done:
            return "the main action has been taken this turn"
        return (
            f"the {action.space} Offer space is empty"
            if action.space in TOKEN_NAMES
            else f"{action.space!r} is no Offer space"
        )
    if isinstance(action, (Buy, BuyShip)) and state.final_turns:
        return "no buying in the final stage"
    if isinstance(action, Buy):
        return _why_not_buy(state, action)
    if isinstance(action, End):
        return "take a main action first"
    if isinstance(action, Repay):
        return "repaying needs a loan and 5 Francs"
    if isinstance(action, (Sell, SellShip)):
        return f"{action}: you can sell only your own buildings and ships"
    return f"{action} is not possible now"


def _due_text(state: State) -> str:
    pending = state.pending
    if pending is None:
        return "nothing"
    if state.phase == FEEDING:
        return f"{pending.amount} food"
    if pending.purpose == "energy":
        return f"{pending.amount} energy"
    if pending.purpose == "fee":
        return f"the entry fee {BUILDINGS[pending.building].fee}"
    return "building goods"


def _why_not_enter(state: State, action: Enter) -> str:
    if state.main_done:
        return "the main action has been taken this turn"
    b = BUILDING_INDEX.get(action.building)
    if b is None:
        return f"{action.building!r} is not a building"
    building = BUILDINGS[b]
    who = state.owner[b]
    if who < TOWN:
        return f"the {building.name} has not been built"
    if LOCKED[b]:
        return f"the {building.name} has no action (padlock)"
    seat = state.turn_player
    if state.players[seat].location == b:
        return f"your Person disc is already in the {building.name}"
    if any(p.location == b for s, p in enumerate(state.players) if s != seat) and not state.final_turns:
        return f"the {building.name} is occupied"
    fee = building.fee
    if who != seat and not can_pay_fee(state.players[seat].stock, fee.food, fee.francs):
        return f"you cannot pay the {building.name}'s entry fee ({fee})"
    return f"the {building.name}'s action cannot be carried out: {building.text}"


def _why_not_buy(state: State, action: Buy) -> str:
    b = BUILDING_INDEX.get(action.building)
    if b is None:
        return f"{action.building!r} is not a building"
    building = BUILDINGS[b]
    if building.price is None:
        return f"the {building.name} cannot be bought"
    if b in state.sold:
        return f"the {building.name} was sold this turn and cannot be bought back in it"
    who = state.owner[b]
    on_top = any(pile and pile[0] == b for pile in state.piles)
    if who != TOWN and not (who == PROPOSAL and on_top):
        return f"the {building.name} is neither the town's nor on top of a proposal pile"
    have = state.players[state.turn_player].stock[FRANC]
    return f"the {building.name} costs {building.price} Francs: you have {have}"


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
