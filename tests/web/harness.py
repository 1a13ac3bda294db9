"""A real ``harborgames serve`` process on 127.0.0.1 for the web tests, a small JSON client,
and headless Chromium: the fixtures ``server``, ``server_class``, ``browser`` and ``page``, which
tests/conftest.py offers to every test.

Every test in tests/web needs the ``web`` extra (Starlette, uvicorn): without it the whole folder
is skipped with a message saying what to install (tests/conftest.py).
"""

from __future__ import annotations

import atexit
import functools
import importlib.util
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

T = TypeVar("T")


@functools.cache
def screenshots() -> Path:
    """Where the browser tests save their screenshots: ``$HARBORGAMES_SCREENSHOTS`` if set
    (``docs/web`` refreshes the pictures in docs/web.md), else a temporary folder made at the
    first screenshot and removed when the test process ends, so a run leaves nothing behind."""
    chosen = os.environ.get("HARBORGAMES_SCREENSHOTS")
    if chosen:
        return Path(chosen)
    folder = Path(tempfile.mkdtemp(prefix="harborgames-shots-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """One ``python -m harborgames serve`` subprocess on a free port and its own database."""

    def __init__(self, db: Path | str, *options: str) -> None:
        self.db = db  # a file, or a postgresql:// URL
        self.options = options  # more ``serve`` options
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "harborgames",
                "serve",
                "--port",
                str(self.port),
                "--db",
                str(self.db),
                *self.options,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                output = self.process.stdout.read().decode() if self.process.stdout else ""
                raise RuntimeError(f"the server exited with {self.process.returncode}: {output}")
            try:
                with urllib.request.urlopen(self.url + "/api/meta", timeout=2) as answer:
                    if answer.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        self.kill()  # a server that never answered is stopped all the same: no process outlives a test
        raise RuntimeError(f"the server did not answer within 30 s: {self.stop()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when the machine's OOM killer strikes."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self, how: int = signal.SIGTERM) -> str:
        """Stop the server with ``how`` (SIGTERM or SIGINT); everything it printed."""
        output = ""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(how)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.process is not None and self.process.stdout is not None:
            output = self.process.stdout.read().decode(errors="replace")
            self.process.stdout.close()
        return output

    def request(
        self,
        method: str,
        path: str,
        body: object = None,
        *,
        raw: bytes | None = None,
        headers: dict[str, str | None] | None = None,
    ) -> tuple[int, Any]:
        """``(status, parsed JSON answer)``; error answers are returned, not raised. ``headers``
        are added (``None`` leaves out the content type a body is otherwise sent with)."""
        if raw is not None:
            data: bytes | None = raw
        elif body is None and method in ("GET", "HEAD"):
            data = None
        else:
            data = json.dumps(body).encode()  # a POST's body None is JSON null
        request = urllib.request.Request(self.url + path, data=data, method=method)
        for name, value in {"content-type": "application/json", **(headers or {})}.items():
            if value is not None and (data is not None or name != "content-type"):
                request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            text = error.read()
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, {"not json": text.decode(errors="replace")}

    def stored_record(self, game_id: str) -> Any:
        """The record as the server's database holds it: the whole truth of a game under way,
        which no request may fetch (it holds the seed)."""
        connection = sqlite3.connect(self.db)
        try:
            (text,) = connection.execute("SELECT record FROM games WHERE id = ?", (game_id,)).fetchone()
        finally:
            connection.close()
        return json.loads(text)

    def play_first_legal(self, game_id: str, token: str, limit: int = 5000) -> dict[str, Any]:
        """The scripted person: always the first legal action, until the game ends; the last view."""
        status, view = self.request("GET", f"/api/games/{game_id}?token={token}")
        assert status == 200, view
        for _ in range(limit):
            if view["over"]:
                return dict(view)
            assert view["current_player"] == view["seat"], "bots move until a person must decide"
            status, view = self.request(
                "POST", f"/api/games/{game_id}/actions", {"token": token, "action": view["legal_actions"][0]}
            )
            assert status == 200, view
        raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("web") / "games.sqlite3").start()
    yield running
    running.stop()


@pytest.fixture
def server_class() -> type[Server]:
    """The class itself, for a test that starts, kills and restarts servers of its own."""
    return Server


CHROMIUM = os.environ.get("HARBORGAMES_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("HARBORGAMES_CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium through Selenium (the ``webtest`` extra), one per test module; skipped
    with what to install when Chromium, its driver or Selenium is missing."""
    if importlib.util.find_spec("selenium") is None:
        pytest.skip("selenium is not installed: pip install -e '.[webtest]'")
    if not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)):
        pytest.skip(
            f"no Chromium here ({CHROMIUM}, {CHROMEDRIVER}): apt-get install chromium chromium-driver"
        )
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="harborgames-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
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
    """The first truthy value of ``condition()``, retried while the page redraws (an element
    gone stale between finding and reading it is looked for again)."""
    from selenium.common.exceptions import WebDriverException

    deadline = time.monotonic() + timeout
    last: BaseException | None = None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except WebDriverException as error:  # StaleElementReferenceException among them
            last = error
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting ({last!r})")


