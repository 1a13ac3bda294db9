"""Le Havre's goods and Francs: the token table (food, energy, what the Shipping Line pays).

Each goods token has a standard and an upgraded side; Francs share the index space, so one flat
tuple of 17 counts is a player's whole stock. ``data`` re-exports every name here.
"""

from __future__ import annotations

# -- goods and Francs ---------------------------------------------------------------------------
# Each goods token has a standard side and an upgraded side (rulebook, Setup 5): the upgraded
# good's index is the standard good's index + 8. Francs are not goods (rulebook, Components) but
# share the index space, so one flat tuple of 17 counts is a player's whole stock.
FISH, WOOD, CLAY, IRON, GRAIN, CATTLE, COAL, HIDES = 0, 1, 2, 3, 4, 5, 6, 7
SMOKED_FISH, CHARCOAL, BRICK, STEEL, BREAD, MEAT, COKE, LEATHER = 8, 9, 10, 11, 12, 13, 14, 15
FRANC = 16
UPGRADE_OFFSET = 8
STANDARD_GOODS = (FISH, WOOD, CLAY, IRON, GRAIN, CATTLE, COAL, HIDES)
UPGRADED_GOODS = (SMOKED_FISH, CHARCOAL, BRICK, STEEL, BREAD, MEAT, COKE, LEATHER)
GOODS = STANDARD_GOODS + UPGRADED_GOODS
TOKEN_KINDS = (*GOODS, FRANC)
NUM_TOKEN_KINDS = len(TOKEN_KINDS)

# Food and energy: rulebook, Components and Resource Reference. Shipping Line Francs: rulebook,
# Shipping Line ("other goods 1 Franc each"). All three columns: confirmed (3), ref §4.
# The letter is this project's notation, not the rulebook's: lower case for the standard side,
# upper case for the upgraded side of the same token.
#    token        name            letter food energy shipping
_TOKEN_TABLE = (
    (FISH, "fish", "f", 1, 0, 1),
    (WOOD, "wood", "w", 0, 1, 1),
    (CLAY, "clay", "c", 0, 0, 1),
    (IRON, "iron", "i", 0, 0, 2),
    (GRAIN, "grain", "g", 0, 0, 1),  # "Grain (0 Food)"
    (CATTLE, "cattle", "a", 0, 0, 3),  # "Cattle (0 Food)"
    (COAL, "coal", "k", 0, 3, 3),
    (HIDES, "hides", "h", 0, 0, 2),
    (SMOKED_FISH, "smoked_fish", "F", 2, 0, 2),
    (CHARCOAL, "charcoal", "W", 0, 3, 2),
    (BRICK, "brick", "C", 0, 0, 2),
    (STEEL, "steel", "I", 0, 0, 8),
    (BREAD, "bread", "G", 2, 0, 3),  # "Bread (2 Food)"
    (MEAT, "meat", "A", 3, 0, 2),
    (COKE, "coke", "K", 0, 10, 5),
    (LEATHER, "leather", "H", 0, 0, 4),
    (FRANC, "francs", "$", 1, 0, 0),  # "Each Franc counts as 1 Food"; not shipped
)
TOKEN_NAMES = tuple(row[1] for row in _TOKEN_TABLE)
TOKEN_LETTERS = tuple(row[2] for row in _TOKEN_TABLE)
FOOD_VALUE = tuple(row[3] for row in _TOKEN_TABLE)
ENERGY_VALUE = tuple(row[4] for row in _TOKEN_TABLE)
SHIPPING_FRANCS = tuple(row[5] for row in _TOKEN_TABLE)
TOKEN_INDEX = {name: token for token, name, *_ in _TOKEN_TABLE}

UPGRADED_FORM = tuple(good + UPGRADE_OFFSET for good in STANDARD_GOODS)  # UPGRADED_FORM[FISH] == SMOKED_FISH
STANDARD_FORM = tuple(good % UPGRADE_OFFSET for good in GOODS)  # the standard side of any good
# "Brick can always be used instead of clay; steel instead of iron" (rulebook, Buildings).
SUBSTITUTE = {CLAY: BRICK, IRON: STEEL}


def token_counts(**counts: int) -> tuple[int, ...]:
    """A stock as 17 counts indexed by token, from counts by name.

    >>> token_counts(francs=5, coal=1)[FRANC], token_counts(francs=5, coal=1)[COAL]
    (5, 1)
    """
    stock = [0] * NUM_TOKEN_KINDS
    for name, count in counts.items():
        if name not in TOKEN_INDEX:
            raise ValueError(f"{name!r} is not a token name; the names are {TOKEN_NAMES}")
        stock[TOKEN_INDEX[name]] = count
    return tuple(stock)
