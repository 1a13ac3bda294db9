"""A bounded load test: 50 Inland Port games at once, every seat a scripted person.

Prints the throughput, the p50/p95 latency and the error count (which must be 0); run with
``-s`` to see them. Bounded: each client plays one game (at most 150 moves), under a time limit.
"""

from __future__ import annotations

import statistics
import threading
import time
from typing import Any

GAMES = 50
MOVES_PER_GAME = 150  # bounds each client; a whole game of the Inland Port takes fewer
TIME_LIMIT = 90.0


def test_fifty_concurrent_games(server: Any) -> None:
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    deadline = time.monotonic() + TIME_LIMIT

    def timed(method: str, path: str, body: object = None) -> tuple[int, Any]:
        started = time.perf_counter()
        status, answer = server.request(method, path, body)
        elapsed = time.perf_counter() - started
        with lock:
            latencies.append(elapsed)
            if status >= 300:
                errors.append(f"{method} {path}: {status} {answer}")
        return status, answer

    def client(number: int) -> None:
        try:
            status, created = timed(
                "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": number}
            )
            if status != 201:
                return
            tokens = created["tokens"]
            moves = 0
            seat = 0
            while moves < MOVES_PER_GAME and time.monotonic() < deadline:
                status, view = timed("GET", f"/api/games/{created['id']}?token={tokens[str(seat)]}")
                if status != 200 or view["over"]:
                    return
                if view["current_player"] != seat:
                    seat = view["current_player"]
                    continue
                status, _ = timed(
                    "POST",
                    f"/api/games/{created['id']}/actions",
                    {"token": tokens[str(seat)], "action": view["legal_actions"][0]},
                )
                if status != 200:
                    return
                moves += 1
        except Exception as error:  # a dropped connection counts as an error, not a crash
            with lock:
                errors.append(f"client {number}: {error!r}")

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(GAMES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIME_LIMIT + 30)
    elapsed = time.perf_counter() - started
    ordered = sorted(latencies)
    p50 = statistics.median(ordered) * 1000
    p95 = ordered[int(len(ordered) * 0.95) - 1] * 1000
    print(
        f"\nload: {GAMES} concurrent games, {len(latencies)} requests in {elapsed:.1f} s: "
        f"{len(latencies) / elapsed:.0f} requests/s, p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
        f"errors {len(errors)}"
    )
    assert not errors, errors[:5]
    assert len(latencies) >= GAMES * 40
