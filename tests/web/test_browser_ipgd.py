"""The Inland Port's and Port Gdańsk's boards in headless Chromium (Selenium): the own board
beside the decision at 1280×800, a building's text on a tap, the seat legend, and a move made by
clicking the map.

Needs Debian's ``chromium`` and ``chromium-driver`` and ``selenium`` (the ``webtest`` extra);
skipped otherwise, as ``test_browser.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import harborgames

from .harness import wait

webdriver = pytest.importorskip(
    "selenium.webdriver", reason="selenium is not installed: pip install -e '.[webtest]'"
)
from selenium.webdriver.common.by import By  # noqa: E402


@pytest.fixture(scope="module")
def browser(browser: Any) -> Any:
    """The Chromium of ``harness.py``, its page at the desk size (1280 × 800 CSS pixels)."""
    viewport(browser, 1280, 800)
    return browser


def viewport(browser: Any, width: int, height: int) -> None:
    """The page's own size (not the window's, which adds the browser's frame), as a screen has."""
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700},
    )


def box(browser: Any, css: str) -> dict[str, float]:
    return dict(
        browser.execute_script(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
            " width: innerWidth, height: innerHeight};",
            css,
        )
    )


def inside(rect: dict[str, float]) -> bool:
    return (
        rect["left"] >= 0
        and rect["top"] >= 0
        and rect["right"] <= rect["width"]
        and rect["bottom"] <= rect["height"]
        and rect["bottom"] > rect["top"]
    )


def no_browser_errors(browser: Any) -> None:
    severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    severe = [entry for entry in severe if "status of 400" not in entry["message"]]
    assert not severe, severe


def _inland_port_game(server: Any, moves: int) -> tuple[str, str]:
    """A game against a random bot, the person building or using (never selling) ``moves`` times."""
    status, created = server.request(
        "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": 21, "bots": {"1": "random"}}
    )
    assert status == 201
    game_id, token = created["id"], created["tokens"]["0"]
    for _ in range(moves):
        _, view = server.request("GET", f"/api/games/{game_id}?token={token}")
        legal = [a for a in view["legal_actions"] if not a.startswith("sell")] or view["legal_actions"]
        server.request("POST", f"/api/games/{game_id}/actions", {"token": token, "action": legal[0]})
    return game_id, token


def test_inland_port_own_board_and_decision_are_both_in_view_at_1280x800(server: Any, browser: Any) -> None:
    game_id, token = _inland_port_game(server, 30)
    _, view = server.request("GET", f"/api/games/{game_id}?token={token}")
    state = harborgames.load("inland_port").loads(json.dumps(view["observation"])).state
    browser.get(f"{server.url}/#/game/{game_id}/{token}")
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, "[data-role='own-panel'] .ip-own"))
    assert inside(box(browser, "[data-role='own-panel']")), box(browser, "[data-role='own-panel']")
    assert inside(box(browser, "[data-role='decision']")), box(browser, "[data-role='decision']")
    # The own board is the viewer's: its buildings by key, its Francs and goods.
    panel = browser.find_element(By.CSS_SELECTOR, "[data-role='own-panel']")
    marked = panel.find_elements(By.CSS_SELECTOR, "[data-card]")
    shown = sorted(e.get_attribute("data-card") for e in marked)
    owned = sorted(b.id for i, b in enumerate(harborgames.inland_port.BUILDINGS) if state.owner[i] == 0)
    assert shown == owned and owned
    assert f"{state.francs[0]} Francs" in panel.text
    goods = panel.find_element(By.ID, "ip-own-goods").text
    assert goods == " ".join(
        f"{name} {n}" for name, n in zip(("Fish", "Clay", "Wood", "Grain"), state.goods[0], strict=True)
    )
    no_browser_errors(browser)


def test_a_buildings_text_shows_on_tap(server: Any, browser: Any) -> None:
    game_id, token = _inland_port_game(server, 6)
    _, cards = server.request("GET", "/api/cards/inland_port")
    texts = {card["key"]: card["text"] for card in cards["cards"]}
    browser.get(f"{server.url}/#/game/{game_id}/{token}")
    for css in ("#available .ip-tile[data-card]", "[data-role='own-panel'] [data-card]"):
        key = wait(lambda css=css: _tap(browser, css))
        wait(lambda key=key: _popup(browser, key))
        popup = browser.find_element(By.ID, "card-popup")
        assert popup.find_element(By.CSS_SELECTOR, ".card-text").text == texts[key]
        assert popup.is_displayed()
    no_browser_errors(browser)


def _tap(browser: Any, css: str) -> str | None:
    """Click the first element ``css`` finds (found again if the page redrew); its card key."""
    found = browser.find_elements(By.CSS_SELECTOR, css)
    if not found:
        return None
    key = str(found[0].get_attribute("data-card"))
    found[0].click()
    return key


def _popup(browser: Any, key: str) -> bool:
    """The client core's card popup is open on the card ``key``."""
    shown = browser.find_elements(By.CSS_SELECTOR, "#card-popup:not([hidden])")
    return bool(shown) and shown[0].get_attribute("data-key") == key


