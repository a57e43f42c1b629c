"""The Rethymnon scenarios: Scenario 1 "SNAFU" (crete:scenario:1) and Scenario 2
"With Expected German Precision" (crete:scenario:2) — set-up, the start at step
H, the victory conditions with their draw, and seeded random-bot playouts."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer, RandomPlayer, Table
from kriegsspiel.engine.starting import start

FJR = "7. Flieger Division"


def scenario(name, axis=None, allied=None, seed=1):
    return start(f"crete/{name}", Table({"Axis": KeyedPlayer(axis),
                                         "Allied": KeyedPlayer(allied)}), seed=seed)


def where(session, name):
    return session.attr(session.ref("unit", name), "hex")


def distance(session, a, b):
    return session.value("distance", a, b)


# ---- Scenario 1 set-up -----------------------------------------------------------

SNAFU_FIXED = {
    "A 2/1 Inf •": "29.11", "B 2/1 Inf •": "29.14", "C 2/1 Inf •": "28.12",
    "D 2/1 Inf •": "29.13", "HQ 2/1 Inf •": "27.13", "S(Mtr) 2/1 Inf •": "27.14",
    "A 2/11 Inf •": "25.14", "B 2/11 Inf •": "22.15", "C 2/11 Inf •": "22.14",
    "D 2/11 Inf •": "23.14", "S(Mtr) 2/11 Inf •": "24.14", "Det A 7 RTR": "28.14",
    "2/1 MG": "29.12", "B 2/3 RAA": "31.12", "Sec 106 RHA": "25.14",
}
SNAFU_RANDOM = [
    (["1 1/4 Inf", "2 1/4 Inf", "3 1/4 Inf"], {"25.15", "25.16", "26.15"}),
    (["4 2/4 Inf", "5 2/4 Inf", "6 2/4 Inf"], {"26.13", "26.14", "27.15"}),
    (["1 1/5 Inf", "2 1/5 Inf", "3 1/5 Inf"], {"26.16", "27.16", "28.16"}),
    (["4 2/5 Inf", "5 2/5 Inf", "6 2/5 Inf"], {"26.17", "27.17", "28.17"}),
    (["Rethymnon", "Platanias", "Gallos", "Perivolia"], {"08.14", "09.14", "09.15", "10.14"}),
]


def test_snafu_places_every_allied_unit_where_the_book_says():
    """crete:scenario:1 Allied Setup: fixed hexes; the Greeks "place randomly, one
    unit per hex, in" their three (four) hexes; "Axis Set-up: None"."""
    session = scenario("snafu")
    for name, hex_id in SNAFU_FIXED.items():
        assert where(session, name) == hex_id, name
    for units, hexes in SNAFU_RANDOM:
        assert {where(session, u) for u in units} == hexes
    german = [u for u, e in session.state.catalog["unit"].items() if e["side"] == "Axis"]
    assert not any(where(session, u) for u in german)


def test_the_random_placement_is_seeded_and_recorded():
    """A random set-up is drawn with the game's dice: the same seed gives the same
    hexes, as unit_placed events in the log; other seeds shuffle them."""
    def greeks(seed):
        session = scenario("snafu", seed=seed)
        placed = {e.data["unit"]: e.data["destination"] for e in session.events("unit_placed")}
        return tuple(placed[u] for units, _ in SNAFU_RANDOM for u in units)
    assert greeks(1) == greeks(1)
    assert len({greeks(seed) for seed in range(1, 6)}) > 1


def test_improved_positions_are_the_owners_choice():
    """crete:scenario:1: "Units may be set up in IP" (2/1 Inf, 2/11 Inf, 2/1 MG),
    asked of the Allied player at the start of play; Det A 7 RTR is not asked."""
    session = scenario("snafu", allied={"set_up_in_ip": True})
    session.perform("deploy_units")
    asked = [e.data["subject"] for e in session.events("decision")
             if e.data["key"] == "set_up_in_ip"]
    assert sorted(asked) == sorted(n for n in SNAFU_FIXED if "Inf" in n or n == "2/1 MG")
    assert session.attr(session.ref("unit", "A 2/1 Inf •"), "improved_position") == 1
    assert session.attr(session.ref("unit", "Det A 7 RTR"), "improved_position") == 0


