"""The decision model every game stands on.

A state says what is being decided: whose turn it is (``current_player``) and ``decision``, a
small frozen object whose class says what is decided and whose fields say about what (the Inland
Port's ``PayBuildCost(building)``, Port Gdańsk's ``Reroll()``, ...), or ``None`` once the game is
over. A game describes each kind of decision once, as a :class:`Rule` of three functions, next
to the rule of the rulebook it belongs to:

* ``legal(state, decision)``: every action the deciding seat may take, in a fixed order. This is
  the one place where a rule says what is allowed.
* ``perform(state, decision, action)``: the state after an action that ``legal`` offered. It
  checks nothing: legality was settled by ``legal``.
* ``explain(state, decision, action)``: why an action that ``legal`` did not offer is not allowed,
  naming the rule. Called only on refusal, so it may be slow and thorough.

:class:`Rulebook` dispatches on the decision's class and joins them into the protocol's
``legal_actions`` and ``apply``. ``apply`` accepts exactly the actions ``legal`` offers (compared
by value and exact type, and replaced by the offered object itself, so a record always prints and
parses back), and it applies the **forced-choice policy** of every game: a decision with exactly
one legal option is never offered; the engine takes it and notes it in the state's ``forced``
field (``render`` shows it, and since the engine takes the same steps again, a replayed record
reproduces it).

States are values: nothing is written into a state after it is built. ``forced`` (what led here)
and ``legal_memo`` (the legal actions, computed as the state is built by ``apply``) are outside
``==`` and ``hash``: a position equals the same position reached another way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar, cast

import attrs

from .checks import require_state
from .errors import IllegalActionError
from .update import fields_updater, generated_new

__all__ = [
    "Decided",
    "Forced",
    "Rule",
    "Rulebook",
    "field_problem",
    "forced_field",
    "legal_memo_field",
    "next_in_turn_order",
    "turn_order",
]


@attrs.frozen(slots=True, weakref_slot=False)
class Forced:
    """A decision the engine took for ``player`` because it was the only legal one."""

    player: int  # the seat it was taken for
    action: str  # its notation, as a game record writes it
    outcome: str = ""  # what chance made of it (e.g. the dice rolled), or ""

    def __str__(self) -> str:
        outcome = f" → {self.outcome}" if self.outcome else ""
        return f"P{self.player} {self.action}{outcome}"


class _NewForced(Protocol):
    def __call__(self, player: int, action: str, outcome: str) -> Forced:
        """``Forced(player, action, outcome)``, made without the frozen setters (one per forced step)."""


new_forced: _NewForced = generated_new(Forced, _NewForced)


class Decided(Protocol):
    """What the decision model needs of a state (each game's ``State`` has these fields)."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def decision(self) -> object | None: ...

    @property
    def forced(self) -> tuple[Forced, ...]: ...

    @property
    def legal_memo(self) -> tuple[object, ...] | None: ...


S = TypeVar("S", bound=Decided)
A = TypeVar("A")
D = TypeVar("D")


def forced_field() -> tuple[Forced, ...]:
    """The state field noting the decisions the engine took since the last one a player made.

    Saved with the state (``render`` and records show it), but not part of the position: two
    states that differ only in how they were reached are equal and hash alike.
    """
    forced: tuple[Forced, ...] = attrs.field(default=(), eq=False, hash=False)
    return forced


def legal_memo_field() -> tuple[object, ...] | None:
    """The state field holding the state's legal actions, filled as ``apply`` builds the state
    (not saved or compared; ``None`` on a state built another way, whose actions are computed
    when asked)."""
    memo: tuple[object, ...] | None = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)
    return memo


@attrs.frozen(slots=True, weakref_slot=False)
class Rule(Generic[S, D, A]):
    """One kind of decision (``D``, a decision class): its options, their effect, and why an
    action not offered is refused (see the module docstring)."""

    legal: Callable[[S, D], tuple[A, ...]]
    perform: Callable[[S, D, A], S]
    explain: Callable[[S, D, A], str]


