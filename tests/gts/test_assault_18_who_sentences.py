"""Assault (gts:18.0–18.5) and 18.7 steps 1–2 (announce, Bravery), sentence by
sentence.  The battlefield: tests/gts/assault_world_18.py."""

from __future__ import annotations

import pytest
from assault_world_18 import ATTACKER_HEX, DEFENDER_HEX, asked, assault, battle, outcome, u

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.core.state import Ref

PASSIVE = {"opportunity_fire": False, "stand_or_run": "stand", "buy:tq_check": False,
           "convert_suppression": False}
WITHDRAW = {"charge_or_fire": "assault_fire", "continue_assault": "withdraw",
            "convert_suppression": False, "buy:tq_check": False}


def two_sides(**extra):
    units = {"A": ("allies", {}, ATTACKER_HEX), "G": ("axis", {}, DEFENDER_HEX)}
    units.update(extra)
    return units


def may(session, ident):
    return bool(session.value("may_assault", u(session, ident)))


def test_assault_is_an_action_of_the_assaulting_units_into_the_defending_hex():
    """gts:18.0#3: Assault is an Action — offered among the Unit's Actions and
    performed as one; gts:18.0#4-6: the Units performing it are the Assaulting
    Units, every Unit in the hex assaulted defends, and that hex is the
    defending hex (both Axis Units there are hit by the charge's surrender)."""
    allies = KeyedPlayer({"action": "assault", "assault_hex": DEFENDER_HEX,
                          "charge_or_fire": "charge", "second_action": False})
    session = battle(two_sides(G2=("axis", {}, DEFENDER_HEX)), rolls=[9],
                     allies=allies, axis={**PASSIVE, "charge_check_unit": "G"},
                     leaders=False)
    assert "assault" in session.value("legal_actions", u(session, "A"), "formation")
    session.state.tracks["unit:G"] = {"suppressed": 1}   # no Fire Zone: no Bravery Check
    session.state.tracks["unit:G2"] = {"suppressed": 1}
    session.perform("unit_action", session.ref("side", "allies"), [u(session, "A")], "formation")
    declared = session.events("assault_declared")[-1].data
    assert declared == {"units": ["A"], "hex": DEFENDER_HEX}
    assert session.attr(u(session, "G"), "eliminated")
    assert session.attr(u(session, "G2"), "eliminated")
    assert session.attr(u(session, "A"), "hex") == DEFENDER_HEX


def test_who_may_assault_the_four_conditions():
    """gts:18.1#1: a numerical movement allowance (not a star), an Assault Rating,
    not in an entrenchment, and able to move legally into the hex — a bridge
    hexside, which only a Unit in Column may cross, keeps a Unit out of Column
    from Assaulting across it."""
    session = battle(two_sides(B=("allies", {}, "06.06"), G2=("axis", {}, "07.06")),
                     hexsides=[("06.06/07.06", "bridge")])
    assert may(session, "A")
    catalog = session.state.catalog["unit"]["A"]["faces"]["front"]
    catalog["movement"] = "star"
    assert not may(session, "A")
    catalog["movement"], catalog["assault_rating"] = 4, None
    assert not may(session, "A")
    catalog["assault_rating"] = 5
    session.state.tracks["unit:A"] = {"entrenched": 1}
    assert not may(session, "A")
    b = u(session, "B")
    assert "07.06" not in session.value("assault_hexes", [b])
    session.state.tracks["unit:B"] = {"column": 1}
    assert "07.06" in session.value("assault_hexes", [b])


def test_vehicles_assault_a_town_only_in_column_hence_one_at_a_time():
    """gts:18.1#2 with Crete 2.5 (Vehicles enter a Town only in Column): a Tracked
    Unit may Assault the Town in Column, not out of it; and two Units in Column
    never stand in one hex (gts:14.6.2), so no second Vehicle could join it."""
    tank = {"movement_class": "tracked", "movement": 6}
    session = battle(two_sides(T=("allies", tank, "06.06"), G=("axis", {}, "07.06")),
                     hexes={"town": ["07.06"]}, modules=("crete",))
    t = u(session, "T")
    assert "07.06" not in session.value("assault_hexes", [t])
    session.state.tracks["unit:T"] = {"column": 1}
    assert "07.06" in session.value("assault_hexes", [t])
    session.state.catalog["unit"]["T2"] = {**session.state.catalog["unit"]["T"], "name": "T2"}
    session.place("T2", "06.07")
    session.state.tracks["unit:T2"] = {"column": 1}
    assert not session.value("may_enter", u(session, "T2"), "06.06", "formation")