def test_snafu_starts_at_step_h_with_the_fjr_2_chit():
    """crete:scenario:1: "Start with step H Perform Activation Phase" — no Dispatch
    Phase, no artillery contact; "The Fallschirmjäger Regiment 2 chit is the first
    in play" and the named chits are in the cup (later turns fill it by the
    rules, gts:9.0); the German drops come with it.
    Sentences: crete:O4.0#29.
    """
    session = scenario("snafu")
    named = {"direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
             "division:CREFOR", "formation:I./FJR 2", "formation:III./FJR 2"}
    assert {c.id for c in session.state.pool("mug")} == named
    session.perform("play_turn")
    log = session.state.log
    first_activation = next(i for i, e in enumerate(log) if e.kind == "activation_started")
    assert log[first_activation].data == {"chit": "division:7. Flieger Division"}
    # step G adds nothing on the first turn: the cup holds what the book names
    assert [e for e in log[:first_activation]
            if e.kind == "pool_added" and e.data["pool"] == "mug"] == [
        e for e in log if e.kind == "pool_added" and e.data["pool"] == "mug"][:len(named)]
    played = {e.data["chit"] for e in log if e.kind == "activation_started"}
    assert played <= named | {"division:7. Flieger Division"}
    assert not [e for e in log[:first_activation] if e.kind == "decision"
                and e.data["key"] not in ("set_up_in_ip", "setup_hex", "setup_leader_with",
                                          "set_up_mounted", "set_up_in_column")]
    assert len(session.events("unit_dropped")) + len(
        [e for e in session.events("unit_eliminated")
         if e.data["unit"] not in {d.data["unit"] for d in session.events("unit_dropped")}]) == 14
    assert session.state.turn == 1
    # "Air Strikes received by Scenario Special Rules in conjunction with para
    # drops ... should be resolved before placing para drop reinforcements."
    kinds = [e.kind for e in log]
    assert kinds.index("airstrikes_placed") < kinds.index("unit_dropped")
    # the next turn's step G is the series': the regiment's chit goes in now
    # that its Units are on the map (gts:9.0)
    before = len(session.state.log)
    carried = {c.id for c in session.state.pool("carry")}  # turn 1's last chit (10.0.6)
    session.perform("play_turn")
    added = {e.data["entity"].removeprefix("chit:") for e in session.state.log[before:]
             if e.kind == "pool_added" and e.data["pool"] == "mug"}
    carried |= {c.id for c in session.state.pool("carry")}
    assert "division:7. Flieger Division" in added | carried
    assert {"direct:Axis", "direct:Allied", "division:CREFOR"} <= added | carried


# ---- Scenario 2 set-up ------------------------------------------------------------

PRECISION_AREAS = [
    (["A 2/1 Inf •", "B 2/1 Inf •", "C 2/1 Inf •", "D 2/1 Inf •", "HQ 2/1 Inf •",
      "S(Mtr) 2/1 Inf •"], ["29.14"], 2, True),
    (["A 2/11 Inf •", "B 2/11 Inf •", "C 2/11 Inf •", "D 2/11 Inf •", "S(Mtr) 2/11 Inf •"],
     ["24.14"], 2, True),
    (["2/1 MG"], ["24.14", "29.14"], 2, False),
    (["B 2/3 RAA"], ["29.14"], 1, False),
    (["Sec 106 RHA"], ["24.14"], 1, False),
    (["1 1/4 Inf", "2 1/4 Inf", "3 1/4 Inf", "4 2/4 Inf", "5 2/4 Inf", "6 2/4 Inf"],
     ["26.14"], 1, True),
    (["1 1/5 Inf", "2 1/5 Inf", "3 1/5 Inf", "4 2/5 Inf", "5 2/5 Inf", "6 2/5 Inf"],
     ["26.17"], 1, True),
    (["Rethymnon", "Platanias", "Gallos", "Perivolia"], ["09.15"], 1, True),
]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_precision_places_within_the_allowed_areas(seed):
    """crete:scenario:2: "place within two hexes of 29.14, one unit per hex" and
    the like — the owner picks among the legal hexes (random bots here)."""
    session = start("crete/precision", Table({"Axis": RandomPlayer(seed),
                                              "Allied": RandomPlayer(seed + 7)}), seed=seed)
    assert where(session, "Det A 7 RTR") == "28.14"
    assert where(session, "A 2/1 Inf •") is None          # not yet: the owner decides
    session.perform("deploy_units")
    for units, centres, within, one_per_hex in PRECISION_AREAS:
        hexes = [where(session, u) for u in units]
        for u, h in zip(units, hexes):
            assert h is not None and min(distance(session, h, c) for c in centres) <= within, u
            assert not session.value("terrain_has", h, "impassable")
        if one_per_hex:
            assert len(set(hexes)) == len(hexes)
    decided = [e.data["subject"] for e in session.events("decision")
               if e.data["key"] == "setup_hex"]
    assert len(decided) == 30


