"""Module III's Combined Arms Modifiers (tld:III.B) and Module IV's
fortifications (tld:IV.B).  Their charts are not printed (provisional in
combined_arms.ksr and fortifications.ksr), so these tests check how categories
are found and used and what a fortification does, not invented numbers."""

from __future__ import annotations

from tld_world import INFANTRY, TANKS, ARTILLERY, TRUCKS, counter, hq, side, stay, supply, where, world

III = ("tld:I", "tld:III")   # without Module II: no HQ needed for supply


def cam(session, units):
    return session.value("cam_category_of", [session.ref("unit", u) for u in units])


def test_categories_come_from_types_sharing_a_hex():
    """tld:III.B#1, tld:III.B#3-4: infantry and armor in one hex are combined;
    the same types in different hexes are not; artillery counts as neither."""
    units = {"I1": counter("Allied", "05.05", INFANTRY), "T1": counter("Allied", "05.05", TANKS),
             "T2": counter("Allied", "06.05", TANKS), "I2": counter("Allied", "06.06", INFANTRY),
             "R": counter("Allied", "04.04", ARTILLERY)}
    session, _ = world(units, rules=III)
    assert cam(session, ["I1", "T1"]) == "combined"
    assert cam(session, ["T2", "I2"]) == "armor"
    assert cam(session, ["I2"]) == "infantry" and cam(session, ["R"]) == "other"


def test_the_modifier_is_cross_indexed_and_added_to_the_attack_die():
    """tld:III.B#2, tld:III.B#5-7: the attackers' and defenders' categories give
    the die modifier, whatever their supply or terrain; only with Module III."""
    units = {"G1": counter("German", "05.04", INFANTRY, front=(6, 4, 4)),
             "G2": counter("German", "05.04", TANKS, front=(6, 4, 10)),
             "A1": counter("Allied", "05.05", INFANTRY, front=(4, 6, 4))}

    def answer(d):
        if d.key == "attack_hex":
            return "05.05" if "05.05" in d.options else "end"
        if d.key == "join_attack":
            return True
        return stay(d)
    session, _ = world(units, rules=III, answer=answer, dice=[3], terrain={"forest": ["05.05"]})
    session.perform("combat_phase", side(session, "German"))
    [fight] = [e.data for e in session.state.log if e.kind == "attack_resolved"]
    drm = session.value("attack_die_modifier", "05.05",
                        [session.ref("unit", "G1"), session.ref("unit", "G2")],
                        [session.ref("unit", "A1")])
    assert fight["modifier"] == 2 and drm == 2
    assert [t["name"] for t in drm.terms] == ["combined_arms"]
    without, _ = world(units, answer=answer, dice=[3], terrain={"forest": ["05.05"]})
    without.perform("combat_phase", side(without, "German"))
    assert [e.data["modifier"] for e in without.state.log if e.kind == "attack_resolved"] == [0]


def test_no_combined_arms_in_defensive_fire():
    """tld:III.B#8: defensive fire takes only the terrain and disruption modifiers."""
    units = {"A": counter("Allied", "05.05", INFANTRY, tags=["division:1"]),
             "AT": counter("Allied", "05.05", TANKS, tags=["division:1"]),
             "G": counter("German", "05.04", INFANTRY, tags=["division:2"]),
             "GA": counter("German", "05.02", ARTILLERY, tags=["division:2"])}

    def answer(d):
        if d.key == "defensive_fire_hex":
            return "05.05" if "05.05" in d.options else "end"
        return True if d.key in ("defensive_fire", "fire_on") else stay(d)
    session, _ = world(units, rules=("tld:I", "tld:III"), answer=answer, dice=[3])
    session.perform("defensive_fire_phase", side(session, "German"))
    [fire] = [e.data for e in session.state.log if e.kind == "defensive_fire_resolved"]
    assert fire["modifier"] == 0


# ---- Module IV: fortifications (tld:IV.B) -----------------------------------------
IV = ("tld:I", "tld:III", "tld:IV")
FORT = dict(unit_class="fortification", transport="foot", stacking=0, front=(0, 0, 0),
            back=None)


def fortified(kind="fortified_area", **extra):
    units = {"F": counter("German", "05.05", FORT, tags=[f"fort:{kind}"]),
             "G": counter("German", "05.05", INFANTRY, front=(3, 4, 4), back=(2, 3, 4),
                          remnant=(1, 1, 4)),
             "A1": counter("Allied", "05.04", INFANTRY, front=(12, 6, 4)),
             "A2": counter("Allied", "05.04", TANKS, front=(12, 6, 10)), **extra}
    return units


