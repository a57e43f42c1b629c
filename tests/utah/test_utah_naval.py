"""The Naval Invasion System's foundations (utah:4.x, docs/utah_nis.md): the
Beach Overlay's tracks, eligible hexes and drift chart, the Resistance Nest
attack before an Action, firing at the Beach Defenses, the Naval Chit and the
Naval Sequence of Play, the Assault Forces' ranges; the rulebook's examples as
situation files, and the errata entries that amend them on and off."""

from __future__ import annotations

from pathlib import Path

import pytest

from utah_games import INFANTRY, unit, utah_game

from kriegsspiel.core.state import Ref
from kriegsspiel.engine.rulebook import ExtraRules
from kriegsspiel.tools.situation import check_expectations, resolve

HERE = Path(__file__).resolve().parent
NAVAL = str(HERE / "scenarios" / "naval_test.yaml")
OVERLAY = Ref("effect", "Utah Beach Overlay#1")

ADVANCE_FOR_TEST = ExtraRules("advance_naval_for_test.ksr", """
procedure advance_naval_for_test() @utah:4.1 {
  step go @utah:4.1 { do advance_turn() }
}
""")


def overlay(game):
    found = [r for r in game.value("beach_overlays")]
    assert len(found) == 1
    return found[0]


# ---- the rulebook's examples ------------------------------------------------------

@pytest.mark.parametrize("name", ["coastal_battery_range_example",
                                  "beach_defense_modifier_example",
                                  "assault_force_marker_example"])
def test_worked_example(name):
    """utah:4.4.1#5, utah:4.4.7#9-11, utah:4.4.7#19, utah:4.4.7#22-23 (St-Martin
    Bty: 10 to the Landing Craft, 20/30/40 to the range boxes); utah:4.2.6#14,
    utah:4.2.6#16, utah:4.2.6#17, utah:4.2.6#18, utah:4.2.6#19, utah:4.2.6#20 (a one-step
    Unit with two Cohesion Hits adds 3); utah:4.4.3#3, utah:4.4.3#6-7 (UtS's marker may
    stand in 17.029): each situation's expect block holds."""
    sit, report = resolve(HERE / "situations" / f"{name}.yaml")
    failures = check_expectations(sit, report)
    assert not failures, "\n".join(f.render() for f in failures)
    assert report["dice"]["unused"] == []


def test_4_2_6_modifiers_one_by_one():
    """utah:4.2.6#16-18, utah:4.2.6#20: one step +1, one Cohesion Hit +1, two +2; B and C never
    together; utah:4.2.6#15: a modified roll over 9 is 9."""
    game = utah_game(NAVAL)
    infantry = unit(game, INFANTRY, "35.044")
    assert int(game.value("beach_defense_fire_modifier", infantry)) == 0
    game.set_initial(infantry, "cohesion_hits", 1)
    assert int(game.value("beach_defense_fire_modifier", infantry)) == 1
    game.set_initial(infantry, "step_loss", 1)
    game.set_initial(infantry, "cohesion_hits", 2)
    value = game.value("beach_defense_fire_modifier", infantry)
    assert int(value) == 3
    assert {t["name"] for t in value.terms} == {"one_step", "two_cohesion_hits"}
    assert game.value("beach_defense_fire_roll", 8, 3) == 9


def test_4_4_4_a_ship_range_counts_from_the_target_to_its_assault_force_marker():
    """utah:4.4.4 (4.4.4(a)): "count the number of hexes from the target to the Assault
    Force Marker for the ship's assault force, then add the range number for the ship's
    Assault Force Range box": a Wn 10 hexes from the marker is 30 from a Medium box."""
    game = utah_game(NAVAL)
    assert game.value("naval_range", "30.027", "20.025", "medium") == 30
    assert game.value("naval_range", "20.025", "20.025", "long") == 30
    assert game.value("naval_range", "30.027", "20.025", "landing_wave") == 10


@pytest.mark.parametrize("force, hex_id, allowed", [
    ("UtS", "18.027", True),      # the example's other hex
    ("UtS", "16.029", False),     # a playable hex, not the sea
    ("UtS", "30.010", False),     # the sea, but UtN's sector (29.017-44.002)
    ("UtN", "30.010", True),
])
def test_4_4_3_assault_force_marker_sectors(tmp_path, force, hex_id, allowed):
    """utah:4.4.3#3, utah:4.4.3#5-6: an Assault Force marker stays in its Sector, in an
    Impassable hex beside a playable (centre dot) hex."""
    import yaml
    path = HERE / "situations" / "assault_force_marker_example.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["action"] = {"do": "assault_force_marker_may_stand", "force": force, "hex_id": hex_id}
    data["expect"] = {"result": allowed, "dice": []}
    changed = tmp_path / "marker.yaml"
    changed.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    sit, report = resolve(changed)
    failures = check_expectations(sit, report)
    assert not failures, "\n".join(f.render() for f in failures)


def test_coastal_battery_may_not_fire_under_barrage_or_beside_an_enemy():
    """utah:4.4.7#3: "any Coastal Battery Unit that is not under a Barrage marker or
    adjacent to an enemy Unit may fire"."""
    game = utah_game(NAVAL)
    battery = unit(game, "5./II./Gren 1057", "30.045")
    game.state.catalog["unit"]["5./II./Gren 1057"].setdefault("tags", []).append(
        "coastal_battery")
    assert game.value("coastal_battery_may_fire", battery)
    unit(game, INFANTRY, "31.045")
    assert not game.value("coastal_battery_may_fire", battery)


# ---- the Beach Overlay -------------------------------------------------------------

