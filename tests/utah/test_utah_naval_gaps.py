"""The Utah Beach Overlay as a map (utah:4.1.3 = 4.1.4's text, 4.5.2), its Gap hexsides
and Gap Open markers (4.2.4), the Uncleared Beach (4.3.1), a cleared Beach and the
overlay's removal (4.3.3, 4.7.5), on the demonstration landing's provisional map
(games/utah/maps/utah_beach.yaml, scenarios/utah/landing.yaml)."""

from __future__ import annotations

from utah_games import utah_game

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.rulebook import ExtraRules
from kriegsspiel.engine.starting import start

LANDING = "utah/landing"
INFANTRY, ENGINEER, TANK = "A/1/8", "A/4 Engr", "C/70 Tk"

ADVANCE = ExtraRules("advance_for_gaps_test.ksr", """
procedure advance_for_gaps_test() @utah:4.1 {
  step go @utah:4.1 { do advance_turn() }
}
procedure move_for_gaps_test(unit: unit, hex_id) @utah:4.3.2 {
  step go @utah:4.3.2 { do move_unit(unit, hex_id) }
}
""")


def landing_game(rolls=(), allied=None, axis=None):
    """The landing scenario with its map emptied, *rolls* scripting the dice."""
    return utah_game(LANDING, rolls=list(rolls), allied=allied, axis=axis, extra=[ADVANCE])


def overlay(game):
    return game.value("beach_overlays")[0]


def put(game, unit_id, hex_id, column=0):
    game.place(unit_id, hex_id)
    ref = game.ref("unit", unit_id)
    if column:
        game.set_initial(ref, "column", 1)
    return ref


def gap(game, name):
    return game.ref("gap", name)


def barred(game, unit, a, b):
    return bool(game.value("hexside_prohibited", unit, a, b))


# ---- the map: 4.5.2, 4.1.3 (4.1.4's text) --------------------------------------------

def test_4_5_2_the_eligible_beach_hexes_are_beach_hexes_of_the_overlay():
    """utah:4.5.2#1-6: the Beach hexes each Landing Wave box lands on — Planned Tare Green
    22.023, 23.022, Uncle Red 21.023, 21.024; Actual Tare Green 18.026, 19.025, Uncle Red
    17.026, 17.027 — are Beach hexes (utah:4.1.3: "a hex terrain type just like Clear"),
    on the overlay, and each the Sub-Beach its list names."""
    game = landing_game()
    beach = overlay(game)
    lists = {("actual", "tare_green"): ["18.026", "19.025"],
             ("actual", "uncle_red"): ["17.026", "17.027"],
             ("planned", "tare_green"): ["22.023", "23.022"],
             ("planned", "uncle_red"): ["21.023", "21.024"]}
    for (area, sub), hexes in lists.items():
        game.state.catalog["effect"][beach.id]["area"] = area
        assert sorted(game.value("eligible_hexes", beach, sub)) == hexes
        for h in hexes:
            assert game.value("terrain", h) == "beach"
            assert game.value("in_overlay_extent", beach, h)
            assert game.value("beach_hex_sub_beach", beach, h) == sub
    # 4.4.3's and 4.4.7's Impassable hexes: 17.029, 18.027 and the UtS marker's 20.025
    assert {game.value("terrain", h) for h in ("17.029", "18.027", "20.025")} == {"impassable"}


def test_4_1_4_the_overlay_is_a_small_map_over_the_game_map():
    """utah:4.1.3#1-4 (4.1.4's text, filed under 4.1.3): one Beach Overlay, Utah's, a
    small map on top of the game map — its hexes the map's own, a few hexes behind the
    beach — regulating the landings on its Beach hexes; utah:4.1.3#7: it depicts the
    Sub-Beaches, which restrict where Units land (only their eligible hexes) and move
    (the Gap hexsides of their own Sub-Beach); utah:4.1.3#8: its tracks hold the Beach
    Defenses and the Sea State, and its boxes the assaulting Units."""
    game = landing_game()
    assert [o.id for o in game.value("beach_overlays")] == [overlay(game).id]
    beach = overlay(game)
    assert game.value("in_overlay_extent", beach, "19.024")        # behind the beach
    assert not game.value("in_overlay_extent", beach, "19.018")    # Audouville, inland
    assert game.value("beach_hex_sub_beach", beach, "21.024") is None  # Planned, not Actual
    assert sorted(g.id for g in game.value("closed_gaps_of", beach, "tare_green")) == \
        ["18.026/18.025", "19.025/19.024"]
    assert (game.value("beach_obstacles", beach), game.value("resistance_nests", beach),
            game.value("gaps_number", beach), game.value("sea_state", beach)) == (4, 3, 4, 2)


