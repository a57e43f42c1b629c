"""Assault gts:18.7 steps 3–5A (Opportunity Fire, anyone left?, stand or run
away), sentence by sentence.  The battlefield: tests/gts/assault_world_18.py
(Allied attackers at 05.05, Axis defenders at 06.05).  One-Step Units earn no
Company Bonus, which keeps the dice short."""

from __future__ import annotations

from assault_world_18 import ATTACKER_HEX, DEFENDER_HEX, asked, assault, battle, outcome, u

from kriegsspiel.core.players import KeyedPlayer
from kriegsspiel.core.state import Ref

ONE = {"steps": 1}
CHARGE = {"assault_hex": DEFENDER_HEX, "charge_or_fire": "charge",
          "convert_suppression": False, "buy:tq_check": False}
STAND = {"opportunity_fire": True, "stand_or_run": "stand", "charge_check_unit": "G",
         "buy:tq_check": False, "convert_suppression": False}
RUN = {"opportunity_fire": False, "stand_or_run": "run_away",
       "run_away_to": lambda d: d.options[0], "convert_suppression": True}


def fired(session):
    return [(e.data["firer"], e.data["target"], e.data["rating"])
            for e in session.events("fire_resolved")]


def test_defenders_opportunity_fire_in_hex_at_the_assaulting_units_only():
    """gts:18.7#31: the Units assaulted may Opportunity Fire at the Assaulting
    Units; gts:18.7#32: in-hex, so Fire Zone to Fire Zone (+2); gts:18.7#33: only
    at the Assaulting Unit A (K, staying behind, is no target) but all six Steps
    of the hex count for mass (+3); gts:18.7#34: every other modifier holds — A's
    Defense -1 and its woods -2: 4 - 1 + 3 + 2 - 2 = 6."""
    axis = KeyedPlayer(STAND)
    session = battle({"A": ("allies", {}, ATTACKER_HEX), "K": ("allies", {}, ATTACKER_HEX),
                      "K2": ("allies", {}, ATTACKER_HEX), "G": ("axis", ONE, DEFENDER_HEX)},
                     rolls=[0, 0, 9, 9], allies=CHARGE, axis=axis,
                     hexes={"woods": [ATTACKER_HEX]})
    terms = {t["name"]: t["amount"] for t in session.value(
        "modified_fire_rating", u(session, "G"), u(session, "A"), "opportunity", 0, 2).terms}
    assert terms["mass"] == 3 and terms["opportunity"] == 2 and terms["terrain"] == -2
    assault(session, ["A"])
    targets = asked(axis, "opportunity_target")
    assert [o.id for o in targets[0].options] == ["A"]
    assert fired(session) == [("G", "A", 6)]


def test_an_assaulting_unit_suppressed_by_opportunity_fire_drops_out():
    """gts:18.7#35: the Opportunity Fire results are applied; gts:18.7#36: A,
    Suppressed ("S" on a 3), is done; B, unsuppressed, keeps going and alone
    advances when the hex surrenders."""
    session = battle({"A": ("allies", ONE, ATTACKER_HEX), "B": ("allies", ONE, ATTACKER_HEX),
                      "G": ("axis", ONE, DEFENDER_HEX)},
                     rolls=[0, 0, 0, 3, 9], allies=CHARGE,
                     axis={**STAND, "opportunity_target": "A"})
    assault(session, ["A", "B"])
    assert session.attr(u(session, "A"), "suppressed") == 1
    assert session.attr(u(session, "A"), "hex") == ATTACKER_HEX
    assert session.attr(u(session, "B"), "hex") == DEFENDER_HEX


def test_no_assaulting_units_left_the_assault_is_over():
    """gts:18.7#38: the lone attacker Suppressed by Opportunity Fire: the
    Assault is over, bogged down — no stand-or-run question."""
    axis = KeyedPlayer(STAND)
    session = battle({"A": ("allies", ONE, ATTACKER_HEX), "G": ("axis", ONE, DEFENDER_HEX)},
                     rolls=[0, 0, 3], allies=CHARGE, axis=axis)
    assault(session, ["A"])
    assert outcome(session) == "bogged_down" and not asked(axis, "stand_or_run")