def test_precision_drop_zones():
    """crete:scenario:2 Stick Three: "DZ: within 1 hex of 32.10 and/or 34.10"."""
    session = scenario("precision")
    zone = session.state.catalog["unit"]["13. FJR 2 •"]["drop_zone"]
    assert all(min(distance(session, h, "32.10"), distance(session, h, "34.10")) <= 1
               for h in zone)
    assert {"32.10", "34.10", "33.10", "33.11"} <= set(zone) and len(zone) == 12
    assert session.state.catalog["unit"]["2./I./FJR 2 •"]["drop_zone"] == ["25.12"]


# ---- victory ------------------------------------------------------------------------

def occupy(session, side_unit, hex_id):
    """A unit of that side occupies the hex (crete:S6.0: control goes to the last
    player to occupy it)."""
    session.place(side_unit, hex_id)


def lose_steps(session, side, steps):
    session.set_initial(session.ref("side", side), "steps_lost", steps)


def result(session):
    return [("won", e.data["winner"]) if e.data["winner"] is not None
            else ("draw", e.data["reason"].removeprefix("draw: "))
            for e in session.events("game_won")]


def test_allies_hold_the_victory_hexes_at_the_start():
    """crete:scenario:1: "The Allies control all Victory Hexes at the start." """
    session = scenario("snafu")
    for hex_id in ("08.13", "27.12", "28.11"):
        assert session.value("controller", hex_id) == session.ref("side", "Allied")


def test_snafu_german_control_at_the_end_of_any_turn_wins():
    """crete:scenario:1: "The German player wins if he controls the Port of
    Rethymnon (08.13) and the two airfield hexes (27.12 and 28.11) at the end of
    any game turn" — met once, it stays met though the hexes are lost again.
    crete:scenario:1#57"""
    session = scenario("snafu")
    for name, hex_id in (("9./III./FJR 2 •", "08.13"), ("10./III./FJR 2 •", "27.12"),
                         ("11./III./FJR 2 •", "28.11")):
        occupy(session, name, hex_id)
    session.perform("victory_check", False)
    assert result(session) == []                       # decided at the end of the game
    occupy(session, "Gallos", "08.13")
    lose_steps(session, "Axis", 12)
    session.perform("victory_check", True)
    assert result(session) == [("won", "Axis")]


def test_snafu_two_of_three_hexes_is_not_enough():
    """crete:scenario:1#57 crete:scenario:1#59"""
    session = scenario("snafu")
    occupy(session, "9./III./FJR 2 •", "27.12")
    occupy(session, "10./III./FJR 2 •", "28.11")
    session.perform("victory_check", True)
    assert result(session) == [("draw", "neither player achieved their objective")]


def test_snafu_thirteen_german_steps_win_for_the_allies():
    """crete:scenario:1: "The Allied player wins if he has eliminated 13 German
    steps" (12 are not enough).
    crete:scenario:1#58"""
    session = scenario("snafu")
    lose_steps(session, "Axis", 12)
    session.perform("victory_check", True)
    assert result(session) == [("draw", "neither player achieved their objective")]
    session = scenario("snafu")
    lose_steps(session, "Axis", 13)
    session.perform("victory_check", True)
    assert result(session) == [("won", "Allied")]


def test_snafu_both_objectives_is_a_draw():
    """crete:scenario:1: "If both players or neither player achieves their
    objective, the result is a draw."
    crete:scenario:1#59"""
    session = scenario("snafu")
    for name, hex_id in (("9./III./FJR 2 •", "08.13"), ("10./III./FJR 2 •", "27.12"),
                         ("11./III./FJR 2 •", "28.11")):
        occupy(session, name, hex_id)
    lose_steps(session, "Axis", 13)
    session.perform("victory_check", True)
    assert result(session) == [("draw", "both players achieved their objective")]


