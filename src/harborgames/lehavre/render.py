"""A plain-text picture of the table: offers, supply track, proposals, the town, each player.

Every line fits an 80-column terminal (``core.render.WIDTH``): lists of buildings wrap between
names. Buildings are named by their notation word (``enter fishery``), so what a person reads is
what they type; ``info fishery`` at the terminal prints the card.
"""

from __future__ import annotations

from ..core.render import fit, forced_lines, header_lines, listing, require_state
from .actions import goods_text
from .data import (
    BUILDINGS,
    FRANC,
    OFFER_SPACES,
    ROUND_CARDS,
    SHIP_TYPES,
    SUPPLY_TILES,
    TOKEN_NAMES,
    round_cards,
)
from .decisions import (
    BridgeSell,
    BuildGoods,
    ChooseBuilding,
    ChooseShip,
    CoalTraderCharcoal,
    CoalTraderChoose,
    CoalTraderCoal,
    CoalTraderPay,
    Decision,
    ExchangeTimes,
    Feed,
    FurrieryHides,
    FurrieryLeather,
    HarborWatchTarget,
    HaulagePair,
    IronworksExtra,
    JoineryWood,
    MarketplaceGoods,
    MarketplaceLook,
    OfficeExchange,
    OfficeSteel,
    PayEnergy,
    PayFee,
    PayInterest,
    PayShipEnergy,
    PayShipGoods,
    PayUpgradeEnergy,
    ShippingLoad,
    TownSquareGoods,
    Turn,
    UpgradeGoods,
)
from .obligations import food_due
from .observe import HIDDEN, observe
from .scoring import WealthParts, wealth, wealth_parts
from .state import TOWN, State


def _tile(tile: int) -> str:
    if tile == HIDDEN:
        return "??"
    supply = SUPPLY_TILES[tile]
    text = "+".join(TOKEN_NAMES[t] for t in supply.goods)
    return text + (" (interest)" if supply.interest else "")


