"""After the game: how it was won, as a chart of standings and the decisions where it swung.

``review(game, record, seat)`` replays a finished game's record and returns a ``Review``:

* **the standing over the game**: at every position of the game, each seat's estimated final
  score (``game.heuristic(state, seat)``, the game's own guess of a seat's final score), as the
  reviewed seat could know it then: averaged over ``samples`` states drawn with
  ``game.resample(state, seat, ...)`` (one, the state itself, in a game that hides nothing),
  so the chart never shows what that seat could not see at the time; the final position is the
  rules' scores. Each point carries the round the game's table shows (``table["round"]``), so
  a chart marks where each round begins;
* **the turning points**: up to ``TURNING_POINTS`` decisions of the reviewed seat where its own
  estimate fell most against what the judge (``hard`` at its tuned budget, or the budget's
  ``judge`` spec) would have played. The judge is asked only about ``candidates`` decisions:
  those where a cheap screen (the heuristic after each legal move, one decision further
  within the seat's turn, as ``greedy`` looks) finds the largest drop from the best move to the
  move played. Each turning point's difference is the seat's estimate after the judge's move
  less after the move played, each move followed by the seat's own greedy moves to the end of
  its turn, in the game's own points;
* **the score by source at the end**, every seat side by side (``score_parts`` of the game's
  table), and one sentence saying where the winner's margin came from.

A ``Review`` is a frozen attrs value; ``as_json()`` gives it as JSON-ready data (the web page
draws it), ``lines(width)`` as text (the terminal prints it).

The review is refused with a ``ReviewError`` (a ``ValueError``) for a record of another game,
one that does not replay, or one that stops before the end.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import attrs
import cattrs

from .bots import derive_seed, make_from_spec, make_view
from .bots.simple import Heuristic
from .bots.tuned import TUNED, param_set, variant_of
from .bots.view import hides_future
from .core.play import replay_states
from .core.protocol import GameModule, GameRecord, State

__all__ = [
    "DEFAULT_BUDGET",
    "TURNING_POINTS",
    "Budget",
    "Review",
    "ReviewError",
    "ScoreSource",
    "Standing",
    "TurningPoint",
    "review",
    "review_steps",
    "sparkline",
    "standings",
]

S = TypeVar("S", bound=State)
A = TypeVar("A")


def __dir__() -> list[str]:
    """The public names, ``__all__``, without what this module imports and its helpers."""
    return list(__all__)


TURNING_POINTS = 5
"""The most turning points a review names (fewer where the judge agrees with the seat)."""

_HORIZON = 30  # decisions of every seat's greedy play after a move before its estimate is read
_SCREEN_NODES = 400  # positions the screen values per decision at most, as greedy caps them


class ReviewError(ValueError):
    """A review that cannot be made: a record of another game, or of a game not yet over."""


@attrs.frozen
class Budget:
    """How hard a review looks: the judge (a bot spec), how many decisions it is asked about,
    and how many resampled states each estimate averages where the seat has hidden information.

    >>> Budget().judge
    'hard:time_limit=none'
    """

    judge: str = "hard:time_limit=none"  # reproducible from its seed: no wall-clock stop
    candidates: int = attrs.field(default=8)  # decisions the judge is asked about
    samples: int = attrs.field(default=4)  # states per estimate where something is hidden

    @candidates.validator
    def _check_candidates(self, _: object, value: int) -> None:
        if type(value) is not int or not 0 <= value <= 1000:
            raise ValueError(f"a review's candidates must be from 0 to 1000, not {value!r}")

    @samples.validator
    def _check_samples(self, _: object, value: int) -> None:
        if type(value) is not int or not 1 <= value <= 100:
            raise ValueError(f"a review's samples must be from 1 to 100, not {value!r}")


DEFAULT_BUDGET = Budget()
"""``hard`` at its tuned budget (what fits 0.4 s of CPU a decision) on 8 decisions, 4 samples:
a Le Havre full 2p review within a few seconds of CPU (docs/review.md measures it)."""


@attrs.frozen
class Standing:
    """The estimates after ``step`` moves of the record, as the reviewed seat could know them."""

    step: int  # moves played before this position (the replay's step)
    round: str  # the round the game's table shows here ("" where it shows none)
    estimates: tuple[float, ...]  # each seat's estimated final score, in the game's points


@attrs.frozen
class TurningPoint:
    """A decision of the reviewed seat where the judge would have played otherwise."""

    step: int  # moves played before the decision: the replay at this step shows its position
    round: str
    played: str  # the move played, in notation
    played_label: str  # ... in the words the game's buttons use
    preferred: str  # the judge's move, in notation
    preferred_label: str
    estimate_played: float  # the seat's estimated final score after the move played
    estimate_preferred: float  # ... after the judge's move
    difference: float  # estimate_preferred - estimate_played, in the game's points


@attrs.frozen
class ScoreSource:
    """One line of the final score by source: a label and each seat's points from it."""

    label: str
    points: tuple[int | None, ...]  # None: the seat's table shows nothing from this source


