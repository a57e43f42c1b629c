"""Sentence by sentence: the Crete optional rules O1.0–O4.0 — what the older tests
of test_crete_optional_*.py leave unchecked."""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

PILING_ON = Path(__file__).parents[2] / "scenarios" / "crete" / "piling_on.yaml"
BLACK_WATCH = "A 2/B W •"
GERMAN = "6./II./FJR 1 •"


def script(session, rolls):
    session.dice.__dict__.update(Dice(script=rolls).__dict__)


def go_to(session, label):
    labels = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    session.state.turn = labels.index(label)


# ---- O4.0 Table Space ---------------------------------------------------------------

def withdrawing(options):
    """Scenario 4 with S5.0 and Allied Withdrawal in effect (Scenario 10's effect)."""
    session = start(str(PILING_ON), Table({"Allied": KeyedPlayer({"move": "withdraw"}),
                                           "Axis": KeyedPlayer()}),
                    dice=Dice(0), options=options)
    catalog = session.state.catalog
    catalog["special_rule"]["crete:S5.0"] = {"name": "crete:S5.0"}
    catalog["effect"]["test withdrawal"] = {"rule": "test", "kind": "allied_withdrawal",
                                            "level": 1}
    for unit_id in list(session.state.placement):
        session.place(unit_id, None, "leader" if "Leader" in unit_id else "unit")
    session.place(GERMAN, "40.20")
    return session


def test_o4_with_table_space_the_allies_withdraw_at_29_26():
    """crete:O4.0#16: "Finally, during Allied Withdrawal, the Allies may exit forces
    off the Heraklion Map at 29.26" — in place of S5.0's 28.26, as O4.0 moves the
    28.26 arrivals to 29.26; without O4.0, 28.26 only."""
    on = withdrawing(["crete:O4.0"])
    unit = on.ref("unit", BLACK_WATCH)
    on.place(BLACK_WATCH, "29.26")
    assert "withdraw" in on.value("exclusive_move_choices", [unit], "formation", False)
    on.perform("move", [unit], "formation")
    assert on.attr(unit, "withdrawn") == 1 and on.value("withdrawal_level") == 2
    assert not on.value("withdrawal_exit", "28.26")
    off = withdrawing([])
    assert off.value("withdrawal_exit", "28.26") and not off.value("withdrawal_exit", "29.26")
    # another optional rule on: O4.0's hex stays out
    other = withdrawing(["crete:O3.0"])
    assert other.value("withdrawal_exit", "28.26") and not other.value("withdrawal_exit", "29.26")


# ---- O3.0 Allied Coastal Artillery ---------------------------------------------------

def test_o3_the_georgeoupolis_battery_is_set_up_at_98_40():
    """crete:O3.0#12: "Georgeoupolis Map: X CD Bty RM (98.40)" — placed when the
    Georgeoupolis sheet is in play (Scenario 10) and the option is on, like the
    other batteries (crete:O3.0#10, #11: Z CD Bty Rm 09.06, the Suda guns); without
    the option the counter takes no part."""
    def hot_pursuit(options):
        return start("crete/hot_pursuit", Table({"Axis": KeyedPlayer(),
                                                 "Allied": KeyedPlayer()}), options=options)
    on = hot_pursuit(["crete:O3.0"])
    gun = on.ref("unit", "X CD Bty RM")
    assert on.value("map_of", on.attr(gun, "hex")) == "georgeoupolis"
    assert on.attr(gun, "hex").endswith("98.40")
    assert on.attr(on.ref("unit", "Z CD Bty Rm"), "hex").endswith("09.06")
    assert on.attr(on.ref("unit", "2 15 Coast RA"), "hex").endswith("76.16")
    assert "X CD Bty RM" not in hot_pursuit([]).state.catalog["unit"]


def test_o3_units_in_command_of_the_contact_leader_spot_for_the_battery():
    """crete:O3.0#7: "They may use any Unit that is In Command of the leader to which
    they are attached ... as a spotter"; crete:O3.0#6: "they may self-spot or be put
    in contact with any friendly leader" — the Heraklion battery In Contact with the
    14th Infantry Brigade's Leader: A 2/B W, In Command of him, spots for it; and it
    spots for itself."""
    from test_crete_optional_coastal import GUN, LEADER, heraklion
    session = heraklion(allied={"contact_leader": LEADER})
    gun, leader = session.ref("unit", GUN), session.ref("leader", LEADER)
    session.place(LEADER, "38.10", "leader")
    script(session, [0])
    session.perform("contact_attempts", session.ref("side", "Allied"))
    assert session.attr(gun, "contact_with") == leader
    session.place(LEADER, "29.12", "leader")
    spotter = session.ref("unit", "A 2/B W •")
    assert session.value("in_command", spotter)
    assert spotter in session.value("spotters", gun, "30.12")
    # "they may self-spot": a hex the battery itself sees (gts:16.1)
    assert session.value("self_spots", gun, "20.08")


# ---- O2.0 Allied Naval Support ---------------------------------------------------------

