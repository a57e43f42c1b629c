"""Scenario 13 "Free for All" (crete:scenario:13), the campaign with O1.0 German
Free Drops: the set-ups as per Scenarios 2, 3, 5, 6 and 11 with the 19th Brigade
added at Rethymnon, the Battalion Sticks picked drop by drop, the formation
chits the German chooses, the scenario's Morale table and withdrawal hex, and
its victory table."""

from __future__ import annotations

import pytest

from kriegsspiel.tools.play import play_game

from scenario_tools import start_passing, where, within, labels

from test_mercury import CANEA_SUDA, SERIALS

BN_2_7 = ["A 2/7 Inf", "B 2/7 Inf", "C 2/7 Inf", "D 2/7 Inf", "E 2/7 Inf", "S(Mtr) 2/7 Inf"]
BN_2_8 = ["B 2/8 Inf", "C 2/8 Inf", "S(Mtr) 2/8 Inf"]


def scenario(axis=None, seed=1):
    return start_passing("crete/free_for_all", seed, axis)


@pytest.fixture(scope="module")
def session():
    return scenario()


@pytest.fixture(scope="module")
def deployed():
    game = scenario()
    game.perform("deploy_units")
    return game


def test_the_set_ups_as_per_and_the_19th_brigade_at_rethymnon(deployed):
    """ "Rethymnon Map: As per Scenario 2 ... Add: 2/8 Inf Bn (AUS): (3 units)
    Set-up within 2 hexes of 31.12 ... 2/7 Inf Bn (AUS): (6 units) Set-up within 2
    hexes of 08.15 ... 2/8 Fld RAE, C 2/3 RAA within 2 hexes of 08.15";
    Heraklion, Maleme, Kastelli as per Scenarios 3, 5, 6; "Canea-Suda Map: As per
    Scenario 11" (crete:scenario:13).
    crete:scenario:13#57-58"""
    for name, hex_id in CANEA_SUDA.items():
        if not hex_id.startswith("georgeoupolis:"):
            assert where(deployed, name) == hex_id, name
    units = deployed.state.catalog["unit"]
    for names, centre in ((BN_2_8, "rethymnon:31.12"),
                          (BN_2_7 + ["2/8 Fld RAE", "C 2/3 RAA"], "rethymnon:08.15")):
        for name in names:
            assert set(units[name]["setup_area"]) == within(deployed, centre, 2), name
            assert where(deployed, name) in within(deployed, centre, 2), name
    assert units["A 2/7 Inf"]["setup_in_ip"] and not units["C 2/3 RAA"]["setup_in_ip"]
    assert where(deployed, "A 2/B W") == "heraklion:29.12"
    assert where(deployed, "A 22 Bn") == "maleme:09.07"
    assert where(deployed, "Kastelli") == "kastelli:06.05"
    assert where(deployed, "A 2/1 Inf").startswith("rethymnon:")
    # "Brig Vassey commands the 19th Brigade (Australian). Lieutenant Colonel
    # Campbell is not used."
    assert where(deployed, "Brig Vassey", "leader").startswith("rethymnon:")
    assert not deployed.attr(deployed.ref("leader", "Lieutenant Colonel Campbell"), "on_map")
    # nothing on Georgeoupolis: Scenario 11's Georgeoupolis set-up is not taken
    assert not any((where(deployed, u) or "").startswith("georgeoupolis:") for u in units)


def test_values_chits_and_schedule(session):
    """crete:scenario:13's Command Values, the cup, the drops "As per Optional Rule
    O1.0" (8, 2, 3 and 1 Battalion Sticks on 20 May, 1 on 21 and 1 on 24 May),
    the serials as per Scenario 11, Morale 40 and the victory table.
    crete:scenario:13#31-33 crete:scenario:13#35 crete:scenario:13#61 crete:scenario:13#69-70
    crete:scenario:13#72-76"""
    div = session.state.catalog["division"]
    values = {d: [div[d]["command_rating"], div[d]["dispatch_rating"]] +
              [session.attr(session.ref("division", d), k) for k in ("cp", "dp")]
              for d in div if "command_rating" in div[d]}
    assert values == {"2nd New Zealand Division": [4, 2, 6, 2], "CREFOR": [4, 1, 9, 2],
                      "7. Flieger Division": [5, 2, 6, 2], "5. Gebirgs Division": [3, 3, 3, 1]}
    assert {c.id for c in session.state.pool("mug")} == {
        "direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
        "division:2nd New Zealand Division", "division:CREFOR"}
    assert {c.id for c in session.state.pool("carry")} == {"division:7. Flieger Division"}
    effects = list(session.state.catalog["effect"].values())
    lab = labels(session)
    assert [(lab[e["turn"]], e["count"]) for e in effects if e["kind"] == "free_drop_sticks"] == [
        ("1941-05-20 0700", 8), ("1941-05-20 1500", 2), ("1941-05-20 1700", 3),
        ("1941-05-20 1900", 1), ("1941-05-21 1500", 1), ("1941-05-24 1500", 1)]
    serials = {}
    for name, u in session.state.catalog["unit"].items():
        if u.get("arrival") == "airlanding":
            serials.setdefault(u["serial"], []).append(name)
    assert {k: sorted(v) for k, v in serials.items()} == {k: sorted(v) for k, v in SERIALS.items()}
    assert session.value("allied_morale") == 40
    assert "crete:O1.0" in session.state.catalog["special_rule"]
    # The General Comments: no German points in the first activation (11-13 too).
    assert {"kind": "no_points_first_turn", "side": "Axis"}.items() <= next(
        e for e in effects if e["kind"] == "no_points_first_turn").items()
    victory = list(session.state.catalog["victory"].values())
    assert [(v.get("levels"), v["winner"], v["level"]) for v in victory] == [
        (None, "Allied", "decisive"), ([0, 19], "Axis", "decisive"),
        ([20, 30], "Axis", "substantial"), ([31, 40], "Axis", "marginal"),
        ([41, 50], "Allied", "marginal"), ([51, 9999], "Allied", "substantial")]