class Rulebook(Generic[S, A]):
    """``legal_actions`` and ``apply`` for a game, dispatching on the class of ``state.decision``
    to its :class:`Rule` (see the module docstring)."""

    def __init__(
        self,
        title: str,
        *,
        state_type: type[S],
        action_types: tuple[type[A], ...],
        rules: Mapping[type[Any], Rule[S, Any, A]],
        outcome: Callable[[S, A, S], str] | None = None,
    ) -> None:
        self.title = title
        self.state_type = state_type
        self.action_types = action_types
        # read-only: the dispatch tables below are made from it once
        self.rules: Mapping[type[Any], Rule[S, Any, A]] = MappingProxyType(dict(rules))
        # Each rule's two halves by decision class, for the loop every decision goes through.
        self._legal_of = {kind: rule.legal for kind, rule in self.rules.items()}
        self._perform_of = {kind: rule.perform for kind, rule in self.rules.items()}
        self._outcome = outcome
        # The one copy each decision costs beyond the rules' own (``_settle``).
        self._hand_out = cast(
            Callable[[S, tuple[Forced, ...], tuple[A, ...]], S],
            fields_updater(state_type, "forced", "legal_memo"),  # type: ignore[arg-type]
        )

    def _rule(self, state: S) -> Rule[S, Any, A]:
        decision = state.decision
        try:
            return self.rules[type(decision)]
        except KeyError:
            raise TypeError(f"{self.title} has no rule for the decision {decision!r}") from None

    def _legal(self, state: S) -> tuple[A, ...]:
        if state.current_player is None:
            return ()
        decision = state.decision
        return self._legal_of[type(decision)](state, decision)

    def legal_tuple(self, state: S) -> tuple[A, ...]:
        """The legal actions as a tuple: the ones ``apply`` computed as it built the state, or
        computed now (nothing is written into the state)."""
        memo = state.legal_memo
        if memo is None:
            return self._legal(state)
        return memo  # type: ignore[return-value]  # the memo holds what ``legal`` returned: A's

    def legal_actions(self, state: S) -> list[A]:
        """Every legal decision of the current player, in a fixed order; empty once it is over."""
        if type(state) is not self.state_type:
            require_state(state, self.state_type, "legal_actions", self.title)
        memo = state.legal_memo  # (``legal_tuple`` written out: one call less on every decision)
        return list(self._legal(state) if memo is None else memo)  # type: ignore[arg-type]  # A's

    def perform(self, state: S, action: A) -> S:
        """The state right after an offered ``action``, before any forced decision is taken."""
        decision = state.decision
        return self.rules[type(decision)].perform(state, decision, action)

    def apply(self, state: S, action: A) -> S:
        """The state after ``action`` and any forced decisions that follow it.

        Raises ``IllegalActionError`` naming the rule if ``action`` is not legal here; the input
        is never changed.
        """
        if type(state) is not self.state_type:
            require_state(state, self.state_type, "apply", self.title)
        memo = state.legal_memo  # (``legal_tuple`` written out, as in ``legal_actions``)
        legal: tuple[A, ...] = self._legal(state) if memo is None else memo  # type: ignore[assignment]
        for offered in legal:  # bots pass the offered object: identity is cheaper than ``==``
            if offered is action:
                break
        else:
            equal = _equal_offer(legal, action)
            if equal is None:
                raise IllegalActionError(self.why_not(state, action))
            offered = equal
        decision = state.decision
        return self._settle(self._perform_of[type(decision)](state, decision, offered))

    def why_not(self, state: S, action: object) -> str:
        """The reason ``action`` is refused: the checks every game shares, then the game's own.

        Never raises, whatever ``action`` is: an object that is not one of the game's action
        classes (even one whose ``__eq__`` says yes to everything, or a subclass), an action
        whose fields are not of their declared types (``Reroll(faces=1)``, ``Times(4.0)``,
        ``Build(building=[1])``) and an explainer that fails on an odd value all get a reason,
        so ``apply`` refuses with ``IllegalActionError`` and never with a ``TypeError``.
        """
        if type(action) not in self.action_types:
            article = "an" if self.title[:1].lower() in "aeiou" else "a"
            return f"{_shown(action, repr)} is not {article} {self.title} action"
        problem = field_problem(action)
        if problem:
            return f"{_shown(action, repr)} is not a legal action: {problem}"
        if state.current_player is None:
            return f"{_shown(action)}: the game is over"
        try:
            rule = self._rule(state)
            reason = rule.explain(state, state.decision, action)  # type: ignore[arg-type]  # its class is checked
        except Exception as error:  # an explainer that trips over an odd value still refuses
            return f"{_shown(action)} is not a legal action here ({type(error).__name__} explaining why)"
        if not isinstance(reason, str) or not reason:
            return f"{_shown(action)} is not a legal action here"
        if len(reason) > _MAX_REASON:  # an explainer quoting a megabyte-long field back
            return reason[: _MAX_REASON - 3] + "..."
        return reason

    def settle(self, state: S) -> S:
        """Take every decision that has exactly one legal option, noting each in ``forced``, and
        keep the legal actions of the state reached.

        ``new_game`` calls this too, so no state a game hands out waits on a lone option.
        Returns a new state; ``state`` itself is never changed.
        """
        return self._settle(state)

    def _settle(self, state: S) -> S:
        taken: list[Forced] | None = None
        legal_of = self._legal_of
        while True:
            seat = state.current_player
            if seat is None:
                legal: tuple[A, ...] = ()
                break
            decision = state.decision
            legal = legal_of[type(decision)](state, decision)
            if len(legal) != 1:
                break
            only = legal[0]
            after = self._perform_of[type(decision)](state, decision, only)
            outcome = self._outcome(state, only, after) if self._outcome is not None else ""
            if taken is None:
                taken = []
            taken.append(new_forced(seat, str(only), outcome))
            state = after
        # The one copy a decision costs beyond the rules' own: the state as it is handed out,
        # with what led to it and its legal actions (never written into afterwards).
        return self._hand_out(state, () if taken is None else tuple(taken), legal)


