"""Sentence by sentence: Supply (crete:S4.0), Allied Morale and Withdrawal
(crete:S5.0), German Reinforcements (crete:S7.0), Allied Battalions (crete:S9.1)
and Divisional Trucks (crete:S10.0) — what the older tests of those rules leave
unchecked."""

from __future__ import annotations

import re

import pytest

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.setup import start
from kriegsspiel.rule_index import load_sentences


@pytest.fixture(scope="module")
def jump():
    """Scenario 12 (maleme, rethymnon, heraklion, kastelli; S10.0 in effect)."""
    return start("crete/jump", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}), seed=1)


# ---- S10.0 Divisional Trucks -----------------------------------------------------------

def test_s10_trucks_only_on_the_maleme_canea_suda_and_georgeoupolis_maps(jump):
    """crete:S10.0#15: "Divisional Trucks may only be used on the Maleme, Canea-Suda,
    and Georgeoupolis maps": in Scenario 12 a CREFOR Unit In Command on the Heraklion
    sheet may not take a truck, one on the Maleme sheet may — the sheet of the Unit's
    hex decides, not the first map of the scenario; the Canea-Suda sheet (canea_suda)
    is one of the three."""
    on_heraklion, on_maleme = jump.ref("unit", "1 1/7 Inf"), jump.ref("unit", "1 1/2 Inf")
    assert jump.value("map_of", jump.attr(on_heraklion, "hex")) == "heraklion"
    assert jump.value("map_of", jump.attr(on_maleme, "hex")) == "maleme"
    assert jump.value("in_command", on_heraklion) and jump.value("in_command", on_maleme)
    assert not jump.value("may_board_truck", on_heraklion)
    assert jump.value("may_board_truck", on_maleme)
    gala = start("crete/gala", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}), seed=1)
    on_canea_suda = gala.ref("unit", "B 1 Welch")
    assert gala.value("map_of", gala.attr(on_canea_suda, "hex")) == "canea_suda"
    assert gala.value("truck_map_at", gala.attr(on_canea_suda, "hex"))


def test_s10_a_loaded_truck_never_drives_onto_another_sheet(jump):
    """crete:S10.0#15: a truck is used wherever it drives: a loaded truck may enter a
    Maleme hex, not a Heraklion one."""
    truck = jump.ref("unit", "CREFOR Divisional Truck 1")
    load = jump.ref("unit", "1 1/2 Inf")
    jump.state.set_link(truck, "truck_carrying", load, [{"what": "test"}])
    try:
        assert jump.value("may_enter", truck, "maleme:47.18", "formation")
        assert not jump.value("may_enter", truck, "heraklion:20.12", "formation")
        assert jump.value("may_enter", load, "heraklion:20.12", "formation")
    finally:
        jump.state.set_link(truck, "truck_carrying", None, [{"what": "test"}])
