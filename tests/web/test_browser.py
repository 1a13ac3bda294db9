"""The page in headless Chromium (Selenium): a whole game by clicking, and each game's table
showing what the seat's observation holds and nothing another seat hides.

Needs Debian's ``chromium`` and ``chromium-driver`` (``/usr/bin/chromium``,
``/usr/bin/chromedriver``) and ``selenium`` (the ``webtest`` extra); skipped otherwise.
Screenshots of each table are written to ``$HARBORGAMES_SCREENSHOTS`` (``docs/web`` refreshes
the ones in ``docs/web.md``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

import harborgames
from harborgames.core.play import replay

from .harness import screenshots, wait

webdriver = pytest.importorskip(
    "selenium.webdriver", reason="selenium is not installed: pip install -e '.[webtest]'"
)
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


def text(browser: Any, css: str) -> str:
    """The text of the first element ``css`` selects, found again if the page redrew it between
    finding and reading (the table is drawn anew after every move)."""
    for _ in range(20):
        try:
            return str(browser.find_element(By.CSS_SELECTOR, css).text)
        except StaleElementReferenceException:
            time.sleep(0.05)
    return str(browser.find_element(By.CSS_SELECTOR, css).text)


def viewport(browser: Any, width: int, height: int) -> None:
    """The page's viewport exactly ``width`` × ``height`` CSS pixels, a phone's below 600 px (a
    window's size would include the browser's own bars)."""
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    browser.execute_script("window.dispatchEvent(new Event('resize'))")


def screenshot(browser: Any, name: str, width: int = 1280, height: int = 800) -> None:
    """The page at ``width`` × ``height`` as one first sees it: the table at its top, no card
    open (the pointer moved off the table)."""
    viewport(browser, width, height)
    browser.execute_script("const table = document.getElementById('table'); if (table) table.scrollTop = 0;")
    time.sleep(0.2)
    ActionChains(browser).move_to_element(browser.find_element(By.TAG_NAME, "h1")).perform()
    time.sleep(0.2)
    screenshots().mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(screenshots() / name))
    viewport(browser, 1280, 800)


def no_browser_errors(browser: Any) -> None:
    severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    # Refused actions answer 400 on purpose; the console notes the failed fetch.
    severe = [entry for entry in severe if "status of 400" not in entry["message"]]
    assert not severe, severe


def test_lobby_to_the_end_of_an_inland_port_game(server: Any, browser: Any) -> None:
    browser.get(server.url + "/")
    wait(lambda: browser.find_element(By.ID, "start"))
    screenshot(browser, "lobby-phone.png", 390, 844)
    browser.find_element(By.ID, "seed").clear()
    browser.find_element(By.ID, "seed").send_keys("21")
    assert browser.find_element(By.CSS_SELECTOR, "select[data-seat='1']").get_attribute("value") == "easy"
    browser.find_element(By.ID, "start").click()
    wait(lambda: browser.find_elements(By.ID, "status"))
    _, _, game_id, token = browser.current_url.split("#")[1].split("/")

    # A refused move shows the engine's reason.
    browser.find_element(By.ID, "typed").send_keys("build town_hall\n")
    refusal = wait(lambda: text(browser, "#refusal"))
    status, answer = server.request(
        "POST", f"/api/games/{game_id}/actions", {"token": token, "action": "build town_hall"}
    )
    assert status == 400 and refusal == answer["error"]
    assert browser.find_element(By.ID, "typed").get_attribute("value") == "build town_hall", "kept to correct"
    browser.find_element(By.ID, "typed").clear()

    clicks = 0
    while "Game over" not in text(browser, "#status"):
        button = wait(lambda: _clickable_action(browser))
        button.click()
        clicks += 1
        wait(lambda clicked=button: _stale(clicked))
        wait(lambda: browser.find_elements(By.ID, "status"))
        if clicks == 12:
            screenshot(browser, "inland_port.png")
            screenshot(browser, "inland_port-phone.png", 390, 844)
            wait(lambda: browser.find_elements(By.ID, "status"))
            _goods_sit_apart(browser)
            _wheels_readable(browser)
            assert "seed" not in text(browser, "h1"), "the seed tells every roll to come: not before the end"
        assert clicks < 300
    shown = json.loads(browser.find_element(By.ID, "scores").get_attribute("data-scores"))
    _, final = server.request("GET", f"/api/games/{game_id}?token={token}")
    assert final["over"] and shown == final["scores"]
    assert f"P0 {final['scores'][0]}" in text(browser, "#scores")
    moves = browser.find_elements(By.CSS_SELECTOR, "#log li")
    assert [m.text for m in moves] == [f"P{m['seat']}: {m['move']}" for m in final["log"]]
    assert "seed 21" in text(browser, "h1")

    # The replay view steps through the finished game.
    browser.find_element(By.ID, "open-replay").click()
    wait(lambda: "move 0 of" in text(browser, "#step"))
    browser.find_element(By.ID, "forward").click()
    wait(lambda: text(browser, "#step").startswith("move 1 of"))
    browser.find_element(By.ID, "forward").click()
    wait(lambda: text(browser, "#step").startswith("move 2 of"))
    browser.find_element(By.ID, "back").click()
    wait(lambda: text(browser, "#step").startswith("move 1 of"))
    browser.find_element(By.ID, "last").click()
    wait(lambda: text(browser, "#step") == f"move {len(final['log'])} of {len(final['log'])}")
    assert json.loads(browser.find_element(By.ID, "scores").get_attribute("data-scores")) == final["scores"]
    # A replay has no "you": the seat whose view draws the table is named as such.
    assert "(this view)" in text(browser, ".player[data-seat='0'] h3")
    assert "(you)" not in text(browser, "#table")
    _wheels_readable(browser)
    screenshot(browser, "replay.png")
    no_browser_errors(browser)


def _goods_sit_apart(browser: Any) -> None:
    """Each warehouse shows its four goods, none drawn over another (several may share a value)."""
    for board in browser.find_elements(By.CSS_SELECTOR, "svg.warehouse"):
        boxes = browser.execute_script(
            "return [...arguments[0].querySelectorAll('text.good')].map((t) => {"
            " const r = t.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });",
            board,
        )
        assert len(boxes) == 4
        assert not _overlapping(boxes), boxes


def _wheels_readable(browser: Any) -> None:
    """No two names on a building wheel drawn over each other, and every building listed."""
    for figure in browser.find_elements(By.CSS_SELECTOR, "figure.wheel-figure"):
        boxes = browser.execute_script(
            "return [...arguments[0].querySelectorAll('text')].map((t) => {"
            " const r = t.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });",
            figure,
        )
        assert not _overlapping(boxes), boxes
        listed = figure.find_element(By.CSS_SELECTOR, ".wheel-list").text
        shown = browser.execute_script(
            "return [...arguments[0].querySelectorAll('text.wheel-building title')]"
            ".map((t) => t.textContent);",
            figure,
        )
        # a name's tooltip may go on with the building's cost and text: "Clay Mound (cost 3 ...)"
        names = [name.split(" (")[0] for name in shown if not name.endswith(" more")]
        assert all(name in listed for name in names), (shown, listed)


def _overlapping(boxes: list[list[float]]) -> list[tuple[int, int]]:
    return [
        (i, j)
        for i, a in enumerate(boxes)
        for j, b in enumerate(boxes)
        if i < j and a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5
    ]


def _clickable_action(browser: Any) -> Any:
    """The first action button a person can press that does not sell (so that the wheel fills up
    for the screenshot), else the first one; a composed decision keeps its buttons in a closed
    "every option" list, which is opened first, as a person would."""
    for details in browser.find_elements(By.CSS_SELECTOR, "details.every-option:not([open]) > summary"):
        details.click()
    buttons = [b for b in browser.find_elements(By.CSS_SELECTOR, "button.action") if b.is_displayed()]
    return next((b for b in buttons if not b.text.startswith("sell")), buttons[0] if buttons else None)


def _stale(element: Any) -> bool:
    try:
        element.is_enabled()
    except StaleElementReferenceException:
        return True
    return False


def _true_state(server: Any, game: str, game_id: str, token: str) -> Any:
    """The full state, from the record in the server's database: what the page must not show."""
    record = server.stored_record(game_id)
    module = harborgames.load(game)
    return replay(module, module.loads(json.dumps(record)))


