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
from .obligations import feeding, food_due
from .observe import HIDDEN, observe
from .scoring import WealthParts, wealth, wealth_parts
from .state import TOWN, State
from .turn import KINDS


def _tile(tile: int) -> str:
    if tile == HIDDEN:
        return "??"
    supply = SUPPLY_TILES[tile]
    text = "+".join(TOKEN_NAMES[t] for t in supply.goods)
    return text + (" (interest)" if supply.interest else "")


def _counted(count: int, noun: str, plural: str | None = None) -> str:
    """``1 Franc``, ``2 Francs``, ``0 loans``."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def describe(state: State, viewer: int | None = None) -> str:
    """What the seat to move decides, as a phrase without its subject (``the Joinery: how many
    wood to sell (1, 2 or 3 for 5, 6 or 7 Francs)``; ``over`` once the game has ended), in the
    words ``viewer`` reads (a fee paid to it is paid "to you"; ``None``: to ``P1``). The header
    shows it as ``P0 to decide (...)``, the table's prompt (``view.py``) as ``You: ....``: one
    source, so the two cannot say different things. Each kind says it beside its rule."""
    decision = state.decision
    if decision is None or state.current_player is None:
        return "over"
    return KINDS[type(decision)].describe(state, decision, viewer)


def _header(state: State, player: int | None) -> list[str]:
    cards = round_cards(state.num_players, state.rules.variant)
    deciding = describe(state, player)
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
    return top


def render(state: State, player: int | None = None) -> str:
    """The table as ``player`` may see it (face-down tiles hidden); ``None``: everything."""
    require_state(state, State, "render", "Le Havre")
    if player is not None:
        state = observe(state, player).state
    lines = [*_header(state, player), *forced_lines(state.forced)]
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
    for seat in range(state.num_players):
        lines.append("")
        lines += _player(state, seat)
    lines += fit(LEGEND)
    if state.current_player is None:
        lines.append("")
        lines.append("final wealth:")
        for seat in range(state.num_players):
            lines += _breakdown(seat, wealth_parts(state, seat))
    return "\n".join(lines)


LEGEND = "(`info board` explains the table; `info NAME`: a building, ship, round card or good)"
"""The key to the table, printed under it."""


def _food(state: State, seat: int) -> str:
    """``, food due 5 at the round's end`` (less what the seat's ships give), or ``, owes 5
    food`` while it is being fed; nothing once the rounds are over."""
    fed = feeding(state.decision)
    if fed is not None and fed.seat == seat:
        return f", owes {food_due(state, seat)} food"
    if state.final_turns or state.current_player is None:
        return ""
    return f", food due {food_due(state, seat)} at the round's end"


def _player(state: State, seat: int, who: str = "") -> list[str]:
    """One seat's block: Francs, loans, wealth, where its person is, the food it owes; its goods,
    buildings and ships."""
    p = state.players[seat]
    mine = [BUILDINGS[b].id for b, owner in enumerate(state.owner) if owner == seat]
    goods = goods_text(tuple(0 if t == FRANC else n for t, n in enumerate(p.stock)))
    where = BUILDINGS[p.location].id if p.location >= 0 else "home"
    lines = fit(
        f"{who}P{seat}: {_counted(p.stock[FRANC], 'Franc')}, {_counted(p.loans, 'loan')}, "
        f"wealth {wealth(state, seat)}, person at {where}{_food(state, seat)}"
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
    return lines


def render_seat(state: State, player: int) -> str:
    """What a terminal of 24 lines shows above the decision: the header, the offer spaces,
    ``player``'s own stock, buildings and ships in full, each other player in a line. ``render``
    draws the whole table (the supply track, the proposals, the town, the ships for sale)."""
    require_state(state, State, "render_seat", "Le Havre")
    state = observe(state, player).state
    lines = [*_header(state, player)]
    lines += listing(
        "offers: ", [f"{TOKEN_NAMES[t]} {n}" for t, n in zip(OFFER_SPACES, state.offers, strict=True)]
    )
    lines += _player(state, player, "You, ")
    for seat, p in enumerate(state.players):
        if seat != player:
            built = sum(1 for owner in state.owner if owner == seat)
            where = BUILDINGS[p.location].id if p.location >= 0 else "home"
            lines += fit(
                f"P{seat}: {_counted(p.stock[FRANC], 'Franc')}, wealth {wealth(state, seat)}, "
                f"{_counted(built, 'building')}, {_counted(len(p.ships), 'ship')}, person at {where}"
            )
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
