"""How a UI draws the Inland Port: the table from one seat's observation, every building's card,
the words on the action buttons and what a round's end told (``harborgames.core.views``).

Everything here reads the observation (which, the Inland Port hiding nothing, is the state) and
the component tables; nothing changes a state.
"""

from __future__ import annotations

from typing import Any

from ..core.views import Card
from . import buildings as ip_buildings
from . import data as ip_data
from . import state as ip_state
from . import use as ip_use
from .actions import Action, Build, End, Move, Pass, Pay, Sell, Times, Use
from .card_texts import TEXT, VARIABLE_VALUE
from .decisions import (
    ChooseUse,
    Decision,
    PayBuildCost,
    PayExchangeFood,
    SellOrEnd,
    decision_kind,
    waiting_for,
)
from .scoring import building_value, sale_price
from .scoring import wealth as ip_wealth
from .state import Observation, is_available, sector_age

__all__ = ["action_label", "cards", "narrate", "table"]

_NAME = {b.id: b.name for b in ip_data.BUILDINGS}
_GOOD_WORDS = ("Fish", "Clay", "Wood", "Grain")


def table(observation: Observation) -> dict[str, object]:
    """The table as the observation's seat sees it, for a UI to draw (JSON-ready).

    Beside the boards and the buildings for sale: ``viewer`` (the seat it is drawn for), each
    player's ``built`` buildings with their ``key`` (the word ``cards()`` knows them by), sector
    and worth, and ``score_parts`` (wealth by part), the rounds to come with the buildings each
    brings, and the seat that starts the round.
    """
    return _inland_port(observation.state, observation.player)


def cards() -> tuple[Card, ...]:
    """Every building as a card: name, cost, value, the round it enters and its function; then
    the four goods and the ``board``, the key to the table's symbols (``info fish``, ``info
    board`` at the terminal)."""
    return (*(_card(b) for b in ip_data.BUILDINGS), *_GOOD_CARDS, *_LETTER_CARDS, _BOARD)


_GOOD_TEXT = {
    "fish": "Food: pays food costs (the Wood Trader, the Restaurant, food building costs) with Grain.",
    "clay": "A building material: pays the Wood/Clay costs of buildings with Wood.",
    "wood": "A building material: pays the Wood/Clay costs of buildings with Clay.",
    "grain": "Food: pays food costs (the Wood Trader, the Restaurant, food building costs) with Fish.",
}
_GOOD_CARDS = tuple(
    Card(
        key=name,
        name=name.capitalize(),
        kind="goods",
        text=(
            f"{_GOOD_TEXT[name]} Its marker ({letter} on the table) stands in your warehouse: "
            f"the count is the row plus the column (rows 0, 3, ..., {ip_data.WAREHOUSE_TOP_ROW_VALUE}; "
            f"columns +0, +1, +2), at most {ip_data.MAX_GOODS}. Buildings move it right (+1), up (+3) "
            "or up-left (+2); a payment moves it back. A move that would leave the warehouse "
            "does nothing: a marker at +0 cannot go left, one at +2 cannot go right. At the end, "
            "goods are worth nothing; only Francs and buildings count."
        ),
        extra={"letter": letter, "starts at": str(start)},
    )
    for name, letter, start in zip(ip_data.GOOD_NAMES, ip_data.GOOD_LETTERS, ip_data.START_GOODS, strict=True)
)

_LETTER_CARDS = tuple(
    Card(
        key=letter,
        name=f"{letter} ({name.capitalize()})",
        kind="goods letter",
        text=f"{letter} on the table and in the notation is {name.capitalize()}: `info {name}`.",
    )
    for name, letter in zip(ip_data.GOOD_NAMES, ip_data.GOOD_LETTERS, strict=True)
)

