"""The heuristic GTS bot's style knobs (modules/gts/bot_style.py) on
situations of the Crete Learning Scenario, where the game turns on the Axis
charging the Allied stack on the Port of Kastelli (06.04): a charged hex's
holder fails a Troop Quality Check and every defender is lost, unless his
side pays a Command Point to pass it (gts:18.7 5B, 29.47; docs/players.md
"Policy switching"), and of SNAFU and Last, Best Chance (below). Each knob changes the answer
where its style differs, and the default style's answer stays what it was."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import Table
from kriegsspiel.dsl.runtime import Decision
from kriegsspiel.engine.starting import start
from kriegsspiel.modules.gts.bot import HeuristicPlayer
from kriegsspiel.modules.gts.bot_style import DEFAULT, STYLES

PORT = "06.04"
NZ = "2nd New Zealand Division"


def _learning():
    session = start("crete/learning", Table({}), seed=1)
    return session, session.ref("side", "Allied"), session.ref("side", "Axis")


def _points(session, division: str, cp: int) -> None:
    session.state.set_track(session.ref("division", division), "cp", cp, [])


def test_a_massing_style_acts_with_the_units_of_its_hex_that_keep_its_pace():
    """``stack``: the three Pioneers stacked at 15.06 act as one (gts:14.7);
    the Panzerjäger (movement "star", not the Pioneers' 5) is left out, as a
    stack would move at its pace. The default acts alone."""
    session, _, axis = _learning()
    lead, second, third = (session.ref("unit", f"{n}. Geb.Pi. 95") for n in (1, 2, 3))
    gun = session.ref("unit", "1. Geb.Pz.Jäg. 95")
    session.place(gun.id, "15.06")
    asked = Decision(axis, "stack_with", lead, (second, third, gun, "done"))
    assert HeuristicPlayer(session, 1).decide(asked) == "done"
    massing = HeuristicPlayer(session, 1, replace(DEFAULT, stack=True))
    assert massing.decide(asked) == second
    assert massing.decide(Decision(axis, "stack_with", lead, (gun, "done"))) == "done"


def test_a_guarded_style_keeps_points_for_the_check_that_holds_a_charged_hex():
    """``charge_reserve``: with 2 Command Points left the default buys a check
    for a Unit next to the port (it matters) and pays for a Second Action
    near the enemy; the guarded style keeps both points — and spends one on
    the check the holder of a charged hex takes (the last answer:
    ``charge_check_unit``)."""
    session, allied, _ = _learning()
    police = session.ref("unit", "Kastelli")
    session.place("1. Geb.Pi. 95", "07.06")
    assert session.state.distance("07.06", session.state.placement["Kastelli"]) <= 2
    _points(session, NZ, 2)
    check = Decision(allied, "buy:tq_check", police, (False, True))
    second = Decision(allied, "second_action", police, (False, True))
    default, guarded = HeuristicPlayer(session, 1), HeuristicPlayer(session, 1, STYLES["guarded"])
    assert guarded.style.charge_reserve == 2
    assert default.decide(check) is True and default.decide(second) is True
    assert guarded.decide(check) is False and guarded.decide(second) is False
    other = session.ref("unit", "1. Geb.Pi. 95")
    session.players.record.append({"player": "Allied", "key": "charge_check_unit",
                                   "answer": other})  # another Unit named to take it
    assert guarded.decide(check) is False
    session.players.record.append({"player": "Allied", "key": "charge_check_unit",
                                   "answer": police})
    assert guarded.decide(check) is True and default.decide(check) is True


def test_a_firing_first_style_shoots_at_defenders_who_could_buy_the_charge_check():
    """``fire_first``: a Pioneer next to a Greek Unit on the port assaults it
    (an objective, at good odds) — the default's answer, whatever the
    defenders' points; the style that fires first shoots instead while the
    defenders' Division has a point to pass the charge's check, and
    assaults once it has none."""
    session, _, axis = _learning()
    session.place("3 A/1 Inf", PORT)
    session.place("1. Geb.Pi. 95", "07.04")
    pioneer = session.ref("unit", "1. Geb.Pi. 95")
    asked = Decision(axis, "action", pioneer, ("move", "fire", "assault", "pass"))
    default, firing = HeuristicPlayer(session, 1), HeuristicPlayer(session, 1, STYLES["guarded"])
    assert firing.style.fire_first
    _points(session, NZ, 1)
    assert default.decide(asked) == "assault"
    assert firing.decide(asked) == "fire"
    _points(session, NZ, 0)
    assert default.decide(asked) == "assault" and firing.decide(asked) == "assault"


def test_an_outcharging_style_charges_when_more_may_charge_than_points_can_buy_off():
    """``outcharge``: with one point left to the port's defenders and two
    Pioneers next to it yet to act, the one asked assaults and charges (the
    first charge bought off spends the point the second must find gone),
    where the style that only fires first shoots, and fights by Assault Fire;
    with the other Pioneer done, or two points, it shoots as that style
    does; on the last turn it charges whatever the points. The default
    assaults and charges throughout."""
    session, _, axis = _learning()
    session.place("3 A/1 Inf", PORT)
    for n in (1, 2):
        session.place(f"{n}. Geb.Pi. 95", "07.04")
    pioneer, other = (session.ref("unit", f"{n}. Geb.Pi. 95") for n in (1, 2))
    session.state.set_track(pioneer, "acted", 1, [])   # the one now asked
    asked = Decision(axis, "action", pioneer, ("move", "fire", "assault", "pass"))
    how = Decision(axis, "charge_or_fire", PORT, ("assault_fire", "charge"))
    default, guarded = HeuristicPlayer(session, 1), HeuristicPlayer(session, 1, STYLES["guarded"])
    outcharging = HeuristicPlayer(session, 1, STYLES["outcharging"])
    assert outcharging.style.outcharge and not guarded.style.outcharge

    def answers() -> tuple:
        return tuple(p.decide(q) for p in (default, guarded, outcharging) for q in (asked, how))
    _points(session, NZ, 1)
    assert answers() == ("assault", "charge", "fire", "assault_fire", "assault", "charge")
    session.state.set_track(other, "acted", 1, [])
    assert answers() == ("assault", "charge", "fire", "assault_fire", "fire", "assault_fire")
    session.state.set_track(other, "acted", 0, [])
    _points(session, NZ, 2)
    assert answers() == ("assault", "charge", "fire", "assault_fire", "fire", "assault_fire")
    turns = session.state.catalog["game"]["game"]["turns"]
    session.state.record("turn_advanced", {"turn": len(turns) - 1}, [])
    assert outcharging.turns_left() == 0
    assert answers() == ("assault", "charge", "fire", "assault_fire", "assault", "charge")


def test_a_suppressing_style_shoots_until_few_defenders_have_fire_zones_left():
    """``unsuppressed_defenders``: a Pioneer next to the port held by six
    Greek Units assaults it (an objective, at the odds the default takes),
    whatever they are; the suppressing style (at most 4 unsuppressed) shoots
    instead while more than four are unsuppressed — each projects a Fire Zone, to
    Opportunity Fire at a charger in-hex and set its Bravery Check (gts:18.7
    steps 2-3; a Suppressed Unit projects none, gts:19.2.2) — and assaults
    once two are Suppressed; ``charge_deadline``: on the next-to-last turn
    (one turn follows) it holds no longer."""
    session, _, axis = _learning()
    greeks = ["1 A/1 Inf", "2 A/1 Inf", "3 A/1 Inf", "1 B/1 Inf", "2 B/1 Inf", "Kastelli"]
    for name in greeks:
        session.place(name, PORT)
    session.place("1. Geb.Pi. 95", "07.04")
    session.place("2. Geb.Pi. 95", "07.04")
    pioneer = session.ref("unit", "1. Geb.Pi. 95")
    asked = Decision(axis, "action", pioneer, ("move", "fire", "assault", "pass"))
    default = HeuristicPlayer(session, 1)
    suppressing = HeuristicPlayer(session, 1, STYLES["suppressing"])
    assert suppressing.style.unsuppressed_defenders == 4
    assert suppressing.turns_left() > suppressing.style.charge_deadline
    assert default.decide(asked) == "assault"
    assert suppressing.decide(asked) == "fire"
    session.state.set_track(session.ref("unit", greeks[0]), "suppressed", 1, [])
    assert suppressing.unsuppressed(PORT) == 5 and suppressing.decide(asked) == "fire"
    session.state.set_track(session.ref("unit", greeks[1]), "suppressed", 1, [])
    assert suppressing.unsuppressed(PORT) == 4
    assert default.decide(asked) == "assault" and suppressing.decide(asked) == "assault"
    for name in greeks[:2]:
        session.state.set_track(session.ref("unit", name), "suppressed", 0, [])
    turns = session.state.catalog["game"]["game"]["turns"]
    session.state.record("turn_advanced", {"turn": len(turns) - 2}, [])
    assert suppressing.turns_left() == 1
    assert default.decide(asked) == "assault" and suppressing.decide(asked) == "assault"


def test_ks_play_names_a_style_as_a_heuristic_players_knob():
    """``heuristic:style=NAME`` seats the bot in a named style; a misspelt
    style or knob is refused with a did-you-mean."""
    from kriegsspiel.tools.seats import players_for
    session, _, _ = _learning()
    table = players_for(["Allied", "Axis"], ["heuristic:style=guarded", "heuristic"], 1, session)
    assert table.players["Allied"].style is STYLES["guarded"]
    assert table.players["Axis"].style is DEFAULT
    with pytest.raises(KsError) as error:
        players_for(["Allied", "Axis"], ["heuristic:style=gaurded"], 1, session)
    assert "no bot style 'gaurded'" in str(error.value) and "guarded" in str(error.value.hint)
    with pytest.raises(KsError, match="no setting 'stile'"):
        players_for(["Allied", "Axis"], ["heuristic:stile=guarded"], 1, session)


def test_ks_play_changes_a_styles_knobs_as_heuristic_players_knobs():
    """Each Style knob is a knob of the heuristic kind too, over the named
    style (``heuristic:style=storming:good_shot=1``), read as its type: a
    flag 0 or 1, a count that may be none; a bad value is refused."""
    from kriegsspiel.tools.seats import players_for
    session, _, _ = _learning()
    table = players_for(["Allied", "Axis"], [
        "heuristic:good_shot=1:fire_first=1",
        "heuristic:style=storming:unsuppressed_defenders=none:assault_odds=0.8"], 1, session)
    allied, axis = table.players["Allied"].style, table.players["Axis"].style
    assert (allied.good_shot, allied.fire_first, allied.any_shot) == (1, True, DEFAULT.any_shot)
    assert axis.unsuppressed_defenders is None and axis.assault_odds == 0.8
    assert axis.good_shot == STYLES["storming"].good_shot == 7
    assert STYLES["storming"].unsuppressed_defenders == 4  # the named style is unchanged
    with pytest.raises(KsError, match="'2' is not 0 or 1"):
        players_for(["Allied", "Axis"], ["heuristic:stack=2"], 1, session)
    with pytest.raises(KsError, match="is not a whole number or none"):
        players_for(["Allied", "Axis"], ["heuristic:unsuppressed_defenders=all"], 1, session)
    with pytest.raises(KsError) as error:
        players_for(["Allied", "Axis"], ["heuristic:goodshot=1"], 1, session)
    assert "good_shot" in str(error.value.hint)


def test_an_unstacked_style_steps_only_where_it_leaves_the_hex_within_the_limit():
    """``unstacked``: a Greek Unit two hexes from the port steps into the one
    hex nearer it (07.04) — the default's answer however many steps stand
    there; the unstacked style does not when its 2 steps would make more than
    the rules' 8 (gts:14.7: an overstacked Unit may not assault), and does
    when they make 8 exactly."""
    session, allied, _ = _learning()
    greek = session.ref("unit", "1 B/1 Inf")
    for name in ("1 A/1 Inf", "2 A/1 Inf", "3 A/1 Inf"):  # 6 steps
        session.place(name, "07.04")
    asked = Decision(allied, "move", greek, ("07.04", "08.04", "stop"))
    default = HeuristicPlayer(session, 1)
    unstacked = HeuristicPlayer(session, 1, replace(DEFAULT, unstacked=True))
    assert default.decide(asked) == "07.04" and unstacked.decide(asked) == "07.04"
    session.place("Kastelli", "07.04")  # 7 steps: with the Unit's 2, overstacked
    assert default.decide(asked) == "07.04"
    assert unstacked.decide(asked) != "07.04"


def test_a_denying_style_shoots_first_at_units_whose_fire_zones_win_the_enemy_the_game():
    """``deny_zones``: on Last, Best Chance the Allies win a minor victory by
    projecting a Fire Zone on two of the three airfield hexes at the end
    (a ``fire_zone`` victory condition, crete:scenario:7). An Axis Unit at
    12.06 offered two Allied targets shoots, by default, the one it hits
    more easily (at 13.06); the denying style shoots the one next to 11.05,
    whose Fire Zone covers that airfield hex — and stops at the Unit it
    would otherwise move on from, to shoot it; a Suppressed Unit projects no
    Fire Zone (gts:19.2.2) and is no longer one to deny."""
    session = start("crete/last_chance", Table({}), seed=1)
    axis = session.ref("side", "Axis")
    session.place("A 22 Bn", "11.06")  # next to 11.05
    session.place("B 22 Bn", "13.06")  # next to no airfield hex
    firer = session.ref("unit", "1. Kgr. Ramcke")
    threat, other = session.ref("unit", "A 22 Bn"), session.ref("unit", "B 22 Bn")
    default = HeuristicPlayer(session, 1)
    denying = HeuristicPlayer(session, 1, replace(DEFAULT, deny_zones=True))
    assert denying.denied_hexes("Axis") == ["09.04", "10.04", "11.05"]
    assert denying.denied_hexes("Allied") == []
    assert default.shot(firer, threat) < default.shot(firer, other)
    asked = Decision(axis, "fire_target", firer, (threat, other))
    assert default.decide(asked) == other and denying.decide(asked) == threat
    session.place("B 22 Bn", "24.08")  # only the threat in reach, a shot below good_shot
    assert 0 < default.best_shot(firer) < DEFAULT.good_shot
    acting = Decision(axis, "action", firer, ("move", "fire", "pass"))
    assert default.decide(acting) == "move" and denying.decide(acting) == "fire"
    session.state.set_track(threat, "suppressed", 1, [])
    assert not denying.zone_threat(firer, threat)
    assert denying.decide(acting) == "move"


# SNAFU (crete/snafu): the Axis paratroopers win holding the port 08.13 and
# the airfield hexes 27.12 and 28.11 at one turn's end; the Allies by 13
# Axis steps eliminated (docs/players.md, "Where SNAFU games are decided").

def _snafu():
    session = start("crete/snafu", Table({}), seed=1)
    return session, session.ref("side", "Allied"), session.ref("side", "Axis")


def test_a_style_that_never_surrenders_stands_where_running_away_would_lose_the_unit():
    """``no_surrender``: a paratrooper assaulted by three Australian
    companies runs away (the odds are below the default's 0.6) — and while
    it can, so does the style; Suppressed, or with every hex round it held
    but the assaulters', running away would surrender it (gts:18.7 5A: the
    rules' ``may_run_away``, ``run_away_hexes``), and the style stands where
    the default runs."""
    session, _, axis = _snafu()
    para = session.ref("unit", "9./III./FJR 2 •")
    session.place(para.id, "20.14")
    assaulters = [session.ref("unit", n) for n in ("D 2/11 Inf •", "C 2/11 Inf •", "B 2/11 Inf •")]
    for unit in assaulters:
        session.place(unit.id, "21.14")
    session.state.record("assault_declared", {"units": assaulters[:1], "hex": "20.14"}, [])
    asked = Decision(axis, "stand_or_run", "20.14", ("stand", "run_away"))
    default = HeuristicPlayer(session, 1)
    standing = HeuristicPlayer(session, 1, replace(DEFAULT, no_surrender=True))
    assert default.decide(asked) == "run_away" and standing.decide(asked) == "run_away"
    session.state.set_track(para, "suppressed", 1, [])
    assert default.decide(asked) == "run_away" and standing.decide(asked) == "stand"
    session.state.set_track(para, "suppressed", 0, [])
    for name, hex_id in zip(("A 2/11 Inf •", "S(Mtr) 2/11 Inf •", "HQ 2/1 Inf •", "C 2/1 Inf •",
                             "A 2/1 Inf •"), ("20.13", "21.15", "20.15", "19.15", "19.14")):
        session.place(name, hex_id)
    assert standing.rule("run_away_hexes", [para], "21.14") == []
    assert default.decide(asked) == "run_away" and standing.decide(asked) == "stand"


def test_a_style_that_claims_once_sends_its_units_to_the_objectives_it_does_not_hold():
    """``claim_once``: control of a port or airfield hex is the last
    occupier's (crete:S6.0), so a hex the side holds stays its own when its
    Units leave it. With the port taken and left, the paratrooper near it is
    sent to an airfield hex; the default sends it back to the port. With all
    three held, the style aims at every one again."""
    session, _, _ = _snafu()
    near_port, near_field = (session.ref("unit", n) for n in ("9./III./FJR 2 •",
                                                              "11./III./FJR 2 •"))
    session.place(near_field.id, "26.11")
    session.place(near_port.id, "10.12")
    default = HeuristicPlayer(session, 1)
    claiming = HeuristicPlayer(session, 1, replace(DEFAULT, claim_once=True))
    assert default.goal_of(near_port) == claiming.goal_of(near_port) == "08.13"
    session.place(near_port.id, "08.13")
    session.place(near_port.id, "10.12")
    assert claiming.rule("controller", "08.13") == session.ref("side", "Axis")
    assert default.goal_of(near_port) == "08.13"
    assert claiming.goal_of(near_port) in ("27.12", "28.11")
    for hex_id in ("27.12", "28.11", "26.11"):
        session.place(near_field.id, hex_id)
    assert claiming.goal_of(near_port) == "08.13"
    named = STYLES["claiming"]  # the four SNAFU knobs together
    assert (named.no_surrender, named.safe_drops, named.dig_unseen, named.claim_once) == \
        (True, True, True, True)


def test_a_style_that_digs_unseen_passes_on_an_objective_in_an_enemy_fire_zone():
    """``dig_unseen``: a paratrooper on the port with nothing to do but dig
    in or pass digs in (the default: an Improved Position on an objective);
    the Engineer Action is an Action in the Greek police's Fire Zones, which
    they may Opportunity Fire at (gts:29.26) — a Pass draws none — so the
    style passes there, and digs in as the default does once no enemy Fire
    Zone reaches the hex."""
    session, _, axis = _snafu()
    para = session.ref("unit", "9./III./FJR 2 •")
    session.place(para.id, "08.13")
    asked = Decision(axis, "action", para, ("engineer", "pass"))
    default = HeuristicPlayer(session, 1)
    unseen = HeuristicPlayer(session, 1, replace(DEFAULT, dig_unseen=True))
    assert default.in_enemy_zone("08.13", "Axis")
    assert default.decide(asked) == "engineer" and unseen.decide(asked) == "pass"
    for name, hex_id in zip(("Rethymnon", "Platanias", "Gallos", "Perivolia"),
                            ("12.20", "13.20", "14.20", "15.20")):
        session.place(name, hex_id)
    unseen = HeuristicPlayer(session, 1, replace(DEFAULT, dig_unseen=True))
    assert not unseen.in_enemy_zone("08.13", "Axis")
    assert default.decide(asked) == "engineer" and unseen.decide(asked) == "engineer"


def test_a_style_of_safe_drops_lands_where_the_fewest_enemy_fire_zones_reach():
    """``safe_drops``: Stick Four's drop zone is within 1 hex of 31.11; the
    default lands a company on the hex nearest an objective (30.10, 2 from
    28.11), in three Australian Units' Fire Zones — +3 on the Drop Table
    (crete:4.2.1: the rules' ``enemy_fire_zone_units``); the style lands it
    where one reaches, the nearest such hex to an objective (31.10)."""
    session, _, axis = _snafu()
    unit = session.ref("unit", "1./I./FJR 2 •")
    hexes = ("31.11", "30.11", "30.10", "31.10", "32.10", "32.11")
    asked = Decision(axis, "drop_hex", unit, hexes)
    default = HeuristicPlayer(session, 1)
    safe = HeuristicPlayer(session, 1, replace(DEFAULT, safe_drops=True))
    assert default.decide(asked) == "30.10" and safe.decide(asked) == "31.10"
    covering = [len(safe.rule("enemy_fire_zone_units", h, axis)) for h in ("30.10", "31.10")]
    assert covering == [3, 1]
