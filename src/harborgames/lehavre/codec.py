"""JSON for Le Havre, with the consistency checks that ``loads`` applies."""

from __future__ import annotations

import attrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from ..core.checks import StateChecks
from ..core.codec import Codec, register_decisions
from ..core.errors import FormatError
from .actions import ACTION_TYPES
from .construction import LUXURY_YACHT
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    FULL,
    IRON_SHIP,
    NUM_TOKEN_KINDS,
    OFFER_SPACES,
    PLAYER_COUNTS,
    ROUND_CARD_INDEX,
    ROUND_CARDS,
    SHIP_TYPES,
    SHORT,
    SPECIAL_BUILD,
    SPECIAL_BUILDINGS,
    SPECIAL_DEALT,
    STARTING_SHIPS,
    SUPPLY_TILES,
    TURNS_PER_ROUND,
    round_cards,
)
from .decisions import DECISION_TYPES, Decision
from .kind import Phase
from .limits import MAX_COUNTER, check_room
from .observe import HIDDEN, KNOWN_TO_THEM
from .offered import in_play_buildings
from .readings import SOURCE_READINGS
from .setup import special_deck
from .state import OUT, PROPOSAL, SPECIAL_DECK, TOWN, Observation, State
from .turn import KINDS, RULEBOOK
from .visit import EFFECT_OF


def validate_state(state: State, *, observed: bool = False, observer: int = -1) -> None:
    """Refuse positions the rules can never reach in form (counts, ranges, card places)."""
    check = StateChecks("lehavre", "observation" if observed else "state")
    check.one_of("num_players", state.num_players, PLAYER_COUNTS)
    n = state.num_players
    check.require(
        state.decision is None or type(state.decision) in DECISION_TYPES,
        "the decision must be one of the decision kinds, or null",
    )
    over = state.current_player is None
    if not over:
        check.seat("current_player", state.current_player, n)
    check.seat("turn_player", state.turn_player, n)
    check.forced("forced", state.forced, n)
    cards = round_cards(n, state.rules.variant)
    check.within("round", state.round, 0, len(cards))
    check.within("turn", state.turn, 0, TURNS_PER_ROUND)  # 7: the round's turns are over (feeding)
    check.within("final_turns", state.final_turns, 0, n)
    check.length("players", state.players, n)
    check.length("tiles", state.tiles, len(SUPPLY_TILES))
    check.within("revealed", state.revealed, 0, len(SUPPLY_TILES))
    shown = [t for t in state.tiles if t != HIDDEN]
    if observed:
        check.require(all(t == HIDDEN for t in state.tiles[state.revealed :]), "a face-down tile is shown")
    check.require(
        sorted(shown) == sorted(set(shown)) and all(0 <= t < len(SUPPLY_TILES) for t in shown),
        "tiles must be the 7 Supply tiles",
    )
    check.length("offers", state.offers, len(OFFER_SPACES))
    check.require(all(x >= 0 for x in state.offers), "an Offer space holds a negative count")
    for seat, p in enumerate(state.players):
        check.length(f"player {seat}'s stock", p.stock, NUM_TOKEN_KINDS)
        check.require(all(x >= 0 for x in p.stock), f"player {seat} holds a negative count")
        check.require(p.loans >= 0, f"player {seat} has negative loans")
        check.within(f"player {seat}'s location", p.location, -1, len(BUILDINGS) - 1)
        check.require(all(0 <= c < len(ROUND_CARDS) for c in p.ships), f"player {seat} owns an unknown ship")
    check.length("owner", state.owner, len(BUILDINGS))
    check.require(all(SPECIAL_DECK <= who < n for who in state.owner), "a building has an unknown owner")
    check.length("piles", state.piles, 3)
    check.length("ship_piles", state.ship_piles, len(SHIP_TYPES))
    piled = [b for pile in state.piles for b in pile]
    check.require(len(piled) == len(set(piled)), "a building lies in two piles")
    check.require(
        sorted(piled) == sorted(b for b, who in enumerate(state.owner) if who == -2),
        "the proposal piles and the buildings marked as proposals differ",
    )
    ships = [c for pile in state.ship_piles for c in pile] + [c for p in state.players for c in p.ships]
    check.require(len(ships) == len(set(ships)), "a ship card is in two places")
    check.require(
        all(ROUND_CARDS[c].ship_type == t for t, pile in enumerate(state.ship_piles) for c in pile),
        "a ship lies on another type's pile",
    )
    check.require(
        all(who != OUT or b not in piled for b, who in enumerate(state.owner)),
        "an unused building is in a pile",
    )
    _check_counts(check, state)
    cards_played = len(cards) if over else state.round
    _check_turn_order(check, state, len(cards))
    _check_places(check, state, cards_played)
    _check_special_deck_size(check, state, cards_played)
    _check_specials(check, state, observer if observed else None)
    _check_decision(check, state, len(cards))
    legal_count = 0 if over else len(RULEBOOK.legal_tuple(state))
    check.decision(over, state.current_player, legal_count)


