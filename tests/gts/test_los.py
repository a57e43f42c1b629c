"""Line of Sight (gts:15.4, gts:15.4.1–15.4.3, gts:29.12, gts:29.33) on small
hand-made maps (flat hexes, odd columns shifted down), and its properties."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from los_world import (los, los_map, los_session, make_night, obstacles, set_hex_marker,
                       set_weather)

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.engine.rulebook import ExtraRules, build_program


def test_blocking_terrain_blocks_a_line_through_it(gts):
    """gts:15.4.1 / gts:29.12: Blocking Terrain (the terrain data's 'blocking'
    tag) blocks a line passing through it; clear and village hexes do not.
    gts:15.4#2 (hexes with Blocking Terrain), gts:15.4.1#1."""
    s = los_session(gts, los_map(hexes={"town": ["06.05"], "village": ["06.10"]}))
    assert not los(s, "06.03", "06.07")          # 06.04 06.05 06.06: through the town
    assert obstacles(s, "06.03", "06.07") == ["blocking"]
    assert los(s, "06.08", "06.12")              # through the village
    assert los(s, "05.03", "05.07")              # beside the town


def test_a_line_may_enter_and_leave_blocking_terrain(gts):
    """gts:15.4 / gts:15.4.1 / gts:29.33: "As long as it ends there, a Line of
    Sight may enter a hex containing Blocking Terrain. As long as it begins there,
    a Line of Sight may exit" — but not pass through (into and out of) one.
    gts:15.4#3-5, gts:15.4.1#4."""
    s = los_session(gts, los_map(hexes={"woods": ["06.05", "06.08"]}))
    assert los(s, "06.02", "06.05")              # into the woods
    assert los(s, "06.05", "06.07")              # out of the woods
    assert los(s, "06.05", "06.08")              # from woods to woods, clear between
    assert not los(s, "06.04", "06.06")          # through


def test_units_and_leaders_do_not_block(gts):
    """gts:15.4.1#2: "Units and Leaders do not block Line of Sight."""
    s = los_session(gts, los_map(), units={"a": ("06.05", {}, {}),
                                           "b": ("06.06", {}, {"side": "allies"})})
    s.place("schaette", "06.05", "leader")
    assert los(s, "06.03", "06.08")


def test_along_a_hexside_both_sides_must_block(gts):
    """gts:15.4.1 / gts:29.12: "A Line of Sight traced along the hexside of a hex
    with Blocking Terrain and another without it is not blocked"; with Blocking
    Terrain on both sides it is (gts:15.4.1#3)."""
    one = los_session(gts, los_map(hexes={"town": ["07.04"]}))
    assert los(one, "06.05", "08.05")            # runs along 07.04/07.05
    both = los_session(gts, los_map(hexes={"town": ["07.04", "07.05"]}))
    assert not los(both, "06.05", "08.05")
    assert obstacles(both, "06.05", "08.05") == ["blocking"]


@pytest.mark.parametrize("feature", ["crest", "slope", "ridge"])
def test_crest_slope_ridge_hexsides_block_unless_part_of_an_end_hex(gts, feature):
    """gts:15.4.1: crest, slope and ridge hexsides "block a Line of Sight crossing
    them unless the crest/ridge hexside is part of either the firing Unit's hex
    or the target Unit's hex"; other hexsides (a stream) do not block.
    gts:15.4#2 (crest hexsides), gts:15.4.1#5-6 (slopes too: docs/gts.md)."""
    s = los_session(gts, los_map(hexsides=[("06.06/06.07", feature), ("09.06/09.07", "stream")]))
    assert not los(s, "06.05", "06.08")          # crosses it in the middle
    assert los(s, "06.06", "06.09")              # part of the firer's hex
    assert los(s, "06.04", "06.07")              # part of the target's hex
    assert los(s, "06.06", "06.07")              # adjacent: part of both
    assert los(s, "09.05", "09.08")              # a stream does not block


