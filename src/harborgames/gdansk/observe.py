"""What a player may know (``observe``), and drawing a position consistent with it (``resample``).

Hidden: the other players' Cruise Ship values (the size is public: everyone saw the workers
paid), the order of the three Cruise Ship piles, the Port deck, the Order-token stack below its
face-up top, and the RNG state (it decides every future die). The tokens two players return to
the box are public: each was face up on top of the stack while being removed. Once the game is
over, the Cruise Ship values are everyone's: final scoring counts them in the open.
"""

from __future__ import annotations

from ..core.checks import require_seat, require_state
from ..core.rng import Rng
from ..core.update import update, update_generic
from .state import Observation, Player, State


def _hide_cruise(p: Player) -> Player:
    return update(p, cruise=tuple((size, -1) for size, _ in p.cruise))


def observe(state: State, player: int) -> Observation:
    """The state as ``player`` sees it: hidden cards, tokens and the RNG left out. It holds the
    decision and everything the legal actions depend on, so two states the seat to move sees
    alike offer the same actions."""
    require_state(state, State, "observe", "Port Gdańsk")
    require_seat(player, state.num_players)
    b = state.board
    over = state.current_player is None  # final scoring shows every Cruise Ship card
    players = tuple(
        p if over or seat == player or not p.cruise else _hide_cruise(p)
        for seat, p in enumerate(state.players)
    )
    return Observation(
        player=player,
        current_player=state.current_player,
        num_players=state.num_players,
        rules=state.rules,
        decision=state.decision,
        players=players,
        turn=state.turn,
        supply=state.supply,
        tokens=b.tokens,
        deck_size=len(b.deck),
        central_port_open=b.central_port_open,
        token_stack_top=b.token_stack[0] if b.token_stack else -1,
        token_stack_size=len(b.token_stack),
        boxed_tokens=b.boxed_tokens,
        removed_sector=b.removed_sector,
        cruise_pile_sizes=tuple(len(pile) for pile in b.cruise_piles),
        first_player=state.first_player,
        round=state.round,
        end_triggered=state.end_triggered,
    )


def resample(state: State, player: int, seed: int) -> State:
    """A state ``player`` cannot tell from ``state``, with a fresh RNG drawn from ``seed``.

    Re-deals, from the fresh RNG and in this order: the Port deck, the token stack below its
    top, then per cruise size the values of the pile and of the other players' cards of that
    size together. The RNG left after those draws becomes the new state's RNG. Once the game is
    over, the players' Cruise Ship cards are face up (final scoring counts them in the open), so
    only the piles are re-dealt and the scores stay as they are.
    """
    require_state(state, State, "resample", "Port Gdańsk")
    require_seat(player, state.num_players)
    rng = Rng.from_seed(seed)
    b = state.board
    deck, rng = rng.shuffled(b.deck)
    stack = b.token_stack
    if len(stack) > 1:
        rest, rng = rng.shuffled(stack[1:])
        stack = stack[:1] + rest
    players = list(state.players)
    over = state.current_player is None  # final scoring shows every Cruise Ship card
    hidden = [] if over else [seat for seat in range(state.num_players) if seat != player]
    piles = []
    for size, pile in enumerate(b.cruise_piles):
        slots = [(seat, i) for seat in hidden for i, (s, _) in enumerate(players[seat].cruise) if s == size]
        pool = [players[seat].cruise[i][1] for seat, i in slots] + list(pile)
        dealt, rng = rng.shuffled(pool)
        for (seat, i), value in zip(slots, dealt, strict=False):
            p = players[seat]
            cruise = (*p.cruise[:i], (size, value), *p.cruise[i + 1:])
            players[seat] = update(p, cruise=cruise)
        piles.append(tuple(dealt[len(slots):]))
    board = update(b, deck=deck, token_stack=stack, cruise_piles=tuple(piles))
    # Nothing of the original is kept that is not part of the position (its legal actions are
    # recomputed when asked; a resample has no forced notes).
    return update_generic(state, rng=rng, players=tuple(players), board=board, forced=(), legal_memo=None)