_BOARD = Card(
    key="board",
    name="The table",
    kind="how to read the table",
    text=(
        "The header says the round (A to L), its actions (both players' together) and how many "
        "are left, who decides and what.\n"
        "Each player: Francs, wealth (Francs plus the buildings' values: the score) and the four "
        "goods, Fish (F), Clay (C), Wood (W) and Grain (G), by count. The grid is the warehouse: "
        "a letter's row (0, 3, 6, ...) plus its column (+0, +1, +2) is that good's count.\n"
        "The wheel: a building is built or used into sector 0 and moves one sector on at each "
        "round's end: 0, 2, 3, 4, 4+, then it is sold. In sector N its main effect applies N "
        "times; in 4+ four times and the user takes 1 Franc; from sector 0 it cannot be used. A "
        "building in 4+ at a round's end is sold for half its value. Using the opponent's "
        "building costs 1 Franc, paid to them.\n"
        "A-F board, G-L board: which wheel board a player has; the starting player has A-F. "
        "Locked buildings have no function and lie beside the board.\n"
        "Available (for sale): the buildings that may be built now, with their cost. `info NAME` "
        "reads a building's card; `info fish` a good's.\n"
        "The notation (the `forced:` lines, the [words] beside an option) writes goods as their "
        "letter and a count: `pay C3 W1` pays 3 Clay and 1 Wood; `move F1 G2` moves Fish one "
        "step and Grain two."
    ),
)


def _card(b: ip_data.Building) -> Card:
    extra = {"enters in round": b.letter}
    if b.locked:
        extra["locked"] = "no function; kept beside the board"
    if b.anchor:
        extra["anchor"] = "counts for the Dock"
    return Card(
        key=b.id,
        name=b.name,
        kind="locked building" if b.locked else "building",
        text=TEXT[b.id],
        cost=str(b.cost),
        value=VARIABLE_VALUE[b.id] if b.value is None else str(b.value),
        extra=extra,
    )


def action_label(action: Action, observation: Observation) -> str:
    """The words on the button for ``action`` in the position ``observation`` shows its seat (the
    notation is the tooltip): the buildings by their printed names, goods by theirs (``Build Wood
    Company``, ``Pay 2 Wood + 1 Clay``), and the fee of using the opponent's building, which one's
    own does not cost (``Use Farm (fee 1 Franc to P1)``)."""
    match action:
        case Build(building):
            return f"Build {_NAME.get(building, building)}"
        case Use(building):
            fee, outcome = _use_fee(building, observation), _use_outcome(building, observation)
            notes = [note for note in (fee, outcome) if note]
            return f"Use {_NAME.get(building, building)}" + (f" ({'; '.join(notes)})" if notes else "")
        case Sell(building):
            index = ip_data.BUILDING_INDEX.get(building)
            price = "" if index is None else f" (for {_francs(sale_price(observation.state, index))})"
            return f"Sell {_NAME.get(building, building)}{price}"
        case Pass():
            return "Pass"
        case End():
            return "End turn"
        case Move():
            steps = [f"{_GOOD_WORDS[g]} {n}" for g, n in enumerate(action.counts) if n]
            return "Move " + ", ".join(steps) if steps else "Move nothing"
        case Times(count):
            return "Once" if count == 1 else f"{count} times"
        case Pay():
            paid = [f"{n} {_GOOD_WORDS[g]}" for g, n in enumerate(action.counts) if n]
            return "Pay " + " + ".join(paid) if paid else "Pay nothing"
    return str(action)


def _francs(n: int) -> str:
    return f"{n} Franc{'s' * (n != 1)}"


def _use_fee(key: str, observation: Observation) -> str:
    """``fee 1 Franc to P1`` where the seat to move would use the other player's building;
    nothing for its own, which it uses free (rulebook, "Use")."""
    state, viewer = observation.state, observation.player
    index = ip_data.BUILDING_INDEX.get(key)
    owner = -1 if index is None else state.owner[index]
    if owner < 0 or state.current_player in (None, owner):
        return ""
    return f"fee 1 Franc to {'you' if owner == viewer else f'P{owner}'}"


def _use_outcome(key: str, observation: Observation) -> str:
    """``changes nothing: Clay is at 3 (+0)`` where the building's effect, which holds no
    choice, would move none of the user's goods and gain no Francs (the rules allow such a use:
    it still sends the building to sector 0); the goods named are those the effect moves."""
    state, player = observation.state, observation.state.current_player
    index = ip_data.BUILDING_INDEX.get(key)
    rules_effect = ip_buildings.effects(state.rules).get(key)
    if player is None or index is None or rules_effect is None or rules_effect.options is not None:
        return ""
    age = sector_age(state, index)
    if not 0 < age < len(ip_data.SECTOR_APPLICATIONS):
        return ""
    n, tables = ip_data.SECTOR_APPLICATIONS[age], ip_use.tables(state.rules)
    goods, francs = state.goods[player], state.francs[player]
    if rules_effect.resolve(goods, francs, n, None, tables) != (goods, francs):
        return ""
    probe = (4, 4, 4, 4)  # every marker in the middle column, free to move: which ones the effect moves
    moved = rules_effect.resolve(probe, 0, n, None, tables)[0]
    names = [g for g in range(4) if moved[g] != probe[g]]
    where = ", ".join(
        f"{ip_data.GOOD_NAMES[g].capitalize()} is at {goods[g]} (+{goods[g] % ip_data.COLUMNS})"
        for g in names
    )
    free = age != ip_data.BONUS_SECTOR and state.owner[index] == player  # no fee, no bonus Franc
    said = "changes nothing" if free else "moves no goods"
    return f"{said}{': ' + where if where else ''}"


