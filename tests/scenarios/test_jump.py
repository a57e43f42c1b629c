"""Scenario 6 "Jump, Die, Repeat" (crete:scenario:6) on four separate sheets —
Maleme, Rethymnon, Heraklion and Kastelli, each numbered from 01.01 (core.sheets):
the set-ups "As per Scenario 1/3/5" with the campaign counters of the same printed
names (modules/gts/as_per.py), Kastelli's Greek regiment and Major Bedding, the drops sheet
by sheet, the printed ratings, chits and limits, the sheets that wait for the 7.
Flieger Division chit, and a seeded random-bot game to a result."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import find_scenario, start


def scenario(seed=1):
    return start("crete/jump", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}), seed=seed)


def where(session, name, kind="unit"):
    return session.attr(session.ref(kind, name), "hex")


def test_each_sheet_is_set_up_as_the_scenario_it_names_with_campaign_counters():
    """ "Rethymnon Map: As per Scenario 1 "SNAFU"; Heraklion Map: As per Scenario 3
    "A Heraklion Effort"; Maleme Map: As per Scenario 5 "Descent into Hell""
    (crete:scenario:6) —
    "Use the Campaign Game Counters": Scenario 1's A 2/1 Inf • is the campaign
    A 2/1 Inf, at the same hex of the Rethymnon sheet."""
    session = scenario()
    assert where(session, "A 2/1 Inf") == "rethymnon:29.11"       # Scenario 1
    assert where(session, "S(Mtr) 2/11 Inf") == "rethymnon:24.14"
    assert where(session, "Det A 7 RTR") == "rethymnon:28.14"
    assert where(session, "A 2/B W") == "heraklion:29.12"         # Scenario 3
    assert where(session, "S(Mtr) 2/Leics") == "heraklion:23.12"
    assert where(session, "A 22 Bn") == "maleme:09.07"            # Scenario 5
    assert where(session, "C 22 Bn") == "maleme:10.04"
    units = session.state.catalog["unit"]
    assert not any(u.endswith(" •") for u in units)                 # no scenario counters
    # Rethymnon's Greek companies go randomly over Scenario 1's hexes, on its sheet
    assert {where(session, u) for u in ("1 1/4 Inf", "2 1/4 Inf", "3 1/4 Inf")} == {
        "rethymnon:25.15", "rethymnon:25.16", "rethymnon:26.15"}


def test_kastelli_holds_the_greek_regiment_and_major_bedding():
    """ "1 Inf (Greek) ... place randomly, one each in hexes 02.02, 03.04, 04.05,
    08.05, 10.05, and 12.05. Kastelli Police (Greek): (06.05)"; "Major Bedding, is
    placed with any Greek unit on the Kastelli Map" (crete:scenario:6)."""
    greeks = ["1 A/1 Inf", "2 A/1 Inf", "3 A/1 Inf", "1 B/1 Inf", "2 B/1 Inf", "3 B/1 Inf"]
    placed = {}
    for seed in (1, 2, 3):
        session = scenario(seed)
        hexes = [where(session, u) for u in greeks]
        assert sorted(hexes) == ["kastelli:02.02", "kastelli:03.04", "kastelli:04.05",
                                 "kastelli:08.05", "kastelli:10.05", "kastelli:12.05"]
        placed[seed] = hexes
        assert where(session, "Kastelli") == "kastelli:06.05"
        assert where(session, "Major Bedding", "leader") in hexes + ["kastelli:06.05"]
    assert len({tuple(h) for h in placed.values()}) > 1            # "randomly"


def test_the_drops_come_sheet_by_sheet_as_the_scenarios_they_name():
    """0700 Drop One as per Scenario 5, plus Stick Twelve Det Muebe (Kastelli, DZ
    11.06); 1500 Drop Two as per Scenario 1; 1700 Drop Three and 1900 Drop Four as
    per Scenario 3; the night's 2./I./FJR 1 at Heraklion 47.11; 21 May the Ramcke
    drops on Maleme; the GJR 100 serials (crete:scenario:6, crete:S7.0)."""
    session = scenario()
    cat = session.state.catalog
    labels = [t["label"] for t in cat["game"]["game"]["turns"]]
    unit = cat["unit"]
    assert unit["Det Muebe"]["drop_zone"] == ["kastelli:11.06"]
    assert labels[unit["Det Muebe"]["drop_turn"]] == "1941-05-20 0700"
    assert labels[unit["9./III./LLSR"]["drop_turn"]] == "1941-05-20 0700"
    assert unit["9./III./LLSR"]["drop_zone"] == ["maleme:11.06"]   # the same id, another sheet
    assert labels[unit["9./III./FJR 2"]["drop_turn"]] == "1941-05-20 1500"
    assert set(unit["9./III./FJR 2"]["drop_zone"]) >= {"rethymnon:17.15", "rethymnon:19.15"}
    assert all(h.startswith("rethymnon:") for h in unit["9./III./FJR 2"]["drop_zone"])
    assert labels[unit["1./I./FJR 1"]["drop_turn"]] == "1941-05-20 1700"
    assert unit["1./I./FJR 1"]["drop_zone"] == ["heraklion:46.10"]
    assert labels[unit["13. FJR 1"]["drop_turn"]] == "1941-05-20 1900"
    assert unit["13. FJR 1"]["drop_zone"] == ["heraklion:17.13"]
    assert unit["2./I./FJR 1"]["entry_hex"] == "heraklion:47.11"
    assert labels[unit["2./I./FJR 1"]["arrival_turn"]] == "1941-05-20 night"
    assert unit["B 2/8 Inf"]["entry_hex"] == "maleme:48.12"
    assert labels[unit["1. Kgr. Ramcke"]["drop_turn"]] == "1941-05-21 1500"
    assert unit["6./II./GJR 100"]["serial"] == 1 and unit["GrW GJR 100"]["serial"] == 2
    # a regiment's Leader comes with its first stick, once: Scenario 1's battalion
    # leaders are the campaign's Fsch.Jäg.Rgt. 2 Leader
    leader = cat["leader"]
    assert labels[leader["Fsch.Jäg.Rgt. 2 Leader"]["drop_turn"]] == "1941-05-20 1500"
    assert labels[leader["Fsch.Jäg.Rgt. 1 Leader"]["drop_turn"]] == "1941-05-20 1700"
    assert labels[leader["Luftl.Sturm-Rgt Leader"]["drop_turn"]] == "1941-05-20 0700"
    assert "I./FJR 2 Leader" not in {n for n, v in leader.items() if v.get("drop_turn") is not None}


def test_ratings_chits_and_limits_are_as_printed():
    """crete:scenario:6's Command Values, chits in the cup, Rearguards and Nachhuten,
    step H, and the Command Ratings raised on the 1500 and 1700 20 May turns."""
    session = scenario()
    cat = session.state.catalog
    div = cat["division"]
    assert [div["2nd New Zealand Division"][k] for k in ("command_rating", "dispatch_rating")] == [4, 2]
    assert [div["CREFOR"][k] for k in ("command_rating", "dispatch_rating")] == [2, 1]
    assert [div["7. Flieger Division"][k] for k in ("command_rating", "dispatch_rating")] == [5, 2]
    assert {c.id for c in session.state.pool("mug")} == {
        "direct:Axis", "direct:Allied", "random_event:Axis", "random_event:Allied",
        "formation:Fallschirmjäger-Regiment 3", "formation:Luftlande Sturmregiment"}
    assert {c.id for c in session.state.pool("carry")} == {"division:7. Flieger Division"}
    rearguards = {}
    for u in cat["unit"].values():
        if "rearguard" in u["tags"]:
            rearguards[u["division"]] = rearguards.get(u["division"], 0) + 1
    assert rearguards == {"2nd New Zealand Division": 9, "CREFOR": 4, "7. Flieger Division": 4}
    assert cat["game"]["game"]["start_step"] == "activation"
    raised = sorted((e["division"], e["turn"]) for e in cat["effect"].values()
                    if e["kind"] == "command_rating_raised")
    assert raised == [("7. Flieger Division", 4), ("7. Flieger Division", 5),
                      ("CREFOR", 4), ("CREFOR", 5)]


def test_rethymnon_and_heraklion_wait_for_the_7th_flieger_chit():
    """ "The Allied units on the Rethymnon maps may not be activated until after
    the 7. Flieger Division Activation chit is drawn on the 1500, 20 May game
    turn" (and Heraklion's on the 1700; crete:scenario:6): at the start they
    wait, Maleme's and Kastelli's do not.
    crete:scenario:6#59-60 crete:scenario:6#64-65"""
    session = scenario()
    assert session.value("waiting_on_sheet", session.ref("unit", "A 2/1 Inf")) is True
    assert session.value("waiting_on_sheet", session.ref("unit", "A 2/B W")) is True
    assert session.value("waiting_on_sheet", session.ref("unit", "A 22 Bn")) is False
    assert session.value("waiting_on_sheet", session.ref("unit", "Kastelli")) is False
    division = session.ref("division", "CREFOR")
    assert session.value("division_may_activate", session.ref("unit", "A 2/1 Inf"),
                         division) is False


def test_an_unqualified_hex_two_sheets_have_is_a_located_error(tmp_path):
    """crete:scenario:6 names hexes of four sheets numbered alike: an id without
    its sheet is a located error saying what to write."""
    from kriegsspiel.modules.gts.as_per import expand_as_per
    from kriegsspiel.core.loading import check_references, shipped_roots
    from kriegsspiel.engine.reading import read_game
    from kriegsspiel.engine.reading import Checks, read_scenario
    text = find_scenario("crete/jump").read_text(encoding="utf-8")
    old = '  - {unit: Kastelli, map: kastelli, hex: "06.05"}'
    assert old in text
    path = tmp_path / "crete" / "jump.yaml"
    path.parent.mkdir()
    for name in ("snafu", "heraklion", "descent"):
        (tmp_path / "crete" / f"{name}.yaml").write_text(
            find_scenario(f"crete/{name}").read_text(encoding="utf-8"), encoding="utf-8")
    path.write_text(text.replace(old, '  - {unit: Kastelli, hex: "06.05"}'), encoding="utf-8")
    game = read_game(shipped_roots()[0] / "crete")
    errors = check_references(game, [expand_as_per(read_scenario(path), path, game)],
                              Checks())
    rendered = [e.render() for e in errors]
    assert len(rendered) == 1, rendered
    assert rendered[0].startswith(f"{path}:")
    assert ("hex 06.05 is on four sheets in this scenario; write maleme:06.05 or "
            "rethymnon:06.05 or heraklion:06.05 or kastelli:06.05") in rendered[0]
    path.write_text(text.replace(old, '  - {unit: Kastelli, hex: "kastelly:06.05"}'),
                    encoding="utf-8")
    errors = check_references(game, [expand_as_per(read_scenario(path), path, game)],
                              Checks())
    assert "no sheet 'kastelly'" in errors[0].render()
    assert "did you mean 'kastelli'" in errors[0].render()


def test_greek_units_keep_two_hexes_away_from_the_kastelli_east_exit():
    """ "Neither Major Bedding nor any Greek unit may leave the Kastelli map or move
    within two hexes of the East Exit hex" (crete:scenario:6; the East Exit is
    kastelli:20.06): a Greek unit may not enter a hex within two of it, a German
    may; and no hex of another sheet is ever next to one of Kastelli's.
    crete:scenario:6#49"""
    session = scenario()
    greek, german = session.ref("unit", "3 B/1 Inf"), session.ref("unit", "Det Muebe")
    for hex_id, allowed in (("kastelli:18.06", False), ("kastelli:19.05", False),
                            ("kastelli:20.06", False), ("kastelli:17.06", True)):
        assert session.value("may_enter", greek, hex_id, "formation") is allowed, hex_id
        assert session.value("may_enter", german, hex_id, "formation") is True
    grid = session.state.grid
    for h in grid.hexes():
        if grid.format(h).startswith("kastelli:"):
            assert all(grid.format(n).startswith("kastelli:") for n in grid.neighbours(h))


def test_drawing_the_7th_flieger_chit_on_1500_frees_rethymnon_and_brings_fjr_2():
    """crete:scenario:6: once "the 7. Flieger Division Activation chit is drawn on
    the 1500, 20 May game turn" the Rethymnon units may be activated and "The
    Fsch.Jäg.Rgt. 2 formation chit is added to the mug"; Heraklion still waits
    for the 1700 draw.  Drawn on another turn it frees nothing.
    crete:scenario:6#59-68"""
    session = scenario()
    chit = session.ref("chit", "division:7. Flieger Division")
    rethymnon, heraklion = session.ref("unit", "A 2/1 Inf"), session.ref("unit", "A 2/B W")
    session.ctx.emit("activation_started", {"chit": chit})          # 0700: nothing
    assert session.value("waiting_on_sheet", rethymnon) is True
    session.state.turn = 4                                           # 1500 20 May
    session.ctx.emit("activation_started", {"chit": chit})
    assert session.value("waiting_on_sheet", rethymnon) is False
    assert session.value("waiting_on_sheet", heraklion) is True
    assert [e.data["map"] for e in session.events("sheet_released_by_draw")] == ["rethymnon"]
    assert "formation:Fallschirmjäger-Regiment 2" in {c.id for c in session.state.pool("mug")}
    assert "formation:Fallschirmjäger-Regiment 1" not in {c.id for c in session.state.pool("mug")}
    assert session.value("last_chit_played", chit) is True
    session.state.turn = 5                                           # 1700
    session.ctx.emit("activation_started", {"chit": chit})
    assert session.value("waiting_on_sheet", heraklion) is False
    assert "formation:Fallschirmjäger-Regiment 1" in {c.id for c in session.state.pool("mug")}
    session.state.turn = 6                                           # 1900: the series' rule
    assert session.value("last_chit_played", chit) is False