@attrs.frozen
class Review:
    """The review of one seat's game (see the module docstring)."""

    game: str  # the registry name
    title: str
    variant: str
    num_players: int
    seat: int  # the reviewed seat
    seats: tuple[str, ...]  # who played each seat, where the record says ("" otherwise)
    moves: int  # the record's length
    standings: tuple[Standing, ...]
    turning_points: tuple[TurningPoint, ...]  # largest difference first
    scores: tuple[int, ...]  # the final scores
    winners: tuple[int, ...]
    sources: tuple[ScoreSource, ...]
    margin: str  # one sentence: where the winner's margin came from
    judge: str  # the judge's spec
    candidates: int  # decisions the judge was asked about
    samples: int

    def as_json(self) -> dict[str, Any]:
        """The review as JSON-ready data (dicts, lists, strings and numbers)."""
        data: dict[str, Any] = _CONVERTER.unstructure(self)
        return data

    @classmethod
    def from_json(cls, data: object) -> Review:
        """The review ``as_json`` gave."""
        return _CONVERTER.structure(data, cls)

    def lines(self, width: int = 80) -> list[str]:
        """The review as text lines of at most ``width`` columns (``width`` at least 40)."""
        return _text(self, max(width, 40))


_CONVERTER = cattrs.Converter()


