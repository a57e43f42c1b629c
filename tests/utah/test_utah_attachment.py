"""Formation and Battalion Attachment (utah:13.0-13.5, modules/utah/rules/attachment.ksr):
Formations and Independent Battalions change Division in Step F for Dispatch Points,
pending until a roll; Battalions change Formation within a Division (and, for the
Germans, between Divisions) at once; the Division Displays' boxes limit both."""

from __future__ import annotations

from utah_games import unit, utah_game


FJR = "Fallschirmjäger-Regiment 6"
GREN_1057 = "Grenadier-Regiment 1057"
GREN_919 = "Grenadier-Regiment 919"
LL91 = "91.Luftlande Infanterie-Division"
ID709 = "709.Infanterie-Division"
FOURTH = "4th Infantry Division"
EIGHTH = "8th Infantry Regiment"
PARATROOPER_FJR = "1./I./FJR 6"


def attachment_game(rolls=None, axis=None, allied=None, night=False):
    return utah_game("utah/night_drop" if night else "utah/causeway", rolls=rolls,
                     allied=allied, axis=axis)


def ref(game, kind, ident):
    return game.ref(kind, ident)


def dp(game, division, value=None):
    d = ref(game, "division", division)
    if value is not None:
        game.set_initial(d, "dp", value)
    return game.attr(d, "dp")


def tag(game, unit_id, *tags):
    game.state.catalog["unit"][unit_id]["tags"] = list(tags)


def link(game, entity, name, target):
    """A link's starting value (as a scenario's set-up would give it)."""
    game.state.set_link(entity, name, target, [{"what": "set-up", "link": name}])


def test_a_formation_attaches_to_another_division_after_its_roll():
    """utah:13.0#8-10, utah:13.1#1-2, utah:13.2#1: an organic Formation goes to another
    Division in Step F for 2 Dispatch Points paid by the losing Division; utah:13.1#7-8,
    utah:13.1#11: the roll (at or under the marker's value) is made the same turn;
    utah:13.1#13, utah:13.0#7: then it is part of its new Division in every way — its
    Units, its Leader and its Activation Chit."""
    game = attachment_game(rolls=[2], axis={"attach_away": FJR, "attach_to": ID709})
    dp(game, LL91, 3)
    game.perform("attachment_phase")
    assert dp(game, LL91) == 1
    [begun] = game.events("attachment_begun")
    assert (begun.data["from_division"], begun.data["to_division"]) == (LL91, ID709)
    [rolled] = game.events("attachment_rolled")
    assert (rolled.data["roll"], rolled.data["target"], rolled.data["outcome"]) == (2, 4, "attached")
    new = ref(game, "division", ID709)
    assert game.attr(ref(game, "formation", FJR), "division") == new
    assert game.attr(ref(game, "unit", PARATROOPER_FJR), "division") == new
    assert game.attr(ref(game, "leader", "Kdr FJR 6"), "division") == new
    assert game.attr(ref(game, "chit", f"formation:{FJR}"), "division") == new
    assert ref(game, "unit", PARATROOPER_FJR) in game.value("units_of", new)


def test_a_failed_roll_leaves_it_pending_with_men_at_work():
    """utah:13.1#9: each failed roll adds a Men at Work marker, easier next turn;
    utah:13.1#10: a 9 always fails; utah:13.1#14: while pending no Unit of the Formation
    acts (it may only Pass); utah:13.1#15-16: the process goes on, and the Formation is
    not offered to another Division."""
    game = attachment_game(rolls=[5, 9, 5], axis={"attach_away": [FJR, "none"],
                                                  "attach_to": ID709})
    dp(game, LL91, 6)
    fjr = ref(game, "formation", FJR)
    game.perform("attachment_phase")
    assert game.attr(fjr, "pending_division") == ref(game, "division", ID709)
    assert game.attr(fjr, "attachment_work") == 1
    paratrooper = unit(game, PARATROOPER_FJR, "30.046")
    assert game.value("legal_actions", paratrooper, "formation") == ["pass"]
    assert fjr not in game.value("away_options", ref(game, "division", LL91))
    game.perform("attachment_phase")           # a 9: fails whatever the target
    assert game.attr(fjr, "attachment_work") == 2
    game.perform("attachment_phase")           # 5 <= 4 + 2
    rolls = [(e.data["roll"], e.data["target"], e.data["outcome"])
             for e in game.events("attachment_rolled")]
    assert rolls == [(5, 4, "failed"), (9, 5, "failed"), (5, 6, "attached")]
    assert game.attr(fjr, "division") == ref(game, "division", ID709)
    assert dp(game, LL91) == 4                  # paid once
    assert "move" in game.value("legal_actions", paratrooper, "formation")


