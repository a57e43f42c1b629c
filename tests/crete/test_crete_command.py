"""Command in Crete: Greek units (crete:6.0), Auto-Command (crete:8.0) and
Kampfgruppe Commanders (crete:S8.0), over the series' In Command (gts:21.4)."""

from __future__ import annotations

import pytest

from kriegsspiel.engine.rulebook import build_program


@pytest.fixture(scope="module")
def crete():
    return build_program(["crete"])


def test_greek_units_answer_to_any_allied_leader(make_session, crete):
    """crete:6.0#3: "Greek Units are In Command if they are in range of any Allied
    Leader"; crete:6.0#8: they "may not spot for Indirect Fire or create Rearguards"."""
    session = make_session(program=crete, placement={"greek": "04.05", "bedding": "05.05"})
    greek = session.ref("unit", "greek")
    series = make_session(placement={"greek": "04.05", "bedding": "05.05"})
    for s in (session, series):
        s.state.catalog["formation"]["inf1"]["leader"] = None         # no Greek Leader
        # Bedding of another Allied Division: under the series rules only a
        # Leader of the Unit's own Division commands a leaderless Formation
        # (gts:21.4#5); crete:6.0 lets any Allied Leader command Greeks.
        s.state.catalog["division"]["nz_other"] = dict(s.state.catalog["division"]["nz2"])
        s.state.catalog["leader"]["bedding"]["division"] = "nz_other"
    assert not series.value("in_command", series.ref("unit", "greek"))
    session.state.catalog["unit"]["greek"]["tags"] = ["greek"]
    assert session.value("in_command", greek)
    assert not session.value("spotter_kind_allowed", greek)
    assert not session.value("rearguard_kind_allowed", greek)
    session.place("bedding", "15.12", "leader")
    assert not session.value("in_command", greek)


def test_kampfgruppe_commanders_and_auto_command(make_session, crete):
    """crete:S8.0: a Kampfgruppe Leader keeps the Division's Units within his range
    In Command; crete:8.0#3: Auto-Command Units always are.
    Sentences: crete:S8.0#4, crete:S8.0#5.
    """
    session = make_session(program=crete, placement={"pi1": "10.10", "schaette": "10.11"})
    session.state.catalog["formation"]["pi95"]["leader"] = None
    session.state.catalog["leader"]["schaette"].update(kind="kampfgruppe", formation=None)
    pi1 = session.ref("unit", "pi1")
    assert session.value("in_command", pi1)
    session.place("schaette", "01.01", "leader")
    assert not session.value("in_command", pi1)
    session.state.catalog["unit"]["pi1"]["faces"]["front"]["auto_command"] = True
    assert session.value("in_command", pi1)


def test_a_scenario_leader_commands_tagged_units_anywhere_on_his_map(make_session, crete):
    """crete:scenario:learning: "Major Bedding ... allows Greek Units on the Kastelli
    map to be In Command" — the effect commands_tagged_units, read by crete:6.0.
    crete:scenario:learning#32"""
    from kriegsspiel.core.players import KeyedPlayer
    allies = KeyedPlayer({"action": "pass", "stack_with": "done"})
    session = make_session(program=crete, rolls=[0, 0], allies=allies,
                           placement={"greek": "15.12", "bedding": "01.01"})
    catalog = session.state.catalog
    catalog["formation"]["inf1"]["leader"] = None
    catalog["unit"]["greek"]["tags"] = ["greek"]
    greek = session.ref("unit", "greek")
    assert not session.value("in_command", greek)             # far beyond his range
    catalog["game"]["game"]["maps"] = ["kastelli"]
    catalog["effect"] = {"major-bedding 1": {
        "kind": "commands_tagged_units", "rule": "major-bedding", "leader": "bedding",
        "unit_tag": "greek", "map": "kastelli"}}
    assert session.value("in_command", greek)
    session.perform("activate_division", session.ref("division", "nz2"))
    offers = [d.options for d in allies.asked if d.key == "next_unit"]
    assert "greek" in [u.id for u in offers[0]]               # crete:6.0: and so activates
    session.place("bedding", "01.01", "leader")               # he transferred: back again
    catalog["game"]["game"]["maps"] = ["heraklion"]           # another map: no effect
    assert not session.value("in_command", greek)