def test_the_direct_fire_example_crest(gts):
    """gts:15.4.1, the Direct Fire Example (Crete Part One, 15.4.2): the flak Unit
    sees A Company, but "the crestside blocks the Line of Sight to B Company
    because the crest is not part of the firer's or target's hex"."""
    s = los_session(gts, los_map(hexsides=[("11.05/11.06", "crest")]),
                    units={"flak": ("11.04", {"weapon_class": "DHE", "fire_range": 3}, {}),
                           "A": ("13.05", {}, {"side": "allies"}),
                           "B": ("11.07", {}, {"side": "allies"})})
    assert los(s, "11.04", "13.05") and not los(s, "11.04", "11.07")


def test_running_along_a_crest_blocks(gts):
    """gts:15.4.1: "Running along a crest, slope or ridge hexside blocks Line of
    Sight" — even with clear terrain on both sides (gts:15.4.1#7)."""
    s = los_session(gts, los_map(hexsides=[("07.04/07.05", "crest")]))
    assert not los(s, "06.05", "08.05")
    assert los(s, "06.06", "08.06")


def test_barrage_markers_block_like_blocking_terrain(gts):
    """gts:15.4.1 / gts:16.6.2.2: a barraged hex blocks a line through it
    (gts:16.6.2.2#4: "Treated as Blocking Terrain", light or heavy); "A Unit
    may see out of a hex with a Barrage marker normally"; removing the marker
    (gts:16.6.2.1) clears the line again. gts:15.4#2, gts:15.4#5, gts:15.4.1#8-9."""
    s = los_session(gts, los_map())
    assert los(s, "06.04", "06.08")
    set_hex_marker(s, "06.06", "barrage", 2)
    assert not los(s, "06.04", "06.08")
    assert los(s, "06.06", "06.09") and los(s, "06.03", "06.06")
    set_hex_marker(s, "06.06", "barrage", 0)
    assert los(s, "06.04", "06.08")


@pytest.mark.parametrize("weather, night, reach", [
    (0, False, 8), (2, False, 8), (1, False, 2), (3, False, 2), (0, True, 3), (1, True, 2)])
def test_maximum_distance_by_weather_and_night(gts, weather, night, reach):
    """gts:15.4: eight hexes on a clear daylight turn, two with fog or rain (gts:26.0),
    three on a clear night turn (gts:28.0 — the long form, not gts:29.33's two);
    gts:26.0#4 (clear: no effect), gts:26.0#5 and gts:26.0#7 (fog, rain: two),
    gts:26.0#6 (overcast: eight, as clear), gts:28.0#2 (three at night);
    the distance counts the target hex but not the firer's (gts:15.4#6, the
    table gts:15.4#8-10)."""
    s = los_session(gts, los_map(rows=(1, 16)))
    set_weather(s, weather)
    if night:
        make_night(s)
    assert los(s, "06.01", f"06.{1 + reach:02d}")
    assert not los(s, "06.01", f"06.{2 + reach:02d}")


def test_a_corner_crossing_is_a_crossing_of_the_hexside_between_before_and_after(gts):
    """gts:15.4.1 / gts:29.12 (docs/los.md): 10.10 to 14.07 passes exactly through
    the corner of 11.09, 12.09 and 11.08.  The grazed hex 11.08 is touched at a
    point, not passed through, so its woods do not block; a crest on the
    11.09/12.09 side does."""
    grazed = los_session(gts, los_map(hexes={"woods": ["11.08", "13.08"]}))
    assert los(grazed, "10.10", "14.07") and los(grazed, "14.07", "10.10")
    crest = los_session(gts, los_map(hexsides=[("11.09/12.09", "crest")]))
    assert not los(crest, "10.10", "14.07") and not los(crest, "14.07", "10.10")
    aside = los_session(gts, los_map(hexsides=[("11.08/11.09", "crest")]))
    assert los(aside, "10.10", "14.07")


def op_map(towns):
    return los_map(hexes={"town": towns}, features=[("06.01", "observation_post")],
                   rows=(1, 16))


