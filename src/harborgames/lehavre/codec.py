"""JSON for Le Havre, with the consistency checks that ``loads`` applies."""

from __future__ import annotations

from ..core.checks import StateChecks
from ..core.codec import Codec
from .actions import ACTION_TYPES
from .buildings import EFFECTS
from .data import (
    BUILDINGS,
    FULL,
    NUM_TOKEN_KINDS,
    OFFER_SPACES,
    PLAYER_COUNTS,
    ROUND_CARD_INDEX,
    ROUND_CARDS,
    SHIP_TYPES,
    SPECIAL_BUILDINGS,
    SPECIAL_DEALT,
    STARTING_SHIPS,
    SUPPLY_TILES,
    TURNS_PER_ROUND,
    round_cards,
)
from .observe import HIDDEN, KNOWN_TO_THEM
from .offered import in_play_buildings
from .setup import special_deck
from .state import (
    CHOOSE,
    FEEDING,
    INTEREST,
    OUT,
    OVER,
    PAY,
    PHASES,
    PROPOSAL,
    SPECIAL_DECK,
    TOWN,
    TURN,
    Observation,
    State,
)
from .turn import RULEBOOK


def validate_state(state: State, *, observed: bool = False, observer: int = -1) -> None:
    """Refuse positions the rules can never reach in form (counts, ranges, card places)."""
    check = StateChecks("lehavre", "observation" if observed else "state")
    check.one_of("num_players", state.num_players, PLAYER_COUNTS)
    n = state.num_players
    check.one_of("phase", state.phase, PHASES)
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
    check.require(
        (state.pending is None) == (state.phase in ("turn", "over")),
        "a pending decision exists exactly outside phases turn and over",
    )
    _check_counts(check, state)
    _check_places(check, state, cards_played=len(cards) if over else state.round)
    _check_specials(check, state, observer if observed else None)
    _check_decision(check, state, len(cards))
    legal_count = 0 if over else len(RULEBOOK.legal_tuple(state))
    check.decision(over, state.current_player, legal_count)


_SPECIAL_IDS = frozenset(BUILDINGS.index(b) for b in SPECIAL_BUILDINGS)
MAX_TOKENS = 9_999
"""The most of one token kind a player or an Offer space may hold in a loaded document: far
above any game (the Offer spaces gain two tokens a turn), and it keeps every "how many"
decision of a loaded position listable."""
MAX_LOANS = 999
MAX_COUNTER = 9_999  # a pending decision's counts (goods handed over, steps taken)
PURPOSES = {
    PAY: ("fee", "energy", "goods", "ship_goods", "food"),
    CHOOSE: ("choose",),
    INTEREST: ("interest",),
    FEEDING: ("feeding",),
}


def _check_counts(check: StateChecks, state: State) -> None:
    check.require(
        all(0 <= x <= MAX_TOKENS for x in state.offers),
        f"an Offer space holds outside 0..{MAX_TOKENS}",
    )
    for seat, p in enumerate(state.players):
        check.require(
            all(0 <= x <= MAX_TOKENS for x in p.stock),
            f"player {seat} holds a count outside 0..{MAX_TOKENS}",
        )
        check.within(f"player {seat}'s loans", p.loans, 0, MAX_LOANS)
    pending = state.pending
    if pending is not None:
        check.within("pending amount", pending.amount, 0, MAX_COUNTER)
        check.within("pending step", pending.step, 0, MAX_COUNTER)
        check.require(
            len(pending.due) in (0, NUM_TOKEN_KINDS),
            "pending due must list every token kind or none",
        )
        check.require(all(0 <= x <= 99 for x in pending.due), "pending due holds a count outside 0..99")
        check.require(len(pending.chosen) <= NUM_TOKEN_KINDS, "pending chosen lists too many counts")
        check.require(all(0 <= x <= MAX_TOKENS for x in pending.chosen), "pending chosen holds a bad count")


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
    # Ships: starting ships, and the ships of the round cards already resolved (in play once each).
    starting = {ROUND_CARD_INDEX[card] for ships in STARTING_SHIPS.values() for card in ships} | {
        ROUND_CARD_INDEX[card] for card in ("R01", "R03")
    }
    cards = round_cards(state.num_players, state.rules.variant)
    played = {ROUND_CARD_INDEX[card.card] for card in cards[:cards_played]}
    for p in state.players:
        for card in p.ships:
            check.require(
                card in played or card in starting,
                f"ship {ROUND_CARDS[card].card} is not in play yet",
            )
    for pile in state.ship_piles:
        for card in pile:
            check.require(
                card in played or card in starting,
                f"ship {ROUND_CARDS[card].card} is not in play yet",
            )


