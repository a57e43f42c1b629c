"""Who may be activated, and how, in Crete: Greek Units (crete:6.0) and Auto-Command
Units (crete:8.0), over the series activations (gts:10.0.1, gts:10.0.5)."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.engine.rulebook import build_program


@pytest.fixture(scope="module")
def crete():
    return build_program(["crete"])


def pass_or_stop(decision):
    """Pass where the chit allows it; under Direct Command, which has no Pass
    (gts:7.1), a move that stops at once."""
    return "pass" if "pass" in decision.options else "move"


def allied_player(**extra):
    return KeyedPlayer({"action": pass_or_stop, "move": "stop", "stack_with": "done",
                        "transfer_leader": "stay", "second_action": False, **extra})


def greek_session(make_session, crete, player, rolls=(), placement=None):
    """The Greek company and the police are Greek (no Leader of their own); Major
    Bedding (2nd NZ Division, range 3) stands at 04.05."""
    session = make_session(program=crete, rolls=list(rolls), allies=player,
                           placement=placement or {})
    catalog = session.state.catalog
    for ident in ("greek", "police"):
        catalog["unit"][ident]["tags"] = ["greek"]
    return session


def activated(player):
    """Units offered as the next to act (first offer: everyone who may act)."""
    offers = [d.options for d in player.asked if d.key == "next_unit"]
    return sorted(u.id for u in offers[0]) if offers else []


def auto_command(session, ident):
    session.state.catalog["unit"][ident]["faces"]["front"]["auto_command"] = True


def test_division_activation_takes_only_greeks_in_range_of_its_leaders(make_session, crete):
    """crete:6.0#5: "During Division Activation ... Greek Units within the Command Range
    of any Allied Leader (of the activated division ...) may be activated normally"."""
    player = allied_player()
    session = greek_session(make_session, crete, player, rolls=[0, 0],
                            placement={"police": "12.05"})          # 8 hexes from Bedding
    session.perform("activate_division", session.ref("division", "nz2"))
    assert activated(player) == ["greek"]


def test_greeks_follow_a_leader_of_the_activated_division_only(make_session, crete):
    """crete:6.0#5: for a Division Activation the Leader must be "of the activated
    division": a Greek Unit of another Division in Bedding's range acts with his."""
    player = allied_player()
    session = greek_session(make_session, crete, player, rolls=[0, 0] * 2)
    session.state.catalog["division"]["nz6"] = {"name": "6th Australian Division",
                                                "side": "allies", "command_rating": 1}
    session.state.catalog["unit"]["police"]["division"] = "nz6"
    session.perform("activate_division", session.ref("division", "nz2"))
    assert activated(player) == ["greek", "police"]
    player.asked.clear()
    session.perform("activate_division", session.ref("division", "nz6"))
    assert activated(player) == []                      # nz6 has no Leader in range


def test_no_greek_unit_in_a_formation_activation(make_session, crete, gts):
    """crete:6.0#6: "Greek Units are not activated during a Formation Activation"
    (the series rules would activate the Formation's Units)."""
    player = allied_player()
    session = greek_session(make_session, crete, player)
    session.perform("activate_formation", session.ref("formation", "inf1"))
    assert activated(player) == []
    series_player = allied_player()
    series = make_session(allies=series_player)
    series.perform("activate_formation", series.ref("formation", "inf1"))
    assert activated(series_player) == ["greek", "police"]


def test_greek_direct_command_pays_from_the_leaders_division(make_session, crete):
    """crete:6.0#4, crete:6.0#5: a Greek Unit In Command of any Allied Leader may be activated by
    Direct Command; "the points are taken from the Division to which the Leader
    belongs"."""
    player = allied_player(direct_command_unit=["police", "done"])
    session = greek_session(make_session, crete, player, placement={"police": "05.05"})
    catalog = session.state.catalog
    catalog["division"]["nz6"] = {"name": "6th Australian Division", "side": "allies",
                                  "command_rating": 1}
    catalog["unit"]["police"]["division"] = "nz6"       # no Leader of its own Division
    session.state.tracks["division:nz2"] = {"cp": 2}
    session.perform("direct_command", session.ref("side", "allies"))
    offers = [d.options for d in player.asked if d.key == "direct_command_unit"]
    assert sorted(o.id for o in offers[0] if o != "done") == ["greek", "police"]
    assert session.attr(session.ref("division", "nz2"), "cp") == 1
    assert session.attr(session.ref("division", "nz6"), "cp") == 0


def test_auto_command_units_act_only_under_direct_command_and_free(make_session, crete):
    """crete:8.0#4-6: "Auto-Command Ground Units may activate only when the Direct Command
    Chit is pulled ... no Command Point is actually required ... any action except an
    Engineering Action and cannot perform second actions": the engineer, which could
    work in a Formation Activation, is offered every other action but that one, and
    with Command Points to spare none is spent and no Second Action offered."""
    axis = KeyedPlayer({"action": pass_or_stop, "move": "stop", "stack_with": "done",
                        "transfer_leader": "stay", "direct_command_unit": ["pi1", "done"]})
    session = make_session(program=crete, rolls=[0, 0], axis=axis,
                           placement={"truck": "01.01", "greek": "17.06", "bedding": "17.06"})
    auto_command(session, "pi1")
    session.state.catalog["unit"]["pi1"]["faces"]["front"]["engineer"] = True
    session.perform("activate_division", session.ref("division", "geb5"))
    assert activated(axis) == ["truck"]                 # pi1 waits for Direct Command
    pi1 = session.ref("unit", "pi1")
    assert "engineer" in session.value("legal_actions", pi1, "formation")
    session.state.tracks["division:geb5"] = {"cp": 0}
    session.perform("direct_command", session.ref("side", "axis"))
    offers = [d.options for d in axis.asked if d.key == "direct_command_unit"]
    assert [o.id for o in offers[0] if o != "done"] == ["pi1"]   # no CP needed
    actions = [d.options for d in axis.asked if d.key == "action"][-1]
    assert "engineer" not in actions and {"move", "fire"} <= set(actions)
    # Direct Command has no Pass (gts:7.1): every other action of a Formation's.
    assert set(actions) == set(session.value("legal_actions", pi1, "formation")) - {
        "engineer", "pass"}
    session.state.tracks["division:geb5"] = {"cp": 3}
    session.state.tracks["unit:pi1"]["acted"] = 0
    axis.answers["direct_command_unit"] = ["pi1", "done"]
    asked = len(axis.asked)
    session.perform("direct_command", session.ref("side", "axis"))
    assert not any(d.key == "second_action" for d in axis.asked[asked:])
    assert session.attr(session.ref("division", "geb5"), "cp") == 3


def test_no_command_point_is_ever_spent_on_auto_command_units(make_session, crete):
    """crete:8.0#2: "You may never spend Command Points ... on these Units" — a Troop
    Quality Check is rolled, never bought; other units still may buy it (gts:29.47)."""
    axis = KeyedPlayer({"buy:tq_check": True})
    session = make_session(program=crete, rolls=[9], axis=axis)
    session.state.tracks["division:geb5"] = {"cp": 3}
    auto_command(session, "pi1")
    result = session.perform("tq_check", session.ref("unit", "pi1"))
    assert not result.passed and result.roll == 9
    assert not any(d.key == "buy:tq_check" for d in axis.asked)
    bought = session.perform("tq_check", session.ref("unit", "truck"))
    assert bought.bought and session.attr(session.ref("division", "geb5"), "cp") == 2
