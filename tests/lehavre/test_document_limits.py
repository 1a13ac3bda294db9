"""Le Havre documents at the edge of what ``loads`` accepts (issue 22).

A document that loads must play on to positions that load again: each count is checked with the
most the rest of the game can add to it (``lehavre/limits.py``), so a document at the limits
plays every legal action and a random game and round-trips after each, and one a move away
from breaking them is refused saying so. A round set back or on contradicts the ship cards
dealt, the turn order or the special deck and is refused; a decision's pending amounts must fit
the position (a pending upgrade of goods the player does not hold would leave it with a
negative count).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from harborgames import lehavre
from harborgames.core.errors import FormatError
from harborgames.lehavre import data
from harborgames.lehavre.limits import (
    MAX_FRANCS,
    MAX_GOODS,
    MAX_LOANS,
    francs_room,
    goods_room,
    loans_room,
)

from .position import play, position

Room = Callable[[lehavre.State, int], tuple[int, int]]
ROOMS: dict[str, tuple[Room, int]] = {
    "goods": (goods_room, MAX_GOODS),
    "francs": (francs_room, MAX_FRANCS),
    "loans": (loans_room, MAX_LOANS),
}
CONFIGS = [(1, "full"), (2, "full"), (2, "short"), (3, "short"), (4, "full"), (5, "short")]


def _document(state: lehavre.State) -> dict[str, object]:
    document = json.loads(lehavre.dumps(state))
    assert isinstance(document, dict)
    return document


def _data(document: dict[str, object]) -> dict[str, object]:
    inner = document["data"]
    assert isinstance(inner, dict)
    return inner


def _round_trips(state: lehavre.State) -> None:
    """The state, and what the seat to move sees of it, load back equal."""
    text = lehavre.dumps(state)
    again = lehavre.loads(text)
    assert again == state and lehavre.dumps(again) == text
    if state.current_player is not None:
        observation = lehavre.observe(state, state.current_player)
        assert lehavre.loads(lehavre.dumps(observation)) == observation


def _plays_on(state: lehavre.State, *, seed: int, steps: int = 40, most: int = 120) -> None:
    """Every legal action (``most`` of them, evenly spread, where there are more) and a random
    game of ``steps`` moves lead to positions that load again."""
    legal = lehavre.legal_actions(state)
    stride = max(1, len(legal) // most)
    for action in (*legal[::stride], *legal[-1:]):
        _round_trips(lehavre.apply(state, action))
    rng = random.Random(seed)
    for _ in range(steps):
        legal = lehavre.legal_actions(state)
        if not legal:
            break
        state = lehavre.apply(state, legal[rng.randrange(len(legal))])
        _round_trips(state)


def _positions(num_players: int, variant: str, seed: int, every: int = 23) -> list[lehavre.State]:
    """Positions of a random game: its start, every ``every``-th decision, its last decision."""
    rng = random.Random(seed)
    state = lehavre.new_game(num_players, seed=seed, variant=variant)
    found = [state]
    step = 0
    while legal := lehavre.legal_actions(state):
        step += 1
        state = lehavre.apply(state, legal[rng.randrange(len(legal))])
        if step % every == 0 and state.current_player is not None:
            found.append(state)
    return found


def _raised(state: lehavre.State, what: str, seat: int, extra: int) -> dict[str, object]:
    """``state``'s document with ``extra`` more wood, Francs or loans for ``seat``."""
    document = _document(state)
    player = _data(document)["players"][seat]  # type: ignore[index]
    if what == "loans":
        player["loans"] += extra
    else:
        player["stock"][data.FRANC if what == "francs" else data.FISH] += extra
    return document


