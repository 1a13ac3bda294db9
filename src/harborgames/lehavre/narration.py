"""What a Le Havre seat is told between two of its observations (``narrate``): a round's end
(the harvest, each player's feeding, the town's new building, the new ship), interest, fees
received from other players, and the final wealth."""

from __future__ import annotations

from collections.abc import Sequence

from . import data as lh_data
from .labels import and_list, ship_words, tokens_words
from .names import display_name
from .obligations import feeding, paying_interest
from .round_end import FEEDLOT, food_due, round_cards
from .scoring import wealth as lh_wealth
from .state import OUT, PROPOSAL, SPECIAL_DECK, TOWN, Observation, State

__all__ = ["narrate"]

Json = dict[str, object]


# -- what happened --------------------------------------------------------------------------------
def narrate(before: Observation, after: Observation) -> tuple[str, ...]:
    """What happened between two observations of one seat that it did not choose itself: a
    round's end (the harvest, what each player paid for feeding, or the loans it took, the
    town's new building, the new ship, the next round's card or the final stage), interest paid
    when a Supply tile shows the symbol, another seat entering one of this seat's buildings, and
    the final wealth.

    Every seat's feeding and interest is told, this seat's own too, so that the lines of one
    round's end read as its whole summary. What the engine paid for a seat with one way to pay
    is read from ``State.forced``; what the deciding seat chose, from its stock.
    """
    old, new, viewer = before.state, after.state, after.player
    if old.current_player is None:
        return ()
    lines = _fees_received(old, new, viewer)
    cards = round_cards(old.num_players, old.rules.variant)
    round_over = old.round < len(cards) and feeding(old.decision) is None and _feeding_reached(old, new)
    fed = _fed_seats(old, new, round_over) if old.round < len(cards) else []
    owing = _interest_seats(old, new)
    settled = _Settlements(old, new, [seat for seat, _ in fed], owing)
    if round_over:
        card = cards[old.round]
        demand = card.food_demand(old.num_players)
        lines.append(
            f"Round {old.round + 1} of {len(cards)} is over: {demand} food each, less what ships provide."
        )
        lines.append(_harvest(old, new, viewer) if card.harvest else "No harvest this round.")
        if demand == 0:
            lines.append("No food to pay this round.")
    if fed and cards[old.round].food_demand(old.num_players):
        lines += [_fed_line(settled, seat, due, viewer) for seat, due in fed]
    if old.round < len(cards) and new.round > old.round:
        lines += _town_and_ship(old, new, cards[old.round], cards)
    lines += [_interest_line(settled, seat, viewer) for seat in owing]
    if new.current_player is None:
        lines.append(_final(new, viewer))
    return tuple(lines)


def _who(seat: int, viewer: int) -> str:
    return "You" if seat == viewer else f"P{seat}"


def _fees_received(old: State, new: State, viewer: int) -> list[str]:
    """Another seat entered one of this seat's buildings, and the entry fee it paid. The fee is
    read off this seat's stock when the step stayed inside that turn (no round's end, no loan
    of this seat's): then only the fee brings food or Francs to it."""
    mover = old.current_player
    if mover is None or mover == viewer:
        return []
    where = new.players[mover].location
    if where < 0 or where == old.players[mover].location or old.owner[where] != viewer:
        return []
    building = lh_data.BUILDINGS[where]
    name = display_name(building)
    stayed = (new.round, new.turn) == (old.round, old.turn) and (
        new.players[viewer].loans == old.players[viewer].loans
    )
    gained = [
        max(0, a - b) if lh_data.FOOD_VALUE[t] else 0
        for t, (a, b) in enumerate(zip(new.players[viewer].stock, old.players[viewer].stock, strict=True))
    ]
    if stayed and any(gained):
        return [f"P{mover} entered your {name} and paid you {tokens_words(gained)}."]
    if building.fee == lh_data.FREE:
        return [f"P{mover} entered your {name} (no entry fee)."]
    return [f"P{mover} entered your {name} (entry fee {building.fee})."]


