"""Errata 13.6 (modules/utah/errata/transport_and_parks.ksr): an Independent (Corps)
Artillery Unit may form an Artillery Park for any Division on the map, and join any
Division's Park; as printed, only its own Division's."""

from __future__ import annotations

from utah_games import GRENADIER, unit, utah_game

GERMAN = "91.Luftlande Infanterie-Division"
ID709 = "709.Infanterie-Division"


def corps_gun(game):
    for side in ("front", "back"):
        game.state.catalog["unit"][GRENADIER]["faces"][side].update(
            auto_command=True, stripe="white", weapon_class="IHE")
    return unit(game, GRENADIER, "30.045")


def test_corps_artillery_forms_a_park_for_any_division_on_the_map():
    """utah:errata:13.6: "an Independent Artillery Unit can form an Artillery Park for any
    division that is currently on the map, but it is then considered part of that
    division for purposes of contact rolls" — 709.ID (a Unit on the map) pays its
    Dispatch Point for a Park on the 91.LL's Corps gun, and the gun is in it."""
    game = utah_game(allied={})
    game.players.players["Axis"].answers["create_artillery_park"] = (
        lambda d: next(o for o in d.options if o != "none"))
    gun = corps_gun(game)
    unit(game, "6./II./Gren 1057", "31.045")
    d709 = game.ref("division", ID709)
    assert not game.value("division_on_map", d709)
    assert game.value("corps_park_candidates", d709) == [gun]
    game.state.catalog["unit"]["6./II./Gren 1057"]["division"] = ID709
    assert game.value("division_on_map", d709)
    game.set_initial(d709, "dp", 1)
    game.perform("create_parks", d709)
    assert game.attr(gun, "in_artillery_park") == 1
    assert game.value("hex_at", "30.045") is not None
    assert game.attr(game.value("hex_at", "30.045"), "park_of") == d709
    assert game.attr(d709, "dp") == 0
    assert game.value("contact_division", gun) == d709


def test_as_printed_only_its_own_division_s_park():
    """utah:errata:13.6 off (as printed): the Corps gun is no candidate for another
    Division's Park, and may not dismount into one; with the errata it may."""
    printed = utah_game(as_printed=True)
    gun = corps_gun(printed)
    d709 = printed.ref("division", ID709)
    assert not printed.value("may_join_park", gun, d709)
    assert printed.value("may_join_park", gun, printed.ref("division", GERMAN))
    corrected = utah_game()
    gun = corps_gun(corrected)
    assert corrected.value("may_join_park", gun, corrected.ref("division", ID709))
    assert not corrected.value("may_join_park", unit(corrected, "6./II./Gren 1057", "31.045"),
                               corrected.ref("division", ID709))
