"""Assault gts:18.7 steps 5B–5F (charge or Assault Fire, the two Assault Fires,
leaving Column, continue or withdraw), sentence by sentence.  The
battlefield: tests/gts/assault_world_18.py.  The defenders decline
Opportunity Fire and stand; one-Step Units earn no Company Bonus, so each
Assault Fire is one roll a shot."""

from __future__ import annotations

from assault_world_18 import ATTACKER_HEX, DEFENDER_HEX, asked, assault, battle, outcome, shots, u

from kriegsspiel.core.players import KeyedPlayer

ONE = {"steps": 1}
FIRE = {"assault_hex": DEFENDER_HEX, "charge_or_fire": "assault_fire",
        "continue_assault": "withdraw", "convert_suppression": False, "buy:tq_check": False,
        "leave_column_by_cohesion_hit": False}
STAND = {"opportunity_fire": False, "stand_or_run": "stand", "buy:tq_check": False,
         "convert_suppression": False, "leave_column_by_cohesion_hit": False}


def pair(attacker=None, defender=None, **extra):
    units = {"A": ("allies", {**ONE, **(attacker or {})}, ATTACKER_HEX),
             "G": ("axis", {**ONE, **(defender or {})}, DEFENDER_HEX)}
    units.update(extra)
    return units


def test_the_attacker_declares_once_for_all_his_units():
    """gts:18.7#59-60: the Assaulting player declares charge or Assault Fire, one
    answer for every Assaulting Unit (asked once although A and B assault);
    gts:18.7#63: Assault Fire goes on to 5D — the defender fires first."""
    allies = KeyedPlayer(FIRE)
    session = battle(pair(B=("allies", ONE, ATTACKER_HEX)), rolls=[0, 0] + [9] * 6,
                     allies=allies, axis=STAND)
    assault(session, ["A", "B"])
    assert len(asked(allies, "charge_or_fire")) == 1
    assert [s[0] for s in shots(session)] == ["G", "G", "A", "A", "B", "B"]


def test_a_charge_the_defender_passes_ends_the_assault_after_his_fire():
    """gts:18.7#61: a charge ends the Assault whether it succeeds or not;
    gts:18.7#63 and gts:18.7#65: charging goes to 5C, a Troop Quality Check by the defending
    Unit of the Non-Active player's choice (here G2), which a Command Point may
    buy; gts:18.7#67: it passes: on to 5D, the defender's fire — and then over
    (gts:18.7#84): no attacker fire, no second round."""
    allies = KeyedPlayer({**FIRE, "charge_or_fire": "charge"})
    axis = KeyedPlayer({**STAND, "charge_check_unit": "G2", "buy:tq_check": True})
    session = battle(pair(G2=("axis", ONE, DEFENDER_HEX)), rolls=[0] + [9] * 4,
                     allies=allies, axis=axis)
    session.state.tracks["division:geb5"] = {"cp": 1}
    assault(session, ["A"])
    ask = asked(axis, "charge_check_unit")[0]
    assert {o.id for o in ask.options} == {"G", "G2"}
    assert session.attr(session.ref("division", "geb5"), "cp") == 0
    assert {s[0] for s in shots(session)} == {"G", "G2"}
    assert len(asked(allies, "charge_or_fire")) == 1 and outcome(session) == "held"


def test_a_failed_charge_check_surrenders_every_defender():
    """gts:18.7#68: the check fails: all defending Units are eliminated (they
    surrender); gts:18.7#69: the attackers advance and the Assault is over."""
    allies = KeyedPlayer({**FIRE, "charge_or_fire": "charge"})
    session = battle(pair(G2=("axis", ONE, DEFENDER_HEX)), rolls=[0, 9], allies=allies,
                     axis={**STAND, "charge_check_unit": "G"})
    assault(session, ["A"])
    assert all(session.attr(u(session, g), "eliminated") for g in ("G", "G2"))
    assert session.attr(u(session, "A"), "hex") == DEFENDER_HEX and outcome(session) == "taken"
    assert not shots(session)