_SPECIAL_IDS = frozenset(BUILDINGS.index(b) for b in SPECIAL_BUILDINGS)


def _check_counts(check: StateChecks, state: State) -> None:
    """Goods, Francs and loans leave room for the rest of the game (``limits.py``); a decision's
    counts are at most ``MAX_COUNTER``."""
    decision = state.decision
    if decision is not None:
        name = type(decision).__name__
        for field in attrs.fields(type(decision)):
            value = getattr(decision, field.name)
            if type(value) is int:
                check.within(f"the decision's {field.name}", value, 0, MAX_COUNTER)
            elif type(value) is tuple:  # ``chosen``: counts of a payment asked kind by kind
                check.require(len(value) <= NUM_TOKEN_KINDS, f"{name}.{field.name} lists too many counts")
                check.require(
                    all(0 <= x <= MAX_COUNTER for x in value), f"{name}.{field.name} holds a bad count"
                )
    check_room(check, state)


def _check_specials(check: StateChecks, state: State, observer: int | None) -> None:
    """The special deck (full game): which cards, where, and what each seat knows of it."""
    deck, n = state.specials, state.num_players
    check.length("known", state.known, n)
    for seat, seen in enumerate(state.known):
        check.length(f"what seat {seat} knows of the special deck", seen, len(deck))
    if state.rules.variant != FULL:
        check.require(not deck, "the short game has no special deck")
        return
    check.require(len(deck) <= SPECIAL_DEALT, f"the special deck holds at most {SPECIAL_DEALT} cards")
    if observer is not None:
        check.require(SPECIAL_DECK not in state.owner, "an observation shows no face-down card's place")
        check.require(state.known[observer] == deck, "the observer's deck is what it knows")
        for seat, seen in enumerate(state.known):
            if seat == observer:
                ok = all(card == HIDDEN or card in _SPECIAL_IDS for card in seen)
            else:
                ok = all(card in (HIDDEN, KNOWN_TO_THEM) for card in seen)
            check.require(ok, f"seat {seat}'s knowledge of the special deck is out of range")
        return
    check.require(
        len(set(deck)) == len(deck) and all(b in _SPECIAL_IDS for b in deck),
        "the special deck holds special buildings, once each",
    )
    check.require(
        sorted(deck) == sorted(b for b, who in enumerate(state.owner) if who == SPECIAL_DECK),
        "the special deck and the buildings marked as face down differ",
    )
    for seat, seen in enumerate(state.known):
        check.require(
            all(card in (HIDDEN, deck[i]) for i, card in enumerate(seen)),
            f"seat {seat} knows a special card that is not there",
        )
    excluded = _SPECIAL_IDS - set(special_deck(state.rules, n))
    check.require(
        all(state.owner[b] == OUT for b in excluded), "a special building left out of this game is in it"
    )


