"""Allied Attachments (crete:S9.0) of the Battalions of crete:S9.1, and a
scenario's "B/18 is treated as an Independent Unit" (crete:scenario:8), over the
series' In Command and activations (gts:21.4, gts:10.0.1, gts:10.0.5)."""

from __future__ import annotations

import copy

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.rulebook import build_program

from conftest import INFANTRY, session_on_open_map


@pytest.fixture(scope="module")
def crete():
    return build_program(["crete"])


def _unit(formation, division, tags, **front):
    return {"name": "", "side": "Allied", "division": division, "formation": formation,
            "unit_class": "infantry", "back_kind": None, "tags": tags,
            "faces": {"front": {**INFANTRY, **front}}}


def _leader(formation, division, command_range=2, attachment_rating=1):
    return {"name": "", "side": "Allied", "division": division, "formation": formation,
            "command_range": command_range, "attachment_rating": attachment_rating}


CATALOG = {
    "side": {"Allied": {"name": "Allied"}, "Axis": {"name": "Axis"}},
    "division": {"nz": {"name": "2nd New Zealand Division", "side": "Allied",
                        "command_rating": 4},
                 "crefor": {"name": "CREFOR", "side": "Allied", "command_rating": 2}},
    "formation": {
        "4th NZ Bde": {"division": "nz", "side": "Allied", "leader": "L4", "kind": "brigade"},
        "5th NZ Bde": {"division": "nz", "side": "Allied", "leader": "L5", "kind": "brigade"},
        "NZ Independent": {"division": "nz", "side": "Allied", "leader": None,
                           "kind": "independent"},
        "Layforce": {"division": "crefor", "side": "Allied", "leader": "LL", "kind": "brigade"},
        "MNDBO": {"division": "crefor", "side": "Allied", "leader": "LM", "kind": "brigade"},
    },
    "leader": {"L4": _leader("4th NZ Bde", "nz"), "L5": _leader("5th NZ Bde", "nz"),
               "LL": _leader("Layforce", "crefor"), "LM": _leader("MNDBO", "crefor")},
    "unit": {
        "A 20 Bn": _unit("4th NZ Bde", "nz", ["battalion:20 Bn"]),
        "B 20 Bn": _unit("4th NZ Bde", "nz", ["battalion:20 Bn"]),
        "S(Mtr) 20 Bn": _unit("4th NZ Bde", "nz", ["battalion:20 Bn"], weapon_class="MORTAR"),
        "B 18 Bn": _unit("4th NZ Bde", "nz", ["battalion:18 Bn"]),
        "A 21 Bn": _unit("5th NZ Bde", "nz", ["battalion:21 Bn"]),
        "FPC": _unit("5th NZ Bde", "nz", []),                    # "not part of a battalion"
        "A BN": _unit("Layforce", "crefor", ["battalion:A BN"]),
        "A RM Bn": _unit("MNDBO", "crefor", ["battalion:Royal Marines"]),
    },
    "chit": {},
    "effect": {},
    "special_rule": {"crete:S9.0": {"name": "crete:S9.0"}},
    "game": {"game": {"turns": [{"label": "0700"}, {"label": "1100"}], "maps": ["maleme"]}},
}

# 4th NZ Bde around 02.02, 5th NZ Bde around 10.10: each Leader's range (2)
# reaches only his own Brigade's hexes.
PLACES = {"L4": "02.02", "A 20 Bn": "10.09", "B 20 Bn": "10.11", "B 18 Bn": "11.10",
          "S(Mtr) 20 Bn": "11.11",
          "L5": "10.10", "A 21 Bn": "10.10", "FPC": "09.10",
          "LL": "18.02", "A BN": "18.02", "LM": "18.08", "A RM Bn": "18.08"}


def session_for(program, allied=None, effects=None, special=True):
    catalog = copy.deepcopy(CATALOG)
    catalog["effect"] = effects or {}
    if not special:
        catalog["special_rule"] = {}
    players = Table({"Allied": allied or KeyedPlayer(), "Axis": KeyedPlayer()})
    return session_on_open_map(program, catalog, players, PLACES)


def attached_to(session, unit):
    found = session.state.attr(session.ref("unit", unit), "battalion_with")
    return found.id if found is not None else None


def offered(player, key="next_unit"):
    asked = [d.options for d in player.asked if d.key == key]
    return sorted(getattr(o, "id", o) for o in asked[0]) if asked else []


