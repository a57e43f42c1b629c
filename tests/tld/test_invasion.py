"""Module V (tld:V.A-E): the invasion turn's sequence, airborne landings with
drift and drift combat, the amphibious assault with beachhead markers and
doubled assault-wave losses, German coastal artillery.  The Drift Diagram and
the Dispersal Table are provisional (invasion.ksr), so these tests check what
the text says a roll does, reading the diagram from the rules."""

from __future__ import annotations

from kriegsspiel.core.hexgrid import HexGrid

from tld_world import ARTILLERY, INFANTRY, counter, hq, side, stay, supply, where, world

V = ("tld:I", "tld:V")
GRID = HexGrid((1, 10, 1, 10))
SEA = {"sea": [f"{c:02d}.01" for c in range(1, 11)]}
# Omaha's boxes on row 1, each paired with the coastal hex below it; the third
# is POINTE DU HOC's.  Utah's one box on the west.
BEACHES = [
    {"hex": "04.01", "kind": "beach_landing_box", "name": "Omaha"},
    {"hex": "06.01", "kind": "beach_landing_box", "name": "Omaha"},
    {"hex": "08.01", "kind": "beach_landing_box", "name": "Omaha"},
    {"hex": "05.01", "kind": "beach_landing_box", "name": "Omaha"},
    {"hex": "02.01", "kind": "beach_landing_box", "name": "Utah"},
    {"hex": "05.01", "kind": "landing", "name": "Easy Green"},
    {"hex": "05.02", "kind": "landing", "name": "Easy Green"},
    {"hex": "04.01", "kind": "landing", "name": "Dog Red"},
    {"hex": "04.02", "kind": "landing", "name": "Dog Red"},
    {"hex": "06.01", "kind": "landing", "name": "Easy Red"},
    {"hex": "06.02", "kind": "landing", "name": "Easy Red"},
    {"hex": "08.01", "kind": "landing", "name": "Pointe du Hoc"},
    {"hex": "08.02", "kind": "landing", "name": "Pointe du Hoc"},
    {"hex": "08.01", "kind": "pointe_du_hoc", "name": "Pointe du Hoc"},
    {"hex": "02.01", "kind": "landing", "name": "Uncle Red"},
    {"hex": "02.02", "kind": "landing", "name": "Uncle Red"},
] + [{"hex": h, "kind": "us_beach", "name": "US"} for h in ("02.02", "04.02", "06.02", "08.02")]


def landing(hex_id, wave="assault", kind=INFANTRY, turn=0, **changes):
    return counter("Allied", None, kind, arrival_turn=turn, entry_hexes=[hex_id], wave=wave,
                   tags=["nation:us"] + changes.pop("tags", []), **changes)


def airborne(zone, turn=0, tags=(), kind=INFANTRY, **changes):
    return counter("Allied", None, kind, arrival_turn=turn, entry_hexes=[zone],
                   tags=["airborne", "nation:us", *tags], **changes)


def answers(**wanted):
    def answer(d):
        if d.key in wanted:
            value = wanted[d.key]
            value = value(d) if callable(value) else value
            if value in d.options:
                return value
        if d.key == "attack_hex":
            return next((o for o in d.options if o != "end"), "end")
        if d.key in ("join_attack", "advance"):
            return True
        return stay(d)
    return answer


def invasion(units, dice=(), answer=None, rules=V, terrain=None, **kw):
    return world(units, terrain={**SEA, **(terrain or {})}, features=BEACHES, rules=rules,
                 month="06", start_date=6, dice=list(dice), answer=answer or answers(), **kw)


def events(session, kind):
    return [e.data for e in session.state.log if e.kind == kind]


def toward(hex_id, direction, steps=1):
    here = GRID.parse(hex_id)
    for _ in range(steps):
        here = GRID.neighbour(here, direction)
    return GRID.format(here)


