"""Module I combat (tld:I.I): who may attack what, totals and odds rounded
down to the Combat Results Table's columns, terrain before the odds,
cumulative die modifiers, step losses full -> inverted -> remnant, retreats
and advance after combat.  The CRT is provisional (crt.ksr); these tests use
its rows by name, so they check the procedure, not invented numbers."""

from __future__ import annotations

import pytest

from tld_world import INFANTRY, counter, side, stay, where, world


def attacking(targets: list[str], joins: set[str] | None = None, advance: bool = True,
              retreat_to=None, step_loss=None):
    """An answer function: attack *targets* in order, with the units in *joins*
    (all when None), advance if asked."""
    queue = list(targets)

    def answer(d):
        if d.key == "attack_hex":
            while queue:
                t = queue.pop(0)
                if t in d.options:
                    return t
            return "end"
        if d.key == "join_attack":
            return joins is None or d.subject.id in joins
        if d.key == "advance":
            return advance
        if d.key == "retreat_to" and retreat_to is not None:
            return retreat_to(d)
        if d.key == "step_loss" and step_loss is not None:
            return step_loss(d)
        return stay(d)
    return answer


def results(session):
    return [e.data for e in session.state.log if e.kind == "attack_resolved"]


@pytest.mark.parametrize("attack, defense, label", [
    (21, 10, "2-1"), (25, 6, "4-1"), (30, 6, "5-1"), (3, 6, "1-2"), (13, 6, "2-1"),
    (12, 6, "2-1"), (6, 6, "1-1"), (2, 6, "1-3"), (1, 6, "1-3"), (70, 10, "6-1")])
def test_odds_are_rounded_down_to_the_tables_columns(attack, defense, label):
    """tld:I.I#19-24: total attack to total defense, rounded down to the
    simplified odds categories: 21 to 10 is 2-1, as the book's example."""
    session, _ = world({"A": counter("Allied", "05.05", INFANTRY)})
    column = session.value("odds_column", attack, defense)
    assert _label(session, column) == label


def _label(session, column):
    return session.program.decls["odds_label"].rows[column].value


def test_three_units_against_two_the_books_example_resolves_at_2_1():
    """tld:I.I#18-24, tld:I.I#8-10, tld:I.I#26, tld:I.I#28: three German units
    of 21 attack from two hexes against two Allied units of 10 in one hex: one
    combined attack at 2-1, one die, the result at once."""
    units = {"G1": counter("German", "05.04", INFANTRY, front=(7, 4, 4)),
             "G2": counter("German", "05.04", INFANTRY, front=(7, 4, 4)),
             "G3": counter("German", "06.05", INFANTRY, front=(7, 4, 4)),
             "A1": counter("Allied", "05.05", INFANTRY, front=(4, 5, 4)),
             "A2": counter("Allied", "05.05", INFANTRY, front=(4, 5, 4))}
    session, _ = world(units, answer=attacking(["05.05"]), dice=[4])
    session.perform("combat_phase", side(session, "German"))
    [fight] = results(session)
    assert (fight["attack"], fight["defense"], fight["odds"]) == (21, 10, "2-1")
    assert sorted(fight["attackers"]) == ["G1", "G2", "G3"]
    assert sorted(fight["defenders"]) == ["A1", "A2"]
    assert fight["roll"] == 4 and fight["result"] == "DR"      # 2-1, 4: the defenders retreat
    assert where(session, "A1") not in (None, "05.05")