def _check_places(check: StateChecks, state: State, cards_played: int) -> None:
    """Every building and ship card is where the rules can put it."""
    in_play = set(in_play_buildings(state))
    for b, who in enumerate(state.owner):
        key = BUILDINGS[b].id
        if b in in_play:
            special = BUILDINGS[b].special  # a special building may also be back in the box
            check.require(who != OUT or special, f"{key} is in this game but marked out of it")
            if who == PROPOSAL:
                check.require(BUILDINGS[b].sort is not None, f"{key} cannot lie in a proposal pile")
        else:
            check.require(who == OUT, f"{key} is not used at this player count and variant")
        check.require(
            who != SPECIAL_DECK or state.rules.variant == FULL,
            f"{key}: the short game has no special deck",
        )
    for k, pile in enumerate(state.piles):
        sorts = [BUILDINGS[b].sort or 0 for b in pile]
        check.require(sorts == sorted(sorts), f"proposal pile {k + 1} is not sorted by sort number")
    check.require(
        all(BUILDINGS[b].id in ("wharf_1", "wharf_2") for b in state.modernised)
        and len(set(state.modernised)) == len(state.modernised),
        "only the Wharves can be modernised, once each",
    )
    check.require(
        all(0 <= b < len(BUILDINGS) and state.owner[b] == TOWN for b in state.sold),
        "a building sold this turn must be the town's",
    )
    final = state.final_turns > 0 or state.current_player is None
    locations = [p.location for p in state.players if p.location >= 0]
    for location in locations:
        check.require(state.owner[location] >= TOWN, "a Person disc stands in a building that is not built")
    if not final:
        check.require(
            len(locations) == len(set(locations)),
            "two Person discs share a building before the final stage",
        )
    _check_ships(check, state, cards_played)


def _starting_ships(state: State) -> tuple[frozenset[int], frozenset[int]]:
    """The ships dealt at setup: those the players start with, and those laid on a pile (the
    solo short game by the sources' reading, option ``solo_starting_ship``)."""
    n, variant = state.num_players, state.rules.variant
    held: tuple[str, ...] = STARTING_SHIPS.get((n, variant), ())
    piled: tuple[str, ...] = ()
    if n == 1 and variant == SHORT and state.rules.solo_starting_ship == "sources":
        ship = SOURCE_READINGS[("STARTING_SHIPS", "1 player, short")]
        pile = SOURCE_READINGS[("STARTING_SHIPS", "1 player, short, on the wooden pile")]
        assert isinstance(ship, tuple) and isinstance(pile, tuple)
        held, piled = ship, pile
    index = ROUND_CARD_INDEX.__getitem__
    return frozenset(map(index, held)), frozenset(map(index, piled))


def _check_ships(check: StateChecks, state: State, cards_played: int) -> None:
    """Each ship card dealt so far (at setup, and one per round card resolved) is in exactly one
    place, a pile or a player's ships; no other ship card is anywhere. (A round set back would
    deal a ship card that is already in play.) Only an iron ship swapped for the Luxury Yacht
    leaves the game."""
    held, piled = _starting_ships(state)
    cards = round_cards(state.num_players, state.rules.variant)
    dealt = held | piled | {ROUND_CARD_INDEX[card.card] for card in cards[:cards_played]}
    rounds_done = f"{cards_played} round{'s' * (cards_played != 1)} resolved"
    places = [c for pile in state.ship_piles for c in pile] + [c for p in state.players for c in p.ships]
    for card in places:
        check.require(card in dealt, f"ship {ROUND_CARDS[card].card} is not in play yet ({rounds_done})")
    yacht = state.owner[LUXURY_YACHT] >= TOWN
    for card in sorted(dealt - set(places)):
        check.require(
            yacht and ROUND_CARDS[card].ship_type == IRON_SHIP,
            f"ship {ROUND_CARDS[card].card} was dealt ({rounds_done}) but is on no pile and no player's "
            "(only an iron ship swapped for the Luxury Yacht leaves the game)",
        )


def _check_turn_order(check: StateChecks, state: State, rounds: int) -> None:
    """The turn passes to the next seat after every turn, every round end and every final
    action, from seat 0 in round 1: turn ``t`` of round ``r`` is seat ``(7r + t) mod n``'s."""
    n = state.num_players
    if state.current_player is None:
        turns = rounds * TURNS_PER_ROUND + n - 1
    elif state.final_turns:
        turns = rounds * TURNS_PER_ROUND + n - state.final_turns
    else:
        turns = state.round * TURNS_PER_ROUND + min(state.turn, TURNS_PER_ROUND - 1)
    if state.final_turns or state.current_player is None:
        where = f"final action {n - state.final_turns + 1 if state.final_turns else n}"
    else:
        where = f"round {state.round + 1}, turn {min(state.turn, TURNS_PER_ROUND - 1) + 1}"
    check.require(
        state.turn_player == turns % n,
        f"{where} is seat {turns % n}'s turn, not seat {state.turn_player}'s "
        "(the turn passes to the next seat after each turn and each round)",
    )


