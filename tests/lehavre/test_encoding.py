"""Le Havre's integer actions and observation tensors (``lehavre.encoding``, docs/rl/lehavre.md):
the shared conformance check at every player count and variant, pinned sizes and ids, the slot
capacities against random playouts, and hidden information kept out of the tensor."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from harborgames import lehavre as lh
from harborgames.core.errors import IllegalActionError
from harborgames.core.play import random_playout
from harborgames.core.update import update
from harborgames.lehavre.actions import Pay, PayPart, Times
from harborgames.lehavre.data import BUILDING_INDEX, SPECIAL_BUILDINGS, WOOD
from harborgames.lehavre.encoding import PAY_PART_CAPACITY, TIMES_CAPACITY, action_space
from harborgames.lehavre.payment import LIST_LIMIT
from harborgames.lehavre.state import OUT, SPECIAL_DECK
from harborgames.testing.encoding import check_encoding

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl" / "lehavre.md"
COUNTS = (1, 2, 3, 4, 5)


@pytest.mark.parametrize("variant", ["full", "short"])
@pytest.mark.parametrize("n", COUNTS)
def test_check_encoding(n: int, variant: str) -> None:
    assert check_encoding(lh, n, variant, games=2, seed=n) > 0


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["full", "short"])
@pytest.mark.parametrize("n", COUNTS)
def test_check_encoding_deeper(n: int, variant: str) -> None:
    assert check_encoding(lh, n, variant, games=12, seed=100 + n) > 0


# -- the action ids -------------------------------------------------------------------------------------
# The same for every player count of a variant: fixed ids + Pay 40 + PayPart 100 + Times 100.
SIZES = {"full": 997, "short": 722}
FIXED = {"full": 757, "short": 482}
# sha256 of the fixed catalogue's notation, one action a line, in id order.
CATALOGUE_SHA256 = {
    "full": "501c4bb4c537ccd9f8343079fefb25221bf88a43924313ee9341ed4c44084922",
    "short": "27ef920218c86cc231309e7ab30b712ca045fb17234b7d8252234b5b9d4193b9",
}


@pytest.mark.parametrize("variant", ["full", "short"])
def test_num_distinct_actions_is_pinned_for_every_player_count(variant: str) -> None:
    assert [lh.num_distinct_actions(n, variant) for n in COUNTS] == [SIZES[variant]] * len(COUNTS)
    assert len(action_space(3, variant).fixed) == FIXED[variant]


def test_defaults_are_new_games_two_players_full_game() -> None:
    assert lh.num_distinct_actions() == lh.num_distinct_actions(2, "full") == SIZES["full"]
    assert lh.observation_layout() == lh.observation_layout(2, "full")


def test_bad_configurations_are_refused() -> None:
    with pytest.raises(ValueError, match="1 to 5 players"):
        lh.num_distinct_actions(6)
    with pytest.raises(ValueError, match="variants"):
        lh.observation_layout(2, "long")


@pytest.mark.parametrize("variant", ["full", "short"])
def test_the_fixed_catalogue_is_pinned(variant: str) -> None:
    text = "\n".join(str(action) for action in action_space(2, variant).fixed)
    digest = hashlib.sha256(text.encode()).hexdigest()
    assert digest == CATALOGUE_SHA256[variant], (
        f"the fixed action ids of the {variant} game changed (new hash {digest}): trained policies "
        "would read them wrongly. If that is intended, update this hash and docs/rl/lehavre.md, and "
        "bump lehavre.INFO.version; otherwise restore the catalogue's order."
    )


def test_known_action_ids() -> None:
    state = lh.new_game(2, seed=1)
    assert lh.encode(state, lh.Take("francs")) == 0
    assert lh.encode(state, lh.Take("wood")) == 2
    assert lh.encode(state, lh.Enter("building_firm_1")) == 7
    assert lh.encode(state, lh.Buy("building_firm_1")) == 7 + 69
    assert lh.encode(state, lh.End()) == FIXED["full"] - 1
    short = lh.new_game(2, seed=1, variant="short")
    assert lh.encode(short, lh.Buy("building_firm_1")) == 7 + 33
    assert lh.encode(short, lh.End()) == FIXED["short"] - 1
    assert lh.decode(state, 2) == lh.Take("wood")


def _first_state(variant: str, wanted: type, at_least: int) -> lh.State:
    """The first position of a seeded random game offering ``at_least`` actions of a kind."""
    rng = random.Random(0)
    state = lh.new_game(3, seed=0, variant=variant)
    while sum(type(a) is wanted for a in lh.legal_actions(state)) < at_least:
        options = lh.legal_actions(state)
        state = lh.apply(state, options[rng.randrange(len(options))])
    return state


@pytest.mark.parametrize(("kind", "start"), [(Pay, 0), (Times, LIST_LIMIT + PAY_PART_CAPACITY)])
def test_slot_ids_follow_the_offered_order(kind: type, start: int) -> None:
    state = _first_state("short", kind, 2)
    offered = [a for a in lh.legal_actions(state) if type(a) is kind]
    first = FIXED["short"] + start
    assert [lh.encode(state, a) for a in offered] == list(range(first, first + len(offered)))
    assert [lh.decode(state, first + k) for k in range(len(offered))] == offered
    with pytest.raises(IllegalActionError, match="offered here"):
        lh.decode(state, first + len(offered))


def test_decode_refuses_ids_out_of_range_and_unfilled_slots() -> None:
    state = lh.new_game(2, seed=1)
    size = lh.num_distinct_actions(2)
    for index in (-1, size, size + 5):
        with pytest.raises(IllegalActionError, match="outside"):
            lh.decode(state, index)
    # no payment is asked in the first turn: the Pay, PayPart and Times slots are all empty
    for index in (FIXED["full"], FIXED["full"] + LIST_LIMIT, size - 1):
        with pytest.raises(IllegalActionError, match="offered here"):
            lh.decode(state, index)
    with pytest.raises(IllegalActionError, match="not offered"):
        lh.encode(state, Times(3))


def test_the_mask_marks_exactly_the_legal_actions() -> None:
    state = lh.new_game(3, seed=2)
    mask = lh.legal_action_mask(state)
    assert mask.dtype == np.int8 and mask.shape == (lh.num_distinct_actions(3),)
    decoded = [lh.decode(state, int(i)) for i in np.flatnonzero(mask)]
    assert sorted(map(str, decoded)) == sorted(map(str, lh.legal_actions(state)))


@pytest.mark.parametrize("variant", ["full", "short"])
def test_random_playouts_stay_well_inside_the_slot_capacities(variant: str) -> None:
    """The capacities are bounds the rules do not give (tokens are unlimited): random games must
    stay far below them (the largest seen: Pay 38 of 40, PayPart 7, Times 39)."""
    most: Counter[type] = Counter()

    def count(state: lh.State, action: object, after: lh.State) -> None:
        for kind, offered in Counter(type(a) for a in lh.legal_actions(state)).items():
            most[kind] = max(most[kind], offered)

    for n in COUNTS:
        for seed in range(3):
            random_playout(lh, lh.new_game(n, seed=seed, variant=variant), random.Random(seed), on_step=count)
    assert most[Pay] <= LIST_LIMIT
    assert most[PayPart] <= PAY_PART_CAPACITY // 2
    assert most[Times] <= TIMES_CAPACITY // 2


# -- the observation tensor -------------------------------------------------------------------------------
def _slice(n: int, variant: str, name: str, tensor: np.ndarray) -> list[float]:
    return [float(x) for x in tensor[lh.observation_layout(n, variant).offsets[name]]]


def test_a_fresh_game_s_tensor() -> None:
    state = lh.new_game(4, seed=5)
    tensor = lh.observation_tensor(state, 2)
    assert tensor.dtype == np.float32 and tensor.shape == lh.observation_layout(4).shape

    def part(name: str) -> list[float]:
        return _slice(4, "full", name, tensor)

    assert part("observer") == [0, 0, 1, 0]
    assert part("current_player") == part("turn_player") == [1, 0, 0, 0]
    assert part("decision") == [1] + [0] * (len(lh.decisions.DECISION_TYPES) - 1)  # Turn()
    assert part("round")[0] == 1 and sum(part("round")) == 1
    assert part("turn") == [1, 0, 0, 0, 0, 0, 0, 0]
    assert part("francs") == pytest.approx([0.1] * 4)  # 5 Francs / 50
    assert sum(part("supply_tiles")) == 7 and part("supply_tiles")[8 + 7] == 1  # round space 2 face down
    assert part("specials_left") == [1.0]
    assert sum(part("specials_seen")) == 0
    person = part("person")
    assert all(person[seat * 70 + 69] == 1 for seat in range(4))  # everyone at home
    assert np.all((tensor >= -1) & (tensor <= 1.5))


def _swap_hidden_special(state: lh.State) -> lh.State:
    """The state with the face-down special on top exchanged for one left in the box."""
    top = state.specials[0]
    boxed = next(BUILDING_INDEX[b.id] for b in SPECIAL_BUILDINGS if state.owner[BUILDING_INDEX[b.id]] == OUT)
    owner = list(state.owner)
    owner[top], owner[boxed] = OUT, SPECIAL_DECK
    return update(state, specials=(boxed, *state.specials[1:]), owner=tuple(owner))


def test_a_hidden_special_card_does_not_show_in_the_tensor() -> None:
    state = lh.new_game(3, seed=4)
    other = _swap_hidden_special(state)
    assert other != state
    for seat in range(3):
        assert np.array_equal(lh.observation_tensor(state, seat), lh.observation_tensor(other, seat))
        assert lh.observation_string(state, seat) == lh.observation_string(other, seat)
    # once seat 1 has looked (the Marketplace), seat 1 tells them apart; the others still cannot
    looked = [
        update(s, known=(s.known[0], (s.specials[0], *s.known[1][1:]), s.known[2])) for s in (state, other)
    ]
    assert not np.array_equal(lh.observation_tensor(looked[0], 1), lh.observation_tensor(looked[1], 1))
    assert np.array_equal(lh.observation_tensor(looked[0], 0), lh.observation_tensor(looked[1], 0))


def test_a_face_down_supply_tile_does_not_show_in_the_tensor() -> None:
    state = lh.new_game(2, seed=4, variant="short")
    assert state.revealed < 6
    tiles = list(state.tiles)
    tiles[5], tiles[6] = tiles[6], tiles[5]
    other = update(state, tiles=tuple(tiles))
    assert other != state
    for seat in range(2):
        assert np.array_equal(lh.observation_tensor(state, seat), lh.observation_tensor(other, seat))


TENSOR_SIZES = {"full": (1403, 1599, 1792, 1983, 2172), "short": (709, 824, 939, 1050, 1164)}


@pytest.mark.parametrize("variant", ["full", "short"])
def test_tensor_sizes_are_pinned(variant: str) -> None:
    assert tuple(lh.observation_layout(n, variant).size for n in COUNTS) == TENSOR_SIZES[variant]


def test_the_docs_tables_are_current() -> None:
    text = DOCS.read_text()
    table = lh.observation_layout(4, "full").describe()
    assert table in text, "docs/rl/lehavre.md: paste observation_layout(4, 'full').describe() again"
    for n in COUNTS:
        row = f"| {n} | {SIZES['full']} | {TENSOR_SIZES['full'][n - 1]} | {SIZES['short']} | "
        row += f"{TENSOR_SIZES['short'][n - 1]} |"
        assert row in text, f"docs/rl/lehavre.md: the sizes of {n} players"


def test_a_count_beyond_the_slot_capacity_is_refused_clearly() -> None:
    """Tokens are unlimited, so a position can offer more counts than the Times slots hold: the
    mask then raises (naming the limit) instead of giving two counts one id."""
    state = lh.new_game(2, seed=1)
    kiln = BUILDING_INDEX["charcoal_kiln"]
    p = state.players[0]
    wood = TIMES_CAPACITY + 20
    stock = (*p.stock[:WOOD], wood, *p.stock[WOOD + 1 :])
    owner = list(state.owner)
    owner[kiln] = 0  # as if built from its Building Proposal pile
    piles = tuple(tuple(b for b in pile if b != kiln) for pile in state.piles)
    players = (update(p, stock=stock), *state.players[1:])
    state = update(state, players=players, owner=tuple(owner), piles=piles)
    state = lh.apply(state, lh.Enter("charcoal_kiln"))
    assert sum(isinstance(a, Times) for a in lh.legal_actions(state)) == wood
    with pytest.raises(IllegalActionError, match=f"more than {TIMES_CAPACITY} Times"):
        lh.legal_action_mask(state)
    assert lh.encode(state, Times(TIMES_CAPACITY)) == lh.num_distinct_actions() - 1  # the last slot


@pytest.mark.parametrize(("n", "variant"), [(1, "short"), (3, "full"), (5, "full")])
def test_the_sources_rule_options_fit_the_same_ids(n: int, variant: str) -> None:
    """The other readings (the sources' Coal Trader and Diner counts, the Harbor Watch in the deck,
    a solo starting ship, empty visits, a Haulage Firm pair with one space, ...) offer nothing
    outside the catalogue and slots."""
    options = {name: values[1] for name, values in lh.OPTIONS.items()}  # every non-default reading

    def check(state: lh.State, action: object, after: lh.State) -> None:
        legal = lh.legal_actions(state)
        assert [lh.decode(state, lh.encode(state, a)) for a in legal] == legal
        assert int(lh.legal_action_mask(state).sum()) == len(legal)

    for seed in range(3):
        state = lh.new_game(n, seed=seed, variant=variant, options=options)
        random_playout(lh, state, random.Random(seed), on_step=check)


# sha256 of every seat's tensor of ``new_game(n, seed=1, variant=v)``, seat 0 first: the values,
# not just the layout, are pinned, so a faster tensor writer must write the same bytes.
FRESH_TENSOR_SHA256 = {
    ("full", 1): "6322a5480c6ef3682f382bd1e5d66ae3d8b6eabd5a7eff2a4ba5c41ab05b6fae",
    ("full", 2): "97f1a3b73fe34cc32c14d2861b17282e98723913842a7874beffa7729e82a5ef",
    ("full", 3): "6241ec847d629278d78f938733b82b0464bafd45738ba707b55b0e9270508ef2",
    ("full", 4): "7082983a0285b2e8b7210f2bd01256e3a407dc5528d14b8d053d53329271385d",
    ("full", 5): "d940c92cbae88add6eaa490d088d4d8438c20a03853d4839a95e4bec1820355d",
    ("short", 1): "eaecfc7e16a24b6350b1b9859c7f13b39480aff2da7dde2d499461e7d0ebaf0a",
    ("short", 2): "11b8074c43cab517d7f0678e0d3f00f1cb2a8705897d38572b8ca1f23d85c3dd",
    ("short", 3): "37d2b881a66b10b07872f6d20d4fa5539cc9382641dedbc11d8ba52109377f68",
    ("short", 4): "e7e2f59c7baac0e06bcd1f1f391f484e582132a6db16daafc6fdbdde3cd7783c",
    ("short", 5): "827025f5fb2da8e0b9902fe0cc3ef894b6625808d18bf86c5394360044f488e5",
}


@pytest.mark.parametrize(("variant", "players"), list(FRESH_TENSOR_SHA256))
def test_a_fresh_games_tensors_are_pinned(variant: str, players: int) -> None:
    state = lh.new_game(players, seed=1, variant=variant)
    tensors = b"".join(lh.observation_tensor(state, seat).tobytes() for seat in range(players))
    assert hashlib.sha256(tensors).hexdigest() == FRESH_TENSOR_SHA256[(variant, players)], (
        "the observation tensors changed: if intended (a layout or scale change), bump INFO.version "
        "and update this hash and the game's docs/rl page"
    )