def test_2_1_8_beach_hexes_only_on_the_overlay():
    """utah:2.1.8#3: "Beach hexes are present only on the Beach Overlays and the area
    they cover" — every Beach hex of the sheet is on the overlay; utah:2.1.8#4: "All
    other Beach hexes on the map are Impassable terrain" — a Beach hex drawn off the
    overlay (25.021 made one) is entered by no one; utah:2.1.8#5: once the overlay is
    removed no Beach hex is passable."""
    game = landing_game()
    beach = overlay(game)
    beaches = [h for h, t in game.state.map.terrain.items() if t == "beach"]
    assert len(beaches) == 8 and all(game.value("in_overlay_extent", beach, h) for h in beaches)
    infantry = put(game, INFANTRY, "25.020")                          # off the overlay
    assert not barred(game, infantry, "25.020", "25.021")
    game.state.map.terrain["25.021"] = "beach"
    assert barred(game, infantry, "25.020", "25.021")
    game.place(INFANTRY, "22.022")
    assert not barred(game, infantry, "22.022", "22.023")            # onto the Beach
    game.set_initial(beach, "overlay_removed", 1)
    assert barred(game, infantry, "22.022", "22.023")


# ---- 4.2.4: the Gap hexsides and the Gap Open markers --------------------------------

def fire_at_gaps(game, firer, roll_group="engineer"):
    game.perform("beach_defense_fire_roll_result", firer, roll_group, overlay(game), 0,
                 game.attr(firer, "hex"))


def test_4_2_4_b_c_gap_open_markers_at_2_then_1_then_none_left_on_the_sub_beach():
    """utah:4.2.4#8: reduced to 2, the German player places a Gap Open marker on a Gap
    hexside of his choice on the firing Unit's Sub-Beach; utah:4.2.4#10: reduced to 1
    (and to 0) the Allied player places one; utah:4.2.4#11: with every Gap hexside of
    that Sub-Beach open, none is placed.  An Engineer on 18.026 (Actual Tare Green)
    rolls 0 twice: "Reduce Obstacles or Gaps by 2" (PROVISIONAL table), both Gaps."""
    game = landing_game([0, 0], allied={"obstacles_or_gaps": "gaps",
                                        "gap_open_marker": "19.025/19.024"},
                        axis={"gap_open_marker": "18.026/18.025"})
    beach = overlay(game)
    game.set_initial(beach, "gaps_reduced", 1)                       # Gaps 3
    engineer = put(game, ENGINEER, "18.026")
    fire_at_gaps(game, engineer)
    placed = [(str(e.data["gap"]), str(e.data["side"]), e.data["sub_beach"])
              for e in game.events("gap_open_marker_placed")]
    assert placed == [("18.026/18.025", "Axis", "tare_green"),
                      ("19.025/19.024", "Allied", "tare_green")]
    assert game.value("gaps_number", beach) == 1
    fire_at_gaps(game, engineer)                                     # 1 -> 0
    assert game.value("gaps_number", beach) == 0
    assert len(game.events("gap_open_marker_placed")) == 2
    assert game.events("no_gap_open_marker")[-1].data["reason"] == \
        "every Gap of the Sub-Beach is open"
    # Uncle Red's Gaps stay shut: the markers go on the firing Unit's Sub-Beach only
    assert game.attr(gap(game, "17.026/17.025"), "gap_open") == 0


