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
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

__all__ = ["INSTALL_HINT", "require_ray", "run_tasks"]

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
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        started = True
    try:
        processes = jobs if jobs is not None else None
        with Pool(processes=processes) as pool:
            yield from pool.imap_unordered(play, tasks)
    finally:
        if started:
            ray.shutdown()
