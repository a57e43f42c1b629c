"""Rearguards and Roadblocks (crete:7.0): the scenario's numbers are each
Division's, on Scenario 9 "Dancing at the Gala" — "The 2nd NZ Division has 4
Rearguards and 2 Roadblocks available. CREFOR has 2 Rearguards and 2 Roadblocks
available. The 7. Flieger Division has 2 Nachhuten and 1 Sperre available.
Gebirgs Division has 2 Nachhuten and 2 Sperren available.\""""

from __future__ import annotations

from kriegsspiel.core.players import Table
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.starting import start

NZ, CREFOR = "2nd New Zealand Division", "CREFOR"
FJ, GEB = "7. Flieger Division", "5. Gebirgs Division"


def sapper_of(session, division, hex_id):
    """A Unit of *division* made an engineer, alone in *hex_id*."""
    name = next(u for u, e in session.state.catalog["unit"].items()
                if e["division"] == division and "rearguard" not in e.get("tags", [])
                and e.get("formation"))
    session.state.catalog["unit"][name]["engineer"] = True
    session.state.catalog["unit"][name]["faces"]["front"]["engineer"] = True
    session.place(name, hex_id)
    unit = session.ref("unit", name)
    session.set_initial(unit, "column", 0)
    return unit


def block(session, hex_id, division):
    session.set_initial(Ref("hex", hex_id), "road_block", 1)
    session.state.set_link(Ref("hex", hex_id), "road_block_of", session.ref("division", division),
                           [])


def offers_block(session, unit):
    return "road_block" in session.value("engineer_works", unit)


def test_each_division_has_its_own_number_of_road_blocks():
    """crete:7.0#3: "The number of Roadblocks and Rearguards available to a player
    is limited by the scenario instructions and is an absolute limit" — Scenario 9
    gives them Division by Division: with its one Sperre in play the 7. Flieger
    Division builds no other, though the German total (3) is not reached and the
    5. Gebirgs Division still may; the 2nd NZ Division's two leave CREFOR its own."""
    session = start("crete/gala", Table({}), seed=1)
    divisions = session.state.catalog["division"]
    assert [divisions[d].get("road_block_limit") for d in (NZ, CREFOR, FJ, GEB)] == [2, 2, 1, 2]
    road = sorted({h for pair in session.state.map.roads for h in pair
                   if not session.value("units_at", h)})
    fj, geb = sapper_of(session, FJ, road[0]), sapper_of(session, GEB, road[1])
    nz, crefor = sapper_of(session, NZ, road[2]), sapper_of(session, CREFOR, road[3])
    assert all(offers_block(session, u) for u in (fj, geb, nz, crefor))
    block(session, road[10], FJ)
    assert not offers_block(session, fj) and offers_block(session, geb)
    block(session, road[11], NZ)
    assert offers_block(session, nz)
    block(session, road[12], NZ)
    assert not offers_block(session, nz) and offers_block(session, crefor)
    block(session, road[13], GEB)
    block(session, road[14], GEB)
    assert not offers_block(session, geb)          # its two; and the German three


def test_a_limit_for_an_unknown_division_is_an_error(tmp_path):
    """A road block limit naming no Division of the game is refused at set-up, with
    the nearest name."""
    import pytest

    from kriegsspiel.core.errors import KsError
    from kriegsspiel.engine.starting import find_scenario
    text = find_scenario("crete/gala").read_text(encoding="utf-8")
    bad = tmp_path / "gala.yaml"
    old = 'CREFOR, count: 2, source: "crete:7.0"}\n  - {division: 7. Flieger Division, count: 1'
    assert text.count(old) == 1
    bad.write_text(text.replace(old, old.replace("CREFOR", "CREFORCE")), encoding="utf-8")
    with pytest.raises(KsError, match="unknown division 'CREFORCE'"):
        start(str(bad), Table({}), seed=1)
