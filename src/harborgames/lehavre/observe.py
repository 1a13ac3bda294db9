"""What a player may know (``observe``), and drawing a position consistent with it (``resample``).

Hidden: the face-down Supply tiles of round 1 (which tile lies on each round space not yet
reached); in the full game, the special buildings dealt face down (which six, and their order)
and those left in the box, except what the player saw with the Marketplace (a seat that looked
knows those cards and their order; the others know only that a look happened); and the RNG
(the shuffles that laid all of these). Everything else is public: the Building Proposal piles
are fanned out face up, goods and Francs lie open.
"""

from __future__ import annotations

from ..core.checks import require_seat, require_state
from ..core.rng import Rng
from ..core.update import update
from .data import BUILDING_INDEX, SPECIAL_BUILDINGS
from .setup import special_deck
from .state import OUT, SPECIAL_DECK, Observation, State

HIDDEN = -1  # a face-down Supply tile or special building in an observation
KNOWN_TO_THEM = -2  # an observation: another seat knows the special card here, this one does not
BLANK_RNG = Rng(0, 1)  # an observation's stand-in for the RNG
_SPECIALS = frozenset(BUILDING_INDEX[b.id] for b in SPECIAL_BUILDINGS)


def observe(state: State, player: int) -> Observation:
    """The state as ``player`` sees it: face-down tiles and special cards as -1 (-2 where
    another seat knows the card), the special cards out of sight as out of the game, a blank
    RNG."""
    require_state(state, State, "observe", "Le Havre")
    require_seat(player, state.num_players)
    tiles = state.tiles[: state.revealed] + (HIDDEN,) * (len(state.tiles) - state.revealed)
    specials, known, owner = state.specials, state.known, state.owner
    if specials:
        specials = state.known[player]
        known = tuple(
            seen if seat == player else tuple(KNOWN_TO_THEM if card >= 0 else HIDDEN for card in seen)
            for seat, seen in enumerate(state.known)
        )
        owner = tuple(OUT if who == SPECIAL_DECK else who for who in state.owner)
    seen = update(state, tiles=tiles, rng=BLANK_RNG, specials=specials, known=known, owner=owner)
    return Observation(player, seen)


def resample(state: State, player: int, seed: int) -> State:
    """A state ``player`` cannot tell from ``state``, dealt with a fresh RNG drawn from
    ``seed`` (which becomes the new state's RNG): the face-down tiles re-dealt, then the special
    cards ``player`` has not seen re-dealt among the deck positions it does not know and the box.
    A seat that had looked at a position knows the card now there."""
    require_state(state, State, "resample", "Le Havre")
    require_seat(player, state.num_players)
    rng = Rng.from_seed(seed)
    hidden = state.tiles[state.revealed :]
    dealt, rng = rng.shuffled(hidden)
    state = update(state, tiles=state.tiles[: state.revealed] + dealt, rng=rng)
    if not state.specials:
        return state
    mine = state.known[player]
    unknown = [i for i, card in enumerate(mine) if card < 0]
    in_game = set(special_deck(state.rules, state.num_players))
    boxed = [b for b in sorted(_SPECIALS & in_game) if state.owner[b] == OUT]
    pool, rng = rng.shuffled([state.specials[i] for i in unknown] + boxed)
    deck = list(state.specials)
    for i, card in zip(unknown, pool, strict=False):
        deck[i] = card
    owner = list(state.owner)
    for b in state.specials:
        owner[b] = OUT
    for b in deck:
        owner[b] = SPECIAL_DECK
    known = tuple(
        seen if seat == player else tuple(deck[i] if card >= 0 else card for i, card in enumerate(seen))
        for seat, seen in enumerate(state.known)
    )
    return update(state, specials=tuple(deck), known=known, owner=tuple(owner), rng=rng)
