"""The page in headless Chromium (Selenium): a whole game by clicking, and each game's table
showing what the seat's observation holds and nothing another seat hides.

Needs Debian's ``chromium`` and ``chromium-driver`` (``/usr/bin/chromium``,
``/usr/bin/chromedriver``) and ``selenium`` (the ``webtest`` extra); skipped otherwise.
Screenshots of each table are written to ``$HARBORGAMES_SCREENSHOTS`` (``docs/web`` refreshes
the ones in ``docs/web.md``).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

import harborgames
from harborgames.core.play import replay

webdriver = pytest.importorskip(
    "selenium.webdriver", reason="selenium is not installed: pip install -e '.[webtest]'"
)
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

CHROMIUM = os.environ.get("HARBORGAMES_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("HARBORGAMES_CHROMEDRIVER", "/usr/bin/chromedriver")
# Set HARBORGAMES_SCREENSHOTS=docs/web to refresh the pictures in docs/web.md; otherwise they go
# to a temporary folder, so a test run leaves the checkout as it was.
SHOTS = Path(os.environ.get("HARBORGAMES_SCREENSHOTS") or tempfile.mkdtemp(prefix="harborgames-shots-"))
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

T = TypeVar("T")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)):
        pytest.skip(
            f"no Chromium here ({CHROMIUM}, {CHROMEDRIVER}): apt-get install chromium chromium-driver"
        )
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="harborgames-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument("--window-size=1280,800")
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except WebDriverException as error:
        shutil.rmtree(profile, ignore_errors=True)
        pytest.skip(f"Chromium did not start: {error.msg}")
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait(condition: Callable[[], T | None], timeout: float = 20) -> T:
    """The first truthy value of ``condition``, retried while the page redraws."""
    deadline = time.monotonic() + timeout
    last: BaseException | None = None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except (StaleElementReferenceException, WebDriverException) as error:
            last = error
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting ({last!r})")


def text(browser: Any, css: str) -> str:
    return str(browser.find_element(By.CSS_SELECTOR, css).text)


def screenshot(browser: Any, name: str, width: int = 1280, height: int = 800) -> None:
    browser.set_window_size(width, height)
    time.sleep(0.3)
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / name))
    browser.set_window_size(1280, 800)


def no_browser_errors(browser: Any) -> None:
    severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    # Refused actions answer 400 on purpose; the console notes the failed fetch.
    severe = [entry for entry in severe if "status of 400" not in entry["message"]]
    assert not severe, severe


def test_lobby_to_the_end_of_an_inland_port_game(server: Any, browser: Any) -> None:
    browser.get(server.url + "/")
    wait(lambda: browser.find_element(By.ID, "start"))
    browser.find_element(By.ID, "seed").clear()
    browser.find_element(By.ID, "seed").send_keys("21")
    assert browser.find_element(By.CSS_SELECTOR, "select[data-seat='1']").get_attribute("value") == "random"
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

    clicks = 0
    while "Game over" not in text(browser, "#status"):
        buttons = browser.find_elements(By.CSS_SELECTOR, "button.action")
        # The first action that does not sell, so that the wheel fills up for the screenshot.
        button = next((b for b in buttons if not b.text.startswith("sell")), buttons[0])
        button.click()
        clicks += 1
        wait(lambda clicked=button: _stale(clicked))
        wait(lambda: browser.find_elements(By.ID, "status"))
        if clicks == 12:
            screenshot(browser, "inland_port.png")
            screenshot(browser, "inland_port-phone.png", 390, 844)
        assert clicks < 300
    shown = json.loads(browser.find_element(By.ID, "scores").get_attribute("data-scores"))
    _, final = server.request("GET", f"/api/games/{game_id}?token={token}")
    assert final["over"] and shown == final["scores"]
    assert f"P0 {final['scores'][0]}" in text(browser, "#scores")
    moves = browser.find_elements(By.CSS_SELECTOR, "#log li")
    assert [m.text for m in moves] == [f"P{m['seat']}: {m['move']}" for m in final["log"]]

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
    no_browser_errors(browser)


def _stale(element: Any) -> bool:
    try:
        element.is_enabled()
    except StaleElementReferenceException:
        return True
    return False


def _true_state(server: Any, game: str, game_id: str, token: str) -> Any:
    """The full state, from the record (which a seat may fetch): what the page must not show."""
    _, record = server.request("GET", f"/api/games/{game_id}/record?token={token}")
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
    screenshot(browser, "gdansk.png")
    no_browser_errors(browser)


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
        assert f"{player.stock[harborgames.lehavre.data.FRANC]} Francs" in heading
        assert f"{player.loans} loans" in heading
    proposals = [p.text for p in browser.find_elements(By.CSS_SELECTOR, "#proposals > div")]
    for pile, shown in zip(seen.piles, proposals, strict=True):
        for b in pile:
            assert harborgames.lehavre.data.BUILDINGS[b].name in shown
    screenshot(browser, "lehavre.png")
    no_browser_errors(browser)