def test_zero_step_defenders_go_and_an_empty_hex_is_taken():
    """gts:18.7#39: with attackers left, the zero-Step defender Z is eliminated and
    the Assault proceeds (the stand-or-run question); gts:18.7#40: with Z the
    only defender, the attackers advance and the Assault is over at once."""
    axis = KeyedPlayer({**STAND, "opportunity_fire": False})
    session = battle({"A": ("allies", ONE, ATTACKER_HEX), "G": ("axis", ONE, DEFENDER_HEX),
                      "Z": ("axis", {"steps": 0, "assault_rating": None}, DEFENDER_HEX)},
                     rolls=[0, 9], allies=CHARGE, axis=axis)
    assault(session, ["A"])
    assert session.attr(u(session, "Z"), "eliminated") and asked(axis, "stand_or_run")
    axis = KeyedPlayer(STAND)
    session = battle({"A": ("allies", ONE, ATTACKER_HEX),
                      "Z": ("axis", {"steps": 0, "fire_rating": None, "weapon_class": None,
                                     "assault_rating": None}, DEFENDER_HEX)},
                     rolls=[], allies=CHARGE, axis=axis)
    assault(session, ["A"])
    assert session.attr(u(session, "Z"), "eliminated")
    assert session.attr(u(session, "A"), "hex") == DEFENDER_HEX
    assert outcome(session) == "taken" and not asked(axis, "stand_or_run")


def test_the_non_active_player_decides_once_for_all_defenders():
    """gts:18.7#42-44: stand or run away is one decision of the Non-Active
    player for every defending Unit — G and G2 run to the same hex."""
    axis = KeyedPlayer(RUN)
    session = battle({"A": ("allies", ONE, ATTACKER_HEX), "G": ("axis", ONE, DEFENDER_HEX),
                      "G2": ("axis", ONE, DEFENDER_HEX)},
                     rolls=[0], allies=CHARGE, axis=axis)
    assault(session, ["A"])
    decisions = [d for d in session.players.record if d["key"] == "stand_or_run"]
    assert len(decisions) == 1 and decisions[0]["player"] == "axis"
    where = {session.attr(u(session, g), "hex") for g in ("G", "G2")}
    assert len(where) == 1 and where != {DEFENDER_HEX}


def test_running_away_to_one_hex_they_could_enter_with_their_leader():
    """gts:18.7#46: the defenders and the Leader with them move to one adjacent
    hex they could legally enter — not the attackers' hex, not an enemy hex, not
    across a bridge out of Column; gts:18.7#47: no change of status (G stays out
    of Column: nothing offers it Column or Transport); gts:18.7#48: all that run away are
    Suppressed, with no conversion offered (gts:19.2.2#8); gts:18.7#50: the
    attackers advance and the Assault is over."""
    axis = KeyedPlayer(RUN)
    session = battle({"A": ("allies", ONE, ATTACKER_HEX), "G": ("axis", ONE, DEFENDER_HEX),
                      "E": ("allies", ONE, "06.04")},
                     rolls=[0], allies=CHARGE, axis=axis,
                     hexsides=[("06.05/07.05", "bridge")])
    assault(session, ["A"])
    options = set(asked(axis, "run_away_to")[0].options)
    expected = set(session.value("neighbours", DEFENDER_HEX)) - {ATTACKER_HEX, "06.04", "07.05"}
    assert options == expected
    g = u(session, "G")
    refuge = session.attr(g, "hex")
    assert refuge in expected and session.attr(g, "column") == 0
    assert session.attr(session.ref("leader", "schaette"), "hex") == refuge
    assert session.attr(g, "suppressed") == 1 and session.attr(g, "cohesion_hits") == 0
    assert not asked(axis, "convert_suppression")
    assert session.attr(u(session, "A"), "hex") == DEFENDER_HEX and outcome(session) == "ran_away"