def _gdansk_game_at_a_move(server: Any) -> tuple[str, str, list[str]]:
    """Seat 0 of a two-player game against a random bot, when it may move its ship."""
    status, created = server.request(
        "POST", "/api/games", {"game": "gdansk", "players": 2, "seed": 5, "bots": {"1": "random"}}
    )
    assert status == 201
    game_id, token = created["id"], created["tokens"]["0"]
    for _ in range(200):
        _, view = server.request("GET", f"/api/games/{game_id}?token={token}")
        legal = view["legal_actions"]
        moves = [a for a in legal if a.startswith("move ")]
        if moves:
            return game_id, token, moves
        pick = next((a for a in legal if a.startswith(("keep", "start"))), None) or legal[-1]
        server.request("POST", f"/api/games/{game_id}/actions", {"token": token, "action": pick})
    raise AssertionError("seat 0 never rolled a movement")


def test_gdansk_has_a_seat_legend_and_a_click_on_the_map_moves_the_ship(server: Any, browser: Any) -> None:
    game_id, token, moves = _gdansk_game_at_a_move(server)
    browser.get(f"{server.url}/#/game/{game_id}/{token}")
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, "svg.map g.location"))
    # The legend names each seat beside its colour; the seat to move is marked.
    legend = browser.find_elements(By.CSS_SELECTOR, "#seat-legend .gd-seat")
    assert [e.get_attribute("data-seat") for e in legend] == ["0", "1"]
    colours = [e.find_element(By.TAG_NAME, "circle").get_attribute("fill") for e in legend]
    meeples = {
        m.get_attribute("data-seat"): m.get_attribute("fill")
        for m in browser.find_elements(By.CSS_SELECTOR, "svg.map circle.meeple")
    }
    assert colours == [meeples["0"], meeples["1"]] and colours[0] != colours[1]
    assert "P0 (you)" in legend[0].text and "to move" in legend[0].text
    # The outlined locations are exactly the moves offered.
    targets = browser.find_elements(By.CSS_SELECTOR, "svg.map g.location.target")
    assert sorted(t.get_attribute("data-action") for t in targets) == sorted(moves)
    where = moves[0].split()[1]
    label = browser.find_element(By.CSS_SELECTOR, f"g.location[data-location='{where}'] > text:last-of-type")
    label.click()
    wait(
        lambda: (
            browser.find_elements(By.CSS_SELECTOR, "#log li")
            and not browser.find_elements(By.CSS_SELECTOR, f"g.location.target[data-location='{where}']")
        )
    )
    _, view = server.request("GET", f"/api/games/{game_id}?token={token}")
    assert any(entry.get("seat") == 0 and entry.get("move") == moves[0] for entry in view["log"])
    assert view["table"]["players"][0]["location"] == where
    no_browser_errors(browser)


def test_an_order_is_executed_by_clicking_the_badge_on_its_quay(server: Any, browser: Any) -> None:
    """Both seats people, played here by the README's bot (greedy within its turn) on a copy of
    the game, until seat 0 may execute an order; the badge on that quay sends ``execute N``."""
    module = harborgames.load("gdansk")
    status, created = server.request("POST", "/api/games", {"game": "gdansk", "players": 2, "seed": 9})
    assert status == 201
    game_id, tokens = created["id"], created["tokens"]
    state = module.new_game(2, seed=9)

    def value(after: Any, seat: int) -> float:
        if after.current_player == seat:
            return max(module.heuristic(module.apply(after, a), seat) for a in module.legal_actions(after))
        return float(module.heuristic(after, seat))

    for _ in range(600):
        seat = state.current_player
        legal = module.legal_actions(state)
        executes = [str(a) for a in legal if isinstance(a, module.Execute)]
        if seat == 0 and executes:
            break
        action = max(legal, key=lambda a, seat=seat: value(module.apply(state, a), seat))
        answer = server.request(
            "POST", f"/api/games/{game_id}/actions", {"token": tokens[str(seat)], "action": str(action)}
        )
        assert answer[0] == 200, answer
        state = module.apply(state, action)
    assert executes, "seat 0 never could execute an order"
    browser.get(f"{server.url}/#/game/{game_id}/{tokens['0']}")
    badges = wait(lambda: browser.find_elements(By.CSS_SELECTOR, "svg.map g.quay-action"))
    shown = [b for b in badges if b.get_attribute("data-action").startswith("execute ")]
    assert sorted(b.get_attribute("data-action") for b in shown) == sorted(executes)
    shown[0].click()
    wait(lambda: not browser.find_elements(By.CSS_SELECTOR, f"g.quay-action[data-action='{executes[0]}']"))
    _, view = server.request("GET", f"/api/games/{game_id}?token={tokens['0']}")
    assert any(entry.get("seat") == 0 and entry.get("move") == executes[0] for entry in view["log"])
    no_browser_errors(browser)
