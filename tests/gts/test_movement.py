"""Movement (gts:14.x) on small hand-made maps, including the Crete Part One
Movement, Column Movement and Dismount Examples."""

from __future__ import annotations

import copy

import pytest
from conftest import CATALOG, INFANTRY
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.core.players import KeyedPlayer, RandomPlayer, Table
from kriegsspiel.engine.session import Session

TERRAIN = [TerrainType(id=t, kind="hex") for t in
           ("clear", "polder", "orchard", "village", "woods", "no_dot")] + \
          [TerrainType(id=t, kind="hexside") for t in ("stream", "bridge")] + \
          [TerrainType(id="road", kind="road")]


def game_map(hexes=None, hexsides=(), roads=None):
    model = MapModel.model_validate({
        "id": "test", "name": "Test", "provenance": "provisional",
        "grid": {"columns": [1, 10], "rows": [1, 6]}, "default_terrain": "clear",
        "hexes": hexes or {}, "hexsides": [{"hexside": h, "feature": f} for h, f in hexsides],
        "roads": roads or {}})
    grid = HexGrid((1, 10, 1, 6))
    return grid, MapIndex.build(model, TERRAIN, grid)


def session_on(gmap, units, axis=None, allies=None, rolls=None, cp=0):
    """units: {id: (hex, face values, extra static)} — all 5. Gebirgs, pi95."""
    grid, index = gmap
    catalog = copy.deepcopy(CATALOG)
    catalog["unit"] = {}
    placements = {}
    for ident, (hex_id, values, extra) in units.items():
        side = extra.pop("side", "axis")
        division, formation = ("geb5", "pi95") if side == "axis" else ("nz2", "inf1")
        entry = {"name": ident, "side": side, "division": division, "formation": formation,
                 "unit_class": "infantry", "back_kind": None,
                 "faces": {"front": {**INFANTRY, **values}}}
        entry.update(extra)
        catalog["unit"][ident] = entry
        placements[ident] = hex_id
    players = Table({"axis": axis or KeyedPlayer(), "allies": allies or KeyedPlayer()})
    session = Session(build_gts(), catalog, Dice(0, script=rolls), players, grid, index)
    for ident, hex_id in placements.items():
        session.place(ident, hex_id)
    session.place("schaette", placements[next(iter(placements))], "leader")
    session.place("bedding", "10.06", "leader")
    session.state.tracks["division:geb5"] = {"cp": cp}
    return session


def build_gts():
    from kriegsspiel.engine.rulebook import build_program
    return build_program(["gts"])


def hex_choices(session, unit, half_points, kind, moved=False):
    """The hexes a lone Unit with *half_points* left may enter next."""
    session.state.tracks.setdefault(f"unit:{unit.id}", {})["half_points_left"] = half_points
    return {c for c in session.value("move_choices", [unit], kind, moved, False) if "." in c}


def moves(session):
    return [e.data["destination"] for e in session.events("unit_moved")]


def test_movement_example_with_forced_march():
    """Crete Part One Movement Example (gts:14.3, gts:14.8; gts:14.3#1, gts:14.8#1):
    polder 2 MP + stream
    2 MP uses the whole allowance of 4; a forced march (Troop Quality 3, roll 1)
    gives 2 more; one more polder hex for 2; then it must stop."""
    gmap = game_map(hexes={"polder": ["02.01", "03.01"]},
                    hexsides=[("01.01/02.01", "stream")])
    axis = KeyedPlayer({"move": ["02.01", "forced_march", "03.01", "stop"],
                        "buy:tq_check": False})
    session = session_on(gmap, {"ger": ("01.01", {"movement": 4, "troop_quality": 3}, {})},
                         axis=axis, rolls=[1])
    session.perform("move", [session.ref("unit", "ger")], "formation")
    assert moves(session) == ["02.01", "03.01"]
    offered = [d.options for d in axis.asked if d.key == "move"]
    assert offered[1] == ("forced_march", "stop")  # nothing left to reach: 0 MP
    assert offered[3] == ("stop",)                # no second forced march
    assert session.attr(session.ref("unit", "ger"), "cohesion_hits") == 0


