"""Documents from strangers: states, observations, actions, records and their envelopes.

The rule (docs/protocol.md, "What the boundary guarantees"): a document ``loads`` accepts is a
position the rules can reach or at least play from; anything else is a ``FormatError`` naming
the problem, within documented limits, and never a ``RecursionError``, a plain ``ValueError``
or a state that fails later.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from harborgames import gdansk
from harborgames import inland_port as ip
from harborgames.core import FormatError, GameRecord, make_record
from harborgames.core.codec import MAX_DEPTH, MAX_DOCUMENT_CHARS, MAX_INT_DIGITS, parse_json
from harborgames.core.protocol import GameModule
from harborgames.inland_port.codec import CODEC

Doc = dict[str, Any]
GAMES: list[Any] = [ip, gdansk]


def _doc(module: GameModule[Any, Any], obj: object) -> Doc:
    doc: Doc = json.loads(module.dumps(obj))
    return doc


def _refused(module: GameModule[Any, Any], doc: Doc | str, message: str) -> None:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(FormatError, match=message):
        module.loads(text)


def _nested_text(levels: int) -> str:
    return "[" * levels + "]" * levels


# -- limits every document shares (core.codec) -------------------------------------------------
@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.INFO.name)
@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 990, 100_000])
def test_a_deeply_nested_document_is_a_format_error(module: Any, levels: int) -> None:
    _refused(module, _nested_text(levels), "nested deeper than the limit of 32 levels")
    state = _doc(module, module.new_game(2))
    text = json.dumps(state).replace('"data":', '"data":' + "[" * levels, 1)[:-1] + "]" * levels + "}"
    _refused(module, text, "nested deeper than the limit of 32 levels")
    record = _doc(module, make_record(module, 2, 0, []))
    record["data"]["actions"] = "@"
    text = json.dumps(record).replace('"@"', _nested_text(levels))
    _refused(module, text, "nested deeper than the limit of 32 levels")


def test_deeply_nested_data_handed_to_structure_is_a_format_error() -> None:
    inner: list[Any] = []
    for _ in range(5000):  # built without recursion; json.dumps of it would recurse
        inner = [inner]
    doc = _doc(ip, ip.new_game())
    doc["data"]["forced"] = inner
    with pytest.raises(FormatError, match="nested deeper than the limit of 32 levels"):
        CODEC.structure(doc)


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.INFO.name)
def test_an_integer_beyond_the_digit_limit_is_a_format_error(module: Any) -> None:
    text = module.dumps(module.new_game(2)).replace('"format":1', '"format":' + "1" * (MAX_INT_DIGITS + 1))
    _refused(module, text, f"an integer longer than the limit of {MAX_INT_DIGITS} digits")
    record = module.dumps(make_record(module, 2, 0, []))
    _refused(module, record.replace('"seed":0', '"seed":-' + "9" * 5000),
             "an integer longer than the limit of 4300 digits")


def test_a_document_beyond_the_size_limit_is_a_format_error() -> None:
    text = ip.dumps(ip.new_game())
    padded = text + " " * (MAX_DOCUMENT_CHARS - len(text))
    assert ip.loads(padded) == ip.new_game()
    _refused(ip, padded + " ", f"{MAX_DOCUMENT_CHARS + 1} characters is more than the limit of 4000000")
    with pytest.raises(FormatError, match="bytes is more than the limit of 4000000"):
        ip.loads((padded + " ").encode())


def test_bytes_that_are_not_utf8_or_text_that_is_not_a_string_are_format_errors() -> None:
    with pytest.raises(FormatError, match=r"not UTF-8 text \(byte 0 cannot be decoded\)"):
        ip.loads(b"\xff{}")
    with pytest.raises(FormatError, match="JSON text must be str or bytes, not dict"):
        ip.loads({"format": 1})  # type: ignore[arg-type]


def test_nan_and_infinity_are_not_json_numbers() -> None:
    for name in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(FormatError, match=f"{name} is not a JSON number"):
            parse_json(f"[{name}]", "test")


def test_the_format_must_be_exactly_the_integer_1() -> None:
    doc = _doc(ip, ip.new_game())
    for odd in (True, 1.0, "1", [1], None):
        doc["format"] = odd
        _refused(ip, doc, r"format .* is not supported \(this library reads format 1, the integer\)")


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.INFO.name)
def test_an_object_where_a_list_belongs_is_a_format_error(module: Any) -> None:
    doc = _doc(module, module.new_game(2))
    doc["data"]["forced"] = {}
    _refused(module, doc, r"expected a list, got an object @ \$state.forced")
    record = _doc(module, make_record(module, 2, 0, []))
    record["data"]["actions"] = {}
    _refused(module, record, r"expected a list, got an object @ \$record.actions")


def test_a_pair_of_the_wrong_length_is_a_format_error() -> None:
    doc = _doc(ip, ip.new_game())
    doc["data"]["francs"] = [3, 3, 3]
    _refused(ip, doc, r"expected a list of 2 entries, got 3 @ \$state.francs")


def test_missing_keys_are_refused_not_defaulted() -> None:
    doc = _doc(ip, ip.new_game())
    del doc["data"]["rules"]["overpay"]
    _refused(ip, doc, r"missing keys \['overpay'\] @ \$state.rules")
    doc = _doc(ip, ip.new_game())
    del doc["data"]["forced"]
    _refused(ip, doc, r"missing keys \['forced'\] @ \$state")
    record = _doc(gdansk, make_record(gdansk, 2, 0, []))
    del record["data"]["options"]
    _refused(gdansk, record, r"missing keys \['options'\] @ \$record")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("state", 2**128, "the RNG state must be 0 <= state < 2\\*\\*128"),
        ("state", -1, "the RNG state must be 0 <= state < 2\\*\\*128"),
        ("increment", 4, "the RNG increment must be odd and below 2\\*\\*128"),
        ("increment", -3, "the RNG increment must be odd and below 2\\*\\*128"),
        ("increment", 2**128 + 1, "the RNG increment must be odd and below 2\\*\\*128"),
        ("state", True, "expected int"),
    ],
)
@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.INFO.name)
def test_an_rng_out_of_pcg64s_range_is_a_format_error(
    module: Any, field: str, value: object, message: str
) -> None:
    doc = _doc(module, module.new_game(2))
    doc["data"]["rng"][field] = value
    _refused(module, doc, message)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", -1, "the seed is -1, must be >= 0"),
        ("num_players", 5, "Port Gdańsk is for 2 to 4 players, not 5"),
        ("variant", "turbo", "unknown variant 'turbo'"),
        ("options", {"meeple_start": "anywhere"}, "rule option meeple_start must be one of"),
    ],
)
def test_a_record_that_cannot_be_replayed_is_a_format_error(field: str, value: object, message: str) -> None:
    record = _doc(gdansk, make_record(gdansk, 3, 5, []))
    record["data"][field] = value
    _refused(gdansk, record, f"inconsistent record: {message}")
    # A record of another version of the rules is a document; replay says why it cannot play it.
    record["data"]["version"] = gdansk.INFO.version + 1
    if field == "seed":
        _refused(gdansk, record, message)
    else:
        assert isinstance(gdansk.loads(json.dumps(record)), GameRecord)


def test_the_digit_limit_holds_when_a_program_lifts_pythons_own() -> None:
    import sys

    text = ip.dumps(make_record(ip, 2, 0, [])).replace('"seed":0', '"seed":' + "9" * (MAX_INT_DIGITS + 1))
    old = sys.get_int_max_str_digits()
    try:
        sys.set_int_max_str_digits(0)
        _refused(ip, text, "an integer longer than the limit of 4300 digits")
        assert ip.loads(text.replace("9" * (MAX_INT_DIGITS + 1), "9" * MAX_INT_DIGITS))
    finally:
        sys.set_int_max_str_digits(old)


# -- Port Gdańsk: positions that load must be playable -----------------------------------------
@functools.cache
def _gdansk_game() -> list[Any]:
    return _gdansk_states(3, 1)


def _gdansk_states(num_players: int, seed: int, options: dict[str, str] | None = None) -> list[Any]:
    """Every state of one mostly greedy game (deterministic, about 0.1 s)."""
    from harborgames.bots.simple import greedy_step

    state = gdansk.new_game(num_players, seed=seed, options=options)
    rng = random.Random(seed)
    states = [state]
    while not gdansk.is_terminal(state):
        state = gdansk.apply(state, greedy_step(gdansk, state, rng, 0.3, gdansk.heuristic))
        states.append(state)
    return states


def _gdansk_doc(predicate: Callable[[Any], bool]) -> Doc:
    state = next(s for s in _gdansk_game() if predicate(s))
    return _doc(gdansk, state)


def _actions_doc() -> Doc:
    """Mid-game, the current player about to take actions, with Port cards still in the deck."""
    return _gdansk_doc(lambda s: s.decision == gdansk.ChooseAction(after_dice=False) and s.round >= 3
                       and s.board.deck and not s.turn.used and s.turn.load)


def test_gdansk_supply_must_list_six_goods() -> None:
    for supply in ([12, 12, 12, 10, 10, 8, 0], [12, 12, 12, 10, 10]):
        doc = _actions_doc()
        doc["data"]["supply"] = supply
        _refused(gdansk, doc, f"supply lists {len(supply)} goods, must list 6")


def test_gdansk_a_negative_bonus_or_one_no_order_gave_is_refused() -> None:
    doc = _actions_doc()
    doc["data"]["players"][0]["bonus"][0] = -1
    _refused(gdansk, doc, r"player 0: bonus \[-1, .* is not what the executed Order tokens give")
    doc = _actions_doc()
    doc["data"]["players"][1]["bonus"][5] += 1
    _refused(gdansk, doc, r"player 1: bonus .* is not what the executed Order tokens give")


def test_gdansk_a_cut_deck_is_refused() -> None:
    doc = _actions_doc()
    deck = doc["data"]["board"]["deck"]
    assert len(deck) > 5
    doc["data"]["board"]["deck"] = deck[:5]
    _refused(gdansk, doc, "every Port card must be in exactly one place")


def test_gdansk_a_lost_or_doubled_order_token_is_refused() -> None:
    doc = _actions_doc()
    doc["data"]["board"]["token_stack"] = doc["data"]["board"]["token_stack"][1:]
    _refused(gdansk, doc, r"the Order tokens must each appear once")


def test_gdansk_a_marker_on_a_quay_whose_card_is_in_the_deck_is_refused() -> None:
    doc = _actions_doc()
    quay = doc["data"]["board"]["deck"][0]
    player = doc["data"]["players"][0]
    player["markers"] |= 1 << quay
    player["markers_left"] -= 1
    _refused(gdansk, doc, rf"quays \[{quay + 1}\]: an Influence marker lies exactly on each quay whose "
                          "Port card was taken")


def test_gdansk_must_load_with_a_full_cargo_space_is_refused() -> None:
    doc = _actions_doc()
    data = doc["data"]
    me = data["current_player"]
    supply = [sum(p["hold"][g] for p in data["players"]) + data["supply"][g] for g in range(6)]
    data["players"][me]["hold"] = [3, 3, 3, 0, 0, 0]
    data["supply"] = [supply[g] - sum(p["hold"][g] for p in data["players"]) for g in range(6)]
    data["turn"].update(used=1)
    data["decision"] = {"type": "FillRoom", "left": 1}
    _refused(gdansk, doc, "a cube returned to make room leaves exactly one free space to load")


def test_gdansk_an_active_load_not_marked_used_is_refused() -> None:
    doc = _actions_doc()
    doc["data"]["decision"] = {"type": "LoadCubes", "left": 0}
    _refused(gdansk, doc, r"the loading or unloading under way \(LoadCubes\) must be marked used")


def test_gdansk_swap_with_nobody_to_swap_with_is_refused() -> None:
    from tests.gdansk.positions import position

    state = position(players=3, dice=["R1", "L1", "M1"], workers={0: 5}, markers={0: [3]}, cards={0: [3]},
                     taken={0: ["O01"]})
    doc = _doc(gdansk, state)
    doc["data"]["decision"] = {"type": "SwapWith", "quay": 2}
    _refused(gdansk, doc, "the player to decide would have no legal action")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"decision": {"type": "RollDice"}}, r"the dice and rolls \d do not fit the decision RollDice"),
        ({"turn": {"rolls": 3}, "decision": {"type": "RerollDice"}}, "no reroll after the third roll"),
        ({"turn": {"used": 128}}, "the turn's used actions are out of range"),
        ({"decision": {"type": "ChooseAction"}}, r"missing keys \['after_dice'\]"),
        ({"decision": {"type": "Dancing"}}, "unknown decision type 'Dancing'"),
        ({"decision": {"type": "ChooseAction", "after_dice": True}},
         r"the dice actions are over \(after_dice\) only after a dice action and an additional"),
        ({"decision": {"type": "LoadCubes", "left": 7}, "turn": {"used": 1}},
         "7 loading symbols left do not fit"),
        ({"decision": {"type": "SwapWith", "quay": 25}}, "the quay of SwapWith must hold"),
        ({"decision": None}, "current_player is null exactly when the decision is null"),
        ({"round": 0}, "round 0 is outside 1..100"),
        ({"round": 101}, "round 101 is outside 1..100"),
        ({"first_player": 3}, "first_player 3 is not a seat"),
        ({"forced": [{"player": 7, "action": "roll", "outcome": ""}]}, r"forced\[0\].player is 7"),
    ],
    ids=lambda v: str(v)[:40],
)
def test_gdansk_a_turn_that_does_not_fit_its_decision_is_refused(change: Doc, message: str) -> None:
    doc = _actions_doc()
    for key, value in change.items():
        if isinstance(value, dict) and key != "decision":
            doc["data"][key].update(value)
        else:
            doc["data"][key] = value
    _refused(gdansk, doc, message)


def test_gdansk_observations_with_impossible_counts_are_refused() -> None:
    state = next(s for s in _gdansk_game() if isinstance(s.decision, gdansk.ChooseAction) and s.round >= 3)
    base = _doc(gdansk, gdansk.observe(state, 0))
    for field, value, message in [
        ("deck_size", -5, "deck_size -5: every Port card must be in exactly one place"),
        ("deck_size", 21, "deck_size 21"),
        ("token_stack_size", -1, "the face-up top of the token stack is shown exactly when"),
        ("token_stack_top", 25, "the Order tokens must each appear once"),
        ("cruise_pile_sizes", [5, 7, 99], "the large cruise ships do not match the components"),
        ("player", 3, "observation for seat 3"),
    ]:
        doc = copy.deepcopy(base)
        doc["data"][field] = value
        _refused(gdansk, doc, f"inconsistent observation: {message}")
    doc = copy.deepcopy(base)
    doc["data"]["turn"]["dice"] = [77]
    _refused(gdansk, doc, "inconsistent observation: dice must be sorted face ids of the components")
    doc = copy.deepcopy(base)
    seat = next(i for i, p in enumerate(doc["data"]["players"]) if i != 0 and p["cruise"]) if any(
        p["cruise"] for p in doc["data"]["players"][1:]) else None
    if seat is not None:
        doc["data"]["players"][seat]["cruise"][0][1] = 4
        _refused(gdansk, doc, "must be hidden")


# -- Inland Port ---------------------------------------------------------------------------------
def _ip_doc(predicate: Callable[[Any], bool]) -> Doc:
    for seed in range(20):
        state = ip.new_game(seed=seed)
        rng = random.Random(seed)
        while not ip.is_terminal(state):
            if predicate(state):
                return _doc(ip, state)
            actions = ip.legal_actions(state)
            state = ip.apply(state, actions[rng.randrange(len(actions))])
    raise AssertionError("no such state in 20 random games")


def _owned_unlocked(state: Any) -> int | None:
    from harborgames.inland_port.data import BUILDINGS

    return next((b for b, who in enumerate(state.owner) if who >= 0 and not BUILDINGS[b].locked), None)


def test_inland_port_a_building_older_than_the_forced_sale_age_is_refused() -> None:
    doc = _ip_doc(lambda s: s.decision == ip.MainAction() and s.round >= 6 and _owned_unlocked(s) is not None)
    data = doc["data"]
    b = next(b for b, who in enumerate(data["owner"]) if who >= 0 and data["placed"][b] < data["round"])
    data["placed"][b] = data["round"] - 5
    _refused(ip, doc, r"placed in round \d+, 5 rounds ago: the forced sale takes a building at 5")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"placed": {0: 99}}, r"wood_company: placed is 99, outside 0\.\.\d+"),
        ({"placed": {0: -1}}, r"wood_company: placed is -1, outside"),
        ({"forced": [{"player": 2, "action": "pass", "outcome": ""}]}, r"forced\[0\].player is 2"),
        ({"actions_left": 0}, r"actions_left is 0, outside 1\.\."),
        ({"decision": {"type": "PayBuildCost", "building": "farmland"}},
         r"a build of farmland cannot be waiting for its payment here \(unbuilt, entered, paid in goods\)"),
        ({"decision": {"type": "ChooseUse", "building": "kiln", "applications": 3}},
         "kiln has no choice to wait for"),
        ({"decision": {"type": "PayExchangeFood", "building": "nowhere", "times": 1}},
         "the decision names no building of the game: 'nowhere'"),
        ({"decision": {"type": "Phase", "name": "main"}}, "unknown decision type 'Phase'"),
        ({"decision": "main"}, "a decision is an object with a string 'type'"),
        ({"decision": {"type": "MainAction", "building": "kiln"}}, r"extra fields|building"),
        ({"decision": None}, "a finished game is at round 12"),
    ],
    ids=lambda v: str(v)[:30],
)
def test_inland_port_fields_out_of_range_are_refused(change: Doc, message: str) -> None:
    doc = _ip_doc(lambda s: s.decision == ip.MainAction() and s.round >= 2)
    for key, value in change.items():
        if key == "placed":
            for index, when in value.items():
                doc["data"]["placed"][index] = when
        else:
            doc["data"][key] = value
    _refused(ip, doc, message)


def test_inland_port_a_finished_game_with_actions_left_is_refused() -> None:
    doc = _ip_doc(lambda s: s.round == 11 and s.actions_left == 1 and s.decision == ip.MainAction())
    state = ip.loads(json.dumps(doc))
    rng = random.Random(0)
    while not ip.is_terminal(state):
        state = ip.apply(state, rng.choice(ip.legal_actions(state)))
    over = _doc(ip, state)
    over["data"]["actions_left"] = 3
    _refused(ip, over, "a finished game has no actions left: 3")


# -- every reachable position loads back, and none is refused ------------------------------------
def _option_sets(module: Any) -> list[dict[str, str]]:
    """The default of every option, then its other values (each value in at least one set)."""
    options = module.INFO.options
    most = max(len(values) for values in options.values())
    return [{name: values[min(i, len(values) - 1)] for name, values in options.items()} for i in range(most)]


@pytest.mark.parametrize("options", _option_sets(gdansk), ids=lambda o: "-".join(o.values()))
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_every_state_of_a_gdansk_game_loads_back_equal(num_players: int, options: dict[str, str]) -> None:
    states = _gdansk_states(num_players, 11 * num_players, options)
    for i, state in enumerate(states):
        if i % 2 and i != len(states) - 1 and type(state.decision) is type(states[i - 1].decision):
            continue  # every other state of a kind of decision, every change of kind, and the end
        assert gdansk.loads(gdansk.dumps(state)) == state
        observation = gdansk.observe(state, i % num_players)
        assert gdansk.loads(gdansk.dumps(observation)) == observation
    assert gdansk.is_terminal(states[-1])


@pytest.mark.parametrize("options", _option_sets(ip), ids=lambda o: "-".join(o.values()))
def test_every_state_of_inland_port_games_loads_back_equal(options: dict[str, str]) -> None:
    for seed in range(3):
        state = ip.new_game(seed=seed, options=options)
        rng = random.Random(seed)
        while True:
            assert ip.loads(ip.dumps(state)) == state
            if ip.is_terminal(state):
                break
            actions = ip.legal_actions(state)
            state = ip.apply(state, actions[rng.randrange(len(actions))])