def test_4_2_4_c_the_allied_player_chooses_on_his_unit_s_sub_beach():
    """utah:4.2.4#10: at 1 the Allied player places the marker on a Gap hexside "on the
    same Sub-Beach as the Unit that caused the Gaps number reduction" — a Unit on
    17.027 (Actual Uncle Red) is offered Uncle Red's two Gaps only."""
    offered = []

    def pick(decision):
        offered.append(sorted(o.id for o in decision.options))
        return decision.options[-1]
    game = landing_game([1], allied={"obstacles_or_gaps": "gaps", "gap_open_marker": pick})
    beach = overlay(game)
    game.set_initial(beach, "gaps_reduced", 2)                       # Gaps 2
    fire_at_gaps(game, put(game, ENGINEER, "17.027"))                # roll 1: one point
    assert offered == [["17.026/17.025", "17.027/16.027"]]
    assert str(game.events("gap_open_marker_placed")[0].data["side"]) == "Allied"


def test_4_2_4_a_d_only_a_column_through_an_open_gap_leaves_the_beach():
    """utah:4.2.4#5-6: with the Gaps over 2 no Allied Unit leaves a Beach hex for a
    non-Beach hex and the Gap hexsides are closed to all; utah:4.2.4#13: a Gap Open
    marker lets Allied Units in Column move and assault through that hexside — not out
    of Column, not through another hexside; utah:4.2.4#17: once all the Gaps are open,
    through every Gap hexside."""
    game = landing_game()
    beach = overlay(game)
    column = put(game, INFANTRY, "18.026", column=1)
    assert barred(game, column, "18.026", "18.025")                  # Gaps 4
    game.set_initial(beach, "gaps_reduced", 2)                        # Gaps 2, no marker
    assert barred(game, column, "18.026", "18.025")
    game.set_initial(gap(game, "18.026/18.025"), "gap_open", 1)
    assert not barred(game, column, "18.026", "18.025")               # the open Gap
    assert barred(game, column, "18.026", "17.025")                   # not a Gap hexside
    game.set_initial(column, "column", 0)
    assert barred(game, column, "18.026", "18.025")                   # not in Column
    game.set_initial(column, "column", 1)
    assert barred(game, column, "19.025", "19.024")                   # a shut Gap
    # the assault's hexes are the hexes a Unit could enter (gts:18.4)
    put(game, "Wn 5", "18.025")
    assert "18.025" in [str(h) for h in game.value("assault_hexes", [column])]
    game.set_initial(beach, "all_gaps_open", 1)
    assert not barred(game, column, "19.025", "19.024")


def test_4_2_4_e_all_gaps_open_takes_the_markers_off():
    """utah:4.2.4#15-16 (4.6 step 1): the first Naval Chit after the Gaps reach 0 opens
    them all, "remove the Gap Open markers as well"."""
    game = landing_game()
    beach = overlay(game)
    game.set_initial(gap(game, "18.026/18.025"), "gap_open", 1)
    game.set_initial(beach, "gaps_reduced", 4)
    game.perform("open_all_gaps", beach)
    assert game.attr(beach, "all_gaps_open") == 1
    assert game.attr(gap(game, "18.026/18.025"), "gap_open") == 0
    assert len(game.events("gap_open_markers_removed")) == 1


# ---- 4.3.1: the Uncleared Beach --------------------------------------------------------

def test_4_3_1_no_4th_id_unit_leaves_the_overlay_before_the_beach_is_cleared():
    """utah:4.3.1#1-2: "Before a beach is cleared ... No Allied Units of the 4th Infantry
    Division may leave the Beach Overlay until the Beach has been cleared"; within the
    overlay it moves; once the Beach is cleared it may leave."""
    game = landing_game()
    beach = overlay(game)
    infantry = put(game, INFANTRY, "18.021")
    assert game.value("in_overlay_extent", beach, "18.020")
    assert not game.value("in_overlay_extent", beach, "18.019")
    assert not barred(game, infantry, "18.021", "18.020")
    game.place(INFANTRY, "18.020")
    assert barred(game, infantry, "18.020", "18.019")
    game.set_initial(beach, "beach_cleared", 1)
    assert not barred(game, infantry, "18.020", "18.019")


