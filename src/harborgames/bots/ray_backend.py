"""The arena's games as Ray tasks, on this machine or on a cluster (needs the ``ray`` extra).

``run_arena(..., backend="ray")`` and ``harborgames arena ... --backend ray [--address ADDR]``
come here. Each game is the same pure task as with local processes (``bots.arena._play_task``:
game ``i``'s seeds come from the arena seed and ``i``), so the results equal ``jobs=1``'s
whatever machine plays which game (``docs/scale.md``).

Without an address a local Ray instance is started with ``jobs`` CPUs and shut down after the
arena; with one, the arena joins that cluster (``ray start --head`` prints the address) and
uses ``jobs`` worker processes, or all the cluster's CPUs if ``jobs`` is ``None``. Every node
needs harborgames installed, at the same version, as the driver.

A local instance ends with the arena: ``ray.shutdown()`` runs when the arena ends, fails or is
interrupted (Ctrl-C; on SIGTERM Ray's own handler exits through it). If the driver is killed
outright (SIGKILL, the OOM killer), Ray kills its servers itself, and on Linux ``reaper``, a small
process started beside the instance, kills what Ray leaves (its agents). A cluster joined by
address is never stopped here.

Token authentication (Ray 2.5x and later): a local instance runs with it, quietly (Ray's
notice that it turned it on is left out: nothing outside this process reaches that instance).
A cluster started by ``ray start --head`` uses it when a token exists on the head (``~/.ray/
auth_token``, ``RAY_AUTH_TOKEN`` or ``RAY_AUTH_TOKEN_PATH``), but Ray's driver sends its own
token only to ``--address auto``, not to an address given explicitly, and then the cluster
refuses it (``InvalidAuthToken``). So with an address, when ``RAY_AUTH_MODE`` is not set and this
machine has a token, the arena sets ``RAY_AUTH_MODE=token`` for itself, as Ray does for
``auto``; a cluster whose token differs is refused with a message that says so.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import TypeVar

from . import reaper

__all__ = ["AUTH_MODE", "INSTALL_HINT", "check_address", "has_token", "require_ray", "run_tasks"]

T = TypeVar("T")
R = TypeVar("R")

INSTALL_HINT = "the ray backend needs Ray: pip install 'harborgames[ray]'"


def require_ray() -> None:
    """Raise ``ModuleNotFoundError`` with the install line if Ray is missing, before any game
    is played (and without importing Ray, which takes seconds)."""
    if importlib.util.find_spec("ray") is None:
        raise ModuleNotFoundError(INSTALL_HINT, name="ray")


def run_tasks(
    play: Callable[[T], R], tasks: Sequence[T], jobs: int | None, address: str | None
) -> Iterator[R]:
    """``play(task)`` for every task on Ray workers, in completion order.

    ``play`` and the tasks must pickle (module-level function, plain data).
    """
    require_ray()
    import ray

    if ray.is_initialized():  # the caller's own instance: used as it is, and left running
        yield from _run_on_pool(ray, play, tasks, jobs, address, chosen=False)
        return
    # Ray reads the authentication mode on import and again on Config.initialize, as its own
    # ray.init does when it turns tokens on for a local instance.
    chosen = _choose_auth_mode(address)
    try:
        if chosen:
            _refresh_ray_config()
        if address is None:
            with _reaped():
                ray.init(
                    address="local",  # a new instance, even if a `ray start` cluster runs here
                    num_cpus=jobs or 1,
                    include_dashboard=False,
                    log_to_driver=False,
                    logging_level=logging.WARNING,
                )
                try:
                    yield from _run_on_pool(ray, play, tasks, jobs, address, chosen)
                finally:
                    ray.shutdown()
        else:
            check_address(address)
            try:
                ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
            except ConnectionError as error:
                raise ConnectionError(_refused(address, error)) from None
            try:
                yield from _run_on_pool(ray, play, tasks, jobs, address, chosen)
            finally:
                ray.shutdown()
    finally:
        if chosen:  # the setting was for this arena only
            os.environ.pop(AUTH_MODE, None)
            _refresh_ray_config()


@contextmanager
def _reaped() -> Iterator[None]:
    """The block with ``reaper`` watching this process (Linux): what Ray starts in the block is
    killed if this process dies before the block ends; at its end the reaper leaves quietly."""
    if not (sys.platform.startswith("linux") and os.path.isdir(f"/proc/{os.getpid()}/task")):
        yield
        return
    watcher = subprocess.Popen(
        [sys.executable, "-I", reaper.__file__], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert watcher.stdin is not None and watcher.stdout is not None
    try:
        watcher.stdout.readline()  # "ready": it has noted what ran here before Ray
        yield
    finally:
        try:
            watcher.stdin.write("done\n")
            watcher.stdin.close()
        except OSError:  # it is gone already
            pass
        try:
            watcher.wait(5)
        except subprocess.TimeoutExpired:
            watcher.kill()
            watcher.wait()
        watcher.stdout.close()


def _run_on_pool(
    ray: ModuleType,
    play: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int | None,
    address: str | None,
    chosen: bool,
) -> Iterator[R]:
    from ray.util.multiprocessing import Pool

    try:
        pool = Pool(processes=jobs)
    except ray.exceptions.RayError as error:
        if not (chosen and address is not None):
            raise
        # Connected, but no worker ever starts: the cluster runs without tokens.
        raise ConnectionError(
            f"the Ray cluster at {address} did not start the arena's workers ({type(error).__name__}); "
            f"it probably runs without token authentication while this machine has a token: "
            f"run with {AUTH_MODE}=disabled"
        ) from None
    with pool:
        yield from pool.imap_unordered(play, tasks)


AUTH_MODE = "RAY_AUTH_MODE"


def has_token() -> bool:
    """Whether this machine has a Ray authentication token where Ray looks for one: the
    ``RAY_AUTH_TOKEN`` variable, the file ``RAY_AUTH_TOKEN_PATH`` names, or ``~/.ray/auth_token``
    (which a ``ray start --head`` or a first local ``ray.init`` writes)."""
    if os.environ.get("RAY_AUTH_TOKEN"):
        return True
    named = os.environ.get("RAY_AUTH_TOKEN_PATH")
    path = named if named else os.path.join(os.path.expanduser("~"), ".ray", "auth_token")
    return os.path.isfile(path)


def _choose_auth_mode(address: str | None) -> bool:
    """Set ``RAY_AUTH_MODE=token`` when Ray would otherwise pick it with a notice (a new local
    instance) or wrongly not pick it (an explicit address, a token on this machine); an explicit
    ``RAY_AUTH_MODE`` is left alone. Whether it was set."""
    if AUTH_MODE in os.environ:
        return False
    if address is None or (address != "auto" and has_token()):
        os.environ[AUTH_MODE] = "token"
        return True
    return False


def _refresh_ray_config() -> None:
    """Make an already imported Ray read ``RAY_AUTH_MODE`` again."""
    # Ray's own way (ray._private.authentication.authentication_token_setup); a Ray without
    # token authentication has nothing to refresh.
    config = getattr(importlib.import_module("ray._raylet"), "Config", None)
    if config is not None:
        config.initialize("")


def _refused(address: str, error: ConnectionError) -> str:
    """Ray's "failed to connect", with what usually causes it once the port answers."""
    if os.environ.get(AUTH_MODE) == "token":
        hint = (
            "the cluster uses token authentication and refused this machine's token: give it the "
            "head's token (copy the head's ~/.ray/auth_token here, or set RAY_AUTH_TOKEN)"
        )
    else:
        hint = (
            "if the cluster uses token authentication, set RAY_AUTH_TOKEN to the head's token "
            "(its ~/.ray/auth_token) and RAY_AUTH_MODE=token"
        )
    return f"{error}; the port at {address} answers, so {hint}"


def check_address(address: str, timeout: float = 5.0) -> None:
    """Refuse an address no Ray cluster answers at, within ``timeout`` seconds: Ray itself keeps
    retrying for minutes without a word. ``auto`` (a cluster started on this machine) is left to
    Ray.

    >>> check_address("no-port")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --address must be HOST:PORT ... not 'no-port'
    """
    if address == "auto":
        return
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(
            "--address must be HOST:PORT as `ray start --head` prints it (or ray://HOST:PORT, or auto), "
            f"not {address!r}"
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as error:
        raise ConnectionError(
            f"no Ray cluster answers at {address} ({error.strerror or error}); start one with "
            "`ray start --head` and pass the address it prints"
        ) from None