def test_assault_fire_is_no_action_and_follows_the_direct_fire_procedure():
    """gts:18.7#71: Assault Fire happens only in an Assault and is not an Action
    (no Action a Unit may take; G's Men Rallying markers, which any other Action removes,
    stay); gts:18.7#72: the Direct Fire procedure — G's Fire Rating 4 - 1 (A's
    Defense) = 3: a 5 misses; its Assault value 4 - 1 = 3: a 1 hits, the Dual
    Purpose row's "C"; A's fire, 4 - 1 (that hit) = 3: a 9 always misses."""
    session = battle(pair(), rolls=[0, 5, 1, 9, 9], allies=FIRE, axis=STAND,
                     tracks={"G": {"men_rallying": 2}})
    assert "assault_fire" not in session.program.const("implemented_actions")
    assault(session, ["A"])
    fired = [(e.data["firer"], e.data["rating"], e.data["roll"], e.data["hit"], e.data["result"])
             for e in session.events("assault_fire_resolved")]
    assert fired[:3] == [("G", 3, 5, False, None), ("G", 3, 1, True, "C"),
                         ("A", 3, 9, False, None)]
    assert session.attr(u(session, "G"), "men_rallying") == 2


def test_one_company_bonus_roll_serves_both_shots():
    """gts:18.7#73: the defender rolls for the Company Bonus once; the +2 counts
    for his Fire Rating and his Assault value; gts:18.7#74-76: he fires both,
    the Direct Fire (Fire Rating) first, and picks each target as he goes — A,
    then B."""
    axis = KeyedPlayer({**STAND, "assault_fire_target": ["A", "B"]})
    session = battle(pair(defender={"steps": 2}, B=("allies", ONE, ATTACKER_HEX)),
                     rolls=[0, 0, 3, 9, 9] + [9] * 4, allies=FIRE, axis=axis)
    assault(session, ["A", "B"])
    g_shots = [s for s in shots(session) if s[0] == "G"]
    assert [(s[1], s[2]) for s in g_shots] == [("A", False), ("B", True)]
    assert [s[3] for s in g_shots] == [4 - 1 + 2, 4 - 1 + 2]   # two Steps: no mass
    bonus_rolls = [c for e in session.state.log for c in e.cause
                   if c.get("what") == "check unbought_tq_check"]
    assert len(bonus_rolls) == 1
    assert len(asked(axis, "assault_fire_target")) == 2


def test_no_negative_terrain_for_fire_at_the_attackers_but_all_for_the_defenders():
    """gts:18.7#77: no negative terrain modifier for fire at the Assaulting Units
    (A in woods: G's 4 - 1 + 1 entrenched = 4); gts:18.7#89: fire at the defenders
    has every terrain benefit of Direct Fire (G entrenched in woods: A's Fire
    Rating 4 - 2 - 2 = 0, its Assault value 5 - 2 - 2 = 1)."""
    session = battle(pair(), rolls=[0] + [9] * 4, allies=FIRE, axis=STAND,
                     hexes={"woods": [ATTACKER_HEX, DEFENDER_HEX]},
                     tracks={"G": {"entrenched": 1}})
    assault(session, ["A"])
    assert [s[3] for s in shots(session)] == [4, 4, 0, 1]


def test_a_suppressed_defender_fires_only_its_assault_value_at_minus_two():
    """gts:18.7#78: Suppressed, G Assault Fires once, with its Assault value
    4 - 2 - 1 = 1 (as shown on the marker)."""
    session = battle(pair(), rolls=[9, 9, 9], allies=FIRE, axis=STAND,
                     tracks={"G": {"suppressed": 1}})
    assault(session, ["A"])
    assert [s for s in shots(session) if s[0] == "G"] == [("G", "A", True, 1)]


