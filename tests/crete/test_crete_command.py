"""Command in Crete: Greek units (crete:6.0), Auto-Command (crete:8.0) and
Kampfgruppe Commanders (crete:S8.0), over the series' In Command (gts:21.4)."""

from __future__ import annotations

import pytest

from kriegsspiel.rulebook import build_program


@pytest.fixture(scope="module")
def crete():
    return build_program(["crete"])


def test_greek_units_answer_to_any_allied_leader(make_session, crete):
    """crete:6.0: "Greek Units are In Command if they are in range of any Allied
    Leader"; they "may not spot for Indirect Fire or create Rearguards"."""
    session = make_session(program=crete, placement={"greek": "04.05", "bedding": "05.05"})
    session.state.catalog["formation"]["inf1"]["leader"] = None       # no Greek Leader
    greek = session.ref("unit", "greek")
    series = make_session(placement={"greek": "04.05", "bedding": "05.05"})
    series.state.catalog["formation"]["inf1"]["leader"] = None
    assert not series.value("in_command", series.ref("unit", "greek"))
    session.state.catalog["unit"]["greek"]["tags"] = ["greek"]
    assert session.value("in_command", greek)
    assert not session.value("spotter_kind_allowed", greek)
    assert not session.value("rearguard_kind_allowed", greek)
    session.place("bedding", "15.12", "leader")
    assert not session.value("in_command", greek)


def test_kampfgruppe_commanders_and_auto_command(make_session, crete):
    """crete:S8.0: a Kampfgruppe Leader keeps the Division's Units within his range
    In Command; crete:8.0: Auto-Command Units always are."""
    session = make_session(program=crete, placement={"pi1": "10.10", "schaette": "10.11"})
    session.state.catalog["formation"]["pi95"]["leader"] = None
    session.state.catalog["leader"]["schaette"].update(kind="kampfgruppe", formation=None)
    pi1 = session.ref("unit", "pi1")
    assert session.value("in_command", pi1)
    session.place("schaette", "01.01", "leader")
    assert not session.value("in_command", pi1)
    session.state.catalog["unit"]["pi1"]["faces"]["front"]["auto_command"] = True
    assert session.value("in_command", pi1)
