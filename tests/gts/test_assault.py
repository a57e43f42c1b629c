"""Assault (gts:18.0–18.7) with Crete Part One Assault Example 1."""

from __future__ import annotations

import copy

from conftest import CATALOG, INFANTRY
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.core.players import KeyedPlayer, RandomPlayer, Table
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.session import Session

ALLIED = {**INFANTRY, "troop_quality": 8, "fire_rating": 4, "assault_rating": 5,
          "defense": -1}
GERMAN = {**INFANTRY, "troop_quality": 6, "fire_rating": 4, "assault_rating": 4,
          "defense": 0, "armored": True}
FLAK = {**INFANTRY, "steps": 0, "defense": 1, "weapon_class": "DHE", "assault_rating": None}


def example_session(rolls, allies, axis, seed=0):
    """H and I Company (with a third company) in 05.05 next to a German Unit,
    entrenched in woods at 06.05, with a zero-Step flak Unit."""
    grid = HexGrid((1, 12, 1, 10))
    model = MapModel.model_validate({
        "id": "a", "name": "A", "provenance": "provisional",
        "grid": {"columns": [1, 12], "rows": [1, 10]}, "default_terrain": "clear",
        "hexes": {"woods": ["06.05"]}})
    terrain = [TerrainType(id="clear", kind="hex"), TerrainType(id="woods", kind="hex")]
    catalog = copy.deepcopy(CATALOG)
    catalog["unit"] = {}
    units = {"H": ("allies", ALLIED, "05.05"), "I": ("allies", ALLIED, "05.05"),
             "K": ("allies", ALLIED, "05.05"), "ger": ("axis", GERMAN, "06.05"),
             "flak": ("axis", FLAK, "06.05")}
    for ident, (side, face, _) in units.items():
        division, formation = ("nz2", "inf1") if side == "allies" else ("geb5", "pi95")
        catalog["unit"][ident] = {"name": ident, "side": side, "division": division,
                                  "formation": formation, "unit_class": "infantry",
                                  "back_kind": "reduced", "faces": {"front": face,
                                                                    "back": face}}
    dice = Dice(seed) if rolls is None else Dice(seed, script=rolls)
    session = Session(build_program(["gts"]), catalog, dice,
                      Table({"allies": allies, "axis": axis}), grid,
                      MapIndex.build(model, terrain, grid))
    for ident, (_, _, hex_id) in units.items():
        session.place(ident, hex_id)
    session.place("bedding", "05.05", "leader")
    session.place("schaette", "06.05", "leader")
    session.state.tracks["unit:ger"] = {"entrenched": 1}
    return session


def test_bravery_value_of_assault_example_1():
    """Crete Part One Assault Example 1 (gts:18.7 step 2, gts:29.13): TQ 8, the
    defenders' best Defense 0 modified -2 for the entrenchment and -2 for the
    woods, minus the attackers' best Defense -1: 8 - 0 - (-1) + (-2) - 2 = 5."""
    session = example_session([], KeyedPlayer(), KeyedPlayer())
    h, i = session.ref("unit", "H"), session.ref("unit", "I")
    value = session.value("bravery", h, [h, i], "06.05")
    assert value == 5
    assert {t["name"]: t["amount"] for t in value.terms} == {"best_defender": -4,
                                                            "best_attacker": 1}


