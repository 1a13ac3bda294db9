"""Request bodies are read strictly (web/bodies.py): a field of the wrong type, or one the
endpoint does not take, is refused naming the field and what it must be; nothing is coerced."""

from __future__ import annotations

import re

import pytest

from harborgames.core.codec import JSON
from harborgames.web import BadRequest, Forbidden, GameService, MemoryStorage


@pytest.fixture
def service() -> GameService:
    return GameService(MemoryStorage())


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ([], "the request must be a JSON object"),
        ({"game": 5}, "game must be the name of a game"),
        ({"game": "chess"}, "game must be one of inland_port, gdansk, lehavre"),
        ({"game": "inland_port", "players": "2"}, "players must be an integer"),
        ({"game": "inland_port", "players": True}, "players must be an integer"),
        ({"game": "inland_port", "players": 2.0}, "players must be an integer"),
        ({"game": "inland_port", "variant": 3}, "variant must be a string or null"),
        ({"game": "inland_port", "seed": -1}, "seed must be an integer or a string of decimal digits"),
        ({"game": "inland_port", "seed": "1e5"}, "seed must be an integer or a string of decimal digits"),
        (
            {"game": "inland_port", "seed": 2**63},
            "seed must be an integer or a string of decimal digits, from 0 to 2**63 - 1",
        ),
        ({"game": "inland_port", "bots": ["random"]}, 'bots must be an object such as {"1": "random"}'),
        ({"game": "inland_port", "bots": {"1": 3}}, 'bots must be an object such as {"1": "random"}'),
        ({"game": "lehavre", "options": {"diner": 3}}, "options must be an object of strings"),
        ({"game": "lehavre", "options": []}, "options must be an object of strings"),
        ({"game": "inland_port", "colour": "red", "players": "2"}, "unknown field 'colour'"),
    ],
)
def test_a_new_game_body_is_refused_naming_the_field(service: GameService, body: JSON, message: str) -> None:
    with pytest.raises(BadRequest, match="^" + re.escape(message)):
        service.create(body)


def _seat_zero(created: dict[str, object]) -> tuple[str, str]:
    """The game's id and seat 0's token."""
    tokens = created["tokens"]
    assert isinstance(tokens, dict)
    return str(created["id"]), str(tokens["0"])


def test_left_out_and_null_fields_take_their_defaults(service: GameService) -> None:
    created = service.create({"game": "inland_port", "players": None, "variant": None, "seed": "7"})
    view = service.view(*_seat_zero(created))
    assert view["num_players"] == 2 and view["variant"] == "standard"


def test_a_move_or_undo_body_is_refused_naming_the_field(service: GameService) -> None:
    created = service.create({"game": "inland_port", "seed": 1, "bots": {"1": "random"}})
    game_id, token = _seat_zero(created)
    with pytest.raises(BadRequest, match=r"^action must be a string in the game's notation$"):
        service.act(game_id, {"token": token, "action": 7})
    with pytest.raises(BadRequest, match=r"^action must be a string in the game's notation$"):
        service.act(game_id, {"token": token})
    with pytest.raises(BadRequest, match=r"^token must be a string$"):
        service.act(game_id, {"token": 7, "action": "end"})
    with pytest.raises(BadRequest, match=r"^unknown field 'seat'$"):
        service.act(game_id, {"token": token, "action": "end", "seat": 0})
    with pytest.raises(BadRequest, match=r"^unknown field 'action'$"):
        service.undo(game_id, {"token": token, "action": "end"})
    with pytest.raises(Forbidden):
        service.undo(game_id, {})