def _proceeds(old: State, new: State, seat: int) -> int:
    """The Francs ``seat`` received in this step for buildings and ships it sold (half their
    value, rounded down): a seat short of food may sell, and the payment follows in one step."""
    buildings = sum(
        lh_data.BUILDINGS[b].value // 2
        for b, (was, now) in enumerate(zip(old.owner, new.owner, strict=True))
        if was == seat and now == TOWN
    )
    kept = list(new.players[seat].ships)
    ships = 0
    for card in old.players[seat].ships:
        if card in kept:
            kept.remove(card)
        else:
            ships += lh_data.ROUND_CARDS[card].ship_value // 2
    return buildings + ships


def _in_order(first: int, n: int) -> list[int]:
    return [(first + k) % n for k in range(n)]


def _before(order: list[int], seat: int) -> list[int]:
    """The seats of ``order`` before ``seat`` (all of them if it is not there: a step that did
    not go forward, such as two observations given the other way round)."""
    return order[: order.index(seat)] if seat in order else []


def _feeding_reached(old: State, new: State) -> bool:
    """This step went past the round's last turn: into feeding, or through the round's end."""
    return new.round > old.round or (feeding(new.decision) is not None and new.round == old.round)


def _fed_seats(old: State, new: State, round_over: bool) -> list[tuple[int, int]]:
    """The seats whose feeding was settled in this step, in turn order, with the food each owed
    (0: its ships provide it all, and it was skipped)."""
    n = old.num_players
    was, now = feeding(old.decision), feeding(new.decision)
    if was is not None:
        first, start = was.first, was.seat
    elif round_over:
        first = start = (old.turn_player + 1) % n
    else:
        return []
    order = _in_order(first, n)
    order = order[order.index(start) :]
    if now is not None and new.round == old.round:
        order = _before(order, now.seat)  # that seat and those after it still pay
    return [
        (seat, was.due if was is not None and was.seat == seat else food_due(old, seat)) for seat in order
    ]


def _interest_seats(old: State, new: State) -> list[int]:
    """The seats whose interest was settled in this step, in turn order: every seat with loans
    when a turn began on the interest tile (or repaying its last loan instead)."""
    n = old.num_players
    was, now = paying_interest(old.decision), paying_interest(new.decision)
    if was is not None:
        start, first = was.seat, old.turn_player
    else:
        started = (new.round, new.turn) != (old.round, old.turn) and new.final_turns == 0
        if not started or new.current_player is None or feeding(new.decision) is not None:
            return []
        tile = new.tiles[new.turn]
        if tile < 0 or not lh_data.SUPPLY_TILES[tile].interest:
            return []
        start = first = new.turn_player
    order = _in_order(first, n)
    order = order[order.index(start) :]
    same_turn = (new.round, new.turn) == (old.round, old.turn)
    if now is not None and (same_turn or was is None):
        order = _before(order, now.seat)  # that seat and those after it still pay
    return [seat for seat in order if new.players[seat].loans or old.players[seat].loans]


