"""Le Havre, the full game (the default variant): its setup per player count (rulebook, Setup
1-17), the town's building per round card with the special deck, pinned legal actions and perft
counts at the start, and a complete 4-player game from a fixed record with its final wealth
pinned and recomputed by hand ("Game End and Winner").

The record is data: ``full_game_4p_seed7.txt`` (its header says how it was made).
docs/rules/lehavre.md maps every rule to its test.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
import pytest

from harborgames import lehavre as lh
from harborgames.lehavre import data as D
from harborgames.testing import legal, perft, play

from .position import kind

B = D.BUILDING_INDEX
TOWN, PROPOSAL, OUT, SPECIAL_DECK = -1, -2, -3, -4
SPECIALS = {B[b.id] for b in D.SPECIAL_BUILDINGS}
HARBOR_WATCH = B["harbor_watch"]


def _ids(buildings: object) -> list[str]:
    return [D.BUILDINGS[b].id for b in buildings]  # type: ignore[attr-defined]


def _dealt(n: int, seed: int = 7, **options: str) -> lh.State:
    """The dealt full game, before the first player's Supply action (``lehavre.deal``)."""
    return lh.deal(n, seed, "full", options or None)


# -- setup ----------------------------------------------------------------------------------------
# Rulebook, Setup: "Rounds (full) 7 14 18 20 20"; Setup 13: the round cards with a dark (full-game)
# round number for the player count, sorted by it (ref §1b).
FULL_ROUND_CARDS = {
    1: ["R01", "R04", "R10", "R13", "R14", "R16", "R20"],
    2: [
        *("R01", "R02", "R04", "R05", "R07", "R08", "R10"),
        *("R11", "R13", "R14", "R16", "R17", "R19", "R20"),
    ],
    3: [
        *("R03", "R01", "R02", "R04", "R05", "R06", "R07", "R08", "R10"),
        *("R11", "R12", "R13", "R14", "R16", "R17", "R18", "R19", "R20"),
    ],
    4: [f"R{k:02d}" for k in range(1, 21)],
    5: [f"R{k:02d}" for k in range(1, 21)],
}


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_full_setup_round_cards_sorted_by_the_dark_round_number_7_14_18_20_20_rounds(n: int) -> None:
    cards = [c.card for c in D.round_cards(n, "full")]
    assert cards == FULL_ROUND_CARDS[n]
    assert len(cards) == (7, 14, 18, 20, 20)[n - 1]
    state = lh.new_game(n, seed=7)
    assert state.rules.variant == "full"
    assert f"round 1 of {len(cards)}, turn 1 of 7 (card {cards[0]}" in lh.render(state)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_full_setup_offers_2_francs_2_fish_2_wood_1_clay(n: int) -> None:
    assert _dealt(n).offers == (2, 2, 2, 1, 0, 0, 0)  # francs fish wood clay iron grain cattle
    # new_game has done the first Supply action: one token of each of the first tile's kinds
    state = lh.new_game(n, seed=7)
    tile = D.SUPPLY_TILES[state.tiles[0]]
    expected = [2, 2, 2, 1, 0, 0, 0]
    for good in tile.goods:
        expected[D.OFFER_SPACES.index(good)] += 1
    assert list(state.offers) == expected


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_full_setup_each_player_5_francs_and_1_coal_and_no_ship(n: int) -> None:
    state = lh.new_game(n, seed=7)
    assert len(state.players) == n
    for p in state.players:
        assert p.stock == D.token_counts(francs=5, coal=1)
        assert (p.loans, p.ships, p.location) == (0, (), -1)
    assert all(pile == () for pile in state.ship_piles)  # ships come in with the round cards


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_full_setup_the_town_owns_the_three_start_buildings(n: int) -> None:
    state = lh.new_game(n, seed=7)
    assert _ids(b for b, who in enumerate(state.owner) if who == TOWN) == [
        "building_firm_1",
        "building_firm_2",
        "construction_firm",
    ]


