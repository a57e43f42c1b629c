"""The 90th Infantry Division's Deployment restrictions (utah:17.4) and the errata's
replacement of the rule (utah:errata:17.4), on the causeway demonstration (7 June) with
one of its companies made the 359th's (modules/utah/rules/deployment_90th.ksr)."""

from __future__ import annotations

import pytest
from utah_games import GRENADIER, INFANTRY, unit, utah_game

from kriegsspiel.core.state import Ref

NINETIETH = "90th Infantry Division"
AREA = [f"{c}.{r:03d}" for c in (33, 34) for r in (46, 47)]


def ninetieth_game(as_printed=False, into_division=True):
    game = utah_game(as_printed=as_printed, allied={"move": ["34.048", "stop"]})
    cat = game.state.catalog
    cat["area"]["90th ID Assembly Area"]["hexes"] = AREA
    cat["unit"][INFANTRY]["formation"] = "359th Infantry Regiment"
    if into_division:
        cat["unit"][INFANTRY]["division"] = NINETIETH
    return game


def relabel(game, day):
    for turn in game.state.catalog["game"]["game"]["turns"]:
        turn["label"] = day + turn["label"][10:]


def test_17_4_the_90th_stays_in_its_area_until_8_june():
    """utah:17.4#1, utah:errata:17.4#1, utah:errata:17.4#2, utah:errata:17.4#3: "90th
    Infantry Division Units must move to the 90th ID Assembly Area ... and remain in
    that area until 0700, 8 June. This includes the Units of the 359th Infantry
    Regiment even when it is attached to the 4th Division" — in it, no hex out of it;
    outside, only hexes nearer to it."""
    game = ninetieth_game()
    inf = unit(game, INFANTRY, "34.047")
    assert game.value("entry_barred", inf, "34.048")           # out of the area
    assert not game.value("entry_barred", inf, "33.047")       # within it
    game.place(INFANTRY, "34.050")
    assert not game.value("entry_barred", inf, "34.049")       # nearer
    assert game.value("entry_barred", inf, "34.051")           # farther
    other = unit(game, "B/1/8", "34.047")                       # the 4th's own: free
    assert not game.value("entry_barred", other, "34.048")
    attached = ninetieth_game(into_division=False)              # the 359th with the 4th
    inf = unit(attached, INFANTRY, "34.047")
    assert attached.value("entry_barred", inf, "34.048")
    relabel(game, "1944-06-08")
    game.place(INFANTRY, "34.047")
    assert not game.value("entry_barred", inf, "34.048")


def test_17_4_restricted_the_90th_is_not_supplied():
    """utah:17.4#2, utah:errata:17.4#4: "While the 90th Infantry Division is restricted to
    its Assembly Area, it is treated as a Non-Supplied Division as per 17.3" — half its
    roll for Command Points, from the day it lands (17.3's limits start on 8 June)."""
    game = ninetieth_game()
    division = Ref("division", NINETIETH)
    assert game.value("non_supplied", division)
    assert game.value("command_points_gained", division, 7) == 3
    assert not game.value("non_supplied", Ref("division", "4th Infantry Division"))
    relabel(game, "1944-06-08")
    assert not game.value("restricted_non_supplied", division)


FIRE = """
procedure fire_for_test(firer: unit, target: unit) @utah:17.4 {
  step fire @utah:17.4 { run direct_fire(firer, target, "fire", 0) }
}
"""


