"""The wheel as users install it: run by .ci/run with a fresh virtual environment's Python, from
a folder outside the checkout, after ``pip install 'harborgames-….whl[web,cli]'``.

Checks what an editable install cannot show: that the package data is in the wheel. Every game
plays a seeded game between bots to the end; the shipped data loads (Port Gdańsk's components,
every tuned parameter set under ``bots/tuned``); ``harborgames serve`` answers 200 for the page,
every file the page asks for, and every game's board script and style.

    python wheel_smoke.py CHECKOUT    (CHECKOUT: the source tree the package must not come from)
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from importlib import resources
from pathlib import Path

import harborgames
from harborgames import bots

SERVE_SECONDS = 30  # time the server has to say where it listens


def check_installed_outside(checkout: Path) -> None:
    location = Path(harborgames.__file__).resolve()
    if location.is_relative_to(checkout.resolve()):
        sys.exit(f"wheel smoke: harborgames was imported from the checkout ({location}), not the wheel")
    print(f"wheel smoke: harborgames {harborgames.__version__} from {location.parent}")


def play_every_game() -> None:
    for name in harborgames.games():
        game = harborgames.load(name)
        players = max(2, game.INFO.min_players)
        state = game.new_game(players, seed=7)
        specs = ["greedy", *["random"] * (players - 1)]
        seats = [bots.make_from_spec(spec, seed=seat) for seat, spec in enumerate(specs)]
        decisions = 0
        while not game.is_terminal(state):
            seat = state.current_player
            state = game.apply(state, seats[seat].choose(bots.make_view(game, state, seat)))
            decisions += 1
        print(f"wheel smoke: {name}, {players} players: {decisions} decisions, scores {game.scores(state)}")


def load_shipped_data() -> None:
    from harborgames import gdansk

    components = resources.files("harborgames.gdansk").joinpath("components.json")
    with resources.as_file(components) as path:
        gdansk.load_components(path)
    tuned = resources.files("harborgames.bots").joinpath("tuned")
    entries = tuned.iterdir() if tuned.is_dir() else iter(())
    sets = sorted(entry.name for entry in entries if entry.name.endswith(".json"))
    for name in sets:
        json.loads(tuned.joinpath(name).read_text(encoding="utf-8"))
    print(f"wheel smoke: Port Gdańsk's components.json loads; {len(sets)} tuned sets parse")


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return int(answer.status), answer.read()
    except urllib.error.HTTPError as error:
        return int(error.code), b""


def check_server(folder: Path) -> None:
    command = [
        str(Path(sys.executable).with_name("harborgames")),
        "serve",
        "--port", "0",
        "--db", str(folder / "games.sqlite3"),
        "--bot-processes", "0",
    ]  # fmt: skip
    errors = folder / "serve.stderr"
    with errors.open("wb") as stderr:
        server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=stderr, text=True)
    try:
        assert server.stdout is not None
        stuck = threading.Timer(SERVE_SECONDS, server.kill)  # a server that never says where it listens
        stuck.start()
        line = server.stdout.readline()  # "harborgames: serving http://127.0.0.1:PORT/ (…)"
        stuck.cancel()
        found = re.search(r"serving (http://\S+/)", line)
        if not found:
            server.kill()
            server.wait()
            sys.exit(f"wheel smoke: serve did not start: {line!r} {errors.read_text(errors='replace')!r}")
        base = found.group(1)
        status, page = get(base)
        if status != 200:
            sys.exit(f"wheel smoke: GET / answered {status}")
        asked = re.findall(r'(?:src|href)="(static/[^"]+)"', page.decode())
        boards = [f"static/boards/{name}.{kind}" for name in harborgames.games() for kind in ("js", "css")]
        paths = [*asked, *boards, "api/meta"]
        failed = [(path, status) for path in paths if (status := get(base + path)[0]) != 200]
        if failed or not asked:
            sys.exit(f"wheel smoke: serve answered {failed} (the page asks for {asked})")
        print(f"wheel smoke: serve answered 200 for /, {', '.join(paths)}")
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=SERVE_SECONDS)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def main() -> None:
    check_installed_outside(Path(sys.argv[1]))
    started = time.monotonic()
    play_every_game()
    load_shipped_data()
    with tempfile.TemporaryDirectory() as folder:
        check_server(Path(folder))
    print(f"wheel smoke: passed in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