def test_failed_forced_march_is_a_cohesion_hit_and_the_end():
    """gts:14.8: failing the check ends the Action with a Cohesion Hit."""
    gmap = game_map(hexes={"polder": ["02.01", "03.01"]},
                    hexsides=[("01.01/02.01", "stream")])
    axis = KeyedPlayer({"move": ["02.01", "forced_march"], "buy:tq_check": False})
    session = session_on(gmap, {"ger": ("01.01", {"movement": 4, "troop_quality": 3}, {})},
                         axis=axis, rolls=[8])
    session.perform("move", [session.ref("unit", "ger")], "formation")
    assert moves(session) == ["02.01"]
    assert session.attr(session.ref("unit", "ger"), "cohesion_hits") == 1


def test_column_movement_example():
    """Crete Part One Column Movement Example (gts:14.6): into Column 1 MP, polder
    in Column 1 MP, then four road hexes at ½ MP each through a village; the
    Column marker stays; a forced march would be possible."""
    gmap = game_map(hexes={"orchard": ["01.01"], "polder": ["02.01"], "village": ["04.01"]},
                    roads={"road": [["02.01", "03.01", "04.01", "05.01", "06.01"]]})
    route = ["enter_column", "02.01", "03.01", "04.01", "05.01", "06.01", "stop"]
    axis = KeyedPlayer({"move": route})
    session = session_on(gmap, {"brit": ("01.01", {"movement": 4}, {})}, axis=axis)
    unit = session.ref("unit", "brit")
    session.perform("move", [unit], "formation")
    assert moves(session) == ["02.01", "03.01", "04.01", "05.01", "06.01"]
    assert session.attr(unit, "column") == 1
    last = [d.options for d in axis.asked if d.key == "move"][-1]
    assert "forced_march" in last and "leave_column" not in last  # not in and out in one Action


def test_road_needs_column_and_a_connecting_road():
    """gts:14.6: roads at ½ MP only in Column and only along the road itself."""
    gmap = game_map(roads={"road": [["01.01", "02.01", "03.01"]]})
    session = session_on(gmap, {"u": ("01.01", {"movement": 4}, {})})
    unit = session.ref("unit", "u")
    assert session.value("half_point_cost", unit, "01.01", "02.01") == 2  # clear, 1 MP
    session.state.tracks["unit:u"] = {"column": 1}
    assert session.value("half_point_cost", unit, "01.01", "02.01") == 1  # ½ MP
    assert session.value("half_point_cost", unit, "01.01", "02.02") == 2  # off the road


def test_dismount_example():
    """Crete Part One Dismount Example (gts:14.10.3): a Tracked vehicle side not in
    Column pays 2 per clear hex (no road rate), then dismounts for half its
    printed 16, flipping back (gts:14.10.3#2), choosing not to be in Column; the
    Action is over."""
    gmap = game_map(roads={"road": [["01.01", "02.01", "03.01"]]})
    back = {**INFANTRY, "movement": 16, "movement_class": "tracked"}
    axis = KeyedPlayer({"move": ["02.01", "03.01", "dismount"], "column_after_dismount": 0})
    session = session_on(gmap, {"mech": ("01.01", {"organic_transport": True},
                                         {"back_kind": "transport",
                                          "faces": {"front": {**INFANTRY}, "back": back}})},
                         axis=axis)
    unit = session.ref("unit", "mech")
    session.state.faces["mech"] = "back"
    session.perform("move", [unit], "formation")
    assert moves(session) == ["02.01", "03.01"]
    assert session.attr(unit, "face") == "front" and session.attr(unit, "column") == 0
    assert [d.key for d in axis.asked][-1] == "column_after_dismount"  # and no more moves