def test_4_5_2_eligible_hexes_as_printed():
    """utah:4.1#2, utah:4.1.2, utah:4.5.2: the Sub-Beaches' hexes, "Utah Beach (Actual): Tare Green: 18.026, 19.025. Uncle
    Red: 17.026, 17.027" (and the Planned area's four)."""
    game = utah_game(NAVAL)
    beach = overlay(game)
    assert game.value("overlay_area", beach) == "actual"
    assert sorted(game.value("eligible_hexes", beach, "tare_green")) == ["18.026", "19.025"]
    assert sorted(game.value("eligible_hexes", beach, "uncle_red")) == ["17.026", "17.027"]
    game.state.catalog["effect"][beach.id]["area"] = "planned"
    assert sorted(game.value("eligible_hexes", beach, "tare_green")) == ["22.023", "23.022"]
    assert sorted(game.value("eligible_hexes", beach, "uncle_red")) == ["21.023", "21.024"]


def test_4_2_1_drift_chart_actual_area():
    """utah:4.2.1#6-13, utah:4.2.5#6-9: on a 9 the craft shifts — Tare Green (Actual) no
    shift, Uncle Red (Actual) 1 Left; a shift off the landing hexes sends it back to
    its Landing box (none)."""
    game = utah_game(NAVAL)
    beach = overlay(game)
    assert game.value("drift_roll", 9) and not game.value("drift_roll", 8)
    assert game.value("drifted_landing_hex", beach, "18.026") == "18.026"
    assert game.value("drifted_landing_hex", beach, "19.025") == "19.025"
    assert game.value("drifted_landing_hex", beach, "17.026") == "17.027"
    assert game.value("drifted_landing_hex", beach, "17.027") is None


def test_4_2_1_drift_chart_planned_area():
    """utah:4.2.1#13: "Planned Landing Area: 1 Left, 1 Left"."""
    game = utah_game(NAVAL)
    beach = overlay(game)
    game.state.catalog["effect"][beach.id]["area"] = "planned"
    assert game.value("overlay_area", beach) == "planned"
    assert game.value("drifted_landing_hex", beach, "22.023") == "21.023"
    assert game.value("drifted_landing_hex", beach, "23.022") == "22.023"
    assert game.value("drifted_landing_hex", beach, "21.024") is None


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_4_2_1_drift_retrofit_for_gold_juno_sword(as_printed):
    """utah:errata:4.2.1#1-6: the retrofit charts for Gold, Juno and Sword; as printed
    the chart is Utah's only."""
    game = utah_game(NAVAL, as_printed=as_printed)
    table = {sub: game.value("sub_beach_shift", "actual", sub)
             for sub in ("tare_green", "uncle_red")}
    assert table == {"tare_green": 0, "uncle_red": -1}
    if as_printed:
        with pytest.raises(Exception):
            game.value("sub_beach_shift", "actual", "jig_red")
    else:
        shifts = {sub: game.value("sub_beach_shift", "planned", sub)
                  for sub in ("jig_green", "jig_red", "king_green", "king_red", "mike_green",
                              "mike_red", "nan_green", "nan_white", "nan_red",
                              "queen_white", "queen_red")}
        assert shifts == {"jig_green": -1, "jig_red": -2, "king_green": -2, "king_red": -1,
                          "mike_green": 0, "mike_red": 1, "nan_green": 1, "nan_white": -1,
                          "nan_red": -1, "queen_white": -1, "queen_red": 0}


def test_beach_defense_tracks_start_and_reduce():
    """utah:4.2#3-5, utah:4.2#8-9, utah:4.2.1#2, utah:4.2.2#2: a track for each Beach Defense and
    the Sea State, starting at the overlay's levels (PROVISIONAL), reduced by the Allies;
    utah:4.2#10: the Sea State cannot be reduced; utah:4.2.6(2) "Results achieved after a
    particular Beach Defense number is 0 are lost" (utah:4.2.6(2)#7)."""
    game = utah_game(NAVAL)
    beach = overlay(game)
    assert (game.value("beach_obstacles", beach), game.value("resistance_nests", beach),
            game.value("gaps_number", beach), game.value("sea_state", beach)) == (4, 3, 4, 2)
    game.perform("reduce_beach_defense", beach, "resistance_nests", 2)
    game.perform("reduce_beach_defense", beach, "resistance_nests", 2)
    assert game.value("resistance_nests", beach) == 0
    assert [e.data["by"] for e in game.events("beach_defense_reduced")] == [2, 1]
    game.perform("reduce_beach_defense", beach, "sea_state", 1)
    assert game.value("sea_state", beach) == 2
    assert len(game.events("beach_defense_reduced")) == 2


def test_4_2_6_firing_at_beach_defenses_engineer_choice():
    """utah:4.2.6#12-13: the roll read as written on the firing group's row (an
    Engineer; PROVISIONAL table): a 0 gives "Reduce Obstacles or Gaps by 2", one choice
    per point (utah:4.2.6(2)#4-6)."""
    game = utah_game(NAVAL, rolls=[0], allied={"obstacles_or_gaps": ["gaps", "beach_obstacles"]})
    beach = overlay(game)
    engineer = unit(game, "A/4 Engr", "35.044")
    game.perform("beach_defense_fire_roll_result", engineer,
                 game.value("beach_fire_group_of", engineer), beach, 0, "35.044")
    fired = game.events("beach_defense_fire")[-1].data
    assert (fired["group"], fired["roll"], fired["result"], fired["amount"]) == \
        ("engineer", 0, "obstacles_or_gaps", 2)
    assert (game.value("gaps_number", beach), game.value("beach_obstacles", beach)) == (3, 3)


