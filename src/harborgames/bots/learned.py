"""How a bot plays with a learned evaluation (``bots.model``): which model, found once.

A bot's ``model`` parameter is a path to a model file, or ``"shipped"`` (or ``None``) for the
model the package ships for the game's configuration (game, players, variant). A file is read
when the bot is made, so a missing or broken file fails at once; the configuration is known only
at the bot's first decision, where the model is checked against it (or the shipped one is
looked up). Either way the model stays on the bot for its lifetime: no cache is shared between
bots, so two bots never see each other's models.
"""

from __future__ import annotations

from .model import ModelError, ValueModel, load, shipped
from .view import A, S, View

__all__ = ["ModelSource", "configuration"]


def configuration(view: View[S, A]) -> tuple[int, str]:
    """The players and variant of the game ``view`` is in (what ``search.BUDGETS`` and the
    shipped models are keyed by), read from a sampled state: every state has ``num_players``;
    the variant is its ``rules.variant`` where the game has one, else the game's default."""
    state = view.sample(0)
    variant = getattr(getattr(state, "rules", None), "variant", None)
    return state.num_players, variant if isinstance(variant, str) else view.info.default_variant


class ModelSource:
    """The model one bot plays with: ``spec`` is a path, or ``"shipped"``/``None``."""

    def __init__(self, spec: str | None) -> None:
        self.spec = spec
        self.fixed: ValueModel | None = None if spec in (None, "shipped") else load(str(spec))
        self._found: dict[tuple[str, int, str], ValueModel] = {}

    def for_view(self, view: View[S, A]) -> ValueModel:
        """The model for the game of ``view``; a ``ModelError`` if none fits it."""
        players, variant = configuration(view)
        key = (view.info.name, players, variant)
        model = self._found.get(key)
        if model is None:
            model = self._found[key] = self._find(view, *key)
        return model

    def _find(self, view: View[S, A], game: str, players: int, variant: str) -> ValueModel:
        where = f"{game} with {players} players ({variant})"
        if self.fixed is None:
            model = shipped(game, players, variant)
            if model is None:
                raise ModelError(
                    f"no model is shipped for {where}; train one (harborgames train) and pass "
                    "its file as model=PATH, or use a leaf other than model"
                )
        else:
            model = self.fixed
            made_for = f"{model.game} with {model.num_players} players ({model.variant})"
            if (model.game, model.num_players, model.variant) != (game, players, variant):
                raise ModelError(f"the model {self.spec!r} is for {made_for}, not {where}")
        layout = getattr(view.game, "observation_layout", None)
        if layout is None:
            raise ModelError(f"{game} has no observation tensor for a model to read")
        size = layout(players, variant).size
        if model.inputs != size:
            raise ModelError(
                f"the model for {where} reads {model.inputs} values, but this version's "
                f"observation tensor has {size}: the model was made for another version"
            )
        return model