# The dark ticks (full game) per player count: ref §5, "Full game: proposal piles at".
_FULL_1 = [
    "marketplace",
    "fishery",
    "bakehouse",
    "charcoal_kiln",
    "smokehouse",
    "abattoir",
    "clay_mound",
    "wharf_1",
    "brickworks",
    "colliery",
    "shipping_line",
    "tannery",
    "ironworks",
    "steel_mill",
    "cokery",
]
_FULL_2 = [*_FULL_1, "town_hall", "bank", "church"]
_FULL_3 = [
    *_FULL_2,
    *("sawmill", "joinery", "hardware_store", "black_market", "local_court"),
    *("wharf_2", "grocery_market", "business_office", "bridge_over_the_seine"),
]
_FULL_4 = [*_FULL_3, "arts_center", "storehouse", "dock"]  # "4+ players only"
FULL_PROPOSALS = {1: _FULL_1, 2: _FULL_2, 3: _FULL_3, 4: _FULL_4, 5: _FULL_4}


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 7])
def test_full_setup_proposals_15_18_27_30_30_in_three_equal_sorted_piles(n: int, seed: int) -> None:
    state = lh.new_game(n, seed=seed)
    total = (15, 18, 27, 30, 30)[n - 1]
    assert len(FULL_PROPOSALS[n]) == total
    assert [len(pile) for pile in state.piles] == [total // 3] * 3
    assert sorted(_ids(b for pile in state.piles for b in pile)) == sorted(FULL_PROPOSALS[n])
    for pile in state.piles:
        sorts = [D.BUILDINGS[b].sort for b in pile]
        assert sorts == sorted(sorts)  # type: ignore[type-var]
    # the other standard buildings are back in the box
    used = set(FULL_PROPOSALS[n]) | {"building_firm_1", "building_firm_2", "construction_firm"}
    standard = [B[b.id] for b in D.STANDARD_BUILDINGS]
    assert [D.BUILDINGS[b].id for b in standard if state.owner[b] == OUT] == [
        D.BUILDINGS[b].id for b in standard if D.BUILDINGS[b].id not in used
    ]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 7, 11])
def test_full_setup_six_special_buildings_face_down_the_rest_out_of_the_game(n: int, seed: int) -> None:
    state = lh.new_game(n, seed=seed)
    deck = state.specials
    assert len(deck) == 6 and len(set(deck)) == 6 and set(deck) <= SPECIALS
    assert sorted(b for b, who in enumerate(state.owner) if who == SPECIAL_DECK) == sorted(deck)
    assert all(state.owner[b] == OUT for b in SPECIALS - set(deck))  # "Return the rest to the box"
    assert state.known == tuple((-1,) * 6 for _ in range(n))  # nobody has looked
    # the special symbol shows no card at setup: none is the town's
    assert not any(state.owner[b] == TOWN for b in SPECIALS)


def test_full_setup_the_special_deck_is_shuffled_by_the_seed_from_all_cards_in_play() -> None:
    decks = [lh.new_game(3, seed=seed).specials for seed in range(40)]
    assert len(set(decks)) == 40
    dealt = {b for deck in decks for b in deck}
    assert dealt == SPECIALS - {HARBOR_WATCH}  # every card but the Harbor Watch comes up
    assert lh.new_game(3, seed=5).specials == lh.new_game(3, seed=5).specials


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_full_setup_the_harbor_watch_is_left_out_by_default(n: int) -> None:
    # Rulebook: "(Appears only in an expansion.)"; the default follows the rulebook.
    for seed in range(60):
        state = lh.new_game(n, seed=seed)
        assert HARBOR_WATCH not in state.specials and state.owner[HARBOR_WATCH] == OUT


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_full_setup_option_harbor_watch_sources_puts_it_in_the_special_deck(n: int) -> None:
    seen = [lh.new_game(n, seed=seed, options={"harbor_watch": "sources"}) for seed in range(60)]
    dealt = [s for s in seen if HARBOR_WATCH in s.specials]
    assert dealt  # 6 of 36 cards: about one deal in six
    for state in dealt:
        assert state.owner[HARBOR_WATCH] == SPECIAL_DECK
    assert {b for s in seen for b in s.specials} == SPECIALS


