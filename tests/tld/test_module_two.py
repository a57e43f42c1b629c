"""Module II (tld:II.A-E): the expanded sequence of play, artillery, the chain
of command, supply and disruption — and the Examples of Play (tld:VII), whose
situation files (tests/situations/tld_example_*.yaml) reproduce every number
the text gives."""

from __future__ import annotations

from pathlib import Path


from kriegsspiel.tools.situation import check_expectations, resolve
from tld_world import (ARTILLERY, INFANTRY, TANKS, counter, hq, reach, side, stay, supply,
                       where, world)

SITUATIONS = Path(__file__).resolve().parent.parent / "situations"
II = ("tld:I", "tld:II")


def test_example_one_combat_supply_and_control():
    """tld:VII#1-12, tld:II.B#9-10, tld:II.C#5-7, tld:II.D#4-7, tld:II.D#19-23,
    tld:II.D#26-28: 25:6 -> 4-1 with one full supply unit spent (half for the
    ground units, half for the divisional artillery); 30:6 -> 5-1, the 352
    Division spending nothing more and 84 Korps half a unit for its independent
    artillery; 3:6 -> 1-2 and nothing spent for one unit attacking."""
    sit, report = resolve(SITUATIONS / "tld_example_1_combat_supply.yaml")
    assert not check_expectations(sit, report)


def test_example_two_defensive_fire():
    """tld:VII#13-23, tld:II.B#12-17, tld:II.D#24: 13:6 and 12:6 -> 2-1, half a
    supply unit for both; the 1193 battalion (independent artillery: no
    division HQ supplies it) is not asked; 2/39, next to no German unit, is no
    target; one unit of each hex is fired on."""
    sit, report = resolve(SITUATIONS / "tld_example_2_defensive_fire.yaml")
    assert not check_expectations(sit, report)


def phase_log(answer=stay, **kw):
    units = {"A": counter("Allied", "03.03", INFANTRY, tags=["division:1"]),
             "AH": hq("Allied", "02.02", "1"), "AS": supply("Allied", "02.02"),
             "G": counter("German", "08.08", INFANTRY, tags=["division:2"]),
             "GA": counter("German", "09.09", ARTILLERY, tags=["division:2"]),
             "GH": hq("German", "10.10", "2"), "GS": supply("German", "10.10")}
    return world(units, rules=II, answer=answer, **kw)


def test_the_expanded_sequence_adds_defensive_fire_and_reset():
    """tld:II.A#1, tld:II.A#4-10, tld:II.A#13-18: movement, the other side's
    mechanized movement, its defensive fire, the combat phase, then the reset:
    the other side's FIRED artillery face up, the phasing side's disruption off."""
    session, _ = phase_log()
    g, ga, a = (session.ref("unit", u) for u in ("G", "GA", "A"))
    session.state.set_track(ga, "fired", 1, [])
    session.state.set_track(a, "disrupted", 2, [])
    session.state.set_track(g, "disrupted", 1, [])
    session.perform("player_segment", side(session, "Allied"))
    assert session.state.attr(ga, "fired") == 0         # German artillery face up
    assert session.state.attr(a, "disrupted") == 0      # Allied markers removed
    assert session.state.attr(g, "disrupted") == 1      # German ones stay
    steps = [s.name for s in session.program.decls["player_segment"].steps]
    assert steps == ["begin", "replacement", "air_naval", "regular_movement",
                     "mechanized_movement", "defensive_fire", "combat", "reset",
                     "segment_end"]    # replacement: Module IV's building; air_naval: Module III