def test_the_german_player_chooses_two_formation_chits_for_the_cup():
    """crete:scenario:13#49:  "The German player may choose two formation chits to add to the cup."
    (crete:scenario:13)"""
    game = scenario({"chit_to_cup": ["formation:Fallschirmjäger-Regiment 2",
                                      "formation:Luftlande Sturmregiment"]})
    game.perform("deploy_units")
    cup = {c.id for c in game.state.pool("mug")}
    chosen = cup - {"direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
                    "division:2nd New Zealand Division", "division:CREFOR"}
    assert chosen == {"formation:Fallschirmjäger-Regiment 2", "formation:Luftlande Sturmregiment"}
    asked = [d for d in game.players.players["Axis"].asked if d.key == "chit_to_cup"]
    assert len(asked) == 2 and len(asked[1].options) == 3      # the first one is not offered again
    game.perform("deploy_units")                                 # asked once
    assert len([d for d in game.players.players["Axis"].asked if d.key == "chit_to_cup"]) == 2


def test_the_first_drop_picks_eight_battalion_sticks():
    """ "0700: Drop One — 8 Battalion Sticks" (crete:scenario:13, crete:O1.0): when
    the 7. Flieger Division's chit is played the German picks eight Sticks; only
    those Units drop, on Drop Zone Targets; the others wait for later drops.
    Sentences: crete:O4.0#28.
    crete:scenario:13#31
    """
    game, lines = play_game("crete/free_for_all", 1, ["random"], until=1, check_invariants=True)
    session = game.session
    picked = session.events("free_drop_stick_picked")
    assert len(picked) == 8 and len({e.data["stick"] for e in picked}) == 8
    targets = session.events("drop_target_chosen")
    assert {e.data["stick"] for e in targets} >= {e.data["stick"] for e in picked}
    picked_units = {getattr(u, "id", u) for e in picked for u in e.data["units"]}
    dropped = {getattr(e.data["unit"], "id", e.data["unit"]) for e in session.events("unit_dropped")}
    assert picked_units & dropped and dropped <= picked_units | {
        u for u, v in session.state.catalog["unit"].items()
        if v.get("arrival") in ("parachute", "glider") and session.attr(
            session.ref("unit", u), "free_drop_picked")}
    waiting = [u for u, v in session.state.catalog["unit"].items()
               if v.get("arrival") in ("parachute", "glider")
               and not session.attr(session.ref("unit", u), "dropped")]
    assert waiting                                   # later drops still have Sticks to pick
    assert lines[-1] == "RESULT: not decided (stopped before the end)"
    # "the Germans do not roll for or receive Dispatch or Command points during
    # the first activation" (the General Comments): the Allies roll, he does not.
    rolled = {str(e.data["division"]) for e in session.events("division_points_rolled")}
    assert "7. Flieger Division" not in rolled and rolled


def test_7_and_8_ii_fjr_2_drop_under_fjr_2():
    """crete:O1.0: "The 7 and 8 II/FJR 2 fall under command of FJR 2 not FJR 1;
    again, use the optional counters": in a free drop they are FJR 2's, in
    II./FJR 2's Battalion Stick.
    Sentences: crete:O1.0#5.
    """
    game = scenario()
    units = [game.ref("unit", u) for u in ("7./II./FJR 2", "8./II./FJR 2")]
    assert {game.attr(u, "formation").id for u in units} == {"Fallschirmjäger-Regiment 1"}
    game.perform("free_drops", game.ref("division", "7. Flieger Division"), units)
    assert {game.attr(u, "formation").id for u in units} == {"Fallschirmjäger-Regiment 2"}
    assert {e.data["stick"] for e in game.events("drop_target_chosen")} == {"II./FJR 2"}


