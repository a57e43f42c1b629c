"""Fuzzing the loaders: whatever the input, only KsError may come out.

No ruamel, pydantic or Python exception may escape the data layer, and every
error must render (with its location) without failing.
"""

from __future__ import annotations

import io
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from kriegsspiel.core.errors import KsError, KsErrors
from kriegsspiel.core.loading import (SCHEMA_MODELS, check_references, schemas,
                                      shipped_roots, validate_doc, validate_values)
from kriegsspiel.core.models import MapModel
from kriegsspiel.core.scenario import Scenario
from kriegsspiel.engine.reading import read_game
from kriegsspiel.core.yamlio import load_yaml_text
from kriegsspiel.modules.gts.counters import GtsCounterSide

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def field_names(schema: Any) -> set[str]:
    """Every property name in a JSON Schema, so generated mappings hit real fields."""
    names: set[str] = set()
    if isinstance(schema, dict):
        names.update(schema.get("properties", {}))
        for value in schema.values():
            names |= field_names(value)
    elif isinstance(schema, list):
        for value in schema:
            names |= field_names(value)
    return names


KEYS = sorted(field_names(schemas()) | {"kind", "count", "rule"})
WORDS = ["06.05", "06.04", "15.06", "21.02", "01.01-02.02", "06.05/06.06", "02.02 03.04",
         "crete:S6.0", "gts:29.53", "crete:nope", "1941-05-24 0900", "1941-05-24 night",
         "published", "provisional", "Axis", "Allied", "kastelli", "crete", "clear", "road",
         "1 A/1 Inf", "Kastelli", "Maj Schaette", "5. Gebirgs Division", "reduced", "star",
         "SA", "leg", "", " ", "with", "hex", "units"]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.sampled_from(WORDS),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet=st.characters(blacklist_categories=["Cs", "Cc"]), max_size=12))
keys = st.one_of(st.sampled_from(KEYS), st.text(alphabet="abcxyz_", min_size=1, max_size=6),
                 st.integers(0, 3))
data = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=6)), max_leaves=30)


def dump(value: Any) -> str:
    out = io.StringIO()
    YAML(typ="safe", pure=True).dump(value, out)
    return out.getvalue()


def assert_plain(value: Any) -> None:
    assert type(value) in (dict, list, str, int, float, bool, type(None)), type(value)
    if isinstance(value, dict):
        for key, item in value.items():
            assert_plain(key)
            assert_plain(item)
    elif isinstance(value, list):
        for item in value:
            assert_plain(item)


def only_ks_errors(call, *args) -> Any:
    """Run *call*; a KsError is fine (and must render), anything else fails the test."""
    try:
        return call(*args)
    except KsError as exc:
        for error in exc.errors if isinstance(exc, KsErrors) else [exc]:
            assert error.render()
            if error.location is not None and error.location.line:
                assert error.location.line >= 1 and error.location.column >= 1
        return None


@pytest.fixture(scope="module")
def crete():
    return read_game(shipped_roots()[0] / "crete")


@pytest.fixture(scope="module")
def learning_data():
    return load_yaml_text((shipped_roots()[1] / "crete" / "learning.yaml").read_text("utf-8")).data


@pytest.fixture(scope="module")
def kastelli_data():
    path = shipped_roots()[0] / "crete" / "maps" / "kastelli.yaml"
    return load_yaml_text(path.read_text("utf-8")).data


@FUZZ
@given(st.text(max_size=200))
def test_arbitrary_text_gives_plain_data_or_ks_error(text):
    doc = only_ks_errors(load_yaml_text, text, "fuzz.yaml")
    if doc is not None:
        assert_plain(doc.data)


YAML_BITS = ["a", "b:", ": ", "- ", "\n", "  ", "[", "]", "{", "}", ",", "'", '"', "&x ", "*x",
             "!!str ", "!t ", "? ", "|\n", ">-\n", "#c", "---\n", "...\n", "<<: ", "06.05", "~",
             "%YAML 1.2\n", "\t", "\\", "@", "`", "1e3", ".nan", "0x"]