# -- the document, and documents at the limits ----------------------------------------------
def test_a_document_at_the_old_caps_is_refused_for_what_the_rest_of_the_game_can_add() -> None:
    """9,999 on every Offer space and of every token, 999 loans: it loaded, and one legal move
    later the state could not be saved ("holds a count outside 0..9999")."""
    document = _document(lehavre.new_game(2, seed=1))
    inner = _data(document)
    inner["offers"] = [9_999] * len(data.OFFER_SPACES)
    for player in inner["players"]:  # type: ignore[attr-defined]
        player["stock"] = [9_999] * data.NUM_TOKEN_KINDS
        player["loans"] = 999
    with pytest.raises(FormatError, match=r"player 0's goods .* come to more than 100000$"):
        lehavre.loads(json.dumps(document))


def test_a_document_with_9999_on_an_offer_space_and_in_a_stock_plays_on() -> None:
    """Within the limits the old caps' document loads, and every state play leads to loads too
    (the Offer space taken: 19,998 fish)."""
    document = _document(lehavre.new_game(2, seed=1))
    inner = _data(document)
    inner["offers"][data.OFFER_SPACES.index(data.FISH)] = 9_999  # type: ignore[index]
    inner["players"][0]["stock"][data.FISH] = 9_999  # type: ignore[index]
    state = lehavre.loads(json.dumps(document))
    assert isinstance(state, lehavre.State)
    taken = play(state, "take fish")
    assert taken.players[0].stock[data.FISH] == 19_998
    _round_trips(taken)
    _plays_on(state, seed=1)


@pytest.mark.parametrize("what", sorted(ROOMS))
@pytest.mark.parametrize(("num_players", "variant"), CONFIGS)
def test_documents_at_the_limits_play_on_and_round_trip(num_players: int, variant: str, what: str) -> None:
    room, limit = ROOMS[what]
    for number, state in enumerate(_positions(num_players, variant, seed=num_players)[::3]):
        seat = state.current_player
        assert seat is not None
        extra = limit - sum(room(state, seat))
        at_limit = lehavre.loads(json.dumps(_raised(state, what, seat, extra)))
        assert isinstance(at_limit, lehavre.State) and sum(room(at_limit, seat)) == limit
        _plays_on(at_limit, seed=number, steps=25)
        with pytest.raises(FormatError, match=rf"(?i)player {seat}'s {what}.*more than {limit}$"):
            lehavre.loads(json.dumps(_raised(state, what, seat, extra + 1)))


def _choose(
    state: lehavre.State, legal: list[lehavre.Action], rng: random.Random, *, greedy: bool
) -> lehavre.Action:
    """A random action, or (``greedy``, four times in five) the best by the seat's heuristic."""
    seat = state.current_player
    if not greedy or seat is None or rng.random() < 0.2:
        return legal[rng.randrange(len(legal))]
    return max(legal, key=lambda action: lehavre.heuristic(lehavre.apply(state, action), seat))