def attack_05_05(d):
    if d.key == "attack_hex":
        return "05.05" if "05.05" in d.options else "end"
    if d.key == "join_attack":
        return True
    if d.key == "retreat_to":
        return d.options[0]
    return stay(d)


def test_units_in_a_fortification_control_the_hexes_around_it():
    """tld:IV.B#2, tld:IV.B#5, tld:IV.B#8, tld:IV.B#14: a combat unit under a
    fortification controls the six hexes round it (the Fortifications Chart is
    not printed: all six); the fortification itself counts nothing for stacking;
    a coastal strongpoint holds no unit (tld:IV.B#11)."""
    session, _ = world(fortified(), rules=IV)
    german = side(session, "German")
    assert session.value("in_fortification", session.ref("unit", "G"))
    assert session.value("in_enemy_zoc", "05.06", side(session, "Allied"))
    assert session.value("stacking_points", "05.05", german) == 2
    strongpoint, _ = world(fortified("coastal_strongpoint"), rules=IV)
    assert not strongpoint.value("in_fortification", strongpoint.ref("unit", "G"))
    off, _ = world(fortified(), rules=("tld:I",))
    assert not off.value("in_fortification", off.ref("unit", "G"))


def test_no_retreat_from_a_fortification_unless_disrupted_and_armor_for_combined_arms():
    """tld:IV.B#6-7, tld:IV.B#15: a retreat result does not move units in a
    fortification (they take losses as usual), unless disrupted earlier in the
    turn; defending there they count as armor for combined arms."""
    session, _ = world(fortified(), rules=IV, answer=attack_05_05, dice=[2])  # 24:4 6-1, 2+1: DL1R
    session.perform("combat_phase", side(session, "Allied"))
    [fight] = [e.data for e in session.state.log if e.kind == "attack_resolved"]
    assert fight["result"] == "DL1R" and fight["modifier"] == 1    # combined against armor: +1
    assert session.value("defender_category", [session.ref("unit", "G")]) == "armor"
    g = session.ref("unit", "G")
    assert session.state.attr(g, "hex") == "05.05" and session.state.attr(g, "face") == "back"
    shaken, _ = world(fortified(), rules=IV, answer=attack_05_05, dice=[1])
    shaken.state.set_track(shaken.ref("unit", "G"), "disrupted", 1, [])
    shaken.perform("combat_phase", side(shaken, "Allied"))   # 1+1+1: DL1R, and it retreats
    moved = shaken.state.attr(shaken.ref("unit", "G"), "hex")
    result = [e.data["result"] for e in shaken.state.log if e.kind == "attack_resolved"][0]
    assert result in ("DR", "DL1R") and moved not in ("05.05",)


def test_a_fortification_goes_when_its_units_are_destroyed():
    """tld:IV.B#12-13: the fortification is removed once every unit under it is
    destroyed."""
    session, _ = world(fortified(), rules=IV, answer=attack_05_05, dice=[6])     # 6+1: DE
    session.perform("combat_phase", side(session, "Allied"))
    assert [e.data["result"] for e in session.state.log if e.kind == "attack_resolved"] == ["DE"]
    assert not session.state.attr(session.ref("unit", "F"), "on_map")
    assert [e.kind for e in session.state.log if e.kind == "fortification_removed"] == [
        "fortification_removed"]


# ---- Module V: invasion-turn supply, special assault and armored units -----------
V = ("tld:I", "tld:II", "tld:III", "tld:IV", "tld:V")


def test_on_the_invasion_turn_every_unit_is_supplied_and_spends_nothing():
    """tld:V.D#1-2: on 6 June both sides are supplied for everything without an
    HQ, and no supply is spent."""
    units = {"A": counter("Allied", "05.05", INFANTRY, tags=["division:1"]),
             "G": counter("German", "05.04", INFANTRY, tags=["division:2"])}
    june, _ = world(units, rules=V, month="06")
    assert june.value("supplied", june.ref("unit", "A"))
    assert june.value("supplied", june.ref("unit", "G"))
    later, _ = world(units, rules=V, month="06", start_date=7)
    assert not later.value("supplied", later.ref("unit", "A"))


def special(kind, **kw):
    base = dict(TANKS, back=(4, 3, 10), remnant=None)
    base.update(kw)
    return counter("Allied", "05.04", base, tags=[f"special:{kind}"])


