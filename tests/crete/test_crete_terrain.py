"""Crete terrain (crete:2.x) over the series rules: the printed Fire Rating
modifiers and the Column-only hexes for vehicles."""

from __future__ import annotations

import pytest

from kriegsspiel.engine.rulebook import build_program


@pytest.fixture(scope="module")
def crete():
    return build_program(["crete"])


@pytest.mark.parametrize("terrain, modifier", [
    ("clear", 0), ("orchard", -1), ("scrub", -1), ("village", -1), ("town", -2),
    ("city", -3), ("fortified", -4)])
def test_fire_rating_modifiers_as_printed(crete, terrain, modifier):
    """crete:2.1#2, crete:2.2#4, crete:2.3#4, crete:2.4#2, crete:2.5#2, crete:2.6#2,
    crete:2.7#2: "modify the Fire Rating of Units firing into the hex by ..."."""
    assert crete.lookup("terrain_fire_modifier", terrain) == modifier


def test_the_row_names_its_crete_rule(crete):
    """An exclusive override carries its own citation (crete:2.7) and layer."""
    row = next(r for r in crete.decls["terrain_fire_modifier"].rows
               if r.keys[0].value == "fortified")
    assert (row.layer, [str(c) for c in row.cites]) == ("exclusive", ["crete:2.7"])


@pytest.mark.parametrize("terrain", ["town", "city", "fortified"])
def test_vehicles_enter_towns_cities_and_forts_only_in_column(crete, terrain):
    """crete:2.5–2.7: Wheeled and Tracked Units only in Column; Leg Units as ever."""
    for mclass in ("tracked", "wheeled"):
        assert crete.lookup("terrain_cost", terrain, mclass, 0) is None
        assert crete.lookup("terrain_cost", terrain, mclass, 1) is not None
    assert crete.lookup("terrain_cost", terrain, "leg", 0) is not None
