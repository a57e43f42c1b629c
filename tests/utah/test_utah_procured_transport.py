"""17.SS Procured Transportation (utah:16.6): without the optional use of the vehicles
the Units have no transport; with it, until they first dismount
(modules/utah/rules/procured_transport.ksr, modules/utah/optional/procured_transport.ksr).
A 4th Infantry Division company stands in for a 17.SS one (none is in the
demonstrations' catalog): its flip side made a French civilian vehicle."""

from __future__ import annotations

from utah_games import INFANTRY, unit, utah_game


def procured_game(options=()):
    game = utah_game(allied={"move": ["dismount"]}, options=options)
    entry = game.state.catalog["unit"][INFANTRY]
    entry["back_kind"] = "transport"
    entry["tags"].append("procured_transport")
    entry["faces"]["back"] = dict(entry["faces"]["front"], movement=8, movement_class="wheeled")
    return game


def test_16_6_without_the_optional_rule_no_transport():
    """utah:16.6#7: "The underlined steps are there to remind you that the Unit does not
    have organic transport, despite what is on the back of the counter"."""
    game = procured_game()
    inf = unit(game, INFANTRY, "33.046")
    assert game.state.catalog["unit"][INFANTRY]["back_kind"] == "transport"   # its back
    assert not game.value("can_mount_now", inf, "formation")
    assert "transport" not in game.value("legal_actions", inf, "formation")


def test_16_6_the_vehicles_until_the_first_dismount():
    """utah:16.6#4: with the optional rule, such Units "cannot remount once they have
    dismounted"; utah:16.6#6: "once they dismount the Unit is treated as having a
    permanent 'Abandoned Transport' marker"; utah:16.6#5: mounted, in and out of Column
    as they please."""
    game = procured_game(options=["utah:16.6"])
    inf = unit(game, INFANTRY, "33.046")
    assert game.value("can_mount_now", inf, "formation")
    game.perform("mount", inf)                                  # the series' mounting
    assert game.attr(inf, "face") == "back"
    game.set_initial(inf, "half_points_left", 16)
    assert "enter_column" in game.value("move_choices", [inf], "formation", False, False)
    game.perform("move", [inf], "formation")                    # dismounts
    assert game.attr(inf, "face") == "front"
    assert game.attr(inf, "procured_transport_given_up") == 1
    assert not game.value("transport_at_hand", inf)            # for good (15.0's marker)
    assert not game.value("can_mount_now", inf, "formation")