class _Settlements:
    """How each seat's feeding and interest of this step were paid: the engine's notation where
    it paid (a seat with one way to pay, ``State.forced``), else the deciding seat's own choice,
    read from its stock. The forced payments are matched from the last back: interest (a
    turn's start) comes after feeding (a round's end), each seat once."""

    def __init__(self, old: State, new: State, fed: Sequence[int], owing: Sequence[int]) -> None:
        self.old, self.new = old, new
        entries = list(new.forced)
        limit = len(entries)

        def take(seat: int) -> str | None:
            """The seat's last forced action before ``limit``; a payment asked kind by kind
            (``pay_part``) is joined with its earlier parts into one ``pay``."""
            nonlocal limit
            for index in range(limit - 1, -1, -1):
                if entries[index].player == seat:
                    limit = index
                    break
            else:
                return None
            if not entries[limit].action.startswith("pay_part "):
                return entries[limit].action
            parts = [entries[limit].action]
            while (
                limit
                and entries[limit - 1].player == seat
                and entries[limit - 1].action.startswith("pay_part ")
            ):
                limit -= 1
                parts.append(entries[limit].action)
            return "pay " + " ".join(
                part.split(" ", 1)[1] for part in reversed(parts) if not part.startswith("pay_part 0 ")
            )

        self.interest = {seat: self._interest_how(seat, take(seat)) for seat in reversed(owing)}
        self.feeding = {seat: take(seat) for seat in reversed(fed)}

    def _interest_how(self, seat: int, forced: str | None) -> str:
        was, now = self.old.players[seat].loans, self.new.players[seat].loans
        if forced is not None:
            return "loan" if forced == "loan" else "paid"
        if now == 0 and was > 0:
            return "repaid"
        return "loan" if now > was else "paid"

    def francs_and_loans_after_feeding(self, seat: int) -> tuple[int, int]:
        """``seat``'s Francs and loans once fed, before this step's interest."""
        p = self.new.players[seat]
        francs, loans = p.stock[lh_data.FRANC], p.loans
        how = self.interest.get(seat)
        if how == "paid":
            francs += lh_data.INTEREST
        elif how == "loan":
            francs -= lh_data.LOAN_FRANCS - lh_data.INTEREST
            loans -= 1
        return francs, loans


def _interest_line(settled: _Settlements, seat: int, viewer: int) -> str:
    who = _who(seat, viewer)
    how = settled.interest[seat]
    if how == "repaid":
        return f"{who} repaid the last loan: no interest to pay."
    if how == "loan":
        return f"{who} had no Franc for the interest: took a loan to pay it."
    return f"{who} paid {lh_data.INTEREST} Franc interest."


def _paid_tokens(notation: str) -> tuple[int, ...]:
    """The counts a ``pay`` notation names (``pay 2 fish 1 francs``)."""
    words = notation.split()[1:]
    counts = [0] * lh_data.NUM_TOKEN_KINDS
    for count, name in zip(words[::2], words[1::2], strict=True):
        counts[lh_data.TOKEN_INDEX[name]] += int(count)
    return tuple(counts)


def _harvest(old: State, new: State, viewer: int) -> str:
    """Who received grain and cattle. Nothing else changes grain or cattle between the harvest
    and the next decision (feeding takes only food), so the counts after it tell the gains."""
    gains = []
    for seat in range(old.num_players):
        grain = new.players[seat].stock[lh_data.GRAIN]
        cattle = new.players[seat].stock[lh_data.CATTLE]
        got_grain = 1 if grain >= 2 else 0
        if new.owner[FEEDLOT] == seat:
            if cattle == 8:  # 6 cattle and 2, or 7 and 1
                got_cattle = 1 if old.players[seat].stock[lh_data.CATTLE] >= 7 else 2
            else:
                got_cattle = 2 if 4 <= cattle <= 7 else 1 if cattle >= 9 else 0
        else:
            got_cattle = 1 if cattle >= 3 else 0
        got = [f"{k} {word}" for k, word in ((got_grain, "grain"), (got_cattle, "cattle")) if k]
        if got:
            gets = "get" if seat == viewer else "gets"
            gains.append(f"{_who(seat, viewer)} {gets} {' and '.join(got)}")
    if not gains:
        return "Harvest: nobody has the 1 grain or 2 cattle it takes to breed."
    return "Harvest: " + "; ".join(gains) + "."


