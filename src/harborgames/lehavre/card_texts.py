"""The function of every Le Havre building card, as the rulebook (seed 003) states it.

Kept apart from ``data.py`` because it is long prose, not numbers; tests and docs cite it, and
``render``/explanations quote it.
"""

from __future__ import annotations

from collections.abc import Mapping

# Each card's name and function as the rulebook states them (the function abridged only where
# it repeats the card's numbers, e.g. "4+ players only").
NAME_AND_TEXT: Mapping[str, tuple[str, str]] = {
    # standard buildings
    "building_firm_1": (
        "Building Firm 1",
        "Build one of the 3 top Building Proposals buildings (not ships).",
    ),
    "building_firm_2": (
        "Building Firm 2",
        "Build one of the 3 top Building Proposals buildings (not ships).",
    ),
    "construction_firm": (
        "Construction Firm",
        "Build up to two buildings from the top of the Building "
        "Proposals piles, one after another (may be from the same pile). Not ships.",
    ),
    "marketplace": (
        "Marketplace",
        "Select 2 different standard goods and take them from their Supply "
        "spaces (from fish, wood, clay, iron, grain, cattle, hides, coal). Take one additional standard "
        "good for each Craftsman's building you own (never more than one of the same type; at most 8 "
        "goods). Then look at the top two Special building cards and return them in any order.",
    ),
    "sawmill": (
        "Sawmill",
        "Like the Building Firm; build one top Building Proposal building (must use ≥1 "
        "wood), paying 1 fewer wood than required.",
    ),
    "fishery": (
        "Fishery",
        "Receive 3 fish, plus 1 additional fish per Fisherman shown on your building cards.",
    ),
    "joinery": ("Joinery", "Pay 1–3 wood, take 5–7 Francs."),
    "bakehouse": (
        "Bakehouse",
        "Upgrade any grain to bread; each bread costs ½ energy (rounded up). For "
        "every 2 bread baked, receive 1 Franc subsidy (rounded down).",
    ),
    "hardware_store": ("Hardware Store", "Receive 1 wood, 1 brick, 1 iron."),
    "charcoal_kiln": ("Charcoal Kiln", "Upgrade any wood to charcoal (no energy required)."),
    "smokehouse": (
        "Smokehouse",
        "Upgrade up to 6 fish to smoked fish for 1 energy total. For every 2 fish "
        "smoked, receive 1 Franc subsidy (rounded down).",
    ),
    "abattoir": (
        "Abattoir",
        "Upgrade any cattle to meat; receive 1 hide for every 2 cattle slaughtered (rounded down).",
    ),
    "clay_mound": ("Clay Mound", "Receive 3 clay plus 1 additional clay per hammer on your building cards."),
    "arts_center": (
        "Arts Center",
        "For each other player currently occupying one of your buildings, "
        "receive 4 Francs (own token not counted).",
    ),
    "wharf_1": (
        "Wharf",
        "Pay building costs (incl. 3 energy) for your choice of Ship card. One ship per "
        "visit; only the topmost ship of each pile.",
    ),
    "black_market": (
        "Black Market",
        "Take 2 of each good (incl. Francs) whose Offer space is empty (from "
        "1-Franc coins, fish, wood, clay, iron, grain, cattle). Not 5-Franc coins, coal, hides, or "
        "upgraded goods.",
    ),
    "brickworks": (
        "Brickworks",
        "Upgrade any clay to brick; each brick costs ½ energy (rounded up). For "
        "every 2 bricks, receive 1 Franc subsidy (rounded down).",
    ),
    "local_court": (
        "Local Court",
        "Return 1 or 2 Loan cards for free. A player with exactly 2 loans returns one and receives 2 Francs.",
    ),
    "colliery": (
        "Colliery",
        "Receive 3 coal, plus 1 additional coal if you have at least one Hammer (no "
        "more for multiple hammers).",
    ),
    "wharf_2": (
        "Wharf",
        "Pay building costs (incl. 3 energy) for your choice of Ship card. One ship per "
        "visit; only the topmost ship of each pile.",
    ),
    "shipping_line": (
        "Shipping Line",
        "Pay 3 energy for each ship used to ship goods (Wooden ships ship 2 "
        "goods, Iron 3, Steel 4; Luxury liners cannot ship). Each shipped meat/smoked "
        "fish/charcoal/hide/brick/iron earns 2 Francs; each cattle/bread/coal 3 Francs; each leather 4; "
        "each coke 5; each steel 8; other goods 1 Franc each.",
    ),
    "grocery_market": (
        "Grocery Market",
        "Receive 1 cattle, 1 meat, 1 fish, 1 smoked fish, 1 grain, 1 bread (8 food total).",
    ),
    "tannery": (
        "Tannery",
        "Upgrade up to 4 hides to leather; for every hide tanned, receive 1 Franc subsidy.",
    ),
    "business_office": (
        "Business Office",
        "Exchange any 4 goods for 1 steel. In addition or "
        "alternatively, exchange 1 good for your choice of 1 charcoal, 1 leather, or 1 brick.",
    ),
    "ironworks": ("Ironworks", "Receive 3 iron. May pay 6 energy for 1 additional iron."),
    "steel_mill": ("Steel Mill", "Upgrade any iron to steel; costs 5 energy for each iron."),
    "storehouse": (
        "Storehouse",
        "No action. At game end, each standard/upgraded goods token you own adds ½ Franc (round down).",
    ),
    "cokery": (
        "Cokery",
        "Upgrade any coal to coke; for every coke, receive 1 Franc subsidy. Coke supplies 10 energy.",
    ),
    "dock": ("Dock", "No action. At game end, each Ship card adds 4 Francs."),
    "bridge_over_the_seine": (
        "Bridge over the Seine",
        "Sell as many goods as you wish — 1 Franc for each "
        "upgraded good and 1 Franc for any combination of 3 standard goods.",
    ),
    "town_hall": (
        "Town Hall",
        "No action. At game end, each Public building (incl. itself) adds 4 Francs; "
        "each Craftsman's building adds 2 Francs.",
    ),
    "bank": (
        "Bank",
        "No action. At game end, each Industrial building adds 3 Francs; each Economic "
        "building (incl. itself) adds 2 Francs.",
    ),
    "church": (
        "Church",
        "Enter only if you have at least 5 bread and 2 fish (no smoked fish); receive an "
        "additional 5 bread and 3 fish.",
    ),
    # special buildings
    "baguette_shop": ("Baguette Shop", "Exchange 1 meat + 1 bread up to 4 times for 6 Francs each pair."),
    "bakery": ("Bakery", "Exchange up to 6 bread for 3 Francs each."),
    "brick_manufacturer": ("Brick Manufacturer", "Return 3 brick, show ≥10 Francs cash, receive 14 Francs."),
    "business_park": ("Business Park", "No action. At game end, each Industrial building adds 2 Francs."),
    "clothing_industry": ("Clothing Industry", "Exchange pairs of 1 hide + 1 leather for 7 Francs each."),
    "coal_trader": ("Coal Trader", "Exchange 1 food for 1 charcoal; or 2 food for 1 coal."),
    "diner": ("Diner", "Exchange 1 wood + 1 smoked fish + 1 bread up to 3 times for 8 Francs each set."),
    "farm": ("Farm", "Receive 2 fish, 2 grain, 2 wood, 1 hide, 1 cattle."),
    "feedlot": (
        "Feedlot",
        "No action. In each Harvest, receive 2 cattle instead of 1 if you have 2–6 "
        "cattle (7+: only 1 extra).",
    ),
    "fish_market": ("Fish Market", "Exchange up to 7 fish for 2 Francs each (not smoked fish)."),
    "fish_restaurant": ("Fish Restaurant", "Exchange any smoked fish for 3 Francs each."),
    "fishpond_and_wood": ("Fishpond and Wood", "Receive 3 fish and 3 wood."),
    "football_stadium": (
        "Football Stadium",
        "No action. Can only be built when a Building Proposals space has been emptied.",
    ),
    "forest_hut": ("Forest Hut", "Exchange 1 wood + 1 meat up to 4 times for 5 Francs each pair."),
    "furniture_factory": ("Furniture Factory", "Exchange pairs of leather + wood for 6 Francs each."),
    "furriery": ("Furriery", "Exchange any hides for bread; and/or up to 2 leather for 5 Francs each."),
    "guildhouse": (
        "Guildhouse",
        "No action. At game end, each Economic building (incl. itself) adds 2 Francs.",
    ),
    "harbor_watch": (
        "Harbor Watch",
        "Pay 1 Franc to another player; that player takes back her Person "
        "marker, and you move your marker to that building (paying its entry fee if not owned).",
    ),
    "haulage_firm": (
        "Haulage Firm",
        "Pay 3 Francs, take goods from two adjacent Offer spaces (not "
        "Francs). Adjacent pairs: cattle-grain, grain-iron, iron-clay, clay-wood, wood-fish.",
    ),
    "hunting_lodge": ("Hunting Lodge", "Receive 2 hides and 3 meat."),
    "iron_mine_and_coal_seam": ("Iron Mine and Coal Seam", "Receive 2 iron and 1 coal."),
    "kiln": ("Kiln", "Exchange 1 clay + 1 energy for 3 bricks."),
    "labor_exchange": (
        "Labor Exchange",
        "Receive 1 fish per Fisherman you own, plus 1 coal per Hammer you own.",
    ),
    "leather_industry": ("Leather Industry", "Return 3 leather, show 14 Francs cash, receive 16 Francs."),
    "luxury_yacht": (
        "Luxury Yacht",
        "As Main action, enter a Wharf (pay entry fee), swap one Iron ship "
        "for the Luxury Yacht for no cost (exchanged Iron ship removed). Counts as an Iron ship but does "
        "not ship goods or provide food.",
    ),
    "masons_guild": ("Masons' Guild", "No action. Each building costs 1 clay or 1 brick less."),
    "patisserie": ("Pâtisserie", "Exchange 1 bread + 1 grain up to 3 times for 5 Francs each pair."),
    "plant_nursery": ("Plant Nursery", "Receive 4 wood and 3 Francs."),
    "schnaps_distillery": ("Schnaps Distillery", "Exchange up to 4 grain for 2 Francs each."),
    "smelter": ("Smelter", "Receive 1 coal, 1 coke, and 1 iron."),
    "steakhouse": ("Steakhouse", "Exchange 1 meat + 1 charcoal up to 4 times for 6 Francs each pair."),
    "steelworks": ("Steelworks", "Pay 15 energy to exchange max 1 iron for 2 steel."),
    "tavern": ("Tavern", "Exchange 1 wood + 1 grain up to 4 times for 3 Francs each pair."),
    "town_square": (
        "Town Square",
        "For each Craftsman's building you own, take one different upgraded "
        "good from the supply (not steel, Francs, or standard goods).",
    ),
    "wind_farm": (
        "Wind Farm",
        "No action. When the owner must consume energy in a main action, he "
        "receives a 3-energy discount (no refund of the difference).",
    ),
    "zoo": (
        "Zoo",
        "Receive ⅓ Franc for each cattle and ⅓ Franc for each fish you own (total rounded "
        "down); keep the animals.",
    ),
}

