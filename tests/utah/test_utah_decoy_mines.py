"""German Decoy Mines (utah:18.5, optional) and the Regimental AT Companies' probing
(utah:18.4), with scripted dice (modules/utah/optional/decoy_mines.ksr)."""

from __future__ import annotations

from utah_games import GRENADIER, INFANTRY, unit, utah_game

from kriegsspiel.engine.rulebook import ExtraRules

ENGINEER = "A/4 Engr"
MINES_FOR_TEST = ExtraRules("decoys_for_test.ksr", """
procedure decoy_for_test(hex_id, side: side, decoy: int) @utah:18.5 {
  step lay @utah:18.5 {
    let mined = hex_at(hex_id)
    set mined.minefield = 1
    set mined.mines_of = side
    set mined.decoy_mines = decoy
  }
}
procedure enter_for_test(unit: unit, hex_id) @utah:10.2 {
  step go @utah:10.2 {
    do move_unit(unit, hex_id)
    emit unit_entered_hex(unit = unit, hex = hex_id, half_points_left = 6)
  }
}
""")
PLAIN_MINES = ExtraRules("mines_for_test.ksr", """
procedure decoy_for_test(hex_id, side: side, decoy: int) @utah:10.1 {
  step lay @utah:10.1 {
    let mined = hex_at(hex_id)
    set mined.minefield = 1
    set mined.mines_of = side
  }
}
""")


def decoy_game(options=("utah:18.5",), rolls=None, allied=None, axis=None):
    return utah_game(rolls=rolls, allied=allied, axis=axis, options=options,
                     extra=(MINES_FOR_TEST if "utah:18.5" in options else PLAIN_MINES,))


def marker(game, hex_id, name):
    return game.value("hex_marker", hex_id, name)


def lay(game, hex_id, decoy):
    game.perform("decoy_for_test", hex_id, game.ref("side", "Axis"), 1 if decoy else 0)


def test_18_5_a_decoy_is_a_minefield_to_everything_but_a_probe():
    """utah:18.5.1#1: "Decoy mines are treated just like real mines for placement,
    effect, and removal"; utah:18.5.2#6: a Unit that does not probe "treats an Achtung
    Minen marker just like a real Minefield" — it stops there and its Bravery Check
    takes the -2."""
    game = decoy_game()
    lay(game, "32.047", decoy=True)
    inf = unit(game, INFANTRY, "33.047")
    game.set_initial(inf, "half_points_left", 6)
    game.perform("enter_for_test", inf, "32.047")
    assert [e.data["hex"] for e in game.events("stopped_in_minefield")] == ["32.047"]
    assert game.value("enemy_minefield", "32.047", game.ref("side", "Allied"))


def test_18_5_a_leg_unit_probes_a_decoy_away():
    """utah:18.5.1#2, utah:18.5.2#4: "Leg Units may now Probe to detect the Minefield"; utah:18.5.2#1,
    utah:18.5.2#2, utah:18.5.2#3: any leg Unit in a Minefield hex may probe, an Engineer
    Action; a decoy's counter is removed; utah:18.5.2#5: a real one stays, and "the leg
    Unit now knows it is in a Minefield" — nothing is left to probe."""
    game = decoy_game(allied={"engineer_work": "probe_mines"})
    lay(game, "32.047", decoy=True)
    inf = unit(game, INFANTRY, "32.047")
    assert "probe_mines" in game.value("engineer_works", inf)
    assert "engineer" in game.value("legal_actions", inf, "formation")
    game.perform("engineer", inf)
    [probe] = game.events("minefield_probed")
    assert probe.data["decoy"] and marker(game, "32.047", "minefield") == 0
    # utah:18.5.2#4: "The Unit may then take a second action if it meets all other
    # command rules" (gts:10.0.2: In Command, a Command Point).
    game.place("CO 8th IR", "32.047", "leader")
    game.set_initial(game.ref("division", "4th Infantry Division"), "cp", 1)
    assert "move" in game.value("second_actions", inf, "engineer", "formation")
    assert not game.value("enemy_minefield", "32.047", game.ref("side", "Allied"))
    lay(game, "33.047", decoy=False)
    game.place(INFANTRY, "33.047")
    game.perform("engineer", inf)
    assert not game.events("minefield_probed")[-1].data["decoy"]
    assert marker(game, "33.047", "minefield") == 1          # real: it stays
    assert "probe_mines" not in game.value("engineer_works", inf)


def test_18_5_an_engineer_finding_real_mines_may_try_to_clear_them_free():
    """utah:18.5.2#7, utah:18.5.2#8, utah:18.5.2#9, utah:18.5.2#10: an Engineer probes with an Engineer
    Action; a real Minefield found, it "can take a 'free' Engineer Action to attempt to
    remove the Minefield" (a 2-step Engineer needs no roll, 10.3), or decline it."""
    for answer, left in (("remove", 0), ("keep", 1)):
        game = decoy_game(allied={"engineer_work": "probe_mines", "free_mine_removal": answer})
        lay(game, "32.047", decoy=False)
        sapper = unit(game, ENGINEER, "32.047")
        game.perform("engineer", sapper)
        assert marker(game, "32.047", "minefield") == left
        assert len(game.events("engineer_action")) == 1          # one Engineer Action
    game = decoy_game(allied={"engineer_work": "probe_mines"})
    lay(game, "32.047", decoy=True)
    sapper = unit(game, ENGINEER, "32.047")
    game.perform("engineer", sapper)                              # a decoy: removed
    assert marker(game, "32.047", "minefield") == 0