def test_full_setup_the_harbor_watch_is_never_in_the_solo_game_even_with_the_option() -> None:
    # it acts on other players (ref §6: Kobiela removes it in solo)
    for seed in range(80):
        state = lh.new_game(1, seed=seed, options={"harbor_watch": "sources"})
        assert HARBOR_WATCH not in state.specials and state.owner[HARBOR_WATCH] == OUT


# -- the town's building per round card ---------------------------------------------------------------
NONE, STD, SPC = D.NO_BUILD, D.STANDARD_BUILD, D.SPECIAL_BUILD
TOWN_BUILDS = {  # the building symbol on each round card's line, round 1 first (ref §1a)
    1: [SPC, STD, SPC, STD, SPC, STD, NONE],
    2: [NONE, STD, SPC] * 4 + [NONE, NONE],
    3: [NONE, NONE, STD, SPC, NONE, NONE, STD, SPC, NONE, NONE, STD, SPC, NONE, STD, SPC, NONE, NONE, NONE],
    4: [NONE, NONE, NONE] + [STD, SPC, NONE] * 5 + [NONE, NONE],
    5: [NONE, NONE, NONE] + [STD, SPC, NONE] * 5 + [NONE, NONE],
}


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_full_town_build_symbols_per_round_card_at_most_5_special(n: int) -> None:
    builds = [c.town_build_for(n) for c in D.round_cards(n, "full")]
    assert builds == TOWN_BUILDS[n]
    # "Up to 5 Special buildings can be bought each game; 6 are laid out (due to the Marketplace)"
    assert builds.count(SPC) == (3, 4, 4, 5, 5)[n - 1] <= 5


def _at_round_end(state: lh.State, round_: int) -> lh.State:
    """``state`` moved to the seventh turn of round ``round_`` (0-based), every seat rich enough
    to feed; the ships of the rounds before are on their piles and their special symbols have
    turned special buildings up, as ``loads`` checks; nothing else changed."""
    players = tuple(attrs.evolve(p, stock=D.token_counts(francs=60, coal=1)) for p in state.players)
    last = (7 * round_ + 6) % state.num_players
    ship_piles, owner, deck = list(state.ship_piles), list(state.owner), state.specials
    for card in D.round_cards(state.num_players, "full")[:round_]:
        ship_piles[card.ship_type] = (D.ROUND_CARD_INDEX[card.card], *ship_piles[card.ship_type])
        if card.town_build_for(state.num_players) == SPC and deck:
            owner[deck[0]], deck = TOWN, deck[1:]
    return attrs.evolve(
        state,
        round=round_,
        turn=6,
        turn_player=last,
        current_player=last,
        revealed=7,
        players=players,
        ship_piles=tuple(ship_piles),
        owner=tuple(owner),
        specials=deck,
        known=tuple(seen[: len(deck)] for seen in state.known),
    )


def _finish_round(state: lh.State) -> lh.State:
    """The seventh turn (take francs, end) and the feeding (the first way offered)."""
    start = state.round
    state = play(lh, state, "take francs")
    while state.round == start:
        if kind(state) == "turn":
            state = play(lh, state, "end")
        else:
            state = lh.apply(state, lh.legal_actions(state)[0])
    return state


