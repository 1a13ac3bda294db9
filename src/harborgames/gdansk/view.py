"""How a UI draws Port Gdańsk: the table from one seat's observation, the components as cards,
the words on the action buttons and what happened between two views (``harborgames.core.views``).

Everything here reads one seat's observation and its components; nothing changes a state. The
cards are those of the shipped stand-in components (``cards()`` takes no game); a table drawn
from other components names its own quays, Order tokens and ships.
"""

from __future__ import annotations

from typing import Any

from ..core.views import Card
from . import data as gdansk_data
from .actions import (
    Action,
    Cruise,
    Discard,
    End,
    Execute,
    HrPlace,
    HrSwap,
    HrSwapWith,
    Keep,
    Load,
    Move,
    PlaceMeeple,
    Recruit,
    RemoveSector,
    Reroll,
    Roll,
    Unload,
)
from .component_file import standin_components
from .decisions import ChooseAction, ChooseStart, LoadCubes, UnloadCubes
from .scoring import final_points, set_score
from .state import MOVE, Observation
from .turn import dice_actions_open

__all__ = ["action_label", "cards", "die_face_key", "narrate", "table"]

GOOD_WORDS = {
    "grain": "grain",
    "liquid_fuels": "liquid fuels",
    "coal": "coal",
    "containers": "containers",
    "cargo": "cargo",
    "ro_ro": "Ro-Ro",
}
_DIE_WORDS = dict(zip(gdansk_data.DIE_LETTERS, gdansk_data.DIE_KINDS, strict=True))


def table(observation: Observation) -> dict[str, object]:
    """The table as the observation's seat sees it, for a UI to draw (JSON-ready).

    Beside the map and the boards: ``viewer`` (the seat it is drawn for), ``seats`` (the seat
    legend: name, first player, the one to move; the page picks the colours), ``targets`` (the
    locations the viewer's meeple may go to now, each with the notation that goes there) and
    each player's ``score_parts`` (VP by source, where this seat may know them).
    """
    return _gdansk(observation)


def cards() -> tuple[Card, ...]:
    """The components a player may read about: each Port card (its quay, sector and what it
    scores), each Order token, the three cruise ship sizes, the Central Port card, the goods and
    the dice faces, from the shipped stand-in components."""
    return component_cards(standin_components())


def port_card_key(quay_number: int) -> str:
    """The card key of the Port card of quay ``quay_number`` (its printed number)."""
    return f"quay_{quay_number}"


def cruise_key(size: str) -> str:
    """The card key of a cruise ship size (``small``, ``medium``, ``large``)."""
    return f"{size}_cruise_ship"


