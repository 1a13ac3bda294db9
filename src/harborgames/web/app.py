"""The Starlette app: ``GameService`` behind a JSON API, and the page from ``static/``.

Everything a request carries passes a size limit and a time limit (read in chunks, so a large
or stalled body is refused before it is held) and a JSON parse within the codec's limits
before ``GameService`` checks its fields. Every error is ``{"error": "..."}`` with a status
code, never a traceback; a client that hangs up mid-request is not an error at all.

A request must name this server in its ``Host`` header, and a request that changes anything
must be JSON from this server's own page (or from no page): so a web page elsewhere can
neither reach a local server by DNS rebinding nor post a game to it from the visitor's browser.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import harborgames

from .. import bots
from ..core.codec import JSON, parse_json
from ..core.errors import FormatError
from .service import MAX_RECORD_BYTES, BadRequest, Conflict, Forbidden, GameService, NotFound
from .thinking import BOT_SPECS

__all__ = ["BODY_SECONDS", "LOCAL_HOSTS", "MAX_ACTION_BYTES", "create_app"]

MAX_ACTION_BYTES = 64 * 1024  # a new game or a move: far more than any real one needs
BODY_SECONDS = 10.0  # a request body must arrive within this, or the request is dropped
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
STATIC = Path(__file__).parent / "static"
_log = logging.getLogger("harborgames.web")


class _TooLarge(Exception):
    def __init__(self, limit: int) -> None:
        super().__init__(f"the request body is larger than {limit:,} bytes")


class _TooSlow(Exception):
    def __init__(self, seconds: float) -> None:
        super().__init__(f"the request body did not arrive within {seconds:g} s")


async def _body(request: Request, limit: int) -> bytes:
    """The request body, refused as soon as it passes ``limit`` bytes or ``BODY_SECONDS``."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise _TooLarge(limit)
    chunks: list[bytes] = []
    size = 0
    seconds = float(getattr(request.app.state, "body_seconds", BODY_SECONDS))
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise _TooLarge(limit)
                chunks.append(chunk)
    except TimeoutError:
        raise _TooSlow(seconds) from None
    return b"".join(chunks)


async def _json(request: Request, limit: int = MAX_ACTION_BYTES) -> JSON:
    try:
        return parse_json(await _body(request, limit), "request", max_chars=limit)
    except FormatError as error:
        raise BadRequest(str(error)) from None