def test_assault_example_1_first_round():
    """Crete Part One Assault Example 1 (gts:18.7): both pass their Bravery Checks;
    the zero-Step flak is eliminated; the German stands; the German's Direct Fire
    at I Company is 4 -1 +3 (six Steps) +1 (entrenched) +2 (Company Bonus) = 9,
    capped at 8: a 5, "C" (Small Arms); his Assault value, also 8, on the Dual
    Purpose row: a 2, "S", and I Company fails to convert it. H Company fires
    4 -2 (woods) -2 (entrenchment) +2 = 2 and misses with a 4; its Assault value
    3 rolls a 2: "S" on the armored row, which the German converts to a
    Cohesion Hit. The Allied player then calls the Assault off."""
    allies = KeyedPlayer({"assault_hex": "06.05", "charge_or_fire": "assault_fire",
                          "assault_fire_target": "ger", "convert_suppression": True,
                          "buy:tq_check": False, "continue_assault": "withdraw"})
    axis = KeyedPlayer({"opportunity_fire": False, "stand_or_run": "stand",
                        "assault_fire_target": "I", "convert_suppression": True,
                        "buy:tq_check": False})
    session = example_session([3, 4, 3, 5, 2, 9, 1, 4, 2, 1], allies, axis)
    h, i = session.ref("unit", "H"), session.ref("unit", "I")
    session.perform("assault", [h, i], "formation")
    assert session.attr(session.ref("unit", "flak"), "eliminated")
    shots = [(e.data["firer"], e.data["with_assault"], e.data["rating"], e.data["roll"],
              e.data["result"]) for e in session.events("assault_fire_resolved")]
    assert shots == [("ger", False, 8, 5, "C"), ("ger", True, 8, 2, "S"),
                     ("H", False, 2, 4, None), ("H", True, 3, 2, "S")]
    assert (session.attr(i, "cohesion_hits"), session.attr(i, "suppressed")) == (1, 1)
    ger = session.ref("unit", "ger")
    assert (session.attr(ger, "cohesion_hits"), session.attr(ger, "suppressed")) == (1, 0)
    assert session.events("assault_over")[-1].data == {"hex": "06.05", "outcome": "held"}
    assert session.attr(h, "hex") == "05.05"


def test_running_away_and_surrender():
    """gts:18.7 5A: all defenders run to one hex they could enter, Suppressed (no
    conversion), the attackers advance; those that cannot run surrender; only
    Units not in the Assault may fire at the runners (gts:17.2#6)."""
    allies = KeyedPlayer({"assault_hex": "06.05"})
    axis = KeyedPlayer({"opportunity_fire": False, "stand_or_run": "run_away",
                        "run_away_to": lambda d: d.options[0]})
    session = example_session([0, 0], allies, axis)
    session.state.tracks["unit:ger"] = {}
    h = session.ref("unit", "H")
    session.perform("assault", [h], "formation")
    ger = session.ref("unit", "ger")
    assert session.attr(ger, "suppressed") == 1 and session.attr(ger, "hex") != "06.05"
    assert session.attr(h, "hex") == "06.05"
    assert session.events("assault_over")[-1].data["outcome"] == "ran_away"
    # gts:18.7 5A: non-Assaulting Units (I and K, not H) may fire at the runners,
    # and the Leader runs with them (gts:21.2).
    asked = [d.subject.id for d in allies.asked if d.key == "opportunity_fire"]
    assert "H" not in asked and {"I", "K"} <= set(asked)
    assert session.attr(session.ref("leader", "schaette"), "hex") == session.attr(ger, "hex")


def test_a_failed_charge_check_surrenders_the_hex():
    """gts:18.7 5C: the defender's chosen Unit fails its Troop Quality Check: every
    defender surrenders and the attackers advance."""
    allies = KeyedPlayer({"assault_hex": "06.05", "charge_or_fire": "charge"})
    axis = KeyedPlayer({"opportunity_fire": False, "stand_or_run": "stand",
                        "charge_check_unit": "ger", "buy:tq_check": False})
    session = example_session([0, 9], allies, axis)
    h = session.ref("unit", "H")
    session.perform("assault", [h], "formation")
    assert session.attr(session.ref("unit", "ger"), "eliminated")
    assert session.attr(h, "hex") == "06.05"