def component_cards(c: gdansk_data.Components) -> tuple[Card, ...]:
    """The cards of these components (``cards`` is this for the stand-in)."""
    sets = ", ".join(
        f"{n} colour{'s' * (n != 1)} {vp} VP" for n, vp in enumerate(c.set_scores) if n
    )
    out: list[Card] = []
    for q, name in enumerate(c.quay_name):
        sector = gdansk_data.SECTORS[c.quay_sector[q]]
        workers = c.quay_workers[q]
        out.append(
            Card(
                key=port_card_key(q + 1),
                name=name,
                kind="port card",
                text=(
                    f"Quay {q + 1} of the {sector} sector. An Order token revealed with this card "
                    f"lies on this quay: with your meeple here, its goods in your cargo space (constant "
                    f"bonuses count as cubes) and {workers} Worker token{'s' * (workers != 1)}, execute "
                    "it: the goods go back, you score its VP, place an Influence marker on this quay, "
                    "take this card and reveal two new Port cards. While you have an Influence marker "
                    f"here, you score {c.sector_vp_per_marker} VP whenever another player executes an "
                    f"order in the {sector} sector. At the end, Port cards of different colours score "
                    f"as sets ({sets}); each card counts in one set."
                ),
                cost=f"{workers} Worker{'s' * (workers != 1)}",
                value=f"sets: {sets}",
                extra={"sector": sector, "location": c.location_ids[c.quay_location[q]]},
            )
        )
    for t, token in enumerate(c.token_ids):
        needs = _cube_words(c.token_requires[t])
        bonus = c.token_bonus[t]
        out.append(
            Card(
                key=token,
                name=f"Order token {token}",
                kind="order token",
                text=(
                    f"Requires {needs}; executing it scores {c.token_vp[t]} VP. "
                    + (
                        f"Its back shows a constant bonus: one {GOOD_WORDS[gdansk_data.GOODS[bonus]]} "
                        "cube that counts for every later order, without taking cargo space."
                        if bonus >= 0
                        else "Its back shows no constant bonus."
                    )
                ),
                cost=needs,
                value=f"{c.token_vp[t]} VP",
                extra={"bonus": GOOD_WORDS[gdansk_data.GOODS[bonus]] if bonus >= 0 else "none"},
            )
        )
    for size, workers in zip(gdansk_data.CRUISE_SIZES, gdansk_data.CRUISE_WORKERS, strict=True):
        values = c.cruise_vp[gdansk_data.CRUISE_INDEX[size]]
        out.append(
            Card(
                key=cruise_key(size),
                name=f"{size.capitalize()} cruise ship",
                kind="cruise ship",
                text=(
                    f"Serve it: return {workers} Worker tokens and take the top card of the {size} "
                    "pile face down; its VP are added at the end of the game. At most one cruise "
                    "ship a turn."
                ),
                cost=f"{workers} Workers",
                value=f"{min(values)}-{max(values)} VP" if values else "",
            )
        )
    unload = ", ".join(
        f"{GOOD_WORDS[g]} {vp} VP" for g, vp in zip(gdansk_data.GOODS, c.unload_vp, strict=True)
    )
    out.append(
        Card(
            key="central_port",
            name="Central Port card",
            kind="central port card",
            text=(
                "Once revealed it lies on the Central Port location: with your meeple there you may "
                "no longer load, but you may unload cubes of a total weight up to your loading "
                f"symbols for VP each: {unload}."
            ),
            value=unload,
        )
    )
    for g, good in enumerate(gdansk_data.GOODS):
        out.append(
            Card(
                key=good,
                name=GOOD_WORDS[good],
                kind="goods",
                text=(
                    f"Loading one cube takes {c.weight[g]} loading symbol{'s' * (c.weight[g] != 1)}; "
                    f"{c.supply[g]} cubes in the game; unloaded in Central Port it scores "
                    f"{c.unload_vp[g]} VP."
                ),
                value=f"{c.unload_vp[g]} VP unloaded",
                extra={"weight": str(c.weight[g]), "cubes": str(c.supply[g])},
            )
        )
    for code, value in sorted({(code, c.face_value[f]) for f, code in enumerate(c.face_codes)}):
        kind = _DIE_WORDS[code[0]]
        out.append(
            Card(
                key=die_face_key(code),
                name=f"die face {code}",
                kind="die face",
                text=(
                    f"{value} {kind} symbol{'s' * (value != 1)}: the dice line and the rolls name faces "
                    f"this way ({', '.join(f'{letter} {word}' for letter, word in _DIE_WORDS.items())}, "
                    "then the number of symbols); `reroll` names the faces to throw again."
                ),
            )
        )
    out += _location_cards(c)
    out += [_sector_card(c, k) for k in range(len(gdansk_data.SECTORS))]
    out.append(_board_card(c))
    return tuple(out)


def die_face_key(code: str) -> str:
    """The card key of a die face: ``die_L1`` (``L1`` alone is a location's)."""
    return f"die_{code}"


def _location_cards(c: gdansk_data.Components) -> list[Card]:
    """A card per location id the table shows (``L5_6``, ``CP``): its quays, and where a
    meeple may go from it with one arrow."""
    cards = []
    faces = set(c.face_codes)
    for index, name in enumerate(c.location_ids):
        near = [c.location_ids[k] for k in range(len(c.location_ids)) if c.distance[index][k] == 1]
        quays = [
            f"quay {q + 1}, {c.quay_name[q]} ({gdansk_data.SECTORS[c.quay_sector[q]]})"
            for q in c.location_quays[index]
        ]
        if index == c.central_port:
            what = (
                "The Central Port location. Before the Central Port card is out, a meeple here may "
                "load as anywhere; once it is out, no loading here, but unloading cubes for VP "
                "(`info central_port`)."
            )
        else:
            double = "A double location: both quays are in reach from it. " if len(quays) > 1 else ""
            what = (
                f"A Port location with {' and '.join(quays)}. {double}With your meeple here you may "
                "load cubes from the unloading zone and execute the Order token lying on a quay "
                "here (`info quay N` reads its Port card)."
            )
        also = f" ({name} is also a die face: `info die {name}`.)" if name in faces else ""
        cards.append(
            Card(
                key=name,
                name=f"location {name}",
                kind="location",
                text=f"{what} One movement arrow reaches {', '.join(near) or 'nothing'}.{also}",
                extra={"quays": ", ".join(str(q + 1) for q in c.location_quays[index]) or "none"},
            )
        )
    return cards


