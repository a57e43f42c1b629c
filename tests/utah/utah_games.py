"""Utah games for the tests: a demonstration scenario started with keyed
players, the map cleared so that a test places only the Units it needs."""

from __future__ import annotations

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.starting import start

INFANTRY = "A/1/8"          # a Leg Unit (4th Infantry Division)
TANK = "C/70 Tk"            # a Tracked, Armored Unit
GRENADIER = "5./II./Gren 1057"
PARATROOPER = "A/1/505"     # 82nd Airborne Division (utah/night_drop)
NIGHT_GRENADIER = "3./I./Gren 1057"  # in utah/night_drop


def utah_game(scenario="utah/causeway", rolls=None, as_printed=False, allied=None, extra=(),
              axis=None, options=()):
    """A started game of *scenario* with its map emptied; *rolls* script the dice
    from here on; *as_printed* leaves the errata out; *allied*, *axis*: each
    player's answers by question (KeyedPlayer); *options*: optional rules by name."""
    session = start(scenario, Table({"Allied": KeyedPlayer(allied), "Axis": KeyedPlayer(axis)}),
                    dice=Dice(0), options=list(options) + (["as-printed"] if as_printed else []),
                    extra=extra)
    for unit_id in list(session.state.placement):
        kind = "leader" if unit_id in session.state.catalog["leader"] else "unit"
        session.place(unit_id, None, kind)
    if rolls is not None:
        session.dice.__dict__.update(Dice(script=rolls).__dict__)
    return session


def unit(session, unit_id, hex_id, column=0):
    session.place(unit_id, hex_id)
    ref = session.ref("unit", unit_id)
    if column:
        session.set_initial(ref, "column", column)
    return ref


def weather(session, name):
    """The day's weather (utah:1.2), as the weather phase sets it."""
    code = {"clear": 0, "overcast": 2, "storm": 3}[name]
    session.set_initial(Ref("game", "game"), "todays_weather", code)


def face(session, unit_id):
    return session.state.catalog["unit"][unit_id]["faces"]["front"]
