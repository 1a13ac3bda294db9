"""The review at the end of a game (issue 40, docs/review.md) in the web app: the API refuses a
game under way and a seat the game lacks, and the game-over screen in headless Chromium shows
the standing chart (one line per seat, the rounds marked) and the turning points at 1280×800 and
at 390×844; a turning point opens the replay at its decision.

The browser tests need Debian's ``chromium`` and ``chromium-driver`` and ``selenium`` (the
``webtest`` extra) and are skipped otherwise, as ``test_browser.py``. Screenshots go to
``$HARBORGAMES_SCREENSHOTS`` (``docs/review`` refreshes docs/review.md's)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .harness import Page, screenshots


def _finished_game(server: Any) -> tuple[str, str]:
    """An Inland Port game against a random bot, the person always taking the first legal
    action, played to its end (a short game: about 80 decisions of the person's)."""
    status, created = server.request(
        "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": 40, "bots": {"1": "random"}}
    )
    assert status == 201, created
    game_id, token = created["id"], created["tokens"]["0"]
    return game_id, token


@pytest.fixture(scope="module")
def finished(server: Any) -> tuple[str, str]:
    game_id, token = _finished_game(server)
    status, answer = server.request("GET", f"/api/games/{game_id}/review?seat=0")
    assert status == 409 and "finished game" in answer["error"]
    server.play_first_legal(game_id, token)
    return game_id, token


def test_the_review_api_answers_a_finished_game_and_refuses_a_seat_it_lacks(
    server: Any, finished: tuple[str, str]
) -> None:
    game_id, _ = finished
    status, made = server.request("GET", f"/api/games/{game_id}/review?seat=0")
    assert status == 200, made
    assert made["game"] == "inland_port" and made["seat"] == 0
    assert len(made["standings"]) == made["moves"] + 1
    assert all(len(s["estimates"]) == 2 for s in made["standings"])
    assert 1 <= len(made["turning_points"]) <= 5  # first-legal play is easy to improve on
    assert made["standings"][-1]["estimates"] == [float(s) for s in made["scores"]]
    status, again = server.request("GET", f"/api/games/{game_id}/review?seat=0")
    assert status == 200 and again == made  # kept, not made again
    status, answer = server.request("GET", f"/api/games/{game_id}/review?seat=2")
    assert status == 400 and "seat" in answer["error"]


def _shown(page: Page) -> dict[str, Any]:
    """The review on the page once drawn: its lines, round marks and turning points."""
    page.find("#review-chart polyline")
    return dict(
        page.browser.execute_script(
            "const chart = document.getElementById('review-chart');"
            "const r = chart.getBoundingClientRect();"
            "return {lines: chart.querySelectorAll('polyline.standing').length,"
            " rounds: chart.querySelectorAll('.round-mark').length,"
            " marks: chart.querySelectorAll('.turning-mark').length,"
            " points: document.querySelectorAll('#turning-points a.turning-point').length,"
            " left: r.left, right: r.right, width: innerWidth,"
            " page: document.documentElement.scrollWidth};"
        )
    )


@pytest.mark.parametrize(("width", "height", "name"), [(1280, 800, "desk"), (390, 844, "phone")])
def test_the_game_over_screen_shows_the_chart_and_the_turning_points(
    page: Page, finished: tuple[str, str], width: int, height: int, name: str
) -> None:
    game_id, token = finished
    page.open(f"#/game/{game_id}/{token}")
    page.viewport(width, height)
    page.browser.refresh()  # the chart is drawn for the width it finds
    shown = _shown(page)
    assert shown["lines"] == 2 and shown["rounds"] >= 5  # the Inland Port's rounds A to ...
    assert 1 <= shown["points"] <= 5 and shown["marks"] == shown["points"]
    assert shown["left"] >= 0 and shown["right"] <= shown["width"], shown
    assert shown["page"] <= shown["width"], "the page scrolls sideways"
    assert "won by" in page.text("#review-margin") or "tie" in page.text("#review-margin")
    page.browser.execute_script("document.getElementById('review').scrollIntoView()")
    time.sleep(0.2)
    screenshots().mkdir(parents=True, exist_ok=True)
    page.browser.save_screenshot(str(screenshots() / f"review-{name}.png"))
    assert not page.errors()


def test_a_turning_point_opens_the_replay_at_its_decision(page: Page, finished: tuple[str, str]) -> None:
    game_id, token = finished
    page.open(f"#/game/{game_id}/{token}")
    link = page.find("#turning-points a.turning-point")
    step = int(link.get_attribute("data-step"))
    link.click()
    page.wait(lambda: page.browser.current_url.split("#")[-1].startswith("/replay/"))
    assert page.browser.current_url.split("#")[-1].split("/")[3:] == [str(step), "0"]
    assert page.wait(lambda: page.text("#step").startswith(f"move {step} of ")), page.text("#step")
    # the position before the decision: the reviewed seat (P0) is to move in it
    _, made = page.server.request("GET", f"/api/games/{game_id}/review?seat=0")
    played = next(p for p in made["turning_points"] if p["step"] == step)["played"]
    replay_id = page.browser.current_url.split("#")[-1].split("/")[2]
    _, shown = page.server.request("GET", f"/api/replays/{replay_id}?step={step + 1}")
    assert shown["log"][step] == {"seat": 0, "move": played}
    assert not page.errors()