def test_units_that_may_not_assault():
    """The list of 18.1: gts:18.1#4 a blank Assault Rating (nor may it Assault
    Fire: see the rounds tests); gts:18.1#5 a zero-Step Unit; gts:18.1#6 one under
    a Heavy Barrage (a light one does not stop it); gts:18.1#7 one in an
    overstacked hex (ten Steps)."""
    session = battle(two_sides(Z=("allies", {"steps": 0}, "02.02"),
                               N=("allies", {"assault_rating": None}, "02.03"),
                               **{f"S{i}": ("allies", {}, "09.09") for i in range(5)}))
    assert not may(session, "Z") and not may(session, "N")
    session.state.set_track(Ref("hex", ATTACKER_HEX), "barrage", 1, [])
    assert may(session, "A")
    session.state.set_track(Ref("hex", ATTACKER_HEX), "barrage", 2, [])
    assert not may(session, "A")
    assert not may(session, "S0")
    session.place("S4", "09.08")
    assert may(session, "S0")


@pytest.mark.parametrize("weapon, allowed", [("MORTAR", False), ("ORGANIC", False),
                                             ("IHE", False), ("EMPLACED", False),
                                             ("SA", True), ("DP", True)])
def test_indirect_fire_units_may_not_assault(weapon, allowed):
    """gts:18.1#8: Green (Mortar), Brown (Organic), Orange (Indirect HE) and Black
    (Emplaced) Fire Ratings — any Unit capable of Indirect Fire — may not
    Assault; gts:18.1#9-10: it is the Fire Rating's colour that counts, so a
    white (or pink) Fire Rating with a coloured (green) Assault value may."""
    session = battle(two_sides(X=("allies", {"weapon_class": weapon, "assault_colored": True},
                                  ATTACKER_HEX)))
    assert may(session, "X") is allowed


def test_any_unit_can_be_assaulted():
    """gts:18.2#1: a hex holding only a zero-Step Unit, a Unit with no Fire
    Rating, or an entrenched, Suppressed or in-Column Unit is a hex to Assault."""
    for face, markers in [({"steps": 0}, {}), ({"fire_rating": None, "weapon_class": None,
                                                "fire_range": 1}, {}),
                          ({}, {"entrenched": 1}), ({}, {"suppressed": 1}), ({}, {"column": 1})]:
        session = battle(two_sides(G=("axis", face, DEFENDER_HEX)), tracks={"G": markers})
        assert session.value("assault_hexes", [u(session, "A")]) == [DEFENDER_HEX]


def test_several_units_of_one_hex_assault_together_as_a_first_action():
    """gts:18.3#1-2: the Active player may activate several eligible Units of one
    hex to Assault together, declared during a Formation Activation as their
    first Action; gts:18.4#1: a Unit of another hex cannot join them."""
    allies = KeyedPlayer({"next_unit": lambda d: next((o for o in d.options if o.id == "A"),
                                                      d.options[0]),
                          "stack_with": ["B", "done"],
                          "action": lambda d: "assault" if d.subject.id == "A" else "pass",
                          "assault_hex": DEFENDER_HEX, "second_action": False, **WITHDRAW,
                          "transfer_leader": "stay"})
    session = battle(two_sides(B=("allies", {}, ATTACKER_HEX), C=("allies", {}, "05.06")),
                     allies=allies, axis=PASSIVE, rolls=[0, 0] + [9] * 20)
    session.perform("activate_formation", session.ref("formation", "inf1"))
    stack_offers = [set(o.id for o in d.options if hasattr(o, "id"))
                    for d in asked(allies, "stack_with")]
    assert stack_offers and all("C" not in s for s in stack_offers)
    assert session.events("assault_declared")[0].data["units"] == ["A", "B"]