def test_mounting_is_an_action_of_its_own():
    """gts:14.10.2#2: flip to the vehicle side; Column for free if wished."""
    gmap = game_map()
    axis = KeyedPlayer({"column_after_mount": 1})
    session = session_on(gmap, {"mech": ("01.01", {"organic_transport": True},
                                         {"back_kind": "transport",
                                          "faces": {"front": {**INFANTRY},
                                                    "back": {**INFANTRY, "movement": 16}}})},
                         axis=axis)
    unit = session.ref("unit", "mech")
    assert "transport" in session.value("legal_actions", unit, "formation")
    session.perform("mount", unit)
    assert session.attr(unit, "face") == "back" and session.attr(unit, "column") == 1
    assert session.attr(unit, "movement") == 16


def test_absolute_limits_and_column_stacking():
    """gts:14.1#9: never into an enemy hex nor within two hexes of an enemy
    reinforcement entry hex; gts:14.6.2#1, gts:14.6.1#8 and gts:14.1#7: no two
    Units in Column in a hex, during movement too; gts:14.7#11: bridges only in
    Column."""
    gmap = game_map(hexsides=[("05.03/06.03", "bridge")])
    session = session_on(gmap, {
        "u": ("05.03", {"movement": 8}, {}),
        "col": ("05.04", {"movement": 8}, {}),
        "enemy": ("04.03", {"movement": 4}, {"side": "allies"}),
        "arriving": ("10.06", {"movement": 4}, {"side": "allies", "entry_hex": "04.01"}),
    })
    unit = session.ref("unit", "u")
    session.state.tracks["unit:col"] = {"column": 1}
    choices = hex_choices(session, unit, 16, "formation")
    assert "04.03" not in choices                       # enemy-occupied
    assert "06.03" not in choices                       # bridge, not in Column
    assert "05.02" not in choices                       # within 2 of 04.01
    assert "05.04" in choices                           # Column Unit there, but we are not
    session.state.tracks["unit:u"] = {"column": 1}
    choices = hex_choices(session, unit, 16, "formation")
    assert "06.03" in choices and "05.04" not in choices


def test_division_chit_may_not_move_into_an_enemy_fire_zone():
    """gts:7.1 / gts:13.2: under a Division chit no move into an enemy Fire Zone."""
    gmap = game_map()
    session = session_on(gmap, {"u": ("03.03", {"movement": 8}, {}),
                                "enemy": ("05.03", {"movement": 4}, {"side": "allies"})})
    unit = session.ref("unit", "u")
    formation = hex_choices(session, unit, 16, "formation")
    division = hex_choices(session, unit, 16, "division")
    assert "04.03" in formation and "04.03" not in division


def test_one_hex_move_for_leg_infantry():
    """gts:14.9: a Leg Infantry Unit may always move one hex (its whole move), not
    into prohibited terrain, and may not force march after it (gts:14.9#2-3)."""
    gmap = game_map(hexes={"woods": ["02.01"], "no_dot": ["02.02"]})
    axis = KeyedPlayer({"move": ["02.01", "stop"]})
    session = session_on(gmap, {"u": ("01.01", {"movement": 1}, {})}, axis=axis)
    unit = session.ref("unit", "u")
    first = hex_choices(session, unit, 2, "formation")
    assert "02.01" in first and "02.02" not in first
    session.perform("move", [unit], "formation")
    assert moves(session) == ["02.01"]
    offered = [d.options for d in axis.asked if d.key == "move"]
    assert offered[1] == ("stop",)  # the whole allowance is gone: no forced march either


def test_leaving_an_overstacked_hex_costs_a_cohesion_hit():
    """gts:14.7: over 8 steps, whoever leaves takes a Cohesion Hit."""
    gmap = game_map()
    units = {f"s{i}": ("03.03", {"movement": 4}, {}) for i in range(5)}  # 10 steps
    axis = KeyedPlayer({"move": ["03.02", "stop"]})
    session = session_on(gmap, units, axis=axis)
    session.perform("move", [session.ref("unit", "s0")], "formation")
    assert session.attr(session.ref("unit", "s0"), "cohesion_hits") == 1
    assert session.attr(session.ref("unit", "s0"), "hex") == "03.02"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), allowance=st.integers(1, 12))