# What each ship type does (rulebook, Building Ships, Feeding phase and the Shipping Line; the
# Luxury liner: ref §2). The numbers (food per player count, capacity, cost, price) are data.py's.
SHIP_TEXTS: Mapping[str, str] = {
    "wooden ship": "Reduces the food you pay at the end of each round by the food shown for your "
    "player count, and ships 2 goods per use of the Shipping Line. Built at any Wharf for 5 wood "
    "and 3 energy, or bought from the top of its pile for more than its value.",
    "iron ship": "Reduces the food you pay at the end of each round by the food shown for your "
    "player count, and ships 3 goods per use of the Shipping Line. Built at a Wharf for 4 iron "
    "(steel may be paid instead) and 3 energy; the first non-wooden ship built at a Wharf "
    "modernises it with 1 brick. Or bought from the top of its pile for more than its value.",
    "steel ship": "Reduces the food you pay at the end of each round by the food shown for your "
    "player count, and ships 4 goods per use of the Shipping Line. Built at a Wharf for 2 steel "
    "and 3 energy (the first non-wooden ship at a Wharf modernises it with 1 brick), or bought "
    "from the top of its pile for more than its value.",
    "luxury liner": "Worth its value at the end, but provides no food and ships nothing. Built at "
    "a Wharf for 3 steel and 3 energy (the first non-wooden ship at a Wharf modernises it with 1 "
    "brick); it cannot be bought.",
}

