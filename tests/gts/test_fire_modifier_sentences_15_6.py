"""The fire modifiers of gts:15.6, sentence by sentence: each term of
modified_fire_rating on a small situation, and the Company Bonus check."""

from __future__ import annotations

from los_world import los_map, los_session, make_night, set_hex_marker, set_weather
from test_fire import add

from kriegsspiel.core.players import KeyedPlayer


def terms(session, firer, target, mode="direct"):
    rating = session.value("modified_fire_rating", firer, target, mode, 0, 0)
    return {t["name"]: t["amount"] for t in rating.terms}


def marks(session, ident, **values):
    session.state.tracks.setdefault(f"unit:{ident}", {}).update(values)


def face(session, ident):
    return session.state.catalog["unit"][ident]["faces"]["front"]


def adjacent(make_session):
    """pi1 (Fire Rating 3) at 15.06 and the Greek one hex off in the open: no
    modifier at all to begin with."""
    session = make_session(placement={"greek": "15.07", "bedding": "15.07"})
    pi1, greek = session.ref("unit", "pi1"), session.ref("unit", "greek")
    assert terms(session, pi1, greek) == {}
    return session, pi1, greek


def test_cohesion_hits_and_step_losses_of_the_firer(make_session):
    """gts:15.6#5: "Cohesion Hits and Step Losses taken by the firing Unit", as
    listed on the markers (gts:19.2.3, gts:19.2.4): -1 for one hit, -2 for two,
    -1 for a Step Loss marker."""
    session, pi1, greek = adjacent(make_session)
    marks(session, "pi1", cohesion_hits=1)
    assert terms(session, pi1, greek) == {"one_cohesion_hit": -1}
    marks(session, "pi1", cohesion_hits=2, step_loss=1)
    assert terms(session, pi1, greek) == {"two_cohesion_hits": -2, "step_loss_marker": -1}


def test_range_to_unarmored_and_armored_targets(make_session):
    """gts:15.6#6 (range), gts:15.6#12 "Firing at an armored target at three hexes
    is a total of -1 ... (unless the firing Unit's own range is 3, in which case
    -2)" and gts:15.6#13 "an unarmored target at the same range is a total of -2
    (0 for the first hex, then -1 for each additional hex)"."""
    session = make_session(placement={"greek": "10.10", "bedding": "10.10"})
    rifle = add(session, "rifle", "axis", "10.11", fire_range=4)
    greek = session.ref("unit", "greek")
    found = {}
    for hex_id in ("10.10", "10.09", "10.08"):
        session.place("greek", hex_id)
        found[hex_id] = session.value("range_modifier", rifle, greek)
    assert found == {"10.10": 0, "10.09": -1, "10.08": -2}
    face(session, "greek")["armored"] = True
    assert session.value("range_modifier", rifle, greek) == -1
    face(session, "rifle")["fire_range"] = 3
    assert session.value("range_modifier", rifle, greek) == -2
    assert terms(session, rifle, greek) == {"range": -2}


def bonus_session(make_session, rolls, **tracks):
    session = make_session(rolls=rolls, placement={"greek": "15.07", "bedding": "15.07"})
    if tracks:
        marks(session, "pi1", **tracks)
    pi1, greek = session.ref("unit", "pi1"), session.ref("unit", "greek")
    session.perform("direct_fire", pi1, greek, "direct", 0)
    shot = session.events("fire_resolved")[-1].data
    return session, shot["rating"]


def test_company_bonus_is_a_troop_quality_check_of_a_full_two_step_unit(make_session):
    """gts:15.6#15: "If the firing Unit is a two-Step Unit that has taken no Step
    Losses, make a Troop Quality Check (nine always fails, zero always succeeds)";
    gts:15.6#16: a pass is +2. pi1 (Troop Quality 6, Fire Rating 3, one hex off):
    a 6 passes (5), a 7 fails (3); with a Step Loss marker, or flipped to its
    one-Step side, no check is made (one die only, for the shot)."""
    session, rating = bonus_session(make_session, [6, 9])
    assert rating == 3 + 2
    session, rating = bonus_session(make_session, [7, 9])
    assert rating == 3
    session, rating = bonus_session(make_session, [9], step_loss=1)
    assert rating == 3 - 1 and session.dice.count == 1
    session = make_session(rolls=[9], placement={"greek": "15.07", "bedding": "15.07"})
    pi1, greek = session.ref("unit", "pi1"), session.ref("unit", "greek")
    session.perform("take_step_loss", pi1)
    session.perform("direct_fire", pi1, greek, "direct", 0)
    assert session.events("fire_resolved")[-1].data["rating"] == 2
    assert session.dice.count == 1


