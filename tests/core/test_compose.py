"""core.compose: a decision's combinations as parts, on the real games' decisions."""

from __future__ import annotations

import random

import harborgames
from harborgames.core.compose import compose
from harborgames.core.play import group_actions


def _groups_along_playouts(name: str, players: int, games: int, **new_game: str) -> list[list[str]]:
    module = harborgames.load(name)
    groups: list[list[str]] = []
    for seed in range(games):
        state = module.new_game(players, seed=seed, **new_game)
        rng = random.Random(seed)
        while not module.is_terminal(state):
            legal = module.legal_actions(state)
            groups.extend([str(a) for a in group] for _, group in group_actions(legal))
            state = module.apply(state, rng.choice(legal))
    return groups


def test_every_composed_option_is_found_again_from_its_parts() -> None:
    """Whatever a game offers, a composition maps each legal option's parts back to that option
    and to nothing else, so a UI that picks the parts always sends a legal notation."""
    for name, players, extra in (
        ("lehavre", 3, {"variant": "full"}),
        ("inland_port", 2, {}),
        ("gdansk", 3, {}),
    ):
        for group in _groups_along_playouts(name, players, 2, **extra):
            composition = compose(group)
            if composition is None:
                continue
            assert [text for text, _ in composition.options] == group
            for text, counts in composition.options:
                assert composition.notation(counts) == text
                typed = " ".join(
                    word if composition.kind == "set" else f"{n} {word}".strip() for word, n in counts.items()
                )
                assert composition.read(typed) == text, (typed, text)


def test_the_marketplace_is_a_set_of_goods_and_payments_are_amounts() -> None:
    """The Marketplace's 'choose' options become goods to pick; a payment's options, counts of
    each token; 'times n' a number; building names and 'trade a b' stay buttons."""
    kinds: dict[str, set[str]] = {}
    for group in _groups_along_playouts("lehavre", 3, 3, variant="full"):
        composition = compose(group)
        verb = group[0].split()[0]
        kinds.setdefault(verb, set()).add("buttons" if composition is None else composition.kind)
    assert kinds["choose"] == {"set"}
    assert "amounts" in kinds["pay"]
    assert "count" in kinds["times"]
    assert kinds["enter"] == {"buttons"} and kinds["trade"] == {"buttons"}


def test_typed_parts_that_compose_no_option_are_refused() -> None:
    choose = compose(["choose fish wood", "choose fish clay", "choose wood clay", "choose clay iron"])
    assert choose is not None
    assert choose.read("wood") is None  # too few
    assert choose.read("fish wood clay") is None  # too many
    assert choose.read("2 fish") is None  # a set takes no counts
    assert choose.read("choose wood fish") == "choose fish wood"
    assert choose.reachable({"clay": 1}) == ["choose fish clay", "choose wood clay", "choose clay iron"]
    pay = compose(["pay 2 fish", "pay 1 fish 1 bread", "pay 2 bread", "pay nothing"])
    assert pay is not None and pay.kind == "amounts"
    assert pay.notation({}) == "pay nothing"
    assert pay.read("3 fish") is None and pay.read("2") is None and pay.read("fish 2") is None
    assert compose(["times 1", "times 2", "times 3"]) is None  # a few buttons read faster


def test_the_page_gets_the_parts_and_options_as_json() -> None:
    composition = compose([f"times {n}" for n in range(0, 6)])
    assert composition is not None
    assert composition.as_json() == {
        "verb": "times",
        "kind": "count",
        "parts": [{"word": "", "most": 5, "least": 0}],
        "options": [{"notation": f"times {n}", "counts": {"": n}} for n in range(0, 6)],
    }


def test_the_inland_ports_moves_are_steps_per_good() -> None:
    """'move F1 C2 W1' (steps per good, the letter and its count glued) composes as amounts of
    the goods, typed either way; Port Gdańsk's 'move C2' names a location and stays a button."""
    moves = ["move F1 C2 W1", "move F1 C2", "move C2 W2", "move F1 W1", "move W2"]
    composition = compose(moves)
    assert composition is not None and composition.kind == "amounts"
    assert [(p.word, p.most) for p in composition.parts] == [("F", 1), ("C", 2), ("W", 2)]
    assert composition.read("c2 f1") == composition.read("1 F 2 C") == "move F1 C2"
    assert compose(["move C2", "move W2", "move F1", "move G1", "move C1"]) is None