def test_rmsr_adds_one_each_on_the_invasion_turn_and_leaves_after_it():
    """tld:V.F#1-5: an RMSR unit is an armor-type unit adding +1 to the die of
    an attack it joins on the invasion turn only; it leaves at the turn's end."""
    units = {"R1": special("rmsr"), "R2": special("rmsr"),
             "G": counter("German", "05.05", INFANTRY)}
    june, _ = world(units, rules=("tld:I",), month="06")
    attackers = [june.ref("unit", "R1"), june.ref("unit", "R2")]
    drm = june.value("attack_die_modifier", "05.05", attackers, [june.ref("unit", "G")])
    assert drm == 2 and june.value("armor_type", attackers[0])
    july, _ = world(units, rules=("tld:I",), month="07")
    assert july.value("attack_die_modifier", "05.05",
                      [july.ref("unit", "R1")], [july.ref("unit", "G")]) == 0
    june.perform("invasion_turn_over")
    assert not june.state.attr(attackers[0], "on_map")


def test_avre_and_crocodile_against_fortifications_and_bocage_at_most_two():
    """tld:V.G#5-6, tld:V.G#8, tld:V.G#11-12, tld:V.G#19-21: with other units an
    AVRE or a Crocodile adds two against a fortification, a Crocodile with
    infantry two against bocage; never more than two an attack."""
    units = {"AV": special("avre"), "CR": special("crocodile"),
             "I": counter("Allied", "05.04", INFANTRY),
             "F": counter("German", "05.05", dict(unit_class="fortification", transport="foot",
                                                  stacking=0, front=(0, 0, 0), back=None),
                          tags=["fort:minor_fort"]),
             "G": counter("German", "05.05", INFANTRY)}
    session, _ = world(units, rules=("tld:I", "tld:IV"), terrain={"bocage": ["05.05"]})
    ref = session.ref
    g = [ref("unit", "G")]
    assert session.value("special_armor_bonus", "05.05", [ref("unit", "AV"), ref("unit", "I")],
                         g) == 2
    assert session.value("special_armor_bonus", "05.05",
                         [ref("unit", "AV"), ref("unit", "CR"), ref("unit", "I")], g) == 2
    assert session.value("special_armor_bonus", "05.05", [ref("unit", "AV")], g) == 0
    assert session.value("independent", ref("unit", "AV"))


def test_avre_alone_gives_the_other_side_two_and_a_crocodile_doubles():
    """tld:V.G#13-14, tld:V.G#22: an AVRE counts for combined arms only alone in
    its hex, and then gives the other side two; a Crocodile with infantry
    doubles the combined arms modifier."""
    units = {"AV": counter("Allied", "03.03", dict(TANKS), tags=["special:avre"]),
             "CR": counter("Allied", "05.04", dict(TANKS), tags=["special:crocodile"]),
             "I": counter("Allied", "05.04", INFANTRY),
             "G": counter("German", "05.05", INFANTRY)}
    session, _ = world(units, rules=("tld:I", "tld:III"))
    ref = session.ref
    g = [ref("unit", "G")]
    assert session.value("combined_arms_modifier", [ref("unit", "AV")], g) == -2
    assert session.value("combined_arms_modifier", [ref("unit", "CR"), ref("unit", "I")], g) == 4


def test_avre_and_crocodile_have_no_remnant_step():
    """tld:V.G#15-16, tld:V.G#23-24: two steps at most, the special function
    kept inverted."""
    units = {"AV": special("avre", back=(4, 3, 10)), "G": counter("German", "09.09", INFANTRY)}
    session, _ = world(units)
    av = session.ref("unit", "AV")
    assert session.value("steps", av) == 2
    session.perform("lose_step", av)
    assert session.value("is_avre", av) and session.state.attr(av, "face") == "back"
    session.perform("lose_step", av)
    assert not session.state.attr(av, "on_map")


# ---- Module III: the air/naval phase and tactical air support (tld:III.A, III.C) ----
BOMBER = dict(unit_class="aircraft", transport="motorized", stacking=0, front=(6, 0, 0),
              back=None)


def bombing(target="05.05", join=True):
    def answer(d):
        if d.key == "bomber_hex":
            return target if target in d.options else "none"
        if d.key == "attack_hex":
            return "05.05" if "05.05" in d.options else "end"
        if d.key == "join_attack":
            return join
        return stay(d)
    return answer


def air_world(target="05.05", join=True, dice=(4,)):
    units = {"B1": counter("Allied", None, BOMBER, tags=["air:bomber"]),
             "B2": counter("Allied", None, BOMBER, tags=["air:bomber"]),
             "A": counter("Allied", "05.04", INFANTRY, front=(6, 6, 4)),
             "G": counter("German", "05.05", INFANTRY, front=(3, 6, 4))}
    return world(units, rules=("tld:I", "tld:III"), answer=bombing(target, join),
                 dice=list(dice))