# ---- airborne landings (tld:V.B) ---------------------------------------------------
def test_airborne_units_are_placed_in_their_drop_zones_and_drift_by_the_diagram():
    """tld:V.B#1-6: in the air drop phase each airborne unit due is placed on its
    drop zone hex, then one die each moves it to the diagram's hex for the roll
    (provisional diagram: 1 stays, 2-7 the neighbour across sides 0-5 clockwise
    from north, the map's north)."""
    units = {"P1": airborne("05.05"), "P2": airborne("05.05"), "P3": airborne("05.06", turn=1)}
    session, _ = invasion(units, dice=[1, 4, 1])
    session.perform("air_drop", side(session, "Allied"), False)
    assert [(e["unit"], e["hex"]) for e in events(session, "unit_dropped")] == \
        [("P1", "05.05"), ("P2", "05.05")]
    drifted = events(session, "unit_drifted")
    assert [(e["roll"], e["destination"]) for e in drifted] == [(1, "05.05"), (4, toward("05.05", 2))]
    assert where(session, "P1") == "05.05" and where(session, "P2") == toward("05.05", 2)
    assert where(session, "P3") is None            # due on 7 June, not now (tld:V.B#2)


def test_a_unit_drifting_out_of_its_zone_rolls_on_the_dispersal_table():
    """tld:V.B#7: out of the drop zone hex a second roll on the Dispersal Table
    (provisional: 5-6 a step lost); in the zone, no second roll."""
    units = {"P1": airborne("05.05"), "P2": airborne("05.05")}
    session, _ = invasion(units, dice=[3, 6, 3, 2])
    session.perform("air_drop", side(session, "Allied"), False)
    assert [(e["unit"], e["roll"], e["steps"]) for e in events(session, "unit_dispersed")] == \
        [("P1", 6, 1), ("P2", 2, 0)]
    assert session.state.attr(session.ref("unit", "P1"), "face") == "back"
    kept, _ = invasion({"P1": airborne("05.05")}, dice=[1])
    kept.perform("air_drop", side(kept, "Allied"), False)
    assert events(kept, "unit_dispersed") == []


def test_units_drifting_off_the_map_into_the_sea_or_over_stacking_are_lost():
    """tld:V.B#8: off the mapboard, into sea hexes, into prohibited hexes or onto
    friendly units over the stacking limit: eliminated."""
    units = {"Sea": airborne("05.02"), "Off": airborne("05.10"),
             "Full": airborne("05.05"),
             "F1": counter("Allied", toward("05.05", 0), INFANTRY, stacking=3),
             "F2": counter("Allied", toward("05.05", 0), INFANTRY, stacking=3)}
    # 05.02 north is the sea; 05.10 south (direction 3, roll 5) is off the map
    session, _ = invasion(units, dice=[2, 5, 2])
    session.perform("air_drop", side(session, "Allied"), False)
    lost = {e["unit"]: e["reason"] for e in events(session, "unit_lost_in_drift")}
    assert lost == {"Sea": "drifted into the sea", "Off": "drifted off the map",
                    "Full": "drifted onto friendly units over the stacking limit"}
    assert all(session.state.attr(session.ref("unit", u), "eliminated") for u in lost)


def test_gliders_and_hqs_subtract_two_and_an_enemy_in_the_zone_adds_two():
    """tld:V.B#9-10: GLIDER and HEADQUARTERS units subtract 2 from the drift
    roll; an enemy unit in the drop zone hex adds 2."""
    units = {"G": airborne("03.05", tags=["glider"]),
             "H": {**hq("Allied", None, "101"), "arrival_turn": 0, "entry_hexes": ["07.05"],
                   "tags": ["airborne", "division:101", "hq:division"]},
             "P": airborne("05.08"), "E": counter("German", "05.08", INFANTRY, front=(1, 1, 4))}
    session, _ = invasion(units, dice=[3, 3, 2, 6, 6])
    session.perform("air_drop", side(session, "Allied"), False)
    drifted = {e["unit"]: (e["roll"], int(e["modifier"]), e["destination"])
               for e in events(session, "unit_drifted")}
    assert drifted["G"] == (3, -2, "03.05") and drifted["H"] == (3, -2, "07.05")
    assert drifted["P"] == (2, 2, toward("05.08", 2))         # 2 + 2 = 4: side 2
    terms = [t["name"] for t in session.value("drift_modifier", session.ref("unit", "G"),
                                                "03.05").terms]
    assert terms == ["glider_or_headquarters"]


