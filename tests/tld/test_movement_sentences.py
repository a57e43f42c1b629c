"""Module I movement: the sequence of play (tld:I.A), movement (tld:I.B),
mechanized movement (tld:I.C), roads (tld:I.D), strategic road movement
(tld:I.E), stacking (tld:I.F), zones of control (tld:I.G), friendly hexes
(tld:I.H) and mapboard entry (tld:I.J), each test naming the sentences it
exercises."""

from __future__ import annotations

from tld_world import (INFANTRY, TANKS, TRUCKS, counter, reach, side, stay, where,
                             world)


def test_the_turn_order_by_phase_events():
    """tld:I.A#1-2, tld:I.A#5-7, tld:I.A#9-11, tld:I.B#15-16: in a friendly
    movement phase only friendly units move, and nobody is asked to attack;
    the other side's mechanized units move in the phase after it."""
    moves = []

    def answer(d):
        if d.key == "attack_hex":
            moves.append("attack")
        if d.key == "move_to":
            unit = d.subject.id
            moves.append(unit)
            options = [o for o in d.options if o != "stop"]
            return options[0] if options else "stop"
        return stay(d)
    units = {"A": counter("Allied", "02.02", INFANTRY), "AT": counter("Allied", "02.09", TANKS),
             "G": counter("German", "09.09", INFANTRY), "GT": counter("German", "09.02", TANKS),
             "GA": counter("German", "05.05", INFANTRY, front=(4, 6, 0), back=None),
             "AA": counter("Allied", "05.06", INFANTRY, front=(4, 6, 0), back=None)}
    session, _ = world(units, answer=answer)
    session.perform("play_turn")
    assert moves == ["A", "AT", "GT", "attack", "G", "GT", "AT", "attack"]


def test_the_swamp_example_and_movement_points():
    """tld:I.B#2, tld:I.B#4-7, tld:I.B#22-24: 1 MP for a clear hex, 2 MP for
    the swamp beyond it: 3 MP; a second swamp hex (2 MP) is out of reach with
    one point left."""
    units = {"A": counter("Allied", "05.04", INFANTRY, front=(4, 6, 3)),
             "G": counter("German", "09.09", INFANTRY)}
    session, _ = world(units, terrain={"swamp": ["05.06", "05.07"]})
    reachable = reach(session, "A")
    assert "05.05" in reachable and "05.06" in reachable     # 1 + 2 = 3 MP
    assert "05.07" not in reachable                          # 3 + 2 > 3
    assert "05.07" in reach(world({**units, "A": counter("Allied", "05.04", INFANTRY,
                                                         front=(4, 6, 5))},
                                  terrain={"swamp": ["05.06", "05.07"]})[0], "A")
    assert session.value("step_cost", session.ref("unit", "A"), "05.05", "05.06") == 8  # 2 MP


def test_movement_is_voluntary_one_unit_at_a_time_and_points_do_not_carry_over():
    """tld:I.B#1, tld:I.B#3, tld:I.B#8-14: each unit is offered every hex it can
    reach in any direction, and 'stop'; it is asked once, its move done before
    the next unit's; a unit that did not move has the same allowance next turn."""
    units = {"A": counter("Allied", "05.05", INFANTRY), "B": counter("Allied", "02.02", INFANTRY),
             "G": counter("German", "09.09", INFANTRY)}
    session, rec = world(units)
    before = reach(session, "A")
    session.perform("movement_phase", side(session, "Allied"), "regular")
    asked = [(k, u.id) for _, k, u in rec.asked if k == "move_to"]
    assert asked == [("move_to", "A"), ("move_to", "B")]
    assert where(session, "A") == "05.05" and reach(session, "A") == before
    # every direction: the six neighbours are all offered
    neighbours = session.value("neighbours", "05.05")
    assert set(neighbours) <= set(before)


def test_a_unit_may_pass_friendly_units_but_not_enter_enemy_combat_units():
    """tld:I.B#17-18, tld:I.F#1: a friendly hex can be entered and passed;
    an enemy combat unit's hex never."""
    units = {"A": counter("Allied", "05.05", INFANTRY), "F": counter("Allied", "05.06", INFANTRY),
             "G": counter("German", "06.05", INFANTRY)}
    session, _ = world(units)
    reachable = reach(session, "A")
    assert "05.06" in reachable and "05.07" in reachable
    assert "06.05" not in reachable


def test_a_zone_of_control_comes_only_from_a_combat_unit_on_a_hill_and_stops_movement():
    """tld:I.G#1-4, tld:I.B#19: a German unit on a hill controls the six hexes
    around it: an Allied unit entering one stops there; on clear ground the same
    unit controls nothing, and a supply unit on the hill controls nothing."""
    units = {"A": counter("Allied", "05.02", INFANTRY, front=(4, 6, 6)),
             "G": counter("German", "05.05", INFANTRY)}
    on_hill, _ = world(units, terrain={"hill": ["05.05"]})
    assert on_hill.value("in_enemy_zoc", "05.04", side(on_hill, "Allied"))
    reachable = reach(on_hill, "A")
    assert "05.04" in reachable and "05.06" not in reachable and "04.05" in reachable
    # 05.04 is in the zone: nothing beyond it through it — 05.06 needs a path round
    flat, _ = world(units)
    assert not flat.value("in_enemy_zoc", "05.04", side(flat, "Allied"))
    assert "05.06" in reach(flat, "A")
    supply = {**units, "G": counter("German", "05.05", INFANTRY, unit_class="supply")}
    depot, _ = world(supply, terrain={"hill": ["05.05"]})
    assert not depot.value("in_enemy_zoc", "05.04", side(depot, "Allied"))