def test_the_air_naval_phase_comes_first_and_bombers_join_the_attack():
    """tld:III.A#1-10, tld:III.C#1-8, tld:III.C#11-12: in the Allied segment the
    air/naval phase comes before movement; the bombers go over the German hex
    (no stacking limit), add their strength to the attack on it, suffer nothing
    and leave the map at the end of the combat phase."""
    session, rec = air_world()
    session.perform("player_segment", side(session, "Allied"))
    keys = [k for _, k, _ in rec.asked]
    assert keys.index("bomber_hex") < keys.index("move_to")
    [fight] = [e.data for e in session.state.log if e.kind == "attack_resolved"]
    assert fight["attack"] == 18 and sorted(fight["attackers"]) == ["A", "B1", "B2"]
    assert [e.data["hex"] for e in session.state.log if e.kind == "bomber_allocated"] == \
        ["05.05", "05.05"]
    for b in ("B1", "B2"):
        assert not session.state.attr(session.ref("unit", b), "on_map")
        assert not session.state.attr(session.ref("unit", b), "eliminated")
    steps = [s.name for s in session.program.decls["player_segment"].steps]
    assert steps.index("air_naval") < steps.index("regular_movement")


def test_bombers_alone_do_nothing():
    """tld:III.C#9-10: without an infantry or armor unit attacking the hex, the
    bombers over it have no effect."""
    session, _ = air_world(join=False, dice=())
    session.perform("player_segment", side(session, "Allied"))
    assert not [e for e in session.state.log if e.kind == "attack_resolved"]
    assert session.state.attr(session.ref("unit", "G"), "hex") == "05.05"
    assert not session.value("friendly_hex", "05.05", side(session, "Allied"))


def test_an_empty_field_fortification_goes_at_the_end_of_a_movement_phase():
    """tld:IV.B#24: a functional field fortification no friendly combat unit
    occupies at the end of a movement phase is removed; one still held stays."""
    units = {"F1": counter("German", "05.05", FORT, tags=["fort:field"]),
             "F2": counter("German", "07.07", FORT, tags=["fort:field"]),
             "G": counter("German", "07.07", INFANTRY),
             "A": counter("Allied", "01.01", INFANTRY)}
    session, _ = world(units, rules=IV)
    session.perform("movement_phase", side(session, "German"), "regular")
    assert not session.state.attr(session.ref("unit", "F1"), "on_map")
    assert session.state.attr(session.ref("unit", "F2"), "on_map")


# ---- Module III: tactical air interdiction (tld:III.C.2) ----------------------
FIGHTERBOMBER = dict(BOMBER)


def interdiction_world(boxes, hexes, units=None, terrain=None, roads=None, rivers=()):
    """*boxes*: a fighterbomber's id -> its box; *hexes*: a box -> its AIR INT hex."""
    fbs = {fb: counter("Allied", None, FIGHTERBOMBER,
                       tags=["air:fighterbomber", "nation:" + ("us" if fb[0] == "U" else "british")])
           for fb in boxes}

    def answer(d):
        if d.key == "air_int_box":
            return boxes[d.subject.id]
        if d.key == "air_int_hex":
            return hexes[boxes[d.subject.id]]
        return stay(d)
    return world({**fbs, **(units or {})}, terrain=terrain, roads=roads, rivers=rivers,
                 rules=("tld:I", "tld:III"), answer=answer)


def test_fighterbombers_in_a_box_give_its_air_int_counter_a_radius():
    """tld:III.C#13-17, tld:III.C#19-22: in the air/naval phase each nationality's
    fighterbombers go into its own boxes #1-#8; a used box's AIR INT counter goes
    anywhere on the map, its zone's radius by the number in the box (provisional
    chart) measured from, not including, its hex."""
    boxes = {"U1": 1, "U2": 1, "U3": 1, "B1": 1, "B2": "none"}
    session, rec = interdiction_world(boxes, {1: "05.05"})
    session.perform("air_phase", side(session, "Allied"))
    placed = [e.data for e in session.state.log if e.kind == "air_int_placed"]
    assert [(p["nation"], p["box"], p["hex"], p["fighterbombers"], p["radius"])
            for p in placed] == [("us", 1, "05.05", 3, 2), ("british", 1, "05.05", 1, 0)]
    zone = session.value("in_interdiction_zone", "05.07")          # two hexes away
    assert zone and not session.value("in_interdiction_zone", "05.08")
    asked = [k for _, k, _ in rec.asked]
    assert asked.count("air_int_box") == 5 and asked.count("air_int_hex") == 2
    box_options = session.value("air_box_options")
    assert list(box_options) == [1, 2, 3, 4, 5, 6, 7, 8, "none"]