def test_a_move_never_spends_more_than_it_has(seed, allowance):
    """gts:14.3: after every hex entered the Unit has points left (never below
    zero): costs never exceed the allowance plus a forced march (gts:14.8); the
    one-hex move (gts:14.9) spends exactly everything."""
    gmap = game_map(hexes={"polder": ["03.01-04.06"], "woods": ["06.02-07.04"]},
                    hexsides=[("02.03/03.03", "stream")],
                    roads={"road": [["01.03", "02.03", "03.03", "04.03", "05.03"]]})
    session = session_on(gmap, {"u": ("01.03", {"movement": allowance, "troop_quality": 5}, {})},
                         axis=RandomPlayer(seed), rolls=[seed % 10])
    session.perform("move", [session.ref("unit", "u")], "formation")
    entered = session.events("unit_entered_hex")
    assert all(e.data["half_points_left"] >= 0 for e in entered)
    assert len(entered) == len(session.events("unit_moved"))
    assert len(entered) <= 2 * allowance + 4  # ½ MP a hex at the very best


def test_stacked_movement_and_second_action_example():
    """Crete Part One Stacked Movement and Second Action Example (gts:14.7,
    gts:10.0.2; gts:14.7#1-3): three Units start together and move as a stack, one hex for 2 MP;
    the mortar is dropped off and is done; the other two move on for another 2 MP;
    their Second Action must be the same for both, not movement, and costs one
    Command Point each."""
    gmap = game_map(hexes={"polder": ["02.01", "03.01"]})
    axis = KeyedPlayer({"next_unit": "a_coy", "stack_with": ["b_coy", "mortar", "done"],
                        "action": lambda d: "move" if "move" in d.options else "rally",
                        "move": ["02.01", "drop_off", "03.01", "stop"], "drop_off": "mortar",
                        "second_action": True, "transfer_leader": "stay"})
    session = session_on(gmap, {u: ("01.01", {"movement": 4}, {})
                                for u in ("a_coy", "b_coy", "mortar")}, axis=axis, cp=5)
    for u in ("a_coy", "b_coy"):
        session.state.tracks[f"unit:{u}"] = {"cohesion_hits": 1}
    units = [session.ref("unit", u) for u in ("a_coy", "b_coy", "mortar")]
    session.perform("unit_actions", session.ref("side", "axis"), units, "formation")
    where = session.state.placement
    assert (where["a_coy"], where["b_coy"], where["mortar"]) == ("03.01", "03.01", "02.01")
    second = [d for d in axis.asked if d.key == "action"][1]
    assert second.options == ("rally",)          # not movement again
    assert session.attr(session.ref("division", "geb5"), "cp") == 5 - 2
    assert all(session.attr(session.ref("unit", u), "cohesion_hits") == 0
               for u in ("a_coy", "b_coy"))
    assert session.attr(session.ref("unit", "mortar"), "acted") == 0  # reset after the activation


def test_stacks_get_no_road_rate_and_never_leave_an_overstacked_hex():
    """gts:14.7: Units in Column cannot move as a stack (gts:14.7#1), so stacks
    never use the road rate (gts:14.7#10); no stack may move out of an
    overstacked hex (gts:14.7#12-13)."""
    gmap = game_map(roads={"road": [["01.01", "02.01"]]})
    session = session_on(gmap, {f"s{i}": ("01.01", {"movement": 4}, {}) for i in range(5)})
    a, b = session.ref("unit", "s0"), session.ref("unit", "s1")
    for u in ("s0", "s1"):
        session.state.tracks[f"unit:{u}"] = {"half_points_left": 8}
    assert not session.value("may_join", b, a)  # 10 steps: overstacked
    assert [c for c in session.value("move_choices", [a, b], "formation", False, False)
            if "." in c] == []
    session.place("s2", "05.05"), session.place("s3", "05.05"), session.place("s4", "05.05")
    session.state.tracks["unit:s0"]["column"] = 1
    assert not session.value("may_join", b, a)
    session.state.tracks["unit:s0"]["column"] = 0
    assert session.value("may_join", b, a)