def test_4_2_6_a_9_is_not_a_miss_by_itself_nor_a_0_a_hit():
    """utah:4.2.6#13: "the usual GTS rule that a 0 always hits and a 9 always misses
    does not apply here": the roll reads the table as written — a Landing Craft's 1
    misses (utah:4.2.6(2)#1: "The attack has no effect")."""
    game = utah_game(NAVAL, rolls=[1])
    beach = overlay(game)
    game.perform("beach_defense_fire_roll_result", None, "landing_craft", beach, 0, None)
    assert game.events("beach_defense_fire")[-1].data["result"] == "miss"
    assert game.value("resistance_nests", beach) == 3


def test_4_3_2_a_beach_is_cleared_the_instant_all_apply():
    """utah:4.3.2#1-7, utah:4.7.5#1-8, utah:4.2#7: Nests, Obstacles and Gaps at 0, no
    German within 3 of the overlay's reinforcement hexes, no Allied Unit on a Beach
    hex: the Beach is cleared (the marker flipped); utah:4.3.3#2: its overlay comes off
    at the very beginning of the next turn, and utah:4.6#26: the steps 1, 4, 5 and 6 of
    the NSoP are ignored (no overlay in play for them)."""
    game = utah_game(NAVAL, extra=(ADVANCE_FOR_TEST,))
    beach = overlay(game)
    game.perform("reduce_beach_defense", beach, "resistance_nests", 9)
    game.perform("reduce_beach_defense", beach, "beach_obstacles", 9)
    assert game.attr(beach, "beach_cleared") == 0
    unit(game, "5./II./Gren 1057", "30.050")
    game.perform("reduce_beach_defense", beach, "gaps", 9)
    assert game.attr(beach, "beach_cleared") == 0      # a German within 3 of 30.047
    game.place("5./II./Gren 1057", None)
    game.perform("check_beach_cleared", beach)
    assert game.attr(beach, "beach_cleared") == 1
    assert len(game.events("beach_now_cleared")) == 1
    assert game.value("overlay_in_play", beach)
    game.perform("advance_naval_for_test")
    assert not game.value("overlay_in_play", beach)
    assert game.value("overlays_in_play") == []


# ---- 4.2.2(2): the Resistance Nest attack before each Action ------------------------

def beach_game(rolls, as_printed=False, allied=None):
    game = utah_game(NAVAL, rolls=rolls, as_printed=as_printed, allied=allied)
    game.state.map.terrain["35.044"] = "beach"
    return game


def test_4_2_2_nest_attack_before_an_action_on_the_beach():
    """utah:4.2.2(1)#12-16, utah:4.2.2(1)#19 (4.2.2(2)): an activated Allied Unit on the Beach Overlay
    is attacked on the pink (Small Arms) line with the Resistance Nest number, a normal
    Direct Fire with its modifiers, before its Action; utah:4.2.2(1)#17-18: before each
    Action, so twice for two; as corrected, utah:errata:4.2.2(2)#3-4 and
    utah:errata:4.2.2(2)#6 (twice for two non-Pass Actions)."""
    # the nests' 0, the Rally's check 0; the nests' 9 before the second Rally, its 0
    game = beach_game([0, 0, 9, 0])
    infantry = unit(game, INFANTRY, "35.044")
    game.set_initial(infantry, "suppressed", 1)
    game.perform("perform_action", [infantry], "rally", "direct")
    fired = game.events("resistance_nest_fire")
    assert len(fired) == 1
    assert (fired[0].data["roll"], fired[0].data["hit"]) == (0, True)
    assert fired[0].data["result"] == "1"            # SA vs unarmored, roll 0 (provisional CRT)
    rating = game.value("resistance_nest_rating", overlay(game), infantry)
    assert rating.base == 3
    assert game.attr(infantry, "face") == "back"     # the "1" applied as Direct Fire's
    game.perform("perform_action", [infantry], "pass", "direct")
    assert len(game.events("resistance_nest_fire")) == 1   # a Pass: the errata's exception
    game.set_initial(infantry, "suppressed", 1)
    game.perform("perform_action", [infantry], "rally", "direct")
    assert len(game.events("resistance_nest_fire")) == 2


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_4_2_2_2_a_pass_does_not_trigger_a_nest_attack(as_printed):
    """utah:errata:4.2.2(2)#1-2, utah:errata:4.2.2(2)#5: "unless the action is Pass" — as printed, every
    Action of an activated Unit, a Pass too (utah:4.2.2(1)#13-14)."""
    game = beach_game([9], as_printed=as_printed)
    infantry = unit(game, INFANTRY, "35.044")
    game.perform("perform_action", [infantry], "pass", "direct")
    assert len(game.events("resistance_nest_fire")) == (1 if as_printed else 0)


def test_no_nest_attack_off_the_beach_or_at_zero():
    """utah:4.2.2(1)#13, utah:4.2#6: only on the Beach Overlay, "as long as the
    Resistance Nest number ... is greater than 0" (as printed, so that a Pass would be
    attacked)."""
    game = beach_game([], as_printed=True)
    infantry = unit(game, INFANTRY, "35.045")         # not a Beach hex
    game.perform("perform_action", [infantry], "pass", "direct")
    game.place(INFANTRY, "35.044")
    game.perform("reduce_beach_defense", overlay(game), "resistance_nests", 3)
    game.perform("perform_action", [infantry], "pass", "direct")
    assert game.events("resistance_nest_fire") == []


