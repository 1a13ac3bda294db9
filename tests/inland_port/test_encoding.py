"""Integer actions and observation tensors of the Inland Port (docs/rl/inland_port.md)."""

from __future__ import annotations

import hashlib
import itertools
import random
from pathlib import Path

import numpy as np
import pytest

from harborgames import inland_port as ip
from harborgames.core.errors import IllegalActionError
from harborgames.inland_port.encoding import MAX_FOOD_PAID, MAX_OVERPAY, action_space
from harborgames.inland_port.state import is_available
from harborgames.inland_port.warehouse import payment_ends
from harborgames.testing.encoding import check_encoding

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl" / "inland_port.md"

# sha256 of the catalogue's notation, one action a line in id order. A change means every
# trained policy's ids moved: if that is intended, bump INFO.version and update this pin.
CATALOGUE_SHA256 = "f0a6509e9e4a313ba3cb617a263044cde4933046e75c232951ccfeba949d6022"


def test_check_encoding_passes_over_random_games() -> None:
    assert check_encoding(ip, 2, games=4, seed=0) > 0


def test_every_rule_option_combination_stays_inside_the_catalogue() -> None:
    # check_encoding plays the default options; the catalogue is the union over all of them.
    space = action_space()
    for number, combination in enumerate(itertools.product(*ip.OPTIONS.values())):
        options = dict(zip(ip.OPTIONS, combination, strict=True))
        for game in range(3):
            rng = random.Random(100 * number + game)
            state = ip.new_game(seed=game, options=options)
            while not ip.is_terminal(state):
                legal = ip.legal_actions(state)
                space.ids(state, legal)  # raises if an action has no id
                state = ip.apply(state, rng.choice(legal))


def test_payments_never_overpay_by_more_than_the_catalogue_allows() -> None:
    for overpay in ip.OPTIONS["overpay"]:
        for start, amount in itertools.product(range(18), range(1, 11)):
            for (end,) in payment_ends((start,), amount, overpay):
                assert start - end <= amount + MAX_OVERPAY
        for fish, grain, amount in itertools.product(range(18), range(18), (1, 6, 15)):
            for ends in payment_ends((fish, grain), amount, overpay):
                paid = fish + grain - sum(ends)
                assert paid <= min(amount + MAX_OVERPAY, MAX_FOOD_PAID)


def test_num_distinct_actions_is_pinned() -> None:
    assert ip.num_distinct_actions() == 550
    assert ip.num_distinct_actions(2, "standard") == 550


def test_other_configurations_are_refused() -> None:
    with pytest.raises(ValueError, match="exactly 2 players"):
        ip.num_distinct_actions(3)
    with pytest.raises(ValueError, match="variant"):
        ip.observation_layout(2, "full")


def test_known_ids() -> None:
    state = ip.new_game(seed=1)
    first = ip.legal_actions(state)[0]
    assert str(first) == "build wood_company"
    assert ip.encode(state, first) == 0
    assert ip.encode(state, ip.Use("wood_company")) == 31
    assert ip.encode(state, ip.Sell("wood_company")) == 62
    assert ip.encode(state, ip.Pass()) == 93
    assert ip.encode(state, ip.End()) == 94
    assert ip.encode(state, ip.Times(0)) == 95
    assert ip.encode(state, ip.Move()) == 100
    assert ip.encode(state, ip.Pay(wood=1)) == 310
    assert ip.decode(state, 549) == ip.Pay(fish=17)


def test_decode_outside_the_space_is_an_illegal_action() -> None:
    state = ip.new_game(seed=1)
    for index in (-1, 550, 10_000):
        with pytest.raises(IllegalActionError, match="outside"):
            ip.decode(state, index)


def test_the_catalogue_order_is_pinned() -> None:
    notation = "\n".join(str(action) for action in action_space().fixed)
    digest = hashlib.sha256(notation.encode()).hexdigest()
    assert digest == CATALOGUE_SHA256, (
        "the Inland Port's action ids changed; if intended, bump INFO.version and update "
        "CATALOGUE_SHA256 and docs/rl/inland_port.md"
    )


def test_the_mask_of_a_fresh_game_marks_the_offered_builds() -> None:
    state = ip.new_game(seed=1)
    assert np.flatnonzero(ip.legal_action_mask(state)).tolist() == [0, 1, 2, 3, 4]