def test_who_may_assault():
    """gts:18.0 and gts:18.1: Assault is an Action; no Assault Rating, zero Steps,
    entrenched, Suppressed or an
    Indirect Fire weapon: no Assault."""
    session = example_session([], KeyedPlayer(), KeyedPlayer())
    h = session.ref("unit", "H")
    assert session.value("may_assault", h)
    assert "assault" in session.value("legal_actions", h, "formation")
    assert "assault" not in session.value("legal_actions", h, "division")   # gts:13.2
    session.state.tracks["unit:H"] = {"suppressed": 1}
    assert not session.value("may_assault", h)
    assert not session.value("may_assault", session.ref("unit", "ger"))    # entrenched
    assert not session.value("may_assault", session.ref("unit", "flak"))


def test_assault_example_2_caps():
    """Crete Part One Assault Example 2 (gts:18.7): a Bravery value of 8 + 1 - (-1)
    = 10 is capped at 8; the German's fire, 2 - 2 (heavy barrage) - 1 (US Defense)
    = -1, counts as 0 — "0 is the worst it can be" (and a 0 still hits)."""
    from kriegsspiel.core.state import Ref
    session = example_session([], KeyedPlayer(), KeyedPlayer())
    h = session.ref("unit", "H")
    for other in ("I", "K", "flak"):
        session.place(other, None)
    session.place("ger", "05.04")                    # in the open this time
    session.state.tracks["unit:ger"] = {}
    session.state.catalog["unit"]["ger"]["faces"]["front"] = {
        **GERMAN, "defense": 1, "fire_rating": 2, "assault_rating": 2, "troop_quality": 1,
        "armored": False}
    session.state.set_track(Ref("hex", "05.04"), "barrage", 2, [])
    bravery = session.value("bravery", h, [h], "05.04")
    assert bravery == 8 + 1 - (-1)
    assert min(bravery, session.program.const("max_bravery")) == 8
    ger = session.ref("unit", "ger")
    raw = session.value("assault_fire_rating", ger, h, False, 0, True)
    assert raw == 2 - 2 - 1
    assert session.value("capped_rating", raw) == 0


def test_assault_together_only_from_one_hex_into_one_hex():
    """gts:18.2, gts:18.3, gts:18.4 and gts:18.5: Units of one hex assault
    together into one adjacent hex holding enemy Units (any Unit may be
    assaulted); gts:18.6: the same hex may be assaulted again."""
    allies = KeyedPlayer({"assault_hex": "06.05", "continue_assault": "withdraw",
                          "charge_or_fire": "assault_fire", "assault_fire_target": "ger",
                          "convert_suppression": False, "buy:tq_check": False})
    axis = KeyedPlayer({"opportunity_fire": False, "stand_or_run": "stand",
                        "assault_fire_target": "H", "convert_suppression": False,
                        "buy:tq_check": False})
    session = example_session([0] + [9] * 30, allies, axis)
    h, i = session.ref("unit", "H"), session.ref("unit", "I")
    assert session.value("assault_hexes", [h, i]) == ["06.05"]
    session.perform("assault", [h], "formation")
    session.dice.script += [0] + [9] * 30
    session.perform("assault", [i], "formation")
    assert [e.data["hex"] for e in session.events("assault_declared")] == ["06.05", "06.05"]
    assert len(session.events("assault_over")) == 2


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000))
def test_an_assault_never_mixes_the_sides_nor_runs_past_two_rounds(seed):
    """gts:18.7: whatever the dice and the choices, an Assault ends with attackers
    and defenders never in the same hex, and lasts at most two rounds (5B–5F)."""
    session = example_session(None, RandomPlayer(seed), RandomPlayer(seed + 1), seed=seed)
    group = [session.ref("unit", u) for u in ("H", "I")]
    session.perform("assault", group, "formation")
    rounds = [d for d in session.players.record if d["key"] == "charge_or_fire"]
    assert len(rounds) <= 2
    occupied = {session.attr(u, "hex") for u in session.state.units() if session.attr(u, "on_map")}
    for hex_id in occupied:
        sides = {session.attr(u, "side").id for u in session.state.units_at(hex_id)}
        assert len(sides) == 1, f"both sides in {hex_id}"
    assert session.events("assault_over")
