"""The API a table needs beyond moves: button words, card texts, composed choices, what each
seat was told, undo and hints against bots, the score breakdown at the end, and replays of a
JSON-lines file."""

from __future__ import annotations

import random
from typing import Any

import harborgames
from harborgames.core.play import make_record, random_playout


def _view(server: Any, game_id: str, token: str) -> dict[str, Any]:
    status, view = server.request("GET", f"/api/games/{game_id}?token={token}")
    assert status == 200, view
    return dict(view)


def _act(server: Any, game_id: str, token: str, action: str) -> dict[str, Any]:
    status, view = server.request("POST", f"/api/games/{game_id}/actions", {"token": token, "action": action})
    assert status == 200, view
    return dict(view)


def test_buttons_have_words_and_the_notation_stays_the_move(server: Any) -> None:
    _, created = server.request("POST", "/api/games", {"game": "lehavre", "players": 2, "seed": 1})
    view = _view(server, created["id"], created["tokens"]["0"])
    module = harborgames.load("lehavre")
    state = module.new_game(2, seed=1)
    legal = module.legal_actions(state)
    assert view["legal_actions"] == [str(a) for a in legal]
    assert view["labels"] == [module.action_label(a, module.observe(state, 0)) for a in legal]
    for group in view["groups"]:
        assert len(group["labels"]) == len(group["actions"])


def test_every_games_cards_are_served_for_the_page(server: Any) -> None:
    for name in harborgames.games():
        status, answer = server.request("GET", f"/api/cards/{name}")
        assert status == 200 and answer["game"] == name
        assert answer["cards"] == [card.as_json() for card in harborgames.load(name).cards()]
    _, inland = server.request("GET", "/api/cards/inland_port")
    wood = next(card for card in inland["cards"] if card["key"] == "wood_company")
    assert wood["name"] == "Wood Company" and wood["text"]
    status, answer = server.request("GET", "/api/cards/chess")
    assert status == 400 and "game must be one of" in answer["error"]


def test_a_marketplace_choice_is_sent_composed(server: Any) -> None:
    """The Marketplace's options come with their parts; the notation the parts compose is a
    legal move the server takes."""
    _, created = server.request(
        "POST", "/api/games", {"game": "lehavre", "players": 2, "variant": "short", "seed": 2}
    )
    game_id, tokens = created["id"], created["tokens"]
    view = _view(server, game_id, tokens["0"])
    for _ in range(20):
        seat = str(view["current_player"])
        view = _view(server, game_id, tokens[seat])
        if seat == "0" and any(g["compose"] for g in view["groups"]):
            break
        wanted = [a for a in view["legal_actions"] if a == "enter marketplace"] if seat == "0" else []
        view = _act(server, game_id, tokens[seat], (wanted or view["legal_actions"])[0])
    composed = next(g["compose"] for g in view["groups"] if g["compose"])
    assert composed["verb"] == "choose" and composed["kind"] == "set"
    assert {p["word"] for p in composed["parts"]} >= {"fish", "wood"}
    assert [o["notation"] for o in composed["options"]] == [
        a for a in view["legal_actions"] if a.startswith("choose ")
    ]
    chosen = composed["options"][-1]
    assert chosen["notation"] == "choose " + " ".join(chosen["counts"])
    before = len(view["log"])
    after = _act(server, game_id, tokens["0"], chosen["notation"])
    assert after["log"][before]["seat"] == 0 and after["log"][before]["move"] == chosen["notation"]


def test_each_seat_is_told_the_round_end_in_its_log(server: Any) -> None:
    """Narration is kept as log events: after Le Havre's first round both seats' logs hold
    the round's end, each in its own words, and every move's lines are the game's narrate of
    that seat's observations before and after it."""
    _, created = server.request(
        "POST", "/api/games", {"game": "lehavre", "players": 2, "variant": "short", "seed": 1}
    )
    game_id, tokens = created["id"], created["tokens"]
    view = _view(server, game_id, tokens["0"])
    while not any("told" in m for m in view["log"]):
        seat = str(view["current_player"])
        view = _act(server, game_id, tokens[seat], _view(server, game_id, tokens[seat])["legal_actions"][0])
    logs = [_view(server, game_id, tokens[s])["log"] for s in ("0", "1")]
    told = [[line for m in log for line in m.get("told", [])] for log in logs]
    assert any(line.startswith("Round 1 ") for line in told[0])
    assert any(line.startswith("Round 1 ") for line in told[1])
    module = harborgames.load("lehavre")
    state = module.new_game(2, seed=1, variant="short")
    for number, move in enumerate(logs[0]):
        after = module.apply(state, module.parse_action(state, move["move"]))
        for seat in (0, 1):
            expected = list(module.narrate(module.observe(state, seat), module.observe(after, seat)))
            assert logs[seat][number].get("told", []) == expected
        state = after


def test_undo_takes_back_the_last_decision_against_bots(server: Any) -> None:
    _, created = server.request(
        "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": 9, "bots": {"1": "random"}}
    )
    game_id, token = created["id"], created["tokens"]["0"]
    start = _view(server, game_id, token)
    assert start["can_hint"] and not start["can_undo"], "nothing to undo yet"
    status, answer = server.request("POST", f"/api/games/{game_id}/undo", {"token": token})
    assert status == 400 and "no decision to undo" in answer["error"]
    first = _act(server, game_id, token, start["legal_actions"][0])
    second = _act(server, game_id, token, first["legal_actions"][-1])
    assert second["can_undo"]
    status, undone = server.request("POST", f"/api/games/{game_id}/undo", {"token": token})
    assert status == 200
    assert undone["log"] == first["log"] and undone["legal_actions"] == first["legal_actions"]
    assert server.stored_record(game_id)["data"]["actions"] == [m["move"] for m in first["log"]]
    status, undone = server.request("POST", f"/api/games/{game_id}/undo", {"token": token})
    assert undone["log"] == start["log"] and undone["current_player"] == 0
    for bad in ({"token": "nope"}, {"token": token, "extra": 1}, []):
        status, _ = server.request("POST", f"/api/games/{game_id}/undo", bad)
        assert status in (400, 403)
    final = server.play_first_legal(game_id, token)
    assert not final["can_undo"] and not final["can_hint"]
    status, answer = server.request("POST", f"/api/games/{game_id}/undo", {"token": token})
    assert status == 400 and "over" in answer["error"]


