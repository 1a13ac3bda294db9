"""The function of every Inland Port building, as the rulebook's Building Index (seed 000) states it.

Kept apart from ``data.py`` because it is prose, not numbers: ``view.cards`` gives it to the web
page and the terminal's ``info``. Each text is the rulebook's own sentence after "Function:"
(for the locked buildings, what the entry says instead), so it can be checked line by line
against the Building Index; ``tests/inland_port/test_view.py`` checks every building has one.
"""

from __future__ import annotations

from collections.abc import Mapping

# "2-4" throughout: the sector the building stands in gives 2, 3, 4 or 4 (+1 Franc in "4+").
TEXT: Mapping[str, str] = {
    # A-buildings
    "wood_company": (
        "Move the Wood goods counter 2-4 spaces to the right according to the position of the Wood Company."
    ),
    "farmland": (
        "Move the Grain goods counter 2-4 spaces to the right according to the position of the "
        "Farmland. Additionally, move both Wood and Clay 1 space each to the right."
    ),
    "clay_mound": (
        "Move the Clay goods counter 2-4 spaces to the right according to the position of the Clay "
        "Mound. Additionally, move Clay 1 more space to the right."
    ),
    "grocery_store": (
        "Collect 2-4 Francs according to the position of the Grocery Store. (Collect 5 Francs if "
        'the Grocery Store is in sector "4+".) Additionally, move both Grain and Fish 1 space each '
        "to the right."
    ),
    "hardware_store": (
        "Move either Wood or Clay 2-4 spaces to the right according to the position of the Hardware "
        "Store. You may not distribute the 2-4 spaces among Wood and Clay."
    ),
    # B-buildings
    "farm": (
        "Move the Grain goods counter 2-4 spaces diagonally up to the right according to the "
        "position of the Farm. Additionally, move Grain 1 space diagonally down to the left. Apply "
        "both against each other. Consequently, Grain is in reality moved 1-3 spaces diagonally up "
        "to the right."
    ),
    "kiln": (
        "Move the Clay goods counter 2-4 spaces diagonally up to the left according to the position "
        "of the Kiln."
    ),
    "smokehouse": (
        "Move the Fish goods counter 2-4 spaces diagonally up to the left according to the position "
        "of the Smokehouse."
    ),
    # C-buildings
    "bakehouse": (
        "Move the Grain goods counter 2-4 spaces diagonally up to the left according to the position "
        "of the Bakehouse."
    ),
    "wood_trader": (
        "If the Wood Trader is in sector 2, you may pay 1 Franc and 2 Food to move Wood 1 space up "
        "(you can pay twice to do this 2 times). In sector 3, 4, or \"4+\", you may do this 3 or 4 "
        'times accordingly, paying the cost each time. You may apply the 1 Franc you get in sector '
        '"4+" against the costs.'
    ),
    # D-buildings
    "restaurant": (
        "If the Restaurant is in sector 2, you may sell 1 Food for 2 Francs (you can sell Food twice "
        'to do this 2 times). In sector 3, 4, or "4+", you may do this 3 or 4 times accordingly, '
        "selling one Food each time."
    ),
    "marketplace": (
        "Move any 2-4 goods counters 1 space to the right according to the position of the "
        "Marketplace. You may move the same goods counter multiple times. Alternatively, you may "
        "also distribute the spaces among any number of goods counters."
    ),
    # E-buildings
    "fish_market": (
        "If the Fish Market is in sector 2, you may pay 1 Franc to move Fish 1 space diagonally up "
        'to the right (you can pay twice to do this 2 times). In sector 3, 4, or "4+", you may do '
        'this 3 or 4 times accordingly, paying the cost each time. You may apply the 1 Franc you get '
        'in sector "4+" against the costs.'
    ),
    "sawmill": (
        "Move the Wood goods counter 2-4 spaces diagonally up to the left according to the position "
        "of the Sawmill."
    ),
    # F-buildings
    "building_firm": (
        "Move both Wood and Clay 2-4 spaces to the right according to the position of the Building Firm."
    ),
    "church_square": (
        "Move both Grain and Fish 2-4 spaces to the right according to the position of the Church Square."
    ),
    # G-buildings
    "weekly_market": (
        "If the Weekly Market is in sector 2, you may move Grain or Fish 1 space down to collect 4 "
        'Francs (you can move down twice to do this 2 times). In sector 3, 4, or "4+", you may do '
        "this 3 or 4 times accordingly, paying the cost each time and always with the same resource."
    ),
    "masons_guild": (
        "Move 2-4 different goods counters 1 space diagonally up to the left according to the "
        "position of the Masons' Guild. You may not move the same goods counter more than 1 space."
    ),
    # H-buildings
    "business_office": (
        "Move 2-4 different goods counters 1 space diagonally down to the left according to the "
        "position of the Business Office. Collect 5 Francs per movement. You may not move the same "
        "goods counter more than 1 space."
    ),
    "shipping_line": (
        "Collect 6, 9, or 12 Francs according to the position of the Shipping Line. (Collect 1 more "
        'in sector "4+".)'
    ),
    # I-buildings
    "guild_hall": (
        "Move 2-4 different goods counters 1 space diagonally up to the right according to the "
        "position of the Guild Hall. You may not move the same goods counter more than 1 space."
    ),
    "pier": (
        "Move any 2-4 goods counters 1 space to the right according to the position of the Pier. "
        "Additionally, move 2 more goods counters 1 space to the right. You may move the same goods "
        "counter multiple times. Alternatively, you may also distribute the spaces among any number "
        "of goods counters."
    ),
    # J-buildings
    "craftsmens_yard": (
        "Move any 2-4 goods counters 1 space diagonally up to the left according to the position of "
        "the Craftsmen's Yard. Additionally, move 1 more goods counter 1 space diagonally up to the "
        "left. You may move the same goods counter multiple times. Alternatively, you may also "
        "distribute the spaces among any number of goods counters."
    ),
    "fish_factory": (
        "Locked: no active function (it need not be placed on the board). At the end of the game, "
        "the Fish Factory is worth 1 Franc per Fish in your warehouse. The anchor symbol indicates "
        "that this building may increase the value of the Dock."
    ),
    "town_hall": "Locked: the Town Hall has no effect. It is worth 26 victory points at the end of the game.",
    # K-buildings
    "zoo": "Locked: the Zoo has no effect. It is worth 20 victory points at the end of the game.",
    "pont_de_normandie": (
        "Locked: the Pont de Normandie has no effect. It is worth 50 victory points at the end of the game."
    ),
    "grain_silo": (
        "Locked: no active function (it need not be placed on the board). At the end of the game, "
        "the Grain Silo is worth 1 Franc per Grain in your warehouse. The anchor symbol indicates "
        "that this building may increase the value of the Dock."
    ),
    # L-buildings
    "wood_factory": (
        "Locked: no active function (it need not be placed on the board). At the end of the game, "
        "the Wood Factory is worth 1 Franc per Wood in your warehouse. The anchor symbol indicates "
        "that this building may increase the value of the Dock."
    ),
    "dock": (
        "Locked: no active function (it need not be placed on the board). At the end of the game, "
        "the Dock is worth 10 Francs per anchor-symbol building you have built (i.e. per Fish "
        "Factory, Grain Silo, Wood Factory, and Brick Factory you have built)."
    ),
    "brick_factory": (
        "Locked: no active function (it need not be placed on the board). At the end of the game, "
        "the Brick Factory is worth 1 Franc per Clay in your warehouse. The anchor symbol indicates "
        "that this building may increase the value of the Dock."
    ),
}

# The printed value of the five buildings whose worth is counted at the end (data.py: value None).
VARIABLE_VALUE: Mapping[str, str] = {
    "fish_factory": "1 per Fish",
    "grain_silo": "1 per Grain",
    "wood_factory": "1 per Wood",
    "brick_factory": "1 per Clay",
    "dock": "10 per anchor building",
}