@pytest.mark.parametrize("as_printed", [True, False])
def test_17_4_direct_fire_removes_the_restrictions(as_printed):
    """utah:17.4#3: "These restrictions are removed if any Unit of the 90th Infantry
    Division comes under Direct Fire attack"; utah:errata:17.4#5: "(including the 359th
    Infantry Regiment) ... while in a hex of the Assembly Area" — as printed, fire
    anywhere frees them."""
    from kriegsspiel.engine.rulebook import ExtraRules
    for where, freed in (("34.050", as_printed), ("34.047", True)):
        game = utah_game(as_printed=as_printed, rolls=[9, 9, 9],
                         extra=(ExtraRules("fire_for_test.ksr", FIRE),))
        cat = game.state.catalog
        cat["area"]["90th ID Assembly Area"]["hexes"] = AREA
        cat["unit"][INFANTRY]["formation"] = "359th Infantry Regiment"
        cat["unit"][INFANTRY]["division"] = NINETIETH
        inf = unit(game, INFANTRY, where)
        german = unit(game, GRENADIER, where[:3] + "0" + str(int(where[4:]) + 1))
        game.perform("fire_for_test", german, inf)
        assert (game.events("ninetieth_restrictions_removed") != []) == freed
        assert game.value("ninetieth_restricted") == (not freed)
        assert game.value("non_supplied", Ref("division", NINETIETH)) == (not freed)


def test_errata_17_4_released_the_359th_stays_attached_to_the_4th():
    """utah:errata:17.4#6: "If this occurs they will remain attached to the 4th ID" — the
    release changes no attachment (13.x): the 359th, attached to the 4th, stays so."""
    from kriegsspiel.engine.rulebook import ExtraRules
    game = utah_game(rolls=[9, 9, 9], extra=(ExtraRules("fire_for_test.ksr", FIRE),))
    cat = game.state.catalog
    cat["area"]["90th ID Assembly Area"]["hexes"] = AREA
    regiment = Ref("formation", "359th Infantry Regiment")
    fourth = Ref("division", "4th Infantry Division")
    game.set_initial(regiment, "division", fourth)
    cat["unit"][INFANTRY]["formation"] = "359th Infantry Regiment"
    inf = unit(game, INFANTRY, "34.047")
    german = unit(game, GRENADIER, "34.048")
    game.perform("fire_for_test", german, inf)
    assert game.events("ninetieth_restrictions_removed")
    assert game.attr(regiment, "division") == fourth


def reattachment_game(as_printed=False, day="1944-06-08", hex_id="33.046", chit_bought=False):
    game = ninetieth_game(as_printed=as_printed, into_division=False)
    game.players.players["Allied"].answers["reattach_359th"] = "90th"
    regiment = game.ref("formation", "359th Infantry Regiment")
    fourth = game.ref("division", "4th Infantry Division")
    game.state.set_link(regiment, "division", fourth, [{"what": "set-up", "link": "division"}])
    game.set_initial(regiment, "chit_status", 1 if chit_bought else 0)
    inf = unit(game, INFANTRY, hex_id)
    game.state.set_link(inf, "division", fourth, [{"what": "set-up", "link": "division"}])
    relabel(game, day)
    dp = game.attr(fourth, "dp")
    game.perform("attachment_phase")
    assert game.attr(fourth, "dp") == dp                              # free
    return game.attr(regiment, "division").id, game.attr(inf, "division").id


def test_errata_17_4_the_359th_reattached_free_in_step_f_of_0700_8_june():
    """utah:errata:17.4#7: "If the 359th Infantry Regiment remains in the 90th ID Assembly
    Area until 0700, 8 June, and has not been activated by 4th ID during Step D of this
    turn, then it can be automatically attached back to the 90th ID or remain with the
    4th ID"; utah:errata:17.4#8: "a one-time, immediate, free attachment, but only during
    Step F of the 0700, 8 June turn" — not on 7 June, not with a Unit out of the area,
    not with its chit bought this turn, not as printed."""
    assert reattachment_game() == (NINETIETH, NINETIETH)
    fourth = "4th Infantry Division"
    assert reattachment_game(day="1944-06-07") == (fourth, fourth)
    assert reattachment_game(hex_id="35.046") == (fourth, fourth)
    assert reattachment_game(chit_bought=True) == (fourth, fourth)
    assert reattachment_game(as_printed=True) == (fourth, fourth)
