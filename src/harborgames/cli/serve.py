"""``harborgames serve``: the web app (a page and a JSON API) over every game, on uvicorn.

Needs the ``web`` extra (Starlette and uvicorn); without it, or with the port taken, the
command says so in one line. It binds 127.0.0.1 unless told otherwise: anyone who can reach
the port can start games, so exposing it is a deliberate choice.
"""

from __future__ import annotations

import argparse
import errno
import os
import socket
import sys
from pathlib import Path

from .arguments import Commands

__all__ = ["add_serve_parser", "default_db"]


def add_serve_parser(commands: Commands) -> None:
    parser = commands.add_parser("serve", help="serve the games as a web page and JSON API")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--db", help=f"SQLite file holding the games (default {default_db()})"
    )
    parser.set_defaults(run=run_serve)


def default_db() -> Path:
    """``$XDG_DATA_HOME/harborgames/games.sqlite3``, else under ``~/.local/share``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "harborgames" / "games.sqlite3"


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, opened here so a taken port is a clear error, not a traceback."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise OSError(f"port {port} on {host} is in use; choose another with --port") from None
        raise OSError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    sock.set_inheritable(True)
    return sock


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..web.app import create_app
    except ImportError as error:
        print(
            f"harborgames: error: serve needs the web extra ({error.name or error} is missing); "
            "install it with: pip install 'harborgames[web]'",
            file=sys.stderr,
        )
        return 1
    from ..web import GameService, Store

    if not 0 <= args.port <= 65535:
        raise ValueError(f"--port must be from 0 to 65535, not {args.port}")
    if not args.host.strip():
        # the socket layer reads "" as every address: exposing the server is never implicit
        raise ValueError("--host must name an address (0.0.0.0 listens on every address)")
    if args.db:
        path = Path(args.db)
        if not path.parent.is_dir():
            raise OSError(f"cannot open the database {path}: the folder {path.parent} does not exist")
    else:
        path = default_db()
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        store = Store(path)
    except Exception as error:  # sqlite3.Error: not a database, locked, no permission
        raise OSError(f"cannot open the database {path}: {error}") from None
    service = GameService(store)
    restored, problems = service.restore()
    for problem in problems:
        print(f"harborgames: warning: {problem}", file=sys.stderr)
    sock = _listen(args.host, args.port)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"harborgames: serving http://{shown}:{port}/ (database {path}, {restored} games restored)")
    sys.stdout.flush()
    config = uvicorn.Config(create_app(service), log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
        store.close()
    return 0
