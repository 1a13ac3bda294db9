"""The fuzzers: hostile documents (``documents``), action objects and notation (``inputs``), and
what they share (``base``). ``harborgames.testing`` re-exports their entry points."""

from __future__ import annotations

from .base import FuzzReport
from .documents import fuzz_documents
from .inputs import fuzz_actions, fuzz_notation

__all__ = ["FuzzReport", "fuzz_actions", "fuzz_documents", "fuzz_notation"]