def test_observation_post_sees_through_three_into_a_fourth_for_spotting(gts):
    """gts:15.4.2: from an observation post a spotter traces "through as many as
    three hexes or hexsides with Blocking Terrain, and into a fourth hex"; only
    when spotting for Indirect Fire — not for Direct Fire (nor self-spotting).
    gts:15.4.2#3, gts:15.4.2#6-7."""
    s = los_session(gts, op_map(["06.02", "06.03", "06.04", "06.05"]))
    assert los(s, "06.01", "06.05", "spot")      # three towns, into the fourth
    assert not los(s, "06.01", "06.06", "spot")  # four towns in between
    assert not los(s, "06.01", "06.05", "direct")
    assert not los(s, "06.01", "06.05", "self_spot")


def test_observation_post_counts_hexsides_too(gts):
    """gts:15.4.2: "three hexes or hexsides with Blocking Terrain": two towns and a
    crest hexside are three (gts:15.4.2#6)."""
    s = los_session(gts, los_map(hexes={"town": ["07.01", "08.04"]},
                                 hexsides=[("07.02/08.03", "crest")],
                                 features=[("06.01", "observation_post")]))
    assert obstacles(s, "06.01", "09.04") == ["blocking"] * 3
    assert los(s, "06.01", "09.04", "spot") and not los(s, "06.01", "09.04", "direct")


def test_observation_post_distance_and_no_reciprocity(gts):
    """gts:15.4.2: thirteen hexes by a clear day, two in fog or rain, three at
    night; "Lines of Sight are not reciprocal between an observation post and a
    non-observation post hex". gts:15.4.2#5, gts:15.4.2#9-12."""
    s = los_session(gts, op_map(["06.03"]))
    assert los(s, "06.01", "06.14", "spot") and not los(s, "06.01", "06.15", "spot")
    assert not los(s, "06.01", "06.10", "direct")  # through the town, and eight only
    assert not los(s, "06.10", "06.01", "spot")    # the other way: no post there
    set_weather(s, 1)
    assert los(s, "06.01", "06.03", "spot") and not los(s, "06.01", "06.04", "spot")
    set_weather(s, 0)
    make_night(s)
    assert los(s, "06.01", "06.04", "spot") and not los(s, "06.01", "06.05", "spot")


def test_posts_and_strongpoints_serve_either_side(gts):
    """gts:15.4.2#2 and gts:15.4.3#2: never removed, and either side may use them:
    an Allied spotter in the post sees through three towns for an Allied mortar,
    then a German one in the same post for a German mortar; in rain the post
    sees two hexes only (gts:15.4.2#10); a strongpoint lends the same to both."""
    towns = ["06.02", "06.03", "06.04"]
    s = los_session(gts, op_map(towns), units={
        "eye": ("06.01", {}, {"side": "allies"}), "auge": ("01.12", {}, {}),
        "mortar": ("07.02", {"weapon_class": "MORTAR"}, {"side": "allies"}),
        "moerser": ("05.02", {"weapon_class": "MORTAR"}, {})})
    s.place("bedding", "06.01", "leader")
    s.place("schaette", "06.01", "leader")
    unit = {u: s.ref("unit", u) for u in ("eye", "auge", "mortar", "moerser")}
    assert s.value("may_spot", unit["eye"], unit["mortar"], "06.05")
    s.place("eye", "01.11")
    s.place("auge", "06.01")
    assert s.value("may_spot", unit["auge"], unit["moerser"], "06.05")
    set_weather(s, 3)
    assert los(s, "06.01", "06.03", "spot") and not los(s, "06.01", "06.04", "spot")
    for side, other in (("allies", "axis"), ("axis", "allies")):
        sp = los_session(gts, los_map(hexes={"town": towns},
                                      features=[("06.01", "strongpoint")]),
                         units={"u": ("06.01", {"fire_range": 3}, {"side": side}),
                                "foe": ("06.04", {}, {"side": other})})
        assert sp.value("direct_fire_targets", sp.ref("unit", "u")) == [sp.ref("unit", "foe")]