def _error(status: int, message: str, *, close: bool = False) -> JSONResponse:
    headers = {"connection": "close"} if close else None
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def _guarded(
    handler: Callable[[Request, GameService], Awaitable[object]], service: GameService
) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint whose service errors become JSON answers with their status codes."""

    async def endpoint(request: Request) -> Response:
        try:
            result = await handler(request, service)
        except ClientDisconnect:  # the client hung up: nobody to answer, nothing wrong here
            _log.debug("client gone during %s %s", request.method, request.url.path)
            return Response(status_code=400)
        except _TooLarge as error:
            return _error(413, str(error))
        except _TooSlow as error:
            return _error(408, str(error), close=True)
        except BadRequest as error:
            return _error(400, str(error))
        except Forbidden as error:
            return _error(403, str(error))
        except Conflict as error:
            return _error(409, str(error))
        except NotFound as error:
            return _error(404, str(error.args[0] if error.args else "not found"))
        if isinstance(result, Response):
            return result
        return JSONResponse(result)

    return endpoint


async def _meta(request: Request, service: GameService) -> object:
    games = []
    for name in harborgames.games():
        info = harborgames.load(name).INFO
        games.append(
            {
                "name": name,
                "title": info.title,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "variants": list(info.variants),
            }
        )
    return {
        "version": harborgames.__version__,
        "games": games,
        "bots": list(BOT_SPECS),
        # one line per bot, saying what it is, for the lobby (bots.describe)
        "bot_lines": {name: bots.describe(name) for name in BOT_SPECS},
    }


async def _create(request: Request, service: GameService) -> object:
    body = await _json(request)
    return JSONResponse(await run_in_threadpool(service.create, body), status_code=201)


async def _view(request: Request, service: GameService) -> object:
    return await run_in_threadpool(
        service.view, request.path_params["game_id"], request.query_params.get("token")
    )


async def _act(request: Request, service: GameService) -> object:
    body = await _json(request)
    return await run_in_threadpool(service.act, request.path_params["game_id"], body)


async def _record(request: Request, service: GameService) -> object:
    return await run_in_threadpool(
        service.record, request.path_params["game_id"], request.query_params.get("token")
    )


async def _undo(request: Request, service: GameService) -> object:
    body = await _json(request)
    return await run_in_threadpool(service.undo, request.path_params["game_id"], body)


async def _hint(request: Request, service: GameService) -> object:
    return await run_in_threadpool(
        service.hint, request.path_params["game_id"], request.query_params.get("token")
    )


async def _review(request: Request, service: GameService) -> object:
    return await run_in_threadpool(
        service.review, request.path_params["game_id"], request.query_params.get("seat")
    )


async def _cards(request: Request, service: GameService) -> object:
    return service.cards(request.path_params["game"])


async def _add_replay(request: Request, service: GameService) -> object:
    data = await _body(request, MAX_RECORD_BYTES)
    return JSONResponse(await run_in_threadpool(service.add_replay, data), status_code=201)


async def _replay(request: Request, service: GameService) -> object:
    return await run_in_threadpool(
        service.replay_step,
        request.path_params["replay_id"],
        request.query_params.get("step"),
        request.query_params.get("seat"),
    )


async def _index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html")


async def _not_found(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 404
    detail = exc.detail if isinstance(exc, HTTPException) else "not found"
    return _error(status, str(detail))


async def _internal(request: Request, exc: Exception) -> Response:
    _log.exception("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return _error(500, "internal error; the request changed nothing")


_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
]


def _secure(app: ASGIApp) -> ASGIApp:
    """Every response gets headers that keep the page to its own scripts and its tokens to
    itself (no referrer, no caching of a seat's view)."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *_HEADERS]
            await send(message)

        await app(scope, receive, send_with_headers)

    return wrapped


def _host_name(value: str) -> str:
    """The name in a ``Host`` header or an origin's authority, without its port, lowercased."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:].partition("]")[0]
    return value.rpartition(":")[0] if value.count(":") == 1 else value


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _guard_origins(app: ASGIApp, hosts: frozenset[str] | None, any_address: bool) -> ASGIApp:
    """Refuse a ``Host`` that is not this server's (DNS rebinding: a page whose name now points
    at 127.0.0.1 reads the server as its own), and a state-changing request that is not JSON
    or comes from another origin's page (a cross-origin ``text/plain`` POST needs no CORS
    permission). ``hosts`` ``None``: every ``Host`` is taken (an embedder checks it itself)."""

    def refusal(scope: Scope) -> tuple[int, str] | None:
        headers = {key.lower(): value for key, value in scope.get("headers", [])}
        host_header = headers.get(b"host", b"").decode("latin-1")
        if hosts is not None:
            name = _host_name(host_header)
            if not (name in hosts or (any_address and _is_ip(name))):
                shown = name[:60] or "(none)"
                return 403, (
                    f"this server does not answer to the host name {shown!r}; "
                    f"start it with --allow-host {shown} to serve it under that name"
                )
        if scope.get("method", "GET") in ("GET", "HEAD", "OPTIONS"):
            return None
        kind = headers.get(b"content-type", b"").decode("latin-1").partition(";")[0].strip().lower()
        if kind != "application/json":
            return 415, "a request that changes anything must be sent as Content-Type: application/json"
        origin = headers.get(b"origin")
        if origin is not None:
            parts = urlsplit(origin.decode("latin-1"))
            if parts.scheme not in ("http", "https") or parts.netloc.lower() != host_header.lower():
                return 403, "a request from another site's page is refused (its Origin is not this server)"
        return None

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refused = refusal(scope)
            if refused is not None:
                status, message = refused
                await _error(status, message)(scope, receive, send)
                return
        await app(scope, receive, send)

    return guarded


def create_app(
    service: GameService,
    *,
    allowed_hosts: Iterable[str] | None = LOCAL_HOSTS,
    any_address: bool = False,
    body_seconds: float = BODY_SECONDS,
) -> ASGIApp:
    """The ASGI app serving ``service``; mount it in another Starlette app, or run it with
    uvicorn (``harborgames serve`` does).

    ``allowed_hosts`` are the names a request's ``Host`` may give (with any port): by default
    this machine's local names only; ``None`` takes every ``Host`` (when a proxy in front
    checks it). ``any_address`` also takes any IP address as the host (a server bound to every
    address: an IP address in ``Host`` cannot be a rebound name). A request body must arrive
    within ``body_seconds`` (408 otherwise)."""
    routes = [
        Route("/", _index),
        Route("/api/meta", _guarded(_meta, service)),
        Route("/api/games", _guarded(_create, service), methods=["POST"]),
        Route("/api/games/{game_id}", _guarded(_view, service)),
        Route("/api/games/{game_id}/actions", _guarded(_act, service), methods=["POST"]),
        Route("/api/games/{game_id}/undo", _guarded(_undo, service), methods=["POST"]),
        Route("/api/games/{game_id}/hint", _guarded(_hint, service)),
        Route("/api/games/{game_id}/record", _guarded(_record, service)),
        Route("/api/games/{game_id}/review", _guarded(_review, service)),
        Route("/api/cards/{game}", _guarded(_cards, service)),
        Route("/api/replays", _guarded(_add_replay, service), methods=["POST"]),
        Route("/api/replays/{replay_id}", _guarded(_replay, service)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: _not_found, Exception: _internal},
    )
    app.state.body_seconds = body_seconds
    hosts = None if allowed_hosts is None else frozenset(_host_name(h) or h.lower() for h in allowed_hosts)
    return _secure(_guard_origins(app, hosts, any_address))