def test_gdansk_table_shows_the_observation_and_hides_the_other_cruise_ships(
    server: Any, browser: Any
) -> None:
    status, created = server.request("POST", "/api/games", {"game": "gdansk", "players": 2, "seed": 5})
    assert status == 201
    game_id, tokens = created["id"], created["tokens"]
    module = harborgames.load("gdansk")
    rival_ship = False
    for _ in range(600):  # both seats scripted until seat 1 holds a cruise ship and seat 0 has dice
        _, view0 = server.request("GET", f"/api/games/{game_id}?token={tokens['0']}")
        state = _true_state(server, "gdansk", game_id, tokens["0"])
        rival_ship = bool(state.players[1].cruise)
        if rival_ship and view0["current_player"] == 0 and view0["table"]["dice"]["faces"]:
            break
        seat = str(view0["current_player"])
        _, view = server.request("GET", f"/api/games/{game_id}?token={tokens[seat]}")
        legal = view["legal_actions"]
        wanted = [a for a in legal if a.startswith(("cruise", "recruit"))] if seat == "1" else []
        server.request(
            "POST", f"/api/games/{game_id}/actions", {"token": tokens[seat], "action": (wanted or legal)[0]}
        )
    assert rival_ship, "seat 1 never served a cruise ship"

    browser.get(f"{server.url}/#/game/{game_id}/{tokens['0']}")
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, "svg.map g.location"))
    observation = module.loads(json.dumps(view0["observation"]))
    components = observation.rules.components
    # Order tokens on the map are exactly the observation's.
    orders = sorted(o.text.split()[0] for o in browser.find_elements(By.CSS_SELECTOR, "svg.map text.order"))
    assert orders == sorted(components.token_ids[t] for t in observation.tokens if t >= 0)
    # Meeples and markers where the observation has them.
    for seat, player in enumerate(observation.players):
        if player.location >= 0:
            where = components.location_ids[player.location]
            assert browser.find_elements(
                By.CSS_SELECTOR, f"g.location[data-location='{where}'] circle.meeple[data-seat='{seat}']"
            )
        markers = browser.find_elements(By.CSS_SELECTOR, f"rect.marker[data-seat='{seat}']")
        assert len(markers) == bin(player.markers).count("1")
    dice = text(browser, "#dice")
    for face in observation.turn.dice:
        assert components.face_codes[face] in dice
    # Seat 1's cruise ship values are hidden from seat 0: shown as "?", the real ones nowhere.
    rival = text(browser, ".player[data-seat='1'] .cruise")
    real = state.players[1].cruise
    assert rival.count("?") == len(real) and not any(ch.isdigit() for ch in rival)
    assert "?" in text(browser, ".player[data-seat='1'] .final")
    assert "P1 ?" in text(browser, "#scores")
    assert text(browser, "#hr-panel")
    assert "L loading" in text(browser, "#dice")
    orders_listed = text(browser, "#order-list")
    assert "object" not in orders_listed
    for t in observation.tokens:
        if t >= 0:
            assert f"{components.token_ids[t]} at quay" in orders_listed
    assert not _overlapping(_location_boxes(browser))
    screenshot(browser, "gdansk.png")
    # On a phone the map is drawn upright, its locations still apart and readable.
    viewport(browser, 390, 844)
    try:
        wait(
            lambda: (
                browser.execute_script("return document.querySelector('svg.map').getAttribute('viewBox')")
                == "0 0 400 760"
            )
        )
        assert not _overlapping(_location_boxes(browser))
        width = browser.find_element(By.CSS_SELECTOR, "svg.map").rect["width"]
        assert width >= 300, "the map fills the phone's width"
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        browser.execute_script("document.querySelector('svg.map').scrollIntoView()")
        time.sleep(0.2)
        screenshots().mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(screenshots() / "gdansk-phone.png"))
    finally:
        viewport(browser, 1280, 800)
    no_browser_errors(browser)