def test_strongpoint_sees_through_two_into_a_third_for_any_fire(gts):
    """gts:15.4.3: from a strongpoint "through as many as two hexes or hexsides
    with Blocking Terrain and into a third"; for Direct Fire and spotting; no
    change to the maximum distance; not reciprocal. gts:15.4.3#4-6."""
    s = los_session(gts, los_map(hexes={"town": ["06.02", "06.03", "06.04"]},
                                 features=[("06.01", "strongpoint")], rows=(1, 16)))
    for purpose in ("direct", "self_spot", "spot"):
        assert los(s, "06.01", "06.04", purpose)
        assert not los(s, "06.01", "06.05", purpose)   # three towns in between
    assert not los(s, "06.04", "06.01")
    clear = los_session(gts, los_map(features=[("06.01", "strongpoint")], rows=(1, 16)))
    assert los(clear, "06.01", "06.09") and not los(clear, "06.01", "06.10")


def test_an_override_shows_in_the_answer_and_may_not_ask_for_los_itself():
    """gts:15.4.1: the tracer asks the rules, so a higher layer that overrides
    los_hex_obstacle changes Line of Sight (villages blocking, here); a rule
    that asks for a Line of Sight while one is traced is a located error, not
    an endless recursion."""
    villages = ExtraRules("villages.ksr", 'override def los_hex_obstacle(hex_id) = '
                          'if map_has_hex(hex_id) and terrain(hex_id) == "village" '
                          'then "blocking" else none @gts:15.4.1\n', layer="optional")
    s = los_session(build_program(["gts"], extra=[villages]), los_map(hexes={"village": ["06.05"]}))
    assert not los(s, "06.03", "06.07") and los(s, "05.03", "05.07")
    loop = ExtraRules("loop.ksr", 'override def los_hex_obstacle(hex_id) = '
                      'if has_los(hex_id, hex_id, "direct") then none else none @gts:15.4.1\n',
                      layer="optional")
    s = los_session(build_program(["gts"], extra=[loop]), los_map())
    with pytest.raises(KsError, match="asked for a line of sight itself"):
        los(s, "06.03", "06.07")
    assert los(s, "06.03", "06.04")      # nothing in between: nothing asked


def test_a_bad_purpose_is_an_error(gts):
    """gts:15.4.2: the purposes are the rules' enum los_purpose."""
    s = los_session(gts, los_map())
    with pytest.raises(KsError, match="purpose"):
        los(s, "06.01", "06.04", "indirect")


# ---- properties ---------------------------------------------------------------

GRID = HexGrid((1, 12, 1, 10))
HEX_IDS = [GRID.format(h) for h in GRID.hexes()]
SIDES = sorted({f"{GRID.format(a)}/{GRID.format(b)}" for a in GRID.hexes()
                for b in GRID.neighbours(a) if a < b})


@st.composite
def random_maps(draw):
    towns = draw(st.lists(st.sampled_from(HEX_IDS), max_size=25, unique=True))
    crests = draw(st.lists(st.sampled_from(SIDES), max_size=25, unique=True))
    barrages = draw(st.lists(st.sampled_from(HEX_IDS), max_size=4, unique=True))
    return towns, crests, barrages


def random_session(gts, towns, crests, barrages, features=()):
    s = los_session(gts, los_map(hexes={"town": towns}, columns=(1, 12), rows=(1, 10),
                                 hexsides=[(c, "crest") for c in crests], features=features))
    for h in barrages:
        set_hex_marker(s, h, "barrage", 1)
    return s


PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


@PROPERTY
@given(world=random_maps(), pairs=st.lists(st.tuples(st.sampled_from(HEX_IDS),
                                                     st.sampled_from(HEX_IDS)), min_size=5,
                                           max_size=20),
       purpose=st.sampled_from(["direct", "self_spot", "spot"]))
def test_los_is_symmetric_without_posts_or_strongpoints(gts, world, pairs, purpose):
    """gts:15.4 / gts:15.4.1: a straight line between centre dots is the same line
    both ways; only observation posts (gts:15.4.2) and strongpoints (gts:15.4.3)
    make Line of Sight one-way."""
    s = random_session(gts, *world)
    for a, b in pairs:
        assert los(s, a, b, purpose) == los(s, b, a, purpose), (a, b)


@PROPERTY
@given(world=random_maps(), a=st.sampled_from(HEX_IDS), direction=st.integers(0, 5),
       purpose=st.sampled_from(["direct", "self_spot", "spot"]))
