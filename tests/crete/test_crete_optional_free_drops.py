"""O1.0 German Free Drops (crete:O1.0) on Scenario 1 "SNAFU" and Scenario 5
"Descent into Hell", switched on by name: Battalion Sticks, the Drop Zone
Target, the scatter table by turn and its modifiers, scatter by direction and
distance and its losses, with scripted dice."""

from __future__ import annotations

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start

FLIEGER = "7. Flieger Division"
III_FJR_2 = ["9./III./FJR 2 •", "10./III./FJR 2 •", "11./III./FJR 2 •", "12./III./FJR 2 •"]


def session_of(scenario="crete/snafu", axis=None, options=("crete:O1.0",)):
    return start(scenario, Table({"Axis": KeyedPlayer(axis), "Allied": KeyedPlayer()}),
                 options=options)


def script(session, rolls):
    session.dice.__dict__.update(Dice(script=rolls).__dict__)


def refs(session, names):
    return [session.ref("unit", n) for n in names]


@pytest.mark.parametrize("label, lowest", [
    ("1941-05-20 0700", 8), ("1941-05-20 1500", 6), ("1941-05-20 1700", 5),
    ("1941-05-20 1900", 7), ("1941-05-21 1500", 8), ("1941-05-24 1500", 8),
    ("1941-05-21 0700", None), ("1941-05-20 night", None),
])
def test_scatter_table_by_turn_as_printed(label, lowest):
    """crete:O1.0 "Turn / Stick Scatters on a Die Roll of": 20 May 0700 8–9,
    1500 6–9, 1700 5–9, 1900 7–9; 21 May 1500 8–9; 24 May 1500 8–9.
    Sentences: crete:O1.0#11-17.
    """
    session = session_of()
    assert session.value("scatter_from", label) == lowest
    if lowest is not None:
        assert not session.value("stick_scatters", label, lowest - 1, 0)
        assert session.value("stick_scatters", label, lowest, 0)
        assert session.value("stick_scatters", label, 9, 0)
        assert session.value("stick_scatters", label, lowest - 2, 2)  # modifiers add


def test_fire_zone_and_aa_modifiers_descent():
    """crete:O1.0: "+1 Scatter modifier for every Allied Unit that projects a Fire
    Zone either into the Drop Zone Target hex or adjacent hex, and another +1 ...
    for every Allied AA Unit ... a total +2"; far from the Allies, none.
    Sentences: crete:O1.0#18, crete:O1.0#19.
    """
    session = session_of("crete/descent")
    axis = session.ref("side", "Axis")
    target = "10.05"  # between B 156 Lt AA (09.04) and C 7 AUS Lt AA (11.05)
    covering = session.value("stick_fire_zone_units", target, axis)
    aa = [u for u in covering if session.attr(u, "air_defense") is not None]
    assert len(aa) >= 1
    modifier = session.value("scatter_modifiers", target, axis)
    assert modifier == len(covering) + len(aa)
    terms = {t["name"]: t["amount"] for t in modifier.explain()["terms"]}
    assert terms == {"fire_zones": len(covering), "aa_fire_zones": len(aa)}
    assert session.value("scatter_modifiers", "40.20", axis) == 0


def test_drop_zone_target_terrain_and_spacing():
    """crete:O1.0: a Drop Zone Target is "any Clear, Orchard/Vineyard, Scrub, or
    Village hex", "at least two hexes between each Drop Zone Target hex".
    Sentences: crete:O1.0#7, crete:O1.0#9.
    """
    session = session_of(axis={"drop_zone_target": "36.08"})
    assert session.value("drop_target_allowed", "42.05")      # scrub
    assert not session.value("drop_target_allowed", "10.13")  # town
    assert not session.value("drop_target_allowed", "36.04")  # sea (no centre dot)
    script(session, [0])
    session.perform("drop_stick", session.ref("division", FLIEGER), "III./FJR 2",
                    refs(session, III_FJR_2))
    assert not session.value("drop_target_allowed", "36.10")  # two from 36.08
    assert session.value("drop_target_allowed", "36.11")      # three: two hexes between


def test_a_stick_on_target_lands_in_and_around_the_target():
    """crete:O1.0: "All Units from a Battalion Stick must be placed in the
    designated Drop Zone Target hex or adjacent to it, one Unit per hex"; a roll
    of 5 at 20 May 1500 (6–9) does not scatter; each keeps its paradrop marker
    (crete:4.2).
    Sentences: crete:O1.0#8, crete:O1.0#10, crete:O1.0#22.
    """
    session = session_of(axis={"drop_zone_target": "36.08"})
    script(session, [5])
    session.perform("drop_stick", session.ref("division", FLIEGER), "III./FJR 2",
                    refs(session, III_FJR_2))
    [chosen] = [e.data for e in session.events("drop_target_chosen")]
    assert chosen == {"stick": "III./FJR 2", "hex": "36.08", "roll": 5, "modifier": 0,
                      "scatters": False}
    hexes = [session.attr(u, "hex") for u in refs(session, III_FJR_2)]
    assert len(set(hexes)) == 4
    assert all(session.value("distance", "36.08", h) <= 1 for h in hexes)
    assert all(session.attr(u, "drop_markers") == 1 for u in refs(session, III_FJR_2))
    assert not session.events("unit_scattered")


