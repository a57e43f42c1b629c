"""gts:16.5#1 and gts:16.6.2.1#13: Indirect Fire at a hex empty of Units, just to
place a barrage marker there."""

from __future__ import annotations

from artillery16_helpers import add, artillery, hex_track, in_contact, in_park

from kriegsspiel.core.players import KeyedPlayer

# Nobody near: the Germans far off at 20.01, the Allied Leader by the guns.
QUIET = {"pi1": "20.01", "truck": "20.01", "schaette": "20.01", "greek": "10.11",
         "bedding": "10.11", "police": "19.12"}


def quiet(make_session, rolls, **answers):
    return make_session(rolls=rolls, placement=QUIET, allies=KeyedPlayer(answers))


def test_a_mortar_fires_at_an_empty_hex_to_lay_a_barrage(make_session):
    """gts:16.6.2.1#13: "You may fire at a hex empty of Units purely to place a
    barrage marker there — any die roll other than 9 places the marker, light or
    heavy according to the firer's strength": no enemy in reach, the Mortar may
    still take the Fire Action; a roll of 8 lays a light barrage (Fire Rating 3)."""
    session = quiet(make_session, [8], fire_kind="barrage", barrage_hex="10.06")
    mortar = add(session, "mortar", "allies", "10.10", weapon_class="MORTAR", fire_range=6,
                 steps=1)
    assert session.value("indirect_targets", mortar) == []
    assert "fire" in session.value("legal_actions", mortar, "formation")
    assert "10.06" in session.value("barrage_hexes", mortar)
    session.perform("fire", mortar)
    assert hex_track(session, "10.06", "barrage") == 1


def test_a_strong_firer_lays_a_heavy_one_and_a_nine_lays_none(make_session):
    """gts:16.6.2.1#13: heavy "according to the firer's strength" (Fire Rating 6);
    a nine places nothing and, as in every Indirect Fire mission, loses contact
    (gts:16.5#20)."""
    session = quiet(make_session, [0, 9])
    gun = artillery(session, "gun", "allies", "10.10", "EMPLACED", fire_rating=6)
    session.perform("barrage_fire", gun, "10.05")
    assert hex_track(session, "10.05", "barrage") == 2
    in_contact(session, gun, "bedding")
    session.perform("barrage_fire", gun, "10.04")
    assert hex_track(session, "10.04", "barrage") == 0
    assert session.attr(gun, "in_contact") == 0


def test_only_empty_hexes_four_or_more_away_and_spotted(make_session):
    """gts:16.5#1: the Indirect Fire procedure serves an artillery Unit firing "at a
    target Unit — or an empty hex — four or more hexes away": no hex closer is
    offered, nor a hex holding a Unit (the Greek's), nor one nobody sees; a Park
    gun offers the hexes its spotter sees, not those only it could see."""
    session = quiet(make_session, [])
    gun = artillery(session, "gun", "allies", "10.10", "ORGANIC", fire_range=6)
    hexes = session.value("barrage_hexes", gun)
    assert hexes and all(session.value("distance", gun_hex, h) >= 4
                         for gun_hex in ["10.10"] for h in hexes)
    assert "10.07" not in hexes and "10.06" in hexes
    add(session, "sitter", "allies", "10.05")
    assert "10.05" not in session.value("barrage_hexes", gun)
    park_gun = artillery(session, "park_gun", "allies", "01.12", fire_range=12)
    in_park(session, "01.12", park_gun)
    assert session.value("barrage_hexes", park_gun) == []          # no contact, no spotter
    in_contact(session, park_gun, "bedding")
    seen = session.value("barrage_hexes", park_gun)       # the Greek's and the gun's eyes
    assert seen and all(session.value("has_los", "10.11", h, "spot") or
                        session.value("has_los", "10.10", h, "spot") for h in seen)
    assert not session.value("has_los", "10.11", "01.04", "spot")
    assert "01.04" not in seen                     # eight hexes off, only the Park sees it