def test_kampfgruppe_commanders_deploy_in_step_f_and_transfer(make_session, crete):
    """crete:3.1 and crete:S8.0 (where a scenario lists it): Kampfgruppe Leaders
    "may be placed on any unit of the Division during Step F ... Once placed, they are not removed from the map"; they
    "may transfer at the end of the Division Activation".
    Sentences: crete:S8.0#1, crete:S8.0#2, crete:S8.0#3, crete:S8.0#7.
    """
    from kriegsspiel.core.players import KeyedPlayer
    axis = KeyedPlayer({"deploy_kampfgruppe": "truck", "action": "pass",
                        "stack_with": "done", "transfer_leader": "pi1"})
    session = make_session(program=crete, rolls=[0, 0], axis=axis,
                           placement={"pi1": "10.10", "truck": "03.03"})
    catalog = session.state.catalog
    catalog["formation"]["pi95"]["leader"] = None
    catalog["leader"]["schaette"].update(kind="kampfgruppe", formation=None)
    session.place("schaette", None, "leader")
    schaette = session.ref("leader", "schaette")
    session.perform("attachment_phase")  # S8.0 not in effect (Scenarios 1-4 and 7)
    assert [d for d in axis.asked if d.key == "deploy_kampfgruppe"] == []
    assert session.attr(schaette, "hex") is None
    catalog.setdefault("special_rule", {})["crete:S8.0"] = {"name": "crete:S8.0"}
    session.perform("attachment_phase")
    offered = [d.options for d in axis.asked if d.key == "deploy_kampfgruppe"][0]
    assert offered[0] == "wait" and sorted(u.id for u in offered[1:]) == ["pi1", "truck"]
    assert session.attr(schaette, "hex") == "03.03"
    session.perform("attachment_phase")                        # placed: never asked again
    assert len([d for d in axis.asked if d.key == "deploy_kampfgruppe"]) == 1
    session.perform("activate_division", session.ref("division", "geb5"))
    assert session.attr(schaette, "hex") == "10.10"


def test_independents_in_a_kampfgruppe_commanders_range_attach(make_session, crete, gts):
    """crete:S8.0: "Independent Units within Command Range of a Kampfgruppe Commander
    are considered to be In Command" in a Formation Activation, and "count against the
    Formation Leader's Attachment Rating" (gts:21.5: otherwise his own range).
    Sentences: crete:S8.0#5, crete:S8.0#6.
    """
    from conftest import INFANTRY

    from kriegsspiel.core.players import KeyedPlayer

    def build(program):
        axis = KeyedPlayer({"attach": "indep1", "action": "pass", "stack_with": "done",
                            "transfer_leader": "stay"})
        session = make_session(program=program, axis=axis, placement={"schaette": "15.06"})
        catalog = session.state.catalog
        catalog["leader"]["kg"] = {"name": "Kgr. Commander", "side": "axis", "division": "geb5",
                                   "formation": None, "kind": "kampfgruppe",
                                   "command_range": 2, "attachment_rating": 0}
        catalog["formation"]["indep"] = {"name": "Independents", "side": "axis",
                                         "division": "geb5", "leader": None}
        catalog["unit"]["indep1"] = {"name": "indep1", "side": "axis", "division": "geb5",
                                     "formation": "indep", "back_kind": None,
                                     "faces": {"front": {**INFANTRY, "stripe": "white"}}}
        session.place("indep1", "03.03")
        session.place("kg", "03.04", "leader")
        session.perform("activate_formation", session.ref("formation", "pi95"))
        return [d.options for d in axis.asked if d.key == "attach"]

    assert [[getattr(o, "id", o) for o in options] for options in build(crete)] == \
        [["indep1", "none"]]
    assert build(gts) == []                                  # out of Schaette's range


def test_kampfgruppe_commanders_stay_when_a_unit_without_formation_dies(make_session, crete):
    """crete:S8.0: "Once placed, they are not removed from the map" — the series'
    Leader-without-Units rule (gts:21.3) leaves a Kampfgruppe Leader alone, even when
    a Unit with no Formation (a Rearguard counter) is eliminated beside him.
    Sentences: crete:S8.0#3.
    """
    from conftest import INFANTRY
    session = make_session(program=crete, placement={"schaette": "05.05"})
    catalog = session.state.catalog
    catalog["leader"]["schaette"].update(kind="kampfgruppe", formation=None)
    catalog["unit"]["rg"] = {"name": "Rearguard", "side": "axis", "division": "geb5",
                             "formation": None, "back_kind": None, "tags": ["rearguard"],
                             "faces": {"front": INFANTRY}}
    session.place("rg", "05.05")
    session.ctx.emit("unit_eliminated", {"unit": session.ref("unit", "rg")})
    assert session.attr(session.ref("leader", "schaette"), "hex") == "05.05"