def test_steps_are_counted_as_they_are_lost():
    """A reduced counter flipped is a step; an eliminated Unit adds the steps it
    still had (a full two-step company: 2)."""
    session = scenario("snafu")
    axis = session.ref("side", "Axis")
    company = session.ref("unit", "9./III./FJR 2 •")
    session.place("9./III./FJR 2 •", "42.07")
    session.perform("take_step_loss", company)
    assert session.attr(axis, "steps_lost") == 1
    session.perform("take_step_loss", company)          # its last step
    assert session.attr(axis, "steps_lost") == 2
    session.place("10./III./FJR 2 •", "41.07")
    session.ctx.emit("unit_eliminated", {"unit": session.ref("unit", "10./III./FJR 2 •")})
    assert session.attr(axis, "steps_lost") == 4
    assert session.attr(session.ref("side", "Allied"), "steps_lost") == 0


def test_precision_port_or_airfields_at_the_end_of_the_game():
    """crete:scenario:2: "controls the Port of Rethymnon (08.13) or the two airfield
    hexes (27.12 and 28.11) at the end of the game"; "eliminated 11 German steps".
    crete:scenario:2#30-32"""
    session = scenario("precision")
    occupy(session, "9./III./FJR 2 •", "08.13")
    session.perform("victory_check", False)
    occupy(session, "Gallos", "08.13")                  # lost again before the end
    session.perform("victory_check", True)
    assert result(session) == [("draw", "neither player achieved their objective")]

    session = scenario("precision")
    occupy(session, "9./III./FJR 2 •", "08.13")
    session.perform("victory_check", True)
    assert result(session) == [("won", "Axis")]

    session = scenario("precision")
    occupy(session, "9./III./FJR 2 •", "27.12")
    occupy(session, "10./III./FJR 2 •", "28.11")
    lose_steps(session, "Axis", 10)
    session.perform("victory_check", True)
    assert result(session) == [("won", "Axis")]

    session = scenario("precision")
    occupy(session, "9./III./FJR 2 •", "27.12")
    lose_steps(session, "Axis", 11)
    session.perform("victory_check", True)
    assert result(session) == [("won", "Allied")]

    session = scenario("precision")
    occupy(session, "9./III./FJR 2 •", "08.13")
    lose_steps(session, "Axis", 11)
    session.perform("victory_check", True)
    assert result(session) == [("draw", "both players achieved their objective")]


# ---- bad scenario data ----------------------------------------------------------------

def broken_snafu(tmp_path, old, new):
    from kriegsspiel.engine.starting import find_scenario
    text = find_scenario("crete/snafu").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "snafu.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_drop_zone_off_the_map_is_a_located_error(tmp_path):
    from kriegsspiel.core.loading import check_references, shipped_roots
    from kriegsspiel.engine.reading import read_game
    from kriegsspiel.engine.reading import Checks, read_scenario
    path = broken_snafu(tmp_path, 'drop_zone: {around: "42.07"}', 'drop_zone: {around: "45.07"}')
    errors = check_references(read_game(shipped_roots()[0] / "crete"), [read_scenario(path)],
                              Checks())
    rendered = "\n".join(e.render() for e in errors)
    assert rendered.startswith(f"{path}:")
    assert "reinforcements[4].drop_zone.around[0]: hex '45.07' is not on map 'rethymnon'" in rendered


def test_a_parachute_without_a_drop_zone_is_refused(tmp_path):
    from kriegsspiel.core.errors import KsError
    from kriegsspiel.engine.reading import read_scenario
    path = broken_snafu(tmp_path, '    drop_zone: {around: "42.07"}\n', '    hex: "42.07"\n')
    with pytest.raises(KsError) as caught:
        read_scenario(path)
    assert "a 'drop_zone' goes with 'arrival: parachute'" in caught.value.render()


def test_a_misspelt_leader_of_a_drop_gets_a_hint(tmp_path):
    from kriegsspiel.core.loading import check_references, shipped_roots
    from kriegsspiel.engine.reading import read_game
    from kriegsspiel.engine.reading import Checks, read_scenario
    path = broken_snafu(tmp_path, "leaders: [I./FJR 2 Leader]", "leaders: [I./FJR 2 Leadr]")
    errors = check_references(read_game(shipped_roots()[0] / "crete"), [read_scenario(path)],
                              Checks())
    assert [e.render().splitlines()[-1] for e in errors] == ["hint: did you mean 'I./FJR 2 Leader'?"]