def test_tensor_of_a_fresh_game() -> None:
    state = ip.new_game(seed=1)  # seat 1 starts
    layout = ip.observation_layout()
    tensor = ip.observation_tensor(state, 0)
    assert tensor.shape == (468,) and tensor.dtype == np.float32
    assert tensor[layout.offsets["me"]].tolist() == [1, 0]
    assert tensor[layout.offsets["current_player"]].tolist() == [0, 1]
    assert tensor[layout.offsets["decision"]].tolist() == [1, 0, 0, 0, 0]  # MainAction
    assert tensor[layout.offsets["decision_building"]].sum() == 0
    assert tensor[layout.offsets["rules"]].tolist() == [1, 0] * 4  # every option at its default
    assert tensor[layout.offsets["round"]][0] == 1
    assert tensor[layout.offsets["actions_left"]][0] == pytest.approx(3 / 9)
    warehouse = tensor[layout.offsets["warehouse"]].reshape(2, 4, 18)
    assert [int(np.argmax(warehouse[0, good])) for good in range(4)] == [4, 3, 2, 1]
    assert tensor[layout.offsets["available"]].sum() == 5  # the five A buildings
    assert tensor[layout.offsets["owner"]].sum() == 0
    assert ip.observation_tensor(state, 1)[layout.offsets["me"]].tolist() == [0, 1]
    assert np.all((tensor >= 0) & (tensor <= 1))


def test_tensor_after_a_build_shows_owner_sector_and_pending_payment() -> None:
    state = ip.new_game(seed=1)
    state = ip.apply(state, ip.Build("wood_company"))  # paid at once: only one way to pay 2 Clay
    layout = ip.observation_layout()
    tensor = ip.observation_tensor(state, 0)
    owner = tensor[layout.offsets["owner"]].reshape(31, 2)
    sector = tensor[layout.offsets["sector"]].reshape(31, 5)
    assert owner[0].tolist() == [0, 1] and sector[0].tolist() == [1, 0, 0, 0, 0]
    assert tensor[layout.offsets["decision"]].tolist() == [0, 0, 0, 0, 1]  # SellOrEnd


def test_observation_string_names_the_seat_and_draws_the_table() -> None:
    text = ip.observation_string(ip.new_game(seed=1), 0)
    assert text.startswith("You are player 0.")
    assert "+0   +1   +2" in text


def test_the_docs_show_the_layout_table() -> None:
    assert ip.observation_layout().describe() in DOCS.read_text()


def test_the_tensors_available_buildings_are_the_rules() -> None:
    """The writer reads availability from the buildings entered by each round (``BUILDINGS`` is in
    round order): it must stay ``state.is_available`` over a whole game."""
    state = ip.new_game(seed=3)
    rng = random.Random(3)
    available = ip.observation_layout().offsets["available"]
    while True:
        expected = [float(is_available(state, b)) for b in range(len(state.owner))]
        assert ip.observation_tensor(state, 0)[available].tolist() == expected
        if ip.is_terminal(state):
            break
        state = ip.apply(state, rng.choice(ip.legal_actions(state)))


# sha256 of every seat's tensor of ``new_game(n, seed=1, variant=v)``, seat 0 first: the values,
# not just the layout, are pinned, so a faster tensor writer must write the same bytes. (Issue 19
# added the decision kind, its building and the rule options: equal tensors, equal legal actions.)
FRESH_TENSOR_SHA256 = {
    ("standard", 2): "2288f01012c78349a614b9184692f402b58d7f9e2247708dfb6af24c9b18774c",
}


@pytest.mark.parametrize(("variant", "players"), list(FRESH_TENSOR_SHA256))
def test_a_fresh_games_tensors_are_pinned(variant: str, players: int) -> None:
    state = ip.new_game(players, seed=1, variant=variant)
    tensors = b"".join(ip.observation_tensor(state, seat).tobytes() for seat in range(players))
    assert hashlib.sha256(tensors).hexdigest() == FRESH_TENSOR_SHA256[(variant, players)], (
        "the observation tensors changed: if intended (a layout or scale change), update this hash "
        "and the game's docs/rl page (INFO.version counts the rules: legal actions, outcomes, notation)"
    )
