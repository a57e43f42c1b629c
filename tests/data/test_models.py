"""Behaviour of the YAML reader, the data models and the GTS counter model."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.loading import schemas, validate_doc
from kriegsspiel.core.models import MapModel, Unit, expand_hexes, parse_hex
from kriegsspiel.core.scenario import Placement, Scenario, turn_order
from kriegsspiel.core.yamlio import load_yaml_text, render_path
from kriegsspiel.modules.gts.counters import GtsCounterSide, GtsLeaderValues, MovementClass


# ------------------------------------------------------------------------ yamlio


def test_plain_data_comes_out_with_yaml_1_2_scalars():
    doc = load_yaml_text("a: 1\nb: 0x1f\nc: 1_000\nd: .inf\ne: ~\nf: yes\ng: true\n"
                         "h: 2001-12-14\ni: '06.05'\nj: 06.05\nk: [x, {y: 2}]\nl: !!str 5\n")
    assert doc.data == {"a": 1, "b": 31, "c": 1000, "d": math.inf, "e": None, "f": "yes",
                        "g": True, "h": "2001-12-14", "i": "06.05", "j": 6.05,
                        "k": ["x", {"y": 2}], "l": "5"}
    # only builtin types, never ruamel's commented/tagged containers
    assert type(doc.data) is dict and type(doc.data["k"]) is list and type(doc.data["h"]) is str


def test_locate_points_at_values_keys_items_and_falls_back_to_parents():
    doc = load_yaml_text("units:\n  - name: a\n    movement: 3\n  - {name: b, movement: x}\n",
                         "u.yaml")
    assert (doc.locate(("units", 1, "movement")).line, doc.locate(("units", 1, "movement")).column) == (4, 25)
    assert doc.locate(("units", 1, "movement"), key=True).column == 15
    assert doc.locate(("units", 0, "movement")).line == 3
    missing = doc.locate(("units", 1, "nope", 7))
    assert (missing.line, missing.column) == (4, 5)  # the mapping of units[1]
    assert doc.locate(("units", 9)).line == 2  # the list itself
    assert doc.locate(("units", 0, "name")).source_line == "  - name: a"
    assert doc.resolved_depth(("units", 1, "movement", "int")) == 3


def test_empty_value_is_located_at_its_key():
    doc = load_yaml_text("a:\nb: 1\n")
    assert (doc.locate(("a",)).line, doc.locate(("a",)).column) == (1, 1)


@pytest.mark.parametrize("text, message", [
    ("a: 1\na: 2\n", "duplicate key 'a' (first defined on line 1)"),
    ("x: !foo 1\n", "YAML tag '!foo' is not allowed"),
    ("x: !!python/object:os.system {}\n", "YAML tag 'tag:yaml.org,2002:python/object:os.system'"),
    ("x: !!binary aGVsbG8=\n", "YAML tag 'tag:yaml.org,2002:binary' is not allowed"),
    ("<<: {a: 1}\n", "merge keys ('<<') are not supported"),
    ("? [1]\n: 2\n", "mapping keys must be plain values"),
    ("- &a [*a]\n", "recursive alias"),
    ("a: !!int abc\n", "'abc' is not an integer"),
    ("a: [1,\n", "YAML syntax error"),
    ("a: 1\n---\nb: 2\n", "expected a single document"),
    ("a: \x07\n", "character #x0007 is not allowed in YAML"),
    ("[" * 150 + "]" * 150, "nesting"),
])
def test_bad_yaml_is_a_located_ks_error(text, message):
    with pytest.raises(KsError) as caught:
        load_yaml_text(text, "t.yaml")
    assert message in caught.value.message
    assert caught.value.location.path == "t.yaml"


def test_alias_bombs_are_refused_before_expansion():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    with pytest.raises(KsError, match="expands to more than"):
        load_yaml_text("\n".join(lines))


def test_aliases_within_limits_are_expanded_as_plain_copies():
    doc = load_yaml_text("a: &x {k: [1, 2]}\nb: *x\n")
    assert doc.data["b"] == {"k": [1, 2]}


# ------------------------------------------------------------------------ models


def minimal_scenario(**changes) -> dict:
    data = {"provenance": "published", "id": "s", "title": "S", "game": "g", "rulesets": ["gts"],
            "maps": ["m"], "start_turn": "1941-05-24 0900", "end_turn": "1941-05-24 1700",
            "victory": {"conditions": [{"kind": "control", "winner": "Axis"}]}}
    data.update(changes)
    return data


def test_unknown_keys_are_rejected_everywhere():
    with pytest.raises(ValidationError, match="Extra inputs"):
        Scenario.model_validate(minimal_scenario(titel="typo"))
    with pytest.raises(ValidationError, match="Extra inputs"):
        Unit.model_validate({"id": "u", "formation": "f", "unit_class": "infantry",
                             "front": {"values": {}, "colour": "red"}})


def test_name_defaults_to_id_and_tags_default_empty():
    unit = Unit.model_validate({"id": "1 A/1 Inf", "unit_class": "infantry",
                                "front": {"values": {}}})
    assert (unit.name, unit.tags, unit.back, unit.provenance) == ("1 A/1 Inf", [], None, None)


def test_back_and_back_kind_come_together():
    base = {"id": "u", "unit_class": "gun", "front": {"values": {}}}
    with pytest.raises(ValidationError, match="'back' and 'back_kind' together"):
        Unit.model_validate({**base, "back": {"values": {}}})
    assert Unit.model_validate({**base, "back": {"values": {}}, "back_kind": "transport"}).back_kind == "transport"


def test_placement_forms():
    assert Placement.model_validate({"units": ["a", "b"], "hexes": "01.01 01.02",
                                     "one_per_hex": True}).hexes == ["01.01", "01.02"]
    assert Placement.model_validate({"leader": "L", "with": "a"}).with_ == ["a"]
    for bad, message in [({"unit": "a", "units": ["b"], "hex": "01.01"}, "exactly one of 'unit'"),
                         ({"unit": "a"}, "say where"),
                         ({"unit": "a", "with": ["b"]}, "only for placing a leader"),
                         ({"unit": "a", "hexes": ["01.01"], "within": 1}, "'within' needs"),
                         ({"units": ["a", "b", "c"], "hexes": ["01.01"], "one_per_hex": True},
                          "3 units cannot go one per hex into 1 hexes")]:
        with pytest.raises(ValidationError, match=message):
            Placement.model_validate(bad)


def test_hex_ids_must_be_quoted_strings():
    with pytest.raises(ValidationError, match="write hex ids in quotes"):
        Placement.model_validate({"unit": "a", "hex": 6.05})
    with pytest.raises(ValidationError, match="pattern"):
        Placement.model_validate({"unit": "a", "hex": "6.5"})
    assert Placement.model_validate({"unit": "a", "hex": "108.44"}).hex == "108.44"


def test_turn_labels_order_night_after_the_days_turns():
    labels = ["1941-05-25 0700", "1941-05-24 night", "1941-05-24 1900", "1941-05-24 0900"]
    assert sorted(labels, key=turn_order) == [
        "1941-05-24 0900", "1941-05-24 1900", "1941-05-24 night", "1941-05-25 0700"]


def test_map_geometry_for_data_checks():
    m = MapModel.model_validate({"provenance": "provisional", "id": "m", "name": "M",
                                 "grid": {"columns": [1, 5], "rows": [1, 4], "offset": "odd"},
                                 "default_terrain": "clear", "absent": ["05.04"]})
    assert expand_hexes("01.01-02.02") == ["01.01", "01.02", "02.01", "02.02"]
    assert expand_hexes("03.03") == ["03.03"] and parse_hex("108.44") == (108, 44)
    assert m.contains("05.03") and not m.contains("05.04") and m.in_bounds("05.04")
    assert not m.contains("06.01") and not m.contains("01.00")
    # odd columns sit lower: 01.01 touches 02.01 and 02.02; 02.02 touches 01.01 and 01.02
    assert m.adjacent("01.01", "02.02") and m.adjacent("01.01", "02.01")
    assert m.adjacent("02.02", "01.01") and not m.adjacent("02.02", "01.03")
    assert m.adjacent("03.03", "03.04") and not m.adjacent("03.03", "03.05")
    even = m.model_copy(update={"grid": m.grid.model_copy(update={"offset": "even"})})
    assert even.adjacent("02.02", "01.03") and not even.adjacent("01.01", "02.02")


def test_grid_bounds_must_be_ordered():
    with pytest.raises(ValidationError, match="first <= last"):
        MapModel.model_validate({"provenance": "provisional", "id": "m", "name": "M",
                                 "grid": {"columns": [5, 1], "rows": [1, 4]},
                                 "default_terrain": "clear"})


def test_effects_keep_their_own_keys():
    scenario = Scenario.model_validate(minimal_scenario(scenario_rules=[{
        "id": "r", "source": "crete:5.1", "text": "t",
        "effects": [{"kind": "air_strikes", "count": 2, "side": "Axis"}]}]))
    assert scenario.scenario_rules[0].effects[0].model_extra == {"count": 2, "side": "Axis"}


def test_render_path():
    assert render_path(("setup", 2, "unit")) == "setup[2].unit"
    assert render_path(("hexes", "no dot", 0)) == "hexes['no dot'][0]"
    assert render_path(()) == ""


def test_validate_doc_records_origins_for_nested_models():
    doc = load_yaml_text("\n".join(f"{k}: {v}" for k, v in [
        ("provenance", "published"), ("id", "s"), ("title", "S"), ("game", "g"),
        ("rulesets", "[gts]"), ("maps", "[m]"), ("start_turn", "'1941-05-24 0900'"),
        ("end_turn", "'1941-05-24 1700'"), ("setup", "[{unit: a, hex: '01.01'}]"),
        ("victory", "{conditions: [{kind: control, winner: Axis}]}")]), "s.yaml")
    scenario = validate_doc(doc, Scenario)
    assert scenario.setup[0]._origin[1] == ("setup", 0)
    assert scenario.victory.conditions[0]._origin[1] == ("victory", "conditions", 0)


def test_schemas_cover_every_format_and_document_fields():
    found = schemas()
    assert set(found) == {"game", "units", "terrain", "map", "scenario"}
    scenario = found["scenario"]
    assert scenario["additionalProperties"] is False
    assert "description" in scenario["properties"]["provenance"]
    assert "with" in found["scenario"]["$defs"]["Placement"]["properties"]
    units = found["units"]["$defs"]["Unit"]["properties"]
    assert units["back_kind"]["description"].startswith("What flipping means")


# --------------------------------------------------------------------- GTS values


def gts(**changes) -> dict:
    side = {"steps": 2, "troop_quality": 7, "fire_rating": 5, "weapon_class": "SA",
            "assault_rating": 6, "movement": 5, "movement_class": "leg", "defense": 0}
    side.update(changes)
    return side


def test_gts_counter_side_defaults_follow_the_glossary():
    side = GtsCounterSide.model_validate(gts())
    assert side.fire_range == 1  # gts:29.27: no printed range means one
    assert (side.armored, side.auto_command, side.stripe, side.air_defense) == (False, False, None, None)
    assert side.movement_class is MovementClass.LEG


@pytest.mark.parametrize("changes, message", [
    ({"steps": 3}, "less than or equal to 2"),
    ({"weapon_class": None}, "needs its weapon_class"),
    ({"fire_rating": None, "fire_range": 3}, "no Fire Range"),
    ({"movement": None}, "movement is null exactly when"),
    ({"movement_class": "immobile"}, "movement is null exactly when"),
    ({"movement": "star", "movement_class": "wheeled"}, "'star' movement counts as Leg"),
    ({"assault_rating": None, "assault_colored": True}, "assault_colored needs"),
    ({"weapon_class": "RIFLE"}, "Input should be 'DP'"),
    ({"stripe": "red"}, "'white' or 'black'"),
    ({"moves": 3}, "Extra inputs"),
])
def test_gts_counter_side_rejects_impossible_counters(changes, message):
    with pytest.raises(ValidationError, match=message):
        GtsCounterSide.model_validate(gts(**changes))


def test_gts_no_fire_star_movement_and_immobile_are_valid():
    assert GtsCounterSide.model_validate(gts(fire_rating=None, weapon_class=None)).fire_rating is None
    assert GtsCounterSide.model_validate(gts(movement="star")).movement == "star"
    assert GtsCounterSide.model_validate(gts(movement=None, movement_class="immobile")).movement is None


def test_gts_leader_values():
    assert GtsLeaderValues.model_validate({"command_range": 4, "attachment_rating": 2}).command_range == 4
    with pytest.raises(ValidationError):
        GtsLeaderValues.model_validate({"command_range": -1, "attachment_rating": 2})
