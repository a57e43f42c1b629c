"""A ruleset's own scenario keys (ks_scenario_schema) and the references they make
(ks_check_scenario): read only with the modules a scenario names, checked at
their lines, exported in `ks schema scenario`."""

from __future__ import annotations

import json
import textwrap

import pytest
from typer.testing import CliRunner

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.loading import check_references, shipped_roots
from kriegsspiel.core.models import item_model
from kriegsspiel.core.scenario import Scenario
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.reading import (Checks, installed_model, model_of, read_game,
                                        read_scenario)
from kriegsspiel.engine.starting import find_scenario
from kriegsspiel.tools.cli import app

WEATHER = '''
from pydantic import Field
from kriegsspiel.core.fields import SheetHexId
from kriegsspiel.core.models import DataModel
from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo


class Weather(DataModel):
    weather: str = Field("clear", description="The sky at the start.")
    storm_hex: SheetHexId | None = None


@hookimpl
def ks_module_info():
    return ModuleInfo(name="weather", layer="optional", ruleset="gts", requires=("gts",))


@hookimpl
def ks_scenario_schema():
    return {"scenario": Weather}


@hookimpl
def ks_check_scenario(check, scenario):
    if scenario.weather not in ("clear", "rain"):
        check.error(scenario, ("weather",), f"no weather '{scenario.weather}'")
    check.hex(scenario.storm_hex, check.sheets, scenario, "storm_hex")
'''


def variant(tmp_path, name: str, edit) -> str:
    text = edit(find_scenario(name).read_text(encoding="utf-8"))
    path = tmp_path / "variant.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_key_of_a_module_the_scenario_does_not_name_is_unknown_with_whose_it_is(tmp_path):
    """Crete's drops (crete:4.2) in a scenario naming only GTS: each is an unknown
    field at its line, and the hint names the module to add."""
    path = variant(tmp_path, "crete/descent", lambda t: t.replace("rulesets: [gts, crete]",
                                                                  "rulesets: [gts]", 1))
    with pytest.raises(KsError) as caught:
        read_scenario(path)
    errors = caught.value.each()
    drops = [e for e in errors if e.message.endswith(".drop_zone: unknown field")]
    assert drops and all(e.location.path == str(path) for e in drops)
    assert drops[0].hint == "'drop_zone' is a key of module 'crete': add it to 'rulesets'"
    assert not any("artillery_park" in e.message for e in errors)  # GTS's own key (gts:18.7)


def test_the_shipped_modules_compose_their_parts():
    registry = load_registry()
    gts, crete = model_of(registry, ["gts"]), model_of(registry, ["crete"])
    assert "mug" in gts.model_fields and "mug" in crete.model_fields  # crete requires gts
    assert "drop_zone" not in item_model(gts, "reinforcements").model_fields
    assert "drop_zone" in item_model(crete, "reinforcements").model_fields
    assert "artillery_park" in item_model(gts, "setup").model_fields
    assert "mug" not in Scenario.model_fields  # the kernel's knows no GTS
    assert model_of(registry, ["crete"]) is crete  # one model per set of modules
    condition = crete.model_fields["victory"].annotation.model_fields["conditions"].annotation
    with pytest.raises(ValueError, match="'withdrawal_level' needs the 'levels' range"):
        condition.__args__[0].model_validate({"kind": "withdrawal_level", "winner": "Axis"})
    with pytest.raises(ValueError, match="'units_exited' needs the exit 'hexes'"):
        condition.__args__[0].model_validate({"kind": "units_exited", "winner": "Axis"})


def test_a_third_party_module_adds_a_key_and_checks_it(tmp_path):
    plugin = tmp_path / "weather.py"
    plugin.write_text(WEATHER, encoding="utf-8")
    registry = load_registry(extra_paths=[plugin])
    path = variant(tmp_path, "crete/learning", lambda t: t.replace(
        "rulesets: [gts, crete]", "rulesets: [gts, crete, weather]\nweather: snow\n"
        "storm_hex: \"99.99\"", 1))
    scenario = read_scenario(path, registry)
    assert scenario.weather == "snow"
    game = read_game(shipped_roots()[0] / "crete")
    errors = check_references(game, [scenario], Checks(registry))
    rendered = [e.render().splitlines()[0] for e in errors]
    assert rendered == [f"{path}:9:10: error: weather: no weather 'snow'",
                        f"{path}:10:12: error: storm_hex: hex '99.99' is not on map 'kastelli' "
                        "(columns 1-20, rows 1-12)"], rendered
    assert "weather" in installed_model(registry).model_json_schema()["properties"]
    # Without the module the key is unknown, and the hint names it.
    with pytest.raises(KsError) as caught:
        read_scenario(variant(tmp_path, "crete/learning", lambda t: t.replace(
            "rulesets: [gts, crete]", "rulesets: [gts, crete]\nweather: rain", 1)), registry)
    assert caught.value.hint == "'weather' is a key of module 'weather': add it to 'rulesets'"