def test_a_stack_is_offered_only_units_it_can_act_with():
    """gts:13.2, gts:8.0, gts:19.2.2: a reinforcement that must leave its entry
    hex may only move, a Suppressed Unit only Rally or pass — so the Suppressed
    Unit is not offered to the reinforcement's stack (they would have no Action
    in common), while another reinforcement is."""
    gmap = game_map()
    axis = KeyedPlayer({"next_unit": "new1", "stack_with": "done"})
    session = session_on(gmap, {u: ("01.01", {"movement": 4}, {})
                                for u in ("new1", "new2", "pinned")}, axis=axis)
    for u in ("new1", "new2"):
        session.state.tracks[f"unit:{u}"] = {"in_entry_hex": 1}
    session.state.tracks["unit:pinned"] = {"suppressed": 1}
    new1 = session.ref("unit", "new1")
    units = [session.ref("unit", u) for u in ("new1", "new2", "pinned")]
    assert session.value("common_actions", [new1, units[2]], "formation") == []
    session.perform("stack_for", session.ref("side", "axis"), new1, units, "formation")
    offered = [d for d in axis.asked if d.key == "stack_with"]
    assert [o for o in offered[0].options if o != "done"] == [units[1]]


def test_leader_stays_with_his_units_under_direct_command():
    """gts:21.2: moved with Command Points, a Leader stays stacked with a Unit of
    his Formation: he goes along when the last of them leaves his hex."""
    gmap = game_map()
    axis = KeyedPlayer({"direct_command_unit": ["u", "done"], "stack_with": "done",
                        "action": "move", "move": ["02.01", "stop"]})
    session = session_on(gmap, {"u": ("01.01", {"movement": 4}, {})}, axis=axis, cp=2)
    session.perform("direct_command", session.ref("side", "axis"))
    assert session.state.placement["schaette"] == "02.01"
    assert session.attr(session.ref("division", "geb5"), "cp") == 1


def test_reinforcements_must_leave_their_entry_hex():
    """gts:8.0: a Unit in its entry hex may only Move, may not be held back while
    it can legally leave, and may stay only when nothing is open to it."""
    gmap = game_map()
    axis = KeyedPlayer({"move": lambda d: d.options[0]})
    session = session_on(gmap, {"new": ("01.01", {"movement": 4}, {})}, axis=axis)
    unit = session.ref("unit", "new")
    session.state.tracks["unit:new"] = {"in_entry_hex": 1}
    assert session.value("legal_actions", unit, "division") == ["move"]
    session.perform("move", [unit], "division")
    first = [d.options for d in axis.asked if d.key == "move"][0]
    assert "stop" not in first
    assert session.attr(unit, "hex") != "01.01" and session.attr(unit, "in_entry_hex") == 0
    boxed = session_on(game_map(hexes={"no_dot": ["01.02", "02.01", "02.02"]}),
                       {"new": ("01.01", {"movement": 4}, {})})
    boxed.state.tracks["unit:new"] = {"in_entry_hex": 1}
    assert boxed.value("legal_actions", boxed.ref("unit", "new"), "division") == ["move", "pass"]


def test_a_reinforcement_changing_formation_in_its_entry_hex_is_not_fired_on():
    """gts:8.0: "Reinforcement Units in reinforcement entry hexes may not be
    targeted by any type of fire": entering Column there (a 17.2 trigger
    elsewhere) draws no Opportunity Fire, though the hex is in an enemy Fire Zone.
    (The Mercury sweep, seed 6, found a tank Suppressed this way, and then stuck.)"""
    gmap = game_map()
    axis = KeyedPlayer({"move": ["enter_column", "02.01", "stop"]})
    allies = KeyedPlayer({"opportunity_fire": True})
    session = session_on(gmap, {"new": ("01.01", {"movement": 4}, {}),
                                "enemy": ("04.01", {"fire_range": 3}, {"side": "allies"})},
                         axis=axis, allies=allies, rolls=[0, 0, 0, 0])
    unit = session.ref("unit", "new")
    session.state.tracks["unit:new"] = {"in_entry_hex": 1}
    assert session.value("hex_in_enemy_fire_zone", "01.01", session.ref("side", "axis"))
    session.perform("move", [unit], "formation")
    assert [d for d in allies.asked if d.key == "opportunity_fire"] == []
    assert session.attr(unit, "column") == 1 and session.attr(unit, "hex") == "02.01"
    assert session.attr(unit, "suppressed") == 0 and session.events("fire_resolved") == []
    # Out of the entry hex, the same change of formation is fired on (17.2).
    axis.answers["move"] = ["leave_column", "stop"]
    session.perform("move", [unit], "formation")
    assert [d.subject.id for d in allies.asked if d.key == "opportunity_fire"] == ["enemy"]


