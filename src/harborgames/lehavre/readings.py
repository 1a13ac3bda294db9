"""Where the sources read Le Havre's components differently from the rulebook (seed 003).

The tables in ``data.py`` hold the rulebook's reading; this holds the sources' reading of each
disputed value (docs/rules/reference-lehavre.md, "Disagreements"). A rule option switches to one.
"""

from __future__ import annotations

from collections.abc import Mapping

from .data import ECONOMIC, BuildCost

# -- where the sources read the components differently ---------------------------------------------
SourceValue = BuildCost | int | bool | str | tuple[str, ...]

# (building id or table, field) -> the sources' reading, where it differs from the rulebook's reading
# stored above (ref §8; docs/rules/reference-lehavre.md, "Disagreements"). None of these is used by
# default; a rule option can switch to one.
SOURCE_READINGS: Mapping[tuple[str, str], SourceValue] = {
    # §8.1: Kobiela and the Spanish 2p expert system print 3 wood; marvelmagnum agrees with the rulebook.
    ("ironworks", "cost"): BuildCost(wood=3, brick=2),
    # §8.2: Kobiela prints 2 clay; marvelmagnum agrees with the rulebook (1 clay).
    ("arts_center", "cost"): BuildCost(wood=1, clay=2),
    # §8.3: Kobiela types it economic (affects Marketplace, Town Square, Town Hall, Bank, Guildhouse counts).
    ("hardware_store", "type"): ECONOMIC,
    # §8.4: Kobiela's defaults (up to 6 sets for 3 Francs each) against the rulebook's 3 sets for 8 Francs.
    ("diner", "text"): "Exchange 1 wood + 1 smoked fish + 1 bread up to 6 times for 3 Francs each set.",
    # §8.6: Kobiela allows both exchanges in one visit, at most 1 charcoal and at most 5 coal.
    ("coal_trader", "text"): "Exchange 1 food for 1 charcoal (at most once) and/or 2 food for 1 coal "
    "(at most 5 times).",
    # §8.5: Kobiela numbers it inside the base run 001-035, which with the Football Stadium is the
    # rulebook's 36 exactly; inference, not confirmed.
    ("harbor_watch", "expansion_only"): False,
    # §8.9: Kobiela gives the solo player in the short game the ship of R01, and puts the ship of R03
    # face up on the wooden ship pile; the rulebook names starting ships for 2 players only.
    ("STARTING_SHIPS", "1 player, short"): ("R01",),
    ("STARTING_SHIPS", "1 player, short, on the wooden pile"): ("R03",),
    # §7a: Kobiela caps the solo Marketplace at 4 goods (a lobby setting, 2-8); the rulebook: at most 8.
    ("marketplace", "solo maximum goods"): 4,
}