def road_units():
    return {"G": counter("German", "05.02", TRUCKS), "A": counter("Allied", "01.10", INFANTRY)}


def test_a_german_road_move_in_a_zone_costs_one_mp_a_hex_over_a_bridge_two():
    """tld:III.C#18, tld:III.C#23-25: German units entering hexes of the zone by
    road pay one MP a hex instead of 1/2 or 1/4; a bridge there leaves one
    additional MP of the river's four."""
    road = {"primary_road": ["05.02 05.03 05.04 05.05"]}
    session, _ = interdiction_world({"U1": 1}, {1: "05.04"}, units=road_units(), roads=road,
                                    rivers=["05.03/05.04"])
    g = session.ref("unit", "G")
    before = session.value("step_cost", g, "05.02", "05.03")
    session.perform("air_phase", side(session, "Allied"))
    assert session.value("step_cost", g, "05.02", "05.03") == before == 1     # outside: 1/4 MP
    assert session.value("step_cost", g, "05.03", "05.04") == 8              # bridge: 1 + 1 MP
    assert session.value("step_cost", g, "05.04", "05.05") == 1              # radius 0
    a = session.ref("unit", "A")
    assert session.value("step_cost", a, "05.03", "05.04") < 8             # not the Allies'


def test_no_interdiction_into_forest_and_bombers_make_no_zone():
    """tld:III.C#26-28: no effect on roads or bridges into FOREST hexes; only AIR
    INT markers make zones, bombers do not."""
    road = {"primary_road": ["05.02 05.03 05.04"]}
    session, _ = interdiction_world({"U1": 1}, {1: "05.04"}, units=road_units(), roads=road,
                                    terrain={"forest": ["05.04"]})
    session.perform("air_phase", side(session, "Allied"))
    g = session.ref("unit", "G")
    assert session.value("in_interdiction_zone", "05.04")
    assert session.value("step_cost", g, "05.03", "05.04") == 1
    session, _ = air_world()
    session.perform("air_phase", side(session, "Allied"))
    assert [e for e in session.state.log if e.kind == "bomber_allocated"]
    assert not session.value("in_interdiction_zone", "05.05")


def test_air_int_markers_go_at_the_next_air_naval_phase():
    """tld:III.C#29: the AIR INT markers are removed at the start of the Allied
    player's next air/naval phase."""
    boxes = {"U1": 1}
    hexes = {1: "05.04"}
    session, _ = interdiction_world(boxes, hexes)
    session.perform("air_phase", side(session, "Allied"))
    assert session.value("in_interdiction_zone", "05.04")
    boxes["U1"] = "none"
    session.perform("air_phase", side(session, "Allied"))
    assert not session.value("in_interdiction_zone", "05.04")
    assert [e.data["hex"] for e in session.state.log if e.kind == "air_int_removed"] == ["05.04"]


def test_the_heuristic_player_fills_boxes_and_covers_the_enemy():
    """tld:III.C#15-17: the TLD heuristic player puts six fighterbombers a box
    and the box's AIR INT counter on an enemy combat unit's hex."""
    from kriegsspiel.modules.tld.bot import TldHeuristicPlayer
    fbs = {f"U{n}": counter("Allied", None, FIGHTERBOMBER, tags=["air:fighterbomber", "nation:us"])
           for n in range(8)}
    units = {**fbs, "G": counter("German", "05.05", INFANTRY),
             "A": counter("Allied", "05.03", INFANTRY)}
    players = {}
    session, _ = world(units, rules=("tld:I", "tld:III"), answer=lambda d: players["bot"].decide(d))
    players["bot"] = TldHeuristicPlayer(session, seed=1)
    session.perform("air_phase", side(session, "Allied"))
    placed = [(e.data["box"], e.data["hex"], e.data["fighterbombers"])
              for e in session.state.log if e.kind == "air_int_placed"]
    assert placed == [(1, "05.05", 6)]          # box 2's two: no enemy left uncovered
    boxes = [e.data["box"] for e in session.state.log if e.kind == "fighterbomber_allocated"]
    assert boxes == [1] * 6 + [2] * 2