def test_a_suppressed_reinforcement_waits_in_its_entry_hex():
    """gts:8.0 with gts:19.2.2: in its entry hex a Unit may only Move, and
    Suppressed it may only Rally or pass; it has no legal movement, so it
    passes until a chit "allows legal movement" (no Action at all stuck a game)."""
    gmap = game_map()
    session = session_on(gmap, {"new": ("01.01", {"movement": 4}, {})})
    unit = session.ref("unit", "new")
    session.state.tracks["unit:new"] = {"in_entry_hex": 1, "suppressed": 1,
                                        "cohesion_hits": 1}
    assert not session.value("must_leave_entry_hex", unit, "division")
    for kind in ("division", "formation"):
        assert session.value("legal_actions", unit, kind) == ["pass"]
    session.state.tracks["unit:new"]["suppressed"] = 0
    assert session.value("legal_actions", unit, "division") == ["move"]


def test_movement_classes_pay_their_own_costs():
    """gts:14.0, gts:14.2 and gts:14.5: Leg, Tracked and Wheeled Units pay the
    Terrain Effects Chart's cost for their class; Immobile Units never move (gts:14.4).
    Sentences: gts:14.1#2-3, gts:14.2#1, gts:14.2#3-6, gts:14.5#1."""
    gmap = game_map(hexes={"polder": ["02.01"]})
    session = session_on(gmap, {
        "leg": ("01.01", {"movement": 4}, {}),
        "tank": ("01.02", {"movement": 8, "movement_class": "tracked"}, {}),
        "truck": ("01.03", {"movement": 8, "movement_class": "wheeled"}, {}),
        "pillbox": ("01.04", {"movement": None, "movement_class": "immobile"}, {})})
    cost = {u: session.value("half_point_cost", session.ref("unit", u), "01.01", "02.01")
            for u in ("leg", "tank", "truck")}
    assert cost == {"leg": 4, "tank": 8, "truck": None}   # polder: 2, 4, prohibited
    assert "move" not in session.value("legal_actions", session.ref("unit", "pillbox"),
                                       "formation")


def test_transport_mode_generally(make_session):
    """gts:14.10 and gts:14.10.1: only a Unit whose flip side is its Organic
    Transport mounts (gts:14.10.1#3, gts:14.10.2#1); gts:14.10.4#2: a Suppressed
    Unit in Transport Mode cannot dismount until it Rallies."""
    session = make_session()
    truck, pi1 = session.ref("unit", "truck"), session.ref("unit", "pi1")
    assert session.value("can_mount", truck) and not session.value("can_mount", pi1)
    session.state.faces["truck"] = "back"
    assert session.value("can_dismount", truck)
    session.state.tracks["unit:truck"] = {"suppressed": 1}
    assert not session.value("can_dismount", truck)


def test_ferries_only_in_column():
    """gts:14.7: "only Units in Column can cross a bridge or a ferry"."""
    gmap = game_map(hexsides=[("01.01/02.01", "ferry")])
    session = session_on(gmap, {"u": ("01.01", {"movement": 4}, {})})
    unit = session.ref("unit", "u")
    assert session.value("half_point_cost", unit, "01.01", "02.01") is None
    session.state.tracks["unit:u"] = {"column": 1}
    assert session.value("half_point_cost", unit, "01.01", "02.01") == 2


