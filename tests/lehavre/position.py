"""A small builder of Le Havre positions for rules tests, and helpers to play them by notation.

``position`` starts from ``lehavre.new_game`` (so the RNG, the rules and the caches are those of a
real game at that player count) and changes only what a test names, with ``attrs.evolve`` (which
gives a fresh ``legal_memo``). It is the current seat's turn, its main action not yet taken.

>>> state = position(2, stock={0: {"wood": 3}}, own={0: ["fishery"]}, offers={})
>>> goods(state, 0), owner_of(state, "fishery")
({'wood': 3}, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from harborgames import lehavre
from harborgames.lehavre import data
from harborgames.lehavre.data import SHIP_NAMES
from harborgames.lehavre.decisions import TURN
from harborgames.lehavre.setup import special_deck
from harborgames.lehavre.state import OUT, PROPOSAL, SPECIAL_DECK, TOWN, State
from harborgames.lehavre.turn import kind_word

Stock = Mapping[str, int]


def _building(name: str) -> int:
    if name not in data.BUILDING_INDEX:
        raise ValueError(f"{name!r} is not a building id")
    return data.BUILDING_INDEX[name]


def _stock(counts: Stock) -> tuple[int, ...]:
    return data.token_counts(**counts)


def position(
    num_players: int = 2,
    seed: int = 1,
    *,
    seat: int = 0,
    stock: Mapping[int, Stock] | None = None,
    own: Mapping[int, Iterable[str]] | None = None,
    town: Iterable[str] | None = None,
    piles: Sequence[Sequence[str]] | None = None,
    offers: Stock | None = None,
    ships: Mapping[int, Iterable[str]] | None = None,
    ship_piles: Mapping[str, Sequence[str]] | None = None,
    loans: Mapping[int, int] | None = None,
    at: Mapping[int, str] | None = None,
    modernised: Iterable[str] = (),
    final: bool = False,
    options: Mapping[str, str] | None = None,
    variant: str = "short",
    specials: Sequence[str] | None = None,
) -> State:
    """A position of a short game (``variant="full"``: a full game), ``seat`` to take its main
    action.

    ``stock``: per seat, its whole supply by token name (Francs: ``"francs"``); seats not named
    keep the starting supply. ``own``: per seat, the buildings it owns. ``town``: the buildings the
    town owns (None: the dealt ones, less those given to a seat). ``piles``: the three Building
    Proposal piles, top first (None: the dealt ones, less the buildings placed elsewhere).
    Buildings in play that end up nowhere are set aside (``OUT``). ``offers``: the Offer spaces by
    name (None: as dealt; spaces not named are empty). ``ships``: per seat, its ship cards (round
    card names, e.g. ``"R04"``); ``ship_piles``: the ship piles by type name (``"wooden"``,
    ``"iron"``, ``"steel"``, ``"luxury"``), top first, the others empty. ``loans``: per seat.
    ``at``: per seat, the building its Person disc stands in. ``final``: the final stage, this
    seat's being the last final action (``end`` finishes the game).

    Only buildings in play at this player count can be placed (a building back in the box is never
    offered by the engine): ``ValueError`` otherwise.
    """
    state = lehavre.new_game(num_players, seed=seed, options=options, variant=variant)
    in_play = {b for b, who in enumerate(state.owner) if who != OUT}
    if variant == "full":
        in_play |= set(special_deck(state.rules, num_players))
    owner = list(state.owner)
    placed: dict[int, int] = {}
    for who, names in (own or {}).items():
        for name in names:
            placed[_building(name)] = who
    if town is not None:
        for b, who in enumerate(owner):
            if who == TOWN and b not in placed:
                owner[b] = OUT
        for name in town:
            placed[_building(name)] = TOWN
    for b in placed:
        if b not in in_play:
            raise ValueError(f"{data.BUILDINGS[b].id} is not in the {num_players}-player {variant} game")
    if piles is not None:
        new_piles = tuple(tuple(_building(name) for name in pile) for pile in piles)
        for b, who in enumerate(owner):
            if who == PROPOSAL:
                owner[b] = OUT
        for pile in new_piles:
            for b in pile:
                if b not in in_play:
                    raise ValueError(
                        f"{data.BUILDINGS[b].id} is not in the {num_players}-player {variant} game"
                    )
                owner[b] = PROPOSAL
    else:
        new_piles = tuple(tuple(b for b in pile if b not in placed) for pile in state.piles)
    for b, who in placed.items():
        owner[b] = who
    deck = state.specials
    if specials is not None:
        for b in deck:
            if owner[b] == SPECIAL_DECK:
                owner[b] = OUT
        deck = tuple(_building(name) for name in specials)
        for b in deck:
            if b not in in_play or b in placed:
                raise ValueError(f"{data.BUILDINGS[b].id} cannot lie in the special deck here")
            owner[b] = SPECIAL_DECK
    else:
        deck = tuple(b for b in deck if b not in placed)
    if len(new_piles) != data.PROPOSAL_PILES:
        raise ValueError("three Building Proposal piles")

    players = list(state.players)
    for s, counts in (stock or {}).items():
        players[s] = attrs.evolve(players[s], stock=_stock(counts))
    for s, cards in (ships or {}).items():
        players[s] = attrs.evolve(players[s], ships=tuple(data.ROUND_CARD_INDEX[c] for c in cards))
    for s, count in (loans or {}).items():
        players[s] = attrs.evolve(players[s], loans=count)
    for s, name in (at or {}).items():
        players[s] = attrs.evolve(players[s], location=_building(name))

    offer_counts = state.offers
    if offers is not None:
        offer_counts = tuple(offers.get(data.TOKEN_NAMES[token], 0) for token in data.OFFER_SPACES)
    ship_pile_cards = state.ship_piles
    if ship_piles is not None:
        ship_pile_cards = tuple(
            tuple(data.ROUND_CARD_INDEX[c] for c in ship_piles.get(name, ())) for name in SHIP_NAMES
        )
    rounds = data.NUM_ROUNDS[state.rules.variant][num_players - 1]
    return attrs.evolve(
        state,
        current_player=seat,
        turn_player=seat,
        decision=TURN,
        main_done=False,
        players=tuple(players),
        owner=tuple(owner),
        piles=new_piles,
        offers=offer_counts,
        ship_piles=ship_pile_cards,
        modernised=tuple(sorted(_building(name) for name in modernised)),
        sold=(),
        forced=(),
        round=rounds if final else state.round,
        final_turns=1 if final else 0,
        specials=deck,
        known=tuple((-1,) * len(deck) for _ in range(num_players)),
    )


# -- reading and playing a position ---------------------------------------------------------------
def goods(state: State, seat: int) -> dict[str, int]:
    """A seat's supply by token name, the non-zero counts only (Francs as ``"francs"``)."""
    return {data.TOKEN_NAMES[t]: n for t, n in enumerate(state.players[seat].stock) if n}


def legal(state: State) -> list[str]:
    """The legal actions in notation."""
    return [str(action) for action in lehavre.legal_actions(state)]


def play(state: State, *moves: str) -> State:
    """``state`` after these actions, each written in notation and each checked to be legal."""
    for move in moves:
        state = lehavre.apply(state, lehavre.parse_action(state, move))
    return state


def forced(state: State) -> list[str]:
    """The decisions of the main action the engine took alone on the way to ``state`` (lone
    options); an ``end`` taken alone after them (nothing else to do) and what follows are left out."""
    actions = [f.action for f in state.forced]
    return actions[: actions.index("end")] if "end" in actions else actions


def owner_of(state: State, name: str) -> int:
    return state.owner[_building(name)]


def enters(state: State) -> list[str]:
    """The buildings offered to enter."""
    return [a.split(" ", 1)[1] for a in legal(state) if a.startswith("enter ")]


__all__ = ["enters", "forced", "goods", "legal", "owner_of", "play", "position"]


def kind(state: State) -> str:
    """The kind of decision in a word (what render's header shows): turn, interest, feeding,
    pay (a payment for a building's action), choose (a building's own choice), or over."""
    return kind_word(state.decision)