def test_4_2_6_fire_action_at_the_beach_defenses_and_demolition_teams_go():
    """utah:4.2.6#3-6, utah:4.2.6#11: a Fire Action of a non-Suppressed Unit on a Beach, after the
    Resistance Nest attack it survived; utah:4.2.6(2) B: "Reduce Nests by X"; the Beach
    Demo Teams are removed from play after they fire (4.2.6(3): utah:4.2.6(2)#12-14);
    utah:4.2.6(2)#2-3."""
    game = beach_game([9, 4], allied={"fire_at_beach_defenses": True})
    team = unit(game, INFANTRY, "35.044")
    game.state.catalog["unit"][INFANTRY].setdefault("tags", []).append("beach_demolition")
    assert "fire" in game.value("legal_actions", team, "direct")
    game.perform("perform_action", [team], "fire", "direct")
    assert [e.kind for e in game.events() if e.kind in (
        "resistance_nest_fire", "beach_defense_fire", "demolition_team_spent")] == [
        "resistance_nest_fire", "beach_defense_fire", "demolition_team_spent"]
    assert game.events("beach_defense_fire")[-1].data["result"] == "nests"
    assert game.value("resistance_nests", overlay(game)) == 2
    assert game.attr(team, "eliminated")


# ---- the Naval Chit and the NSoP -------------------------------------------------

def naval_chit(game):
    return game.ref("chit", "naval:Allied")


def test_4_1_8_the_naval_chit_only_where_a_beach_overlay_is_in_play():
    """utah:4.1.7#26: the Naval Chit is played with the NIS: a scenario without a Beach Overlay
    (the causeway demonstration) never puts it in the mug."""
    game = utah_game("utah/causeway")
    game.perform("fill_mug")
    assert "naval:Allied" not in game.state.pools["mug"]
    assert not game.value("naval_chit_in_play")


def test_4_1_8_and_4_6_the_naval_chit_through_5_and_6_june():
    """utah:4.1.7#22-25 (4.1.8): not in the mug on the 2100 or Night turn; "always the
    first chit in play on the June 6, 0700 turn", then back in the mug (utah:4.6#24); in
    the mug in Step G of every later day turn (utah:4.6#25: a second play is set
    aside)."""
    game = utah_game(NAVAL, extra=(ADVANCE_FOR_TEST,))
    assert game.value("turn_label") == "1944-06-05 2100"
    game.perform("fill_mug")
    assert "naval:Allied" not in game.state.pools["mug"]
    game.perform("advance_naval_for_test")
    assert game.value("turn_is", "night")
    game.perform("fill_mug")
    assert "naval:Allied" not in game.state.pools["mug"]
    game.state.pools["mug"] = []
    game.perform("advance_naval_for_test")
    assert game.value("turn_label") == "1944-06-06 0700"
    game.perform("fill_mug")
    assert game.state.pools["carry"][0] == "naval:Allied"
    assert "naval:Allied" not in game.state.pools["mug"]
    game.perform("activation_phase")
    started = [str(e.data["chit"]) for e in game.events("activation_started")]
    assert started[0] == "naval:Allied"
    played = [e.data["first"] for e in game.events("naval_chit_played")]
    assert played[0] is True and all(p is False for p in played[1:])
    # put back in the mug after its first play: played again or left last
    assert len(played) == 2 or "naval:Allied" in game.state.pools["carry"]
    assert game.value("naval_first_play_done")
    game.state.pools["mug"], game.state.pools["carry"] = [], []
    game.perform("advance_naval_for_test")
    game.perform("fill_mug")
    assert "naval:Allied" in game.state.pools["mug"]


def test_4_6_the_nsop_is_a_procedure_of_named_steps():
    """utah:4.6#1: the steps below "when the Naval Chit comes into play", each a step a
    higher layer may replace, insert before or after, or remove by name; utah:4.6#2-4
    and utah:4.2.4#14-17 (4.2.4(e)): a Gaps number of 0 opens all the Gaps when the
    chit is played.  utah:4.0, utah:4.0.1, utah:4.0.2, utah:4.7: the Naval Invasion
    System is played as the NSoP whose steps run 4.7's procedures."""
    game = utah_game(NAVAL)
    steps = [s.name for s in game.program.decls["naval_sequence_of_play"].steps]
    assert steps == ["announce", "check_gaps", "ships_fire", "shore_fires", "landing",
                     "loading_to_landing_wave", "en_route_to_loading",
                     "move_assault_force_markers", "move_ships", "return_chit"]
    beach = overlay(game)
    game.perform("naval_sequence_of_play", naval_chit(game))
    assert game.attr(beach, "all_gaps_open") == 0
    game.perform("reduce_beach_defense", beach, "gaps", 4)
    game.perform("naval_sequence_of_play", naval_chit(game))
    assert game.attr(beach, "all_gaps_open") == 1
    assert [e.data["beach"] for e in game.events("all_gaps_opened")] == ["utah"]


# ---- off and onto the Beach --------------------------------------------------------

def test_4_2_4_gaps_hold_the_allies_on_the_beach_until_opened():
    """utah:4.2.4#4-6: with a Gaps number over 2 no Allied Unit moves (or assaults) from
    a Beach hex to a non-Beach hex; utah:4.2.4#14-17: once all the Gaps are open, a
    Unit in Column may, through a Gap hexside (the Gap Open markers of 4.2.4(b)-(d):
    test_utah_naval_gaps.py)."""
    game = beach_game([])
    game.state.map.hexsides[frozenset(("35.044", "35.045"))] = [{"feature": "gap",
                                                                  "low_side": None}]
    infantry = unit(game, INFANTRY, "35.044")
    assert game.value("terrain", "35.045") != "beach"
    assert game.value("hexside_prohibited", infantry, "35.044", "35.045")
    game.set_initial(infantry, "column", 1)
    assert game.value("hexside_prohibited", infantry, "35.044", "35.045")
    beach = overlay(game)
    game.perform("reduce_beach_defense", beach, "gaps", 4)
    game.perform("naval_sequence_of_play", naval_chit(game))
    assert not game.value("hexside_prohibited", infantry, "35.044", "35.045")
    game.set_initial(infantry, "column", 0)
    assert game.value("hexside_prohibited", infantry, "35.044", "35.045")


