"""Running the app on uvicorn with bounded edges, as ``harborgames serve`` does.

uvicorn bounds neither how long a client may take to send its request headers nor how many
connections it may hold open; ``_GuardedProtocol`` adds both: a connection whose request
headers are not complete within ``HEADER_SECONDS`` is closed, and a connection beyond
``max_connections`` is closed as soon as it opens. (The body's time limit is the app's:
``app.BODY_SECONDS``.) SIGTERM and SIGINT both stop the server the same way: requests under
way finish, then the service closes its storage (SQLite folds its log into the file) and the
process exits with status 0.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
from collections.abc import Iterable
from types import FrameType

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .app import LOCAL_HOSTS, create_app
from .service import GameService

__all__ = ["HEADER_SECONDS", "MAX_CONNECTIONS", "serve"]

HEADER_SECONDS = 10.0  # a request's line and headers must arrive within this
MAX_CONNECTIONS = 200  # open connections at most; the page keeps one or two per browser tab


class _GuardedProtocol(H11Protocol):  # type: ignore[misc,unused-ignore]  # untyped without uvicorn
    """uvicorn's HTTP/1.1 protocol with a time limit on request headers and a connection cap."""

    max_connections = MAX_CONNECTIONS
    header_seconds = HEADER_SECONDS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override,unused-ignore]
        self._header_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        if len(self.connections) > self.max_connections:
            transport.close()  # the client sees the connection closed: try again later
            return
        self._arm()

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_seconds, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _between_requests(self) -> bool:
        return self.cycle is None or bool(self.cycle.response_complete)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._between_requests():
            self._arm()  # a request begun: its headers have HEADER_SECONDS from now
        else:
            self._disarm()  # its headers are in; the app limits the body

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self._between_requests() and not self.transport.is_closing():
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def _stay(signum: int, frame: FrameType | None) -> None:
    """What a stop signal does once uvicorn has shut down (uvicorn raises it again after its
    graceful stop; the default action would kill the process before the storage is closed)."""


def serve(
    service: GameService,
    sock: socket.socket,
    *,
    allow_hosts: Iterable[str] = (),
    max_connections: int = MAX_CONNECTIONS,
    request_seconds: float = HEADER_SECONDS,
) -> None:
    """Serve ``service`` on the listening ``sock`` until SIGTERM or SIGINT; then close it.

    The ``Host`` a request may name: this machine's local names, the address bound (any IP
    address when bound to every address) and ``allow_hosts``."""
    host = str(sock.getsockname()[0])
    any_address = host in ("0.0.0.0", "::")
    hosts = [*LOCAL_HOSTS, *([] if any_address else [host]), *allow_hosts]
    app = create_app(service, allowed_hosts=hosts, any_address=any_address, body_seconds=request_seconds)
    limits = {"max_connections": max_connections, "header_seconds": request_seconds}
    protocol: type[_GuardedProtocol] = type("Protocol", (_GuardedProtocol,), limits)
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        http=protocol,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=10,
    )
    # uvicorn warns once per refused connection and per dropped request: a flood of those
    # must not become a flood of log lines
    logging.getLogger("uvicorn.error").setLevel(logging.ERROR)
    server = uvicorn.Server(config)
    previous = {sig: signal.signal(sig, _stay) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.run(sockets=[sock])
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        service.close()