def test_assaulting_together_as_a_second_action_costs_a_point_a_unit():
    """gts:18.3#3: as a Second Action, in a Formation (or Division) Activation,
    one Command Point per Assaulting Unit of the hex: two Units need two."""
    session = battle(two_sides(B=("allies", {}, ATTACKER_HEX)))
    group = [u(session, "A"), u(session, "B")]
    session.state.tracks["division:nz2"] = {"cp": 1}
    assert "assault" not in session.value("group_second_actions", group, "rally", "formation")
    session.state.tracks["division:nz2"] = {"cp": 2}
    assert "assault" in session.value("group_second_actions", group, "rally", "formation")
    assert "assault" in session.value("group_second_actions", group, "rally", "division")


def test_assaulting_together_under_direct_command_costs_a_point_a_unit():
    """gts:18.3#4: under a Direct Command Chit, one Command Point per Assaulting
    Unit — the stack of two pays two and Assaults together."""
    allies = KeyedPlayer({"direct_command_unit": ["A", "done"], "stack_with": ["B", "done"],
                          "action": "assault", "assault_hex": DEFENDER_HEX, **WITHDRAW})
    session = battle(two_sides(B=("allies", {}, ATTACKER_HEX)), allies=allies, axis=PASSIVE,
                     rolls=[0, 0] + [9] * 20)
    session.state.tracks["division:nz2"] = {"cp": 3}
    session.perform("direct_command", session.ref("side", "allies"))
    assert session.events("assault_declared")[0].data["units"] == ["A", "B"]
    assert session.attr(session.ref("division", "nz2"), "cp") == 1


def test_only_the_units_of_the_one_defending_hex_are_assaulted():
    """gts:18.5#1: Units in more than one hex cannot be Assaulted together — the
    attacker picks one adjacent enemy hex (gts:18.7#2-3) and the Axis Unit next
    door at 06.06 is untouched when 06.05 surrenders to the charge."""
    allies = KeyedPlayer({"assault_hex": DEFENDER_HEX, "charge_or_fire": "charge"})
    session = battle(two_sides(H=("axis", {}, "06.06")), rolls=[0, 9], allies=allies,
                     axis={**PASSIVE, "charge_check_unit": "G"})
    hexes = session.value("assault_hexes", [u(session, "A")])
    assert sorted(hexes) == [DEFENDER_HEX, "06.06"]
    assault(session, ["A"])
    ask = asked(allies, "assault_hex")[0]
    assert sorted(ask.options) == [DEFENDER_HEX, "06.06"]
    assert session.attr(u(session, "G"), "eliminated")
    assert not session.attr(u(session, "H"), "eliminated")
    assert session.attr(u(session, "H"), "hex") == "06.06"
    assert outcome(session) == "taken"


# ---- 18.7 step 1: announce --------------------------------------------------------

def test_the_announced_assault_needs_adjacent_enemies_and_unentrenched_units():
    """gts:18.7#2-4: from a hex of his Units into an adjacent hex of enemy Units,
    with unentrenched Units only: an entrenched Unit is no Assaulting Unit, and
    an enemy two hexes off offers no hex to Assault."""
    session = battle(two_sides(E=("allies", {}, ATTACKER_HEX)), tracks={"E": {"entrenched": 1}})
    assert "assault" not in session.value("legal_actions", u(session, "E"), "formation")
    session.place("G", "07.05")
    assert session.value("assault_hexes", [u(session, "A")]) == []
    assert "assault" not in session.value("legal_actions", u(session, "A"), "formation")


def test_no_assault_into_a_hex_no_move_could_enter():
    """gts:18.1#1 ("could legally move into the hex") with gts:14.1: Units may never
    move within two hexes of an enemy reinforcement entry hex, so such a hex
    cannot be Assaulted either."""
    session = battle(two_sides())
    assert session.value("assault_hexes", [u(session, "A")]) == [DEFENDER_HEX]
    session.state.catalog["unit"]["G"]["entry_hex"] = "08.05"
    assert session.value("assault_hexes", [u(session, "A")]) == []


# ---- 18.7 step 2: Bravery ---------------------------------------------------------

def bravery(session, attacker, group=None):
    group = [u(session, g) for g in (group or [attacker])]
    return session.value("bravery", u(session, attacker), group, DEFENDER_HEX)