def _location_boxes(browser: Any) -> list[list[float]]:
    return list(
        browser.execute_script(
            "return [...document.querySelectorAll('svg.map g.location > rect:first-child')].map((n) => {"
            " const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });"
        )
    )


def test_lehavre_table_shows_the_observation_and_hides_face_down_tiles(server: Any, browser: Any) -> None:
    status, created = server.request(
        "POST",
        "/api/games",
        {"game": "lehavre", "players": 2, "variant": "full", "seed": 8, "bots": {"1": "random"}},
    )
    assert status == 201
    game_id, token = created["id"], created["tokens"]["0"]
    for _ in range(3):  # still in round 1, while Supply tiles lie face down
        _, view = server.request("GET", f"/api/games/{game_id}?token={token}")
        server.request(
            "POST", f"/api/games/{game_id}/actions", {"token": token, "action": view["legal_actions"][0]}
        )
    _, view = server.request("GET", f"/api/games/{game_id}?token={token}")
    module = harborgames.load("lehavre")
    seen = module.loads(json.dumps(view["observation"])).state
    state = _true_state(server, "lehavre", game_id, token)

    browser.get(f"{server.url}/#/game/{game_id}/{token}")
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#offers .offer"))
    offers = [o.text.split("\n") for o in browser.find_elements(By.CSS_SELECTOR, "#offers .offer")]
    assert [int(count) for count, _ in offers] == list(seen.offers)
    tiles = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#supply-track span")]
    assert len(tiles) == len(state.tiles)
    for k, tile in enumerate(seen.tiles):
        assert (tiles[k] == "?") == (tile < 0)
    assert tiles.count("?") == len(state.tiles) - state.revealed > 0
    special_names = {b.name for b in harborgames.lehavre.data.SPECIAL_BUILDINGS}
    hidden_specials = {harborgames.lehavre.data.BUILDINGS[b].name for b in state.specials}
    page = text(browser, "#table")
    assert hidden_specials and not any(name in page for name in hidden_specials if name in special_names)
    assert f"Special buildings face down: {len(state.specials)}" in page
    for seat, player in enumerate(seen.players):
        heading = text(browser, f".player[data-seat='{seat}'] h3")
        francs = player.stock[harborgames.lehavre.data.FRANC]
        assert f"{francs} Franc{'s' * (francs != 1)}" in heading  # "1 Franc", "1 loan"
        assert f"{player.loans} loan{'s' * (player.loans != 1)}" in heading
    proposals = [p.text for p in browser.find_elements(By.CSS_SELECTOR, "#proposals > div")]
    for pile, shown in zip(seen.piles, proposals, strict=True):
        for b in pile:
            assert harborgames.lehavre.data.BUILDINGS[b].name in shown
    deck = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#special-deck li")]
    assert deck == ["?"] * len(state.specials)
    no_browser_errors(browser)