def test_support_fire_needs_a_ground_attack_and_ranged_artillery_is_fired():
    """tld:II.B#1-4, tld:II.B#7, tld:II.B#10-11, tld:II.B#20-21, tld:II.B#23:
    artillery within range (counted in hexes) adds its strength only to an
    attack with an infantry or armor unit; a ranged unit turns to FIRED, one
    of range 1 never; artillery away from the defender is never a loss."""
    units = {"G": counter("German", "05.04", INFANTRY, front=(2, 4, 4), tags=["division:2"]),
             "GA": counter("German", "05.02", ARTILLERY, tags=["division:2"]),
             "GB": counter("German", "04.05", ARTILLERY, artillery_range=1, tags=["division:2"]),
             "GH": hq("German", "07.01", "2"), "GS": supply("German", "07.01"),
             "A": counter("Allied", "05.05", INFANTRY, front=(4, 6, 4), tags=["division:1"]),
             "AH": hq("Allied", "05.08", "1"), "AS": supply("Allied", "05.08")}

    def answer(d):
        if d.key == "attack_hex":
            return "05.05" if "05.05" in d.options else "end"
        if d.key in ("join_attack", "support_fire"):
            return True
        if d.key == "step_loss":
            return d.options[0]
        return stay(d)
    session, rec = world(units, rules=II, answer=answer, dice=[0 + 4])   # 10:6 1-1, 4: NE
    session.perform("combat_phase", side(session, "German"))
    [fight] = [e.data for e in session.state.log if e.kind == "attack_resolved"]
    assert fight["attack"] == 10 and fight["attackers"] == ["G", "GB", "GA"]
    assert session.state.attr(session.ref("unit", "GA"), "fired") == 1
    assert session.state.attr(session.ref("unit", "GB"), "fired") == 0
    assert session.value("exposed", [session.ref("unit", u) for u in ("G", "GA", "GB")],
                         "05.05") == [session.ref("unit", "G"), session.ref("unit", "GB")]
    alone = {k: v for k, v in units.items() if k != "G"}
    nobody, rec = world(alone, rules=II, answer=answer)
    nobody.perform("combat_phase", side(nobody, "German"))
    assert not [k for _, k, _ in rec.asked if k == "support_fire"]
    assert not [e for e in nobody.state.log if e.kind == "attack_resolved"]   # GB alone: none
    assert not nobody.value("ground_attack", [nobody.ref("unit", "GA")])


def test_fired_artillery_moves_and_defends_and_does_not_fire_again():
    """tld:II.B#2, tld:II.B#8, tld:II.B#22, tld:II.B#24: a FIRED unit moves and
    defends as before but fires no more until turned face up; a range-1 unit
    fires in both phases."""
    session, _ = phase_log()
    ga = session.ref("unit", "GA")
    before = (reach(session, "GA"), session.value("defense_strength", ga))
    session.state.set_track(ga, "fired", 1, [])
    assert (reach(session, "GA"), session.value("defense_strength", ga)) == before
    assert not session.value("may_fire", ga)
    units = {"GB": counter("German", "04.04", ARTILLERY, artillery_range=1)}
    one, _ = world(units)
    gb = one.ref("unit", "GB")
    one.perform("mark_fired", [gb])
    assert one.value("may_fire", gb) and not one.value("ranged_artillery", gb)


def test_defensive_fire_retreat_disrupts_and_bars_attack():
    """tld:II.B#18, tld:II.E#1-5: a unit defensive fire forces back is disrupted
    (a marker each time) and may not attack in that segment."""
    units = {"A": counter("Allied", "05.05", INFANTRY, front=(4, 2, 4), tags=["division:1"]),
             "AH": hq("Allied", "05.09", "1"), "AS": supply("Allied", "05.09"),
             "G": counter("German", "05.04", INFANTRY, tags=["division:2"]),
             "GA": counter("German", "05.02", ARTILLERY, front=(6, 1, 6), tags=["division:2"]),
             "GH": hq("German", "07.01", "2"), "GS": supply("German", "07.01")}

    def answer(d):
        if d.key == "defensive_fire_hex":
            return "05.05" if "05.05" in d.options else "end"
        if d.key in ("defensive_fire", "fire_on"):
            return True
        if d.key == "retreat_to":
            return d.options[0]
        return stay(d)
    session, _ = world(units, rules=II, answer=answer, dice=[2])   # 6:2 3-1, 2+1: DR
    session.state.set_track(session.ref("unit", "A"), "disrupted", 1, [])
    session.perform("defensive_fire_phase", side(session, "German"))
    a = session.ref("unit", "A")
    assert where(session, "A") not in (None, "05.05")
    assert session.state.attr(a, "disrupted") == 2 and session.state.attr(a, "no_attack") == 1
    assert not session.value("may_attack", a)


