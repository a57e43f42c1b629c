"""German Hunter Killer groups (utah:16.5) and the errata's clarification
(utah:errata:16.5), on the causeway demonstration (7 June) with scripted dice
(modules/utah/rules/hunter_killer.ksr)."""

from __future__ import annotations

from utah_games import INFANTRY, unit, utah_game

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.state import Ref

PARENT, PZSRK = "14./Gren 1057", "Pzsrk/1057"
GAME = Ref("game", "game")


def hk_game(chit="division:91.Luftlande Infanterie-Division", axis=None, rolls=None):
    game = utah_game()
    game.players.players["Axis"].answers.update(dict({"engineer_work": "panzerschreck",
                                                      "panzerschreck_hex": "30.046"},
                                                     **(axis or {})))
    game.set_initial(GAME, "active_chit", game.ref("chit", chit))
    if rolls is not None:
        game.dice.__dict__.update(Dice(script=rolls).__dict__)
    return game


def test_16_5_the_parent_creates_its_panzerschreck_unit():
    """utah:16.5#1-3: the thirteen Panzerschreck Units; utah:16.5#4: from the 0900 turn
    of 6 June, during a Division or Formation activation; utah:16.5#5, utah:16.5#7: an
    Engineer Action of the parent, dismounted and not in Column; utah:16.5#8: placed in
    non-clear terrain within 2 hexes of the parent."""
    game = hk_game(rolls=[0], axis={"panzerschreck_attack": "none"})
    parent = unit(game, PARENT, "31.046")
    assert "panzerschreck" in game.value("engineer_works", parent)
    hexes = game.value("hunter_killer_hexes", parent)
    assert "30.046" in hexes and "31.047" not in hexes            # clear: not there
    assert all(game.value("distance", h, "31.046") <= 2 for h in hexes)
    game.perform("engineer", parent)
    assert game.attr(game.ref("unit", PZSRK), "hex") == "30.046"
    assert "panzerschreck" not in game.value("engineer_works", parent)   # its only one
    fjr = unit(game, "14./FJR 6", "33.046")                        # two of its own
    assert [u.id for u in game.value("hunter_killers_of", fjr)] == ["1. Pzsrk/FJR 6",
                                                                     "2. Pzsrk/FJR 6"]
    column = hk_game()
    parent = unit(column, PARENT, "31.046", column=1)
    assert "panzerschreck" not in column.value("engineer_works", parent)
    direct = hk_game(chit="direct:Axis")
    parent = unit(direct, PARENT, "31.046")
    assert "panzerschreck" not in direct.value("engineer_works", parent)


def test_16_5_not_before_0900_on_6_june():
    """utah:16.5#4: "On the 0900 turn of June 6 or later"."""
    game = hk_game()
    for turn in game.state.catalog["game"]["game"]["turns"]:
        turn["label"] = "1944-06-06" + turn["label"][10:]
    parent = unit(game, PARENT, "31.046")
    assert game.value("turn_label") == "1944-06-06 0700"
    assert "panzerschreck" not in game.value("engineer_works", parent)


def test_16_5_the_check_cannot_be_bought():
    """utah:16.5#6: "a Command Point cannot be spent to perform this Action or to pass
    the required Troop Quality Check" (the Engineer Action's check, gts:29.26): a 9
    fails, whatever the Division's Command Points; it is a First Action only."""
    game = hk_game(rolls=[9])
    game.set_initial(game.ref("division", "91.Luftlande Infanterie-Division"), "cp", 5)
    parent = unit(game, PARENT, "31.046")
    game.perform("engineer", parent)
    assert not game.attr(game.ref("unit", PZSRK), "on_map")
    assert game.attr(game.ref("division", "91.Luftlande Infanterie-Division"), "cp") == 5
    assert "engineer" not in game.value("second_actions", parent, "fire", "formation")


def test_16_5_bocage_no_opportunity_fire_and_a_free_fire():
    """utah:16.5#9: in Hedgerow it may take Bocage at once, Allied Fire Zone or not;
    utah:16.5#10: no American Opportunity Fire at its placing; utah:16.5#11: it fires at
    once, whatever the chit, no Command Point; utah:errata:16.5: "handled like a
    normal fire"."""
    game = hk_game(rolls=[0, 9, 0],
                   axis={"panzerschreck_bocage": "bocage", "panzerschreck_attack": "fire",
                         "fire_kind": "direct"})
    parent = unit(game, PARENT, "31.046")
    unit(game, INFANTRY, "30.047")                                 # beside 30.046
    division = game.ref("division", "91.Luftlande Infanterie-Division")
    points = game.attr(division, "cp")
    game.perform("engineer", parent)
    pz = game.ref("unit", PZSRK)
    assert game.attr(pz, "bocage") == 1
    assert not any(PZSRK in e.data["units"] for e in game.events("opportunity_trigger"))
    [fire] = [e for e in game.events("fire_resolved") if e.data["firer"] == PZSRK]
    assert fire.data["target"] == INFANTRY
    assert game.attr(division, "cp") == points


def test_16_5_a_free_assault_takes_a_bravery_check():
    """utah:16.5#11, utah:errata:16.5: "if assaulting a bravery check is required" — the
    series' Assault (gts:18.7), its Bravery Check and all."""
    game = hk_game(rolls=[0, 9] + [5] * 12,
                   axis={"panzerschreck_bocage": "no", "panzerschreck_attack": "assault"})
    parent = unit(game, PARENT, "31.046")
    unit(game, INFANTRY, "30.047")
    game.perform("engineer", parent)
    assert [e.data["hex"] for e in game.events("assault_declared")] == ["30.047"]
    assert game.value("bravery_needed", game.ref("unit", PZSRK))


def test_16_5_placed_once_never_recycled():
    """utah:16.5#12-14: after their free attack they are normal Units; "They are not
    recycled like a Nachhut Unit. If they are eliminated, they are removed from the
    game"."""
    game = hk_game(rolls=[0], axis={"panzerschreck_attack": "none"})
    parent = unit(game, PARENT, "31.046")
    game.perform("engineer", parent)
    pz = game.ref("unit", PZSRK)
    assert "move" in game.value("legal_actions", pz, "formation")      # a normal Unit
    game.place(PZSRK, None)                                          # eliminated
    assert "panzerschreck" not in game.value("engineer_works", parent)