def test_drift_combat_counts_only_the_hex_and_takes_one_off_the_die():
    """tld:V.B#11-18: an airborne unit ending in an enemy hex fights a drift
    combat at the end of the phase: odds from the units in that hex alone
    (none next to it), the Allied attacking, artillery like infantry, the die
    one lower."""
    units = {"P": airborne("05.05"), "Gun": airborne("05.05", kind=ARTILLERY),
             "E": counter("German", "05.04", INFANTRY, front=(2, 4, 4)),
             "Near": counter("German", "06.04", INFANTRY)}
    # both drift north from 05.05 onto the German (roll 2: side 0), no dispersal
    # loss (rolls 1), then the drift combat's die 6
    session, _ = invasion(units, dice=[2, 1, 2, 1, 6])
    session.perform("air_drop", side(session, "Allied"), False)
    [fight] = events(session, "drift_combat_resolved")
    assert fight["hex"] == "05.04" and fight["attack"] == 8 and fight["defense"] == 4
    assert fight["odds"] == "2-1" and fight["roll"] == 6 and int(fight["modifier"]) == -1
    drm = session.value("drift_die_modifier", "05.04", [session.ref("unit", "P")],
                        [session.ref("unit", "E")])
    assert "drift_combat" in [t["name"] for t in drm.terms]
    assert fight["result"] == "DLS"              # 2-1, 6 - 1 = 5 (provisional CRT)


def test_drift_combat_retreats_one_hex_or_eliminates_everyone():
    """tld:V.B#19-21: a retreat is one adjacent hex not in an enemy zone of
    control nor holding an enemy unit, or the unit is eliminated; when neither
    side retreats, every unit of the combat on both sides is eliminated."""
    def fight(die):
        units = {"P": airborne("05.05"), "E": counter("German", "05.04", INFANTRY,
                                                       front=(2, 2, 4))}
        # P drifts north onto E (roll 2), no dispersal loss (1); 4 against 2: 2-1
        session, _ = invasion(units, dice=[2, 1, die])
        session.perform("air_drop", side(session, "Allied"), False)
        [result] = [e["result"] for e in events(session, "drift_combat_resolved")]
        return session, result
    retreat, result = fight(5)               # 5 - 1 = 4: DR (provisional CRT)
    assert result == "DR"
    [moved] = events(retreat, "unit_retreated")
    assert moved["unit"] == "E" and moved["origin"] == "05.04"
    assert GRID.distance(GRID.parse("05.04"), GRID.parse(moved["destination"])) == 1
    assert where(retreat, "P") == "05.04"
    stand, result = fight(2)                 # 2 - 1 = 1: AR
    assert result == "AR"
    [back] = events(stand, "unit_retreated")
    assert back["unit"] == "P" and back["origin"] == "05.04"
    both, result = fight(4)                  # 4 - 1 = 3: EX, no retreat for either side
    assert result == "EX"
    assert all(both.state.attr(both.ref("unit", u), "eliminated") for u in ("P", "E"))
    walled = {"P": airborne("05.05"), "E": counter("German", "05.04", INFANTRY, front=(2, 2, 4))}
    walled.update({f"W{i}": counter("German", h, INFANTRY) for i, h in
                   enumerate(toward("05.04", d) for d in (0, 1, 2, 4, 5))})
    walled["Z"] = counter("German", "05.06", INFANTRY)       # on a hill: 05.05 in its zone
    boxed, _ = invasion(walled, dice=[2, 1, 2], terrain={"hill": ["05.06"]})
    boxed.perform("air_drop", side(boxed, "Allied"), False)
    assert boxed.state.attr(boxed.ref("unit", "P"), "eliminated")   # AR, nowhere to go


