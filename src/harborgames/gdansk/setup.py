"""Setup (rulebook "Setup", steps 1-8): the deal from the seed, then the decisions it leaves:
with two players the colour that sits out (rule option), and each player's meeple in turn."""

from __future__ import annotations

import os
from collections.abc import Mapping

from ..core.decisions import next_in_turn_order
from ..core.rng import Rng
from ..core.update import update
from .actions import PlaceMeeple, RemoveSector
from .data import (
    NUM_QUAYS,
    NUM_TOKENS,
    SECTOR_INDEX,
    SECTORS,
    TWO_PLAYER_TOKENS_REMOVED,
    Components,
    Rules,
    load_components,
    standin_components,
)
from .info import INFO
from .orders import reveal
from .state import CHOOSE_SECTOR, NO_TURN, PLACE_MEEPLE, ROLL, Board, Player, State

REMOVES = tuple(RemoveSector(sector) for sector in SECTORS)


def deal(
    num_players: int,
    seed: int,
    variant: str,
    options: Mapping[str, str] | None,
    components: str | os.PathLike[str] | Components | None,
) -> State:
    """Setup steps 1-6; steps 6-8 (meeples, first cards) follow as decisions.

    Draws from the seed, in this order: the Order-token stack shuffled, the Port deck shuffled,
    the three Cruise Ship piles shuffled (small, medium, large), the first player, and with two
    players the colour that sits out (unless the first player chooses it).
    """
    chosen = INFO.check_new_game(num_players, variant, options)
    if components is None:
        comp = standin_components()
    elif isinstance(components, Components):
        comp = components
    else:
        comp = load_components(components)
    rules = Rules(comp, **chosen)

    rng = Rng.from_seed(seed)
    stack, rng = rng.shuffled(range(NUM_TOKENS))
    deck, rng = rng.shuffled(range(NUM_QUAYS))
    piles = []
    for values in comp.cruise_vp:
        pile, rng = rng.shuffled(values)
        piles.append(pile)
    first, rng = rng.below(num_players)
    boxed: tuple[int, ...] = ()
    removed = -1
    phase = PLACE_MEEPLE
    if num_players == 2:
        boxed, stack = stack[:TWO_PLAYER_TOKENS_REMOVED], stack[TWO_PLAYER_TOKENS_REMOVED:]
        if rules.two_player_removed_sector == "random":
            pick, rng = rng.below(len(comp.removable_sectors))
            removed = comp.removable_sectors[pick]
            deck = tuple(q for q in deck if comp.quay_sector[q] != removed)
        else:
            phase = CHOOSE_SECTOR
    no_goods = (0,) * len(comp.supply)
    player = Player(
        score=0,
        location=-1,
        hold=no_goods,
        workers=0,
        stock=comp.influence_markers,
        markers=0,
        bonus=no_goods,
        tokens=(),
        cards=(),
        cruise=(),
    )
    board = Board(
        tokens=(-1,) * NUM_QUAYS,
        deck=deck,
        central_port_open=False,
        token_stack=stack,
        boxed_tokens=boxed,
        removed_sector=removed,
        cruise_piles=tuple(piles),
    )
    return State(
        current_player=first,
        num_players=num_players,
        rng=rng,
        rules=rules,
        phase=phase,
        players=(player,) * num_players,
        turn=NO_TURN,
        supply=comp.supply,
        board=board,
        first_player=first,
        round=0,
        end_triggered=False,
    )


# -- two players: the colour that sits out ---------------------------------------------------
def sector_choices(state: State) -> tuple[RemoveSector, ...]:
    return tuple(REMOVES[s] for s in state.rules.components.removable_sectors)


def remove_sector(state: State, action: RemoveSector) -> State:
    c = state.rules.components
    sector = SECTOR_INDEX[action.sector]
    board = state.board
    deck = tuple(q for q in board.deck if c.quay_sector[q] != sector)
    return update(state, board=update(board, deck=deck, removed_sector=sector), phase=PLACE_MEEPLE)


def why_not_remove_sector(state: State, action: RemoveSector) -> str:
    c = state.rules.components
    names = ", ".join(SECTORS[x] for x in c.removable_sectors)
    return f"two players remove one colour other than green: {names}, not {action.sector!r}"


# -- each player in turn places the meeple ---------------------------------------------------
def meeple_choices(state: State) -> tuple[PlaceMeeple, ...]:
    rules = state.rules
    c = rules.components
    key = ("meeples", rules.meeple_start)
    choices: tuple[PlaceMeeple, ...] | None = c.memo.get(key)
    if choices is None:
        choices = tuple(
            PlaceMeeple(name)
            for i, name in enumerate(c.location_ids)
            if rules.meeple_start == "any_location" or i != c.central_port
        )
        c.memo[key] = choices
    return choices


def place_meeple(state: State, action: PlaceMeeple) -> State:
    me = state.current_player
    assert me is not None
    c = state.rules.components
    mover = update(state.players[me], location=c.location_index[action.location])
    players = (*state.players[:me], mover, *state.players[me + 1 :])
    following = next_in_turn_order(me, state.first_player, state.num_players)
    if following is not None:
        return update(state, current_player=following, players=players)
    # Every meeple is out: the first Port cards and Order tokens are revealed; round 1 begins.
    return update(
        state,
        current_player=state.first_player,
        phase=ROLL,
        players=players,
        turn=NO_TURN,
        board=reveal(state.board, c.initial_cards),
        round=1,
    )


def why_not_place_meeple(state: State, action: PlaceMeeple) -> str:
    c = state.rules.components
    where = c.location_index.get(action.location)
    if where is None:
        return f"{action.location!r} is not a location; locations: {', '.join(c.location_ids)}"
    return "meeples start on a Port location, not the Central Port (rule option meeple_start=quays_only)"