@pytest.mark.parametrize("roll, moved", [(2, True), (8, False)])
def test_retire_by_prolonge(roll, moved):
    """gts:14.11#1-3: a star gun moves one hex on a passed Troop Quality Check (TQ 5
    here), else it takes a Cohesion Hit and stays; never into an enemy Fire Zone."""
    gmap = game_map()
    axis = KeyedPlayer({"move": "02.01", "buy:tq_check": False})
    session = session_on(gmap, {"gun": ("01.01", {"movement": "star", "troop_quality": 5}, {}),
                                "enemy": ("04.03", {"movement": 4}, {"side": "allies"})},
                         axis=axis, rolls=[roll])
    gun = session.ref("unit", "gun")
    assert session.value("legal_actions", gun, "formation")[0] == "move"
    session.perform("move", [gun], "formation")
    offered = [d.options for d in axis.asked if d.key == "move"][0]
    assert "02.02" not in offered  # two hexes from the enemy: in its Fire Zone
    assert session.attr(gun, "hex") == ("02.01" if moved else "01.01")
    assert session.attr(gun, "cohesion_hits") == (0 if moved else 1)


def test_reachable_hexes_follow_the_rules():
    """gts:14.3 and gts:14.5: the search a bot uses agrees with the rules: polder
    costs 2 MP for a Leg Unit, a stream 2 more, enemy hexes are never entered
    (gts:14.1); nearest first."""
    gmap = game_map(hexes={"polder": ["02.01", "02.02"]},
                    hexsides=[("01.01/02.01", "stream")])
    session = session_on(gmap, {"u": ("01.01", {"movement": 2}, {}),
                                "enemy": ("01.02", {"movement": 4}, {"side": "allies"})})
    hexes = session.value("reachable_hexes", session.ref("unit", "u"), "formation")
    assert hexes == ["02.02"]  # 02.01: 2 + stream 2 > 2; 01.02: enemy; beyond: too far
    session.state.catalog["unit"]["u"]["faces"]["front"]["movement"] = 4
    hexes = session.value("reachable_hexes", session.ref("unit", "u"), "formation")
    assert hexes[0] == "02.02" and "02.01" in hexes and "01.02" not in hexes
    assert hexes.index("02.03") < hexes.index("02.01")  # 2 + 1 MP before 2 + 2 MP


def test_the_bad_part_about_being_in_column(make_session):
    """gts:14.6.1#3-5: in Column, Fire Rating -1, Assault Rating -1, Defense +2 (no
    beneficial terrain: see tests/gts/test_fire.py); gts:14.6.2: no two in a hex."""
    session = make_session(placement={"greek": "15.07", "bedding": "15.07"})
    unit, enemy = session.ref("unit", "pi1"), session.ref("unit", "greek")
    session.state.tracks["unit:pi1"] = {"column": 1}
    assert session.value("assault_rating_after_results", unit) == 3 - 1
    fired = session.value("modified_fire_rating", unit, enemy, "direct", 0, 0)
    assert {t["name"]: t["amount"] for t in fired.terms}["firer_in_column"] == -1
    against = session.value("modified_fire_rating", enemy, unit, "direct", 0, 0)
    assert {t["name"]: t["amount"] for t in against.terms}["target_in_column"] == 2


def test_reachable_hexes_see_a_barrage_laid_after_an_earlier_search():
    """gts:16.6.2.2 with gts:14.3: "Any Unit moving out of a hex with a light
    barrage marker pays an extra two movement points" — the search's cached
    costs must not outlive the state they were read from."""
    session = session_on(game_map(), {"u": ("01.01", {"movement": 3}, {})})
    unit = session.ref("unit", "u")
    before = session.value("reachable_hexes", unit, "formation")
    assert "04.01" in before  # three clear hexes away
    session.perform("place_barrage", "01.01", 1)  # light
    after = session.value("reachable_hexes", unit, "formation")
    assert "04.01" not in after and "02.01" in after  # 2 + 1 MP: one hex only
    assert set(after) < set(before)