def test_airborne_units_do_not_move_in_the_segment_they_land():
    """tld:V.B#22-23: on a later turn airborne units drop in the Allied
    replacement phase (tld:V.B#23) and do not move again in that segment."""
    units = {"P": airborne("05.05", turn=1)}
    session, asked = invasion(units, dice=[1], answer=answers(move_to=lambda d: d.options[0]))
    session.perform("advance_turn")
    session.perform("player_segment", side(session, "Allied"))
    assert events(session, "unit_dropped")[0]["hex"] == "05.05"
    assert where(session, "P") == "05.05"
    assert not [a for a in asked.asked if a[1] == "move_to"]
    session.perform("advance_turn")
    session.perform("player_segment", side(session, "Allied"))   # the next turn: it may
    assert [a for a in asked.asked if a[1] == "move_to"]


# ---- the amphibious assault (tld:V.C) -------------------------------------------
def test_assault_waves_land_from_their_exact_boxes_and_make_beachheads():
    """tld:V.C#1-9, tld:V.C#18-19: the assault waves go to their exact landing
    boxes, then to the connected coastal hex and no further; a box whose units
    landed gets a beachhead marker at the end of the phase, never POINTE DU HOC."""
    units = {"A1": landing("04.01"), "A2": landing("04.01"), "R": landing("08.01")}
    session, _ = invasion(units)
    session.perform("beach_assault_phase", side(session, "Allied"))
    boxes = [(e["unit"], e["hex"]) for e in events(session, "unit_put_in_box")]
    assert boxes == [("A1", "04.01"), ("A2", "04.01"), ("R", "08.01")]
    assert where(session, "A1") == where(session, "A2") == "04.02" and where(session, "R") == "08.02"
    assert [e["hex"] for e in events(session, "beachhead_established")] == ["04.01"]
    assert session.value("hex_marker", "04.01", "beachhead") == 1
    assert session.value("hex_marker", "08.01", "beachhead") == 0


def test_units_the_coastal_hex_cannot_take_go_back_to_the_card():
    """tld:V.C#10-11: assault units that cannot land for stacking go back to the
    card, the Allied player choosing which land, and reenter with the
    follow-up wave."""
    units = {"A1": landing("04.01", stacking=3), "A2": landing("04.01", stacking=3),
             "A3": landing("04.01", stacking=2)}
    session, asked = invasion(units, answer=answers(land_unit=lambda d: d.options[-1]))
    session.perform("beach_assault_phase", side(session, "Allied"))
    assert where(session, "A3") == "04.02" and where(session, "A2") == "04.02"
    assert where(session, "A1") is None
    [back] = events(session, "unit_returned_to_card")
    assert back["unit"] == "A1"
    session.perform("follow_up_phase", side(session, "Allied"))
    assert where(session, "A1") == "04.01"       # back in its beach's beachhead box


def test_an_occupied_coastal_hex_is_attacked_from_its_box_with_doubled_losses():
    """tld:V.C#12-15, tld:V.C#20-21: the units in a box attack the enemy on its
    coastal hex (with assault units on coastal hexes next to it), combat as
    usual; in the beach assault phase an assault wave's L1 is an L2."""
    units = {"A": landing("06.01"), "G": counter("German", "06.02", INFANTRY)}
    # 4 against 6: 1-2; die 2: AL1, doubled to L2
    session, _ = invasion(units, dice=[2])
    session.perform("beach_assault_phase", side(session, "Allied"))
    [fight] = events(session, "attack_resolved")
    assert fight["odds"] == "1-2" and fight["result"] == "AL1"
    assert session.state.attr(session.ref("unit", "A"), "remnant") == 1   # two steps
    assert session.value("doubled_loss", "LS") == "L1"
    assert session.value("doubled_loss", "L2") == "E"
    # after the phase a loss is a loss again
    assert session.value("assault_loss", [session.ref("unit", "A")], "L1") == "L1"


