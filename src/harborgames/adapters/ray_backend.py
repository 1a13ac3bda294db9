"""The arena's games as Ray tasks, on this machine or on a cluster (needs the ``ray`` extra).

``run_arena(..., backend="ray")`` and ``harborgames arena ... --backend ray [--address ADDR]``
come here. Each game is the same pure task as with local processes (``bots.arena._play_task``:
game ``i``'s seeds come from the arena seed and ``i``), so the results equal ``jobs=1``'s
whatever machine plays which game (``docs/scale.md``).

Without an address a local Ray instance is started with ``jobs`` CPUs and shut down after the
arena; with one, the arena joins that cluster (``ray start --head`` prints the address) and
uses ``jobs`` worker processes, or all the cluster's CPUs if ``jobs`` is ``None``. Every node
needs harborgames installed, at the same version, as the driver.
"""

from __future__ import annotations

import importlib.util
import logging
import socket
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

__all__ = ["INSTALL_HINT", "check_address", "require_ray", "run_tasks"]

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
    from ray.util.multiprocessing import Pool

    started = False
    if not ray.is_initialized():
        if address is None:
            ray.init(
                address="local",  # a new instance, even if a `ray start` cluster runs here
                num_cpus=jobs or 1,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
        else:
            check_address(address)
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        started = True
    try:
        processes = jobs if jobs is not None else None
        with Pool(processes=processes) as pool:
            yield from pool.imap_unordered(play, tasks)
    finally:
        if started:
            ray.shutdown()


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