@pytest.mark.parametrize("roll, passed", [(6, True), (7, False)])
def test_bravery_of_the_books_example(roll, passed):
    """gts:18.7#13-16: Troop Quality 6 in the Fire Zone of a -3 Defense armored
    Unit: 6 + (-3) = 3; minus the attackers' best Defense -3: 3 - (-3) = 6 — a 6
    or less passes; gts:18.7#6: the check is rolled like a Troop Quality Check;
    gts:18.7#7: no Command Point may buy it (none is offered, with points in
    hand)."""
    allies = KeyedPlayer({"assault_hex": DEFENDER_HEX, "charge_or_fire": "charge"})
    session = battle({"A": ("allies", {"troop_quality": 6, "defense": -3}, ATTACKER_HEX),
                      "G": ("axis", {"defense": -3, "armored": True}, DEFENDER_HEX)},
                     rolls=[roll, 9], allies=allies, axis={**PASSIVE, "charge_check_unit": "G"})
    session.state.tracks["division:nz2"] = {"cp": 5}
    assert bravery(session, "A") == 6
    assault(session, ["A"])
    check = [c for e in session.state.log for c in e.cause
             if c.get("what") == "check bravery_check"][0]
    assert check["passed"] is passed and check["target"] == 6
    assert not asked(allies, "buy:bravery_check")
    assert session.attr(session.ref("division", "nz2"), "cp") == 5
    assert outcome(session) == ("taken" if passed else "bogged_down")


def test_bravery_uses_the_best_enemy_with_a_fire_zone_wherever_it_is():
    """gts:18.7#9: the defending player's Unit with the lowest Defensive value
    with a Fire Zone on the Assaulting Unit's hex; gts:18.7#10: it need not be in
    the defending hex (the -2 at 04.05, behind the attacker): 8 - 2 + 1 = 7;
    gts:18.7#11: tied, either serves (a second -2 changes nothing); gts:18.7#20:
    its markers and its terrain modify it (entrenched in woods: -2 -2 more)."""
    session = battle(two_sides(F=("axis", {"defense": -2}, "04.05")))
    assert bravery(session, "A") == 8 - 2 - (-1)
    session.state.catalog["unit"]["F2"] = {**session.state.catalog["unit"]["F"], "name": "F2"}
    session.place("F2", "04.06")
    assert bravery(session, "A") == 7
    session.place("F2", None)
    session.state.tracks["unit:F"] = {"entrenched": 1}
    assert bravery(session, "A") == 8 - 4 + 1


def test_bravery_counts_the_fire_zone_defenders_own_woods():
    """gts:18.7#20 (reading, docs/gts.md): "the defender's terrain" is that of the
    defending Unit being used — the -2 of the woods at 04.05."""
    session = battle(two_sides(F=("axis", {"defense": -2}, "04.05")),
                     hexes={"woods": ["04.05"]})
    assert bravery(session, "A") == 8 - 2 - 2 + 1


def test_no_fire_zone_on_the_assaulting_hex_no_bravery_check():
    """gts:18.7#12: the only defender is Suppressed (no Fire Zone, gts:19.2.2): no
    Bravery Check is rolled — the first die is the charge's Troop Quality Check."""
    allies = KeyedPlayer({"assault_hex": DEFENDER_HEX, "charge_or_fire": "charge"})
    session = battle(two_sides(), rolls=[9], allies=allies,
                     axis={**PASSIVE, "charge_check_unit": "G"}, tracks={"G": {"suppressed": 1}})
    assert not session.value("bravery_needed", u(session, "A"))
    assault(session, ["A"])
    assert session.attr(u(session, "G"), "eliminated") and outcome(session) == "taken"