def test_a_won_assault_advances_only_onto_the_coastal_hex():
    """tld:V.C#13-15, tld:V.C#18: a unit landed next to the hex joins the
    attack; the defenders retreat, the box's units advance onto the coastal hex
    and the box gets its beachhead."""
    units = {"A": landing("06.01"), "B": landing("05.01"),
             "G": counter("German", "06.02", INFANTRY, front=(1, 2, 4))}
    # 8 against 2: 4-1; die 2: DR (provisional CRT)
    session, asked = invasion(units, dice=[2])
    session.perform("beach_assault_phase", side(session, "Allied"))
    [fight] = events(session, "attack_resolved")
    assert sorted(str(u).split(":")[-1] for u in fight["attackers"]) == ["A", "B"] and fight["result"] == "DR"
    assert where(session, "A") == "06.02"
    assert sorted(e["hex"] for e in events(session, "beachhead_established")) == ["05.01", "06.01"]


def test_a_failed_assault_stays_in_its_box_and_goes_back_at_build_up():
    """tld:V.C#16-17: units whose attack left the coastal hex held stay in the box
    until the build-up phase, then go back to the card and land as build-up
    units on a later turn."""
    units = {"A": landing("06.01"), "G": counter("German", "06.02", INFANTRY)}
    session, _ = invasion(units, dice=[5])           # 1-2, 5: NE
    session.perform("beach_assault_phase", side(session, "Allied"))
    assert where(session, "A") == "06.01" and events(session, "beachhead_established") == []
    session.perform("build_up_phase", side(session, "Allied"))
    assert where(session, "A") is None
    assert events(session, "unit_returned_to_card")[0]["unit"] == "A"
    assert session.state.attr(session.ref("unit", "A"), "land_from") == 1


def test_follow_up_waves_land_at_beachheads_of_their_beach_and_move_in_full():
    """tld:V.C#22-30: the assault waves ashore move up to half their allowance
    (rounded down) first; then the follow-up waves land at any box of their
    beach with a beachhead marker (unlimited numbers) and move their full
    allowance; a follow-up unit of a beach without one stays on the card."""
    units = {"A": landing("04.01", movement=5), "F1": landing("06.01", wave="follow_up"),
             "F2": landing("06.01", wave="follow_up"), "U": landing("02.01", wave="follow_up")}
    reach = {}

    def answer(d):
        if d.key == "move_to":
            reach[d.subject.id] = max(int(h.split(".")[1]) for h in d.options if "." in h)
            return "stop"
        return answers()(d)
    session, _ = invasion(units, answer=answer)
    session.perform("beach_assault_phase", side(session, "Allied"))
    session.perform("follow_up_phase", side(session, "Allied"))
    assert reach["A"] == 4                       # half of 5 MP, rounded down: two hexes
    assert [e["hex"] for e in events(session, "unit_put_in_box") if e["wave"] == "follow_up"] == \
        ["04.01", "04.01"]                      # Omaha's only beachhead
    assert reach["F1"] == 5                      # a full 4 MP from the box
    assert where(session, "U") is None           # Utah has no beachhead: not at Omaha


def test_build_up_waves_move_half_and_land_after_the_build_up_drops():
    """tld:V.A#18, tld:V.B#24-25: in the build-up phase the build-up airborne
    units drop and drift first, then the build-up waves land and move up to half
    their allowance."""
    units = {"A": landing("04.01"), "B": landing("04.01", wave="build_up"),
             "P": airborne("07.07", wave="build_up")}
    reach = {}

    def answer(d):
        if d.key == "move_to":
            reach[d.subject.id] = max(int(h.split(".")[1]) for h in d.options if "." in h)
        return answers()(d) if d.key != "move_to" else "stop"
    session, _ = invasion(units, dice=[1], answer=answer)
    session.perform("beach_assault_phase", side(session, "Allied"))
    session.perform("build_up_phase", side(session, "Allied"))
    kinds = [e.kind for e in session.state.log if e.kind in ("unit_dropped", "unit_put_in_box")]
    assert kinds[-2:] == ["unit_dropped", "unit_put_in_box"]
    assert reach["B"] == 3                       # half of 4 MP from the box: two hexes