def test_4_3_1_allied_reinforcements_come_by_the_naval_chit():
    """utah:4.3.1#3: "All Allied reinforcements enter play only on the draw of the Naval
    Chit and according to the Naval Chit procedure": C/70 Tk and A/4 Engr, due at 0900,
    go En Route from England, not to the Reinforcement box; the NSoP's step 6 takes them
    to a Loading box.  With the Beach cleared they wait in the box (gts:8.0)."""
    game = landing_game(allied={"loading_box": "tare_green"})
    game.perform("advance_for_gaps_test")                            # the 0900 turn
    game.perform("reinforcements_to_boxes")
    for unit_id in (TANK, ENGINEER):
        ref = game.ref("unit", unit_id)
        assert (game.attr(ref, "in_box"), game.attr(ref, "en_route")) == (0, 1)
    game.perform("en_route_to_loading")
    assert game.attr(game.ref("unit", TANK), "loading_box") == 1
    game = landing_game()
    game.set_initial(overlay(game), "beach_cleared", 1)
    game.perform("advance_for_gaps_test")
    game.perform("reinforcements_to_boxes")
    assert game.attr(game.ref("unit", TANK), "in_box") == 1
    assert game.events("reinforcement_by_sea") == []


# ---- 4.7.5, 4.3.3: clearing the Beach and the overlay's removal -------------------------

def cleared_game():
    game = landing_game()
    beach = overlay(game)
    for track in ("obstacles_reduced", "nests_reduced", "gaps_reduced"):
        game.set_initial(beach, track, 9)
    return game, beach


def test_4_7_5_c_the_boxes_go_to_the_division_display_when_the_beach_is_cleared():
    """utah:4.7.5#10 (and utah:4.3.3#7): the moment the Beach is cleared, the Units En
    Route, in the Loading and in the Landing Wave boxes go to the Reinforcement box;
    from there the series' rules bring them on at their reinforcement hex (utah:4.3.3#6,
    utah:4.1.3#6 "placed on a reinforcement hex near the shore":
    C/70 Tk at the scenario's 19.024, E/2/8 at the overlay's, 19.024 too)."""
    game, beach = cleared_game()
    tank, rifle, engineer = (game.ref("unit", u) for u in (TANK, "E/2/8", ENGINEER))
    game.set_initial(tank, "en_route", 1)
    game.set_initial(engineer, "loading_box", 2)
    game.set_initial(rifle, "landing_wave", 1)
    game.set_initial(rifle, "landing_craft", 1)
    game.perform("check_beach_cleared", beach)
    assert game.attr(beach, "beach_cleared") == 1
    for ref in (tank, rifle, engineer):
        assert [game.attr(ref, m) for m in ("in_box", "en_route", "loading_box",
                                            "landing_wave", "landing_craft")] == [1, 0, 0, 0, 0]
    assert sorted(str(u) for u in game.events("sent_to_reinforcement_boxes")[0].data["units"]) \
        == ["A/4 Engr", "C/70 Tk", "E/2/8"]
    game.perform("reinforcement_arrives", rifle)
    assert game.attr(rifle, "hex") == "19.024"


def test_4_7_5_the_overlay_comes_off_at_the_start_of_the_next_turn():
    """utah:4.7.5#11: at the beginning of the turn, for an overlay showing Beach
    Cleared!: utah:4.7.5#12 its markers removed (a Gap Open marker), utah:4.7.5#13-15
    and utah:4.3.3#3 its pieces recorded and set on the map where they stood (the
    overlay's hexes are the map's); utah:4.3.3#4, utah:4.1.3#5: normal rules there — no
    Gap holds a Unit, the 4th ID leaves the overlay's hexes, the Beach hexes are out of
    play."""
    game, beach = cleared_game()
    game.set_initial(gap(game, "17.026/17.025"), "gap_open", 1)
    infantry = put(game, INFANTRY, "18.020")
    grenadier = put(game, "1./I./Gren 919", "21.019")
    game.perform("check_beach_cleared", beach)
    assert game.attr(beach, "beach_cleared") == 1
    assert game.value("overlay_in_play", beach)                      # until the turn ends
    game.perform("advance_for_gaps_test")
    assert not game.value("overlay_in_play", beach)
    assert game.attr(gap(game, "17.026/17.025"), "gap_open") == 0
    assert len(game.events("overlay_markers_removed")) == 1
    moved = {str(e.data["unit"]): e.data["hex"] for e in game.events("transferred_to_map")}
    assert moved == {"A/1/8": "18.020"}                         # 21.019 is off it
    assert (game.attr(infantry, "hex"), game.attr(grenadier, "hex")) == ("18.020", "21.019")
    assert not barred(game, infantry, "18.020", "18.019")
    assert barred(game, infantry, "18.025", "18.026")                # Beach: out of play