def test_coloured_assault_values_fire_twice_when_defending_only():
    """gts:18.7#79-80: a defender with a coloured Assault value fires it twice
    instead of its Fire Rating; gts:18.7#87: the attacker fires "with both his
    Fire Rating and his Assault value" (29.10: twice "when defending") — even
    with a coloured one."""
    session = battle(pair(attacker={"assault_colored": True},
                          defender={"assault_colored": True}),
                     rolls=[0] + [9] * 4, allies=FIRE, axis=STAND)
    assault(session, ["A"])
    assert [(s[0], s[2]) for s in shots(session)] == [("G", True), ("G", True),
                                                      ("A", False), ("A", True)]


def test_no_assault_fire_without_a_fire_rating_or_an_assault_rating():
    """gts:18.7#81: a "No" Fire Rating, no Assault Fire at all; gts:18.1#4: nor
    with a blank Assault Rating — only G3 fires."""
    session = battle(pair(defender={"fire_rating": None, "weapon_class": None},
                          G2=("axis", {**ONE, "assault_rating": None}, DEFENDER_HEX),
                          G3=("axis", ONE, DEFENDER_HEX)),
                     rolls=[0] + [9] * 4, allies=FIRE, axis=STAND)
    assault(session, ["A"])
    assert {s[0] for s in shots(session) if s[0] != "A"} == {"G3"}


def test_results_on_the_attackers_stop_the_suppressed():
    """gts:18.7#82: the defender's results are applied to the attackers first;
    gts:18.7#83: A, Suppressed by them, stops — only B fires back (5E);
    gts:18.7#84: with no unsuppressed attacker left the Assault is over: no
    attacker fire, no continue question."""
    allies = KeyedPlayer(FIRE)
    axis = KeyedPlayer({**STAND, "assault_fire_target": "A"})
    session = battle(pair(B=("allies", ONE, ATTACKER_HEX)), rolls=[0, 0, 3, 9, 9, 9, 9],
                     allies=allies, axis=axis)
    assault(session, ["A", "B"])
    assert session.attr(u(session, "A"), "suppressed") == 1
    assert [s[0] for s in shots(session)][2:] == ["B", "B"]
    allies = KeyedPlayer(FIRE)
    session = battle(pair(), rolls=[0, 3, 9], allies=allies, axis=axis)
    assault(session, ["A"])
    assert [s[0] for s in shots(session)] == ["G", "G"]
    assert not asked(allies, "continue_assault") and outcome(session) == "held"


def test_the_attackers_fire_sees_each_result_before_the_next_target():
    """gts:18.7#85-88: not charging, the attacker rolls once for the Company
    Bonus (+2 on both shots), fires his Fire Rating first, then his Assault
    value, and sees the first result before choosing again — G eliminated by
    the first shot ("1" on a 0), only G2 is offered for the second;
    gts:18.7#90: the results are applied to the defenders."""
    allies = KeyedPlayer({**FIRE, "assault_fire_target": lambda d: d.options[0]})
    session = battle(pair(attacker={"steps": 2}, G2=("axis", ONE, DEFENDER_HEX)),
                     rolls=[0] + [9] * 4 + [0, 0, 9], allies=allies, axis=STAND)
    assault(session, ["A"])
    a_shots = [s for s in shots(session) if s[0] == "A"]
    assert [(s[1], s[2]) for s in a_shots] == [("G", False), ("G2", True)]
    assert a_shots[0][3] == 4 + 0 + 2 and a_shots[1][3] == 5 + 0 + 2
    assert [len(d.options) for d in asked(allies, "assault_fire_target")] == [2, 1]
    assert session.attr(u(session, "G"), "eliminated")


