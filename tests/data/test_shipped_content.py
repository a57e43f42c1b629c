"""The shipped games and scenarios load, cross-check clean, and say what the book says."""

from __future__ import annotations

import pytest

from kriegsspiel.core.refcheck import known_rule_ids
from kriegsspiel.core.loading import check_references, shipped_roots
from kriegsspiel.engine.reading import read_game
from kriegsspiel.engine.reading import check_content, read_scenario
from kriegsspiel.core.scenario import turn_order
from kriegsspiel.modules.gts.counters import GtsCounterSide

GREEK_COMPANIES = ["1 A/1 Inf", "2 A/1 Inf", "3 A/1 Inf", "1 B/1 Inf", "2 B/1 Inf", "3 B/1 Inf"]
PIONEERS = ["1. Geb.Pi. 95", "2. Geb.Pi. 95", "3. Geb.Pi. 95"]


@pytest.fixture(scope="module")
def crete():
    return read_game(shipped_roots()[0] / "crete")


@pytest.fixture(scope="module")
def learning():
    return read_scenario(shipped_roots()[1] / "crete" / "learning.yaml")


def test_all_shipped_content_loads_and_cross_checks_clean():
    errors = check_content()
    assert errors == [], "\n".join(e.render() for e in errors)


def test_the_rule_index_is_installed_so_citations_are_really_checked():
    known = known_rule_ids()
    assert "S6.0" in known["crete"] and "29.53" in known["gts"]
    assert "scenario:learning" in known["crete"]


def test_crete_order_of_battle_uses_the_printed_names(crete):
    assert crete.rulesets == ["gts", "crete"]
    assert {d.id for d in crete.divisions} >= {"2nd New Zealand Division", "5. Gebirgs Division"}
    formations = {f.id: f.division for f in crete.formations}
    assert formations.items() >= {
        "1 Inf (Greek)": "2nd New Zealand Division",
        "Kastelli Police": "2nd New Zealand Division",
        "Gebirgs-Pionier-Bataillon 95": "5. Gebirgs Division",
        "Gebirgs-Panzerjäger-Abteilung 95": "5. Gebirgs Division",
    }.items()
    units = {u.id: u.formation for u in crete.units}
    assert units.items() >= {**{c: "1 Inf (Greek)" for c in GREEK_COMPANIES}, "Kastelli": "Kastelli Police",
                     **{p: "Gebirgs-Pionier-Bataillon 95" for p in PIONEERS},
                     "1. Geb.Pz.Jäg. 95": "Gebirgs-Panzerjäger-Abteilung 95"}.items()
    leaders = {leader.id: leader for leader in crete.leaders}
    assert leaders["Maj Schaette"].kind == "kampfgruppe" and leaders["Maj Schaette"].formation is None
    assert leaders["Major Bedding"].division == "2nd New Zealand Division"


def test_invented_numbers_are_marked_provisional(crete):
    assert all(leader.provenance == "provisional" for leader in crete.leaders)
    units_file_provenance = crete.units[0]._origin[0].data["provenance"]
    assert units_file_provenance == "provisional"
    assert [m.provenance for m in crete.maps] == ["provisional"] * len(crete.maps)


def test_greek_units_are_tagged_for_the_greek_rules(crete):
    greek = sorted(u.id for u in crete.units if "greek" in u.tags)
    assert set(greek) >= set(GREEK_COMPANIES + ["Kastelli"])
    assert all(GtsCounterSide.model_validate(u.front.values).engineer
               for u in crete.units if u.id in PIONEERS)


def test_every_counter_side_is_a_valid_gts_side(crete):
    for unit in crete.units:
        for side in filter(None, (unit.front, unit.back)):
            GtsCounterSide.model_validate(side.values)
    transport = next(u for u in crete.units if u.id == "1. Geb.Pz.Jäg. 95")
    assert transport.back_kind == "transport"
    assert GtsCounterSide.model_validate(transport.front.values).organic_transport