def _equal_offer(legal: tuple[A, ...], action: A) -> A | None:
    """The offered action equal to ``action`` and of its exact class, or ``None``.

    An action of the right class whose fields are numeric twins of the offered one's
    (``Times(4.0)``, ``Times(True)``, ``Move(np.int64(1), ...)``) is equal by attrs' ``==`` and
    is replaced by the offered object, so what is applied and recorded is always the game's
    own value; an object of another class (a subclass, or one whose ``__eq__`` says yes to
    anything) is never equal. A comparison that raises (a numpy array as a field) is no match.
    """
    try:
        index = legal.index(action)  # attrs' == is False across classes
    except Exception:  # not there, or a field whose == raises (a numpy array)
        return None
    offered = legal[index]
    return offered if type(offered) is type(action) else None


_MAX_SHOWN = 120
_MAX_REASON = 500


def _shown(action: object, first: Callable[[object], str] = str) -> str:
    """``action`` for a refusal message: its notation (or ``first``), else its ``repr``, cut
    short; never raises (a malformed action may fail to print)."""
    for show in (first, repr):
        try:
            text = show(action)
        except Exception:
            continue
        if isinstance(text, str):
            return text if len(text) <= _MAX_SHOWN else text[: _MAX_SHOWN - 3] + "..."
    return f"<{type(action).__name__} object>"


def field_problem(action: object) -> str:
    """What is wrong with the field values of an attrs action, or "" if each has its declared
    type exactly: ``int`` (not ``bool``, a float or ``numpy.int64``), ``str``, or a tuple of
    those (``tuple[str, ...]``). Fields of other declared types are not checked.

    >>> import attrs
    >>> @attrs.frozen
    ... class Times:
    ...     times: int
    >>> field_problem(Times(4.0))
    'its field times must be an int, not float (4.0)'
    >>> field_problem(Times(4))
    ''
    """
    cls = type(action)
    if not attrs.has(cls):
        return ""
    for field, declared in _declared_fields(cls):
        value = getattr(action, field, None)
        problem = _type_problem(value, declared)
        if problem:
            return f"its field {field} must be {problem}"
    return ""


_SIMPLE: dict[str, type] = {"int": int, "str": str, "bool": bool}


def _declared_fields(cls: type) -> tuple[tuple[str, str], ...]:
    """Each attrs field's name and declared type as written (``"int"``, ``"tuple[str, ...]"``);
    worked out each time (a refused action's check is no hot path, and the engine keeps no
    process-wide caches)."""
    return tuple((f.name, _as_written(f.type)) for f in attrs.fields(cls))


def _as_written(declared: object) -> str:
    """A field's type as its annotation is written, whether attrs holds the string (postponed
    annotations) or the resolved type (after ``attrs.resolve_types``, which cattrs calls when it
    first structures the class): ``tuple[str, ...]`` must read the same either way."""
    if isinstance(declared, str):
        return declared
    if isinstance(declared, type):
        return declared.__name__
    return repr(declared)  # ``tuple[str, ...]``, ``int | None``


def _type_problem(value: object, declared: str) -> str:
    declared = declared.replace(" ", "")
    simple = _SIMPLE.get(declared)
    if simple is not None:
        if type(value) is simple:
            return ""
        article = "an" if declared == "int" else "a"
        return f"{article} {declared}, not {type(value).__name__} ({_short(value)})"
    if declared.startswith("tuple[") and declared.endswith(",...]"):
        inner = _SIMPLE.get(declared[len("tuple[") : -len(",...]")])
        if inner is None:
            return ""
        if type(value) is not tuple:
            return f"a tuple of {inner.__name__}, not {type(value).__name__} ({_short(value)})"
        for item in value:
            if type(item) is not inner:
                return f"a tuple of {inner.__name__}, but holds {type(item).__name__} ({_short(item)})"
        return ""
    if declared.startswith("tuple[") and declared.endswith("]"):
        parts = [_SIMPLE.get(p) for p in declared[len("tuple[") : -1].split(",")]
        if None in parts:
            return ""
        if type(value) is not tuple or len(value) != len(parts):
            return f"a tuple of {len(parts)} {'/'.join(p.__name__ for p in parts if p)}, not {_short(value)}"
        for item, kind in zip(value, parts, strict=True):
            if kind is not None and type(item) is not kind:
                found = f"{type(item).__name__} ({_short(item)})"
                return f"a tuple of {kind.__name__}, but holds {found}"
    return ""


def _short(value: object) -> str:
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


def turn_order(first: int, num_players: int) -> tuple[int, ...]:
    """The seats in turn order starting with ``first``."""
    return tuple((first + offset) % num_players for offset in range(num_players))


def next_in_turn_order(seat: int, first: int, num_players: int) -> int | None:
    """For "each player in turn order decides, starting with ``first``": the seat after
    ``seat``, or ``None`` once every seat has decided.

    >>> [next_in_turn_order(seat, 2, 4) for seat in (2, 3, 0, 1)]
    [3, 0, 1, None]
    """
    following = (seat + 1) % num_players
    return None if following == first else following