def test_pending_attachments_succeed_at_night():
    """utah:13.1#12: "During the Night turn, any pending attachments are automatically
    successful, no roll is necessary."""
    game = attachment_game(rolls=[], axis={"attach_away": FJR, "attach_to": ID709}, night=True)
    dp(game, LL91, 3)
    assert game.value("turn_is", "night")
    game.perform("attachment_phase")
    assert game.events("attachment_rolled") == []
    assert game.attr(ref(game, "formation", FJR), "division") == ref(game, "division", ID709)


def test_americans_send_one_organic_formation_away_at_a_time():
    """utah:13.2#2: only one organic American Formation per Division may be away from its
    parent Division at any one time; utah:13.2#4: the Germans have no such limit."""
    game = attachment_game()
    fourth = ref(game, "division", FOURTH)
    dp(game, FOURTH, 5)
    eighth = ref(game, "formation", EIGHTH)
    assert game.value("formation_may_leave", eighth)
    game.state.catalog["formation"]["16th Infantry Regiment"] = dict(
        game.state.catalog["formation"][EIGHTH], name="16th Infantry Regiment", leader=None)
    link(game, eighth, "home_division", fourth)
    link(game, eighth, "division", ref(game, "division", "82nd Airborne Division"))
    other = ref(game, "formation", "16th Infantry Regiment")
    assert game.value("organic_away", fourth) == [eighth]
    assert not game.value("formation_may_leave", other)
    # The Germans: 91.LL may send both its Formations away.
    german = attachment_game()
    dp(german, LL91, 9)
    link(german, ref(german, "formation", FJR), "home_division", ref(german, "division", LL91))
    link(german, ref(german, "formation", FJR), "division", ref(german, "division", ID709))
    assert german.value("formation_may_leave", ref(german, "formation", GREN_1057))


def test_the_division_displays_limit_formations():
    """utah:13.2#3, utah:13.2#5-6, utah:13.4#6-7: the Formations a Division may have, its
    own included, are its Regimental/Kampfgruppen Composition boxes; utah:13.1#6 (and
    utah:13.2#4): pending attachments count; utah:13.4#9-21: the boxes as listed."""
    game = attachment_game()
    boxes = {d: game.value("formation_boxes", ref(game, "division", d))
             for d in game.state.catalog["division"]}
    assert boxes == {"82nd Airborne Division": 5, "101st Airborne Division": 5,
                     FOURTH: 5, "90th Infantry Division": 3, ID709: 4, LL91: 4,
                     "243.Infanterie-Division": 3, "352.Infanterie-Division": 2,
                     "17.SS-Panzergrenadier-Division": 4,
                     "Force U": 0}                   # the ships' (4.4): no such boxes
    for name, count in (("9th Infantry Division", 4), ("29th Infantry Division", 2),
                        ("77.Infanterie-Division", 3)):
        game.state.catalog["division"][name] = dict(
            game.state.catalog["division"][FOURTH], name=name)
        assert game.value("formation_boxes", ref(game, "division", name)) == count
    # 352.ID (2 boxes) holds Gren 914; a second Formation fills it, a pending third
    # is refused.
    d352 = ref(game, "division", "352.Infanterie-Division")
    link(game, ref(game, "formation", GREN_919), "pending_division", d352)
    assert game.value("boxes_used", d352) == 2
    assert not game.value("division_takes_formation", d352, ref(game, "formation", FJR))
    assert d352 not in game.value("formation_destinations", ref(game, "formation", FJR))


def test_v_corps_attaches_only_within_the_corps():
    """utah:13.4#14-15: V Corps Assets, two organic Formations only, attach only within
    the Corps (the 29th ID and the 2nd AD to each other)."""
    game = attachment_game()
    for name in ("29th Infantry Division", "2nd Armored Division"):
        game.state.catalog["division"][name] = dict(
            game.state.catalog["division"][FOURTH], name=name)
    v29, v2 = ref(game, "division", "29th Infantry Division"), ref(game, "division",
                                                                  "2nd Armored Division")
    fourth = ref(game, "division", FOURTH)
    assert game.value("within_corps", v29, v2)
    assert not game.value("within_corps", v29, fourth)
    assert not game.value("within_corps", fourth, v2)
    assert game.value("within_corps", fourth, ref(game, "division", "82nd Airborne Division"))


def test_vii_corps_assets_take_no_box_of_the_fourth():
    """utah:13.4#11: the 4th ID holds 3 organic Formations, 2 attachments and VII Corps
    assets (Independent Formations, utah:13.0#1-2, tagged `independent`)."""
    game = attachment_game()
    fourth = ref(game, "division", FOURTH)
    game.state.catalog["formation"]["VII Corps Engineers"] = dict(
        game.state.catalog["formation"][EIGHTH], name="VII Corps Engineers", leader=None,
        tags=["independent"])
    assets = ref(game, "formation", "VII Corps Engineers")
    assert game.value("independent_formation", assets)
    assert not game.value("takes_a_box", assets, fourth)
    assert game.value("takes_a_box", assets, ref(game, "division", "82nd Airborne Division"))
    assert game.value("boxes_used", fourth) == 1               # the 8th IR only


def test_independent_formations_belong_to_a_division_from_the_start():
    """utah:13.0#3: Independent Formations and Battalions "must always be attached to a
    Division"; utah:13.0#5: the reinforcement schedule (the order of battle) says which:
    every Formation has one when play starts."""
    game = attachment_game()
    for f in game.state.catalog["formation"]:
        assert game.attr(ref(game, "formation", f), "division") is not None


def battalion_game(**kw):
    """Gren 1057 with two Battalions (II. and a III.), FJR 6 with one (I.)."""
    game = attachment_game(**kw)
    tag(game, "5./II./Gren 1057", "battalion:II./Gren 1057")
    tag(game, "6./II./Gren 1057", "battalion:III./Gren 1057")
    tag(game, "1./I./FJR 6", "battalion:I./FJR 6")
    return game


def test_a_battalion_changes_formation_within_its_division():
    """utah:13.3#1-6: once a turn a Division attaches one Battalion from one Formation to
    another of its own in Step F, for 1 Dispatch Point, no roll: the new Formation's
    Leader commands it and its chit activates it."""
    game = battalion_game(axis={"attach_battalion": "III./Gren 1057",
                                "attach_battalion_to": FJR})
    dp(game, LL91, 2)
    game.perform("attachment_phase")
    fjr = ref(game, "formation", FJR)
    gren = ref(game, "unit", "6./II./Gren 1057")
    assert game.attr(gren, "formation") == fjr
    assert game.attr(gren, "home_formation") == ref(game, "formation", GREN_1057)
    assert dp(game, LL91) == 1
    assert game.events("attachment_rolled") == []
    [event] = game.events("battalion_attached")
    assert event.data["battalion"] == "III./Gren 1057"
    assert game.value("attached_battalions", fjr) == ["III./Gren 1057"]
    # Commanded by the FJR 6's Leader.
    unit(game, "6./II./Gren 1057", "30.046")
    game.place("Kdr FJR 6", "30.046", "leader")
    assert game.value("in_command", gren)
    # Once a turn: the Division may not send another this turn.
    assert not game.value("battalion_move_open", ref(game, "division", LL91), False)


def test_a_formation_keeps_as_many_organic_battalions_as_attached_ones():
    """utah:13.3#7: FJR 6 (one organic Battalion) holding one attached Battalion may not
    take a second, nor give away its own."""
    game = battalion_game()
    fjr = ref(game, "formation", FJR)
    gren = ref(game, "formation", GREN_1057)
    third = ref(game, "unit", "6./II./Gren 1057")
    link(game, third, "home_formation", gren)
    link(game, third, "formation", fjr)
    assert game.value("organic_battalions", fjr) == ["I./FJR 6"]
    assert game.value("attached_battalions", fjr) == ["III./Gren 1057"]
    assert not game.value("formation_takes_battalion", fjr, "II./Gren 1057")
    assert not game.value("formation_gives_battalion", fjr, "I./FJR 6")
    assert game.value("formation_gives_battalion", fjr, "III./Gren 1057")
    assert game.value("formation_takes_battalion", gren, "III./Gren 1057")   # back home