def test_lehavre_full_three_players_mid_game(server: Any, browser: Any) -> None:
    """The town with its special buildings, what each building does (a tap opens it), the round
    card, the special deck, and every player's goods, buildings, ships and loans."""
    status, created = server.request(
        "POST",
        "/api/games",
        {
            "game": "lehavre",
            "players": 3,
            "variant": "full",
            "seed": 3,
            "bots": {"1": "random", "2": "random"},
        },
    )
    assert status == 201
    game_id, token = created["id"], created["tokens"]["0"]
    module = harborgames.load("lehavre")
    data = harborgames.lehavre.data
    for _ in range(400):  # the person builds and buys what it can, until a special is in the town
        _, view = server.request("GET", f"/api/games/{game_id}?token={token}")
        seen = module.loads(json.dumps(view["observation"])).state
        in_town = [b for b, who in enumerate(seen.owner) if who == -1 and data.BUILDINGS[b].special]
        if (in_town and view["current_player"] == 0) or view["over"]:
            break
        legal = view["legal_actions"]
        wanted = [a for a in legal if a.startswith(("build", "buy", "take"))]
        server.request(
            "POST", f"/api/games/{game_id}/actions", {"token": token, "action": (wanted or legal)[0]}
        )
    assert in_town and not view["over"], "no special building reached the town"

    browser.get(f"{server.url}/#/game/{game_id}/{token}")
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#town-specials [data-building]"))
    specials = browser.find_elements(By.CSS_SELECTOR, "#town-specials [data-building]")
    assert sorted(s.get_attribute("data-building") for s in specials) == sorted(
        data.BUILDINGS[b].id for b in in_town
    )
    assert "the town builds" in text(browser, "#round-card")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#special-deck li")) == len(seen.specials)
    # A building's text opens with a tap (the card's text, from the game's cards()).
    first = specials[0]
    key = first.get_attribute("data-building")
    popup = browser.find_elements(By.ID, "card-popup")
    assert not popup or not popup[0].is_displayed()
    first.click()
    shown = wait(lambda: [p for p in browser.find_elements(By.ID, "card-popup") if p.is_displayed()])[0]
    card = next(c for c in module.cards() if c.key == key)
    assert card.name in shown.text and card.text.split("\n")[0] in shown.text
    for seat, player in enumerate(seen.players):
        card = text(browser, f".player[data-seat='{seat}']")
        assert f"{player.loans} loan{'s' * (player.loans != 1)}" in card
        for s in player.ships:
            assert data.ROUND_CARDS[s].card in card
        for b, who in enumerate(seen.owner):
            if who == seat:
                assert data.BUILDINGS[b].name in card
    first.click()  # closed again for the picture
    wait(lambda: not shown.is_displayed())
    screenshot(browser, "lehavre.png")  # the desk: the table, the decision, the own board
    screenshot(browser, "lehavre-table.png", 1280, 1800)  # taller: down to the other players
    screenshot(browser, "lehavre-phone.png", 390, 844)
    viewport(browser, 390, 844)  # and on a phone with the own board opened from its tab
    browser.find_element(By.ID, "own-toggle").click()
    screenshot(browser, "lehavre-phone-own.png", 390, 844)
    browser.execute_script("document.getElementById('own-toggle').click()")  # closed again
    no_browser_errors(browser)