def test_the_command_rating_is_one_higher_on_the_1500_and_1700_turns_only():
    """ "The CREFOR Command Rating is increased by one on the 1500 20 May and the
    1700 20 May game turns" (crete:scenario:6): Command Points gained (gts:10.0.3)
    with the same roll are one more on those turns."""
    session = scenario()
    crefor = session.ref("division", "CREFOR")
    gained = {}
    for turn in (3, 4, 5, 6):
        session.state.turn = turn
        gained[turn] = session.value("command_points_gained", crefor, 4)
    assert gained[4] == gained[5] == gained[3] + 1 and gained[6] == gained[3]


def test_each_turns_air_support_strikes_its_own_sheet():
    """The Air Support table "20 May 0700 Maleme; 20 May 1500 Rethymnon; 20 May 1700
    Heraklion; 21 May 1500 Maleme" (crete:scenario:6, crete:5.1): a strike on the
    Rethymnon turn may hit an Allied unit on Rethymnon, not one on Maleme."""
    session = scenario()
    axis = session.ref("side", "Axis")
    ignore = ["airstrike_near_friendly_unit"]
    strikes = sorted((e["turn"], e["map"]) for e in session.state.catalog["effect"].values()
                     if e["kind"] == "air_strikes")
    assert strikes == [(0, "maleme"), (4, "rethymnon"), (5, "heraklion"), (12, "maleme")]
    for hex_id, sheet, allowed in (("rethymnon:29.11", "rethymnon", True),
                                   ("maleme:09.07", "rethymnon", False),
                                   ("maleme:09.07", "maleme", True),
                                   ("maleme:09.07", None, True)):
        assert session.value("airstrike_hex_allowed", axis, hex_id, ignore, sheet) is allowed


def test_as_per_names_a_scenario_and_its_sheet_or_says_what_is_wrong(tmp_path):
    """An `as_per` entry (crete:scenario:6 "As per Scenario 1") must name a scenario
    beside this one, played on the sheet it names: otherwise a located error."""
    from kriegsspiel.modules.gts.as_per import expand_as_per
    from kriegsspiel.core.errors import KsErrors
    from kriegsspiel.core.loading import shipped_roots
    from kriegsspiel.engine.reading import read_game
    from kriegsspiel.engine.reading import read_scenario
    text = find_scenario("crete/jump").read_text(encoding="utf-8")
    (tmp_path / "crete").mkdir()
    for name in ("snafu", "heraklion", "descent"):
        (tmp_path / "crete" / f"{name}.yaml").write_text(
            find_scenario(f"crete/{name}").read_text(encoding="utf-8"), encoding="utf-8")
    game = read_game(shipped_roots()[0] / "crete")
    path = tmp_path / "crete" / "jump.yaml"
    for old, new, message in (
            ("{scenario: crete/snafu, map: rethymnon, setup: true}",
             "{scenario: crete/snafy, map: rethymnon, setup: true}",
             "as_per[0]: no scenario 'crete/snafy' beside this one"),
            ("{scenario: crete/snafu, map: rethymnon, setup: true}",
             "{scenario: crete/snafy, map: rethymnon, setup: true}",
             "did you mean 'crete/snafu'"),
            ("{scenario: crete/snafu, map: rethymnon, setup: true}",
             "{scenario: crete/snafu, map: heraklion, setup: true}",
             "scenario 'crete/snafu' is played on rethymnon, not 'heraklion'")):
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        with pytest.raises(KsErrors) as caught:
            expand_as_per(read_scenario(path), path, game)
        rendered = caught.value.render()
        assert f"{path}:" in rendered and message in rendered, rendered


def test_no_line_of_sight_or_range_reaches_from_one_sheet_to_another():
    """crete:scenario:6's sheets are separate maps: the same printed hex on two of
    them is neither in sight nor within any range (gts:15.4), while on one sheet
    the Line of Sight rules decide as usual."""
    from kriegsspiel.core.sheets import SEPARATE
    session = scenario()
    assert session.value("has_los", "maleme:10.05", "kastelli:10.05", "direct") is False
    assert session.value("has_los", "maleme:10.05", "maleme:10.06", "direct") is True
    assert session.state.distance("maleme:10.05", "kastelli:10.05") == SEPARATE
    assert "kastelli:10.05" not in session.value("hexes_within", "maleme:10.05", 5)
    assert session.value("hex_column", "rethymnon:27.12") == 27


def test_effects_of_gives_a_kinds_scenario_effects_in_order():
    """crete:scenario:6's special rules are data (effects): the kernel's
    effects_of(kind) is every effect of that kind, in the scenario's order,
    as a scan of all_of("effect") would give (and none of an unknown kind)."""
    session = scenario()
    everything = session.value("all_of", "effect")
    kinds = {session.attr(e, "kind") for e in everything}
    assert {"map_waits_for_chit", "kept_away_from", "air_strikes"} <= kinds
    for kind in kinds:
        assert session.value("effects_of", kind) == \
            [e for e in everything if session.attr(e, "kind") == kind]
    assert session.value("effects_of", "no_such_effect") == []