# ---- Module IV: naval bombardment (tld:IV.A) -----------------------------------
IV_NAVAL = ("tld:I", "tld:II", "tld:III", "tld:IV")
SEA = {"sea": [f"01.{r:02d}" for r in range(1, 11)]}
LANDING_BOX = [{"hex": "01.05", "kind": "beach_landing_box", "name": "Red"}]


def naval_box(strength, kind="BB", nation="us"):
    return counter("Allied", None, dict(unit_class="naval", transport="motorized", stacking=0,
                                        front=(strength, 0, 0), back=None),
                   tags=[f"naval:{kind}", f"nation:{nation}"])


def naval_world(boxes, targets, units, dice=(), features=LANDING_BOX):
    """*boxes*: id -> counter; *targets*: box id -> the hex it fires on."""
    def answer(d):
        if d.key == "naval_target":
            wanted = targets.get(d.subject.id, "none")
            return wanted if wanted in d.options else "none"
        return stay(d)
    return world({**boxes, **units}, terrain=SEA, rules=IV_NAVAL, answer=answer,
                 dice=list(dice), features=features)


def test_boxes_fire_whole_on_one_hex_and_a_d_disrupts_every_unit_there():
    """tld:IV.A#1-5, tld:IV.A#9-10, tld:IV.A#12-15: in the air/naval phase each
    box's strength points go whole to one target hex; the hex's total is rolled
    once on the Bombardment Table (provisional: 6-9 points, 4-6 a 'D'), and a
    'D' disrupts every unit in it until the turn's end."""
    boxes = {"N1": naval_box(4), "N2": naval_box(3, "CA")}
    units = {"G1": counter("German", "05.05", INFANTRY), "G2": counter("German", "05.05", TANKS),
             "A": counter("Allied", "05.04", INFANTRY)}
    session, rec = naval_world(boxes, {"N1": "05.05", "N2": "05.05"}, units, dice=[4])
    session.perform("air_phase", side(session, "Allied"))
    [hit] = [e.data for e in session.state.log if e.kind == "hex_bombarded"]
    assert (hit["hex"], hit["strength"], hit["roll"], str(hit["result"])) == ("05.05", 7, 4, "D")
    for g in ("G1", "G2"):
        assert session.state.attr(session.ref("unit", g), "disrupted") == 1
    assert session.state.attr(session.ref("unit", "A"), "disrupted") == 0
    assert [k for _, k, _ in rec.asked].count("naval_target") == 2
    session.perform("reset_phase", side(session, "German"))     # the end of the turn
    assert session.state.attr(session.ref("unit", "G1"), "disrupted") == 0


def test_a_miss_does_nothing_and_the_points_are_spent():
    """tld:IV.A#9-10: a roll short of 'D' leaves the hex as it was; the box's
    points are spent for the phase (the hex's total starts again at zero)."""
    boxes = {"N1": naval_box(2)}
    units = {"G1": counter("German", "05.05", INFANTRY), "A": counter("Allied", "05.04", INFANTRY)}
    session, _ = naval_world(boxes, {"N1": "05.05"}, units, dice=[5])
    session.perform("air_phase", side(session, "Allied"))
    [hit] = [e.data for e in session.state.log if e.kind == "hex_bombarded"]
    assert str(hit["result"]) == "NE" and hit["strength"] == 2
    assert session.state.attr(session.ref("unit", "G1"), "disrupted") == 0
    assert session.value("hex_marker", "05.05", "naval_strength") == 0


def test_targets_next_to_allied_combat_units_or_the_sea_within_range():
    """tld:IV.A#11, tld:IV.A#16-18: a target hex is next to an Allied combat unit
    or to a sea hex, within the type's range (provisional: DD 4) of a sea hex
    holding a landing box, counted from no other sea hex."""
    units = {"G1": counter("German", "05.05", INFANTRY), "G2": counter("German", "02.08", INFANTRY),
             "G3": counter("German", "04.08", INFANTRY), "A": counter("Allied", "05.04", INFANTRY)}
    session, _ = naval_world({"D": naval_box(2, "DD")}, {}, units)
    d = session.ref("unit", "D")
    # G2 is next to the sea; G3 next to neither; G1 next to the Allied unit.
    assert sorted(session.value("naval_targets", d)) == ["02.08", "05.05"]
    assert not session.value("in_naval_range", d, "06.05")   # five hexes from the box
    bare, _ = naval_world({"D": naval_box(2, "DD")}, {}, units, features=())
    assert bare.value("naval_targets", bare.ref("unit", "D")) == []   # no landing box