def test_gts_keys_name_what_exists_at_their_lines(tmp_path):
    """A road-block limit (gts:23.1) or Rearguard pool (gts:24.5) naming no Division,
    a mug chit (gts:9.0) of no side, division or formation: located, with a hint."""
    def edit(text: str) -> str:
        return text.replace("rulesets: [gts, crete]", textwrap.dedent("""\
            rulesets: [gts, crete]
            road_blocks: [{division: 5. Gebirgs Divison, count: 1}]
            rearguards: [{division: CREFORR, count: 2}]"""), 1).replace(
            "{kind: division, of: 5. Gebirgs Division}", "{kind: division, of: 5 Gebirgs}", 1)
    path = variant(tmp_path, "crete/learning", edit)
    registry = load_registry()
    scenario = read_scenario(path, registry)
    errors = check_references(read_game(shipped_roots()[0] / "crete"), [scenario],
                              Checks(registry))
    messages = {e.message.split(": ", 1)[0]: (e.message, e.hint) for e in errors}
    assert messages["road_blocks[0].division"] == (
        "road_blocks[0].division: unknown division '5. Gebirgs Divison'",
        "did you mean '5. Gebirgs Division'?")
    assert messages["rearguards[0].division"][1] == "did you mean 'CREFOR'?"
    assert any(key.startswith("mug.") and "unknown chit owner '5 Gebirgs'" in message
               for key, (message, _) in messages.items())
    assert all(e.location.path == str(path) for e in errors)


def test_the_exported_schema_holds_every_installed_modules_keys():
    result = CliRunner().invoke(app, ["schema", "scenario"])
    assert result.exit_code == 0, result.output
    schema = json.loads(result.output)
    assert {"mug", "rearguards", "road_blocks", "as_per"} <= set(schema["properties"])
    assert "drop_zone" in schema["$defs"]["Reinforcement"]["properties"]
    assert "artillery_park" in schema["$defs"]["Placement"]["properties"]


def test_the_order_of_battle_is_gts_s_game_keys():
    """ks_game_schema, ks_check_game: the kernel's game has no Army, Division or
    Formation (gts:2.0); read with GTS, a counter's formation is checked against
    the game's, at its line."""
    from kriegsspiel.core.models import GameManifest, Unit
    from kriegsspiel.engine.reading import game_models_of
    registry = load_registry()
    assert "divisions" not in GameManifest.model_fields and "formation" not in Unit.model_fields
    gts = game_models_of(registry, ["gts"])
    assert {"armies", "divisions", "formations"} <= set(gts.manifest.model_fields)
    assert "formation" in item_model(gts.units_file, "units").model_fields
    game = read_game(shipped_roots()[0] / "crete", registry)
    one = game.units[0]
    one.formation = "No Such Formation"
    errors = check_references(game, (), Checks(registry))
    assert [e.message for e in errors] == [
        "units[0].formation: unknown formation 'No Such Formation'"]



def test_a_situation_s_order_of_battle_is_gts_s_keys(tmp_path):
    """ks_situation_schema, ks_lay_out_situation: a situation file's divisions and
    formations (gts:2.0) are GTS's keys, defaults and all; a formation that does
    not exist is located, with a did-you-mean."""
    from kriegsspiel.core.situation import Situation
    from kriegsspiel.engine.reading import read_situation
    from kriegsspiel.tools.situation import build
    assert "divisions" not in Situation.model_fields
    text = """\
rules: [gts]
formations:
  - {id: Kampfgruppe Nord, side: Axis}
units:
  - {id: a, formation: Kampfgruppe Nord, hex: "05.05", values: {steps: 2, troop_quality: 5,
     fire_rating: 3, weapon_class: SA, fire_range: 1, movement: 4, movement_class: leg,
     defense: 0}}
  - {id: b, side: Allied, hex: "06.05", values: {steps: 2, troop_quality: 5, fire_rating: 3,
     weapon_class: SA, fire_range: 1, movement: 4, movement_class: leg, defense: 0}}
action: {do: tq_check, unit: a}
"""
    path = tmp_path / "situation.yaml"
    path.write_text(text, encoding="utf-8")
    sit = read_situation(path)
    assert [f.id for f in sit.formations] == ["Kampfgruppe Nord"]
    catalog = build(sit).session.state.catalog
    assert catalog["unit"]["a"]["division"] == "Axis division"  # the side's default Division
    assert catalog["unit"]["b"]["formation"] == "Allied division formation"
    assert [catalog["unit"][u]["side"] for u in ("a", "b")] == ["Axis", "Allied"]
    path.write_text(text.replace("formation: Kampfgruppe Nord, hex", "formation: Kampfgruppe "
                                 "Nrd, hex"), encoding="utf-8")
    with pytest.raises(KsError) as caught:
        build(read_situation(path))
    rendered = caught.value.render()
    assert "units[0].formation: unknown formation 'Kampfgruppe Nrd'" in rendered
    assert "did you mean 'Kampfgruppe Nord'?" in rendered and f"{path}:5:" in rendered