@pytest.mark.parametrize(("num_players", "variant"), CONFIGS)
def test_the_room_left_never_grows_along_a_game(num_players: int, variant: str) -> None:
    """What ``loads`` counts (a count and the most the rest of the game can add) never grows by a
    legal move: the property that makes every position reached from a loaded one load again.
    One random game, and one mostly greedy on the heuristic (it builds, ships and feeds)."""
    options = {"coal_trader": "sources", "harbor_watch": "sources"} if variant == "full" else None
    for seed in range(2):
        rng = random.Random(seed)
        state = lehavre.new_game(num_players, seed=seed, variant=variant, options=options)

        start = {
            what: max(sum(room(state, s)) for s in range(num_players)) for what, (room, _) in ROOMS.items()
        }
        assert all(start[what] < limit // 4 for what, (_, limit) in ROOMS.items()), start
        while legal := lehavre.legal_actions(state):
            after = lehavre.apply(state, _choose(state, legal, rng, greedy=seed == 1))
            for what, (room, _) in ROOMS.items():
                for s in range(num_players):
                    assert sum(room(after, s)) <= sum(room(state, s)), (
                        what,
                        s,
                        state.decision,
                        after.decision,
                    )
            state = after


# -- a round that does not fit the cards dealt ----------------------------------------------------
@pytest.mark.parametrize("shift", [-1, 1])
@pytest.mark.parametrize(("num_players", "variant"), CONFIGS)
def test_a_round_set_back_or_on_is_refused(num_players: int, variant: str, shift: int) -> None:
    """A round set back would deal a ship card that is already in play; set on, it skips one."""
    refused = 0
    for state in _positions(num_players, variant, seed=7, every=41)[1:]:
        document = _document(state)
        inner = _data(document)
        inner["round"] += shift  # type: ignore[operator]
        if not 0 <= inner["round"] <= len(data.round_cards(num_players, variant)):  # type: ignore[operator]
            continue
        with pytest.raises(FormatError, match=r"ship|turn, not seat|special deck|round|final stage"):
            lehavre.loads(json.dumps(document))
        refused += 1
    assert refused


def _round_shifted(num_players: int, variant: str, shift: int, seed: int = 7) -> str:
    state = next(s for s in _positions(num_players, variant, seed) if s.round >= 3 and s.turn < 7)
    document = _document(state)
    _data(document)["round"] += shift  # type: ignore[operator]
    return json.dumps(document)


def test_a_round_set_back_names_the_ship_not_yet_dealt() -> None:
    # solo: 7 is a multiple of the seat count, so only the cards tell
    with pytest.raises(FormatError, match=r"ship R\d\d is not in play yet \(\d+ rounds resolved\)"):
        lehavre.loads(_round_shifted(1, "full", -1))


def test_a_round_set_on_names_the_ship_dealt_and_missing() -> None:
    with pytest.raises(FormatError, match=r"ship R\d\d was dealt \(\d+ rounds resolved\) but is on no pile"):
        lehavre.loads(_round_shifted(1, "full", +1))


def test_a_round_set_back_names_whose_turn_it_is() -> None:
    with pytest.raises(FormatError, match=r"round \d+, turn \d is seat \d's turn, not seat \d's"):
        lehavre.loads(_round_shifted(2, "short", -1))


def test_the_special_deck_must_fit_the_rounds_resolved() -> None:
    state = next(s for s in _positions(1, "full", seed=7) if s.round == 1 and s.turn < 7)
    document = _document(state)
    inner = _data(document)
    inner["round"] = 2  # R04 (round 2) has no special symbol for a solo game; R01 (round 1) had
    with pytest.raises(FormatError, match=r"ship|special deck"):
        lehavre.loads(json.dumps(document))
    owner = inner["owner"]
    assert isinstance(owner, list)
    inner["round"] = 1
    inner["specials"] = [*inner["specials"], owner.index(-3)]  # type: ignore[list-item]
    with pytest.raises(FormatError, match=r"the special deck holds 6 cards; after 1 rounds resolved"):
        lehavre.loads(json.dumps(document))


# -- a decision's pending amounts -------------------------------------------------------------------
def _mutated(state: lehavre.State, **fields: int) -> str:
    document = _document(state)
    decision = _data(document)["decision"]
    assert isinstance(decision, dict)
    decision.update(fields)
    return json.dumps(document)


def test_a_pending_upgrade_of_more_goods_than_held_is_refused() -> None:
    state = position(
        5, stock={0: {"grain": 4, "wood": 1, "coal": 1}}, own={0: ["bakehouse"]}, offers={"fish": 1}
    )
    state = play(state, "enter bakehouse", "times 2")  # 1 energy: a wood or a coal
    assert type(state.decision).__name__ == "PayUpgradeEnergy"
    _round_trips(state)
    with pytest.raises(FormatError, match=r"the bakehouse upgrades 9999 goods: 1 to 4 can be"):
        lehavre.loads(_mutated(state, goods=9_999))


def test_a_pending_food_due_above_the_round_cards_demand_is_refused() -> None:
    state = next(s for s in _positions(2, "short", seed=3, every=1) if type(s.decision).__name__ == "Feed")
    with pytest.raises(FormatError, match=r"the food due is 9999: round \d+ asks \d+"):
        lehavre.loads(_mutated(state, due=9_999))


def test_the_coal_traders_pending_goods_fit_its_reading() -> None:
    state = position(
        2,
        stock={0: {"fish": 3, "bread": 2, "francs": 5}},
        own={0: ["coal_trader"]},
        offers={"fish": 1},
        variant="full",
        options={"coal_trader": "sources"},
    )
    state = play(state, "enter coal_trader", "times 1", "times 2")  # 1 charcoal, 2 coal: 5 food
    assert type(state.decision).__name__ == "CoalTraderPay"
    _round_trips(state)
    with pytest.raises(FormatError, match=r"the Coal Trader's coal is 9999, outside 0..5"):
        lehavre.loads(_mutated(state, coal=9_999))


def test_the_goods_shipped_and_given_so_far_fit_the_building() -> None:
    state = position(
        2, stock={0: {"wood": 4, "clay": 3}}, own={0: ["shipping_line"]}, offers={"fish": 1}
    )  # a wooden ship: 2 goods
    state = play(state, "enter shipping_line")
    assert type(state.decision).__name__ == "ShippingLoad"
    with pytest.raises(FormatError, match=r"the goods shipped so far is 9999, outside 0..2"):
        lehavre.loads(_mutated(state, shipped=9_999))
    office = position(3, stock={0: {"wood": 4, "clay": 3}}, own={0: ["business_office"]}, offers={"fish": 1})
    office = play(office, "enter business_office")
    assert type(office.decision).__name__ == "OfficeSteel"
    with pytest.raises(FormatError, match=r"the goods given for the steel so far is 9999, outside 0..3"):
        lehavre.loads(_mutated(office, given=9_999))


# -- every building's action, every way through it ----------------------------------------------
_RICH = {name: 6 for name in data.TOKEN_NAMES} | {"francs": 40}
_WITH_ACTIONS = [
    b.id for b in data.BUILDINGS if b.fee is not None and not b.locked and b.id != "luxury_yacht"
]
_OPTION_SETS = [
    {"harbor_watch": "sources"},
    {"harbor_watch": "sources", "coal_trader": "sources", "empty_visits": "allowed", "diner": "sources"},
]


@pytest.mark.parametrize(
    ("options", "owner"),
    [(_OPTION_SETS[0], 0), (_OPTION_SETS[1], 0), (_OPTION_SETS[1], 1)],
    ids=["rulebook", "sources", "sources-fees"],
)
@pytest.mark.parametrize("building", _WITH_ACTIONS)
def test_the_room_left_never_grows_through_any_buildings_action(
    building: str, options: dict[str, str], owner: int
) -> None:
    """Each way through a building's action (every choice and payment, up to the main action's
    end), from a rich position, never lets what ``loads`` counts grow: the per-decision bounds of
    ``limits.py`` hold for every building, not only those random games visit. With ``owner`` 1
    the building and those the Harbor Watch moves into are another seat's: fees are paid."""
    others = [b for b in ("fishery", "bakehouse", "wharf_1", "marketplace") if b != building]
    state = position(
        4,
        variant="full",
        options=options,
        stock={seat: _RICH for seat in range(4)},
        own={
            owner: [building, *others[:2]],
            0 if owner else 1: ["wind_farm", "shipping_line"]
            if building != "shipping_line"
            else ["wind_farm"],
        },
        ships={0: ["R01", "R06", "R12"]},  # a wooden, an iron and a steel ship
        ship_piles={"wooden": ["R02"], "iron": ["R08"], "steel": ["R14"], "luxury": ["R18"]},  # the Wharves
        loans={0: 2},  # the Local Court
        at={2: others[0], 3: others[1]},  # guests (the Arts Center) and occupants (the Harbor Watch)
        offers={"fish": 2, "wood": 1, "clay": 3, "cattle": 2, "francs": 1},
    )
    entry = f"enter {building}"
    if entry not in [str(a) for a in lehavre.legal_actions(state)]:
        pytest.skip(f"{building} cannot be entered here")
    stack = [(state, lehavre.parse_action(state, entry))]
    visited = 0
    while stack and visited < 3_000:
        before, action = stack.pop()
        after = lehavre.apply(before, action)
        visited += 1
        for what, (room, _) in ROOMS.items():
            for s in range(4):
                assert sum(room(after, s)) <= sum(room(before, s)), (what, s, before.decision, str(action))
        if not after.main_done and after.current_player is not None:
            stack.extend((after, a) for a in lehavre.legal_actions(after))
    assert visited


def test_business_office_a_good_traded_for_the_same_good_changes_nothing() -> None:
    """Found by the test above: "exchange 1 good for your choice of 1 charcoal, 1 leather, or 1
    brick" gave a leather for nothing when the good given was a leather."""
    state = position(
        3, stock={0: {"leather": 1, "wood": 1}}, own={0: ["business_office"]}, offers={"fish": 1}
    )
    state = play(state, "enter business_office", "trade leather leather")
    assert state.players[0].stock[data.LEATHER] == 1 and state.players[0].stock[data.WOOD] == 1


def _player_stock(state: lehavre.State, seat: int, **counts: int) -> str:
    document = _document(state)
    stock = _data(document)["players"][seat]["stock"]  # type: ignore[index]
    for name, count in counts.items():
        stock[data.TOKEN_INDEX[name]] = count
    return json.dumps(document)


def test_a_decision_asked_only_when_it_can_be_carried_out_is_refused_when_it_cannot() -> None:
    """The Ironworks asks about the fourth iron only with 6 energy, the Haulage Firm only with 3
    Francs; a document asking without them loaded, and the next state could not be saved (no
    legal action, or negative Francs)."""
    ironworks = position(5, stock={0: {"coal": 2}}, own={0: ["ironworks"]}, offers={"fish": 1})
    ironworks = play(ironworks, "enter ironworks")
    assert type(ironworks.decision).__name__ == "IronworksExtra"
    with pytest.raises(FormatError, match=r"the Ironworks' extra iron needs 6 energy: the player has 0"):
        lehavre.loads(_player_stock(ironworks, 0, coal=0))
    haulage = position(
        2,
        variant="full",
        stock={0: {"francs": 5}},
        own={0: ["haulage_firm"]},
        offers={"fish": 1, "wood": 1, "clay": 1},
    )
    haulage = play(haulage, "enter haulage_firm")
    assert type(haulage.decision).__name__ == "HaulagePair"
    with pytest.raises(FormatError, match=r"the Haulage Firm costs 3 Francs: the player has 2"):
        lehavre.loads(_player_stock(haulage, 0, francs=2))


def test_a_pending_upgrade_energy_must_be_the_upgrades_own() -> None:
    """The Charcoal Kiln upgrades wood without energy: a pending energy payment there loaded, was
    paid in the wood being upgraded, and left a negative count."""
    state = position(
        5, stock={0: {"grain": 4, "wood": 6, "coal": 1}}, own={0: ["bakehouse", "charcoal_kiln"]}
    )
    state = play(state, "enter bakehouse", "times 2")
    assert type(state.decision).__name__ == "PayUpgradeEnergy"
    document = _document(state)
    kiln = data.BUILDING_INDEX["charcoal_kiln"]
    _data(document)["decision"]["building"] = kiln  # type: ignore[index]
    _data(document)["players"][0]["location"] = kiln  # type: ignore[index]
    with pytest.raises(FormatError, match=r"the charcoal_kiln's energy for 2 goods is 0, not 1"):
        lehavre.loads(json.dumps(document))


# -- every kind of decision, put into real positions -------------------------------------------------
_FIELD_VALUES: dict[str, tuple[object, ...]] = {
    "ship_type": (0, 1, 3),
    "due": (1, 6, 15),
    "goods": (1, 2),
    "built": (0, 1),
    "shipped": (0, 2),
    "given": (0, 3),
    "upgraded": (0, 2),
    "standard": (0, 2),
    "hides": (0, 1),
    "charcoal": (0, 1),
    "coal": (0, 5),
    "chosen": ((),),
    "after_steel": (False, True),
}
_BUILDING_FIELDS = ("building", "wharf")
_POOR = (
    {"francs": 0},
    {name: 0 for name in data.TOKEN_NAMES} | {"fish": 1, "grain": 1, "hides": 1, "leather": 1},
)


def _decision_documents(state: lehavre.State) -> list[dict[str, object]]:
    """``state`` (the turn's player to take its main action) with each kind of a building's
    decision asked, at each built building it could be asked at, with a few values of its
    fields, for the player as it is, without Francs, and nearly without goods."""
    import itertools

    import attrs

    from harborgames.lehavre.codec import decision_building
    from harborgames.lehavre.decisions import DECISION_TYPES

    seat = state.turn_player
    built = [b for b, who in enumerate(state.owner) if who >= -1]
    tops = [pile[0] for pile in state.piles if pile][:2] or [0]
    found = []
    for kind in DECISION_TYPES:
        if kind.__name__ in ("Turn", "PayInterest", "Feed"):
            continue
        names = [field.name for field in attrs.fields(kind)]
        blank = {name: _FIELD_VALUES.get(name, (0,))[0] for name in names}
        fixed = decision_building(kind(**blank))  # the building it is asked at, if it names none
        places = [fixed] if fixed >= 0 and not set(names) & set(_BUILDING_FIELDS) else built
        for b in places:
            if b not in built:
                continue
            values = [
                (b,)
                if name in _BUILDING_FIELDS
                else tuple(tops)
                if name == "target"
                else _FIELD_VALUES.get(name, (0,))
                for name in names
            ]
            for combo, poor in itertools.product(
                itertools.islice(itertools.product(*values), 4), (None, *_POOR)
            ):
                document = _document(state)
                inner = _data(document)
                inner["decision"] = {"type": kind.__name__, **dict(zip(names, combo, strict=True))}
                for other, player in enumerate(inner["players"]):  # type: ignore[arg-type]
                    if other == seat:
                        player["location"] = b
                        for name, count in (poor or {}).items():
                            player["stock"][data.TOKEN_INDEX[name]] = count
                    elif player["location"] == b:
                        player["location"] = -1
                found.append(document)
    return found


@pytest.mark.parametrize(
    ("num_players", "variant", "options"),
    [
        (2, "full", None),
        (4, "full", {"coal_trader": "sources", "harbor_watch": "sources"}),
        (3, "short", None),
    ],
)
def test_each_kind_of_decision_put_into_a_real_position_is_refused_or_plays_on(
    num_players: int, variant: str, options: dict[str, str] | None
) -> None:
    """A decision loads only where the engine could leave it: each legal action from it leads to
    a state that loads again (this found the Charcoal Kiln's energy, the Ironworks' and the
    Haulage Firm's)."""
    rng = random.Random(5)
    state = lehavre.new_game(num_players, seed=5, variant=variant, options=options)
    positions = []
    for step in range(300):
        legal = lehavre.legal_actions(state)
        if not legal:
            break
        waiting = type(state.decision).__name__ == "Turn" and not state.main_done
        if waiting and step >= 130 * (len(positions) + 1):
            positions.append(state)  # about every 130 decisions: a turn before its main action
        state = lehavre.apply(state, legal[rng.randrange(len(legal))])
    loaded = 0
    for position_ in positions:
        for document in _decision_documents(position_):
            try:
                mutant = lehavre.loads(json.dumps(document))
            except FormatError:
                continue
            loaded += 1
            assert isinstance(mutant, lehavre.State)
            for action in lehavre.legal_actions(mutant):
                _round_trips(lehavre.apply(mutant, action))
    assert loaded