def test_adjacent_hexes_always_see_each_other(gts, world, a, direction, purpose):
    """gts:15.4 / gts:15.4.1: nothing lies between adjacent hexes — a Blocking
    hex or barrage may be entered or left, and a crest between them is part of
    both hexes."""
    b = GRID.format(GRID.neighbour(GRID.parse(a), direction))
    if b not in HEX_IDS:
        return
    s = random_session(gts, *world)
    set_weather(s, 3)   # even in rain (two hexes)
    assert los(s, a, b, purpose) and los(s, b, a, purpose)


@PROPERTY
@given(world=random_maps(), a=st.sampled_from(HEX_IDS), b=st.sampled_from(HEX_IDS),
       weather=st.integers(0, 3), night=st.booleans(), post=st.booleans())
def test_never_beyond_the_maximum_distance(gts, world, a, b, weather, night, post):
    """gts:15.4 / gts:15.4.2 / gts:29.33: a hex farther than the maximum Line of
    Sight distance is never seen, whatever the terrain, even from a post."""
    features = [(a, "observation_post"), (a, "strongpoint")] if post else []
    s = random_session(gts, *world, features=features)
    set_weather(s, weather)
    if night:
        make_night(s)
    for purpose in ("direct", "self_spot", "spot"):
        reach = s.value("los_max_distance", a, purpose)
        assert reach <= (13 if post and purpose == "spot" else 8)
        if GRID.distance(GRID.parse(a), GRID.parse(b)) > reach:
            assert not los(s, a, b, purpose)


@PROPERTY
@given(layout=st.sampled_from([("flat", "odd"), ("flat", "even"), ("pointy", "odd"),
                               ("pointy", "even")]),
       pairs=st.lists(st.tuples(st.sampled_from(HEX_IDS), st.sampled_from(HEX_IDS)),
                      min_size=5, max_size=20))
def test_the_tracer_walks_the_exact_trace_on_every_layout(gts, layout, pairs):
    """gts:15.4 / gts:15.4.1: with Blocking Terrain everywhere, a line meets one
    obstacle per hex it passes through and per hexside it runs along — exactly
    the steps of the exact trace (core.hexline), on flat and pointy maps with
    either offset (the tracer reuses traces across the map by translation):
    gts:15.4#1, a straight line between the centre dots.
    A hexside along the map edge has an off-map hex on one side, which blocks
    nothing (gts:29.12)."""
    orientation, offset = layout
    gmap = los_map(hexes={"woods": HEX_IDS}, columns=(1, 12), rows=(1, 10),
                   orientation=orientation, offset=offset)
    grid = gmap[0]
    s = los_session(gts, gmap)
    for a, b in pairs + [("02.01", "04.01"), ("01.01", "01.03")]:
        trace = grid.trace(grid.parse(a), grid.parse(b))
        # along the map edge the other side is off the map: not Blocking Terrain
        along = [p for p in trace.along if all(grid.contains(h) for h in p)]
        assert len(obstacles(s, a, b)) == len(trace.interior) + len(along), (a, b)
        assert los(s, a, b) == (not trace.interior and not along), (a, b)


class _CountingLog(list):
    """An event log that counts the events it hands out when walked."""
    walked = 0

    def __iter__(self):
        for event in super().__iter__():
            self.walked += 1
            yield event


def test_the_cache_reads_only_the_events_since_it_last_looked(gts):
    """Before each answer the Line of Sight cache looks through the events
    since it last looked for one that changes what a line reads (a turn, a
    barrage marker); the events before those it must not walk again, or each
    question would cost the whole log — some 125,000 events by the end of a
    ten-day Mercury game."""
    s = los_session(gts, los_map())
    s.state.log = log = _CountingLog(s.state.log)
    unblocked = s.program.primitives["los_unblocked"].impl
    for n in range(500):
        s.state.record("decision", {"key": "padding", "n": n}, [])
    assert unblocked(s.ctx, "06.03", "06.07", "direct")
    log.walked = 0
    for n in range(10):
        s.state.record("decision", {"key": "padding", "n": n}, [])
        assert unblocked(s.ctx, "06.03", "06.07", "direct")
    assert log.walked <= 10