def test_a_unit_starting_in_a_zone_may_leave_or_step_into_another_and_stop():
    """tld:I.G#5: from a controlled hex a unit moves away normally, or straight
    into another controlled hex and stops."""
    units = {"A": counter("Allied", "05.04", INFANTRY, front=(4, 6, 6)),
             "G": counter("German", "05.05", INFANTRY)}
    session, _ = world(units, terrain={"hill": ["05.05"]})
    reachable = reach(session, "A")
    assert "05.01" in reachable                        # leaves and moves on
    assert "04.05" in reachable or "06.05" in reachable   # straight into another
    stops = [h for h in reachable if session.value("in_enemy_zoc", h, side(session, "Allied"))]
    beyond = [h for h in reachable if session.value("distance", h, "05.05") == 2 and
              session.value("distance", h, "05.04") <= 2]
    assert stops and beyond


def test_a_unit_with_no_movement_allowance_never_moves():
    """tld:I.B#20: an allowance of 0: not even asked."""
    units = {"A": counter("Allied", "05.05", INFANTRY, front=(4, 6, 0), back=None),
             "G": counter("German", "09.09", INFANTRY)}
    session, rec = world(units)
    session.perform("movement_phase", side(session, "Allied"), "regular")
    assert not [k for _, k, _ in rec.asked if k == "move_to"]


def test_mechanized_units_move_in_the_enemy_phase_unless_adjacent_or_disrupted():
    """tld:I.C#1-3: in the mechanized phase only underlined allowances move; one
    next to an enemy combat unit at the phase's start does not, nor a disrupted one."""
    units = {"T": counter("German", "02.02", TANKS), "I": counter("German", "02.05", INFANTRY),
             "N": counter("German", "07.07", TANKS), "D": counter("German", "02.09", TANKS),
             "A": counter("Allied", "07.08", INFANTRY)}
    session, rec = world(units)
    session.perform("movement_phase", side(session, "German"), "mechanized")
    asked = [u.id for _, k, u in rec.asked if k == "move_to"]
    assert asked == ["T", "D"]      # not the foot unit, not N beside A
    disrupted, rec = world(units)
    disrupted.state.set_track(disrupted.ref("unit", "D"), "disrupted", 1, [])
    disrupted.perform("movement_phase", side(disrupted, "German"), "mechanized")
    assert [u.id for _, k, u in rec.asked if k == "move_to"] == ["T"]


def test_roads_cost_their_rate_along_the_same_road_and_terrain_off_it():
    """tld:I.D#1-2, tld:I.D#4-6, tld:I.B#7: along a primary road a tracked unit
    pays 1/4 MP and a foot unit 1/2; a secondary road 1/2 for all; entering a
    road hex off the road or from another road costs its terrain."""
    roads = {"primary_road": ["03.03 04.03 05.03 06.03"], "secondary_road": ["06.03 06.04"]}
    units = {"T": counter("Allied", "03.03", TANKS), "I": counter("Allied", "03.04", INFANTRY),
             "G": counter("German", "09.09", INFANTRY)}
    session, _ = world(units, roads=roads, terrain={"bocage": ["04.03", "06.04"]})
    t, i = session.ref("unit", "T"), session.ref("unit", "I")
    assert session.value("step_cost", t, "03.03", "04.03") == 1      # 1/4 MP
    assert session.value("step_cost", i, "03.03", "04.03") == 2      # 1/2 MP
    assert session.value("step_cost", t, "06.03", "06.04") == 2      # secondary 1/2
    assert session.value("step_cost", i, "03.04", "04.03") == 8      # off-road: bocage 2 MP
    # from one road to another at a junction: the other road's own step is the road's
    assert session.value("step_cost", t, "05.03", "06.04") == 8      # not joined: bocage