def _sector_card(c: gdansk_data.Components, sector: int) -> Card:
    name = gdansk_data.SECTORS[sector]
    quays = [str(q + 1) for q in range(len(c.quay_sector)) if c.quay_sector[q] == sector]
    return Card(
        key=name,
        name=f"{name} sector",
        kind="sector",
        text=(
            f"The quays {', '.join(quays)} are {name}. With an Influence marker on a {name} quay you "
            f"score {c.sector_vp_per_marker} VP whenever another player executes an order in this "
            "sector. Port cards of different colours score as sets at the end. With 2 players one "
            "colour sits out: its Port cards leave the deck."
        ),
        extra={"quays": ", ".join(quays)},
    )


def _board_card(c: gdansk_data.Components) -> Card:
    sizes = ", ".join(gdansk_data.CRUISE_SIZES)
    return Card(
        key="board",
        name="The table",
        kind="how to read the table",
        text=(
            "Locations: one line per place a meeple can stand, by its id (L1 ... L20; L5_6 is a "
            "double location with quays 5 and 6; CP the Central Port), then each quay's number, "
            "name and colour [sector], the Order token on it (its id, the goods it needs -> its "
            "VP, a bonus), the Influence markers (P0, P1 ...) and the meeples. `info L5_6`, "
            "`info O06`, `info blue`, `info quay 5` read each.\n"
            "Port deck: the Port cards still to come; Order tokens: the stack still to draw; "
            f"cruise ships left: the piles ({sizes}).\n"
            "Unloading zone: the cubes anyone may load.\n"
            "Dice: the faces rolled (L loading, M movement, R recruitment, then the symbols: "
            "`info die L1`), then what each kind gives and what is left of it this turn.\n"
            "Each player: VP on the track, and the total at the end (with cruise ships and Port "
            "card sets); the meeple's location; the hold (cubes loaded, at most "
            f"{c.cargo_capacity} loading symbols); workers; Influence markers left in stock; "
            "bonuses (constant bonus cubes from executed orders); Port cards taken; cruise ships "
            "served (their VP face down for the others).\n"
            "(components: stand-in): the map, cards and tokens are invented stand-ins for the "
            "published ones, checked against every fact the rulebook gives."
        ),
    )


def action_label(action: Action, observation: Observation) -> str:
    """The words on the button for ``action`` (its notation is the tooltip). No words here depend
    on the seat reading them (a swap names the other player's marker, whose it is), so
    ``observation`` is not read."""
    match action:
        case RemoveSector(sector):
            return f"Remove the {sector} sector"
        case PlaceMeeple(location):
            return f"Start at {location}"
        case Roll():
            return "Roll the dice"
        case Reroll(faces):
            return "Reroll " + " + ".join(_face_words(face) for face in faces)
        case Keep():
            return "Keep the dice"
        case Load(good):
            return f"Load {GOOD_WORDS.get(good, good)}"
        case Discard(good):
            return f"Return {GOOD_WORDS.get(good, good)} to make room"
        case Unload(good):
            return f"Unload {GOOD_WORDS.get(good, good)}"
        case Move(location):
            return f"Move to {location}"
        case Recruit():
            return "Recruit workers"
        case Execute(quay):
            return f"Execute the order on quay {quay}"
        case HrSwap(quay):
            return f"Swap your marker on quay {quay}"
        case HrSwapWith(player, quay):
            return f"Swap with P{player}'s marker on quay {quay}"
        case HrPlace(quay):
            return f"Place a marker on quay {quay}"
        case Cruise(size):
            return f"Serve a {size} cruise ship"
        case End():
            return "End turn"
    return str(action)


def narrate(before: Observation, after: Observation) -> tuple[str, ...]:
    """What happened between two observations of one seat that it did not choose itself: the
    colour that sits out, the dice rolled, VP scored for influence when another executes an
    order, new Order tokens on the board, the Central Port card coming out, the end triggered,
    and the end of the game."""
    c = after.rules.components
    seat = after.player
    lines: list[str] = []
    mover = before.current_player
    if before.removed_sector < 0 <= after.removed_sector and mover != seat:
        lines.append(
            f"The {gdansk_data.SECTORS[after.removed_sector]} sector sits out this game: its Port "
            "cards are out of the deck."
        )
    if mover is not None:
        lines += _influence(before, after, mover)
    for q, token in enumerate(after.tokens):
        if token >= 0 and before.tokens[q] != token:
            lines.append(
                f"A new Order token, {c.token_ids[token]}, lies on quay {q + 1} ({c.quay_name[q]}): "
                f"{_cube_words(c.token_requires[token])} for {c.token_vp[token]} VP."
            )
    if after.central_port_open and not before.central_port_open:
        lines.append(
            "The Central Port card is out: unloading in Central Port is open (no loading there)."
        )
    if after.end_triggered and not before.end_triggered:
        lines.append(f"The end is triggered ({_why_end(after)}): this round is the last.")
    lines += _rolls(before, after)
    if after.current_player is None and before.current_player is not None:
        if not after.end_triggered:
            lines.append(f"The round limit ({gdansk_data.ROUND_LIMIT} rounds) is reached.")
        lines.append(_final(after))
    return tuple(lines)