def test_4_3_3_no_allied_unit_enters_a_cleared_beach():
    """utah:4.3.3#1, utah:4.7.5#9: "No Allied Unit may enter a Beach hex on a Beach
    Overlay with a cleared Beach"; before, it may."""
    game = beach_game([])
    infantry = unit(game, INFANTRY, "35.045")
    assert not game.value("hexside_prohibited", infantry, "35.045", "35.044")
    game.set_initial(overlay(game), "beach_cleared", 1)
    assert game.value("hexside_prohibited", infantry, "35.045", "35.044")


def test_without_a_beach_overlay_the_beach_rules_stay_out():
    """utah:2.1.8 alone in a scenario without a Beach Overlay (the causeway
    demonstration): an Allied Unit crosses between Beach and other hexes freely."""
    game = utah_game("utah/causeway")
    game.state.map.terrain["35.044"] = "beach"
    infantry = unit(game, INFANTRY, "35.044")
    assert not game.value("hexside_prohibited", infantry, "35.044", "35.045")
    assert game.value("overlays_in_play") == []


def test_4_2_6_a_unit_the_nests_suppress_does_not_fire_at_the_beach_defenses():
    """utah:4.2.6#11: "If the Allied Unit survived any Resistance Nests attack and is
    unsuppressed, it may fire at the Beach Defenses": Suppressed by the nests (a 3 on
    the pink line, the Suppression not converted), it does not."""
    game = beach_game([3, 9], allied={"fire_at_beach_defenses": True,
                                      "convert_suppression": False})
    infantry = unit(game, INFANTRY, "35.044")
    game.perform("perform_action", [infantry], "fire", "direct")
    assert game.events("resistance_nest_fire")[0].data["result"] == "S"
    assert game.attr(infantry, "suppressed") == 1
    assert game.events("beach_defense_fire") == []
    assert game.value("resistance_nests", overlay(game)) == 3


# ---- 4.5.5 / 4.7.3(2): a DD Tank's landing ----------------------------------------

DD_TANK = "C/70 Tk"


def dd_game(rolls):
    game = utah_game(NAVAL, rolls=rolls, allied={"convert_suppression": False})
    game.state.catalog["effect"][overlay(game).id]["area"] = "planned"
    game.state.map.terrain["21.024"] = "beach"
    tank = unit(game, DD_TANK, "35.044", column=1)
    return game, tank


def test_4_7_3_2_a_dd_tank_lands_not_in_column_and_rolls_the_sea_state():
    """utah:4.2.5#1-5, utah:4.5.5#8-9, utah:4.5.5#11, utah:4.7.3(2)#1, utah:4.7.3(2)#3-4:
    placed on an eligible Beach hex, never in Column, the DD Tank takes the Sea State
    roll at once: the blue (AP) line against
    an Armored target with the Sea State number (2, PROVISIONAL) and no modifiers — a
    0 hits (the provisional CRT's E)."""
    game, tank = dd_game([0])
    beach = overlay(game)
    game.perform("dd_tank_landing", tank, beach, "21.024")
    rolled = game.events("sea_state_roll")[-1].data
    assert (rolled["rating"], rolled["roll"], rolled["hit"], rolled["result"]) == \
        (2, 0, True, "E")
    assert game.attr(tank, "eliminated")


def test_4_2_5_a_miss_lands_the_tank():
    """utah:4.2.5#3, utah:4.5.5#10: a roll over the Sea State number misses; the tank
    survives and is on the Beach hex, out of Column."""
    game, tank = dd_game([5])
    game.perform("dd_tank_landing", tank, overlay(game), "21.024")
    assert game.events("sea_state_roll")[-1].data["hit"] is False
    assert (game.attr(tank, "hex"), game.attr(tank, "column")) == ("21.024", 0)


def test_4_2_5_a_9_drifts_the_tank_back_to_its_landing_box():
    """utah:4.2.5#6-9: on a 9 the DD Tank drifts by the chart (Planned Uncle Red: 1
    Left); from 21.024, the leftmost landing hex, it leaves the landing hexes and goes
    back to its Sub-Beach Landing box for the next Naval Chit."""
    game, tank = dd_game([9])
    game.perform("dd_tank_landing", tank, overlay(game), "21.024")
    assert game.events("landing_drift")[-1].data["to_hex"] is None
    assert not game.attr(tank, "on_map") and game.attr(tank, "landing_wave") == 1


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_4_5_1_step_4_lands_the_waiting_dd_tanks(as_printed):
    """utah:4.6#9-10: step 4 of the NSoP, "Landing of Units", lands the DD Tanks waiting
    in the Landing Wave boxes on their Sub-Beach's eligible hexes (utah:4.5.2); as
    printed utah:4.5.1 lets the Allied player choose ("may land"), as corrected he
    "must land all" (utah:errata:4.5.1)."""
    game = utah_game(NAVAL, rolls=[5], as_printed=as_printed,
                     allied={"land_from_landing_wave": False, "landing_hex": "21.024"})
    beach = overlay(game)
    game.state.catalog["effect"][beach.id]["area"] = "planned"
    game.state.map.terrain["21.024"] = "beach"
    game.state.catalog["unit"][DD_TANK].setdefault("tags", []).append("dd_tank")
    tank = game.ref("unit", DD_TANK)
    game.set_initial(tank, "landing_wave", 2)                # Uncle Red
    steps = [s.name for s in game.program.decls["naval_sequence_of_play"].steps]
    assert steps == ["announce", "check_gaps", "ships_fire", "shore_fires", "landing",
                     "loading_to_landing_wave", "en_route_to_loading",
                     "move_assault_force_markers", "move_ships", "return_chit"]
    game.perform("naval_sequence_of_play", naval_chit(game))
    if as_printed:
        assert not game.attr(tank, "on_map") and game.attr(tank, "landing_wave") == 2
        assert game.events("sea_state_roll") == []
    else:
        landed = [d for d in game.events("decision") if d.data["key"] == "landing_hex"]
        assert landed[0].data["answer"] == "21.024"
        assert (game.attr(tank, "hex"), game.attr(tank, "landing_wave")) == ("21.024", 0)
        assert len(game.events("sea_state_roll")) == 1