def _fed_line(settled: _Settlements, seat: int, due: int, viewer: int) -> str:
    who = _who(seat, viewer)
    if due == 0:
        return f"{who}: the ships provide all the food."
    old, new = settled.old, settled.new
    forced = settled.feeding.get(seat)
    fed = feeding(old.decision)
    chose = fed is not None and fed.seat == seat  # its own step: read its stock
    if forced is not None and forced.startswith("pay ") and not chose:
        return f"{who} paid {due} food: {tokens_words(_paid_tokens(forced))}."
    francs, loans = settled.francs_and_loans_after_feeding(seat)
    borrowed = loans - old.players[seat].loans
    if forced == "loan" or borrowed > 0:
        # A loan pays everything one has; the loans' Francs cover the rest, the change is kept.
        worth = due - (lh_data.LOAN_FRANCS * borrowed - francs)
        loans_taken = f"{borrowed} loan{'s' * (borrowed != 1)}"
        if worth <= 0:
            return f"{who} owed {due} food, had nothing to pay it with and took {loans_taken}."
        return f"{who} owed {due} food, had {worth} food's worth: paid it all and took {loans_taken}."
    before = old.players[seat].stock
    paid = [
        max(0, b - a) if lh_data.FOOD_VALUE[t] and t != lh_data.FRANC else 0
        for t, (b, a) in enumerate(zip(before, new.players[seat].stock, strict=True))
    ]
    paid[lh_data.FRANC] = max(0, before[lh_data.FRANC] + _proceeds(old, new, seat) - francs)
    return f"{who} paid {due} food: {tokens_words(paid)}."


def _town_and_ship(
    old: State, new: State, card: lh_data.RoundCard, cards: Sequence[lh_data.RoundCard]
) -> list[str]:
    n = old.num_players
    lines: list[str] = []
    build = card.town_build_for(n)
    arrived = [
        b
        for b, (was, now) in enumerate(zip(old.owner, new.owner, strict=True))
        if now == TOWN and was in (PROPOSAL, OUT, SPECIAL_DECK)
    ]
    names = [display_name(lh_data.BUILDINGS[b]) for b in arrived]
    if build == lh_data.STANDARD_BUILD:
        lines.append(
            f"The town builds the {and_list(names)} (the lowest sort number on top of the proposals)."
            if names
            else "The town would build, but the proposal piles are empty."
        )
    elif build == lh_data.SPECIAL_BUILD:
        lines.append(
            f"The town turns up a special building: the {and_list(names)}."
            if names
            else "The town would turn up a special building, but none is left."
        )
    else:
        lines.append("The town builds nothing this round.")
    kind = lh_data.SHIP_TYPES[card.ship_type]
    price = "it cannot be bought" if kind.price is None else f"{kind.price} Francs to buy"
    food = kind.food[n - 1]
    lines.append(f"A new ship: {ship_words(card)} ({food} food a round, {price}), on top of its pile.")
    if new.round < len(cards):
        coming = cards[new.round]
        builds = {
            lh_data.NO_BUILD: "builds nothing",
            lh_data.STANDARD_BUILD: "builds a standard building",
            lh_data.SPECIAL_BUILD: "turns up a special building",
        }[coming.town_build_for(n)]
        lines.append(
            f"Round {new.round + 1} of {len(cards)}: {coming.food_demand(n)} food at its end, "
            f"{'a harvest' if coming.harvest else 'no harvest'}; the town {builds}; "
            f"then the ship {ship_words(coming)}, arrives."
        )
    else:
        lines.append(
            "The final stage: each player takes one final action (any building may be entered, "
            "occupied or not); then wealth decides."
        )
    return lines


def _final(state: State, viewer: int) -> str:
    totals = [lh_wealth(state, seat) for seat in range(state.num_players)]
    best = max(totals)
    won = [seat for seat, total in enumerate(totals) if total == best]
    shown = ", ".join(f"P{seat} {total}" for seat, total in enumerate(totals))
    outcome = f"{_who(won[0], viewer)} win{'s' * (won[0] != viewer)}" if len(won) == 1 else "a tie"
    return f"The game is over: wealth {shown}; {outcome}."