TWENTIETH_TO_FIFTH = {"s9 1": {"kind": "battalion_attached", "rule": "s9",
                               "battalion": "20 Bn", "formation": "5th NZ Bde"}}


def test_a_scenario_attachment_moves_command_and_activation(crete):
    """crete:S9.0 via crete:scenario:7: "The New Zealand 20th Battalion is attached to
    the 5th NZ Brigade as per S9.0": "commanded by the new parent formation leader and
    ... activated with that Formation activation. No roll is required.".
    Sentences: crete:S9.0#3.
    """
    player = KeyedPlayer({"action": "pass", "stack_with": "done", "battalion_attachment": "none"})
    session = session_for(crete, player, effects=TWENTIETH_TO_FIFTH)
    a20 = session.ref("unit", "A 20 Bn")
    assert not session.value("in_command", a20)          # 4th NZ Bde's Leader is far away
    session.perform("attach_allied_battalions")
    # The scenario announced the 2nd NZ Division's attachment; CREFOR is asked.
    assert [(d.key, d.subject.id) for d in player.asked] == [("battalion_attachment", "crefor")]
    player.asked.clear()
    assert attached_to(session, "A 20 Bn") == attached_to(session, "B 20 Bn") == "5th NZ Bde"
    assert session.value("in_command", a20)              # in range of the 5th's Leader
    assert session.value("acting_formation", a20).id == "5th NZ Bde"
    session.perform("activate_formation", session.ref("formation", "5th NZ Bde"))
    assert offered(player) == ["A 20 Bn", "A 21 Bn", "B 20 Bn", "FPC", "S(Mtr) 20 Bn"]
    # gts:16.4: its mortar is spotted for by the Units of its new Formation.
    assert session.value("spotter_formation_leader",
                         session.ref("unit", "S(Mtr) 20 Bn")).id == "L5"
    player.asked.clear()
    session.perform("activate_formation", session.ref("formation", "4th NZ Bde"))
    assert offered(player) == ["B 18 Bn"]                # the 20th no longer acts with its own


def test_without_s9_nothing_is_attached(crete):
    """crete:S9.0 acts only when the scenario lists it in "Special Rules in Effect"."""
    session = session_for(crete, effects=TWENTIETH_TO_FIFTH, special=False)
    session.perform("attach_allied_battalions")
    assert attached_to(session, "A 20 Bn") is None
    assert not session.value("in_command", session.ref("unit", "A 20 Bn"))


def test_step_f_one_battalion_per_division_and_it_may_return(crete):
    """crete:S9.0: "Each Allied Division may attach one Battalion from one Brigade
    Formation to another ... Only one Battalion may be attached at any time, per
    Division, and remains attached until the next game turn, when it can return to its
    original Brigade Formation, be attached to another brigade, or remain"; crete:S9.1:
    Layforce "cannot be attached"; FPC "is not part of a battalion".
    Sentences: crete:S9.0#1, crete:S9.0#2, crete:S9.0#5, crete:S9.1#22.
    """
    player = KeyedPlayer({"battalion_attachment": ["20 Bn", "none", "21 Bn", "none"],
                          "attachment_formation": ["5th NZ Bde", "4th NZ Bde"]})
    session = session_for(crete, player)
    session.perform("attach_allied_battalions")
    questions = [(d.key, d.subject.id, sorted(map(str, d.options))) for d in player.asked]
    assert questions == [
        ("battalion_attachment", "nz", ["18 Bn", "20 Bn", "21 Bn", "none"]),
        ("attachment_formation", "nz", ["5th NZ Bde"]),
        ("battalion_attachment", "crefor", ["Royal Marines", "none"])]   # no Layforce Bn
    assert attached_to(session, "A 20 Bn") == "5th NZ Bde"
    # The next turn's step F: the 21st goes to the 4th; the 20th returns home.
    session.perform("attach_allied_battalions")
    assert attached_to(session, "A 21 Bn") == "4th NZ Bde"
    assert attached_to(session, "A 20 Bn") is None and attached_to(session, "B 20 Bn") is None
    assert session.value("acting_formation", session.ref("unit", "A 20 Bn")).id == "4th NZ Bde"
    assert attached_to(session, "A RM Bn") is None and attached_to(session, "A BN") is None


