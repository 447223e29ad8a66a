"""Board queries: the 55 neighborhoods, their kinds, districts and
adjacency (R-9), bridges, statues and lakes.

The names of the kinds, areas, districts and tokens, the ten Metropolys
cards and the decks of a game (``area_cards``, ``neighborhood_cards``) are
core's.

Neighborhood ids are ``0..54``: center 0-14, north 15-24, east 25-34,
south 35-44, west 45-54. Functions raise ``ValueError`` for other ids.
"""

from ._metropolys import (
    AREAS,
    DISTRICTS,
    KINDS,
    METROPOLYS_CARDS,
    NEIGHBORHOOD_COUNT,
    TOKENS,
    area_cards,
    adjacent,
    board_info,
    district_neighborhoods,
    is_blind_alley,
    is_border,
    neighborhood_cards,
    neighborhood_district,
    neighborhood_kind,
    neighbors,
    position,
)

__all__ = [
    "AREAS",
    "DISTRICTS",
    "KINDS",
    "METROPOLYS_CARDS",
    "NEIGHBORHOOD_COUNT",
    "TOKENS",
    "area_cards",
    "adjacent",
    "board_info",
    "district_neighborhoods",
    "is_blind_alley",
    "is_border",
    "neighborhood_cards",
    "neighborhood_district",
    "neighborhood_kind",
    "neighbors",
    "position",
]