def _influence(before: Observation, after: Observation, mover: int) -> list[str]:
    """The VP others scored for their markers when ``mover`` executed an order."""
    c = after.rules.components
    taken = after.players[mover].cards[len(before.players[mover].cards) :]
    if not taken:
        return []
    sector = gdansk_data.SECTORS[c.quay_sector[taken[-1]]]
    lines = []
    for s, p in enumerate(after.players):
        gained = p.score - before.players[s].score
        if s != mover and gained > 0:
            who = "You score" if s == after.player else f"P{s} scores"
            lines.append(f"{who} {gained} VP for Influence markers in the {sector} sector.")
    return lines


def _rolls(before: Observation, after: Observation) -> list[str]:
    """The dice after a roll or reroll: the faces are chance, not a choice."""
    turn, old = after.turn, before.turn
    rolled = turn.rolls > old.rolls or before.current_player != after.current_player
    if after.current_player is None or not turn.dice or not rolled:
        return []
    codes = after.rules.components.face_codes
    who = "You" if after.current_player == after.player else f"P{after.current_player}"
    verb = "rolled" if turn.rolls == 1 else "rerolled"
    faces = " ".join(codes[face] for face in turn.dice)
    return [f"{who} {verb}: {faces} (roll {turn.rolls} of 3)."]


def _why_end(obs: Observation) -> str:
    c = obs.rules.components
    reasons = [f"P{s} has {p.score} VP" for s, p in enumerate(obs.players) if p.score >= c.end_vp]
    reasons += [
        f"P{s} placed the last Influence marker" for s, p in enumerate(obs.players) if not p.markers_left
    ]
    if max(obs.tokens) < 0:
        reasons.append("no Order token is left on the board")
    return "; ".join(reasons)


def _final(obs: Observation) -> str:
    parts = []
    for s, p in enumerate(obs.players):
        hidden = any(vp < 0 for _, vp in p.cruise)
        if hidden:
            parts.append(f"P{s} {p.score} on the track + face-down cruise ships")
        else:
            parts.append(f"P{s} {p.score + final_points(p, obs.rules.components)}")
    return "The game is over; final scoring adds cruise ships and Port card sets: " + ", ".join(parts) + "."


def _face_words(code: str) -> str:
    return f"{code[1:]} {_DIE_WORDS.get(code[0], code[0])}"


def _cube_words(counts: tuple[int, ...]) -> str:
    words = [f"{n} {GOOD_WORDS[gdansk_data.GOODS[g]]}" for g, n in enumerate(counts) if n]
    return " + ".join(words) if words else "nothing"


def _cubes(counts: tuple[int, ...]) -> dict[str, int]:
    return {gdansk_data.GOODS[g]: n for g, n in enumerate(counts) if n}


def _good(good: int) -> str | None:
    return gdansk_data.GOODS[good] if good >= 0 else None


def _targets(obs: Observation) -> list[dict[str, str]]:
    """Where the viewer's meeple may go now, with the notation of each: ``start`` while meeples
    are placed, ``move`` while a movement may begin (what ``turn.action_choices`` offers)."""
    if obs.current_player != obs.player:
        return []
    c = obs.rules.components
    decision = obs.decision
    if isinstance(decision, ChooseStart):
        return [
            {"location": name, "action": str(PlaceMeeple(name))}
            for i, name in enumerate(c.location_ids)
            if obs.rules.meeple_start == "any_location" or i != c.central_port
        ]
    if not isinstance(decision, (ChooseAction, LoadCubes, UnloadCubes)):
        return []
    turn = obs.turn
    if not turn.move or turn.used & MOVE or not dice_actions_open(decision, obs.rules.additional_actions):
        return []
    here = obs.players[obs.player].location
    return [{"location": move.location, "action": str(move)} for move in c.reach[here][turn.move]]