def test_each_assaulting_unit_checks_and_those_that_fail_drop_out():
    """gts:18.7#17: each checks separately (two rolls); gts:18.7#18: B, failing
    with a 9, does not Assault — it does not advance; gts:18.7#19: A, passing,
    goes on (no question lets it stop)."""
    allies = KeyedPlayer({"assault_hex": DEFENDER_HEX, "charge_or_fire": "charge"})
    session = battle(two_sides(B=("allies", {}, ATTACKER_HEX)), rolls=[3, 9, 9],
                     allies=allies, axis={**PASSIVE, "charge_check_unit": "G"})
    assault(session, ["A", "B"])
    checks = [c for e in session.state.log for c in e.cause
              if c.get("what") == "check bravery_check"]
    assert len({(c["roll"], c["passed"]) for c in checks}) == 2
    assert session.attr(u(session, "A"), "hex") == DEFENDER_HEX
    assert session.attr(u(session, "B"), "hex") == ATTACKER_HEX
    assert {d.key for d in allies.asked} == {"assault_hex", "charge_or_fire"}


def test_defensive_value_markers_chart():
    """gts:18.7#22-24, the chart row by row: In Column +2 for attacker and
    defender; IP -1 and ENT -2 for the defender only (an attacker's IP counts
    nothing); gts:18.7#29: no negative modifier for a Unit in Column — a
    defender in Column in woods under an IP is +2 only."""
    session = battle(two_sides(), hexes={"woods": [DEFENDER_HEX]})
    a, g = u(session, "A"), u(session, "G")

    def value(unit, defending):
        return session.value("assault_defense", unit, defending, DEFENDER_HEX)
    assert (value(a, False), value(g, True)) == (-1, 0 - 2)
    session.state.tracks["unit:A"] = {"column": 1}
    assert value(a, False) == -1 + 2
    session.state.tracks["unit:A"] = {"improved_position": 1}
    assert value(a, False) == -1
    session.state.tracks["unit:G"] = {"improved_position": 1}
    assert value(g, True) == 0 - 1 - 2
    session.state.tracks["unit:G"] = {"entrenched": 1}
    assert value(g, True) == 0 - 2 - 2
    session.state.tracks["unit:G"] = {"improved_position": 1, "column": 1}
    assert value(g, True) == 0 + 2


def test_an_exclusive_rules_hero_and_bocage_markers_read_the_chart():
    """gts:18.7#21, #25-26, #29: the chart's Hero (-2, attacker and defender)
    and Bocage (-1, defender only) rows apply once an exclusive rule says a Unit
    has the marker (exclusive_assault_marker); a Unit in Column gets no
    negative modifier (#29), so a hero in Column is +2 for Column alone."""
    from assault_world_18 import _PROGRAMS

    from kriegsspiel.engine.rulebook import ExtraRules, build_program
    marked = ExtraRules("markers.ksr", "marker hero on unit 0..1 @gts:18.7\n"
                        "override def exclusive_assault_marker(unit: unit, marker) =\n"
                        "    (marker == hero and unit.hero > 0) or\n"
                        "    (marker == bocage and unit.id == \"G\") @gts:18.7\n",
                        layer="exclusive", module="markers")
    _PROGRAMS[("gts", "markers")] = build_program(["gts"], extra=[marked])
    session = battle(two_sides(), modules=("gts", "markers"))
    a, g = u(session, "A"), u(session, "G")

    def value(unit, defending):
        return session.value("assault_defense", unit, defending, DEFENDER_HEX)
    assert (value(a, False), value(g, True)) == (-1, 0 - 1)   # G: bocage, defending
    assert value(g, False) == 0                               # not as an attacker
    session.state.tracks["unit:A"] = {"hero": 1}
    session.state.tracks["unit:G"] = {"hero": 1}
    assert (value(a, False), value(g, True)) == (-1 - 2, 0 - 1 - 2)
    session.state.tracks["unit:A"] = {"hero": 1, "column": 1}
    assert value(a, False) == -1 + 2


def test_a_paradrop_marker_is_plus_two_to_the_defender():
    """gts:18.7#27, with Crete's glider/paradrop markers (crete:4.2.2): a
    defending Unit under one adds +2 to its Defensive value for Bravery (it
    cannot Assault itself, crete:4.2.2)."""
    session = battle(two_sides(), modules=("crete",))
    g = u(session, "G")
    assert session.value("assault_defense", g, True, DEFENDER_HEX) == 0
    session.state.tracks["unit:G"] = {"drop_markers": 1}
    assert session.value("assault_defense", g, True, DEFENDER_HEX) == 2
    assert bravery(session, "A") == 8 + 2 + 1