def test_no_defenders_left_the_attackers_advance_and_it_is_over():
    """gts:18.7#91: no defenders remain after the attacker's fire: the
    Assaulting Units advance and the Assault is over — so no leaving Column
    (gts:18.7#93 comes "at this point" only when the Assault goes on) and no
    continue question."""
    allies = KeyedPlayer({**FIRE, "leave_column_by_cohesion_hit": True})
    session = battle(pair(), rolls=[0, 9, 9, 0], allies=allies, axis=STAND,
                     tracks={"A": {"column": 1}})
    assault(session, ["A"])
    assert session.attr(u(session, "G"), "eliminated")
    assert session.attr(u(session, "A"), "hex") == DEFENDER_HEX and outcome(session) == "taken"
    assert not asked(allies, "leave_column_by_cohesion_hit")
    assert not asked(allies, "continue_assault")
    assert (session.attr(u(session, "A"), "column"),
            session.attr(u(session, "A"), "cohesion_hits")) == (1, 0)


def test_units_still_in_column_may_leave_it_for_a_cohesion_hit():
    """gts:18.7#93: after the attacker's fire an Assaulting Unit still in Column
    may leave it for one Cohesion Hit; gts:18.7#94: so may a defending Unit still
    in the Assault."""
    allies = KeyedPlayer({**FIRE, "leave_column_by_cohesion_hit": True})
    axis = KeyedPlayer({**STAND, "leave_column_by_cohesion_hit": True})
    session = battle(pair(), rolls=[0, 9, 9, 9, 9], allies=allies, axis=axis,
                     tracks={"A": {"column": 1}, "G": {"column": 1}})
    assault(session, ["A"])
    assert [d.subject.id for d in asked(allies, "leave_column_by_cohesion_hit")] == ["A"]
    assert [d.subject.id for d in asked(axis, "leave_column_by_cohesion_hit")] == ["G"]
    for ident in ("A", "G"):
        ref = u(session, ident)
        assert (session.attr(ref, "column"), session.attr(ref, "cohesion_hits")) == (0, 1)


def test_a_suppressed_attacker_is_offered_no_column_exit():
    """gts:18.7#83-84 with gts:18.7#93: A, in Column, Suppressed by the defender's
    fire ("S" on a 3), is done and the Assault is over: no one is asked to
    leave Column."""
    allies = KeyedPlayer({**FIRE, "leave_column_by_cohesion_hit": True})
    axis = KeyedPlayer({**STAND, "leave_column_by_cohesion_hit": True})
    session = battle(pair(), rolls=[0, 9, 3], allies=allies, axis=axis,
                     tracks={"A": {"column": 1}, "G": {"column": 1}})
    assault(session, ["A"])
    assert session.attr(u(session, "A"), "suppressed") == 1
    assert not asked(allies, "leave_column_by_cohesion_hit")
    assert not asked(axis, "leave_column_by_cohesion_hit")


def test_continue_or_withdraw_and_at_most_two_passes():
    """gts:18.7#95: after the first pass the attacker (not having charged) may
    continue or withdraw; gts:18.7#96: withdrawing ends it (one declaration, the
    defenders hold); gts:18.7#97: continuing repeats 5B-5F (a second
    declaration, here a charge); gts:18.7#98: after that second pass it is over
    — never a third, nor a second continue question."""
    allies = KeyedPlayer(FIRE)
    session = battle(pair(), rolls=[0] + [9] * 4, allies=allies, axis=STAND)
    assault(session, ["A"])
    assert len(asked(allies, "charge_or_fire")) == 1 and outcome(session) == "held"
    allies = KeyedPlayer({**FIRE, "continue_assault": "continue"})
    session = battle(pair(), rolls=[0] + [9] * 8, allies=allies, axis=STAND)
    assault(session, ["A"])
    assert len(asked(allies, "charge_or_fire")) == 2
    assert len(asked(allies, "continue_assault")) == 1
    assert len(shots(session)) == 8 and outcome(session) == "held"
    assert session.attr(u(session, "A"), "hex") == ATTACKER_HEX
