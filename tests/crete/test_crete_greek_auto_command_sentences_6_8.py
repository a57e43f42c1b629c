"""Greek Units (crete:6.0) and Auto-Command Units (crete:8.0), sentence by
sentence: what the game data gives them, what a Formation Activation never does
with them, and the naval units' own chit — with the 20×12 session of
tests/conftest.py and the Crete scenarios."""

from __future__ import annotations

import pytest
from test_crete_activation_limits import activated, allied_player, auto_command, greek_session
from test_crete_optional_naval import go_to

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.starting import start


@pytest.fixture(scope="module")
def crete():
    return build_program(["crete"])


@pytest.mark.parametrize("scenario", ["crete/learning", "crete/precision", "crete/mercury"])
def test_greek_units_have_no_formation_chits_or_leaders(scenario):
    """crete:6.0#1: "The Greek Units ... do not have formation chits or Leaders" —
    in the game data no Formation Activation Chit and no Leader belongs to a
    Greek Formation, and every Greek Unit is tagged so."""
    session = start(scenario, Table({}), seed=1)
    catalog = session.state.catalog
    greek_formations = {f for f, e in catalog["formation"].items() if e.get("kind") == "greek"}
    assert greek_formations
    assert not any(c.get("kind") == "formation" and c.get("of", c.get("formation"))
                   in greek_formations for c in catalog["chit"].values())
    assert not any(c.get("formation") in greek_formations for c in catalog["chit"].values())
    assert not any(l.get("formation") in greek_formations for l in catalog["leader"].values())
    for unit in catalog["unit"].values():
        if unit.get("formation") in greek_formations:
            assert "greek" in unit["tags"]


def test_greek_units_never_take_an_attachment(make_session, crete):
    """crete:6.0#7: "Greek Units do not count against the Attachment Rating of the
    activating leader" — Major Bedding (Attachment Rating 1) activates his
    Formation with a Greek Unit in range, even one printed as an independent
    (white stripe): it is never offered for attachment and is not attached; the
    one attachment goes to the white-striped Unit that is not Greek."""
    player = allied_player(attach="police")
    session = greek_session(make_session, crete, player, placement={"police": "05.05"})
    catalog = session.state.catalog
    catalog["leader"]["bedding"]["attachment_rating"] = 1
    catalog["unit"]["greek"]["faces"]["front"]["stripe"] = "white"
    catalog["unit"]["police"]["faces"]["front"]["stripe"] = "white"
    catalog["unit"]["police"]["tags"] = []
    catalog["unit"]["police"]["formation"] = None
    session.perform("activate_formation", session.ref("formation", "inf1"))
    offers = [d.options for d in player.asked if d.key == "attach"]
    assert offers and all(session.ref("unit", "greek") not in o for o in offers)
    assert session.ref("unit", "police") in offers[0]
    attached = [e.data for e in session.state.log if e.kind == "link_changed" and
                e.data["link"] == "attached_to" and e.data["new"] is not None]
    assert [a["entity"] for a in attached] == ["unit:police"]


def test_auto_command_units_never_act_with_their_formation(make_session, crete):
    """crete:8.0#2: "You may never spend Command Points nor use Dispatch Points on
    these Units" — a Formation Activation (its chit bought with Dispatch Points)
    leaves the Auto-Command Unit of the Formation out; crete:8.0#4: it acts only
    under Direct Command."""
    axis = KeyedPlayer({"action": "pass", "stack_with": "done", "transfer_leader": "stay",
                        "second_action": False, "attach": "none"})
    session = make_session(program=crete, axis=axis)
    auto_command(session, "pi1")
    session.perform("activate_formation", session.ref("formation", "pi95"))
    assert activated(axis) == ["truck"]


def test_naval_units_act_only_under_the_naval_chit():
    """crete:8.0#7: "If using Optional Rule 2.0 Allied Naval Support, Allied Naval
    Units are activated only when the Naval Chit is pulled" — a ship at sea is
    never offered under Direct Command or a Division Activation; the Naval Chit
    activates it."""
    allied = {"direct_command_unit": "done", "action": "pass", "stack_with": "done",
              "transfer_leader": "stay", "second_action": False,
              "naval_action": "none", "naval_move": "remain", "naval_destination": "remain"}
    player = KeyedPlayer(allied)
    session = start("crete/piling_on", Table({"Axis": KeyedPlayer(), "Allied": player}),
                    options=("crete:O2.0",))
    go_to(session, "1941-05-22 night")
    session.perform("reinforcements_to_boxes")
    ship = session.ref("unit", "DD Flotilla 1")
    allies = session.ref("side", "Allied")
    assert not session.value("direct_command_eligible", ship, allies)
    for division in session.value("all_of", "division"):
        assert not session.value("division_may_activate", ship, division)
    assert not session.attr(ship, "on_map")          # in the Naval Box: no Formation's
    player.asked.clear()
    session.perform("naval_subphase")
    assert [d.options for d in player.asked if d.key == "naval_action"] == [("none",)]