def test_us_and_british_points_never_join_and_keep_to_their_own_units():
    """tld:IV.A#6-8: British and U.S. points never bombard the same hex; a German
    hex next to U.S. units only is not British points' target, nor the other
    way; next to both, either nation's (but not both)."""
    boxes = {"U": naval_box(2, nation="us"), "B": naval_box(2, nation="british")}
    units = {"G1": counter("German", "05.05", INFANTRY), "G2": counter("German", "03.08", INFANTRY),
             "US": counter("Allied", "05.04", INFANTRY, tags=["nation:us"]),
             "BR": counter("Allied", "03.07", INFANTRY, tags=["nation:british"]),
             "BR2": counter("Allied", "06.05", INFANTRY, tags=["nation:british"])}
    session, rec = naval_world(boxes, {"U": "05.05", "B": "05.05"}, units, dice=[1])
    u, b = session.ref("unit", "U"), session.ref("unit", "B")
    assert sorted(session.value("naval_targets", u)) == ["05.05"]            # not 03.08
    assert sorted(session.value("naval_targets", b)) == ["03.08", "05.05"]
    session.perform("air_phase", side(session, "Allied"))
    [hit] = [e.data for e in session.state.log if e.kind == "hex_bombarded"]
    assert hit["nation"] == "us" and hit["strength"] == 2    # the British box found it closed
    # the British box, asked after the U.S. one, was not offered 05.05 (it answers none)
    [british] = [e.data for e in session.state.log if e.kind == "decision" and
                 e.data.get("key") == "naval_target" and e.data.get("subject") == "B"]
    assert british["answer"] == "none"


# ---- Module IV: printed fortifications, capacity, field fortifications (tld:IV.B) ----
FIELD = dict(FORT, back=(0, 0, 0))


def test_fortifications_but_field_start_on_their_printed_hexes():
    """tld:IV.B#4: every fortification but 'field' is placed at the start in the
    hexes the map prints for its type; field fortifications stay off the map."""
    units = {"M": counter("German", None, FORT, tags=["fort:minor_fort"]),
             "F": counter("German", None, FIELD, tags=["fort:field"]),
             "A": counter("Allied", "01.01", INFANTRY)}
    printed = [{"hex": "05.05", "kind": "minor_fort", "name": "Fort du Roule"},
               {"hex": "06.06", "kind": "field", "name": "not a printed type"}]
    session, _ = world(units, rules=IV, features=printed)
    session.perform("set_up")
    assert where(session, "M") == "05.05"
    assert where(session, "F") is None


def test_strength_on_and_under_a_fortification_within_its_capacity():
    """tld:IV.B#10: the strength points on top of and under a fortification
    never exceed its hex's capacity (provisional: a minor fort 12, read as
    defense strengths); stacking apart from that (tld:IV.B#14)."""
    units = {"M": counter("German", "05.05", FORT, tags=["fort:minor_fort"]),
             "G1": counter("German", "05.05", INFANTRY), "G2": counter("German", "05.05", INFANTRY),
             "G3": counter("German", "05.04", INFANTRY), "H": supply("German", "05.04"),
             "A": counter("Allied", "01.01", INFANTRY)}
    session, _ = world(units, rules=IV)
    german = side(session, "German")
    assert session.value("fortification_room", "05.05", german) == 0
    assert not session.value("stack_fits", session.ref("unit", "G3"), "05.05")
    assert session.value("stack_fits", session.ref("unit", "H"), "05.05")   # not a combat unit
    off, _ = world(units, rules=("tld:I",))
    assert off.value("stack_fits", off.ref("unit", "G3"), "05.05")        # 6 stacking points
    session.perform("place", session.ref("unit", "G3"), "05.05")
    session.perform("enforce_stacking", german)
    gone = [u for u in ("G1", "G2", "G3") if not session.state.attr(session.ref("unit", u), "on_map")]
    assert len(gone) == 1 and session.state.attr(session.ref("unit", "M"), "on_map")


def building(answer=True):
    def decide(d):
        if d.key == "build_field_fortification":
            return answer
        return stay(d)
    return decide


def field_world(extra=None, terrain=None, answer=True):
    units = {"F": counter("German", None, FIELD, tags=["fort:field"]),
             "G": counter("German", "05.05", INFANTRY),
             "A": counter("Allied", "09.09", INFANTRY), **(extra or {})}
    return world(units, rules=IV, answer=building(answer),
                 terrain=terrain or {"town": ["05.05", "07.07"], "city": ["03.03"]})