def naval(scenario="crete/heraklion", allied=None):
    first_coast = {"naval_target_zone": lambda d: d.options[0]}
    return start(scenario, Table({"Axis": KeyedPlayer(),
                                  "Allied": KeyedPlayer({**first_coast, **(allied or {})})}),
                 options=["crete:O2.0"])


def test_o2_ships_rally_normally_and_never_in_a_fire_zone():
    """crete:O2.4#2: "Naval Units may Rally normally to remove Suppression and Cohesion
    Hits"; crete:O2.4#3: "They are never considered to be in an enemy Fire Zone" — by
    night a Suppressed ship rallies its Suppression; by day one with a Cohesion Hit
    rallies it (in a Fire Zone by day it could not, gts:20.0)."""
    session = naval(allied={"naval_action": "rally", "naval_move": "remain"})
    ship = session.ref("unit", "DD Flotilla 1")
    go_to(session, "1941-05-22 night")
    session.perform("reinforcements_to_boxes")
    session.set_initial(ship, "suppressed", 1)
    assert "rally" in session.value("naval_actions", ship)
    script(session, [0] * 3)
    session.perform("naval_subphase")
    assert session.attr(ship, "suppressed") == 0
    go_to(session, "1941-05-22 1500")
    session.set_initial(ship, "cohesion_hits", 1)
    assert not session.value("in_enemy_fire_zone", ship)
    script(session, [0, 9])                    # the rally check, then the air attack misses
    session.perform("naval_subphase")
    assert session.attr(ship, "cohesion_hits") == 0


def test_o2_withdrawn_ships_stay_out_and_may_go_one_by_one():
    """crete:O2.6#5: "All Naval Units must remain together when in play but may be
    withdrawn individually": of the five ships of 25 May one withdraws, the four
    others remain; crete:O2.6#3: "Once Naval Units are withdrawn, they remain out of
    play for the rest of the game" — the step C of a later arrival does not bring it
    back."""
    session = naval("crete/piling_on", allied={"naval_action": "none",
                                               "naval_move": lambda d: "withdraw"
                                               if d.subject.id == "Ajax" else "remain",
                                               "naval_destination": "remain"})
    go_to(session, "1941-05-22 night")
    session.perform("reinforcements_to_boxes")
    go_to(session, "1941-05-25 night")
    session.perform("reinforcements_to_boxes")
    session.perform("naval_subphase")
    at_sea = [u.id for u in session.value("ships_at_sea")]
    assert sorted(at_sea) == ["DD Flotilla 1", "DD Flotilla 2", "DD Flotilla 3", "Dido"]
    assert session.attr(session.ref("unit", "Ajax"), "naval_withdrawn") == 1
    session.perform("reinforcements_to_boxes")             # 25 May Night again
    assert "Ajax" not in [u.id for u in session.value("ships_at_sea")]


# ---- O1.0 German Free Drops -------------------------------------------------------------

def test_o1_the_units_o1_makes_unavailable_never_free_drop():
    """crete:O1.0#3: "FA Abt 7 is not available to arrive via airdrop"; crete:O1.0#4:
    "Dets Muerbe, Gentz, and Altmann as well as KG Ramcke and KG Vogel Units are not
    available; use the optional counters with true unit designations" — the optional
    counters are not in the data (docs/crete.md), so these Units take no part in a
    free drop: every counter of them is marked so, and the rule reads the mark."""
    from kriegsspiel.core.loading import shipped_roots
    from kriegsspiel.engine.reading import read_game
    game = read_game(shipped_roots()[0] / "crete")
    named = ("Fsch.Art. 7", "Det Muebe", "Det Gentz", "Det Altmann", "Kgr. Ramcke",
             "Kgr. Vogel")
    out = [u for u in game.units if any(n in u.id for n in named)]
    assert {n for n in named if any(n in u.id for u in out)} == set(named)
    assert all("no_free_drop" in (u.tags or []) for u in out), \
        [u.id for u in out if "no_free_drop" not in (u.tags or [])]
    assert not any("no_free_drop" in (u.tags or []) for u in game.units if u not in out)
    session = start("crete/snafu", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    options=["crete:O1.0"])
    assert not session.value("free_drop_available", session.ref("unit", "2. Fsch.Art. 7"))


# ---- the Scenarios' General Comments (indexed under O4.0) ------------------------------

SCENARIOS = ["learning", "snafu", "precision", "heraklion", "piling_on", "descent", "jump",
             "last_chance", "kiwis", "gala", "hot_pursuit", "mercury", "main_event",
             "free_for_all"]     # the Learning Scenario, then Scenarios 1-13


def test_general_comments_no_german_points_in_the_first_activation_of_para_drop_scenarios():
    """crete:O4.0#28: "In scenarios that start with a German para drop, scenarios 1–6
    and 11–13, the Germans do not roll for or receive Dispatch or Command points
    during the first activation" — row by row, those scenarios (and no other) carry
    the effect that withholds them (drops.ksr's points_withheld)."""
    from kriegsspiel.engine.reading import read_scenario
    from kriegsspiel.engine.starting import find_scenario
    withheld = []
    for number, name in enumerate(SCENARIOS):
        scenario = read_scenario(find_scenario(f"crete/{name}"))
        effects = [e for r in scenario.scenario_rules or [] for e in r.effects or []]
        kinds = [(e.get("kind"), e.get("side")) if isinstance(e, dict)
                 else (getattr(e, "kind", None), getattr(e, "side", None)) for e in effects]
        if ("no_points_first_turn", "Axis") in kinds:
            withheld.append(number)
    assert withheld == [1, 2, 3, 4, 5, 6, 11, 12, 13]


