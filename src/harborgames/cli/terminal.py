"""Reading what a person types at ``harborgames play``: one line at a time, with line editing
and history on a terminal that has them, and scripted input echoed so a transcript reads as a
session.

On a terminal (standard input a tty) Python's ``readline`` is loaded where the platform has it:
arrow keys move in the line and through the lines typed before (instead of ``^[[A`` arriving as
text), and Tab completes the words the game offers. A pipe or a file is read as it is, each line
echoed after the prompt, so ``printf '1\\nquit\\n' | harborgames play ...`` shows what was typed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from types import ModuleType

__all__ = ["LineReader"]


class LineReader:
    """Lines from standard input, each after a prompt; ``None`` once the input has ended.

    ``words`` gives the words Tab may complete at this moment (commands, card names, the
    options' notation); it is asked again at every Tab, so it follows the game.
    """

    def __init__(self, words: Callable[[], Iterable[str]] = tuple) -> None:
        self.words = words
        self.interactive = sys.stdin.isatty()
        self._readline = _load_readline() if self.interactive else None
        if self._readline is not None:
            self._readline.set_completer(self._complete)
            self._readline.set_completer_delims(" \t")
            # libedit (macOS) and GNU readline spell the Tab binding differently.
            doc = self._readline.__doc__ or ""
            self._readline.parse_and_bind("bind ^I rl_complete" if "libedit" in doc else "tab: complete")

    def read(self, prompt: str) -> str | None:
        """The next line without its end and outer spaces, or ``None`` at the end of the input
        (Ctrl-D). Ctrl-C raises ``KeyboardInterrupt``, for the caller to ask what to do."""
        if self.interactive:
            try:
                return input(prompt).strip()  # input() edits the line with readline if loaded
            except EOFError:
                return None
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            return None
        sys.stdout.write(line if line.endswith("\n") else line + "\n")  # echo scripted input
        return line.strip()

    def _complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th word beginning with ``text``."""
        try:
            matches = sorted({w for w in self.words() if w.startswith(text)})
        except Exception:  # an error inside readline's callback would vanish: complete nothing
            return None
        return matches[state] if state < len(matches) else None


def _load_readline() -> ModuleType | None:
    """The ``readline`` module where the platform has one (not on plain Windows)."""
    try:
        import readline
    except ImportError:
        return None
    return readline