def test_a_waiting_page_keeps_polling_through_an_error(server: Any, browser: Any) -> None:
    """While another person decides the page asks every 2 s; a failed request (the server
    restarting, say) does not stop it, and an open text view stays open across redraws."""
    _, created = server.request("POST", "/api/games", {"game": "inland_port", "players": 2, "seed": 4})
    game_id, tokens = created["id"], created["tokens"]
    _, view = server.request("GET", f"/api/games/{game_id}?token={tokens['0']}")
    mover = str(view["current_player"])
    waiter = str(1 - int(mover))
    browser.get(f"{server.url}/#/game/{game_id}/{tokens[waiter]}")
    wait(lambda: text(browser, "#status").startswith("Waiting"))
    browser.find_element(By.CSS_SELECTOR, "#text-view summary").click()
    # The next request fails, as if the server were down.
    browser.execute_script(
        "const real = window.fetch;"
        "window.fetch = () => { window.fetch = real; return Promise.reject(new TypeError('down')); };"
    )
    time.sleep(2.5)
    _, view = server.request("GET", f"/api/games/{game_id}?token={tokens[mover]}")
    while view["current_player"] == int(mover):
        status, view = server.request(
            "POST",
            f"/api/games/{game_id}/actions",
            {"token": tokens[mover], "action": view["legal_actions"][-1]},
        )
        assert status == 200, view
    wait(lambda: text(browser, "#status") == "Your decision", timeout=15)
    assert browser.find_element(By.CSS_SELECTOR, "#text-view").get_attribute("open") is not None
    assert text(browser, "#render")


def test_the_page_works_mounted_under_a_prefix_of_another_app(browser: Any, tmp_path: Path) -> None:
    """Embedding: ``create_app(service)`` mounted at /games/ of another Starlette app serves its
    page and API there (the page asks for everything relative to itself)."""
    import socket
    import threading

    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Mount, Route

    from harborgames.web import GameService, Store
    from harborgames.web.app import create_app

    async def home(request: Any) -> PlainTextResponse:
        return PlainTextResponse("the host app")

    store = Store(tmp_path / "games.sqlite3")
    host = Starlette(routes=[Route("/", home), Mount("/games", app=create_app(GameService(store)))])
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(host, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        wait(lambda: server.started, timeout=20)
        browser.get(f"http://127.0.0.1:{port}/games")  # redirected to /games/
        wait(lambda: browser.find_elements(By.ID, "start"))
        browser.find_element(By.ID, "start").click()
        wait(lambda: text(browser, "#status") == "Your decision")
        assert browser.current_url.startswith(f"http://127.0.0.1:{port}/games/#/game/")
        browser.find_element(By.CSS_SELECTOR, "button.action").click()
        wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#log li"))
        assert not text(browser, "#refusal")
        no_browser_errors(browser)
    finally:
        server.should_exit = True
        thread.join(10)
        store.close()


def test_a_game_between_people_gives_each_a_link(server: Any, browser: Any) -> None:
    """Two people: one link per seat, listed at once under the browser's games, each opening its
    own seat; on a phone the long links wrap instead of widening the page."""
    from selenium.webdriver.support.ui import Select

    viewport(browser, 390, 844)
    try:
        # a whole load of the lobby (from a blank page: a URL that differs from the last test's
        # only after the ``#`` would not load the page again, and a refresh can race the app's
        # own change of the address)
        browser.get("about:blank")
        browser.get(server.url + "/#/")
        wait(lambda: browser.find_elements(By.CSS_SELECTOR, "select[data-seat='1']"))
        Select(browser.find_element(By.CSS_SELECTOR, "select[data-seat='1']")).select_by_value("")
        browser.find_element(By.ID, "start").click()
        links = wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#seat-links a"))
        assert [a.text for a in links] == ["seat 0", "seat 1"]
        game_id = links[0].get_attribute("href").split("#/game/")[1].split("/")[0]
        assert game_id in text(browser, "#mine")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        links[1].click()
        wait(lambda: "you are P1 (you)" in text(browser, "h1"))
    finally:
        viewport(browser, 1280, 800)
    no_browser_errors(browser)