@pytest.mark.parametrize(("n", "round_"), [(1, 0), (2, 2), (3, 3), (4, 4), (5, 7)])
def test_full_town_special_symbol_turns_the_top_card_up_into_the_town(n: int, round_: int) -> None:
    assert TOWN_BUILDS[n][round_] == SPC
    state = _at_round_end(lh.new_game(n, seed=3), round_)
    deck = state.specials
    # seat 0 looked at the top two with the Marketplace earlier
    known = ((deck[0], deck[1], *(-1,) * (len(deck) - 2)), *state.known[1:])
    state = attrs.evolve(state, known=known)
    after = _finish_round(state)
    assert after.round == round_ + 1
    assert after.owner[deck[0]] == TOWN  # face up: the town's, to be bought
    assert after.specials == deck[1:]  # the deck shrinks by one
    hidden = (-1,) * (len(deck) - 2)
    assert after.known == ((deck[1], *hidden), *((-1, *hidden) for _ in range(n - 1)))
    assert after.piles == state.piles  # no standard building on this line
    assert lh.loads(lh.dumps(after)) == after
    # the card now lies open for everyone; it can be bought, not built
    seat = after.current_player
    assert seat is not None
    assert f"buy {D.BUILDINGS[deck[0]].id}" in legal(lh, after)


@pytest.mark.parametrize(("n", "round_"), [(1, 1), (2, 1), (3, 2), (4, 3), (5, 6)])
def test_full_town_standard_symbol_builds_the_lowest_top_proposal_not_a_special(n: int, round_: int) -> None:
    assert TOWN_BUILDS[n][round_] == STD
    state = _at_round_end(lh.new_game(n, seed=3), round_)
    lowest = min((pile[0] for pile in state.piles), key=lambda b: D.BUILDINGS[b].sort or 0)
    after = _finish_round(state)
    assert after.owner[lowest] == TOWN
    assert after.specials == state.specials and after.known == state.known


@pytest.mark.parametrize(("n", "round_"), [(2, 0), (3, 0), (4, 2), (5, 5)])
def test_full_town_no_symbol_builds_nothing(n: int, round_: int) -> None:
    assert TOWN_BUILDS[n][round_] == NONE
    state = _at_round_end(lh.new_game(n, seed=3), round_)
    after = _finish_round(state)
    assert after.owner == state.owner and after.specials == state.specials and after.piles == state.piles


def test_full_town_special_symbol_with_an_empty_special_deck_turns_up_nothing() -> None:
    state = _at_round_end(lh.new_game(4, seed=3), 4)
    state = attrs.evolve(
        state,
        specials=(),
        known=((),) * 4,
        owner=tuple(OUT if who == SPECIAL_DECK else who for who in state.owner),
    )
    after = _finish_round(state)
    assert after.round == 5 and after.specials == () and after.owner == state.owner


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_full_town_builds_along_a_whole_random_game_as_its_round_cards_say(n: int) -> None:
    """Every round end of a random game: a special symbol moves the top face-down card to the
    town (the deck and each seat's knowledge one shorter), a standard symbol the lowest top
    proposal, no symbol nothing."""
    state = lh.new_game(n, seed=100 + n)
    rng = random.Random(n)
    ends = 0
    while state.current_player is not None:
        options = lh.legal_actions(state)
        after = lh.apply(state, options[rng.randrange(len(options))])
        if after.round == state.round + 1:
            build = TOWN_BUILDS[n][state.round]
            from_deck = [
                b for b, who in enumerate(after.owner) if who == TOWN and state.owner[b] == SPECIAL_DECK
            ]
            from_piles = [
                b for b, who in enumerate(after.owner) if who == TOWN and state.owner[b] == PROPOSAL
            ]
            if build == SPC and state.specials:
                assert from_deck == [state.specials[0]] and from_piles == []
                assert after.specials == state.specials[1:]
                assert after.known == tuple(seen[1:] for seen in state.known)
            else:
                assert from_deck == [] and after.specials == state.specials
            if build == STD and any(state.piles):
                tops = [pile[0] for pile in state.piles if pile]
                assert from_piles == [min(tops, key=lambda b: D.BUILDINGS[b].sort or 0)]
            elif build != STD:
                assert from_piles == []
            ends += 1
        state = after
    assert ends == len(TOWN_BUILDS[n])


