"""Counts of legal actions in known positions (perft), a pinned full game, and properties."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from harborgames import inland_port as ip
from harborgames.core import IllegalActionError, replay
from harborgames.inland_port.data import BUILDING_INDEX, BUILDINGS, MAX_GOODS
from harborgames.testing import perft

DATA = Path(__file__).parent / "data"


def _with(state: ip.State, **changes: object) -> ip.State:
    return attrs.evolve(state, **changes)  # type: ignore[arg-type]


def _built(state: ip.State, key: str, owner: int, placed: int) -> ip.State:
    b = BUILDING_INDEX[key]
    owners = list(state.owner)
    placed_rounds = list(state.placed)
    owners[b], placed_rounds[b] = owner, placed
    return _with(state, owner=tuple(owners), placed=tuple(placed_rounds))


def test_round_a_offers_exactly_the_five_a_buildings() -> None:
    state = ip.new_game(seed=1)
    assert [str(a) for a in ip.legal_actions(state)] == [
        "build wood_company",
        "build farmland",
        "build clay_mound",
        "build grocery_store",
        "build hardware_store",
    ]


def test_legal_action_counts_along_a_fixed_line_are_pinned() -> None:
    state = ip.new_game(seed=0)
    rng = random.Random(0)
    counts = []
    for _ in range(40):
        legal = ip.legal_actions(state)
        counts.append(len(legal))
        state = ip.apply(state, legal[rng.randrange(len(legal))])
    assert counts == [
        *(5, 2, 4, 2, 3, 2, 2, 5, 2, 4, 2, 4, 3, 2, 5, 2, 2, 4, 2, 5),
        *(2, 3, 2, 4, 2, 2, 2, 5, 4, 2, 2, 2, 4, 3, 2, 3, 3, 2, 3, 3),
    ]


def test_marketplace_in_sector_4_lists_every_distinct_distribution() -> None:
    # Start goods F4 C3 W2 G1: fish and grain can take 1 right-step, clay 2, wood none. Steps put
    # on the stopped wood counter are lost, so every smaller outcome is reachable too.
    state = _built(_with(ip.new_game(seed=1), round=4), "marketplace", 1, 1)
    state = _with(state, current_player=1)
    state = ip.apply(state, ip.parse_action(state, "use marketplace"))
    assert [str(a) for a in ip.legal_actions(state)] == [
        "move F1 C2 G1",
        "move F1 C2",
        "move F1 C1 G1",
        "move C2 G1",
        "move F1 C1",
        "move F1 G1",
        "move C2",
        "move C1 G1",
        "move F1",
        "move C1",
        "move G1",
        "move none",
    ]


def test_paying_two_wood_from_six_in_column_two_offers_both_minimal_payments() -> None:
    # Wood on (6, 2) = 8: pay 2 exactly (two left) or overpay 3 keeping column 2 (one down).
    state = _with(ip.new_game(seed=1), goods=((4, 3, 8, 1), (4, 3, 8, 1)))
    state = ip.apply(state, ip.parse_action(state, "build grocery_store"))
    assert [str(a) for a in ip.legal_actions(state)] == ["pay W2", "pay W3"]


def test_least_goods_option_offers_only_the_exact_payment() -> None:
    state = ip.new_game(seed=1, options={"overpay": "least_goods"})
    state = _with(state, goods=((4, 3, 8, 1), (4, 3, 8, 1)))
    state = ip.apply(state, ip.parse_action(state, "build grocery_store"))
    assert state.goods[state.first_player][2] == 6  # a single payment is made at once


def test_a_recorded_random_game_replays_to_its_pinned_scores() -> None:
    record = ip.loads((DATA / "random_game_seed2024.json").read_text())
    final = replay(ip, record)
    assert ip.is_terminal(final)
    assert len(record.actions) == 162  # player decisions; lone options are taken by the engine
    assert ip.scores(final) == (45, 18)
    assert ip.winners(final) == (0,)


def test_unknown_rule_option_is_refused() -> None:
    try:
        ip.new_game(seed=1, options={"overpay": "never"})
    except ValueError as error:
        assert "overpay" in str(error)
    else:
        raise AssertionError("an unknown option value was accepted")


def test_parse_action_names_what_it_cannot_read() -> None:
    state = ip.new_game(seed=1)
    for text, fragment in [
        ("build castle", "no building is called 'castle'"),
        ("use f", "ambiguous"),
        ("move X3", "cannot read 'X3'"),
        ("dance", "cannot read 'dance'"),
        ("", "empty"),
    ]:
        try:
            ip.parse_action(state, text)
        except IllegalActionError as error:
            assert fragment in str(error), (text, str(error))
        else:
            raise AssertionError(f"{text!r} was read")


def test_parse_action_accepts_index_names_and_prefixes() -> None:
    state = ip.new_game(seed=1)
    assert ip.parse_action(state, "Build Craftsmen's Yard") == ip.Build("craftsmens_yard")
    assert ip.parse_action(state, "use busi") == ip.Use("business_office")


def _playout(seed: int, chooser: random.Random) -> list[tuple[ip.State, object]]:
    state = ip.new_game(seed=seed)
    steps = []
    while not ip.is_terminal(state):
        legal = ip.legal_actions(state)
        action = legal[chooser.randrange(len(legal))]
        steps.append((state, action))
        state = ip.apply(state, action)
    steps.append((state, None))
    return steps


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.randoms(use_true_random=False))
def test_random_games_keep_every_invariant(seed: int, chooser: random.Random) -> None:
    steps = _playout(seed, chooser)
    main_actions = 0
    for state, action in steps:
        for player in (0, 1):
            assert state.francs[player] >= 0  # Francs never go negative
            assert all(0 <= g <= MAX_GOODS for g in state.goods[player])  # no counter leaves the grid
        for b, owner in enumerate(state.owner):  # a building is owned only once it has entered
            assert owner < 0 or BUILDINGS[b].round <= state.placed[b] <= state.round
        if isinstance(action, (ip.Build, ip.Use, ip.Pass)):
            main_actions += 1
        # the engine takes a lone main action itself (forced-choice policy): count those too
        main_actions += sum(f.action.split()[0] in ("build", "use", "pass") for f in state.forced)
    assert main_actions == 72  # 3+3+3+5+5+5+7+7+7+9+9+9
    final = steps[-1][0]
    assert ip.is_terminal(final) and final.round == 12


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.randoms(use_true_random=False))
def test_using_an_opponents_building_moves_exactly_one_franc_between_players(
    seed: int, chooser: random.Random
) -> None:
    for state, action in _playout(seed, chooser)[:-1]:
        if not isinstance(action, ip.Use):
            continue
        b = BUILDING_INDEX[action.building]
        owner = state.owner[b]
        user = state.current_player
        if owner == user:
            continue
        after = ip.apply(state, action)
        assert after.francs[owner] == state.francs[owner] + 1  # the fee, and nothing else, to the owner


# Leaf counts 1..9 decisions ahead of seed 0's start. Before the forced-choice policy (rules
# version 1) they were 5, 10, 45, 90, 300, 746, 3024, 10029, 32000: a position whose only action
# was a lone one (a lone build, pass or end) counted as one leaf; now the engine takes it and the
# choices after it are counted, so depths 5 and on grow.
PERFT = [5, 10, 45, 90, 302, 777, 3134, 10238, 32559]


def test_perft_from_the_start_is_pinned() -> None:
    # Depth 2 is 5 builds x (sell it again | end); any change to legal actions moves these numbers.
    start = ip.new_game(seed=0)
    assert [perft(ip, start, depth) for depth in range(1, 10)] == PERFT
