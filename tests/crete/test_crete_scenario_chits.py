"""Scenario chits that come later (crete:scenario:5): "The 2nd NZ Division
Activation Chit is added to the cup on the 0900, 20 May game turn. The CREFOR
Division Activation Chit is added to the cup on the 1500, 20 May game turn. The
MNDO Activation Chit is available for purchase 1500, 20 May game turn."  Before
its turn a chit neither goes in the cup (gts:9.0) nor may be bought (gts:7.2)."""

from __future__ import annotations

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start


def test_chits_wait_for_their_printed_turns():
    session = start("crete/descent", Table({"Allied": KeyedPlayer(), "Axis": KeyedPlayer()}),
                    dice=Dice(0))
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    crefor = session.ref("division", "CREFOR")
    nz = session.ref("division", "2nd New Zealand Division")
    mndbo = session.ref("chit", "formation:MNDBO")
    seen = {}
    for index, label in enumerate(turns[:5]):
        session.state.turn = index
        seen[label[-4:]] = (session.value("division_in_play", nz),
                            session.value("division_in_play", crefor),
                            session.value("chit_purchasable", mndbo))
    assert seen == {"0700": (False, False, False), "0900": (True, False, False),
                    "1100": (True, False, False), "1300": (True, False, False),
                    "1500": (True, True, True)}