# -- pinned legal actions and perft ---------------------------------------------------------------
def test_full_legal_actions_at_the_start_2_players_pinned() -> None:
    # 2 Francs, 2 fish, 2 wood, 1 clay and the first tile's wood and clay; nothing built yet, and
    # the Building Firms are the town's: entering one needs a top proposal one can build (no goods
    # yet), buying the first one takes 4 of the 5 Francs.
    state = lh.new_game(2, seed=1)
    assert state.offers == (2, 2, 3, 2, 0, 0, 0)
    assert legal(lh, state) == ["take francs", "take fish", "take wood", "take clay", "buy building_firm_1"]


def test_full_legal_actions_at_the_start_4_players_pinned() -> None:
    state = lh.new_game(4, seed=1)
    assert legal(lh, state) == ["take francs", "take fish", "take wood", "take clay", "buy building_firm_1"]
    after = play(lh, state, "take wood")
    assert legal(lh, after) == ["buy building_firm_1", "end"]
    after = play(lh, state, "buy building_firm_1")
    assert legal(lh, after) == ["take francs", "take fish", "take wood", "take clay", "sell building_firm_1"]


def test_full_perft_from_the_start_2_players_pinned() -> None:
    state = lh.new_game(2, seed=1)
    assert [perft(lh, state, depth) for depth in range(1, 8)] == [5, 15, 42, 147, 521, 1777, 7160]


# -- a complete 4-player game from a fixed record ---------------------------------------------------
RECORD_FILE = Path(__file__).with_name("full_game_4p_seed7.txt")
SEED = 7


def _record() -> list[str]:
    lines = RECORD_FILE.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def _final() -> lh.State:
    return play(lh, lh.new_game(4, seed=SEED), *_record())


def _wealth_by_hand(state: lh.State, seat: int) -> int:
    """Rulebook, Game End and Winner: the values of one's buildings and ships, the "+" buildings'
    extra value by their card texts, cash, minus 7 Francs per unrepaid loan; goods count only
    through the Storehouse."""
    p = state.players[seat]
    mine = [b for b, who in enumerate(state.owner) if who == seat]
    names = [D.BUILDINGS[b].id for b in mine]
    kinds = [D.BUILDINGS[b].type for b in mine]  # the rulebook's types (default options)
    plus = 0
    if "storehouse" in names:  # ½ Franc per goods token, rounded down
        plus += sum(p.stock[g] for g in D.GOODS) // 2
    if "guildhouse" in names:  # 2 per economic building, itself included
        plus += 2 * kinds.count(D.ECONOMIC)
    if "business_park" in names:  # 2 per industrial building
        plus += 2 * kinds.count(D.INDUSTRIAL)
    if "bank" in names:
        plus += 3 * kinds.count(D.INDUSTRIAL) + 2 * kinds.count(D.ECONOMIC)
    if "town_hall" in names:
        plus += 4 * kinds.count(D.PUBLIC) + 2 * kinds.count(D.CRAFTSMAN)
    if "dock" in names:  # 4 per ship; the Luxury Yacht "counts as an Iron ship"
        plus += 4 * (len(p.ships) + names.count("luxury_yacht"))
    ships = sum(D.ROUND_CARDS[card].ship_value for card in p.ships)
    return sum(D.BUILDINGS[b].value for b in mine) + plus + ships + p.stock[D.FRANC] - 7 * p.loans


def test_full_record_plays_to_the_end_of_the_final_stage() -> None:
    state = _final()
    assert state.current_player is None and kind(state) == "over"
    assert lh.legal_actions(state) == []
    assert state.round == 20 and state.final_turns == 0
    # five special symbols at 4 players: five cards turned up, one left face down
    assert len(state.specials) == 1