def test_naval_and_supply_do_not_move_morale_but_steps_do(session):
    """ "Naval units eliminated and supply status are ignored for adjusting Allied
    Morale ... -1 Each Allied non-Greek step eliminated" (crete:scenario:13,
    crete:S5.0).
    crete:scenario:13#62-64"""
    assert session.value("morale_ignores", "naval") and session.value("morale_ignores", "supply")
    game = scenario()
    allied = game.ref("side", "Allied")
    game.ctx.emit("supply_changed", {"side": allied, "map": "maleme", "new": "diminished",
                                     "old": "full"})
    assert game.value("allied_morale") == 40
    game.perform("adjust_allied_morale", -1, "step eliminated")
    assert game.value("allied_morale") == 39


def test_allied_units_may_withdraw_at_maleme_01_18(session):
    """ "In addition to those hexes in S5.0, the Allied Units may withdraw from hex
    01.18 on the Maleme Map." (crete:scenario:13)
    crete:scenario:13#67"""
    assert session.value("withdrawal_exit", "maleme:01.18")
    assert not session.value("withdrawal_exit", "maleme:01.17")


def test_serials_may_arrive_in_any_order():
    """ "German Airland Reinforcement Serials may arrive in any order."
    (crete:scenario:13, crete:S7.0): with Maleme Airfield German on 1700 21 May
    the German picks Serial 5 first.
    crete:scenario:13#60"""
    game = scenario({"airlanding_serial": 5})
    game.perform("deploy_units")
    game.state.turn = labels(game).index("1941-05-21 1700")
    for name in [u for u, v in game.state.catalog["unit"].items()
                 if game.attr(game.ref("unit", u), "hex") in
                 ("maleme:09.04", "maleme:10.04", "maleme:11.05")]:
        game.place(name, None)
    for name, hex_id in (("5./II./LLSR", "maleme:09.04"), ("6./II./LLSR", "maleme:10.04"),
                         ("7./II./LLSR", "maleme:11.05")):
        game.place(name, hex_id)
    gebirgs = game.ref("division", "5. Gebirgs Division")
    game.perform("airlanding_activation", gebirgs)
    asked = [d for d in game.players.players["Axis"].asked if d.key == "airlanding_serial"]
    assert asked and sorted(asked[0].options) == list(range(1, 18))
    assert [e.data["serial"] for e in game.events("serial_landed")] == [5]
    # (interdiction may cost a landed Unit: airlanded is set either way)
    assert all(game.attr(game.ref("unit", u), "airlanded") for u in SERIALS[5])
    assert not any(game.attr(game.ref("unit", u), "airlanded") for u in SERIALS[1])


def test_layforce_lands_at_an_allied_controlled_port_or_waits():
    """crete:scenario:13: "Layforce A BN and D BN arrive at any Allied controlled
    Port" — the Allied player's pick among the ports he holds; while he holds
    none, they stay in their box (read: no port, no landing).
    crete:scenario:13#29-30"""
    from scenario_tools import start_passing as fresh
    session = fresh("crete/free_for_all")
    unit = session.ref("unit", "A Coy A BN")
    ports = session.value("arrival_ports", unit)
    assert len(ports) > 1 and session.value("arrives_at_a_port", unit)   # all start Allied
    axis = session.ref("side", "Axis")
    for port in ports:
        session.state.set_link(session.state.interned("hex", port), "controlled_by", axis,
                               [{"what": "test"}])
    session.set_initial(unit, "in_box", 1)
    division = session.attr(unit, "division")
    allied = session.players.players["Allied"].answers
    allied["action"] = lambda d: "pass" if "pass" in d.options else d.options[0]
    session.perform("activate_division", division)
    assert not session.attr(unit, "on_map") and session.attr(unit, "in_box") == 1
    session.state.set_link(session.state.interned("hex", ports[0]), "controlled_by",
                           session.ref("side", "Allied"), [{"what": "test"}])
    allied["arrival_port"] = ports[0]
    session.perform("activate_division", division)
    placed = [e.data["destination"] for e in session.events("unit_placed")
              if e.data["unit"] == unit.id]
    assert placed[0] == ports[0]               # (where it goes on its first Action is its own)


def test_the_gebirgs_chit_goes_in_the_turn_after_serial_1_is_due():
    """crete:scenario:13: "The 5. Gebirgs Division Activation Chit is added to
    the cup on turn after the Serial 1 is to arrive" — Scenario 11 adds it on
    that turn (crete:S7.0's serial_due alone), and so does Scenario 12.
    crete:scenario:13#46 crete:scenario:11#84 crete:scenario:12#45"""
    for name, waits in (("crete/free_for_all", True), ("crete/mercury", False),
                        ("crete/main_event", False)):
        session = start_passing(name)
        geb = session.ref("division", "5. Gebirgs Division")
        due = min(session.attr(u, "airlanding_turn")
                  for u in session.value("serial_units", geb, 1))
        session.state.turn = due - 1
        assert session.value("chit_waits_for_serial", geb) is waits
        session.state.turn = due
        assert session.value("chit_waits_for_serial", geb) is waits
        session.state.turn = due + 1
        assert session.value("chit_waits_for_serial", geb) is False