def test_nobody_stays_in_a_landing_box_at_the_end_of_a_turn():
    """tld:V.C#4-5: units are put in the landing boxes printed on the map and
    may not stay there at the end of a turn: back to the card."""
    units = {"A": landing("04.01", turn=0, wave="build_up")}
    session, _ = invasion(units)
    session.place("A", "04.01")
    session.perform("clear_landing_boxes")
    assert where(session, "A") is None
    assert events(session, "unit_returned_to_card")[0]["reason"] == "the turn ended in a landing box"


# ---- German coastal artillery (tld:V.E) -------------------------------------------
COASTAL = dict(ARTILLERY, front=(8, 2, 0), artillery_range=4, tags=["coastal_artillery"])


def test_coastal_artillery_fires_on_boxes_in_range_on_the_bombardment_table():
    """tld:V.E#4-6, tld:V.E#9-16: the coastal artillery units (the symbol) fire
    only at units in landing boxes within range, their points in one total a
    box (one naval gunfire point each) on the Bombardment Table; a 'D' costs
    every unit there a step and disrupts it, a supply unit only inverted."""
    units = {"K1": counter("German", "04.04", COASTAL), "K2": counter("German", "05.04", COASTAL),
             "Far": counter("German", "10.10", COASTAL),
             "Plain": counter("German", "04.05", ARTILLERY),
             "A": counter("Allied", "04.01", INFANTRY), "S": supply("Allied", "04.01"),
             "B": counter("Allied", "06.01", INFANTRY)}
    session, _ = invasion(units, dice=[4, 1])
    session.perform("coastal_artillery_fire", side(session, "German"))
    fired = [(e["hex"], e["strength"], e["result"]) for e in events(session, "coastal_fire_resolved")]
    # 04.01: K1 (3 hexes) + K2; 06.01: K2 only (K1 is four away too: both)
    assert fired[0] == ("04.01", 16, "D")
    a = session.ref("unit", "A")
    assert session.state.attr(a, "face") == "back" and session.state.attr(a, "disrupted") == 1
    s = session.ref("unit", "S")
    assert session.state.attr(s, "face") == "back" and session.state.attr(s, "disrupted") == 0
    assert session.value("coastal_strength", "04.01", side(session, "German")) == 16


def test_a_box_is_fired_on_once_a_phase_on_the_invasion_turn_once_a_turn_after():
    """tld:V.E#7-8, tld:V.E#15, tld:V.E#17-18: on the invasion turn each box may
    be fired on in the beach assault, follow-up and build-up phases, once in
    each; on later turns once a turn, at the end of the Allied air/naval phase."""
    units = {"K": counter("German", "04.04", COASTAL), "A": counter("Allied", "04.01", INFANTRY)}
    session, _ = invasion(units, dice=[1, 1])
    german = side(session, "German")
    session.perform("coastal_artillery_fire", german)
    session.perform("coastal_artillery_fire", german)
    assert len(events(session, "coastal_fire_resolved")) == 2       # 6 June: each phase
    later, _ = invasion(units, dice=[1, 1, 1], rules=("tld:I", "tld:III", "tld:V"))
    later.perform("advance_turn")
    later.perform("coastal_artillery_fire", side(later, "German"))
    later.perform("coastal_artillery_fire", side(later, "German"))
    assert len(events(later, "coastal_fire_resolved")) == 1         # 7 June: once a turn
    later.perform("clear_landing_boxes")
    assert later.value("hex_marker", "04.01", "coastal_fired") == 0


def test_coastal_artillery_is_always_in_supply():
    """tld:V.E#19-20: coastal artillery units are supplied at all times, draw on
    no HQ and consume nothing."""
    units = {"K": counter("German", "04.04", COASTAL), "G": counter("German", "07.07", INFANTRY)}
    session, _ = invasion(units, rules=("tld:I", "tld:II", "tld:V"))
    session.perform("advance_turn")                                  # 7 June
    assert session.value("supplied", session.ref("unit", "K"))
    assert not session.value("supplied", session.ref("unit", "G"))
    assert session.value("supply_source", session.ref("unit", "K")) is None


