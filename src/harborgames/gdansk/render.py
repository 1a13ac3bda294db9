"""A plain-text picture of the table, for people."""

from __future__ import annotations

from ..core.render import fit, forced_lines, header_lines, listing, require_state
from .data import CRUISE_SIZES, GOODS, SECTORS
from .decisions import LoadCubes, RerollDice, UnloadCubes
from .scoring import final_points, scores
from .state import LOAD, MOVE, RECRUIT, UNLOAD, State


def _cubes(counts: tuple[int, ...]) -> str:
    parts = [f"{n} {GOODS[g]}" for g, n in enumerate(counts) if n]
    return ", ".join(parts) or "-"


def _header(state: State) -> list[str]:
    last = (
        "; the game ends after this round" if state.end_triggered and state.current_player is not None else ""
    )
    where = f"{state.num_players} players, round {state.round}"
    return header_lines("Port Gdańsk", where, state.current_player, str(state.decision), last)


def render(state: State, player: int | None = None) -> str:
    """Board as a list of locations (orders, markers, meeples), then each player's board; every
    line fits an 80-column terminal (``core.render.WIDTH``).

    With ``player``, only what that seat may know: other players' cruise ship values (and so
    their end totals) are shown as "?", as ``observe`` hides them.
    """
    require_state(state, State, "render", "Port Gdańsk")
    c = state.rules.components
    b = state.board
    lines = [*_header(state), *forced_lines(state.forced)]
    if c.data_status != "published":
        lines.append(f"(components: {c.data_status})")
    lines.append("Locations:")
    for index, name in enumerate(c.location_ids):
        meeples = [f"P{seat}" for seat, p in enumerate(state.players) if p.location == index]
        here = f"  {name:8}"
        if index == c.central_port:
            card = "Central Port card OUT" if b.central_port_open else "Central Port card not out"
            lines.append(
                f"{here} Central Port ({card})" + (f"  meeples {' '.join(meeples)}" if meeples else "")
            )
            continue
        quays = []
        for q in c.location_quays[index]:
            text = f"{q + 1} {c.quay_name[q]} [{SECTORS[c.quay_sector[q]]}]"
            token = b.tokens[q]
            if token >= 0:
                needs = _cubes(c.token_requires[token])
                bonus = c.token_bonus[token]
                text += f" order {c.token_ids[token]}: {needs} -> {c.token_vp[token]} VP" + (
                    f", bonus {GOODS[bonus]}" if bonus >= 0 else ""
                )
            owners = [f"P{seat}" for seat, p in enumerate(state.players) if p.markers >> q & 1]
            if owners:
                text += f" markers {' '.join(owners)}"
            quays.append(text)
        if meeples:
            quays[-1] += f"  meeples {' '.join(meeples)}"
        lines += listing(here, quays, indent=" " * 10, separator=" | ")
    top = f"{c.token_ids[b.token_stack[0]]}" if b.token_stack else "-"
    lines += listing(
        "",
        [
            f"Port deck: {len(b.deck)} cards",
            f"Order tokens: {len(b.token_stack)} (top {top})",
            "cruise ships left: "
            + ", ".join(f"{size} {len(p)}" for size, p in zip(CRUISE_SIZES, b.cruise_piles, strict=True)),
        ],
        separator="; ",
    )
    if b.removed_sector >= 0:
        lines.append(f"Removed colour (2 players): {SECTORS[b.removed_sector]}")
    lines += listing("Unloading zone: ", _cubes(state.supply).split(", "))
    lines += _dice(state)
    for seat in range(len(state.players)):
        lines += _player(state, seat, player)
    lines.append(LEGEND)
    return "\n".join(part for line in lines for part in fit(line, indent="      "))


LEGEND = "(`info board` explains the table; `info CODE` reads a code, e.g. `info L5_6`)"
"""The key to the table's codes, printed under it."""


def _dice(state: State) -> list[str]:
    """``Dice: L1 M2 R1 (roll 3); loading 1 (used), movement 2, recruitment 1``: what each kind
    of symbol gives this turn, and what is used or left of it, so the line counts down."""
    t = state.turn
    if not t.dice:
        return []
    c = state.rules.components
    dice = " ".join(c.face_codes[f] for f in t.dice)
    decision = state.decision
    if isinstance(decision, RerollDice):  # the symbols count once the rolling is over
        return [f"Dice: {dice} (roll {t.rolls} of 3; reroll some, or keep them)"]
    kinds = []
    for word, symbols, flag in (
        ("loading", t.load, LOAD | UNLOAD),
        ("movement", t.move, MOVE),
        ("recruitment", t.recruit, RECRUIT),
    ):
        if isinstance(decision, LoadCubes | UnloadCubes) and flag == LOAD | UNLOAD:
            kinds.append(f"{word} {symbols} ({decision.left} left)")
        elif t.used & flag and symbols:
            kinds.append(f"{word} {symbols} (used)")
        else:
            kinds.append(f"{word} {symbols}")
    return [f"Dice: {dice} (roll {t.rolls}); {', '.join(kinds)}"]


def _player(state: State, seat: int, player: int | None) -> list[str]:
    c = state.rules.components
    p = state.players[seat]
    first = " (first player)" if seat == state.first_player else ""
    hidden = player is not None and seat != player and bool(p.cruise)
    at_end = "? (cruise ships hidden)" if hidden else f"{scores(state)[seat]} with {final_points(p, c)}"
    cards = ", ".join(f"{q + 1} {SECTORS[c.quay_sector[q]]}" for q in p.cards) or "-"
    ships = ", ".join(f"{CRUISE_SIZES[size]} {'?' if hidden else vp}" for size, vp in p.cruise) or "-"
    return [
        f"P{seat}{first}: {p.score} VP on the track, {at_end} at the end; meeple "
        f"{c.location_ids[p.location] if p.location >= 0 else '-'}",
        f"    hold {_cubes(p.hold)}; workers {p.workers}; markers left {p.markers_left}; "
        f"bonuses {_cubes(p.bonus)}",
        f"    Port cards {cards}; cruise ships {ships}",
    ]


def render_seat(state: State, player: int) -> str:
    """What a terminal of 24 lines shows above the decision: the header, the dice, ``player``'s
    own board in full, where the Order tokens lie (location, token, VP) and each other player
    in a line (VP, meeple, hold, workers). ``render`` draws the whole table (each quay, what
    each order needs)."""
    require_state(state, State, "render_seat", "Port Gdańsk")
    c = state.rules.components
    mine = _player(state, player, player)
    orders = [
        f"{c.location_ids[c.quay_location[q]]} {c.token_ids[token]} {c.token_vp[token]} VP"
        for q, token in enumerate(state.board.tokens)
        if token >= 0
    ]
    lines = [*_header(state), *_dice(state), "You, " + mine[0], *mine[1:]]
    lines += listing("Orders at: ", orders or ["none"])
    for seat, p in enumerate(state.players):
        if seat != player:
            where = c.location_ids[p.location] if p.location >= 0 else "-"
            lines.append(
                f"P{seat}: {p.score} VP, meeple {where}, {sum(p.hold)} cubes in the hold, "
                f"{p.workers} workers, {p.markers_left} markers left"
            )
    return "\n".join(part for line in lines for part in fit(line, indent="      "))