def test_undo_and_hints_are_only_for_a_person_alone_against_bots(server: Any) -> None:
    _, created = server.request("POST", "/api/games", {"game": "inland_port", "players": 2, "seed": 4})
    game_id, tokens = created["id"], created["tokens"]
    view = _view(server, game_id, tokens["0"])
    mover = tokens[str(view["current_player"])]
    _act(server, game_id, mover, _view(server, game_id, mover)["legal_actions"][0])
    for token in tokens.values():
        view = _view(server, game_id, token)
        assert not view["can_undo"] and not view["can_hint"]
        status, answer = server.request("POST", f"/api/games/{game_id}/undo", {"token": token})
        assert status == 400 and "another person" in answer["error"]
        status, answer = server.request("GET", f"/api/games/{game_id}/hint?token={token}")
        assert status == 400 and "another person" in answer["error"]


def test_a_hint_is_the_greedy_bots_choice_among_the_legal_moves(server: Any) -> None:
    for game, players in (("inland_port", 2), ("gdansk", 2), ("lehavre", 2)):
        _, created = server.request(
            "POST", "/api/games", {"game": game, "players": players, "seed": 3, "bots": {"1": "greedy"}}
        )
        game_id, token = created["id"], created["tokens"]["0"]
        view = _view(server, game_id, token)
        status, hint = server.request("GET", f"/api/games/{game_id}/hint?token={token}")
        assert status == 200 and hint["bot"] == "hard"
        assert "parameter set" in hint["plays"]  # the hint says which set it played with
        assert hint["action"] in view["legal_actions"]
        assert hint["label"] == view["labels"][view["legal_actions"].index(hint["action"])]
        again = server.request("GET", f"/api/games/{game_id}/hint?token={token}")[1]
        assert again == hint, "the same advice for the same position"
        assert server.request("GET", f"/api/games/{game_id}/hint?token=wrong")[0] == 403


def test_game_over_gives_each_players_score_parts(server: Any) -> None:
    _, created = server.request(
        "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": 6, "bots": {"1": "random"}}
    )
    final = server.play_first_legal(created["id"], created["tokens"]["0"])
    for seat, player in enumerate(final["table"]["players"]):
        parts = player["score_parts"]
        assert parts and all(isinstance(label, str) and isinstance(points, int) for label, points in parts)
        assert sum(points for _, points in parts) == final["scores"][seat]


def test_a_replay_of_a_json_lines_file_asks_for_one_record(server: Any) -> None:
    """`harborgames arena --records` writes one record per line: sent whole, the server says so
    (the page lets the user pick one); each line alone replays, its seed exact."""
    module = harborgames.load("inland_port")
    lines = []
    for seed in (2**62 + 1, 7):
        _, actions = random_playout(module, module.new_game(2, seed=seed), random.Random(seed))
        lines.append(module.dumps(make_record(module, 2, seed, actions)))
    status, answer = server.request("POST", "/api/replays", raw=("\n".join(lines) + "\n").encode())
    assert status == 400 and "2 records, one per line" in answer["error"]
    status, created = server.request("POST", "/api/replays", raw=lines[0].encode())
    assert status == 201
    status, last = server.request("GET", f"/api/replays/{created['id']}?step={created['moves']}")
    assert last["over"] and last["winners"] and last["seed_text"] == str(2**62 + 1)
    assert "told" in last and isinstance(last["told"], list)


def test_the_words_of_enter_say_what_this_seat_pays_an_owner_enters_free(server: Any) -> None:
    """Short two-player Le Havre, seed 6: P0 buys the Marketplace (its card: 2 food / 1 Franc)
    and may enter it free; after P0's turn P1 may enter it, paying P0. Each seat's buttons say
    what that seat would pay."""
    _, created = server.request(
        "POST", "/api/games", {"game": "lehavre", "players": 2, "variant": "short", "seed": 6}
    )
    game_id, tokens = created["id"], created["tokens"]
    for move in ("sell_ship R01", "buy marketplace"):
        view = _act(server, game_id, tokens["0"], move)
    assert view["current_player"] == 0
    labels = dict(zip(view["legal_actions"], view["labels"], strict=True))
    assert labels["enter marketplace"] == "Enter Marketplace (yours: no fee)"
    group = next(g for g in view["groups"] if "enter marketplace" in g["actions"])
    assert group["labels"][group["actions"].index("enter marketplace")] == labels["enter marketplace"]
    for move in ("take francs", "end"):
        _act(server, game_id, tokens["0"], move)
    view = _view(server, game_id, tokens["1"])
    assert view["current_player"] == 1
    labels = dict(zip(view["legal_actions"], view["labels"], strict=True))
    assert labels["enter marketplace"] == "Enter Marketplace (fee 2 food or 1 Franc, to P0)"
    assert _view(server, game_id, tokens["0"])["labels"] == []  # P0 is not deciding: no buttons