def _check_decision(check: StateChecks, state: State, rounds: int) -> None:
    """The phase, the pending record and the seats fit together the way the engine leaves them."""
    phase, pending = state.phase, state.pending
    over = state.current_player is None
    if over:
        check.require(
            phase == OVER and state.round == rounds and state.final_turns == 0,
            "a finished game is not over",
        )
        return
    check.require(phase != OVER, "a game in phase over has a player to decide")
    if state.final_turns:
        check.require(state.round == rounds, "the final stage comes after the last round")
        check.require(phase in (TURN, PAY, CHOOSE), "the final stage has no interest or feeding")
    else:
        check.require(state.round < rounds, "a round past the last is the final stage")
    check.require(
        (state.turn == TURNS_PER_ROUND) == (phase == FEEDING),
        "feeding comes after the round's seventh turn",
    )
    if state.round == 0 and not state.final_turns and phase != FEEDING:
        check.require(
            state.revealed == state.turn + 1,
            "round 1's tiles are turned up as the ship markers reach them",
        )
    elif not (state.round == 0 and phase == FEEDING):
        check.require(state.revealed == len(SUPPLY_TILES), "after round 1 every Supply tile is face up")
    if phase == TURN:
        check.require(state.current_player == state.turn_player, "in a turn the turn's player decides")
        return
    assert pending is not None
    check.one_of(f"pending purpose in phase {phase}", pending.purpose, PURPOSES[phase])
    check.require(state.current_player == pending.seat, "the pending decision's seat decides")
    if phase in (PAY, CHOOSE):
        check.require(
            pending.seat == state.turn_player and not state.main_done,
            "a building is used in its main action",
        )
        b = pending.building
        check.require(
            0 <= b < len(BUILDINGS) and b == state.players[pending.seat].location,
            "the building used is where the disc stands",
        )
        effect = EFFECTS.get(BUILDINGS[b].id)
        check.require(effect is not None, f"{BUILDINGS[b].id} has no action")
        assert effect is not None
        if phase == CHOOSE:
            check.require(effect.choices is not None, f"{BUILDINGS[b].id} has no choice to wait for")
        elif pending.purpose != "fee":
            check.require(effect.paid is not None, f"{BUILDINGS[b].id} asks for no payment")
        if pending.purpose == "goods":
            check.require(
                any(pile and pile[0] == pending.amount for pile in state.piles),
                "the building to build is no top card",
            )
        if pending.purpose == "ship_goods":
            check.require(
                0 <= pending.amount < len(SHIP_TYPES) and bool(state.ship_piles[pending.amount]),
                "no such ship to build",
            )
    elif phase == INTEREST:
        check.require(state.players[pending.seat].loans > 0, "interest is paid only by players with loans")
    else:  # FEEDING
        check.seat("the first seat fed", pending.step, state.num_players)
        check.require(pending.amount >= 1, "a seat owing no food is not asked")


def validate_observation(observation: Observation) -> None:
    StateChecks("lehavre", "observation").seat("player", observation.player, observation.state.num_players)
    validate_state(observation.state, observed=True, observer=observation.player)


CODEC = Codec(
    "lehavre",
    state_type=State,
    observation_type=Observation,
    action_types=ACTION_TYPES,
    validate_state=validate_state,
    validate_observation=validate_observation,
)
dumps = CODEC.dumps
loads = CODEC.loads