def narrate(before: Observation, after: Observation) -> tuple[str, ...]:
    """What happened between two observations of one seat that it did not choose itself: the
    other player using one of this seat's buildings (its fee, the building back in sector 0),
    and each round's end: the pointers turning, the buildings sold by force from the "cannot use"
    sector, the next round's actions, starting player and new buildings, the buildings that
    must be used before that round ends, and at the end the final wealth."""
    old, new, seat = before.state, after.state, after.player
    lines: list[str] = []
    mover = old.current_player
    if mover is not None and mover != seat:
        for b, building in enumerate(ip_data.BUILDINGS):
            if old.owner[b] == seat and new.placed[b] != old.placed[b] and new.placed[b] == old.round:
                lines.append(
                    f"P{mover} used your {building.name} (1 Franc to you); it is back in sector 0."
                )
    if new.round == old.round:
        return tuple(lines)
    voluntary = _sold_by_choice(old, new)
    for ended in range(old.round, new.round):
        letter = ip_data.ROUND_LETTERS[ended]
        lines.append(f"Round {letter} is over: both pointers turn, every building moves one sector on.")
    for b, building in enumerate(ip_data.BUILDINGS):
        owner = old.owner[b]
        if (
            owner >= 0
            and new.owner[b] < 0
            and not building.locked
            and b != voluntary
            and new.round - new.placed[b] >= ip_data.FORCED_SALE_AGE
        ):
            whose = "Your" if owner == seat else f"P{owner}'s"
            price = sale_price(old, b)
            lines.append(
                f'{whose} {building.name} reached the "cannot use" sector and was sold for '
                f"{price} Franc{'s' * (price != 1)}."
            )
    if new.current_player is None:
        lines.append(_final(new))
        return tuple(lines)
    lines.append(_round_start(new))
    for b, building in enumerate(ip_data.BUILDINGS):
        owner = new.owner[b]
        if owner >= 0 and not building.locked and sector_age(new, b) == ip_data.BONUS_SECTOR:
            whose = "Your" if owner == seat else f"P{owner}'s"
            lines.append(
                f'{whose} {building.name} is in sector "4+": used this round, or sold at its end.'
            )
    return tuple(lines)


def _sold_by_choice(old: ip_state.State, new: ip_state.State) -> int | None:
    """The building the mover sold as the move that ended the round, if it did: selling one's
    last building after the main action ends the turn at once (``turn.py``)."""
    mover = old.current_player
    if mover is None or not isinstance(old.decision, SellOrEnd):
        return None
    owned = [b for b, who in enumerate(old.owner) if who == mover]
    return owned[0] if len(owned) == 1 and new.owner[owned[0]] < 0 else None


def _round_start(state: ip_state.State) -> str:
    letter = ip_data.ROUND_LETTERS[state.round]
    actions = ip_data.ROUND_ACTIONS[state.round]
    starter = _round_starter(state)
    arriving = [b.name for b in ip_data.BUILDINGS if b.letter == letter]
    text = (
        f"Round {letter}: {actions} actions, P{starter} starts "
        f"(P{starter} {actions // 2 + 1}, P{1 - starter} {actions // 2})."
    )
    return text + (f" New buildings: {', '.join(arriving)}." if arriving else "")


def _final(state: ip_state.State) -> str:
    totals = [ip_wealth(state, p) for p in range(2)]
    best = max(totals)
    won = [p for p in range(2) if totals[p] == best]
    outcome = f"P{won[0]} wins" if len(won) == 1 else "a tie"
    return f"The game is over: wealth P0 {totals[0]}, P1 {totals[1]}; {outcome}."


def _round_starter(state: ip_state.State) -> int:
    """Rounds have an odd number of actions, so the starting player alternates from round A."""
    return state.first_player ^ (state.round % 2)


