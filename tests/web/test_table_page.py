"""The table page in headless Chromium: the own board beside the decision, composed choices,
card texts on tap, the round-end summary, undo against a bot, the game-over breakdown,
replays of a JSON-lines file, and addresses that say what is wrong.

Needs Chromium, chromedriver and selenium (the ``webtest`` extra); skipped otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

import harborgames
from harborgames.core.play import make_record

pytest.importorskip("selenium.webdriver", reason="selenium is not installed: pip install -e '.[webtest]'")


def _view(server: Any, game_id: str, token: str) -> dict[str, Any]:
    status, view = server.request("GET", f"/api/games/{game_id}?token={token}")
    assert status == 200, view
    return dict(view)


def _act(server: Any, game_id: str, token: str, action: str) -> dict[str, Any]:
    status, view = server.request("POST", f"/api/games/{game_id}/actions", {"token": token, "action": action})
    assert status == 200, view
    return dict(view)


def _inside(box: dict[str, float]) -> bool:
    return (
        box["left"] >= 0
        and box["top"] >= 0
        and box["right"] <= box["width"]
        and box["bottom"] <= box["height"]
        and box["bottom"] > box["top"]
    )


@pytest.mark.parametrize(
    ("game", "body"),
    [
        ("lehavre", {"players": 2, "variant": "full", "seed": 3, "bots": {"1": "greedy"}}),
        ("inland_port", {"players": 2, "seed": 21, "bots": {"1": "random"}}),
    ],
)
def test_the_own_board_and_the_decision_are_both_in_view(
    page: Any, server: Any, game: str, body: dict[str, Any]
) -> None:
    """At 1280×800 the decision panel and the viewer's own board are both wholly inside the
    window without scrolling, however long the table; on a phone the own board opens from a
    tab that stays on screen wherever the page is scrolled."""
    _, created = server.request("POST", "/api/games", {"game": game, **body})
    game_id, token = created["id"], created["tokens"]["0"]
    view = _view(server, game_id, token)
    for _ in range(12):  # a few decisions in, so the own board holds something
        view = _act(server, game_id, token, view["legal_actions"][0])
    page.open(f"#/game/{game_id}/{token}")
    page.find("[data-role='own-panel'] *")
    for role in ("decision", "own-panel"):
        box = page.box(f"[data-role='{role}']")
        assert _inside(box), (role, box)
    assert page.box("body")["page"] <= 800, "the page itself does not scroll"
    assert page.find("[data-role='own-panel']").text.strip()

    page.viewport(390, 844)
    toggle = page.find("#own-toggle")
    assert not page.find("[data-role='own-panel']").is_displayed()
    page.browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    assert _inside(page.box("#own-toggle")), "the tab stays on screen"
    toggle.click()
    page.wait(lambda: page.find("[data-role='own-panel']").is_displayed())
    assert _inside(page.box("[data-role='own-panel']"))
    assert _inside(page.box("#own-toggle")), "and closes it again"
    page.find("#own-toggle").click()
    page.wait(lambda: not page.find("[data-role='own-panel']").is_displayed())
    assert not page.errors()


def _at_the_marketplace(server: Any) -> tuple[str, str, dict[str, Any]]:
    """A short Le Havre game of two people where seat 0 enters the Marketplace at once; its
    id, seat 0's token and seat 0's view at the choice of goods."""
    _, created = server.request(
        "POST", "/api/games", {"game": "lehavre", "players": 2, "variant": "short", "seed": 2}
    )
    game_id, tokens = created["id"], created["tokens"]
    view = _view(server, game_id, tokens["0"])
    for _ in range(20):
        seat = str(view["current_player"])
        view = _view(server, game_id, tokens[seat])
        if seat == "0" and any(g["compose"] for g in view["groups"]):
            return game_id, tokens["0"], view
        wanted = [a for a in view["legal_actions"] if a == "enter marketplace"] if seat == "0" else []
        view = _act(server, game_id, tokens[seat], (wanted or view["legal_actions"])[0])
    raise AssertionError("seat 0 never chose at the Marketplace")


def test_a_marketplace_choice_is_composed_by_clicks_and_played(page: Any, server: Any) -> None:
    game_id, token, view = _at_the_marketplace(server)
    composed = next(g["compose"] for g in view["groups"] if g["compose"])
    wanted = composed["options"][-1]
    page.open(f"#/game/{game_id}/{token}")
    composer = page.find("[data-role='composer'][data-verb='choose']")
    assert len(page.all("button.action[data-action^='choose ']")) == len(composed["options"])
    assert not page.find("button.compose-play").is_enabled(), "nothing picked yet"
    for number, word in enumerate(wanted["counts"]):
        page.find(f"[data-role='composer'] button.part[data-part='{word}']").click()
        if number + 1 < len(wanted["counts"]):
            assert not page.find("button.compose-play").is_enabled()
    # a part no legal option takes beside the ones picked can no longer be picked
    picked = set(wanted["counts"])
    for part in page.all("[data-role='composer'] button.part"):
        word = part.get_attribute("data-part")
        if word not in picked:
            assert not part.is_enabled(), word
    play = page.find("button.compose-play")
    assert play.is_enabled() and play.get_attribute("data-action") == wanted["notation"]
    page.screenshot("lehavre-marketplace.png")
    assert composer.is_displayed()
    play.click()
    page.wait(lambda: len(page.all("#log li")) > len(view["log"]))
    log = _view(server, game_id, token)["log"]
    assert log[len(view["log"])] == {"seat": 0, "move": wanted["notation"]}
    assert not page.errors()


def test_a_buildings_text_is_shown_on_tap(page: Any, server: Any) -> None:
    """Every element a board marks with data-card opens that card's text, cost and value when
    tapped (clicked), and closes on a second tap; on a phone too."""
    for game in ("inland_port", "lehavre"):
        _, created = server.request(
            "POST", "/api/games", {"game": game, "players": 2, "seed": 5, "bots": {"1": "random"}}
        )
        _, cards = server.request("GET", f"/api/cards/{game}")
        by_key = {card["key"]: card for card in cards["cards"]}
        page.open(f"#/game/{created['id']}/{created['tokens']['0']}")
        for width, height in ((1280, 800), (390, 844)):
            page.viewport(width, height)
            marked = page.wait(
                lambda: [e for e in page.all("#table [data-card]") if e.is_displayed() and e.size["height"]]
            )
            target = marked[0]
            key = target.get_attribute("data-card")
            assert key in by_key, key
            page.browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
            target.click()
            popup = page.find("#card-popup")
            page.wait(popup.is_displayed)
            shown = popup.text
            assert by_key[key]["name"] in shown and by_key[key]["text"].split("\n")[0][:60] in shown
            assert _inside(page.box("#card-popup")), "the card stays inside the window"
            target.click()
            page.wait(lambda popup=popup: not popup.is_displayed())
    assert not page.errors()


def test_the_round_end_summary_appears_after_a_round_ends(page: Any, server: Any) -> None:
    _, created = server.request(
        "POST", "/api/games", {"game": "lehavre", "players": 2, "variant": "short", "seed": 1}
    )
    game_id, tokens = created["id"], created["tokens"]
    view = _view(server, game_id, tokens["0"])
    page.open(f"#/game/{game_id}/{tokens['0']}")
    page.find("#status")
    assert not page.all("#summary"), "nothing told before the round ends"
    while not any(line.startswith("Round 1 ") for m in view["log"] for line in m.get("told", [])):
        seat = str(view["current_player"])
        view = _act(server, game_id, tokens[seat], _view(server, game_id, tokens[seat])["legal_actions"][0])
    while view["current_player"] != 0:
        view = _act(server, game_id, tokens["1"], _view(server, game_id, tokens["1"])["legal_actions"][0])
    page.open(f"#/game/{game_id}/{tokens['0']}")
    summary = page.find("[data-role='summary']")
    assert summary.is_displayed() and "Round 1" in summary.text
    assert _inside(page.box("[data-role='summary']"))
    page.screenshot("lehavre-round-end.png")
    page.find("#summary .close").click()
    page.wait(lambda: not page.all("#summary"))
    assert not page.errors()


def test_undo_works_against_a_bot(page: Any, server: Any) -> None:
    _, created = server.request(
        "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": 12, "bots": {"1": "random"}}
    )
    game_id, token = created["id"], created["tokens"]["0"]
    start = _view(server, game_id, token)
    page.open(f"#/game/{game_id}/{token}")
    page.find("button.action")
    assert not page.all("#undo"), "nothing to undo yet"
    page.find("button.action").click()
    page.wait(lambda: len(page.all("#log li")) > len(start["log"]))
    moved = len(page.all("#log li"))
    page.find("#undo").click()
    page.wait(lambda: len(page.all("#log li")) == len(start["log"]))
    assert page.text("#status") == "Your decision"
    after = _view(server, game_id, token)
    assert after["log"] == start["log"] and after["legal_actions"] == start["legal_actions"]
    assert moved > len(start["log"])
    page.find("#hint").click()
    hinted = page.find("#hint-text")
    advice = server.request("GET", f"/api/games/{game_id}/hint?token={token}")[1]
    assert advice["label"] in hinted.text
    assert page.find(f"button.hinted[data-action='{advice['action']}']")
    assert not page.errors()


def test_game_over_shows_each_players_score_by_source(page: Any, server: Any) -> None:
    _, created = server.request(
        "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": 6, "bots": {"1": "random"}}
    )
    game_id, token = created["id"], created["tokens"]["0"]
    final = server.play_first_legal(game_id, token)
    page.open(f"#/game/{game_id}/{token}")
    rows = [r.text for r in page.wait(lambda: page.all("#breakdown tr"))]
    for label, _ in final["table"]["players"][0]["score_parts"]:
        assert any(row.startswith(label) for row in rows), (label, rows)
    assert rows[-1].split() == ["total", *(str(s) for s in final["scores"])]
    assert "Winner" in page.text("#status")
    page.screenshot("game-over.png")
    assert not page.errors()


def test_a_json_lines_file_of_records_offers_each_game_and_the_last_step_names_the_winner(
    page: Any, server: Any
) -> None:
    module = harborgames.load("inland_port")
    lines = []
    for seed in (3, 2**62 + 5):
        state = module.new_game(2, seed=seed)
        actions = []
        while not module.is_terminal(state):
            actions.append(module.legal_actions(state)[0])
            state = module.apply(state, actions[-1])
        lines.append(module.dumps(make_record(module, 2, seed, actions)))
        winners = module.winners(state)
    page.open("#/replay")
    area = page.find("#record")
    page.browser.execute_script("arguments[0].value = arguments[1]", area, "\n".join(lines) + "\n")
    page.find("#main form button.primary").click()
    picks = page.wait(lambda: page.all("#record-picker button.pick-record"))
    assert len(picks) == 2
    assert f"seed {2**62 + 5}" in page.text("#record-picker"), "the seed's digits, not a rounded number"
    picks[1].click()
    page.wait(lambda: page.text("#step").startswith("move 0 of"))
    page.find("#last").click()
    page.wait(lambda: "game over" in page.text("#replay-status"))
    status = page.text("#replay-status")
    assert "Winner" in status and all(f"P{seat}" in status.split("Winner")[1] for seat in winners)
    assert f"seed {2**62 + 5}" in page.text("h1")
    assert page.all("#breakdown")
    assert not page.errors()


def test_a_finished_games_replay_keeps_a_seed_above_2_to_the_53(page: Any, server: Any) -> None:
    """ "replay it" sends the record back as the text it came as: parsed by JavaScript, the seed
    6387471596401453391 would come back as 6387471596401453000, another game."""
    big = 6387471596401453391
    _, created = server.request(
        "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": str(big), "bots": {"1": "random"}}
    )
    game_id, token = created["id"], created["tokens"]["0"]
    final = server.play_first_legal(game_id, token)
    page.open(f"#/game/{game_id}/{token}")
    assert f"seed {big}" in page.text("h1")
    page.find("#open-replay").click()
    page.wait(lambda: page.text("#step").startswith("move 0 of"))
    assert f"seed {big}" in page.text("h1")
    assert page.text("#step") == f"move 0 of {len(final['log'])}"
    assert not page.errors()


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("#/game/abc", "no seat token"),
        ("#/game/", "names no game"),
        ("#/nowhere/at/all", "there is no page at #/nowhere"),
        ("#/game/%E0%A4%A/x", "malformed % escape"),
        ("#/replay/%zz", "malformed % escape"),
    ],
)
def test_an_address_that_leads_nowhere_says_so(page: Any, address: str, said: str) -> None:
    page.open(address)
    assert said in page.text("#page-error")
    assert "Loading" not in page.text("#main")
    assert page.find("#page-error ~ a").get_attribute("href").endswith("#/")