def review(
    game: GameModule[S, A],
    record: GameRecord,
    seat: int,
    *,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """The review of ``seat``'s game in ``record``, a finished game of ``game``.

    ``progress(done, total)`` is called as the work advances (a progress bar's). The same
    record, seat, budget and seed give the same review.
    """
    if record.game != game.INFO.name:
        raise ReviewError(
            f"this is a record of {record.game!r}, not of {game.INFO.name!r}: review it as {record.game}"
        )
    _check_seat(seat, record.num_players)
    try:
        replayed = replay_states(game, record)
        steps = list(replayed)
    except ValueError as error:  # IllegalActionError, or new_game refusing the setup
        raise ReviewError(f"the record does not replay: {error}") from None
    return review_steps(
        game,
        steps,
        seat,
        budget=budget,
        seed=seed,
        progress=progress,
        variant=record.variant,
        seats=record.seats,
    )


def review_steps(
    game: GameModule[S, A],
    steps: Sequence[tuple[A | None, S]],
    seat: int,
    *,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    variant: str | None = None,
    seats: Sequence[str] = (),
) -> Review:
    """``review`` of a game given as ``replay_states`` yields it: ``(None, start)`` then each
    ``(action, state after)``."""
    if not steps:
        raise ReviewError("a review needs the game's positions, and there are none")
    states = [state for _, state in steps]
    actions: list[A] = []
    for action, _ in steps[1:]:
        if action is None:
            raise ReviewError("a review needs the action of every step after the start")
        actions.append(action)
    final = states[-1]
    _check_seat(seat, final.num_players)
    if not game.is_terminal(final):
        raise ReviewError(
            f"the game is not over (seat {final.current_player} is to move after "
            f"{len(actions)} moves): a review is of a finished game"
        )
    make_from_spec(budget.judge)  # an unknown bot or parameter is refused now, not after the screen
    value = tuned_heuristic(game, final.num_players, variant or game.INFO.default_variant)
    mine = [
        step
        for step, state in enumerate(states[:-1])
        if state.current_player == seat and len(game.legal_actions(state)) > 1
    ]
    total = len(states) + len(mine) + min(budget.candidates, len(mine))
    done = 0

    def advance() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    line = standings(
        game, states, seat, samples=budget.samples, seed=seed, on_each=advance, heuristic=value
    )
    rounds = {s.step: s.round for s in line}
    screened = []
    for step in mine:
        drop = _screen(
            game, value, states[step], actions[step], seat, budget.samples, derive_seed("screen", seed, step)
        )
        screened.append((drop, step))
        advance()
    asked = _candidates(screened, _falls(game, states, line, seat), budget.candidates)
    turning: list[TurningPoint] = []
    for step in sorted(asked):
        point = _judged(game, value, states[step], actions[step], seat, step, rounds[step], budget, seed)
        if point is not None:
            turning.append(point)
        advance()
    turning.sort(key=lambda p: (-p.difference, p.step))
    scores = tuple(game.scores(final))
    winners = tuple(game.winners(final))
    sources = _sources(game, final, seat)
    return Review(
        game=game.INFO.name,
        title=game.INFO.title,
        variant=variant or game.INFO.default_variant,
        num_players=final.num_players,
        seat=seat,
        seats=tuple(seats) or ("",) * final.num_players,
        moves=len(actions),
        standings=line,
        turning_points=tuple(turning[:TURNING_POINTS]),
        scores=scores,
        winners=winners,
        sources=sources,
        margin=_margin(scores, winners, sources),
        judge=budget.judge,
        candidates=len(asked),
        samples=budget.samples,
    )


def standings(
    game: GameModule[S, A],
    states: Sequence[S],
    seat: int,
    *,
    samples: int = DEFAULT_BUDGET.samples,
    seed: int = 0,
    on_each: Callable[[], None] | None = None,
    heuristic: Heuristic | None = None,
) -> tuple[Standing, ...]:
    """Each seat's estimated final score at each of ``states``, as ``seat`` could know it then:
    the heuristic (the configuration's tuned set unless ``heuristic`` is given) averaged over
    ``samples`` states ``game.resample`` draws for ``seat`` (the state itself where nothing is
    hidden); a finished game's is its scores."""
    if heuristic is None and states:
        heuristic = tuned_heuristic(game, states[0].num_players, variant_of(game, states[0]))
    value = heuristic or game.heuristic
    draws = samples if hides_future(game) else 1
    line = []
    for step, state in enumerate(states):
        if game.is_terminal(state):
            estimates = tuple(float(score) for score in game.scores(state))
        else:
            drawn = _samples(game, state, seat, draws, derive_seed("standing", seed, step))
            estimates = tuple(
                round(sum(value(s, p) for s in drawn) / len(drawn), 2)
                for p in range(state.num_players)
            )
        line.append(Standing(step=step, round=_round(game, state, seat), estimates=estimates))
        if on_each is not None:
            on_each()
    return tuple(line)


def sparkline(values: Sequence[float], width: int, low: float, high: float) -> str:
    """``values`` as ``width`` block characters from ``low`` (▁) to ``high`` (█), each the
    mean of the values it covers.

    >>> sparkline([0, 1, 2, 3, 4, 5, 6, 7], 8, 0, 7)
    '▁▂▃▄▅▆▇█'
    """
    if not values or width < 1:
        return ""
    span = high - low or 1.0
    blocks = "▁▂▃▄▅▆▇█"
    out = []
    for column in range(min(width, len(values))):
        start = column * len(values) // min(width, len(values))
        end = max(start + 1, (column + 1) * len(values) // min(width, len(values)))
        mean = sum(values[start:end]) / (end - start)
        level = round((mean - low) / span * (len(blocks) - 1))
        out.append(blocks[min(max(level, 0), len(blocks) - 1)])
    return "".join(out)


# -- what the review is made of ----------------------------------------------------------------


def _check_seat(seat: int, num_players: int) -> None:
    if type(seat) is not int or not 0 <= seat < num_players:
        raise ReviewError(f"seat {seat!r} is not in this game: its seats are 0 to {num_players - 1}")


def _samples(game: GameModule[S, A], state: S, seat: int, draws: int, seed: int) -> list[S]:
    if not hides_future(game):
        return [state]
    return [game.resample(state, seat, derive_seed(seed, k)) for k in range(draws)]


def _round(game: GameModule[S, A], state: S, seat: int) -> str:
    """The round the game's own table shows ``seat`` (every game's table names it ``round``)."""
    table = _table(game, state, seat)
    shown = table.get("round") if isinstance(table, dict) else None
    return "" if shown is None else str(shown)


# The view functions (``table``, ``action_label``) are the protocol's, and every registered game
# has them; a program's own game handed to the command (a test's toy) may not, as ``play``'s
# score parts allow: its review then has no rounds, no score by source and notation for words.
def _table(game: GameModule[S, A], state: S, seat: int) -> object:
    table = getattr(game, "table", None)
    return table(game.observe(state, seat)) if callable(table) else None


def _labeller(game: GameModule[S, A], state: S, seat: int) -> Callable[[A], str]:
    label = getattr(game, "action_label", None)
    if not callable(label):
        return str
    observation = game.observe(state, seat)
    return lambda action: str(label(action, observation))


def _value(
    game: GameModule[S, A], value: Heuristic, state: S, seat: int, depth: int, budget: list[int]
) -> float:
    """The seat's estimate of ``state``, looking ``depth`` of its own decisions further (the
    best of them); each position valued takes one from ``budget[0]``."""
    budget[0] -= 1
    if depth > 0 and state.current_player == seat:
        return max(
            _value(game, value, game.apply(state, a), seat, depth - 1, budget)
            for a in game.legal_actions(state)
        )
    return _estimate(game, value, state, seat)


def tuned_heuristic(game: GameModule[S, A], players: int, variant: str) -> Heuristic:
    """The game's heuristic with the configuration's tuned weights (``bots.tuned``): the
    evaluation the bots play by, so the review judges as they do."""
    return functools.partial(game.heuristic, params=param_set(TUNED, game, players, variant).heuristic)


def _estimate(game: GameModule[S, A], value: Heuristic, state: S, seat: int) -> float:
    if game.is_terminal(state):
        return float(game.scores(state)[seat])
    return float(value(state, seat))


def _screen(
    game: GameModule[S, A], value: Heuristic, state: S, played: A, seat: int, samples: int, seed: int
) -> float:
    """How far the move played falls below the best move by the heuristic, looking one decision
    further within the seat's turn (``greedy``'s view), or none where that would value more
    than ``_SCREEN_NODES`` positions (every move is valued alike): the cheap first pass."""
    drawn = _samples(game, state, seat, samples, seed)
    legal = game.legal_actions(state)
    for depth in (1, 0):
        budget = [_SCREEN_NODES * len(drawn)]
        values = {
            str(action): sum(_value(game, value, game.apply(s, action), seat, depth, budget) for s in drawn)
            for action in legal
        }
        if budget[0] > 0:
            break
    return (max(values.values()) - values[str(played)]) / len(drawn)


def _falls(
    game: GameModule[S, A], states: Sequence[S], line: Sequence[Standing], seat: int
) -> list[tuple[float, int]]:
    """How far the seat's standing against the best other seat fell over each of its turns (its
    decisions in a row, up to the next position another seat decides in), as ``(fall, step)``
    with the step of the turn's decision with the most legal moves."""

    def lead(step: int) -> float:
        estimates = line[step].estimates
        others = [value for p, value in enumerate(estimates) if p != seat]
        return estimates[seat] - max(others) if others else estimates[seat]

    falls = []
    step = 0
    while step < len(states) - 1:
        if states[step].current_player != seat:
            step += 1
            continue
        first = step
        widest, most = step, 0
        while step < len(states) - 1 and states[step].current_player == seat:
            options = len(game.legal_actions(states[step]))
            if options > most:
                widest, most = step, options
            step += 1
        if most > 1:
            falls.append((lead(first) - lead(step), widest))
    return falls


def _candidates(screened: list[tuple[float, int]], falls: list[tuple[float, int]], count: int) -> list[int]:
    """The decisions to ask the judge about: by turns, the largest drop the screen found and the
    largest fall of the seat's standing against the others (which finds what the screen cannot
    see one decision ahead, as when the seat plays the heuristic's own favourites)."""
    orders = [sorted(pairs, key=lambda pair: (-pair[0], pair[1])) for pairs in (screened, falls)]
    chosen: list[int] = []
    for rank in range(max(len(order) for order in orders) if orders[0] else 0):
        for order in orders:
            if len(chosen) < count and rank < len(order) and order[rank][1] not in chosen:
                chosen.append(order[rank][1])
    return sorted(chosen)


def _played_on(
    game: GameModule[S, A], value: Heuristic, state: S, action: A, seat: int, drawn: Iterable[S]
) -> float:
    """The seat's estimate after ``action`` and ``_HORIZON`` more decisions in which every seat
    plays its heuristic's favourite (the first of equals), averaged over ``drawn``: the same
    play after either move, so that what a move leads to in the next turns counts."""
    values = []
    for sample in drawn:
        after = game.apply(sample, action)
        for _ in range(_HORIZON):
            mover = after.current_player
            if mover is None:
                break
            after = _favourite(game, value, after, mover)
        values.append(_estimate(game, value, after, seat))
    return sum(values) / len(values)


def _favourite(game: GameModule[S, A], value: Heuristic, state: S, mover: int) -> S:
    """The position after the move ``mover``'s heuristic likes best (the first of equals)."""
    best, best_value = state, float("-inf")
    for option in game.legal_actions(state):
        after = game.apply(state, option)
        estimate = _estimate(game, value, after, mover)
        if estimate > best_value:
            best, best_value = after, estimate
    return best


def _judged(
    game: GameModule[S, A],
    value: Heuristic,
    state: S,
    played: A,
    seat: int,
    step: int,
    round_: str,
    budget: Budget,
    seed: int,
) -> TurningPoint | None:
    """The judge's move at this decision, and the estimates after it and after the move played;
    ``None`` where the judge plays the same or its move is not estimated higher."""
    judge = make_from_spec(budget.judge, seed=derive_seed("judge", seed, step))
    preferred = judge.choose(make_view(game, state, seat))
    if str(preferred) == str(played):
        return None
    drawn = _samples(game, state, seat, budget.samples, derive_seed("turn", seed, step))
    after_played = _played_on(game, value, state, played, seat, drawn)
    after_preferred = _played_on(game, value, state, preferred, seat, drawn)
    difference = round(after_preferred - after_played, 2)
    if difference <= 0:
        return None
    label = _labeller(game, state, seat)
    return TurningPoint(
        step=step,
        round=round_,
        played=str(played),
        played_label=label(played),
        preferred=str(preferred),
        preferred_label=label(preferred),
        estimate_played=round(after_played, 2),
        estimate_preferred=round(after_preferred, 2),
        difference=difference,
    )


def _sources(game: GameModule[S, A], final: S, seat: int) -> tuple[ScoreSource, ...]:
    """The final score by source, every seat's beside the others, as ``seat``'s table gives it
    (``players[i].score_parts``); none where the game's table has no such parts."""
    table = _table(game, final, seat)
    players = table.get("players") if isinstance(table, dict) else None
    if not isinstance(players, list):
        return ()
    parts: list[dict[str, int]] = []
    labels: list[str] = []
    for player in players[: final.num_players]:
        rows = player.get("score_parts") if isinstance(player, dict) else None
        own: dict[str, int] = {}
        for row in rows if isinstance(rows, list) else ():
            if isinstance(row, list | tuple) and len(row) == 2 and isinstance(row[1], int):
                own[str(row[0])] = row[1]
                if str(row[0]) not in labels:
                    labels.append(str(row[0]))
        parts.append(own)
    return tuple(ScoreSource(label, tuple(own.get(label) for own in parts)) for label in labels)


def _margin(scores: Sequence[int], winners: Sequence[int], sources: Sequence[ScoreSource]) -> str:
    """One sentence: the winner's margin over the best other seat, and the sources it came from."""
    if len(scores) == 1:
        return f"a solo game: {scores[0]} points"
    if len(winners) > 1:
        return "a shared win: " + ", ".join(f"P{s}" for s in winners) + f" on {scores[winners[0]]} points"
    winner = winners[0]
    runner = max((p for p in range(len(scores)) if p != winner), key=lambda p: (scores[p], -p))
    margin = scores[winner] - scores[runner]
    head = f"P{winner} won by {margin} point{'s' if abs(margin) != 1 else ''} over P{runner}"
    if margin == 0:
        head = f"P{winner} won on the tie-break over P{runner}, both on {scores[winner]} points"
    gaps = [
        (source.label, (source.points[winner] or 0) - (source.points[runner] or 0))
        for source in sources
        if source.points[winner] is not None or source.points[runner] is not None
    ]
    ahead = sorted((gap for gap in gaps if gap[1] > 0), key=lambda gap: -gap[1])
    behind = sorted((gap for gap in gaps if gap[1] < 0), key=lambda gap: gap[1])
    if not ahead:
        return head + "."
    said = ", ".join(f"{label} {gap:+d}" for label, gap in ahead[:3])
    if behind:
        said += " outweighed " + ", ".join(f"{label} {gap:+d}" for label, gap in behind[:2])
    return f"{head}: {said}."


def _text(review: Review, width: int) -> list[str]:
    """The review as the terminal prints it."""
    seat = review.seat
    lines = [
        _cut(
            f"Review of P{seat}'s game: {review.title} ({review.variant}), "
            f"{review.num_players} players, {review.moves} moves",
            width,
        ),
    ]
    estimates = [s.estimates for s in review.standings]
    low = min(min(e) for e in estimates)
    high = max(max(e) for e in estimates)
    label_width = 9
    chart = width - label_width - 14
    lines.append(_cut(f"Estimated final score over the game ({low:.0f} to {high:.0f}):", width))
    marks = _round_marks(review.standings, chart)
    if marks.strip():
        lines.append(" " * label_width + marks + "  rounds")
    for p in range(review.num_players):
        name = f"P{p}{' you' if p == seat else ''}".ljust(label_width)
        spark = sparkline([e[p] for e in estimates], chart, low, high)
        lines.append(f"{name}{spark}  {estimates[0][p]:>5.0f}→{review.scores[p]}")
    lines.append("")
    if review.turning_points:
        lines.append(
            _cut(
                f"Turning points (the judge: {review.judge}, asked about {review.candidates} decisions):",
                width,
            )
        )
        for number, point in enumerate(review.turning_points, 1):
            where = f"round {point.round}, " if point.round else ""
            lines.append(
                _cut(
                    f"{number}. move {point.step + 1} ({where}your estimate "
                    f"{point.estimate_played:.1f} → {point.estimate_preferred:.1f}, "
                    f"{point.difference:+.1f})",
                    width,
                )
            )
            lines.append(_cut(f"   played:    {point.played_label}  [{point.played}]", width))
            lines.append(_cut(f"   preferred: {point.preferred_label}  [{point.preferred}]", width))
    else:
        lines.extend(
            _wrap(
                f"No turning points: the judge ({review.judge}) played as you did, or no better "
                f"by the estimate, at the {review.candidates} decisions it was asked about.",
                width,
            )
        )
    lines.append("")
    if review.sources:
        label_w = min(
            max(len("score by source"), *(len(s.label) for s in review.sources)),
            width - 8 * review.num_players,
        )
        heads = "".join(
            f"{'P' + str(p) + ('*' if p in review.winners else ''):>8}" for p in range(review.num_players)
        )
        lines.append(f"{'score by source':<{label_w}}{heads}"[:width])
        for source in review.sources:
            cells = "".join(f"{'-' if v is None else v:>8}" for v in source.points)
            lines.append(f"{source.label[:label_w]:<{label_w}}{cells}")
        lines.append(f"{'total':<{label_w}}" + "".join(f"{v:>8}" for v in review.scores))
    lines.extend(_wrap(review.margin, width))
    return lines


def _round_marks(line: Sequence[Standing], width: int) -> str:
    """A ``|`` above the chart's column where each round begins."""
    columns = min(width, len(line))
    marks = [" "] * columns
    previous = line[0].round if line else ""
    for index, standing in enumerate(line):
        if standing.round != previous and standing.round:
            marks[min(index * columns // len(line), columns - 1)] = "|"
        previous = standing.round
    return "".join(marks)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _wrap(text: str, width: int) -> list[str]:
    words, lines, current = text.split(), [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(_cut(current, width))
    return lines
