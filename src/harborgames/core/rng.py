"""The seeded random stream that lives inside every game state.

Why our own: numpy's ``Generator`` methods may change their streams between releases, so a
record replayed with a later numpy could diverge. We keep only what numpy documents as stable:

* seeding: ``numpy.random.SeedSequence(seed).generate_state(4, uint64)`` gives the 128-bit PCG64
  state and increment exactly as ``numpy.random.PCG64(seed)`` derives them;
* the stream: PCG64 (128-bit LCG, XSL-RR output) stepped here in plain Python ints, so the raw
  64-bit outputs equal ``numpy.random.PCG64(seed).random_raw()`` (pinned by test vectors);
* bounded integers: rejection sampling (``x < 2**64 - 2**64 % n`` then ``x % n``);
* shuffles: Fisher-Yates from the last position down, ``j = below(i + 1)``.

An ``Rng`` is an immutable value: every draw returns the value and the next ``Rng``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs
import numpy as np

__all__ = ["Rng"]

_MASK64 = (1 << 64) - 1
_MASK128 = (1 << 128) - 1
_MULTIPLIER = 0x2360ED051FC65DA44385DF649FCCF645  # numpy's PCG64 (PCG_DEFAULT_MULTIPLIER_128)

T = TypeVar("T")


@attrs.frozen(slots=True)
class Rng:
    """PCG64 state (128-bit ``state`` and odd ``increment``) as plain ints."""

    state: int
    increment: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator numpy's ``PCG64(seed)`` would start with."""
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"a seed must be a non-negative int, not {seed!r}")
        words = [int(w) for w in np.random.SeedSequence(seed).generate_state(4, np.uint64)]
        initstate = (words[0] << 64) | words[1]
        initseq = (words[2] << 64) | words[3]
        increment = ((initseq << 1) | 1) & _MASK128
        # pcg_setseq_128_srandom_r: step once from 0, add the seed, step again.
        state = (increment + initstate) & _MASK128  # one step from 0 gives the increment
        state = (state * _MULTIPLIER + increment) & _MASK128
        return cls(state, increment)

    def next_raw(self) -> tuple[int, Rng]:
        """One raw 64-bit output and the advanced generator."""
        state = (self.state * _MULTIPLIER + self.increment) & _MASK128
        xored = ((state >> 64) ^ state) & _MASK64
        rot = state >> 122
        value = ((xored >> rot) | (xored << ((-rot) & 63))) & _MASK64
        return value, Rng(state, self.increment)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform int in ``range(n)`` (``n >= 1``) and the advanced generator."""
        if n <= 0:
            raise ValueError(f"below() needs n >= 1, not {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next_raw()
            if value < limit:
                return value % n, rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A uniformly shuffled copy of ``items`` and the advanced generator."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng
