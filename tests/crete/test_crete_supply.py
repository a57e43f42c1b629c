"""Supply Determination (crete:S4.0): the roll in step C from the Night Turn of
23 May, the Port and Airfield limits (crete:S6.0), and what Diminished and
Emergency supply do to Troop Quality and Fire Ratings — never to Greek Units.
Played on the Heraklion scenario's map and counters with S4.0 switched on."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer, RandomPlayer, Table
from kriegsspiel.engine.starting import start

BRITISH = "A 2/B W •"        # 29.12, 14th Infantry Brigade
GREEK = "1 1/7 Inf"          # a Greek Unit (crete:6.0)
GERMAN = "1./I./FJR 1 •"
PORT = "19.08"               # the Port of Heraklion
RUNWAY = "27.08"             # a hex of Heraklion Airfield
ALLIED_MARKER = "supply:Allied Supply heraklion"
GERMAN_MARKER = "supply:German Supply heraklion"


def heraklion(rules=("crete:S4.0",), effects=(), axis=None, allied=None):
    """Scenario 3 set up (seeded), then the given special rules and effects in force."""
    session = start("crete/heraklion", Table({"Axis": KeyedPlayer(axis or {}),
                                              "Allied": KeyedPlayer(allied or {})}), seed=1)
    catalog = session.state.catalog
    for rule in rules:
        catalog["special_rule"][rule] = {"name": rule}
    for n, effect in enumerate(effects, 1):
        catalog["effect"][f"test {n}"] = {"rule": "test", **effect}
    return session


def at(session, label, tags=()):
    """The current turn of the track, relabelled (the scenario's turns are 20–22 May)."""
    session.state.catalog["game"]["game"]["turns"][session.state.turn] = {
        "label": label, "tags": list(tags)}


def script(session, rolls):
    session.dice.script, session.dice._next = list(rolls), 0


def level(session, marker):
    return session.program.lookup("supply_name", session.value(
        "supply_level_of", session.ref("chit", marker)))


def rolled(session):
    return [(e.data["side"], e.data["roll"], e.data["old"], e.data["new"])
            for e in session.events("supply_rolled")]


def clear_hex(session, hex_id):
    for unit, where in list(session.state.placement.items()):
        if where == hex_id:
            session.place(unit, None)


def test_no_roll_before_the_night_turn_of_23_may():
    """crete:S4.0: "Starting on the Night Turn of 23 May, during Step C ... each
    player rolls a die"; the 1900 turn of 23 May rolls nothing (an empty dice script:
    a roll would fail the action).
    Sentences: crete:S4.0#1.
    """
    session = heraklion()
    at(session, "1941-05-23 1900")
    script(session, [])
    session.perform("supply_determination")
    assert rolled(session) == []


def test_each_player_rolls_for_the_map_from_the_night_of_23_may():
    """crete:S4.0: a roll of 1 or less moves the marker up one level, 7 or more down
    one; 2–6 leaves it. Allied first (the game's side order), one roll per map.
    Sentences: crete:S4.0#1, crete:S4.0#2, crete:S4.0#3, crete:S4.0#7.
    """
    session = heraklion(effects=[{"kind": "supply_level", "side": "Allied", "level": "reduced"}])
    at(session, "1941-05-23 night", ["night"])
    script(session, [1, 7])
    session.perform("supply_determination")
    assert rolled(session) == [("Allied", 1, "reduced", "full"), ("Axis", 7, "full", "reduced")]
    changed = [(e.data["side"], e.data["map"], e.data["new"]) for e in session.events("supply_changed")]
    assert changed == [("Allied", "heraklion", "full"), ("Axis", "heraklion", "reduced")]
    assert (level(session, ALLIED_MARKER), level(session, GERMAN_MARKER)) == ("full", "reduced")
    cause = session.events("supply_rolled")[0].cause
    assert {"what": "roll d10", "value": 1, "for": ""} in cause
    assert any("crete:S4.0" in (r.get("cites") or []) for r in cause)
    # a later turn: 2..6 change nothing; Full cannot go higher
    at(session, "1941-05-24 0700", ["first_daylight"])
    script(session, [0, 6])
    session.perform("supply_determination")
    assert rolled(session)[2:] == [("Allied", 0, "full", "full"), ("Axis", 6, "reduced", "reduced")]
    assert len(session.events("supply_changed")) == 2


def test_emergency_is_the_bottom():
    """crete:S4.0: "if already at Emergency Supply, leave the status unchanged".
    Sentences: crete:S4.0#3, crete:S4.0#7.
    """
    session = heraklion(effects=[{"kind": "supply_level", "side": "Allied", "map": "heraklion",
                                  "level": "diminished"}])
    at(session, "1941-05-25 0700", ["first_daylight"])
    script(session, [9, 4, 8, 4])
    session.perform("supply_determination")
    session.perform("supply_determination")
    assert [r[3] for r in rolled(session)] == ["emergency", "full", "emergency", "full"]


def test_the_allies_without_a_port_cannot_improve():
    """crete:S4.0: "If the Allied Player does not control a Port hex on the map, supply
    status cannot be increased"; control is the last to occupy the hex (crete:S6.0).
    Sentences: crete:S4.0#4.
    """
    session = heraklion(effects=[{"kind": "supply_level", "side": "Allied", "level": "emergency"}])
    at(session, "1941-05-24 night", ["night"])
    clear_hex(session, PORT)
    session.place(GERMAN, PORT)
    script(session, [0, 5])
    session.perform("supply_determination")
    assert rolled(session)[0] == ("Allied", 0, "emergency", "emergency")
    # retaken: the next 0 brings supplies
    session.place(GERMAN, None)
    session.place(BRITISH, PORT)
    script(session, [0, 5])
    session.perform("supply_determination")
    assert rolled(session)[2] == ("Allied", 0, "emergency", "diminished")


def test_a_german_airfield_stops_the_decline():
    """crete:S4.0: "If the German Player controls an Airfield on the map, his supply
    status may not be decreased"; one runway hex held is read as controlling it
    (S6.0 asks for all the hexes only when adjusting Allied Morale).
    Sentences: crete:S4.0#5.
    """
    session = heraklion()
    at(session, "1941-05-24 1100")
    clear_hex(session, RUNWAY)
    session.place(GERMAN, RUNWAY)
    script(session, [5, 9])
    session.perform("supply_determination")
    assert rolled(session)[1] == ("Axis", 9, "full", "full")
    assert session.events("supply_changed") == []


def test_diminished_and_emergency_supply_lower_troop_quality_with_the_rule_cited():
    """crete:S4.0: Diminished: "the Troop Quality Rating for all units on the affected
    map(s) is reduced by 1"; Emergency: by 2, and "all Fire Ratings are reduced by 1".
    Sentences: crete:S4.0#9, crete:S4.0#10, crete:S4.0#11.
    """
    session = heraklion(effects=[{"kind": "supply_level", "side": "Allied", "level": "diminished"}])
    british = session.ref("unit", BRITISH)
    plain = heraklion(rules=())
    printed = plain.value("troop_quality", plain.ref("unit", BRITISH))
    quality = session.value("troop_quality", british)
    assert quality == printed - 1
    supply = [t for t in quality.terms if t["name"] == "supply"]
    assert supply and supply[0]["amount"] == -1 and "crete:S4.0" in supply[0]["cites"]
    assert session.value("fire_rating_after_results", british) == \
        plain.value("fire_rating_after_results", plain.ref("unit", BRITISH))
    # Emergency
    marker = session.ref("chit", ALLIED_MARKER)
    session.set_initial(marker, "supply_recorded", 1)
    session.set_initial(marker, "supply_level", 3)
    assert session.value("troop_quality", british) == printed - 2
    assert session.value("fire_rating_after_results", british) == \
        plain.value("fire_rating_after_results", plain.ref("unit", BRITISH)) - 1


def test_emergency_supply_lowers_the_direct_fire_rating():
    """crete:S4.0 "all Fire Ratings are reduced by 1": a term of the Direct Fire
    modifiers (gts:15.6), beside the Crete night and Heroic terms.
    Sentences: crete:S4.0#11.
    """
    session = heraklion(effects=[{"kind": "supply_level", "side": "Axis", "level": "emergency"}])
    plain = heraklion(rules=())
    for game in (session, plain):
        game.place(GERMAN, "31.10")
    args = ("direct", 0, 0)
    with_supply = session.value("modified_fire_rating", session.ref("unit", BRITISH),
                                session.ref("unit", GERMAN), *args)
    german_firing = session.value("modified_fire_rating", session.ref("unit", GERMAN),
                                  session.ref("unit", BRITISH), *args)
    unsupplied = plain.value("modified_fire_rating", plain.ref("unit", GERMAN),
                             plain.ref("unit", BRITISH), *args)
    assert with_supply == plain.value("modified_fire_rating", plain.ref("unit", BRITISH),
                                      plain.ref("unit", GERMAN), *args)   # Allies at Full
    assert german_firing == unsupplied - 1
    assert [t["cites"] for t in german_firing.terms if t["name"] == "supply"] == [["crete:S4.0"]]


def test_greek_units_are_not_affected():
    """crete:S4.0: "Supply status does not affect Greek Units.\"
    Sentences: crete:S4.0#12.
    """
    session = heraklion(effects=[{"kind": "supply_level", "side": "Allied", "level": "emergency"}])
    plain = heraklion(rules=())
    assert session.value("troop_quality", session.ref("unit", GREEK)) == \
        plain.value("troop_quality", plain.ref("unit", GREEK))
    assert session.value("troop_quality", session.ref("unit", BRITISH)) == \
        plain.value("troop_quality", plain.ref("unit", BRITISH)) - 2


def test_nothing_happens_unless_the_scenario_lists_s4():
    """crete:S1.0 gating: a scenario without S4.0 rolls no supply and its starting
    level changes no rating."""
    session = heraklion(rules=(), effects=[{"kind": "supply_level", "side": "Allied",
                                            "level": "emergency"}])
    plain = heraklion(rules=())
    at(session, "1941-05-24 night", ["night"])
    script(session, [])
    session.perform("supply_determination")
    assert rolled(session) == []
    assert session.value("troop_quality", session.ref("unit", BRITISH)) == \
        plain.value("troop_quality", plain.ref("unit", BRITISH))


def test_scenario_4_rolls_supply_in_step_c_of_the_night_of_23_may():
    """crete:scenario:4 lists S4.0; "during Step C": play_turn's supply step runs after
    the series' reinforcements step (gts:4.0) and before any Dispatch Point decision
    or chit goes into the mug.
    Sentences: crete:S4.0#1.
    """
    session = start("crete/piling_on", Table({"Axis": RandomPlayer(1), "Allied": RandomPlayer(2)}),
                    seed=3)
    steps = [s.name for s in session.program.decls["play_turn"].steps]
    assert steps.index("supply") == steps.index("reinforcements") + 1
    session.ctx.emit("turn_advanced", {"turn": 26})
    assert session.value("turn_label") == "1941-05-23 night"
    start_of_turn = len(session.state.log)
    session.perform("play_turn")
    kinds = [e.kind for e in session.state.log[start_of_turn:]]
    assert kinds.count("supply_rolled") == 2                  # one map, two players
    assert kinds.index("supply_rolled") < min(kinds.index("decision"), kinds.index("pool_added"))


@pytest.mark.parametrize("game_map", ["kastelli", "rethymnon", "heraklion", "maleme",
                                      "canea_suda"])
def test_every_map_has_a_supply_marker_per_side(game_map):
    """crete:S4.0 "the Supply marker for the map": the game data has one per side for
    each map sheet."""
    session = heraklion()
    for side in ("Allied", "Axis"):
        assert session.value("supply_marker", session.ref("side", side), game_map) is not None


def test_each_map_sheet_has_its_own_level_ports_and_units():
    """crete:S4.0 "on each map", "for all units on the affected map(s)", "a Port hex on
    the map": Scenario 9 plays the Maleme and Canea-Suda sheets joined; the Ports of
    Canea and Suda are on Canea-Suda, so the Allies on Maleme cannot improve.
    Sentences: crete:S4.0#1, crete:S4.0#4, crete:S4.0#9.
    """
    session = start("crete/gala", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}), seed=1)
    on_maleme, on_canea = session.ref("unit", "A 22 Bn"), session.ref("unit", "B 1 Welch")
    assert [session.value("map_of", session.attr(u, "hex")) for u in (on_maleme, on_canea)] == \
        ["maleme", "canea_suda"]
    before = [session.value("troop_quality", u) for u in (on_maleme, on_canea)]
    script(session, [9, 5, 5, 5, 0, 0, 5, 5])
    session.perform("supply_determination")                  # Maleme: Reduced → Diminished
    assert [session.value("troop_quality", u) for u in (on_maleme, on_canea)] == \
        [before[0] - 1, before[1]]
    session.perform("supply_determination")                  # 0 on each: only Canea-Suda
    assert rolled(session)[4:6] == [("Allied", 0, "diminished", "diminished"),
                                    ("Allied", 0, "reduced", "full")]