# ---- 4.7.3(1): the Landing Craft Landing Procedure ---------------------------------

def craft_game(rolls, axis=None, allied=None, extra=(), as_printed=False):
    """The naval test scenario emptied, the Planned area's Uncle Red hex 21.024 a
    Beach hex, and 1/8's A and B companies in one Landing Craft in Uncle Red's
    Landing Wave box."""
    game = utah_game(NAVAL, rolls=list(rolls), as_printed=as_printed, extra=extra,
                     allied={"landing_craft_fires": False, **(allied or {})},
                     axis={"nests_at_landing_craft": False, "nests_at_landed_unit": False,
                           **(axis or {})})
    game.state.catalog["effect"][overlay(game).id]["area"] = "planned"
    game.state.map.terrain["21.024"] = "beach"     # the Sub-Beach's one hex on the map
    passengers = [game.ref("unit", "A/1/8"), game.ref("unit", "B/1/8")]
    for u in passengers:                      # one battalion, one craft, Uncle Red's box
        game.set_initial(u, "landing_wave", 2)
        game.set_initial(u, "landing_craft", 1)
    return game, passengers


def test_4_7_3_1_obstacles_hit_the_craft_and_its_passengers_land_with_the_damage():
    """utah:4.2.1#3-5: the Beach Obstacles attack every Landing Craft landed, on the
    white (DP) line against an armored target with their level (4, PROVISIONAL) and no
    modifiers; utah:4.1.7 (4.5.4(3)): each passenger lands with the craft's result (a
    roll of 1: C); utah:4.7.3(1)#1, utah:4.7.3(1)#3, utah:4.7.3(1)#14, utah:4.7.3(1)#16,
    utah:4.7.3(1)#23: the craft placed on its hex, the Obstacles rolled, the passengers
    landed with its damage, the craft marker then removed."""
    game, passengers = craft_game([1])
    game.perform("landing_craft_landing", passengers, overlay(game), "21.024")
    attacked = game.events("landing_craft_attacked")
    assert [(a.data["by"], a.data["rating"], a.data["roll"], a.data["result"])
            for a in attacked] == [("beach_obstacles", 4, 1, "C")]
    for u in passengers:
        assert (game.attr(u, "hex"), game.attr(u, "cohesion_hits")) == ("21.024", 1)
        assert (game.attr(u, "landing_craft"), game.attr(u, "landing_wave")) == (0, 0)


def test_4_7_3_1_a_step_lost_by_the_craft_is_lost_by_every_passenger():
    """utah:4.1.7 (4.1.7's example): "if a Landing Craft takes a Step Loss ... each and
    every passenger of that Landing Craft lands with a Step Loss"."""
    game, passengers = craft_game([0])
    game.perform("landing_craft_landing", passengers, overlay(game), "21.024")
    assert game.events("landing_craft_attacked")[0].data["result"] == "1"
    assert {str(e.data["unit"]) for e in game.events("unit_flipped")} == {"A/1/8", "B/1/8"}


def test_4_5_4_an_eliminated_craft_takes_its_passengers():
    """utah:4.5.4#12, utah:4.5.4#16 (4.5.4(3)): "If a Landing Craft is eliminated, all
    its passengers are eliminated"; two Steps: a second step loss eliminates it."""
    game, passengers = craft_game([])
    for u in passengers:
        game.place(u.id, "21.024")
    game.perform("landing_craft_result", passengers, "1")
    assert not any(game.attr(u, "eliminated") for u in passengers)
    game.perform("landing_craft_result", passengers, "1")
    assert all(game.attr(u, "eliminated") for u in passengers)
    assert len(game.events("landing_craft_lost")) == 1


def test_4_2_1_a_9_drifts_the_craft_back_to_its_landing_box():
    """utah:4.2.1#6-9: a 9 for the Beach Obstacles drifts the craft (Planned Uncle Red:
    1 Left); off the landing hexes it goes back to its Sub-Beach Landing box."""
    game, passengers = craft_game([9])
    game.perform("landing_craft_landing", passengers, overlay(game), "21.024")
    for u in passengers:
        assert not game.attr(u, "on_map")
        assert (game.attr(u, "landing_wave"), game.attr(u, "landing_craft")) == (2, 1)
    assert game.events("landing_craft_landed") == []


def test_4_2_2_1_nests_at_the_craft_or_else_at_one_landed_unit():
    """utah:4.2.2(1)#1-6: the German player may attack the craft with the Resistance
    Nests after the Obstacles (pink line, armored, only mass and the craft's Defense
    Rating, the passengers' mass not counted); utah:4.2.2(1)#7-11, utah:4.7.3(1)#6-7,
    utah:4.7.3(1)#19: if he did not, he may attack one of the Units just landed instead
    (utah:4.5.4#25: the just-landed Units' exposure to the Nests)."""
    game, passengers = craft_game([5, 0], axis={"nests_at_landing_craft": True})
    game.perform("landing_craft_landing", passengers, overlay(game), "21.024")
    nests = [a.data for a in game.events("landing_craft_attacked")
             if a.data["by"] == "resistance_nests"]
    rating = game.value("nests_at_craft_rating", overlay(game), passengers)
    assert {t["name"] for t in rating.terms} <= {"defense", "mass"}
    assert len(nests) == 1 and nests[0]["roll"] == 0
    assert game.events("resistance_nest_fire") == []

    game, passengers = craft_game([5, 0], axis={"nests_at_landed_unit": True,
                                               "nests_target": "B/1/8"})
    game.perform("landing_craft_landing", passengers, overlay(game), "21.024")
    assert [str(e.data["target"]) for e in game.events("resistance_nest_fire")] == ["B/1/8"]