def test_full_record_final_holdings_pinned() -> None:
    state = _final()
    holdings = [
        (
            sorted(D.BUILDINGS[b].id for b, who in enumerate(state.owner) if who == seat),
            [D.ROUND_CARDS[c].card for c in p.ships],
            p.stock[D.FRANC],
            p.loans,
        )
        for seat, p in enumerate(state.players)
    ]
    assert holdings == [
        (["abattoir", "arts_center", "business_office", "charcoal_kiln", "fishery", "storehouse"], [], 0, 0),
        (["brickworks", "local_court", "shipping_line", "wharf_2"], [], 4, 1),
        (["bakehouse", "building_firm_1", "clay_mound", "hunting_lodge", "joinery", "marketplace"], [], 0, 0),
        (
            [
                *("construction_firm", "feedlot", "grocery_market", "guildhouse"),
                *("hardware_store", "smokehouse", "wind_farm"),
            ],
            ["R07"],
            3,
            0,
        ),
    ]
    # the special buildings: five turned up (two still the town's), one still face down, which
    # seat 2 saw with the Marketplace
    assert _ids(b for b in SPECIALS if state.owner[b] == TOWN) == ["steakhouse"]
    assert _ids(state.specials) == ["schnaps_distillery"]
    assert state.known == ((-1,), (-1,), (B["schnaps_distillery"],), (-1,))
    assert sum(state.players[0].stock[g] for g in D.GOODS) == 64


def test_full_record_final_wealth_pinned_and_checked_by_hand() -> None:
    state = _final()
    # Seat 0: Abattoir 8 + Arts Center 10 + Business Office 12 + Charcoal Kiln 8 + Fishery 10 +
    # Storehouse 4 = 52, and the Storehouse's ½ Franc per goods token: 64 goods -> 32; no Francs.
    # Seat 1: Brickworks 14 + Local Court 16 + Shipping Line 10 + Wharf 14 = 54, 4 Francs, one
    # loan -7: 51.
    # Seat 2: Bakehouse 8 + Building Firm 4 + Clay Mound 2 + Hunting Lodge 6 + Joinery 8 +
    # Marketplace 6 = 34; no Francs.
    # Seat 3: Construction Firm 8 + Feedlot 6 + Grocery Market 10 + Guildhouse 4 + Hardware
    # Store 8 + Smokehouse 6 + Wind Farm 8 = 50; the Guildhouse's 2 per economic building
    # (Feedlot, Grocery Market, Guildhouse itself; the Hardware Store is a craftsman's building
    # by the rulebook) +6; the R07 wooden ship 6; 3 Francs: 65.
    assert (
        8 + 10 + 12 + 8 + 10 + 4 + 64 // 2,
        14 + 16 + 10 + 14 + 4 - 7,
        8 + 4 + 2 + 6 + 8 + 6,
        8 + 6 + 10 + 4 + 8 + 6 + 8 + 2 * 3 + 6 + 3,
    ) == (84, 51, 34, 65)
    assert [_wealth_by_hand(state, seat) for seat in range(4)] == [84, 51, 34, 65]
    assert lh.scores(state) == (84, 51, 34, 65)
    assert lh.winners(state) == (0,)


def test_full_record_round_trips_through_notation_and_json() -> None:
    state = lh.new_game(4, seed=SEED)
    moves = [text.strip() for entry in _record() for text in entry.split(";")]
    for text in moves:
        action = lh.parse_action(state, text)
        assert str(action) == text
        state = lh.apply(state, action)
    assert lh.loads(lh.dumps(state)) == state
    assert len(moves) == 429
    assert sum(text.startswith("order") for text in moves) == 7  # Marketplace looks


# -- the user's page --------------------------------------------------------------------------------
def test_the_examples_of_docs_lehavre_md_run_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    doc = Path(__file__).parents[2] / "docs" / "lehavre.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, str(doc), "exec"), {"__name__": "docs_lehavre"})
    assert "364 decisions; wealth (174, -188, -195) winners (0,)" in capsys.readouterr().out