def test_strategic_road_movement():
    """tld:I.E#1-8: motorized and tracked units only, from a road, doubling the
    allowance; only along roads or city hexes; never next to an enemy combat
    unit; no attack in that segment; never on 6 June."""
    road = " ".join(f"{c:02d}.05" for c in range(1, 11))
    units = {"T": counter("Allied", "01.05", TRUCKS, front=(5, 5, 4)),
             "F": counter("Allied", "01.06", INFANTRY),
             "G": counter("German", "10.01", INFANTRY)}
    session, _ = world(units, roads={"secondary_road": [road]})
    t = session.ref("unit", "T")
    assert session.value("may_move_strategically", t)
    assert not session.value("may_move_strategically", session.ref("unit", "F"))
    assert session.value("movement_allowance", t) == 4
    normal = reach(session, "T")
    doubled, _ = world(units, roads={"secondary_road": [road]},
                       answer=lambda d: True if d.key == "strategic_road_move" else stay(d))
    doubled.perform("move", doubled.ref("unit", "T"))
    tt = doubled.ref("unit", "T")
    assert doubled.state.attr(tt, "strategic") == 1
    assert doubled.value("movement_allowance", tt) == 8
    strategic = reach(doubled, "T")
    assert all(h.endswith(".05") for h in strategic)          # the road only
    assert "10.05" in strategic and "10.05" not in normal     # 4 MP: 8 hexes at 1/2
    assert not doubled.value("may_attack", tt)                # no attack this segment
    # next to an enemy combat unit: not from there, not into there
    near = {**units, "G": counter("German", "05.04", INFANTRY)}
    blocked, _ = world(near, roads={"secondary_road": [road]},
                       answer=lambda d: True if d.key == "strategic_road_move" else stay(d))
    blocked.perform("move", blocked.ref("unit", "T"))
    assert "05.05" not in reach(blocked, "T") and "06.05" not in reach(blocked, "T")
    june, _ = world(units, roads={"secondary_road": [road]}, month="06")
    assert not june.value("may_move_strategically", june.ref("unit", "T"))


def test_stacking_six_points_and_the_owner_eliminates_the_excess():
    """tld:I.F#2-7: six stacking points a hex at the end of a phase, the value
    printed on the counter; zero-value units are free; over it the owner
    eliminates the units he chooses."""
    units = {f"A{n}": counter("Allied", "05.05", INFANTRY) for n in range(4)}
    units["S"] = counter("Allied", "05.05", INFANTRY, unit_class="supply", stacking=0)
    units["G"] = counter("German", "09.09", INFANTRY)
    chosen = []

    def answer(d):
        if d.key == "overstacked_unit":
            chosen.append([o.id for o in d.options])
            return d.options[0]
        return stay(d)
    session, _ = world(units, answer=answer)
    assert session.value("stacking_points", "05.05", side(session, "Allied")) == 8
    session.perform("enforce_stacking", side(session, "Allied"))
    assert chosen and "S" in chosen[0] and len(chosen) == 1
    assert session.value("stacking_points", "05.05", side(session, "Allied")) == 6
    assert where(session, "A0") is None and where(session, "S") == "05.05"


def test_a_move_is_offered_only_where_the_stack_stays_within_six():
    """tld:I.B#17, tld:I.F#3: a unit may stop with friendly units up to the limit."""
    units = {f"A{n}": counter("Allied", "05.06", INFANTRY) for n in range(3)}
    units["M"] = counter("Allied", "05.04", INFANTRY)
    units["G"] = counter("German", "09.09", INFANTRY)
    session, _ = world(units)
    options = [h for h in reach(session, "M")
               if session.value("stack_fits", session.ref("unit", "M"), h)]
    assert "05.06" not in options and "05.07" in options


def test_a_friendly_hex_is_one_a_side_occupies():
    """tld:I.H#1-3: occupied by a friendly unit: friendly; empty: nobody's; an
    enemy zone of control does not change it."""
    units = {"A": counter("Allied", "05.05", INFANTRY), "G": counter("German", "05.06", INFANTRY)}
    session, _ = world(units, terrain={"hill": ["05.06"]})
    allied, german = side(session, "Allied"), side(session, "German")
    assert session.value("friendly_hex", "05.05", allied)
    assert session.value("in_enemy_zoc", "05.05", allied)      # and still friendly
    assert not session.value("friendly_hex", "05.05", german)
    assert not session.value("friendly_hex", "02.02", allied)
    assert not session.value("friendly_hex", "02.02", german)


def test_mapboard_entry_costs_one_point_more_and_never_through_an_enemy():
    """tld:I.J#1-4: a unit placed on its edge hex pays the hex's terrain and one
    point more, then moves with what is left; an edge hex holding an enemy
    combat unit is not offered; it never moves off the map."""
    entered = []

    def answer(d):
        if d.key == "enter_at":
            entered.append(list(d.options))
            return d.options[0]
        return stay(d)
    units = {"R": counter("Allied", None, INFANTRY, arrival_turn=0,
                          entry_hexes=["01.05", "01.07"]),
             "G": counter("German", "01.05", INFANTRY)}
    session, _ = world(units, answer=answer, terrain={"bocage": ["01.07"]})
    session.perform("movement_phase", side(session, "Allied"), "regular")
    assert entered == [["01.07", "wait"]]
    assert where(session, "R") == "01.07"
    r = session.ref("unit", "R")
    # 4 MP: 1 + bocage 2 spent; the search offered what 1 MP reaches
    again, _ = world({**units}, answer=lambda d: d.options[0] if d.key == "enter_at" else (
        "stop" if d.key == "move_to" else stay(d)), terrain={"bocage": ["01.07"]})
    again.perform("place", again.ref("unit", "R"), "01.07")
    assert again.value("reach_allowance", again.ref("unit", "R")) == 16
    assert session.state.attr(r, "entry_spent") == 0
    # the map's edge: nothing off it is ever offered
    assert all(again.value("map_has_hex", h) for h in reach(again, "R"))