def test_4_7_3_1_the_craft_fires_at_the_beach_defenses_before_it_goes():
    """utah:4.2.6#8 (4.5.4(5)), utah:4.7.3(1)#21-22: after landing its passengers the
    craft may fire at the Beach Defenses as a Landing Craft (PROVISIONAL table: a 0 reduces the Nests)."""
    game, passengers = craft_game([5, 0], allied={"landing_craft_fires": True})
    game.perform("landing_craft_landing", passengers, overlay(game), "21.024")
    fired = game.events("beach_defense_fire")[-1].data
    assert (fired["group"], fired["result"]) == ("landing_craft", "nests")
    assert game.value("resistance_nests", overlay(game)) == 2


def test_4_6_step_4_lands_each_landing_craft_with_its_passengers():
    """utah:4.5 (the Landing Subroutine), utah:4.6#9-10, utah:4.7.3#1-4 (4.7.3): step 4 lands every Landing Craft waiting in
    a Landing Wave box (as corrected, all of them: utah:errata:4.5.1) with the Units
    aboard it, by the Landing Craft Landing Procedure."""
    game, passengers = craft_game([5], allied={"landing_hex": "21.024"})
    lead, other = passengers
    game.set_initial(other, "aboard", lead)
    game.perform("naval_sequence_of_play", naval_chit(game))
    landed = game.events("landing_craft_landed")
    assert [sorted(str(u) for u in e.data["passengers"]) for e in landed] == [["A/1/8", "B/1/8"]]
    assert all(game.attr(u, "hex") == "21.024" for u in passengers)


# ---- 4.7.2: the Coastal Battery Defensive Fire (step 3) --------------------------------

def battery_game(rolls, fire_range=40, target="craft"):
    game, passengers = craft_game(rolls, axis={"coastal_battery_fires": True})
    battery = unit(game, "5./II./Gren 1057", "30.027")
    entry = game.state.catalog["unit"]["5./II./Gren 1057"]
    entry.setdefault("tags", []).append("coastal_battery")
    entry["faces"]["front"].update(fire_rating=4, weapon_class="EMPLACED", fire_range=fire_range)
    if target == "dd_tank":
        for u in passengers:
            game.set_initial(u, "landing_craft", 0)
            game.set_initial(u, "landing_wave", 0)
        game.state.catalog["unit"][DD_TANK].setdefault("tags", []).append("dd_tank")
        game.set_initial(game.ref("unit", DD_TANK), "landing_wave", 1)
    else:
        game.set_initial(passengers[1], "aboard", passengers[0])
    return game, battery, passengers


def test_4_7_2_a_coastal_battery_sinks_a_landing_craft_in_its_landing_wave_box():
    """utah:4.4.7#3, utah:4.4.7#11, utah:4.4.7#13, utah:4.4.7#17-18, utah:4.6#7-8,
    utah:4.7.2#5-6 (UtS's marker serves the Landing Wave boxes): in step 3
    a Coastal Battery fires at a Landing Craft in a Landing Wave box within range (the
    hexes to UtS's marker: 10), on the black line against an armored target; Effective
    Fire (an S) removes the craft and eliminates its passengers; no Barrage."""
    game, battery, passengers = battery_game([1])
    assert game.value("landing_wave_range", battery) == 10
    game.perform("naval_sequence_of_play", naval_chit(game))
    fired = game.events("coastal_battery_fire")[-1].data
    assert (fired["rating"], fired["roll"], fired["result"], fired["effective"]) == \
        (4, 1, "S", True)
    assert all(game.attr(u, "eliminated") for u in passengers)
    assert game.events("barrage_placed") == []


def test_4_7_2_a_miss_and_a_passed_s_question_do_nothing():
    """utah:4.4.7#16-17: only Effective Fire (a failed S?, S, C, 1 or E) counts: a DD
    Tank passing its S? check stays in its box; a miss does nothing."""
    game, battery, _ = battery_game([4, 0], target="dd_tank")
    game.perform("coastal_battery_defensive_fire")
    fired = game.events("coastal_battery_fire")[-1].data
    assert (fired["result"], fired["effective"]) == ("S?", False)
    tank = game.ref("unit", DD_TANK)
    assert not game.attr(tank, "eliminated") and game.attr(tank, "landing_wave") == 1
    game, battery, passengers = battery_game([5])
    game.perform("coastal_battery_defensive_fire")
    assert game.events("coastal_battery_fire")[-1].data["hit"] is False
    assert not any(game.attr(u, "eliminated") for u in passengers)


def test_4_7_2_all_targets_must_be_in_range():
    """utah:4.7.2#1-3 (4.7.2): "All targets must be in range": 10 hexes to the marker is
    beyond a range of 9, and the battery is not asked."""
    game, battery, _ = battery_game([], fire_range=9)
    assert game.value("coastal_battery_targets", battery) == []
    game.perform("coastal_battery_defensive_fire")
    assert game.events("coastal_battery_fire") == []