def _counted(count: int, noun: str, plural: str | None = None) -> str:
    """``1 Franc``, ``2 Francs``, ``0 loans``."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def describe(decision: Decision | None) -> str:
    """What is being decided, in the words of the card it comes from: the header's
    ``P0 to decide (the Joinery: how many wood to sell)``. ``over`` once the game has ended."""
    if decision is None:
        return "over"
    named = _BY_BUILDING.get(type(decision))
    if named is not None:
        return named(decision)
    fixed = _FIXED.get(type(decision))
    return fixed if fixed is not None else type(decision).__name__


def _name(building: int) -> str:
    return BUILDINGS[building].name


def _feed(decision: Decision) -> str:
    assert isinstance(decision, Feed)
    return f"feeding: {decision.due} food due"


def _fee(decision: Decision) -> str:
    assert isinstance(decision, PayFee)
    return f"the {_name(decision.building)}'s entry fee: {BUILDINGS[decision.building].fee}"


def _choose_building(decision: Decision) -> str:
    assert isinstance(decision, ChooseBuilding)
    return f"the {_name(decision.building)}: which building to build"


def _build_goods(decision: Decision) -> str:
    assert isinstance(decision, BuildGoods)
    return f"the goods to build the {_name(decision.target)}"


def _choose_ship(decision: Decision) -> str:
    assert isinstance(decision, ChooseShip)
    return f"the {_name(decision.wharf)}: which ship to build"


def _ship_goods(decision: Decision) -> str:
    assert isinstance(decision, PayShipGoods)
    return f"the goods for a {SHIP_TYPES[decision.ship_type].name} ship"


def _ship_energy(decision: Decision) -> str:
    assert isinstance(decision, PayShipEnergy)
    return f"{decision.due} energy for a {SHIP_TYPES[decision.ship_type].name} ship"


def _upgrade(decision: Decision) -> str:
    assert isinstance(decision, UpgradeGoods)
    return f"the {_name(decision.building)}: how many goods"


def _upgrade_energy(decision: Decision) -> str:
    assert isinstance(decision, PayUpgradeEnergy)
    return f"the {_name(decision.building)}: {decision.due} energy for {decision.goods} goods"


def _energy(decision: Decision) -> str:
    assert isinstance(decision, PayEnergy)
    return f"the {_name(decision.building)}: {decision.due} energy"


def _times(decision: Decision) -> str:
    assert isinstance(decision, ExchangeTimes)
    return f"the {_name(decision.building)}: how many times"


def _coal_trader_pay(decision: Decision) -> str:
    assert isinstance(decision, CoalTraderPay)
    return f"the Coal Trader: {decision.due} food"


_BY_BUILDING = {
    Feed: _feed,
    PayFee: _fee,
    ChooseBuilding: _choose_building,
    BuildGoods: _build_goods,
    ChooseShip: _choose_ship,
    PayShipGoods: _ship_goods,
    PayShipEnergy: _ship_energy,
    UpgradeGoods: _upgrade,
    PayUpgradeEnergy: _upgrade_energy,
    PayEnergy: _energy,
    ExchangeTimes: _times,
    CoalTraderPay: _coal_trader_pay,
}
_FIXED: dict[type, str] = {
    Turn: "turn",
    PayInterest: "interest: 1 Franc, or repay a loan",
    HarborWatchTarget: "the Harbor Watch: which occupied building",
    JoineryWood: "the Joinery: how many wood to sell",
    IronworksExtra: "the Ironworks: a fourth iron for 6 energy?",
    MarketplaceGoods: "the Marketplace: which goods to take",
    MarketplaceLook: "the Marketplace: the order of the two special buildings",
    ShippingLoad: "the Shipping Line: the next good to ship",
    OfficeSteel: "the Business Office: the next good for a steel",
    OfficeExchange: "the Business Office: a good for a charcoal, leather or brick",
    BridgeSell: "the Bridge over the Seine: the next good to sell",
    FurrieryHides: "the Furriery: how many hides for bread",
    FurrieryLeather: "the Furriery: how many leather to sell",
    CoalTraderChoose: "the Coal Trader: a charcoal for 1 food or a coal for 2",
    CoalTraderCharcoal: "the Coal Trader: how many charcoal",
    CoalTraderCoal: "the Coal Trader: how many coal",
    HaulagePair: "the Haulage Firm: which two Offer spaces",
    TownSquareGoods: "the Town Square: which upgraded goods",
}


def render(state: State, player: int | None = None) -> str:
    """The table as ``player`` may see it (face-down tiles hidden); ``None``: everything."""
    require_state(state, State, "render", "Le Havre")
    if player is not None:
        state = observe(state, player).state
    cards = round_cards(state.num_players, state.rules.variant)
    deciding = describe(state.decision)
    if state.current_player is None:
        top = header_lines(
            "Le Havre", f"{state.rules.variant} game, {_counted(state.num_players, 'player')}", None, deciding
        )
    elif state.final_turns:
        top = header_lines(
            "Le Havre",
            f"final stage ({state.final_turns} final actions left)",
            state.current_player,
            deciding,
        )
    else:
        card = cards[state.round]
        turns = len(state.tiles)
        # After the round's last turn come feeding and the round end: no turn of the round is on.
        turn = f"turn {state.turn + 1} of {turns}" if state.turn < turns else "the round's end"
        where = (
            f"round {state.round + 1} of {len(cards)}, {turn} "
            f"(card {card.card}: food {card.food_demand(state.num_players)}"
            f"{', harvest' if card.harvest else ''})"
        )
        top = header_lines("Le Havre", where, state.current_player, deciding)
    lines = [*top, *forced_lines(state.forced)]
    lines += listing(
        "offers: ", [f"{TOKEN_NAMES[t]} {n}" for t, n in zip(OFFER_SPACES, state.offers, strict=True)]
    )
    track = [("> " if k == state.turn else "") + _tile(t) for k, t in enumerate(state.tiles)]
    lines += listing("supply tiles: ", track, separator=" | ")
    for k, pile in enumerate(state.piles):
        shown = [BUILDINGS[b].id for b in pile[:3]]
        if len(pile) > 3:
            shown[-1] += " ..."
        lines += listing(f"proposals {k + 1}: ", shown or ["(empty)"])
    lines += listing("town: ", [BUILDINGS[b].id for b, who in enumerate(state.owner) if who == TOWN])
    if state.rules.variant == "full":
        seen = [BUILDINGS[b].id if b >= 0 else "?" for b in state.specials]
        lines += listing(
            f"special buildings face down: {len(state.specials)}",
            [f" ({', '.join(seen)})"] if any(b >= 0 for b in state.specials) else [],
        )
    ships = [
        f"{SHIP_TYPES[t].name} {ROUND_CARDS[pile[0]].ship_value} ({len(pile)})"
        for t, pile in enumerate(state.ship_piles)
        if pile
    ]
    lines += listing("ships for sale: ", ships or ["none"])
    for seat, p in enumerate(state.players):
        mine = [BUILDINGS[b].id for b, who in enumerate(state.owner) if who == seat]
        goods = goods_text(tuple(0 if t == FRANC else n for t, n in enumerate(p.stock)))
        where = BUILDINGS[p.location].id if p.location >= 0 else "home"
        due = (
            f", owes {food_due(state, seat)} food"
            if isinstance(state.decision, Feed) and state.decision.seat == seat
            else ""
        )
        lines.append("")
        lines += fit(
            f"P{seat}: {_counted(p.stock[FRANC], 'Franc')}, {_counted(p.loans, 'loan')}, "
            f"wealth {wealth(state, seat)}, person at {where}{due}"
        )
        lines += fit(f"  goods: {goods}")
        lines += listing("  buildings: ", mine or ["none"])
        lines += listing(
            "  ships: ",
            [
                f"{card.card} {SHIP_TYPES[card.ship_type].name} {card.ship_value}"
                for card in (ROUND_CARDS[c] for c in p.ships)
            ]
            or ["none"],
        )
    if state.current_player is None:
        lines.append("")
        lines.append("final wealth:")
        for seat in range(state.num_players):
            lines += _breakdown(seat, wealth_parts(state, seat))
    return "\n".join(lines)


def _breakdown(seat: int, parts: WealthParts) -> list[str]:
    """One seat's score by source, e.g. ``P0: buildings 46 + bonuses 8 + ships 12 + 20 Francs
    − 7 × 1 loan = 72``, and a line for the loans the Francs repaid at the end."""
    text = (
        f"  P{seat}: buildings {parts.buildings} + bonuses {parts.bonuses} + ships {parts.ships} + "
        f"{_counted(parts.francs, 'Franc')}"
    )
    if parts.loans:
        text += f" − 7 × {_counted(parts.loans, 'loan')}"
    lines = fit(f"{text} = {parts.total}")
    if parts.repaid_at_end:
        lines += fit(
            f"      (the Francs left after repaying {_counted(parts.repaid_at_end, 'loan')} at the end)"
        )
    return lines
