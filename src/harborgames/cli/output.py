"""Terminal output that uses ``rich`` when it is installed (the ``cli`` extra), plain text if not.

Only tables and progress bars go through rich; game tables from ``render`` are printed as they
are, so that what a person sees is exactly what the game module wrote.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # rich is optional (the ``cli`` extra): imported where it is used
    from rich.progress import Progress as RichProgress
    from rich.progress import TaskID

__all__ = ["Progress", "print_table", "use_rich"]

_PLAIN = False
_NUMBER = re.compile(r"[-+]?[0-9.,%]+(\s*-\s*[0-9.,%]+)?")  # 12, 3.5, 80.0%, 2-4, 51-100%


def set_plain(plain: bool) -> None:
    """Switch rich off for this process (``--plain``)."""
    global _PLAIN
    _PLAIN = plain


def use_rich(stream: TextIO) -> bool:
    """Whether to draw on ``stream`` with rich: a terminal, rich installed, and not turned off by
    ``--plain`` or ``HARBORGAMES_PLAIN``. Pipes and files get plain text, which scripts can read
    and which rich would otherwise wrap at 80 columns."""
    if _PLAIN or os.environ.get("HARBORGAMES_PLAIN") or not stream.isatty():
        return False
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


def print_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A table on stdout; columns of numbers are right-aligned, text columns left-aligned."""
    numeric = [
        bool(rows) and all(_NUMBER.fullmatch(str(row[i]).strip() or "0") for row in rows)
        for i in range(len(headers))
    ]
    if use_rich(sys.stdout):
        from rich.console import Console
        from rich.table import Table

        table = Table(title=title)
        for i, header in enumerate(headers):
            table.add_column(header, justify="right" if numeric[i] else "left")
        for row in rows:
            table.add_row(*row)
        Console(file=sys.stdout, highlight=False).print(table)
        return
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if numeric[i] else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    print(title)
    print(line(headers))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))


class Progress:
    """A progress bar on stderr: rich's if available, else a line of ``#``."""

    def __init__(self, total: int, description: str, *, enabled: bool = True) -> None:
        self.total = total
        self.description = description
        self.enabled = enabled
        self.done = 0
        self._rich: tuple[RichProgress, TaskID] | None = None  # the bar and its one task
        self._last_shown = -1

    def __enter__(self) -> Progress:
        if self.enabled and use_rich(sys.stderr):
            from rich.console import Console
            from rich.progress import Progress as RichProgress

            bar = RichProgress(console=Console(file=sys.stderr), transient=False)
            bar.start()
            self._rich = (bar, bar.add_task(self.description, total=self.total))
        return self

    def advance(self) -> None:
        self.done += 1
        if not self.enabled:
            return
        if self._rich is not None:
            bar, task = self._rich
            bar.update(task, completed=self.done)
            return
        # Without a terminal, print about ten lines in all rather than one per game.
        tenth = self.done * 10 // max(self.total, 1)
        if sys.stderr.isatty() or tenth != self._last_shown or self.done == self.total:
            self._last_shown = tenth
            width = 30
            filled = width * self.done // max(self.total, 1)
            end = "\n" if self.done == self.total or not sys.stderr.isatty() else ""
            sys.stderr.write(
                f"\r{self.description} [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}{end}"
            )
            sys.stderr.flush()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._rich is not None:
            self._rich[0].stop()
