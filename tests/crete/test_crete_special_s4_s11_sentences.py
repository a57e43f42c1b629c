"""Sentence by sentence: Supply (crete:S4.0), Allied Morale and Withdrawal
(crete:S5.0), German Reinforcements (crete:S7.0), Allied Battalions (crete:S9.1)
and Divisional Trucks (crete:S10.0) — what the older tests of those rules leave
unchecked."""

from __future__ import annotations

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


def test_s10_german_trucks_after_maleme_airfield_on_a_campaign_of_several_sheets():
    """crete:S10.0#17: "The turn following simultaneous German control of all three
    hexes of Maleme Airfield, with no Allied Fire Zones to any hex of the airfield,
    the German player receives one Divisional Truck for each Division" — in Scenario
    12, whose hexes carry their sheet's name (maleme:09.04), as on the Maleme map
    alone."""
    session = start("crete/jump", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    seed=1)
    axis = session.ref("side", "Axis")
    for unit_id, hex_id in list(session.state.placement.items()):
        if hex_id.startswith("maleme:") and unit_id in session.state.catalog["unit"] and \
                session.state.catalog["unit"][unit_id]["side"] == "Allied":
            session.place(unit_id, None)
    airfield = ["maleme:09.04", "maleme:10.04", "maleme:11.05"]
    assert session.value("maleme_airfield_hexes") == airfield
    fd = session.ref("division", "7. Flieger Division")
    assert session.value("trucks_on_display", fd) == []
    for hex_id in airfield[:2]:
        session.state.set_link(session.value("hex_at", hex_id), "controlled_by", axis, [])
    session.ctx.emit("turn_advanced", {"turn": 1})
    assert session.value("trucks_on_display", fd) == []        # two of the three
    session.state.set_link(session.value("hex_at", airfield[2]), "controlled_by", axis, [])
    session.ctx.emit("turn_advanced", {"turn": 2})
    assert [u.id for u in session.value("trucks_on_display", fd)] == \
        ["7. Flieger Divisional Truck"]


# ---- S9.1 Allied Battalions ----------------------------------------------------------------

# Spellings of the order of battle that differ from S9.1's list (the counters' own).
COUNTER_SPELLING = {"A /N Hussars": "A/N Hussar", "B /N Hussars": "B/N Hussar",
                    "4 NZ Fld Regt": "4 Nz Fld Regt"}


def battalions_in_the_data():
    from kriegsspiel.core.loading import load_game, shipped_roots
    game = load_game(shipped_roots()[0] / "crete")
    found: dict[str, set[str]] = {}
    for unit in game.units:
        for tag in unit.tags or []:
            if tag.startswith("battalion:"):
                name = unit.id.removesuffix(" •")
                found.setdefault(tag.split(":", 1)[1], set()).add(COUNTER_SPELLING.get(name, name))
    return game, found


def test_s9_1_each_battalion_is_the_units_the_list_names():
    """crete:S9.1#2-21 (CREFORCE) and crete:S9.1#24-31 (2nd New Zealand Infantry
    Division): "Below is a list of the Units that belong to each Battalion that can be
    attached" — row by row, the Battalion tags of the order of battle hold exactly
    the Units each line names (crete:S9.1#1)."""
    sentences = load_sentences()["crete"]
    _, found = battalions_in_the_data()
    rows = [sentences[f"crete:S9.1#{n}"]["text"] for n in list(range(2, 22)) + list(range(24, 32))]
    assert len(rows) == 28
    for row in rows:
        name, members = row.split(": ", 1)
        listed = {m.strip() for m in members.split(";")}
        assert found.get(name) == listed, name


def test_s9_1_who_is_in_no_battalion_and_layforce():
    """crete:S9.1#22: "Layforce has no Attachment Chit, and cannot be attached. 2/8 Fld
    RAE is not part of a battalion"; crete:S9.1#32: "FPC; 7 NZ Fld; 19 A Trp are not
    part of a battalion" — none of them has a Battalion tag, and Layforce's own
    companies are never attachable (attachments.ksr)."""
    game, found = battalions_in_the_data()
    tagged = set().union(*found.values())
    for loose in ("2/8 Fld RAE", "FPC", "7 NZ Fld", "19 A Trp"):
        assert any(u.id.removesuffix(" •") == loose for u in game.units), loose
        assert loose not in tagged
    mercury = start("crete/mercury", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    seed=1)
    layforce = [u for u, e in mercury.state.catalog["unit"].items()
                if e.get("formation") == "Layforce"]
    assert layforce
    assert not any(mercury.value("attachable_unit", mercury.ref("unit", u)) for u in layforce)