def test_a_battalion_in_a_town_begins_a_field_fortification_inverted():
    """tld:IV.B#16-20: an infantry or armor battalion in a TOWN hex holding no
    fortification places an inverted field fortification counter in the
    replacement phase; it gives nothing yet."""
    session, rec = field_world()
    german = side(session, "German")
    session.perform("player_segment", german)
    f = session.ref("unit", "F")
    assert where(session, "F") == "05.05" and session.state.attr(f, "face") == "back"
    assert not session.value("in_fortification", session.ref("unit", "G"))
    assert ("German", "build_field_fortification") in [(s, k) for s, k, _ in rec.asked]


def test_who_may_build_and_where():
    """tld:IV.B#16-18, tld:IV.B#22: not an HQ nor a unit bigger than a battalion,
    not in a city or clear hex, not where a fortification is, not next to an
    enemy unit."""
    session, _ = field_world({
        "R": counter("German", "07.07", INFANTRY, tags=["size:regiment"]),
        "C": counter("German", "03.03", INFANTRY),
        "O": counter("German", "08.08", INFANTRY),
        "X": counter("German", "07.05", INFANTRY), "Y": counter("Allied", "07.04", INFANTRY)},
        terrain={"town": ["05.05", "07.07", "08.08", "07.05"], "city": ["03.03"]})
    may = {u: session.value("may_build_field", session.ref("unit", u)) for u in "GRCOX"}
    assert may == {"G": True, "R": False, "C": False, "O": True, "X": False}
    session.perform("place", session.ref("unit", "F"), "08.08")
    assert not session.value("may_build_field", session.ref("unit", "O"))
    hq_unit, _ = world({"H": hq("German", "05.05", "77"), "A": counter("Allied", "09.09", INFANTRY)},
                       rules=IV, terrain={"town": ["05.05"]})
    assert not hq_unit.value("may_build_field", hq_unit.ref("unit", "H"))


def test_the_next_turn_it_turns_face_up_and_holds_its_units():
    """tld:IV.B#19, tld:IV.B#21: two turns to build: in a later turn's
    replacement phase the counter turns face up and is a fortification."""
    session, _ = field_world()
    german = side(session, "German")
    session.perform("build_field_fortifications", german)
    session.perform("build_field_fortifications", german)             # the same turn: still inverted
    assert session.state.attr(session.ref("unit", "F"), "face") == "back"
    session.perform("advance_turn")
    session.perform("build_field_fortifications", german)
    assert session.state.attr(session.ref("unit", "F"), "face") == "front"
    assert session.value("in_fortification", session.ref("unit", "G"))
    assert session.state.attr(session.ref("unit", "G"), "building") == 0


def test_an_enemy_next_to_it_or_the_builder_leaving_ends_the_work():
    """tld:IV.B#22-23: the inverted counter goes at once when an enemy unit moves
    next to it, or when the building unit moves out of the hex or attacks."""
    session, _ = field_world()
    german = side(session, "German")
    session.perform("build_field_fortifications", german)
    session.perform("move_unit", session.ref("unit", "A"), "09.08")
    assert where(session, "F") == "05.05"
    session.perform("place", session.ref("unit", "A"), "05.07")
    session.perform("move_unit", session.ref("unit", "A"), "05.06")
    assert where(session, "F") is None
    [why] = [e.data["reason"] for e in session.state.log if e.kind == "field_fortification_abandoned"]
    assert why == "an enemy unit moved next to it"
    again, _ = field_world()
    again.perform("build_field_fortifications", german)
    again.perform("move_unit", again.ref("unit", "G"), "05.04")
    assert where(again, "F") is None
    assert again.state.attr(again.ref("unit", "G"), "building") == 0


def test_a_builder_that_attacks_ends_the_work():
    """tld:IV.B#22-23: the building unit attacking removes its inverted counter."""
    def decide(d):
        if d.key == "join_attack":
            return True
        if d.key == "retreat_to":
            return d.options[0]
        return building()(d)
    units = {"F": counter("German", None, FIELD, tags=["fort:field"]),
             "G": counter("German", "05.05", INFANTRY, front=(8, 6, 4)),
             "A": counter("Allied", "09.09", INFANTRY, front=(1, 1, 4))}
    session, _ = world(units, rules=IV, answer=decide, dice=[3],
                       terrain={"town": ["05.05"]})
    german = side(session, "German")
    session.perform("build_field_fortifications", german)
    session.perform("place", session.ref("unit", "A"), "05.06")   # set there, not moved
    assert where(session, "F") == "05.05"
    session.perform("attack", german, "05.06")
    assert where(session, "F") is None
    [why] = [e.data["reason"] for e in session.state.log if e.kind == "field_fortification_abandoned"]
    assert why == "the building unit attacked"