def test_five_battalions_to_a_formation():
    """utah:13.4#4-5: at most five Battalions in a Formation, its organic ones included."""
    game = battalion_game()
    gren = ref(game, "formation", GREN_1057)
    units = ["5./II./Gren 1057", "6./II./Gren 1057", "A/1/8", "B/1/8", "C/1/8"]
    for n, unit_id in enumerate(units):
        tag(game, unit_id, f"battalion:B{n}")
        link(game, ref(game, "unit", unit_id), "formation", gren)
    assert len(game.value("battalions_in", gren)) == 5
    assert not game.value("formation_takes_battalion", gren, "I./FJR 6")
    link(game, ref(game, "unit", "C/1/8"), "formation", ref(game, "formation", EIGHTH))
    assert game.value("formation_takes_battalion", gren, "I./FJR 6")


def test_the_germans_also_attach_a_battalion_across_divisions():
    """utah:13.5#2: once a turn the German player may also attach an organic Battalion
    of one Division to a Formation of another, as well as one within a Division;
    utah:13.5#3: to a Formation, within 13.4's limits; it joins that Division."""
    game = battalion_game(axis={"attach_battalion": "none",
                                "attach_battalion_across": "II./Gren 1057",
                                "attach_battalion_to": FJR})
    fjr, d709 = ref(game, "formation", FJR), ref(game, "division", ID709)
    link(game, fjr, "division", d709)
    link(game, ref(game, "unit", "1./I./FJR 6"), "division", d709)
    dp(game, LL91, 2)
    game.perform("attachment_phase")
    gren = ref(game, "unit", "5./II./Gren 1057")
    assert game.attr(gren, "formation") == fjr
    assert game.attr(gren, "division") == d709
    assert dp(game, LL91) == 1
    assert game.attr(ref(game, "side", "Axis"), "battalion_across") == 1
    # The Americans may not (utah:13.5#2 is the Germans').
    dp(game, FOURTH, 3)
    assert not game.value("battalion_move_open", ref(game, "division", FOURTH), True)
    assert game.value("battalion_move_open", ref(game, "division", FOURTH), False)


def test_independent_battalions_attach_at_division_level_or_to_a_formation():
    """utah:13.1#3: an Independent Battalion attaches at the Division level, or directly
    to a Formation if its Units have a colour stripe; utah:13.1#4: at the Division
    level it is activated as the Division's Independent Units; utah:13.1#5: attached to
    a Formation it is no longer Independent; utah:13.4#2-3: Division-level Battalions
    share a Composition box, five to a box; utah:13.1#2: 1 Dispatch Point."""
    game = attachment_game(rolls=[1], axis={"attach_away": "Flak 1", "attach_to": GREN_919})
    independent_battalion(game, "red")
    flak = ref(game, "unit", "6./II./Gren 1057")
    ll91 = ref(game, "division", LL91)
    assert game.value("independent", flak)
    assert game.value("division_level_battalions", ll91) == ["Flak 1"]
    assert game.value("boxes_used", ll91) == 3              # two Formations and the box
    dp(game, LL91, 1)
    destinations = game.value("battalion_destinations", "Flak 1")
    assert ref(game, "formation", GREN_919) in destinations
    assert ref(game, "division", ID709) in destinations
    game.perform("attachment_phase")
    assert dp(game, LL91) == 0
    assert game.attr(flak, "formation") == ref(game, "formation", GREN_919)
    assert game.attr(flak, "division") == ref(game, "division", ID709)
    assert not game.value("independent", flak)
    # White-striped: the Division level only, where it stays Independent.
    other = attachment_game(rolls=[1], axis={"attach_away": "Flak 1", "attach_to": ID709})
    independent_battalion(other, "white")
    places = other.value("battalion_destinations", "Flak 1")
    assert places and all(p.kind == "division" for p in places)
    dp(other, LL91, 1)
    other.perform("attachment_phase")
    flak = ref(other, "unit", "6./II./Gren 1057")
    assert other.attr(flak, "division") == ref(other, "division", ID709)
    assert other.attr(flak, "formation") is None and other.value("independent", flak)


def independent_battalion(game, stripe):
    entry = game.state.catalog["unit"]["6./II./Gren 1057"]
    entry.update(tags=["independent", "battalion:Flak 1"], formation=None, stripe=stripe)
    for face in entry["faces"].values():
        face["stripe"] = stripe
