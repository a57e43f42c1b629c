"""Sentence by sentence: the Crete optional rules O1.0–O4.0 — what the older tests
of test_crete_optional_*.py leave unchecked."""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.setup import start

PILING_ON = Path(__file__).parents[2] / "scenarios" / "crete" / "piling_on.yaml"
BLACK_WATCH = "A 2/B W •"
GERMAN = "6./II./FJR 1 •"


def script(session, rolls):
    session.dice.__dict__.update(Dice(script=rolls).__dict__)


def go_to(session, label):
    labels = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    session.state.turn = labels.index(label)


# ---- O4.0 Table Space ---------------------------------------------------------------

def withdrawing(options):
    """Scenario 4 with S5.0 and Allied Withdrawal in effect (Scenario 10's effect)."""
    session = start(str(PILING_ON), Table({"Allied": KeyedPlayer({"move": "withdraw"}),
                                           "Axis": KeyedPlayer()}),
                    dice=Dice(0), options=options)
    catalog = session.state.catalog
    catalog["special_rule"]["crete:S5.0"] = {"name": "crete:S5.0"}
    catalog["effect"]["test withdrawal"] = {"rule": "test", "kind": "allied_withdrawal",
                                            "level": 1}
    for unit_id in list(session.state.placement):
        session.place(unit_id, None, "leader" if "Leader" in unit_id else "unit")
    session.place(GERMAN, "40.20")
    return session


def test_o4_with_table_space_the_allies_withdraw_at_29_26():
    """crete:O4.0#16: "Finally, during Allied Withdrawal, the Allies may exit forces
    off the Heraklion Map at 29.26" — in place of S5.0's 28.26, as O4.0 moves the
    28.26 arrivals to 29.26; without O4.0, 28.26 only."""
    on = withdrawing(["crete:O4.0"])
    unit = on.ref("unit", BLACK_WATCH)
    on.place(BLACK_WATCH, "29.26")
    assert "withdraw" in on.value("exclusive_move_choices", [unit], "formation", False)
    on.perform("move", [unit], "formation")
    assert on.attr(unit, "withdrawn") == 1 and on.value("withdrawal_level") == 2
    assert not on.value("withdrawal_exit", "28.26")
    off = withdrawing([])
    assert off.value("withdrawal_exit", "28.26") and not off.value("withdrawal_exit", "29.26")
    # another optional rule on: O4.0's hex stays out
    other = withdrawing(["crete:O3.0"])
    assert other.value("withdrawal_exit", "28.26") and not other.value("withdrawal_exit", "29.26")


# ---- O3.0 Allied Coastal Artillery ---------------------------------------------------

def test_o3_the_georgeoupolis_battery_is_set_up_at_98_40():
    """crete:O3.0#12: "Georgeoupolis Map: X CD Bty RM (98.40)" — placed when the
    Georgeoupolis sheet is in play (Scenario 10) and the option is on, like the
    other batteries (crete:O3.0#10, #11: Z CD Bty Rm 09.06, the Suda guns); without
    the option the counter takes no part."""
    def hot_pursuit(options):
        return start("crete/hot_pursuit", Table({"Axis": KeyedPlayer(),
                                                 "Allied": KeyedPlayer()}), options=options)
    on = hot_pursuit(["crete:O3.0"])
    gun = on.ref("unit", "X CD Bty RM")
    assert on.value("map_of", on.attr(gun, "hex")) == "georgeoupolis"
    assert on.attr(gun, "hex").endswith("98.40")
    assert on.attr(on.ref("unit", "Z CD Bty Rm"), "hex").endswith("09.06")
    assert on.attr(on.ref("unit", "2 15 Coast RA"), "hex").endswith("76.16")
    assert "X CD Bty RM" not in hot_pursuit([]).state.catalog["unit"]
