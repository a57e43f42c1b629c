"""Line of Sight on Crete: orchards/vineyards and scrub block in pairs
(crete:2.2, crete:2.3), slopes (crete:2.10 and the book's Line of Sight
Example), night (crete:1.0) — the exclusive overrides of
modules/crete/rules/terrain_los.ksr on top of the series rules (gts:15.4)."""

from __future__ import annotations

import pytest
from los_world import los, los_map, los_session, make_night, obstacles, set_weather

from kriegsspiel.engine.rulebook import build_program


@pytest.fixture(scope="module")
def crete():
    return build_program(["crete"])


def column_map(**terrain):
    """A strip of hexes down column 60 (flat, even columns shifted down, as the
    Crete example's hex numbers need)."""
    return los_map(hexes=terrain, columns=(58, 68), rows=(16, 28), offset="even")


def test_one_orchard_or_scrub_hex_does_not_block(crete):
    """crete:2.2#2 / crete:2.3#2: "not Blocking Terrain on its own"."""
    for terrain in ("orchard", "scrub"):
        s = los_session(crete, column_map(**{terrain: ["60.18"]}))
        assert los(s, "60.16", "60.20")
        assert obstacles(s, "60.16", "60.20") == ["in_pairs"]


def test_two_orchard_or_scrub_hexes_block(crete):
    """crete:2.2#2 / crete:2.3#2: "a Line of Sight traced through two orchard/vineyard
    and/or Scrub hexes is blocked" — two orchards, or an orchard and a scrub."""
    s = los_session(crete, column_map(orchard=["60.17", "60.18"]))
    assert not los(s, "60.16", "60.20") and not los(s, "60.20", "60.16")
    mixed = los_session(crete, column_map(orchard=["60.17"], scrub=["60.19"]))
    assert not los(mixed, "60.16", "60.20")


def test_through_one_and_into_a_second(crete):
    """crete:2.2#3, crete:2.3#3: "Line of Sight can be traced through one
    Orchard/Vineyard or Scrub hex and into a second" — and out of one (gts:15.4);
    orchards, scrub, or one of each."""
    for first, second in (("orchard", "orchard"), ("scrub", "scrub"), ("scrub", "orchard")):
        terrain = {first: ["60.16", "60.18"]}
        terrain.setdefault(second, []).append("60.20")
        s = los_session(crete, column_map(**terrain))
        assert los(s, "60.17", "60.20")      # through 60.18 into the second, 60.20
        assert los(s, "60.16", "60.19")      # out of 60.16, through 60.18
        assert not los(s, "60.16", "60.21")  # 60.18 and 60.20 in between


def test_the_series_rules_still_hold_on_crete(crete):
    """crete:2.5 (a Town is Blocking Terrain) with gts:15.4.1; under the series
    rules alone an orchard blocks nothing (gts:15.4.1 reads only 'blocking')."""
    s = los_session(crete, column_map(town=["60.18"]))
    assert not los(s, "60.16", "60.20")
    series = los_session(build_program(["gts"]), column_map(orchard=["60.17", "60.18"]))
    assert los(series, "60.16", "60.20")


def test_along_two_orchards_counts_as_one(crete):
    """crete:2.2 with gts:29.12 (our reading, docs/los.md): a line along the
    hexside between two orchard hexes meets one orchard's worth; with one more
    orchard on the line it is blocked."""
    gmap = los_map(hexes={"orchard": ["63.22", "64.22"]}, columns=(58, 68), rows=(16, 28),
                   offset="even")
    s = los_session(crete, gmap)
    assert obstacles(s, "64.21", "63.23") == ["in_pairs"] and los(s, "64.21", "63.23")
    more = los_session(crete, los_map(hexes={"orchard": ["63.22", "64.22", "63.24"]},
                                      columns=(58, 68), rows=(16, 28), offset="even"))
    assert not los(more, "64.21", "63.25")


def hill_map():
    """63.22 and its neighbour 62.21 are higher ground; the slopes around 63.22
    have their low sides at 64.21, 62.22, 64.22 and 63.23."""
    slopes = [("63.22/64.21", "64.21"), ("62.22/63.22", "62.22"), ("63.22/64.22", "64.22"),
              ("63.22/63.23", "63.23"), ("62.21/62.22", "62.22")]
    return los_map(hexsides=[(side, "slope", low) for side, low in slopes],
                   columns=(58, 68), rows=(16, 28), offset="even")


def test_the_line_of_sight_example(crete):
    """crete:2.10#5, crete:2.10#6, and the book's Line of Sight Example
    (crete:4.2.2#7-8, printed at the foot of 4.2.2): "the Line of Sight from 64.21
    to 62.22 is blocked as both Units are downslope, and the Line of Sight is
    traced through higher ground. The Line of Sight is also blocked from 64.21 to
    63.23 as it is traced along a slope hexside"."""
    s = los_session(crete, hill_map())
    assert not los(s, "64.21", "62.22") and not los(s, "62.22", "64.21")
    assert obstacles(s, "64.21", "62.22") == ["downslope_firer", "downslope_target"]
    assert not los(s, "64.21", "63.23") and not los(s, "63.23", "64.21")
    assert obstacles(s, "64.21", "63.23") == ["blocking"]


def test_slopes_block_unless_part_of_an_end_hex(crete):
    """crete:2.10#4: "Slope hexsides block Line of Sight unless the Slope hexside is
    part of the spotting Unit's hex or the spotted Unit's hex": up onto the hill,
    down from it, and across it from farther off."""
    s = los_session(crete, hill_map())
    assert los(s, "64.21", "63.22")       # adjacent, up the slope
    assert los(s, "64.21", "61.22")       # up onto the higher ground beyond 63.22
    assert los(s, "63.22", "63.24")       # down from the hill: its own slope
    assert not los(s, "65.21", "62.22")   # the 64.21/63.22 slope is neither's


def test_series_slopes_ignore_which_side_is_down(crete):
    """gts:15.4.1 without crete:2.10's exception: both slopes are part of an end
    hex, so the series rules see from 64.21 to 62.22; running along still blocks."""
    s = los_session(build_program(["gts"]), hill_map())
    assert los(s, "64.21", "62.22") and not los(s, "64.21", "63.23")


def test_night_line_of_sight_is_three_and_the_weather_never_changes(crete):
    """crete:1.0#5: "The maximum Line of Sight distance at Night is 3 hexes";
    crete:1.0#2: "There are no specific weather rules" (crete:3.1: the weather never changes), so a
    fog code on the weather track changes nothing."""
    s = los_session(crete, column_map())
    set_weather(s, 1)
    assert los(s, "60.16", "60.24") and not los(s, "60.16", "60.25")
    make_night(s)
    assert los(s, "60.16", "60.19") and not los(s, "60.16", "60.20")
    s.program.call("los_max_distance", s.ctx, "60.16", "direct")
    rows = [r for r in s.ctx.take_trace() if r.get("what") == "table max_los_distance"]
    assert rows[-1]["value"] == 3 and "crete:1.0" in rows[-1]["cites"]
    assert rows[-1]["layer"] == "exclusive"


def test_orchards_hide_a_fire_zone(crete):
    """crete:2.2 with gts:17.3: a Fire Zone needs a Line of Sight, so two orchard
    hexes between hide a hex from it."""
    s = los_session(crete, column_map(orchard=["60.17", "60.18"]),
                    units={"rifle": ("60.16", {"fire_range": 4}, {})})
    zone = s.value("fire_zone", s.ref("unit", "rifle"))
    assert "60.18" in zone and "60.19" not in zone