class Page:
    """A browser on the test server's page, with the waiting the tests need while it redraws."""

    def __init__(self, browser: Any, server: Server) -> None:
        self.browser = browser
        self.server = server

    def open(self, address: str) -> None:
        """Go to ``address`` (``#/game/...``) on a fresh page load at the desktop size."""
        self.viewport(1280, 800)
        self.browser.get("about:blank")
        self.browser.get(f"{self.server.url}/{address}")

    def viewport(self, width: int, height: int) -> None:
        """The page's viewport exactly ``width`` × ``height`` CSS pixels, a phone's below 600 px
        (a window's size would include the browser's own bars)."""
        self.browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        self.browser.execute_script("window.dispatchEvent(new Event('resize'))")

    def wait(self, condition: Callable[[], T | None], timeout: float = 20) -> T:
        """The first truthy value of ``condition()``, retried while the page redraws."""
        return wait(condition, timeout)

    def find(self, css: str) -> Any:
        """The element ``css`` selects, once it is there."""
        from selenium.webdriver.common.by import By

        return self.wait(lambda: self.browser.find_elements(By.CSS_SELECTOR, css))[0]

    def all(self, css: str) -> list[Any]:
        from selenium.webdriver.common.by import By

        return list(self.browser.find_elements(By.CSS_SELECTOR, css))

    def text(self, css: str) -> str:
        return str(self.find(css).text)

    def box(self, css: str) -> dict[str, float]:
        """Where ``css``'s element is in the viewport, and the viewport's and the page's size."""
        return dict(
            self.browser.execute_script(
                "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
                " width: innerWidth, height: innerHeight,"
                " page: document.documentElement.scrollHeight, scrolled: scrollY};",
                css,
            )
        )

    def screenshot(self, name: str, width: int = 1280, height: int = 800) -> None:
        """A picture of the page at ``width`` × ``height`` into ``$HARBORGAMES_SCREENSHOTS``
        (``docs/web`` refreshes docs/web.md's), else ``screenshots()``'s; the size is put back."""
        folder = screenshots()
        folder.mkdir(parents=True, exist_ok=True)
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        self.viewport(width, height)
        self.browser.execute_script("const t = document.getElementById('table'); if (t) t.scrollTop = 0;")
        time.sleep(0.2)  # then the pointer off the table, so that no card is open in the picture
        ActionChains(self.browser).move_to_element(self.browser.find_element(By.TAG_NAME, "h1")).perform()
        time.sleep(0.2)
        self.browser.save_screenshot(str(folder / name))
        self.viewport(1280, 800)

    def errors(self) -> list[Any]:
        """The console's errors, but the refused actions' 400 answers (refused on purpose)."""
        return [
            entry
            for entry in self.browser.get_log("browser")
            if entry["level"] == "SEVERE" and "status of 400" not in entry["message"]
        ]


@pytest.fixture
def page(browser: Any, server: Server) -> Page:
    return Page(browser, server)