def test_18_5_no_probing_when_the_rule_is_off_or_mounted_or_own_mines():
    """utah:18.5#3: decoys only "if they are available" — off, no Unit probes;
    utah:18.5.2#6: a Unit that "can't, due to its movement type" (a vehicle) does not;
    one's own Minefield holds no secret from its owner."""
    off = decoy_game(options=())
    off.perform("decoy_for_test", "32.047", off.ref("side", "Axis"), 0)
    inf = unit(off, INFANTRY, "32.047")
    assert "probe_mines" not in off.value("engineer_works", inf)
    game = decoy_game()
    lay(game, "32.047", decoy=True)
    tank = unit(game, "C/70 Tk", "32.047")
    assert "probe_mines" not in game.value("engineer_works", tank)
    german = unit(game, GRENADIER, "30.047")
    lay(game, "30.047", decoy=True)
    assert "probe_mines" not in game.value("engineer_works", german)


def test_18_4_regimental_at_companies_probe_only_unmounted():
    """utah:18.4#4: the Regimental AT Companies "are eligible to probe and clear German
    Decoy Mines (18.5) only when they are unmounted"."""
    game = decoy_game(options=("utah:18.5", "utah:18.4"))
    lay(game, "32.047", decoy=True)
    at = unit(game, "C/70 Tk", "32.047")
    game.state.catalog["unit"]["C/70 Tk"]["tags"].append("regimental_at")
    assert "probe_mines" in game.value("engineer_works", at)
    # Mounted: the counter's transport side up (bocage.ksr's mounted_on_transport).
    game.state.catalog["unit"]["C/70 Tk"]["back_kind"] = "transport"
    game.set_initial(at, "face", "back")
    assert game.value("mounted_on_transport", at)
    assert "probe_mines" not in game.value("engineer_works", at)


def test_18_5_the_scenario_s_decoys_laid_by_an_engineer():
    """utah:18.5#3: "Each scenario will designate the number of German Decoy Mines that
    can be used" (the causeway demonstration: 2); the layer chooses its type while any
    is left."""
    game = decoy_game(allied={"engineer_work": "lay_mines", "minefield_type": "decoy"})
    allied = game.ref("side", "Allied")
    axis = game.ref("side", "Axis")
    assert game.value("decoy_mines_left", axis) == 2
    assert game.value("decoy_mines_left", allied) == 0
    sapper = unit(game, ENGINEER, "33.046")
    game.perform("engineer", sapper)                          # no decoy left: real
    assert marker(game, "33.046", "minefield") == 1 and marker(game, "33.046", "decoy_mines") == 0
    german = unit(game, GRENADIER, "30.047")
    game.state.catalog["unit"][GRENADIER]["faces"]["front"]["engineer"] = True
    game.players.players["Axis"].answers.update({"engineer_work": "lay_mines",
                                                 "minefield_type": "decoy"})
    game.perform("engineer", german)
    assert marker(game, "30.047", "decoy_mines") == 1
    assert game.value("decoy_mines_left", axis) == 1


def test_6_0_roll_of_5_a_random_type_of_minefield_with_18_5():
    """utah:6.0#36, utah:18.5#4: the roll of 5's Minefield "is an actual Minen marker, unless using
    Optional Rule 18.5 German Decoy Mines, in which case the type of Minefield is
    determined randomly by the German player" — a die: odd a decoy (docs/utah.md)."""
    for options, type_roll, decoy in ((("utah:18.5",), 3, 1), (("utah:18.5",), 4, 0),
                                      ((), 3, 0)):
        game = decoy_game(options=options, rolls=[5, type_roll])
        unit(game, INFANTRY, "35.045")
        unit(game, GRENADIER, "30.045")
        game.perform("random_event_roll")
        [laid] = [e.data["hex"] for e in game.events("minefield_laid")]
        assert marker(game, laid, "minefield") == 1
        assert len(game.events("decoy_mines_laid")) == decoy


def test_errata_6_0_points_at_rolls_the_printed_table_lacks():
    """utah:errata:6.0 clarifies the Random Events' "Roll 6 Allied Troops are Lost and Roll
    7 German Troops are Lost", which the printed 6.0 table does not hold (it stops at 5):
    nothing is invented — 6 and 7 are No Event, with the errata or as printed."""
    from utah_games import utah_game
    for as_printed in (False, True):
        game = utah_game("utah/causeway", rolls=[6, 7], as_printed=as_printed)
        unit(game, INFANTRY, "35.045")
        unit(game, GRENADIER, "30.045")
        game.perform("random_event_roll")
        game.perform("random_event_roll")
        assert [e.data["what"] for e in game.events("random_event")] == ["No Event"] * 2
