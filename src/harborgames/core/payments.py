"""Ways to pay an amount from several goods of different worth, with no change given.

Le Havre pays food (fish 1, bread 2, meat 3, Francs 1 ...) and energy (wood 1, coal 3, coke 10)
from whatever a player holds, and "no change for food or energy": paying more is allowed but
what is over is lost. A player never wants a way that pays more of every good than another way
that also covers the amount, so only the *minimal* ways are offered: those where giving back
any one token would leave the amount unpaid. The Inland Port's warehouse payments are the same
problem with two goods.

>>> minimal_payments((3, 2), (1, 2), 4)  # 3 worth-1 tokens and 2 worth-2 tokens, pay 4
[(2, 1), (0, 2)]
>>> minimal_payments((0, 1), (1, 3), 2)  # overpaying is allowed when nothing smaller pays
[(0, 1)]

When there are too many ways to list (feeding 20 food from five kinds of food can be paid in
hundreds of ways), ``next_counts`` asks one kind of token at a time and still leads only to
minimal ways.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

__all__ = ["can_pay", "iter_minimal_payments", "minimal_payments", "next_counts", "non_dominated", "worth_of"]


def worth_of(counts: Sequence[int], worth: Sequence[int]) -> int:
    """The total worth of ``counts`` tokens."""
    return sum(count * value for count, value in zip(counts, worth, strict=True))


def can_pay(have: Sequence[int], worth: Sequence[int], due: int) -> bool:
    """Whether everything held is worth at least ``due``."""
    return worth_of(have, worth) >= due


def iter_minimal_payments(have: Sequence[int], worth: Sequence[int], due: int) -> Iterator[tuple[int, ...]]:
    """The ways of ``minimal_payments`` one at a time (for "is there a way that ...": stop at
    the first)."""
    if due <= 0:
        yield (0,) * len(have)
        return
    useful = [i for i in range(len(have)) if worth[i] > 0 and have[i] > 0]
    reachable = [0] * (len(useful) + 1)
    for k in range(len(useful) - 1, -1, -1):
        reachable[k] = reachable[k + 1] + have[useful[k]] * worth[useful[k]]
    if reachable[0] >= due:
        yield from _ways(useful, have, worth, due, 0, 0, [0] * len(have), reachable, {})


def minimal_payments(
    have: Sequence[int],
    worth: Sequence[int],
    due: int,
    limit: int | None = None,
    *,
    kinds: Sequence[int] | None = None,
) -> list[tuple[int, ...]] | None:
    """Every minimal way to pay at least ``due`` from ``have`` (counts per kind of token, each
    worth ``worth[i]``), in a fixed order; ``[]`` if it cannot be paid, ``[(0, ...)]`` if
    nothing is due, and ``None`` if there are more than ``limit`` ways (ask one good at a time
    instead).

    A way is minimal when removing any one token from it leaves less than ``due``; those are
    exactly the ways that pay at least ``due`` and are not above another such way in every
    good. ``kinds``, if given, are the indices of the tokens worth something, in index order (the
    caller's precomputed list: goods worth nothing are then not looked at).
    """
    size = len(have)
    if due <= 0:
        return [(0,) * size]
    # Tokens worth nothing never help; the rest are tried worth-first so dead ends die early.
    if kinds is None:
        useful = [i for i in range(size) if worth[i] > 0 and have[i] > 0]
    else:
        useful = [i for i in kinds if have[i] > 0]
    reachable = [0] * (len(useful) + 1)  # worth of everything from position k on
    for k in range(len(useful) - 1, -1, -1):
        reachable[k] = reachable[k + 1] + have[useful[k]] * worth[useful[k]]
    if reachable[0] < due:
        return []
    if len(useful) == 1:  # one kind of token pays: the fewest that cover it is the one way
        only = useful[0]
        counts = [0] * size
        counts[only] = -(-due // worth[only])
        return [tuple(counts)]
    if len(useful) == 2:  # the common case (Francs and one food, say): no recursion
        return _two_kinds(useful[0], useful[1], have, worth, due, size, _NO_LIMIT if limit is None else limit)
    out: list[tuple[int, ...]] = []
    try:
        _collect(useful, have, worth, due, reachable, [0] * size, out, _NO_LIMIT if limit is None else limit)
    except _TooMany:
        return None
    return out


_NO_LIMIT = 1 << 62


class _TooMany(Exception):
    """More ways than the caller lists (``minimal_payments``'s ``limit``)."""


def _two_kinds(
    first: int, second: int, have: Sequence[int], worth: Sequence[int], due: int, size: int, limit: int
) -> list[tuple[int, ...]] | None:
    """``_collect`` for two kinds of token held (``first`` before ``second`` in index order), in
    its order: the most of ``first`` down to none, each with the fewest of ``second`` that cover
    the rest, where every token of ``first`` is still needed."""
    value, other = worth[first], worth[second]
    reach = have[second] * other  # what the second kind can pay at most
    out: list[tuple[int, ...]] = []
    counts = [0] * size
    for count in range(min(have[first], -(-due // value)), 0, -1):
        paid = count * value
        if paid >= due:  # the first kind alone: minimal if each of its tokens is needed
            if paid - value < due:
                counts[first], counts[second] = count, 0
                out.append(tuple(counts))
            continue
        if paid + reach < due:
            break  # fewer of the first kind cannot be made up either
        paid += -(-(due - paid) // other) * other
        if paid - value < due:
            counts[first], counts[second] = count, (paid - count * value) // other
            out.append(tuple(counts))
    if reach >= due:
        counts[first], counts[second] = 0, -(-due // other)
        out.append(tuple(counts))
    return None if len(out) > limit else out


def _collect(
    useful: list[int],
    have: Sequence[int],
    worth: Sequence[int],
    due: int,
    reachable: list[int],
    counts: list[int],
    out: list[tuple[int, ...]],
    limit: int,
) -> None:
    """``_ways`` with nothing fixed, into ``out`` in the same order, without a generator per
    count: the last kind's count is the one that covers the rest (every smaller count leaves it
    unpaid), and the cheapest kind used so far tells whether a way is minimal."""
    last = len(useful) - 1

    def level(position: int, paid: int, cheapest: int) -> None:
        kind = useful[position]
        value = worth[kind]
        if position == last:  # paid < due, and this kind can cover the rest (``reachable``)
            need = -(-(due - paid) // value)
            if paid + need * value - cheapest < due:  # every other kind used is still needed
                counts[kind] = need
                out.append(tuple(counts))
                counts[kind] = 0
                if len(out) > limit:
                    raise _TooMany
            return
        most = min(have[kind], -(-(due - paid) // value))  # never more than covers the rest alone
        after = reachable[position + 1]
        for count in range(most, 0, -1):
            now = paid + count * value
            low = value if value < cheapest else cheapest
            if now >= due:  # the rest stay at 0: minimal if each kind used is needed
                if now - low < due:
                    counts[kind] = count
                    out.append(tuple(counts))
                    if len(out) > limit:
                        counts[kind] = 0
                        raise _TooMany
                continue
            if now + after < due:
                break  # fewer of this kind cannot be made up by the rest either
            counts[kind] = count
            level(position + 1, now, low)
        counts[kind] = 0
        if paid + after >= due:
            level(position + 1, paid, cheapest)

    level(0, 0, due + max(worth) + 1)


def _ways(
    useful: list[int],
    have: Sequence[int],
    worth: Sequence[int],
    due: int,
    position: int,
    paid: int,
    counts: list[int],
    reachable: list[int],
    fixed: dict[int, int],
) -> Iterator[tuple[int, ...]]:
    if paid >= due:
        if any(fixed.get(i, 0) for i in useful[position:]):
            return  # a count still to be placed would overpay
        # Minimal: each kind used must be needed (its cheapest token removed leaves too little).
        if all(paid - worth[i] < due for i in useful[:position] if counts[i]):
            yield tuple(counts)
        return
    if position == len(useful) or paid + reachable[position] < due:
        return
    kind = useful[position]
    value = worth[kind]
    most = min(have[kind], -(-(due - paid) // value))  # never more than covers the rest alone
    choices = range(most, -1, -1) if kind not in fixed else (fixed[kind],) * (fixed[kind] <= most)
    for count in choices:
        counts[kind] = count
        yield from _ways(
            useful, have, worth, due, position + 1, paid + count * value, counts, reachable, fixed
        )
    counts[kind] = 0


def next_counts(
    have: Sequence[int], worth: Sequence[int], due: int, chosen: Sequence[int]
) -> tuple[int, list[int]]:
    """Paying one kind of token at a time: after ``chosen`` (counts of the first kinds that are
    worth something and held, in index order), the next such kind and the counts of it that
    still lead to a minimal way (``(-1, [])`` once every kind is chosen).

    >>> next_counts((3, 2), (1, 2), 4, [])
    (0, [2, 0])
    >>> next_counts((3, 2), (1, 2), 4, [2])
    (1, [1])
    """
    useful = [i for i in range(len(have)) if worth[i] > 0 and have[i] > 0]
    if len(chosen) >= len(useful):
        return -1, []
    kind = useful[len(chosen)]
    reachable = [0] * (len(useful) + 1)
    for k in range(len(useful) - 1, -1, -1):
        reachable[k] = reachable[k + 1] + have[useful[k]] * worth[useful[k]]
    fixed = dict(zip(useful, chosen, strict=False))
    paid = sum(count * worth[i] for i, count in fixed.items())
    most = min(have[kind], max(0, -(-(due - paid) // worth[kind])))
    out = []
    for count in range(most, -1, -1):
        trial = {**fixed, kind: count}
        counts = [0] * len(have)
        if next(_ways(useful, have, worth, due, 0, 0, counts, reachable, trial), None) is not None:
            out.append(count)
    return kind, out


def non_dominated(ways: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """``ways`` without any way that pays at least as much of every token as another one
    (duplicates kept once), in their order."""
    out: list[tuple[int, ...]] = []
    for i, way in enumerate(ways):
        if way in out:
            continue
        if any(
            j != i and other != way and all(a >= b for a, b in zip(way, other, strict=True))
            for j, other in enumerate(ways)
        ):
            continue
        out.append(way)
    return out