@FUZZ
@given(st.lists(st.sampled_from(YAML_BITS), max_size=40).map("".join))
def test_yaml_like_text_gives_plain_data_or_ks_error(text):
    doc = only_ks_errors(load_yaml_text, text, "fuzz.yaml")
    if doc is not None:
        assert_plain(doc.data)
        for path in [("a",), ("b", 0), (0, "a", 1)]:
            assert doc.locate(path).path == "fuzz.yaml"


@FUZZ
@given(data, st.sampled_from(sorted(SCHEMA_MODELS)))
def test_arbitrary_data_through_every_model_gives_model_or_ks_error(value, format_name):
    # ruamel's dumper can write text its own parser rejects ("absent: ?0"),
    # so reading back may itself be a (fine) KsError
    doc = only_ks_errors(load_yaml_text, dump(value), "fuzz.yaml")
    if doc is not None:
        only_ks_errors(validate_doc, doc, SCHEMA_MODELS[format_name])


def mutate(original: Any, path: list[int], replacement: Any) -> Any:
    """A deep copy of *original* with the node reached by *path* (indices taken
    modulo the children count at each level) replaced."""
    if not path or not isinstance(original, (dict, list)) or not original:
        return replacement
    items = list(original.items()) if isinstance(original, dict) else list(enumerate(original))
    chosen = path[0] % len(items)
    rebuilt = [(k, mutate(v, path[1:], replacement) if i == chosen else v)
               for i, (k, v) in enumerate(items)]
    return dict(rebuilt) if isinstance(original, dict) else [v for _, v in rebuilt]


@FUZZ
@given(st.lists(st.integers(0, 50), max_size=5), data)
def test_mutated_learning_scenario_is_checked_without_crashing(crete, learning_data, path, value):
    doc = only_ks_errors(load_yaml_text, dump(mutate(learning_data, path, value)), "learning.yaml")
    scenario = doc and only_ks_errors(validate_doc, doc, Scenario)
    if scenario is not None:
        for error in check_references(crete, [scenario]):
            assert error.render()


@FUZZ
@given(st.lists(st.integers(0, 50), max_size=5), data)
def test_mutated_map_is_checked_without_crashing(crete, kastelli_data, path, value):
    doc = only_ks_errors(load_yaml_text, dump(mutate(kastelli_data, path, value)), "kastelli.yaml")
    game_map = doc and only_ks_errors(validate_doc, doc, MapModel)
    if game_map is not None:
        game = crete.model_copy(update={"maps": [game_map]})
        for error in check_references(game):
            assert error.render()


@FUZZ
@given(st.lists(st.integers(0, 50), max_size=4), data)
def test_mutated_counter_values_give_located_errors(path, value):
    side = {"steps": 2, "troop_quality": 7, "fire_rating": 5, "weapon_class": "SA",
            "movement": 5, "movement_class": "leg", "defense": 0}
    units = {"provenance": "provisional",
             "units": [{"id": "u", "formation": "f", "unit_class": "infantry",
                        "front": {"values": mutate(side, path, value)}}]}
    doc = only_ks_errors(load_yaml_text, dump(units), "units.yaml")
    units_file = doc and only_ks_errors(validate_doc, doc, SCHEMA_MODELS["units"])
    if units_file is not None:
        for error in validate_values(units_file.units[0].front, GtsCounterSide):
            assert error.location.line >= 1 and error.render()


def test_fuzz_helpers_see_nan_and_big_numbers():
    # sanity: the dumper/loader round trip keeps the awkward floats as floats
    doc = load_yaml_text(dump({"a": math.inf, "b": -0.0, "c": 10**30}))
    assert doc.data["a"] == math.inf and doc.data["c"] == 10**30