def _score_parts(obs: Observation, seat: int) -> list[list[object]] | None:
    """VP by source: orders (their tokens' VP), the rest of the track (influence in sectors
    and unloading in Central Port), cruise ships and Port card sets; ``None`` while this seat
    may not know them (another seat's face-down Cruise Ship cards)."""
    c = obs.rules.components
    p = obs.players[seat]
    if any(vp < 0 for _, vp in p.cruise):
        return None
    orders = sum(c.token_vp[t] for t in p.tokens)
    return [
        ["orders", orders],
        ["influence and Central Port", p.score - orders],
        ["cruise ships", sum(vp for _, vp in p.cruise)],
        ["Port card sets", set_score(p.cards, c)],
    ]


def _gdansk(obs: Observation) -> dict[str, Any]:
    c = obs.rules.components
    locations = []
    for index, name in enumerate(c.location_ids):
        quays = []
        for q in c.location_quays[index]:
            token = obs.tokens[q]
            quays.append(
                {
                    "number": q + 1,
                    "name": c.quay_name[q],
                    "sector": gdansk_data.SECTORS[c.quay_sector[q]],
                    "workers": c.quay_workers[q],
                    "card": port_card_key(q + 1),
                    "order": None
                    if token < 0
                    else {
                        "id": c.token_ids[token],
                        "requires": _cubes(c.token_requires[token]),
                        "vp": c.token_vp[token],
                        "bonus": _good(c.token_bonus[token]),
                    },
                    "markers": [s for s, p in enumerate(obs.players) if p.markers >> q & 1],
                }
            )
        locations.append(
            {
                "id": name,
                "central_port": index == c.central_port,
                "quays": quays,
                "meeples": [s for s, p in enumerate(obs.players) if p.location == index],
            }
        )
    edges = [
        [c.location_ids[a], c.location_ids[b]]
        for a in range(len(c.location_ids))
        for b in range(a + 1, len(c.location_ids))
        if c.distance[a][b] == 1
    ]
    players = []
    for seat, p in enumerate(obs.players):
        hidden = seat != obs.player and any(vp < 0 for _, vp in p.cruise)
        players.append(
            {
                "seat": seat,
                "first": seat == obs.first_player,
                "track": p.score,
                "final_points": None if hidden else final_points(p, c),
                "score_parts": _score_parts(obs, seat),
                "location": c.location_ids[p.location] if p.location >= 0 else None,
                "hold": _cubes(p.hold),
                "cargo_capacity": c.cargo_capacity,
                "workers": p.workers,
                "markers_in_stock": p.markers_left,
                "markers_on_board": [q + 1 for q in range(gdansk_data.NUM_QUAYS) if p.markers >> q & 1],
                "bonus": _cubes(p.bonus),
                "orders": [c.token_ids[t] for t in p.tokens],
                "port_cards": [
                    {
                        "quay": q + 1,
                        "sector": gdansk_data.SECTORS[c.quay_sector[q]],
                        "card": port_card_key(q + 1),
                    }
                    for q in p.cards
                ],
                "cruise_ships": [
                    {
                        "size": gdansk_data.CRUISE_SIZES[size],
                        "vp": None if vp < 0 else vp,
                        "card": cruise_key(gdansk_data.CRUISE_SIZES[size]),
                    }
                    for size, vp in p.cruise
                ],
            }
        )
    turn = obs.turn
    return {
        "kind": "gdansk",
        "viewer": obs.player,
        "current_player": obs.current_player,
        "seats": [
            {
                "seat": seat,
                "name": f"P{seat}",
                "first": seat == obs.first_player,
                "to_move": seat == obs.current_player,
            }
            for seat in range(obs.num_players)
        ],
        "targets": _targets(obs),
        "round": obs.round,
        "phase": "over" if obs.decision is None else str(obs.decision),
        "end_triggered": obs.end_triggered,
        "components": c.data_status,
        "locations": locations,
        "edges": edges,
        "supply": _cubes(obs.supply),
        "deck_size": obs.deck_size,
        "central_port_open": obs.central_port_open,
        "order_stack": {
            "size": obs.token_stack_size,
            "top": c.token_ids[obs.token_stack_top] if obs.token_stack_top >= 0 else None,
        },
        "boxed_orders": [c.token_ids[t] for t in obs.boxed_tokens],
        "removed_sector": gdansk_data.SECTORS[obs.removed_sector] if obs.removed_sector >= 0 else None,
        "cruise_piles": dict(zip(gdansk_data.CRUISE_SIZES, obs.cruise_pile_sizes, strict=True)),
        "dice": {
            "faces": [c.face_codes[f] for f in turn.dice],
            "rolls": turn.rolls,
            "loading": turn.load,
            "movement": turn.move,
            "recruitment": turn.recruit,
        },
        "hr_panel": {"swap_cost": c.hr_swap_cost, "place_cost": c.hr_place_cost},
        "players": players,
    }
