"""The five scenarios as a set (tld:VI) and the Scenario Addenda's frame (tld:VIII):
each scenario a complete game of its own, each earlier one with an addenda
version using the advanced rules, and none for scenarios 4 and 5."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import Table
from kriegsspiel.engine.starting import load, start
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.tools.play import shipped_scenarios

FIVE = {"tld/mortain": "tld:scenario:1", "tld/falaise": "tld:scenario:2",
        "tld/cobra": "tld:scenario:3", "tld/cherbourg": "tld:scenario:4",
        "tld/normandy": "tld:scenario:5"}
ADDENDA = {"tld/mortain_addenda": "tld:VIII.A", "tld/falaise_addenda": "tld:VIII.B",
           "tld/cobra_addenda": "tld:VIII.C"}


@pytest.mark.parametrize("name", sorted(FIVE))
def test_each_of_the_five_scenarios_is_a_complete_self_contained_game(name):
    """tld:VI#1: a scenario loads and sets up from its own file alone — its own
    map sections, turns, set-up and victory conditions."""
    scenario = load(name, load_registry()).scenario
    assert scenario.source == FIVE[name]
    session = start(name, Table({}), seed=1)
    catalog = session.state.catalog
    assert catalog["victory"] and len(catalog["game"]["game"]["turns"]) >= 2
    assert any(where is not None for where in session.state.placement.values())


def test_the_earlier_scenarios_have_addenda_versions_with_the_advanced_rules():
    """tld:VIII#1-2: "additions [that] allow players to utilize the entire rules
    package for the earlier scenarios": each addenda scenario plays Modules I-IV."""
    for name, section in ADDENDA.items():
        rules = set(load(name, load_registry()).scenario.special_rules)
        assert {"tld:I", "tld:II", "tld:III", "tld:IV", "tld:VIII", section} <= rules


@pytest.mark.parametrize("name, section", [("tld/cherbourg", "tld:VIII.D"),
                                           ("tld/normandy", "tld:VIII.E")])
def test_scenarios_four_and_five_need_no_additions(name, section):
    """tld:VIII.D#1, tld:VIII.E#1: "No additions required": the scenario as printed
    already plays the advanced rules (Modules I-IV, and V for scenario 5); there
    is no addenda version of it."""
    rules = set(load(name, load_registry()).scenario.special_rules)
    assert {"tld:I", "tld:II", "tld:III", "tld:IV", section} <= rules
    assert ("tld:V" in rules) == (name == "tld/normandy")
    assert f"{name}_addenda" not in shipped_scenarios()