def test_the_retreat_draws_fire_from_the_units_not_assaulting():
    """gts:18.7#49: Opportunity Fire at the runners from the eligible Units that
    are not Assaulting — B, which failed its Bravery Check, among them; A, which
    Assaults, never."""
    allies = KeyedPlayer({**CHARGE, "opportunity_fire": True})
    session = battle({"A": ("allies", ONE, ATTACKER_HEX), "B": ("allies", ONE, ATTACKER_HEX),
                      "G": ("axis", ONE, DEFENDER_HEX)},
                     rolls=[0, 9, 0, 9], allies=allies, axis=RUN)
    assault(session, ["A", "B"])
    assert [d.subject.id for d in asked(allies, "opportunity_fire")] == ["B"]
    assert fired(session)[0][:2] == ("B", "G")


def test_those_that_may_not_run_away_surrender():
    """gts:18.7#52-55: Suppressed Units, Units with no or a star movement
    allowance, Units in an overstacked hex or under a Heavy Barrage may not run
    away; gts:18.7#57: when the defenders run, those that cannot are eliminated
    and the others go."""
    cases = [({"suppressed": 1}, {}), ({}, {"movement": "star"}),
             ({}, {"movement": None, "movement_class": "immobile"})]
    for markers, face in cases:
        session = battle({"A": ("allies", ONE, ATTACKER_HEX),
                          "G": ("axis", {**ONE, **face}, DEFENDER_HEX),
                          "G2": ("axis", ONE, DEFENDER_HEX)},
                         rolls=[0], allies=CHARGE, axis=RUN, tracks={"G": markers})
        assert not session.value("may_run_away", u(session, "G"))
        assault(session, ["A"])
        assert session.attr(u(session, "G"), "eliminated")
        assert session.attr(u(session, "G2"), "hex") not in (DEFENDER_HEX, None)
    session = battle({"A": ("allies", ONE, ATTACKER_HEX),
                      **{f"G{i}": ("axis", {}, DEFENDER_HEX) for i in range(5)}})
    assert not session.value("may_run_away", u(session, "G0"))     # ten Steps
    session.place("G4", None)
    assert session.value("may_run_away", u(session, "G0"))
    session.state.set_track(Ref("hex", DEFENDER_HEX), "barrage", 2, [])
    assert not session.value("may_run_away", u(session, "G0"))


def test_surrounded_by_prohibited_terrain_they_surrender():
    """gts:18.7#57: with every other neighbour across a bridge (Column only) the
    defenders out of Column cannot run away: all are eliminated (they
    surrender) and the attackers advance."""
    around = [h for h in battle({}).value("neighbours", DEFENDER_HEX) if h != ATTACKER_HEX]
    session = battle({"A": ("allies", ONE, ATTACKER_HEX), "G": ("axis", ONE, DEFENDER_HEX)},
                     rolls=[0], allies=CHARGE, axis=RUN,
                     hexsides=[(f"{DEFENDER_HEX}/{h}", "bridge") for h in around])
    assault(session, ["A"])
    assert session.attr(u(session, "G"), "eliminated")
    assert session.attr(u(session, "A"), "hex") == DEFENDER_HEX


def test_running_away_loses_the_entrenchment_at_once():
    """gts:18.7#56: an entrenched defender may run away but loses the marker the
    moment running away is declared — the Opportunity Fire at it (B's, which
    failed its Bravery) finds no entrenchment to subtract."""
    allies = KeyedPlayer({**CHARGE, "opportunity_fire": True})
    session = battle({"A": ("allies", ONE, ATTACKER_HEX), "B": ("allies", ONE, ATTACKER_HEX),
                      "G": ("axis", ONE, DEFENDER_HEX)},
                     rolls=[0, 9, 0, 9], allies=allies, axis=RUN,
                     tracks={"G": {"entrenched": 1, "improved_position": 1}})
    assault(session, ["A", "B"])
    g = u(session, "G")
    assert session.attr(g, "entrenched") == 0 and session.attr(g, "improved_position") == 0
    cause = next(e.cause for e in session.events("fire_resolved"))
    terms = [t for c in cause if c.get("what") == "modifiers modified_fire_rating"
             for t in c["terms"]]
    assert not [t for t in terms if t["name"] == "position"]
