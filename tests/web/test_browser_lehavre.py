"""Le Havre's board in headless Chromium (Selenium): the viewer's own board beside the decision
at 1280×800, a building's card on a tap, the board's spaces playable by a click, and the phone.

Needs Debian's ``chromium`` and ``chromium-driver`` and ``selenium`` (the ``webtest`` extra);
skipped otherwise. Screenshots go to ``$HARBORGAMES_SCREENSHOTS`` (``docs/web`` refreshes the
ones in ``docs/web.md``), else to a temporary folder.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

import harborgames

from .harness import screenshots, wait

webdriver = pytest.importorskip(
    "selenium.webdriver", reason="selenium is not installed: pip install -e '.[webtest]'"
)
from selenium.webdriver.common.by import By  # noqa: E402

CARDS = {card.key: card for card in harborgames.load("lehavre").cards()}


def size(browser: Any, width: int, height: int) -> None:
    """The window's inner size set to ``width`` × ``height`` CSS pixels (the viewport tests
    and screenshots speak of, not the window's outer frame)."""
    browser.set_window_size(width, height)
    inner = browser.execute_script("return [window.innerWidth, window.innerHeight]")
    browser.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    time.sleep(0.3)


def shot(browser: Any, name: str) -> None:
    screenshots().mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(screenshots() / name))


def no_browser_errors(browser: Any) -> None:
    severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    severe = [entry for entry in severe if "status of 400" not in entry["message"]]
    assert not severe, severe


def inside_viewport(browser: Any, css: str) -> list[float]:
    """The element's box, asserted to lie wholly inside the window's viewport."""
    box = browser.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom, window.innerWidth, window.innerHeight];",
        css,
    )
    left, top, right, bottom, width, height = box
    assert right > left and bottom > top, (css, box)
    assert left >= 0 and top >= 0 and right <= width and bottom <= height, (css, box)
    return list(box)


def _game(server: Any, players: int = 2, seed: int = 8, moves: int = 0) -> tuple[str, str]:
    """A full game against random bots, the person (seat 0) having played ``moves`` decisions
    (building, buying and taking where it can)."""
    status, created = server.request(
        "POST",
        "/api/games",
        {
            "game": "lehavre",
            "players": players,
            "variant": "full",
            "seed": seed,
            "bots": {str(s): "random" for s in range(1, players)},
        },
    )
    assert status == 201, created
    game_id, token = created["id"], created["tokens"]["0"]
    for _ in range(moves):
        _, view = server.request("GET", f"/api/games/{game_id}?token={token}")
        if view["over"]:
            break
        legal = view["legal_actions"]
        wanted = [a for a in legal if a.startswith(("build ", "buy ", "enter ", "take "))]
        server.request(
            "POST", f"/api/games/{game_id}/actions", {"token": token, "action": (wanted or legal)[0]}
        )
    return game_id, token


def _open(browser: Any, server: Any, game_id: str, token: str) -> None:
    browser.get(f"{server.url}/#/game/{game_id}/{token}")
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, "[data-role='own-panel'] .player"))
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#proposals .lh-card"))


def test_at_1280x800_the_own_board_and_the_decision_are_both_in_view(server: Any, browser: Any) -> None:
    for moves in (0, 60):  # at the start, and with goods, buildings and perhaps ships to show
        game_id, token = _game(server, moves=moves)
        size(browser, 1280, 800)
        _open(browser, server, game_id, token)
        inside_viewport(browser, "[data-role='decision']")
        inside_viewport(browser, "[data-role='own-panel']")
        own = browser.find_element(By.CSS_SELECTOR, "[data-role='own-panel']")
        _, view = server.request("GET", f"/api/games/{game_id}?token={token}")
        me = view["table"]["players"][0]
        head = own.find_element(By.CSS_SELECTOR, "h3").text
        francs, loans = me["francs"], me["loans"]
        assert f"{francs} Franc{'s' * (francs != 1)}" in head and f"{loans} loan{'s' * (loans != 1)}" in head
        for b in me["buildings"]:
            assert own.find_elements(By.CSS_SELECTOR, f"[data-card='{b['key']}']")
        if me["food"]:
            assert f"Food due: {me['food']['due']}" in own.text
        shot(browser, f"lehavre-desk-{moves}.png")
    no_browser_errors(browser)