def test_disruption_effects():
    """tld:II.E#6-9, tld:II.E#11-15: no attack or fire; +1 on the die for each
    marker when defending; one hex of movement; no zone of control; HQ and
    supply units keep supplying; markers go in the friendly reset phase."""
    units = {"A": counter("Allied", "05.05", INFANTRY, tags=["division:1"]),
             "AH": hq("Allied", "05.07", "1"), "AS": supply("Allied", "05.07"),
             "G": counter("German", "03.03", INFANTRY)}
    session, _ = world(units, rules=II, terrain={"hill": ["05.05"]})
    a, ah = session.ref("unit", "A"), session.ref("unit", "AH")
    assert session.value("in_enemy_zoc", "05.04", side(session, "German"))
    assert session.value("supplied", a) and len(reach(session, "A")) > 6
    for marker in (a, ah):
        session.state.set_track(marker, "disrupted", 2, [])
    assert not session.value("in_enemy_zoc", "05.04", side(session, "German"))
    assert not session.value("may_attack", a)
    assert session.value("combat_die_modifier", "05.05", [a]) == 2
    assert session.value("supplied", a)                      # the disrupted HQ still supplies
    assert all(session.value("distance", h, "05.05") == 1 for h in reach(session, "A"))
    session.perform("reset_phase", side(session, "Allied"))
    assert session.state.attr(a, "disrupted") == 0


def test_supply_from_hqs_along_eight_hex_routes():
    """tld:II.D#1, tld:II.D#4-10, tld:II.D#16, tld:II.D#18: a unit is supplied
    within eight hexes of its own division's HQ with a supply unit, by a route
    through no enemy unit and no enemy zone of control unless friendly units
    stand there; a corps HQ supplies only independent artillery; another
    division's HQ none of this division's units."""
    units = {"A": counter("Allied", "02.05", INFANTRY, tags=["division:1"]),
             "AH": hq("Allied", "10.05", "1"), "AS": supply("Allied", "10.05"),
             "ART": counter("Allied", "03.05", ARTILLERY),
             "C": hq("Allied", "03.06", "V", "corps"), "CS": supply("Allied", "03.06"),
             "OTHER": counter("Allied", "03.04", INFANTRY, tags=["division:9"]),
             "G": counter("German", "09.09", INFANTRY)}
    session, _ = world(units, rules=II)
    ref = session.ref
    assert session.value("hq_supplied", ref("unit", "AH"))
    assert session.value("supplied", ref("unit", "A"))           # eight hexes
    assert session.value("supplied", ref("unit", "ART"))         # the corps HQ's
    assert not session.value("supplied", ref("unit", "OTHER"))   # no HQ of the 9th
    assert not session.value("may_draw_on", ref("unit", "A"), ref("unit", "C"))
    far, _ = world({**units, "A": counter("Allied", "01.05", INFANTRY, tags=["division:1"])},
                   rules=II)
    assert not far.value("supplied", far.ref("unit", "A"))       # nine hexes
    wall = {**units, **{f"W{r}": counter("German", f"06.{r:02d}", INFANTRY)
                        for r in range(1, 11)}}
    blocked, _ = world(wall, rules=II)
    assert not blocked.value("supplied", blocked.ref("unit", "A"))
    ridge, _ = world({**units, "G": counter("German", "06.02", INFANTRY)}, rules=II,
                     terrain={"hill": ["06.02"]}, )
    assert ridge.value("supplied", ridge.ref("unit", "A"))
    no_depot = {k: v for k, v in units.items() if k != "AS"}
    dry, _ = world(no_depot, rules=II)
    assert not dry.value("hq_supplied", dry.ref("unit", "AH"))
    assert not dry.value("supplied", dry.ref("unit", "A"))


def test_a_zone_of_control_blocks_a_route_unless_friendly_units_stand_there():
    """tld:II.D#8-9: enemy zones of control close a route; a friendly unit in
    the controlled hex opens it again."""
    line = {f"G{r}": counter("German", f"07.{r:02d}", INFANTRY) for r in range(1, 11, 2)}
    units = {"A": counter("Allied", "04.05", INFANTRY, tags=["division:1"]),
             "AH": hq("Allied", "09.05", "1"), "AS": supply("Allied", "09.05"), **line}
    hills = [f"07.{r:02d}" for r in range(1, 11, 2)]
    session, _ = world(units, rules=II, terrain={"hill": hills})
    assert not session.value("supplied", session.ref("unit", "A"))
    friends = {f"F{c}": counter("Allied", h, INFANTRY, tags=["division:1"])
               for c, h in enumerate(("06.06", "07.06", "08.06"))}
    held, _ = world({**units, **friends}, rules=II, terrain={"hill": hills})
    assert held.value("supply_route_open", "07.06", side(held, "Allied"))
    assert held.value("supplied", held.ref("unit", "A"))
    assert not held.value("supply_route_open", "07.04", side(held, "Allied"))