def _score_parts(state: ip_state.State, seat: int) -> list[list[object]]:
    """Wealth by part: Francs, the printed values, and each end-counted building by name."""
    owned = [b for b in range(ip_data.NUM_BUILDINGS) if state.owner[b] == seat]
    fixed = sum(ip_data.BUILDINGS[b].value or 0 for b in owned)
    parts: list[list[object]] = [["Francs", state.francs[seat]], ["buildings", fixed]]
    parts += [
        [ip_data.BUILDINGS[b].name, building_value(state, b)]
        for b in owned
        if ip_data.BUILDINGS[b].value is None
    ]
    return parts


def _built(state: ip_state.State, b: int) -> dict[str, Any]:
    building = ip_data.BUILDINGS[b]
    if building.locked:
        sector, applications = None, 0
    else:
        age = min(max(sector_age(state, b), 0), len(ip_data.SECTOR_LABELS) - 1)
        sector, applications = ip_data.SECTOR_LABELS[age], ip_data.SECTOR_APPLICATIONS[age]
    return {
        "key": building.id,
        "name": building.name,
        "sector": sector,  # None for a locked building, kept beside the board
        "applications": applications,  # N: how often its main effect applies if used now
        "value": building_value(state, b),
        "sale": sale_price(state, b),
        "locked": building.locked,
    }


def _deciding_about(decision: Decision | None) -> str | None:
    match decision:
        case ChooseUse(building) | PayBuildCost(building) | PayExchangeFood(building):
            return building
    return None


def _inland_port(state: ip_state.State, viewer: int) -> dict[str, Any]:
    players = []
    for seat in range(2):
        wheel: dict[str, list[str]] = {label: [] for label in ip_data.SECTOR_LABELS}
        keys: dict[str, list[str]] = {label: [] for label in ip_data.SECTOR_LABELS}
        beside, beside_keys, built = [], [], []
        for b, building in enumerate(ip_data.BUILDINGS):
            if state.owner[b] != seat:
                continue
            built.append(_built(state, b))
            if building.locked:
                beside.append(building.name)
                beside_keys.append(building.id)
            else:
                age = min(max(sector_age(state, b), 0), len(ip_data.SECTOR_LABELS) - 1)
                wheel[ip_data.SECTOR_LABELS[age]].append(building.name)
                keys[ip_data.SECTOR_LABELS[age]].append(building.id)
        players.append(
            {
                "seat": seat,
                "board": "A-F" if seat == state.first_player else "G-L",
                "francs": state.francs[seat],
                "wealth": ip_wealth(state, seat),
                "score_parts": _score_parts(state, seat),
                "goods": dict(zip(ip_data.GOOD_NAMES, state.goods[seat], strict=True)),
                "wheel": [
                    {"sector": label, "buildings": names, "keys": keys[label]}
                    for label, names in wheel.items()
                ],
                "beside": beside,
                "beside_keys": beside_keys,
                "built": built,
            }
        )
    over = state.current_player is None
    return {
        "kind": "inland_port",
        "viewer": viewer,
        "current_player": state.current_player,
        "first_player": state.first_player,
        "round": None if over else ip_data.ROUND_LETTERS[state.round],
        "round_actions": None if over else ip_data.ROUND_ACTIONS[state.round],
        "round_starter": None if over else _round_starter(state),
        "actions_left": state.actions_left,
        "phase": decision_kind(state.decision),
        "columns": ip_data.COLUMNS,
        "top_row": ip_data.TOP_ROW,
        "letters": dict(zip(ip_data.GOOD_NAMES, ip_data.GOOD_LETTERS, strict=True)),
        "sectors": [
            {"sector": label, "applications": n}
            for label, n in zip(ip_data.SECTOR_LABELS, ip_data.SECTOR_APPLICATIONS, strict=True)
        ],
        "players": players,
        "available": [
            {"key": b.id, "name": b.name, "cost": str(b.cost), "value": _card(b).value, "letter": b.letter}
            for i, b in enumerate(ip_data.BUILDINGS)
            if is_available(state, i)
        ],
        "coming": [
            {
                "round": letter,
                "buildings": [
                    {"key": b.id, "name": b.name, "cost": str(b.cost)}
                    for b in ip_data.BUILDINGS
                    if b.letter == letter
                ],
            }
            for letter in ip_data.ROUND_LETTERS[state.round + 1 :]
        ],
        "pending": waiting_for(state.decision),
        "deciding_about": _deciding_about(state.decision),
    }