def test_4_3_3_the_landing_and_loading_steps_are_ignored_for_a_cleared_beach():
    """utah:4.3 (a cleared Beach), utah:4.3.3#8: "The landing and loading sequences (4.7.4) are ignored for this
    Beach": once it is cleared the NSoP's steps 4-6 pass it by (a Unit put En Route
    after it stays there)."""
    game, beach = cleared_game()
    game.perform("check_beach_cleared", beach)
    tank = game.ref("unit", TANK)
    game.set_initial(tank, "en_route", 1)
    chit = next(game.ref("chit", c) for c in game.state.catalog["chit"]
                if game.state.catalog["chit"][c].get("kind") == "naval")
    game.perform("naval_sequence_of_play", chit)
    steps = [e.data["step"] for e in game.events("naval_step")]
    assert "landing" not in steps and "en_route_to_loading" not in steps
    assert game.attr(tank, "en_route") == 1


# ---- the demonstration's start: the Naval Display and the boxes (4.1.5's text) ----------

def test_4_1_5_the_landing_starts_with_ships_offshore_and_troops_at_sea():
    """utah:4.1.3#10 (4.1.5's text, filed under 4.1.3): the Naval Display organizes the
    ships offshore, and the troops aboard the Landing Craft wait in the Landing Wave
    boxes of the Beach Overlay — the landing's first waves, one craft a battalion
    (utah:4.5.4's loading), a DD Tank on its own; utah:4.1.3#12 (4.1.6's text): ships
    are Units on the Naval Display, not on the map.  The scenario's set-up
    (naval_boxes_setup.ksr) also puts the 8th Infantry's Leader at sea, riding with one
    of his Units."""
    game = start(LANDING, Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                 dice=Dice(0))
    game.perform("naval_boxes_at_start")
    ship = game.ref("unit", "USS Nevada")
    assert game.value("on_naval_display", ship) and not game.attr(ship, "on_map")
    first = [game.ref("unit", u) for u in ("A/1/8", "B/1/8", "C/1/8")]
    assert [(game.attr(u, "landing_wave"), game.attr(u, "on_map")) for u in first] == \
        [(1, False)] * 3
    assert [game.attr(u, "landing_craft") for u in first] == [1, 1, 1]
    assert [str(game.attr(u, "aboard")) for u in first[1:]] == ["A/1/8", "A/1/8"]
    tank = game.ref("unit", "B/70 Tk (DD)")
    assert (game.attr(tank, "landing_wave"), game.attr(tank, "landing_craft")) == (2, 0)
    leader = game.ref("leader", "CO 8th IR")
    assert game.attr(leader, "leader_at_sea") == 1 and not game.attr(leader, "on_map")
    assert game.attr(leader, "rides_with") is not None


def test_4_2_2_a_unit_the_nests_eliminate_has_no_action_left():
    """utah:4.2.2(1)#16 (4.2.2(2)): the nests attack "after the Unit is activated but
    before it performs its action" — the Beach Demo Team (one step) eliminated by them
    (a 0 on the pink line) performs no Fire Action at the Beach Defenses."""
    game = landing_game([0], allied={"fire_at_beach_defenses": True})
    team = put(game, "NCDU 2", "18.026")
    put(game, "Wn 5", "18.025")                       # a target it could have fired at
    game.perform("perform_action", [team], "fire", "direct")
    assert game.events("resistance_nest_fire")[0].data["hit"] is True
    assert game.attr(team, "eliminated")
    assert game.events("beach_defense_fire") == []


