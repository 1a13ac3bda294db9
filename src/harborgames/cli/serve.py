"""``harborgames serve``: the web app (a page and a JSON API) over every game, on uvicorn.

Needs the ``web`` extra (Starlette and uvicorn); without it, or with the port taken, the
command says so in one line. It binds 127.0.0.1 unless told otherwise: anyone who can reach
the port can start games, so exposing it is a deliberate choice. ``--db`` is an SQLite file
(the default) or a ``postgresql://`` database (the ``postgres`` extra), which several server
processes can share.
"""

from __future__ import annotations

import argparse
import errno
import math
import os
import socket
import sys
from pathlib import Path

from .arguments import Commands

__all__ = ["add_serve_parser", "default_db"]

# web.thinking.BotPool's bound (tests/web/test_serve_bounds.py checks they agree): every command
# starts by building this parser, and importing the web package here would slow them all
MAX_BOT_PROCESSES = 64


def add_serve_parser(commands: Commands) -> None:
    parser = commands.add_parser("serve", help="serve the games as a web page and JSON API")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--db",
        help=f"SQLite file holding the games (default {default_db()}), or a postgresql:// URL "
        "(extra postgres) that several server processes can share",
    )
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name the server answers to besides localhost and its address (repeatable)",
    )
    parser.add_argument(
        "--bot-processes",
        type=int,
        default=default_bot_processes(),
        metavar="N",
        help=f"worker processes the bots think in, 0 to {MAX_BOT_PROCESSES} (default "
        f"{default_bot_processes()}; 0: in the request's thread)",
    )
    parser.add_argument(
        "--max-connections",
        type=int,
        default=200,
        metavar="N",
        help="open connections at most (default 200)",
    )
    parser.add_argument(
        "--request-seconds",
        type=float,
        default=10.0,
        metavar="S",
        help="time a client has to send a request's headers, and then its body (default 10)",
    )
    parser.set_defaults(run=run_serve)


def default_bot_processes() -> int:
    """One fewer than the machine's cores, at least one (the server keeps a core to answer),
    at most ``MAX_BOT_PROCESSES``."""
    return min(MAX_BOT_PROCESSES, max(1, (os.cpu_count() or 2) - 1))


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
        import uvicorn  # noqa: F401

        from ..web.server import serve
    except ImportError as error:
        print(
            f"harborgames: error: serve needs the web extra ({error.name or error} is missing); "
            "install it with: pip install 'harborgames[web]'",
            file=sys.stderr,
        )
        return 1
    from ..web import GameService, StorageError, open_storage

    if not 0 <= args.port <= 65535:
        raise ValueError(f"--port must be from 0 to 65535, not {args.port}")
    if not args.host.strip():
        # the socket layer reads "" as every address: exposing the server is never implicit
        raise ValueError("--host must name an address (0.0.0.0 listens on every address)")
    if not 0 <= args.bot_processes <= MAX_BOT_PROCESSES:
        raise ValueError(f"--bot-processes must be from 0 to {MAX_BOT_PROCESSES}, not {args.bot_processes}")
    if args.max_connections < 1:
        raise ValueError(f"--max-connections must be at least 1, not {args.max_connections}")
    if not (args.request_seconds > 0 and math.isfinite(args.request_seconds)):
        raise ValueError(f"--request-seconds must be a number above 0, not {args.request_seconds}")
    for name in args.allow_host:
        if not name.strip() or any(c in name for c in "/ @"):
            raise ValueError(f"--allow-host takes a host name such as games.example.org, not {name!r}")
    db: str | Path
    if args.db and args.db.startswith(("postgresql://", "postgres://")):
        db = args.db
    elif args.db:
        db = Path(args.db)
        if not db.parent.is_dir():
            raise OSError(f"cannot open the database {db}: the folder {db.parent} does not exist")
    else:
        db = default_db()
        db.parent.mkdir(parents=True, exist_ok=True)
    try:
        store = open_storage(db)
    except StorageError as error:
        raise OSError(str(error)) from None
    service = GameService(store, bot_processes=args.bot_processes)
    try:
        try:
            restored, problems = service.restore()
        except Exception as error:  # sqlite3.DatabaseError, psycopg.Error: damage the checks missed
            raise OSError(f"cannot read the {store.description}: {error}") from None
        for problem in problems:
            print(f"harborgames: warning: {problem}", file=sys.stderr)
        sock = _listen(args.host, args.port)
    except BaseException:
        service.close()
        raise
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"harborgames: serving http://{shown}:{port}/ ({store.description}, {restored} games restored)")
    sys.stdout.flush()
    try:
        service.bots.start()
        serve(
            service,
            sock,
            allow_hosts=args.allow_host,
            max_connections=args.max_connections,
            request_seconds=args.request_seconds,
        )
    finally:
        sock.close()
    return 0