def test_a_scattered_stick_moves_each_unit_and_loses_those_in_the_sea_or_on_enemies():
    """crete:O1.0: "For each Unit in a Battalion Stick subject to Scatter, roll
    1D6 to determine direction and 1D10/3 (round fractions up) for distance ...
    land in a Water, City, or Town hex or on an Enemy Unit are eliminated."
    Target 36.08: the first Unit placed on it, the second next to it at 36.07.
    Sentences: crete:O1.0#20, crete:O1.0#21.
    """
    session = session_of(axis={"drop_zone_target": "36.08", "drop_hex": ["36.08", "36.07"]})
    units = refs(session, III_FJR_2[:2])
    # stick roll 6 (scatters); unit 1: side 4 (down), d10 4 -> 2 hexes; unit 2:
    # side 1 (up), d10 9 -> 3 hexes: into the sea
    script(session, [6, 4, 4, 1, 9])
    session.perform("drop_stick", session.ref("division", FLIEGER), "III./FJR 2", units)
    first, second = [e.data for e in session.events("unit_scattered")]
    assert (first["origin"], first["direction"], first["distance"], first["hex"]) == \
        ("36.08", 4, 2, "36.10")
    assert session.attr(units[0], "hex") == "36.10"
    assert (second["origin"], second["direction"], second["distance"], second["hex"]) == \
        ("36.07", 1, 3, "36.04")
    assert session.value("terrain", "36.04") == "no_dot"
    assert session.attr(units[1], "eliminated")


def test_scatter_onto_an_enemy_unit_eliminates():
    """crete:O1.0 "or on an Enemy Unit are eliminated": from 29.14 two hexes up
    lands on 29.12, held by 2/1 MG.
    Sentences: crete:O1.0#20, crete:O1.0#21.
    """
    session = session_of()
    axis = session.ref("side", "Axis")
    assert session.value("scatter_lost", "29.12", axis)
    assert session.value("scatter_lost", "10.13", axis)       # Town
    assert session.value("scatter_lost", None, axis)          # off the map
    assert not session.value("scatter_lost", "36.10", axis)
    assert session.value("hex_toward", "29.14", 1, 2) == "29.12"
    assert session.value("scatter_distance", 0) == 0
    assert [session.value("scatter_distance", r) for r in (1, 3, 4, 6, 7, 9)] == \
        [1, 1, 2, 2, 3, 3]


def test_battalion_sticks_and_unavailable_units():
    """crete:O1.0: a Stick is "all the Units of a Battalion ... plus up to one
    additional Independent Unit"; "the 13. and 14. companies of each regiment,
    are grouped into a 2-company 'battalion'"; "FA Abt 7 is not available to
    arrive via airdrop".
    Sentences: crete:O1.0#1, crete:O1.0#2, crete:O1.0#3.
    """
    session = session_of()
    stick = {n: session.value("stick_of", session.ref("unit", n))
             for n in ["9./III./FJR 2 •", "1./I./FJR 2 •", "13. FJR 2 •", "14. FJR 2 •",
                       "2. Fsch. MG 7"]}
    assert stick == {"9./III./FJR 2 •": "III./FJR 2", "1./I./FJR 2 •": "I./FJR 2",
                     "13. FJR 2 •": "Fallschirmjäger-Regiment 2",
                     "14. FJR 2 •": "Fallschirmjäger-Regiment 2", "2. Fsch. MG 7": None}
    assert not session.value("free_drop_available", session.ref("unit", "2. Fsch.Art. 7"))
    assert session.value("free_drop_available", session.ref("unit", "2. Fsch. MG 7"))


def test_the_first_drop_of_snafu_with_free_drops():
    """crete:O1.0 end to end: with the option on, the 7. Flieger Division's first
    activation drops Battalion Sticks, each on a Drop Zone Target at least three
    hexes from the others; FA Abt 7 stays out; then 4.2's Drop Table (crete:4.2.1).
    Off, the scenario's drop zones are used (no targets).
    Sentences: crete:O1.0#1, crete:O1.0#9, crete:O1.0#22.
    """
    session = session_of(axis={"stick_independent": "none"})
    session.perform("play_turn")
    targets = [e.data["hex"] for e in session.events("drop_target_chosen")]
    sticks = [e.data["stick"] for e in session.events("drop_target_chosen")]
    assert sticks[:3] == ["I./FJR 2", "III./FJR 2", "Fallschirmjäger-Regiment 2"]
    assert all(session.value("distance", a, b) >= 3 for a in targets for b in targets if a != b)
    assert [e.data["unit"] for e in session.events("free_drop_unavailable")] == ["2. Fsch.Art. 7"]
    assert session.events("drop_resolved")
    off = session_of(options=())
    off.perform("play_turn")
    assert not off.events("drop_target_chosen") and off.events("unit_dropped")
