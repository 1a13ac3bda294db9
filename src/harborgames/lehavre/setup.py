"""Setup (rulebook "Setup" and "Shortened version setup changes").

The seeded RNG shuffles, in this order: the seven Supply tiles (face down on the round spaces),
then the standard buildings in use, dealt into three equal Building Proposal piles, each sorted
by sort number with the lowest on top. The town owns the start buildings (and, in the short
game, the cards marked "Start" for the player count). Round cards are sorted by round number
for the player count; their ships come into play one by one as rounds end.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.rng import Rng
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    FULL,
    PROPOSAL_PILES,
    ROUND_CARD_INDEX,
    SHIP_TYPES,
    SHORT,
    SOLO_REMOVED_SPECIALS,
    SPECIAL_BUILDINGS,
    SPECIAL_DEALT,
    START_OFFER,
    START_STOCK,
    STARTING_SHIPS,
    SUPPLY_TILES,
    Rules,
    proposal_buildings,
    town_start_buildings,
)
from .decisions import TURN
from .info import INFO
from .readings import SOURCE_READINGS
from .state import OUT, PROPOSAL, SPECIAL_DECK, TOWN, Player, State
from .supply import start_turn
from .turn import RULEBOOK


def new_game(
    num_players: int = 2,
    *,
    seed: int = 0,
    variant: str | None = "full",
    options: Mapping[str, str] | None = None,
) -> State:
    """A dealt game, the first player's Supply action done, waiting on the first real decision.
    ``variant`` None is the default variant, as ``INFO.check_configuration`` reads it."""
    variant = INFO.default_variant if variant is None else variant
    dealt = deal(num_players, seed, variant, options)
    return RULEBOOK.settle(start_turn(dealt, 0, 0))


def deal(num_players: int, seed: int, variant: str, options: Mapping[str, str] | None) -> State:
    """The dealt game, before the first player's Supply action."""
    chosen = INFO.check_new_game(num_players, variant, options)
    # Each value is one of its option's (check_new_game; the field's validator checks it again),
    # which mypy cannot see of a str from a mapping.
    rules = Rules(variant, **chosen)  # type: ignore[arg-type]
    rng = Rng.from_seed(seed)
    tiles, rng = rng.shuffled(range(len(SUPPLY_TILES)))
    used, rng = rng.shuffled([BUILDING_INDEX[b.id] for b in proposal_buildings(num_players, variant)])
    specials: tuple[int, ...] = ()
    if variant == FULL:  # Setup 8: six special buildings face down, the rest back in the box
        deck, rng = rng.shuffled(special_deck(rules, num_players))
        specials = tuple(deck[:SPECIAL_DEALT])
    size = len(used) // PROPOSAL_PILES
    piles = tuple(
        tuple(sorted(used[k * size : (k + 1) * size], key=lambda b: BUILDINGS[b].sort or 0))
        for k in range(PROPOSAL_PILES)
    )
    owner = [OUT] * len(BUILDINGS)
    for b in used:
        owner[b] = PROPOSAL
    for building in town_start_buildings(num_players, variant):
        owner[BUILDING_INDEX[building.id]] = TOWN
    for b in specials:
        owner[b] = SPECIAL_DECK
    starting = list(STARTING_SHIPS.get((num_players, variant), ()))
    on_pile: list[str] = []
    if num_players == 1 and variant == SHORT and rules.solo_starting_ship == "sources":
        ship = SOURCE_READINGS[("STARTING_SHIPS", "1 player, short")]
        pile = SOURCE_READINGS[("STARTING_SHIPS", "1 player, short, on the wooden pile")]
        assert isinstance(ship, tuple) and isinstance(pile, tuple)
        starting, on_pile = list(ship), list(pile)
    players = tuple(
        Player(
            stock=START_STOCK[variant],
            loans=0,
            ships=(ROUND_CARD_INDEX[starting[seat]],) if seat < len(starting) else (),
            location=-1,
        )
        for seat in range(num_players)
    )
    ship_piles = tuple(
        tuple(ROUND_CARD_INDEX[card] for card in on_pile) if t == 0 else () for t in range(len(SHIP_TYPES))
    )
    return State(
        current_player=0,
        num_players=num_players,
        rng=rng,
        rules=rules,
        decision=TURN,
        round=0,
        turn=0,
        turn_player=0,
        main_done=False,
        final_turns=0,
        tiles=tuple(tiles),
        revealed=0,
        offers=START_OFFER[variant],
        players=players,
        owner=tuple(owner),
        piles=piles,
        ship_piles=ship_piles,
        modernised=(),
        sold=(),
        specials=specials,
        known=tuple((-1,) * len(specials) for _ in range(num_players)),
    )


def special_deck(rules: Rules, num_players: int) -> list[int]:
    """The special buildings shuffled for the deck: all 36, except the Harbor Watch where the
    rulebook's "appears only in an expansion" is followed (option ``harbor_watch``) and in the
    solo game (it acts on other players)."""
    left_out = set()
    if rules.harbor_watch == "rulebook":
        left_out |= {b.id for b in SPECIAL_BUILDINGS if b.expansion_only}
    if num_players == 1:
        left_out |= set(SOLO_REMOVED_SPECIALS)
    return [BUILDING_INDEX[b.id] for b in SPECIAL_BUILDINGS if b.id not in left_out]