def _check_special_deck_size(check: StateChecks, state: State, cards_played: int) -> None:
    """Full game: six special buildings are dealt face down, and each round card resolved with
    the special symbol turned the top one up."""
    if state.rules.variant != FULL:
        return
    cards = round_cards(state.num_players, state.rules.variant)
    turned = sum(card.town_build_for(state.num_players) == SPECIAL_BUILD for card in cards[:cards_played])
    expected = max(0, SPECIAL_DEALT - turned)
    check.require(
        len(state.specials) == expected,
        f"the special deck holds {len(state.specials)} cards; after {cards_played} rounds resolved "
        f"({turned} with the special symbol) it holds {expected}",
    )


# The building each building decision without a ``building`` field is asked at.
_AT = {decision: BUILDING_INDEX[kind.at] for decision, kind in KINDS.items() if kind.at is not None}


def decision_building(decision: Decision) -> int:
    """The building a building's decision is asked at (-1: none, or a ``building`` out of range)."""
    at = _AT.get(type(decision))
    if at is not None:
        return at
    building = getattr(decision, "wharf", getattr(decision, "building", -1))
    return building if isinstance(building, int) and 0 <= building < len(BUILDINGS) else -1


def _check_decision(check: StateChecks, state: State, rounds: int) -> None:
    """The decision and the seats fit together the way the engine leaves them."""
    decision = state.decision
    over = state.current_player is None
    if over:
        check.require(
            decision is None and state.round == rounds and state.final_turns == 0,
            "a finished game is not over",
        )
        return
    check.require(decision is not None, "a game with a player to decide has a decision")
    assert decision is not None
    kind = KINDS[type(decision)]
    obligation = kind.phase in (Phase.INTEREST, Phase.FEEDING)
    if state.final_turns:
        check.require(state.round == rounds, "the final stage comes after the last round")
        check.require(not obligation, "the final stage has no interest or feeding")
    else:
        check.require(state.round < rounds, "a round past the last is the final stage")
    feeding = kind.phase == Phase.FEEDING
    check.require((state.turn == TURNS_PER_ROUND) == feeding, "feeding comes after the round's seventh turn")
    if state.round == 0 and not state.final_turns and not feeding:
        check.require(
            state.revealed == state.turn + 1,
            "round 1's tiles are turned up as the ship markers reach them",
        )
    elif not (state.round == 0 and feeding):
        check.require(state.revealed == len(SUPPLY_TILES), "after round 1 every Supply tile is face up")
    if kind.phase.of_a_building:
        check.require(
            state.current_player == state.turn_player and not state.main_done,
            "a building is used in its main action",
        )
        b = decision_building(decision)
        check.require(
            b >= 0 and b == state.players[state.turn_player].location,
            "the building used is where the disc stands",
        )
        check.require(EFFECT_OF[b] is not None, f"{BUILDINGS[b].id} has no action")
    kind.check(check, state, decision)  # what its own kind asks of the position


def validate_observation(observation: Observation) -> None:
    StateChecks("lehavre", "observation").seat("player", observation.player, observation.state.num_players)
    validate_state(observation.state, observed=True, observer=observation.player)


def _register_decisions(codec: Codec[State, Observation]) -> None:
    """The decision as a tagged object (``core.codec.register_decisions``). The derived ``built``
    field of a state is not written (it is computed again)."""
    converter = codec.converter
    register_decisions(converter, DECISION_TYPES, Decision | None)
    omit = override(omit=True)
    converter.register_unstructure_hook(State, make_dict_unstructure_fn(State, converter, built=omit))
    inner = make_dict_structure_fn(State, converter, built=omit)
    names = [field.name for field in attrs.fields(State) if field.init and field.name != "built"]

    def structure_state(value: object, target: object) -> State:
        # As ``core.codec`` reads every attrs class: every key ``dumps`` writes must be there.
        if type(value) is not dict:
            raise FormatError(f"lehavre: a state must be an object, not {type(value).__name__}")
        missing = [name for name in names if name not in value]
        if missing:
            raise FormatError(f"lehavre: malformed state: missing keys {missing}")
        return inner(value, target)

    converter.register_structure_hook(State, structure_state)


CODEC = Codec(
    "lehavre",
    state_type=State,
    observation_type=Observation,
    action_types=ACTION_TYPES,
    validate_state=validate_state,
    validate_observation=validate_observation,
)
_register_decisions(CODEC)
dumps = CODEC.dumps
loads = CODEC.loads