def test_unsupplied_units_cannot_attack_defend_at_half_and_move_at_half():
    """tld:II.D#11-13, tld:II.D#30-32: cut off, a unit may not attack, defends at
    half strength and has half its movement allowance — that last fixed when its
    movement phase begins."""
    units = {"A": counter("Allied", "05.05", INFANTRY, front=(4, 6, 4), tags=["division:1"]),
             "G": counter("German", "05.04", INFANTRY)}
    session, _ = world(units, rules=II)
    a = session.ref("unit", "A")
    assert not session.value("supplied", a) and not session.value("may_attack", a)
    assert session.value("defense_strength", a) == 3
    session.perform("movement_phase", side(session, "Allied"), "regular")
    assert session.state.attr(a, "out_of_supply") == 1
    assert session.value("movement_allowance", a) == 2
    module_one, _ = world(units)
    assert module_one.value("supplied", module_one.ref("unit", "A"))


def test_one_hq_a_hex():
    """tld:II.D#2-3: an HQ never stops in, nor retreats into, a hex with another
    friendly HQ."""
    units = {"H1": hq("Allied", "05.05", "1"), "H2": hq("Allied", "05.06", "2"),
             "G": counter("German", "09.09", INFANTRY)}
    session, _ = world(units, rules=II)
    h1 = session.ref("unit", "H1")
    assert not session.value("stack_fits", h1, "05.06")
    assert "05.06" not in session.value("retreat_hexes", h1, "05.05", "05.05", 1)


def test_hq_capacity_three_independents_and_six_artillery():
    """tld:II.D#14-15, tld:II.D#17: a division HQ supplies all of its own units
    and at most three independent units; a corps HQ at most six independent
    artillery units — here the nearest."""
    units = {"AH": hq("Allied", "05.05", "1"), "AS": supply("Allied", "05.05"),
             "C": hq("Allied", "05.06", "V", "corps"), "CS": supply("Allied", "05.06"),
             "G": counter("German", "10.10", INFANTRY)}
    units.update({f"D{n}": counter("Allied", f"0{n + 1}.02", INFANTRY, tags=["division:1"])
                  for n in range(5)})
    units.update({f"I{n}": counter("Allied", h, TANKS)
                  for n, h in enumerate(("05.04", "04.05", "06.03", "05.01"))})
    units.update({f"R{n}": counter("Allied", h, ARTILLERY)
                  for n, h in enumerate(("05.07", "05.08", "04.07", "06.07", "04.08", "06.08",
                                         "05.10"))})
    session, _ = world(units, rules=II)
    supplied = {u for u in units if session.value("supplied", session.ref("unit", u))}
    assert {f"D{n}" for n in range(5)} <= supplied                 # all of its own
    assert {u for u in supplied if u.startswith("I")} == {"I0", "I1", "I2"}
    assert {u for u in supplied if u.startswith("R")} == {f"R{n}" for n in range(6)}


def test_supply_is_never_consumed_defending_and_a_us_group_counts_three():
    """tld:II.D#24-25, tld:II.D#29: defending spends nothing; in the defensive
    fire phase one U.S. artillery group firing counts as three artillery units."""
    units = {"A": counter("Allied", "05.05", INFANTRY, tags=["division:1"]),
             "AH": hq("Allied", "05.08", "1"), "AS": supply("Allied", "05.08"),
             "AG": counter("Allied", "05.02", ARTILLERY, tags=["division:1", "group:1"]),
             "G": counter("German", "05.04", INFANTRY, front=(2, 9, 4), tags=["division:2"]),
             "GH": hq("German", "07.01", "2"), "GS": supply("German", "07.01")}

    def answer(d):
        if d.key == "defensive_fire_hex":
            return "05.04" if "05.04" in d.options else "end"
        if d.key in ("defensive_fire", "fire_on"):
            return True
        return stay(d)
    session, _ = world(units, rules=II, answer=answer, dice=[4])
    session.perform("defensive_fire_phase", side(session, "Allied"))
    spent = [e.data for e in session.state.log if e.kind == "supply_consumed"]
    assert [s["hq"] for s in spent] == ["AH"]                  # the group counted three
    assert session.state.attr(session.ref("unit", "GS"), "face") == "front"  # defender: none