def test_company_bonus_nine_always_fails_and_zero_always_passes(make_session):
    """gts:15.6#15: with a Troop Quality of 9 a 9 still fails; with 0, a 0 passes."""
    session = make_session(rolls=[9, 9], placement={"greek": "15.07", "bedding": "15.07"})
    session.state.catalog["unit"]["pi1"]["faces"]["front"]["troop_quality"] = 9
    pi1, greek = session.ref("unit", "pi1"), session.ref("unit", "greek")
    session.perform("direct_fire", pi1, greek, "direct", 0)
    assert session.events("fire_resolved")[-1].data["rating"] == 3
    session.state.catalog["unit"]["pi1"]["faces"]["front"]["troop_quality"] = 0
    session.dice.script += [0, 9]
    session.perform("direct_fire", pi1, greek, "direct", 0)
    assert session.events("fire_resolved")[-1].data["rating"] == 3 + 2


def test_weather_lowers_fire_ratings_and_night_has_no_series_modifier(gts):
    """gts:15.6#8: "Weather conditions and night": fog -1, rain -2 (gts:26.0); the
    series rules print no night fire modifier (gts:28.0 lists none; docs/gts.md)."""
    s = los_session(gts, units={"rifle": ("06.05", {}, {}),
                                "enemy": ("06.06", {}, {"side": "allies"})})
    rifle, enemy = s.ref("unit", "rifle"), s.ref("unit", "enemy")
    found = {}
    for code in (0, 1, 2, 3):
        set_weather(s, code)
        found[code] = terms(s, rifle, enemy).get("weather", 0)
    assert found == {0: 0, 1: -1, 2: 0, 3: -2}
    set_weather(s, 0)
    make_night(s)
    assert terms(s, rifle, enemy) == {}


def test_a_barrage_in_the_firers_hex_and_the_firers_entrenchment(gts):
    """gts:15.6#9: a barrage marker in the firing Unit's hex, -1 light, -2 heavy
    (gts:16.6.2.2) — not one in the target's; gts:15.6#10: the firer's
    entrenchment, +1 (gts:22.3.6)."""
    s = los_session(gts, units={"rifle": ("06.05", {}, {}),
                                "enemy": ("06.06", {}, {"side": "allies"})})
    rifle, enemy = s.ref("unit", "rifle"), s.ref("unit", "enemy")
    set_hex_marker(s, "06.06", "barrage", 2)
    assert terms(s, rifle, enemy) == {}
    set_hex_marker(s, "06.05", "barrage", 1)
    assert terms(s, rifle, enemy) == {"barrage": -1}
    set_hex_marker(s, "06.05", "barrage", 2)
    assert terms(s, rifle, enemy) == {"barrage": -2}
    set_hex_marker(s, "06.05", "barrage", 0)
    marks(s, "rifle", entrenched=1)
    assert terms(s, rifle, enemy) == {"firer_entrenched": 1}


def test_the_targets_defense_rating_and_position(make_session):
    """gts:15.6#21 the target's Defense Rating, as printed (+1, -1); gts:15.6#24
    "Improved position / entrenchment": -1 under an improved position, -2 in an
    entrenchment (gts:22.2.4, gts:22.3.6)."""
    session, pi1, greek = adjacent(make_session)
    face(session, "greek")["defense"] = 1
    assert terms(session, pi1, greek) == {"defense": 1}
    face(session, "greek")["defense"] = -1
    assert terms(session, pi1, greek) == {"defense": -1}
    face(session, "greek")["defense"] = 0
    marks(session, "greek", improved_position=1)
    assert terms(session, pi1, greek) == {"position": -1}
    marks(session, "greek", improved_position=0, entrenched=1)
    assert terms(session, pi1, greek) == {"position": -2}


def test_the_targets_terrain_and_column(gts):
    """gts:15.6#23: the target's terrain from the Terrain Effects Chart (woods -2,
    provisional; none for high-explosive fire, the Self-Spotted Indirect Fire
    Example); gts:15.6#25: "Defender is in Column": +2 "and no negative terrain
    modifiers apply"."""
    s = los_session(gts, los_map(hexes={"woods": ["06.06"]}),
                    units={"rifle": ("06.05", {}, {}),
                           "gun": ("06.04", {"weapon_class": "DHE"}, {}),
                           "enemy": ("06.06", {}, {"side": "allies"})})
    rifle, gun, enemy = s.ref("unit", "rifle"), s.ref("unit", "gun"), s.ref("unit", "enemy")
    assert terms(s, rifle, enemy) == {"terrain": -2}
    assert "terrain" not in terms(s, gun, enemy)
    marks(s, "enemy", column=1)
    assert terms(s, rifle, enemy) == {"target_in_column": 2}


def test_opportunity_fire_reads_the_same_modifiers_without_the_bonus(make_session):
    """gts:15.6#18: "Units performing Opportunity Fire cannot receive the Company
    Bonus": pi1 firing at Opportunity makes no bonus check (the one die is the
    shot), its rating the same 15.6 terms plus the gts:17.6 one."""
    allies = KeyedPlayer({"convert_suppression": False, "buy:tq_check": False})
    session = make_session(rolls=[9], allies=allies,
                           placement={"greek": "15.08", "bedding": "15.08"})
    pi1, greek = session.ref("unit", "pi1"), session.ref("unit", "greek")
    session.perform("direct_fire", pi1, greek, "opportunity", 2)
    assert session.events("fire_resolved")[-1].data["rating"] == 3 - 1 + 2
    assert session.dice.count == 1