# Where each good comes from and what it is for (rulebook, Components and Resource Reference).
# Food and energy values are data.py's FOOD_VALUE and ENERGY_VALUE.
GOOD_TEXTS: Mapping[str, str] = {
    "fish": "Standard good, 1 food. From the fish Offer space, the Fishery and the Black Market; "
    "the Smokehouse upgrades it to smoked fish.",
    "wood": "Standard good, 1 energy, and building material. From the wood Offer space; the "
    "Charcoal Kiln upgrades it to charcoal, the Joinery buys it.",
    "clay": "Standard good, building material (brick may be paid instead). From the clay Offer "
    "space and the Clay Mound; the Brickworks upgrades it to brick.",
    "iron": "Standard good, building material (steel may be paid instead). From the iron Offer "
    "space, the Ironworks, the Marketplace, the Hardware Store and the Black Market; the Steel "
    "Mill upgrades it to steel.",
    "grain": "Standard good, worth no food until baked. From the grain Offer space and the "
    "harvest (1 more with at least 1 grain); the Bakehouse upgrades it to bread.",
    "cattle": "Standard good, worth no food until slaughtered. From the cattle Offer space and "
    "the harvest (1 more with at least 2 cattle); the Abattoir upgrades it to meat.",
    "coal": "Standard good, 3 energy. Only from building actions (the Colliery, and special "
    "buildings such as the Labor Exchange); the Cokery upgrades it to coke.",
    "hides": "Standard good. Only from building actions (the Abattoir: 1 hide for every 2 "
    "cattle slaughtered); the Tannery upgrades it to leather.",
    "smoked_fish": "Upgraded good, 2 food. From the Smokehouse.",
    "charcoal": "Upgraded good, 3 energy. From the Charcoal Kiln.",
    "brick": "Upgraded good, building material: may always be paid instead of clay. From the "
    "Brickworks and the Hardware Store; a Wharf's first non-wooden ship needs 1.",
    "steel": "Upgraded good, building material: may always be paid instead of iron. From the "
    "Steel Mill (5 energy per steel), the Steelworks and the Business Office.",
    "bread": "Upgraded good, 2 food. From the Bakehouse.",
    "meat": "Upgraded good, 3 food. From the Abattoir.",
    "coke": "Upgraded good, 10 energy. From the Cokery.",
    "leather": "Upgraded good. From the Tannery; sold at the Shipping Line (4 Francs each) or to "
    "the Clothing Industry, Furriery, Leather Industry and Furniture Factory.",
    "francs": "Money. Each Franc counts as 1 food (a fee in food or the round's food may always "
    "be paid in Francs, never the reverse); buys buildings and ships; counts as wealth at the end.",
}