def test_the_top_of_each_pile_is_a_card_of_its_own_and_the_rest_are_listed(server: Any, browser: Any) -> None:
    game_id, token = _game(server, seed=3)
    size(browser, 1280, 800)
    _open(browser, server, game_id, token)
    _, view = server.request("GET", f"/api/games/{game_id}?token={token}")
    piles = browser.find_elements(By.CSS_SELECTOR, "#proposals .lh-pile")
    assert len(piles) == 3
    for pile, dealt in zip(piles, view["table"]["proposals"], strict=True):
        tops = pile.find_elements(By.CSS_SELECTOR, ".lh-card.top")
        assert [t.get_attribute("data-card") for t in tops] == [dealt[0]["key"]] if dealt else tops == []
        under = [
            li.get_attribute("data-card") for li in pile.find_elements(By.CSS_SELECTOR, "ol.lh-under li")
        ]
        assert under == [b["key"] for b in dealt[1:]]
    no_browser_errors(browser)


def test_a_buildings_text_is_shown_on_tap(server: Any, browser: Any) -> None:
    game_id, token = _game(server, seed=5)
    size(browser, 1280, 800)
    _open(browser, server, game_id, token)
    for css in (
        "#town .lh-card[data-card='construction_firm']",
        "#proposals .lh-card.top",
        "#round-cards .lh-round",
        ".own-panel .lh-good",
    ):
        target = browser.find_elements(By.CSS_SELECTOR, css)
        if not target:
            continue
        key = target[0].get_attribute("data-card")
        target[0].click()
        popup = wait(
            lambda: next(iter(browser.find_elements(By.CSS_SELECTOR, "[data-role='card-text']")), None)
        )
        wait(lambda popup=popup: popup.is_displayed())
        assert CARDS[key].name in popup.text
        assert " ".join(CARDS[key].text.split()) in " ".join(popup.text.split())
        browser.find_element(By.TAG_NAME, "h1").click()  # a tap elsewhere closes it
        wait(lambda popup=popup: not popup.is_displayed())
    no_browser_errors(browser)


def test_an_offer_space_is_taken_by_a_click_and_the_turn_ended_by_the_button(
    server: Any, browser: Any
) -> None:
    game_id, token = _game(server, seed=11)
    size(browser, 1280, 800)
    _open(browser, server, game_id, token)
    offer = browser.find_element(By.CSS_SELECTOR, "#offers .offer.playable")
    good = offer.get_attribute("data-good")
    count = int(offer.find_element(By.TAG_NAME, "b").text)
    offer.click()
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#offers .offer.playable") == [])  # main action taken
    _, view = server.request("GET", f"/api/games/{game_id}?token={token}")
    assert view["log"][-1]["move"] == f"take {good}"
    assert view["table"]["players"][0]["goods" if good != "francs" else "francs"] is not None
    mine = view["table"]["players"][0]
    assert (mine["francs"] if good == "francs" else mine["goods"].get(good, 0)) >= count
    no_browser_errors(browser)


def test_on_a_phone_the_table_fits_the_width_and_the_own_board_is_one_tap_away(
    server: Any, browser: Any
) -> None:
    game_id, token = _game(server, moves=40)
    try:
        size(browser, 390, 844)
        _open(browser, server, game_id, token)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        shot(browser, "lehavre-phone-table.png")
        toggle = browser.find_element(By.ID, "own-toggle")
        toggle.click()
        own = browser.find_element(By.CSS_SELECTOR, "[data-role='own-panel']")
        wait(lambda: own.is_displayed())
        inside_viewport(browser, "[data-role='own-panel']")
        shot(browser, "lehavre-phone-own.png")
        toggle.click()
    finally:
        size(browser, 1280, 800)
    no_browser_errors(browser)