def test_kastelli_map_has_every_hex_the_scenario_names(crete, learning):
    kastelli = next(m for m in crete.maps if m.id == "kastelli")
    for hex_id in ["02.02", "03.04", "04.05", "08.05", "10.05", "12.05", "06.05", "15.06", "06.04"]:
        assert kastelli.contains(hex_id), hex_id
    features = {(f.hex, f.kind): f.name for f in kastelli.features}
    assert features[("06.04", "port")] == "Port of Kastelli"
    assert features[("06.05", "locality")] == "Kastelli"
    town = set(kastelli.hexes["town"])
    assert {"06.04", "06.05"} <= town


def test_learning_scenario_length_and_maps(learning):
    assert (learning.title, learning.game, learning.maps) == ("Storming the Kastelli", "crete", ["kastelli"])
    assert (learning.start_turn, learning.end_turn) == ("1941-05-24 0900", "1941-05-24 1700")
    assert learning.counter_set == "campaign"
    assert learning.special_rules == ["crete:S6.0", "crete:S8.0"]
    assert learning.provenance == "published"


def test_learning_scenario_setup_as_printed(learning):
    greek, police, pioneers, schaette, bedding = learning.setup
    assert greek.units == GREEK_COMPANIES and greek.one_per_hex
    assert greek.hexes == ["02.02", "03.04", "04.05", "08.05", "10.05", "12.05"]
    assert (police.unit, police.hex) == ("Kastelli", "06.05")
    assert (pioneers.units, pioneers.hex) == (PIONEERS, "15.06")
    assert (schaette.leader, schaette.hex) == ("Maj Schaette", "15.06")
    assert bedding.leader == "Major Bedding" and set(bedding.with_) == set(GREEK_COMPANIES + ["Kastelli"])


def test_learning_scenario_reinforcements_and_command(learning):
    [pak] = learning.reinforcements
    assert (pak.turn, pak.units, pak.hex) == ("1941-05-24 1100", ["1. Geb.Pz.Jäg. 95"], "15.06")
    values = {v.division: (v.ratings, v.points) for v in learning.command_values}
    assert values == {
        "2nd New Zealand Division": ({"command": 2, "dispatch": None}, {"command": 4}),
        "5. Gebirgs Division": ({"command": 3, "dispatch": None}, {"command": 6}),
    }
    chits = [(c.kind, c.of) for c in learning.mug.each_turn]
    assert chits == [("direct_command", "Allied"), ("direct_command", "Axis"),
                     ("division", "5. Gebirgs Division"), ("division", "2nd New Zealand Division")]
    assert (learning.mug.first_chit.kind, learning.mug.first_chit.of) == ("direct_command", "Axis")


def test_learning_scenario_special_rules_and_victory(learning):
    rules = {r.id: r for r in learning.scenario_rules}
    assert all(r.source == "crete:scenario:learning" and r.text for r in rules.values())
    [in_command] = rules["german-setup-in-command"].effects
    assert in_command.kind == "in_command_at_start" and in_command.model_extra["units"] == PIONEERS
    [air] = rules["luftwaffe-air-support"].effects
    assert air.model_extra["count"] == 2 and air.model_extra["rule"] == "crete:5.1"
    assert air.model_extra["turn"] == "1941-05-24 0900"
    assert {e.kind for e in rules["major-bedding"].effects} == {"commands_tagged_units", "confined_to_map"}
    [control] = learning.victory.conditions
    assert (control.kind, control.side, control.hex, control.when, control.winner) == (
        "control", "Axis", "06.04", "end_of_any_turn", "Axis")
    assert learning.victory.otherwise == "Allied"


def test_reinforcements_fall_inside_the_scenario(learning):
    for r in learning.reinforcements:
        assert turn_order(learning.start_turn) <= turn_order(r.turn) <= turn_order(learning.end_turn)


def test_checking_the_learning_scenario_alone_is_clean(crete, learning):
    assert check_references(crete, [learning]) == []