# ---- the invasion sequence (tld:V.A) ----------------------------------------------
def test_the_6_june_turn_runs_the_invasion_sequence_then_the_regular_one():
    """tld:V.A#1-23: on 6 June the Allied segment is air drop, air/naval, beach
    assault (boxes, coastal fire, assaults), follow-up, German mechanized
    movement, German defensive fire, Allied combat (units that attacked may
    attack again); the German segment is movement, Allied build-up, Allied
    defensive fire, German combat, reset; there is no other Allied segment.
    From 7 June the regular sequence."""
    units = {"P": airborne("07.07"), "A": landing("06.01"), "F": landing("06.01", wave="follow_up"),
             "B": landing("06.01", wave="build_up"), "K": counter("German", "06.05", COASTAL),
             "G": counter("German", "06.02", INFANTRY, front=(1, 2, 4))}
    # drift 1: stays; coastal fire 1: NE; the assault 2-1, 4: DR; later fire 1s
    session, _ = invasion(units, dice=[1, 1, 4, 1, 1, 1, 1, 1, 1, 1])
    session.perform("play_turn")
    order = [e.kind for e in session.state.log if e.kind in (
        "segment_started", "unit_dropped", "unit_put_in_box", "coastal_fire_resolved",
        "attack_resolved", "beachhead_established")]
    assert order[:3] == ["segment_started", "unit_dropped", "unit_put_in_box"]
    assert order.index("coastal_fire_resolved") < order.index("attack_resolved") < \
        order.index("beachhead_established")
    segments = [e.data["side"] for e in session.state.log if e.kind == "segment_started"]
    assert len(segments) == 2
    assert session.value("invasion_sequence") is False


def test_after_the_invasion_turn_units_land_in_the_replacement_phase_and_are_fired_on():
    """tld:V.C#26, tld:V.E#8: on a later turn units due by sea are put in
    beachhead boxes in the replacement phase; coastal artillery fires at the end
    of the Allied air/naval phase; then they move.  A beach with no beachhead
    (Utah here) sends its units to a beachhead of another beach of their
    nation."""
    units = {"A": landing("04.01"), "U": landing("02.01", wave=None, turn=1),
             "K": counter("German", "04.05", COASTAL)}
    session, _ = invasion(units, dice=[1, 1], rules=("tld:I", "tld:III", "tld:V"),
                          answer=answers(move_to=lambda d: "04.03"))
    session.perform("beach_assault_phase", side(session, "Allied"))   # Omaha's beachhead
    session.perform("clear_landing_boxes")
    session.perform("advance_turn")
    session.perform("player_segment", side(session, "Allied"))
    order = [e.kind for e in session.state.log if e.kind in
             ("unit_put_in_box", "coastal_fire_resolved", "unit_moved")]
    landed = len(order) - 1 - order[::-1].index("unit_put_in_box")
    assert order[landed:landed + 2] == ["unit_put_in_box", "coastal_fire_resolved"]
    assert "unit_moved" in order[landed + 2:]
    assert [e["hex"] for e in events(session, "unit_put_in_box")][-1] == "04.01"
    assert where(session, "U") == "04.03"


def test_any_number_of_units_may_wait_in_a_beachhead_box():
    """tld:V.C#27-28: an unlimited number of units may enter through a beachhead
    box: units put in one box on a later turn are not over-stacked there, and
    those still in it at the turn's end go back to the card (tld:V.C#5)."""
    units = {"A": landing("04.01"), **{f"L{i}": landing("04.01", wave=None, turn=1)
                                       for i in range(4)}}
    session, _ = invasion(units)
    session.perform("beach_assault_phase", side(session, "Allied"))
    session.perform("clear_landing_boxes")
    session.perform("advance_turn")
    session.perform("player_segment", side(session, "Allied"))
    assert all(where(session, f"L{i}") == "04.01" for i in range(4))   # 8 points in the box
    assert not any(session.state.attr(session.ref("unit", f"L{i}"), "eliminated")
                   for i in range(4))
    session.perform("clear_landing_boxes")
    assert all(where(session, f"L{i}") is None for i in range(4))
