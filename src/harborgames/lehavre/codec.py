"""JSON for Le Havre, with the consistency checks that ``loads`` applies."""

from __future__ import annotations

from ..core.checks import StateChecks
from ..core.codec import Codec
from .actions import ACTION_TYPES
from .data import (
    BUILDINGS,
    NUM_TOKEN_KINDS,
    OFFER_SPACES,
    PLAYER_COUNTS,
    ROUND_CARDS,
    SHIP_TYPES,
    SUPPLY_TILES,
    TURNS_PER_ROUND,
    round_cards,
)
from .observe import HIDDEN
from .state import OUT, PHASES, SPECIAL_DECK, Observation, State
from .turn import RULEBOOK


def validate_state(state: State, *, observed: bool = False) -> None:
    """Refuse positions the rules can never reach in form (counts, ranges, card places)."""
    check = StateChecks("lehavre", "observation" if observed else "state")
    check.one_of("num_players", state.num_players, PLAYER_COUNTS)
    n = state.num_players
    check.one_of("phase", state.phase, PHASES)
    over = state.current_player is None
    if not over:
        check.seat("current_player", state.current_player, n)
    check.seat("turn_player", state.turn_player, n)
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
    if state.pending is not None:
        check.seat("pending seat", state.pending.seat, n)
        check.within("pending building", state.pending.building, -1, len(BUILDINGS) - 1)
    legal_count = 0 if over else len(RULEBOOK.legal_tuple(state))
    check.decision(over, state.current_player, legal_count)


def validate_observation(observation: Observation) -> None:
    StateChecks("lehavre", "observation").seat("player", observation.player, observation.state.num_players)
    validate_state(observation.state, observed=True)


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
