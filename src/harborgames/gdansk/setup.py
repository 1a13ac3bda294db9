"""Setup (rulebook "Setup", steps 1-8): the deal from the seed, and ``new_game``.

The deal leaves two kinds of decision, whose rules are the first part of ``turn.py`` (the
course of play from the first decision on): with two players the colour that sits out (rule
option ``two_player_removed_sector=first_player_chooses``), and each player's meeple in turn.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from ..core.rng import Rng
from .component_file import load_components, standin_components
from .data import (
    NUM_QUAYS,
    NUM_TOKENS,
    TWO_PLAYER_TOKENS_REMOVED,
    Components,
    Rules,
)
from .decisions import CHOOSE_SECTOR, CHOOSE_START, ChooseSector, ChooseStart
from .info import INFO
from .state import NO_TURN, Board, Player, State
from .turn import RULEBOOK

__all__ = ["deal", "new_game"]


def new_game(
    num_players: int = 2,
    *,
    seed: int = 0,
    variant: str | None = "standard",
    options: Mapping[str, str] | None = None,
    components: str | os.PathLike[str] | Components | None = None,
) -> State:
    """A dealt game (``deal``), waiting on the first real decision (a lone option, such as the
    only colour a component file lets sit out, is taken as always). ``variant`` None is the
    default variant, as ``INFO.check_configuration`` reads it."""
    variant = INFO.default_variant if variant is None else variant
    return RULEBOOK.settle(deal(num_players, seed, variant, options, components))


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
    rules = Rules(comp, **chosen)  # type: ignore[arg-type]  # check_new_game kept only Literal values

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
    decision: ChooseSector | ChooseStart = CHOOSE_START
    if num_players == 2:
        boxed, stack = stack[:TWO_PLAYER_TOKENS_REMOVED], stack[TWO_PLAYER_TOKENS_REMOVED:]
        if rules.two_player_removed_sector == "random":
            pick, rng = rng.below(len(comp.removable_sectors))
            removed = comp.removable_sectors[pick]
            deck = tuple(q for q in deck if comp.quay_sector[q] != removed)
        else:
            decision = CHOOSE_SECTOR
    no_goods = (0,) * len(comp.supply)
    player = Player(
        score=0,
        location=-1,
        hold=no_goods,
        workers=0,
        markers_left=comp.influence_markers,
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
        decision=decision,
        players=(player,) * num_players,
        turn=NO_TURN,
        supply=comp.supply,
        board=board,
        first_player=first,
        round=0,
        end_triggered=False,
    )