def test_general_comments_full_strength_and_no_contact_at_setup():
    """crete:O4.0#19: "All Units start at full strength, unless otherwise noted";
    crete:O4.0#22: "No Indirect HE contact markers are placed at setup, unless
    otherwise noted" — Scenario 3 notes neither: after its set-up every Unit on the
    map is on its full face with no Step lost, and none is In Contact (the guns of
    Scenarios 5 and 7-10 are, as noted: tests/scenarios/test_setup_state.py)."""
    session = start("crete/heraklion", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    seed=1)
    session.perform("deploy_units")
    on_map = [session.ref("unit", u) for u in session.state.placement
              if u in session.state.catalog["unit"] and session.state.placement[u]]
    assert on_map
    for unit in on_map:
        assert session.attr(unit, "face") == "front" and session.attr(unit, "step_loss") == 0
        assert session.value("current_steps", unit) == session.attr(unit, "steps")
        assert session.attr(unit, "in_contact") == 0


def test_general_comments_reinforcements_may_arrive_overstacked():
    """crete:O4.0#23: "Reinforcements may arrive overstacked": Scenario 4's Det C 7 RTR
    enters at 28.26 though the hex already holds a full stack (gts:8.0: "without
    regard to stacking limits")."""
    import copy
    session = start(str(PILING_ON), Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    dice=Dice(0))
    units = session.state.catalog["unit"]
    tank = session.ref("unit", "Det C 7 RTR")
    entry = session.attr(tank, "entry_hex")
    assert entry is not None and entry.endswith("28.26")
    for n in range(4):                                  # test counters, two steps each
        units[f"copy {n} of A 2/B W"] = copy.deepcopy(units[BLACK_WATCH])
        session.place(f"copy {n} of A 2/B W", entry)
    assert not session.value("overstacked", entry)
    session.perform("reinforcement_arrives", tank)
    assert session.attr(tank, "hex") == entry
    # More than eight Steps in the hex; the tank, waiting in its entry hex,
    # counts towards no stacking limit (gts:8.0#5), so leaving costs it nothing.
    assert session.value("steps_in", entry) > 8
    assert not session.value("overstacked", entry)


def test_o2_ships_must_withdraw_under_a_withdrawal_in_effect_from_the_start():
    """crete:O2.6#4: "Once Allied Withdrawal is in effect, Naval Units must be
    withdrawn" — in effect from the start too (Scenario 10's effect "Allied Withdrawal
    is in effect with a level of 1", here on Scenario 9's 25 May), not only when the
    Morale level triggers it."""
    session = naval("crete/gala", allied={"naval_action": "none"})
    go_to(session, "1941-05-25 night")
    session.perform("reinforcements_to_boxes")
    ship = session.ref("unit", "Ajax")
    assert session.value("naval_moves", ship) == ["remain", "withdraw"]
    session.state.catalog["effect"]["test withdrawal"] = {
        "rule": "test", "kind": "allied_withdrawal", "level": 1}
    assert session.value("withdrawal_in_effect") and not session.value("withdrawal_triggered")
    assert session.value("naval_moves", ship) == ["withdraw"]


def test_o1_no_unit_of_a_stick_lands_in_a_town_next_to_its_target():
    """crete:O1.0#21: "German Airborne Reinforcements that land in a Water, City, or Town
    hex or on an Enemy Unit are eliminated" — not only when scattered: the hexes next
    to a Drop Zone Target (crete:O1.0#8) a Unit may be placed in are never Town or
    City hexes (11.13 on the Rethymnon map touches the Towns 11.14 and 10.13); a Unit
    with no other hex left is eliminated."""
    session = start("crete/snafu", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    options=["crete:O1.0"])
    assert session.value("drop_target_allowed", "11.13")
    landing = session.value("stick_landing_hexes", "11.13")
    assert landing and "11.13" in landing
    assert not any(session.value("terrain", h) in ("town", "city") for h in landing)
    assert {"11.14", "10.13"} <= set(session.value("neighbours", "11.13"))


def test_o4_the_bot_heads_for_29_26_with_table_space():
    """crete:O4.0#16 for the heuristic bot (docs/players.md): under Table Space a
    withdrawing Allied Unit heads for 29.26, without it for 28.26."""
    from kriegsspiel.modules.gts.bot import heuristic_player
    for options, goal in ((["crete:O4.0"], "29.26"), ([], "28.26")):
        session = withdrawing(options)
        session.place(BLACK_WATCH, "20.20")
        unit = session.ref("unit", BLACK_WATCH)
        assert heuristic_player(1, session).goal_of(unit) == goal