def test_only_adjacent_units_attack_each_once_and_each_defender_once():
    """tld:I.I#1-7, tld:I.I#11-17: only hexes next to friendly units are
    offered; a unit joins one attack a phase; a hex attacked is not offered
    again; units of one hex may attack different hexes; a unit may decline."""
    units = {"G1": counter("German", "05.05", INFANTRY), "G2": counter("German", "05.05", INFANTRY),
             "A1": counter("Allied", "05.04", INFANTRY), "A2": counter("Allied", "05.06", INFANTRY),
             "A3": counter("Allied", "09.09", INFANTRY)}
    offered = []
    base = attacking(["05.04", "05.06"], joins={"G1", "G2"}, advance=False)

    def answer(d):
        if d.key == "attack_hex":
            offered.append(sorted(o for o in d.options if o != "end"))
        if d.key == "join_attack":
            # G1 against 05.04, G2 against 05.06
            return d.subject.id == ("G1" if not results(session) else "G2")
        return base(d)
    session, _ = world(units, answer=answer, dice=[3, 3])   # 1-1... NE rows keep them
    session.perform("combat_phase", side(session, "German"))
    assert offered[0] == ["05.04", "05.06"] and "09.09" not in offered[0]
    fights = results(session)
    assert [f["attackers"] for f in fights] == [["G1"], ["G2"]]
    assert [f["hex"] for f in fights] == ["05.04", "05.06"]
    assert offered[1] == ["05.06"]        # 05.04 was attacked: not again; G1 has attacked


def test_a_declined_attack_is_no_attack():
    """tld:I.I#5, tld:I.I#11-13: nobody has to attack; a unit that does not join
    is not affected by the result and does not retreat or advance with it."""
    units = {"G1": counter("German", "05.04", INFANTRY), "G2": counter("German", "05.04", INFANTRY),
             "A1": counter("Allied", "05.05", INFANTRY, front=(1, 1, 4), back=None)}
    session, _ = world(units, answer=attacking(["05.05"], joins={"G1"}), dice=[6])
    session.perform("combat_phase", side(session, "German"))
    [fight] = results(session)
    assert fight["attackers"] == ["G1"]
    assert where(session, "A1") is None           # 4:1, 6: eliminated
    assert where(session, "G1") == "05.05" and where(session, "G2") == "05.04"  # only G1 advances
    nobody, _ = world(units, answer=attacking(["05.05"], joins=set()))
    nobody.perform("combat_phase", side(nobody, "German"))
    assert results(nobody) == [] and where(nobody, "A1") == "05.05"


def test_terrain_doubles_defense_halves_across_a_river_and_modifies_the_die():
    """tld:I.I#25, tld:I.I#27: terrain changes the strengths before the odds
    (a city doubles the defense, a river halves the attacker) and the die, the
    modifiers adding up."""
    units = {"G1": counter("German", "05.04", INFANTRY, front=(12, 4, 4)),
             "A1": counter("Allied", "05.05", INFANTRY, front=(4, 6, 4))}
    city, _ = world(units, terrain={"city": ["05.05"]}, answer=attacking(["05.05"]), dice=[4])
    city.perform("combat_phase", side(city, "German"))
    assert (results(city)[0]["attack"], results(city)[0]["defense"]) == (12, 12)
    river, _ = world(units, rivers=["05.04/05.05"], answer=attacking(["05.05"]), dice=[4])
    river.perform("combat_phase", side(river, "German"))
    assert (str(results(river)[0]["attack"]), results(river)[0]["defense"]) == ("6", 6)
    town, _ = world(units, terrain={"town": ["05.05"]}, answer=attacking(["05.05"]), dice=[4])
    town.state.set_track(town.ref("unit", "A1"), "disrupted", 2, [])
    town.perform("combat_phase", side(town, "German"))
    assert results(town)[0]["modifier"] == 1
    drm = town.value("combat_die_modifier", "05.05", [town.ref("unit", "A1")])
    assert drm == 1 and [t["name"] for t in drm.terms] == ["defender_terrain", "defender_disrupted"]
    assert [t["amount"] for t in drm.terms] == [-1, 2]


def test_steps_full_inverted_remnant():
    """tld:I.I#29-35: a unit loses steps full -> inverted -> remnant: one step
    without an inverted side, two when its inverted defense is 2 or less,
    three when it is 3 or more."""
    units = {"THREE": counter("Allied", "05.05", INFANTRY),                  # inverted 3
             "TWO": counter("Allied", "06.06", INFANTRY, back=(2, 2, 4), remnant=None),
             "ONE": counter("Allied", "07.07", INFANTRY, back=None)}
    session, _ = world(units)
    assert [session.value("steps", session.ref("unit", u)) for u in ("ONE", "TWO", "THREE")] \
        == [1, 2, 3]
    three = session.ref("unit", "THREE")
    session.perform("lose_step", three)
    assert session.state.attr(three, "face") == "back"
    assert session.value("defense_value", three) == 3
    session.perform("lose_step", three)
    assert session.state.attr(three, "remnant") == 1
    assert session.value("attack_value", three) == 1 and session.value("defense_value", three) == 1
    session.perform("lose_step", three)
    assert where(session, "THREE") is None
    two = session.ref("unit", "TWO")
    session.perform("lose_step", two)
    session.perform("lose_step", two)
    assert where(session, "TWO") is None
    session.perform("lose_step", session.ref("unit", "ONE"))
    assert where(session, "ONE") is None


