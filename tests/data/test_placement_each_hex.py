"""The placement flag each_hex ("place in hexes ... — at least one unit per hex",
crete:scenario:9#38, crete:scenario:10#32-33): said only of several units placed
within an area, and the area no larger than the units can fill."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from kriegsspiel.core.scenario import Placement


def test_each_hex_is_for_several_units_within_an_area():
    ok = Placement.model_validate({"units": ["a", "b", "c"], "around": "01.01 01.02",
                                   "within": 0, "each_hex": True})
    assert ok.each_hex
    for bad in ({"unit": "a", "hex": "01.01", "within": 0, "each_hex": True},
                {"units": ["a", "b"], "hexes": "01.01 01.02", "each_hex": True}):
        with pytest.raises(ValidationError, match="'each_hex' is for placing several"):
            Placement.model_validate(bad)


def test_the_units_must_be_enough_to_fill_the_area(tmp_path):
    from kriegsspiel.core.errors import KsError
    from kriegsspiel.core.players import KeyedPlayer, Table
    from kriegsspiel.engine.starting import find_scenario, start
    text = find_scenario("crete/gala").read_text(encoding="utf-8")
    old = 'around: "42.12 42.13 43.12 43.13"\n    within: 0\n'
    assert old in text
    path = tmp_path / "gala.yaml"       # six units, at least one in each of seven hexes
    path.write_text(text.replace(old, 'around: "42.12"\n    within: 1\n'), encoding="utf-8")
    with pytest.raises(KsError, match="6 units cannot put one in each of the 7 hexes"):
        start(str(path), Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}), seed=1)