def test_4_7_3_2_a_landed_dd_tank_acts_after_the_nests_fire():
    """utah:4.7.3(2)#5-7, utah:4.5.5#14-15 (4.5.5(3)): a DD Tank that survived the Sea
    State roll unsuppressed may perform an Action — first the Resistance Nests fire at
    it (as printed, even before a Pass: utah:4.2.2(1)#13-14)."""
    game = utah_game(NAVAL, rolls=[5, 9], as_printed=True,
                     allied={"convert_suppression": False, "dd_tank_acts": True,
                             "action": "pass", "second_action": False})
    game.state.catalog["effect"][overlay(game).id]["area"] = "planned"
    game.state.map.terrain["21.024"] = "beach"
    tank = unit(game, DD_TANK, "35.044")
    game.perform("dd_tank_landing", tank, overlay(game), "21.024")
    kinds = [e.kind for e in game.events() if e.kind in ("sea_state_roll",
                                                         "resistance_nest_fire")]
    assert kinds == ["sea_state_roll", "resistance_nest_fire"]
    assert [d.data["answer"] for d in game.events("decision")
            if d.data["key"] == "action"] == ["pass"]


def test_4_5_4_a_just_landed_unit_acts_for_a_command_point():
    """utah:4.5.4#26-27 (4.5.4(7)): a Unit just landed, In Command, may perform a
    non-Movement Action for a Command Point; the Resistance Nests fire after the point is
    spent, before the Action."""
    game, passengers = craft_game([5, 9, 9], allied={"just_landed_action": True,
                                                     "action": "fire",
                                                     "fire_at_beach_defenses": True})
    lead, other = passengers
    game.place("CO 8th IR", "21.024", "leader")
    division = game.ref("division", "4th Infantry Division")
    game.set_initial(division, "cp", 1)
    game.perform("landing_craft_landing", passengers, overlay(game), "21.024")
    assert game.attr(division, "cp") == 0
    acted = [d.data for d in game.events("decision") if d.data["key"] == "just_landed_action"]
    assert len(acted) == 1                               # one Command Point, one Unit
    kinds = [e.kind for e in game.events() if e.kind in ("resistance_nest_fire",
                                                         "beach_defense_fire")]
    assert kinds == ["resistance_nest_fire", "beach_defense_fire"]


# ---- 4.2.3: German Opportunity Fire at a landing -------------------------------------

def test_4_2_3_a_opportunity_fire_at_the_landing_craft_before_its_passengers_land():
    """utah:4.2.3#1-6 (4.2.3(a)), utah:4.7.3(1)#10-11, utah:4.7.3(1)#15-16: after the
    Obstacles (and any Nests)
    a German Unit whose Fire Zone covers the Beach hex may fire at the craft (its Troop
    Quality Check first): an Armored target, no +2 Fire Zone modifier; the result is the
    craft's (utah:4.2.3#13-14: an S? failed, an S not converted) and its passengers land
    with it; no second attack at a landed Unit (4.2.3(b))."""
    game, passengers = craft_game([5, 0, 1, 9], axis={"opportunity_at_landing_craft": True})
    firer = unit(game, "5./II./Gren 1057", "22.024")
    game.perform("landing_craft_landing", passengers, overlay(game), "21.024")
    fired = [a.data for a in game.events("landing_craft_attacked")
             if a.data["by"] == "opportunity_fire"]
    assert [(f["rating"], f["roll"], f["result"]) for f in fired] == [(3, 1, "S?")]
    rating = game.value("craft_opportunity_rating", firer, passengers)
    assert "opportunity" not in {t["name"] for t in rating.terms}
    assert all(game.attr(u, "suppressed") == 1 for u in passengers)
    asked = [d.data["key"] for d in game.events("decision")]
    assert "opportunity_at_landed_unit" not in asked


def test_4_2_3_b_else_opportunity_fire_at_one_just_landed_unit():
    """utah:4.2.3#7-10 (4.2.3(b)), utah:4.7.3(1)#20: had the German player not fired at
    the craft, he may fire at one of its passengers once landed, with the +2 Fire Zone to
    Fire Zone and every other Opportunity Fire modifier (the mass of the Units in the hex,
    the craft gone); utah:4.2.3#11-12: normal Opportunity Fire otherwise; utah:4.5.4#25:
    the just-landed Unit the object of Opportunity Fire."""
    game, passengers = craft_game([5, 0, 9],
                                  axis={"opportunity_at_landing_craft": False,
                                        "opportunity_at_landed_unit": True,
                                        "opportunity_firer": "5./II./Gren 1057",
                                        "opportunity_target": "B/1/8"})
    firer = unit(game, "5./II./Gren 1057", "22.024")
    game.perform("landing_craft_landing", passengers, overlay(game), "21.024")
    fired = game.events("fire_resolved")[-1].data
    assert (str(fired["firer"]), str(fired["target"]), fired["roll"]) == \
        ("5./II./Gren 1057", "B/1/8", 9)
    rating = game.value("final_fire_rating", firer, passengers[1], "opportunity", 0, 2)
    assert fired["rating"] == int(rating)
    terms = {t["name"]: t["amount"] for t in
             game.value("modified_fire_rating", firer, passengers[1], "opportunity", 0, 2).terms}
    assert terms["opportunity"] == 2


def test_a_misspelt_overlay_area_is_a_located_error(tmp_path):
    """utah:4.5.2: the overlay's area is the actual or the planned one; another word
    would silently read as the actual, so ks check names it, with a did-you-mean."""
    from pathlib import Path
    from typer.testing import CliRunner
    from kriegsspiel.tools.cli import app
    text = (Path(__file__).parent / "scenarios" / "naval_test.yaml").read_text(encoding="utf-8")
    assert "area: actual" in text
    bad = tmp_path / "naval_test.yaml"
    bad.write_text(text.replace("area: actual", "area: planed"), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(bad)])
    assert result.exit_code == 1
    assert "beach_overlay area 'planed' is not one of actual, planned" in result.output
    assert "did you mean 'planned'?" in result.output
