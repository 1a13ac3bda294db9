"""A plain-text picture of the table: offers, supply track, proposals, the town, each player."""

from __future__ import annotations

from ..core.render import forced_lines, header, require_state
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
from .decisions import Feed, kind_word
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


def _deciding(state: State) -> str:
    return kind_word(state.decision)


def render(state: State, player: int | None = None) -> str:
    """The table as ``player`` may see it (face-down tiles hidden); ``None``: everything."""
    require_state(state, State, "render", "Le Havre")
    if player is not None:
        state = observe(state, player).state
    cards = round_cards(state.num_players, state.rules.variant)
    if state.current_player is None:
        where = "game over"
        top = header(
            "Le Havre", f"{state.rules.variant} game, {state.num_players} players", None, _deciding(state)
        )
    elif state.final_turns:
        top = header(
            "Le Havre",
            f"final stage ({state.final_turns} final actions left)",
            state.current_player,
            _deciding(state),
        )
    else:
        card = cards[state.round]
        where = (
            f"round {state.round + 1} of {len(cards)}, turn {state.turn + 1} of 7 "
            f"(card {card.card}: food {card.food_demand(state.num_players)}"
            f"{', harvest' if card.harvest else ''})"
        )
        top = header("Le Havre", where, state.current_player, _deciding(state))
    lines = [top, *forced_lines(state.forced)]
    lines.append(
        "offers: "
        + ", ".join(f"{TOKEN_NAMES[t]} {n}" for t, n in zip(OFFER_SPACES, state.offers, strict=True))
    )
    track = [("> " if k == state.turn else "") + _tile(t) for k, t in enumerate(state.tiles)]
    lines.append("supply tiles: " + " | ".join(track))
    for k, pile in enumerate(state.piles):
        shown = ", ".join(BUILDINGS[b].id for b in pile[:3]) + (" ..." if len(pile) > 3 else "")
        lines.append(f"proposals {k + 1}: {shown or '(empty)'}")
    town = [BUILDINGS[b].id for b, who in enumerate(state.owner) if who == TOWN]
    lines.append("town: " + ", ".join(town))
    if state.rules.variant == "full":
        seen = [BUILDINGS[b].id if b >= 0 else "?" for b in state.specials]
        lines.append(
            f"special buildings face down: {len(state.specials)}"
            + (f" ({', '.join(seen)})" if any(b >= 0 for b in state.specials) else "")
        )
    ships = [
        f"{SHIP_TYPES[t].name} {ROUND_CARDS[pile[0]].ship_value} ({len(pile)})"
        for t, pile in enumerate(state.ship_piles)
        if pile
    ]
    lines.append("ships for sale: " + (", ".join(ships) or "none"))
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
        lines.append(
            f"P{seat}: {p.stock[FRANC]} Francs, {p.loans} loans, wealth {wealth(state, seat)}, "
            f"person at {where}{due}"
        )
        lines.append(f"  goods: {goods}")
        lines.append(f"  buildings: {', '.join(mine) or 'none'}")
        lines.append(
            "  ships: "
            + (
                ", ".join(
                    f"{card.card} {SHIP_TYPES[card.ship_type].name} {card.ship_value}"
                    for card in (ROUND_CARDS[c] for c in p.ships)
                )
                or "none"
            )
        )
    if state.current_player is None:
        lines.append("")
        lines.append("final wealth:")
        for seat in range(state.num_players):
            lines.append(f"  P{seat}: {_breakdown(wealth_parts(state, seat))}")
    return "\n".join(lines)


def _breakdown(parts: WealthParts) -> str:
    """One seat's score by source, e.g. ``buildings 46 + bonuses 8 + ships 12 + 20 Francs
    (2 loans repaid at the end) − 7 × 1 loan = 79``."""
    text = (
        f"buildings {parts.buildings} + bonuses {parts.bonuses} + ships {parts.ships} + {parts.francs} Francs"
    )
    if parts.repaid_at_end:
        text += (
            f" (after repaying {parts.repaid_at_end} loan{'s' if parts.repaid_at_end > 1 else ''} at the end)"
        )
    if parts.loans:
        text += f" − 7 × {parts.loans} loan{'s' if parts.loans > 1 else ''}"
    return f"{text} = {parts.total}"