def test_an_answer_outside_the_options_changes_nothing(crete):
    """crete:S9.1: "Layforce ... cannot be attached": naming its battalion is refused,
    and the whole step is undone."""
    player = KeyedPlayer({"battalion_attachment": ["20 Bn", "A BN"],
                          "attachment_formation": "5th NZ Bde"})
    session = session_for(crete, player)
    before, events = session.state.digest(), len(session.state.log)
    with pytest.raises(KsError):
        session.perform("attach_allied_battalions")
    assert session.state.digest() == before and len(session.state.log) == events
    assert attached_to(session, "A 20 Bn") is None


def test_a_unit_treated_as_independent(crete):
    """crete:scenario:8: "B/18 is treated as an Independent Unit": In Command of any
    Leader of its Division (gts:21.4.1), attached like a white-striped Unit (gts:21.6.2),
    never under Direct Command (gts:10.0.5), and not part of its Brigade."""
    effects = {"s8 1": {"kind": "independent_unit", "rule": "s8", "unit": "B 18 Bn"}}
    b18 = "B 18 Bn"
    plain = session_for(crete)
    assert not plain.value("in_command", plain.ref("unit", b18))      # far from L4
    player = KeyedPlayer({"attach": b18, "action": "pass", "stack_with": "done"})
    session = session_for(crete, player, effects=effects)
    unit = session.ref("unit", b18)
    assert session.value("independent", unit)
    assert session.value("in_command", unit)                          # L5 is in range
    assert session.value("acting_formation", unit) is None
    session.set_initial(session.ref("division", "nz"), "cp", 5)
    assert not session.value("direct_command_eligible", unit, session.ref("side", "Allied"))
    session.perform("activate_formation", session.ref("formation", "4th NZ Bde"))
    assert offered(player) == ["A 20 Bn", "B 20 Bn", "S(Mtr) 20 Bn"]  # not with its Brigade
    player.asked.clear()
    session.perform("activate_formation", session.ref("formation", "5th NZ Bde"))
    assert offered(player, "attach") == [b18, "none"]
    assert b18 in offered(player)
    # And it is no Battalion's Unit for S9.0 any more.
    assert not session.value("attachable_unit", unit)


def test_the_heuristic_bot_keeps_the_scenario_attachment(crete):
    """crete:S9.0: the heuristic player has no plan to regroup Brigades: the Battalion
    a scenario attached stays where it is; with none attached it attaches none."""
    from kriegsspiel.dsl.runtime import Decision
    from kriegsspiel.modules.gts.bot import HeuristicPlayer

    session = session_for(crete, KeyedPlayer({"battalion_attachment": "none"}),
                          effects=TWENTIETH_TO_FIFTH)
    session.perform("attach_allied_battalions")
    bot = HeuristicPlayer(session)
    nz, crefor = session.ref("division", "nz"), session.ref("division", "crefor")
    allied = session.ref("side", "Allied")
    assert bot.decide(Decision(allied, "battalion_attachment", nz,
                               ("18 Bn", "20 Bn", "21 Bn", "none"))) == "20 Bn"
    fifth, fourth = session.ref("formation", "5th NZ Bde"), session.ref("formation", "4th NZ Bde")
    assert bot.decide(Decision(allied, "attachment_formation", nz, (fourth, fifth))) == fifth
    assert bot.decide(Decision(allied, "battalion_attachment", crefor,
                               ("Royal Marines", "none"))) == "none"


def test_scenario_8_sets_up_the_attachment_and_the_independent_company():
    """crete:scenario:8 "Squeezing Kiwis": "The New Zealand 20th Battalion is attached to
    the 5th NZ Brigade as per S9.0. B/18 is treated as an Independent Unit." — from the
    scenario file to the first turn's step F (crete:3.2 F. II).
    Sentences: crete:S9.0#2.
    crete:scenario:8#63-64
    """
    from kriegsspiel.engine.starting import start

    allied = KeyedPlayer()
    session = start("crete/kiwis", Table({"Allied": allied, "Axis": KeyedPlayer()}), seed=1)
    session.perform("attachment_phase")
    assert not [d for d in allied.asked if d.key == "battalion_attachment"]
    for company in ("A 20 Bn", "B 20 Bn"):
        assert attached_to(session, company) == "5th NZ Bde"
    fifth = session.ref("formation", "5th NZ Bde")
    members = {u.id for u in session.value("formation_members", fifth)}
    assert {"A 20 Bn", "B 20 Bn", "A 22 Bn"} <= members
    b18 = session.ref("unit", "B 18 Bn")
    assert session.value("independent", b18)
    assert session.value("acting_formation", b18) is None
