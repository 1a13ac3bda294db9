"""Orders (rulebook "Additional actions: execute an order", and the reveal of Port cards):
pay the goods and workers, place an Influence marker, score, and reveal the next cards."""

from __future__ import annotations

from ..core.update import update
from .actions import Action, Execute
from .data import GOODS, NUM_QUAYS, Components
from .decisions import Decision
from .state import EXECUTE, Board, Player, State, additional_done

EXECUTES = tuple(Execute(q + 1) for q in range(NUM_QUAYS))


def reveal(board: Board, count: int) -> Board:
    """Reveal Port cards, an Order token on each named quay; the Central Port card when exposed.

    Ruling: the Central Port card comes out the moment no Port card lies above it (3-4 players:
    it is the second card of the ninth order; 2 players: it is exposed by the last Port card).
    """
    deck = board.deck
    stack = board.token_stack
    tokens = list(board.tokens)
    for _ in range(count):
        if not deck:
            break
        card, deck = deck[0], deck[1:]
        if stack:
            tokens[card], stack = stack[0], stack[1:]
    return update(
        board,
        tokens=tuple(tokens),
        deck=deck,
        central_port_open=board.central_port_open or not deck,
        token_stack=stack,
    )


def has_goods(player: Player, requires: tuple[int, ...]) -> bool:
    """The cargo and the constant bonuses cover an order's goods."""
    hold, bonus = player.hold, player.bonus
    return all(need <= hold[g] + bonus[g] for g, need in enumerate(requires))


def add_executes(out: list[Action], state: State, player: Player, c: Components) -> None:
    """An order on a quay of the meeple's location, with the goods, the workers and a marker."""
    if not player.markers_left:
        return
    tokens = state.board.tokens
    for q in c.location_quays[player.location]:
        token = tokens[q]
        if token >= 0 and player.workers >= c.quay_workers[q] and has_goods(player, c.token_requires[token]):
            out.append(EXECUTES[q])


def execute(state: State, _: Decision, action: Execute) -> State:
    me = state.current_player
    assert me is not None
    c = state.rules.components
    q = action.quay - 1
    board = state.board
    token = board.tokens[q]
    p = state.players[me]
    paid = tuple(max(0, need - bonus) for need, bonus in zip(c.token_requires[token], p.bonus, strict=True))
    bonus = p.bonus
    good = c.token_bonus[token]
    if good >= 0:
        bonus = (*bonus[:good], bonus[good] + 1, *bonus[good + 1 :])
    mover = update(
        p,
        score=p.score + c.token_vp[token],
        hold=tuple(have - pay for have, pay in zip(p.hold, paid, strict=True)),
        workers=p.workers - c.quay_workers[q],
        markers_left=p.markers_left - 1,
        markers=p.markers | (1 << q),
        bonus=bonus,
        tokens=(*p.tokens, token),
        cards=(*p.cards, q),
    )
    # Every other player scores for their markers already in the sector.
    sector = c.sector_mask[c.quay_sector[q]]
    players = tuple(
        mover
        if seat == me
        else update(other, score=other.score + c.sector_vp_per_marker * (other.markers & sector).bit_count())
        if other.markers & sector
        else other
        for seat, other in enumerate(state.players)
    )
    tokens = (*board.tokens[:q], -1, *board.tokens[q + 1 :])
    turn, decision = additional_done(state, EXECUTE)
    return update(
        state,
        decision=decision,
        players=players,
        supply=tuple(have + pay for have, pay in zip(state.supply, paid, strict=True)),
        board=reveal(update(board, tokens=tokens), c.cards_per_order),
        turn=turn,
    )


def why_not_execute(state: State, _: Decision, action: Execute) -> str:
    me = state.current_player
    assert me is not None
    c = state.rules.components
    p = state.players[me]
    q = action.quay - 1
    if not 0 <= q < NUM_QUAYS:
        return f"{action.quay!r} is not a quay number (1-{NUM_QUAYS})"
    token = state.board.tokens[q]
    name = f"quay {action.quay} ({c.quay_name[q]})"
    if token < 0:
        return f"there is no Order token on {name}"
    if c.quay_location[q] != p.location:
        return f"your meeple must be on the location of {name} to execute its order"
    missing = [
        f"{need - p.bonus[g]} {GOODS[g]} (you have {p.hold[g]})"
        for g, need in enumerate(c.token_requires[token])
        if need - p.bonus[g] > p.hold[g]
    ]
    if missing:
        return f"the order on {name} needs, after your bonuses, " + ", ".join(missing)
    if p.workers < c.quay_workers[q]:
        return f"executing an order needs {c.quay_workers[q]} worker(s): you have {p.workers}"
    return "you have no Influence marker left to place on the quay"