def test_results_apply_to_the_units_in_the_attack_losses_and_retreats():
    """tld:I.I#28-29, tld:I.I#13: an attacker's loss is taken by the attackers
    only (LS: one unit the owner picks); a retreat moves every defender two
    hexes away, never into an enemy zone of control; one that cannot is
    eliminated."""
    units = {"G1": counter("German", "05.04", INFANTRY, front=(2, 4, 4)),
             "G2": counter("German", "05.04", INFANTRY, front=(2, 4, 4)),
             "G3": counter("German", "04.04", INFANTRY),
             "A1": counter("Allied", "05.05", INFANTRY, front=(4, 6, 4))}
    picked = []
    session, _ = world(units, answer=attacking(
        ["05.05"], joins={"G1", "G2"}, step_loss=lambda d: picked.append(
            [o.id for o in d.options]) or d.options[1]), dice=[3])   # 4:6 -> 1-2, 3: AR
    session.perform("combat_phase", side(session, "German"))
    assert results(session)[0]["result"] == "AR"
    assert session.value("distance", where(session, "G1"), "05.04") == 2
    assert where(session, "G3") == "04.04"                          # not in the attack
    ls, _ = world(units, answer=attacking(
        ["05.05"], joins={"G1", "G2"}, step_loss=lambda d: picked.append(
            [o.id for o in d.options]) or d.options[1]), dice=[4])  # 1-2, 4: ALS
    ls.perform("combat_phase", side(ls, "German"))
    assert picked == [["G1", "G2"]]
    assert ls.state.attr(ls.ref("unit", "G2"), "face") == "back"
    assert ls.state.attr(ls.ref("unit", "G1"), "face") == "front"


def test_a_unit_with_nowhere_to_retreat_is_eliminated():
    """tld:I.I#28, tld:I.J#4: hemmed in by the map's edge and enemy units."""
    units = {"A1": counter("Allied", "01.01", INFANTRY, front=(4, 1, 4)),
             "G1": counter("German", "02.01", INFANTRY, front=(12, 4, 4)),
             "G2": counter("German", "01.02", INFANTRY, front=(12, 4, 4)),
             "G3": counter("German", "02.02", INFANTRY)}
    session, _ = world(units, answer=attacking(["01.01"], joins={"G1"}, advance=False),
                       dice=[1])   # 12:1 -> 6-1, 1: DLS -> one step, no retreat
    session.perform("combat_phase", side(session, "German"))
    assert results(session)[0]["result"] == "DLS"
    retreat, _ = world(units, answer=attacking(["01.01"], joins={"G1"}, advance=False),
                       dice=[0 + 3])  # 6-1, 3: DL1R
    retreat.perform("combat_phase", side(retreat, "German"))
    assert results(retreat)[0]["result"] == "DL1R" and where(retreat, "A1") is None


def test_advance_after_combat_into_the_emptied_hex():
    """tld:I.I#13, tld:I.I#28: attackers may move into the defenders' hex when
    the attack empties it; a unit that did not attack may not."""
    units = {"G1": counter("German", "05.04", INFANTRY, front=(30, 4, 4)),
             "G2": counter("German", "05.04", INFANTRY),
             "A1": counter("Allied", "05.05", INFANTRY, front=(4, 6, 4))}
    session, rec = world(units, answer=attacking(["05.05"], joins={"G1"}), dice=[6])
    session.perform("combat_phase", side(session, "German"))
    assert results(session)[0]["result"] == "DE"
    assert where(session, "G1") == "05.05" and where(session, "G2") == "05.04"
    assert [u.id for _, k, u in rec.asked if k == "advance"] == ["G1"]