def test_4_3_2_the_last_allied_unit_off_the_beach_clears_it():
    """utah:4.3.2#1: "A Beach is cleared the instant the following all apply" — with the
    Beach Defenses all gone while an Allied Unit still stands on a Beach hex, the Beach
    is cleared the moment that Unit steps off it (no Beach Defense roll needed)."""
    game, beach = cleared_game()
    rifle = put(game, "E/2/8", "18.026")
    game.perform("check_beach_cleared", beach)
    assert game.attr(beach, "beach_cleared") == 0                     # a Unit on the Beach
    game.perform("move_for_gaps_test", rifle, "18.025")
    assert game.attr(beach, "beach_cleared") == 1
    assert [e.data["beach"] for e in game.events("beach_now_cleared")] == ["utah"]


def test_a_misspelt_box_or_sub_beach_at_sea_is_a_located_error(tmp_path):
    """utah:4.5.6: a scenario's Units at sea name their box and Sub-Beach; a misspelt one
    would silently go to Tare Green or nowhere, so ks check names it, with a
    did-you-mean."""
    from pathlib import Path
    from typer.testing import CliRunner
    from kriegsspiel.tools.cli import app
    text = (Path(__file__).parents[2] / "scenarios" / "utah" / "landing.yaml").read_text(
        encoding="utf-8")
    assert "box: landing_wave, sub_beach: tare_green" in text
    bad = tmp_path / "landing.yaml"
    bad.write_text(text.replace("box: landing_wave, sub_beach: tare_green",
                                "box: landng_wave, sub_beach: tare_gren"), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(bad)])
    assert result.exit_code == 1
    assert "naval_boxes box 'landng_wave' is not one of landing_wave, loading, en_route" \
        in result.output
    assert "naval_boxes sub_beach 'tare_gren' is not one of tare_green, uncle_red" \
        in result.output
    assert "did you mean 'tare_green'?" in result.output


def test_4_2_4_the_marker_goes_on_the_sub_beach_the_fire_came_from():
    """utah:4.2.4#8: the Gap Open marker goes "on the same Sub-Beach as the Unit that
    caused the Gaps number reduction" — read from the hex the fire came from, so a
    Landing Craft's fire from its Beach hex (no firing Unit: the craft is a marker)
    places one there, and fire from offshore (an LCS) none."""
    game = landing_game([0], allied={"obstacles_or_gaps": "gaps"},
                        axis={"gap_open_marker": "18.026/18.025"})
    beach = overlay(game)
    game.set_initial(beach, "gaps_reduced", 1)                       # Gaps 3
    game.perform("beach_defense_fire_roll_result", None, "engineer", beach, 0, "18.026")
    placed = [(str(e.data["gap"]), e.data["sub_beach"])
              for e in game.events("gap_open_marker_placed")]
    assert placed[0] == ("18.026/18.025", "tare_green")              # roll 0: two points
    assert {sub for _, sub in placed} == {"tare_green"}
    offshore = landing_game([0], allied={"obstacles_or_gaps": "gaps"})
    offshore.set_initial(overlay(offshore), "gaps_reduced", 1)
    offshore.perform("beach_defense_fire_roll_result", None, "engineer", overlay(offshore),
                     0, None)
    assert offshore.events("gap_open_marker_placed") == []
    assert offshore.events("no_gap_open_marker")[0].data["reason"] == "no Sub-Beach"


def test_4_2_4_a_the_gap_hexsides_are_closed_both_ways_while_the_gaps_are_over_2():
    """utah:4.2.4#6: "The Gap hexsides on the Beach Overlay are closed for all Units" —
    onto the Beach as well as off it: a Unit behind the Beach (18.025) may not cross
    the Gap hexside to 18.026 while the Gaps number is over 2, and may at 2."""
    game = landing_game()
    beach = overlay(game)
    rifle = put(game, INFANTRY, "18.025", column=1)
    assert barred(game, rifle, "18.025", "18.026")                   # Gaps 4
    game.set_initial(beach, "gaps_reduced", 2)                        # Gaps 2
    assert not barred(game, rifle, "18.025", "18.026")
