"""The Utah errata as a layer (utah-errata, modules/utah/errata): on by
default, off with `as-printed`; each entry changes exactly what it amends."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from utah_games import GRENADIER, INFANTRY, TANK, face, unit, utah_game

from kriegsspiel.tools.cli import app


def term(value, name):
    return sum(t["amount"] for t in value.terms if t["name"] == name)


def test_the_errata_are_on_by_default_and_off_as_printed():
    """The Utah scenarios play utah-errata; `as-printed` leaves it out."""
    corrected, printed = utah_game(), utah_game(as_printed=True)
    assert "utah-errata" in corrected.scenario.rulesets
    assert "utah-errata" not in printed.scenario.rulesets
    assert {f.module for f in corrected.program.files} >= {"gts", "utah", "utah-errata"}
    assert "utah-errata" not in {f.module for f in printed.program.files}


def test_ks_play_as_printed_is_saved_and_resumed(tmp_path):
    """`ks play … --as-printed` plays the printed rules and its save keeps them."""
    runner = CliRunner()
    save = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "utah/causeway", "--seed", "2", "--until", "1",
                                 "--as-printed", "--save", str(save)])
    assert played.exit_code == 0, played.output
    assert '"as-printed"' in save.read_text()
    resumed = runner.invoke(app, ["resume", str(save), "--until", "2"])
    assert resumed.exit_code == 0, resumed.output


def test_rules_show_names_the_errata_layer_for_an_amended_definition():
    """`ks rules show` says which layer won: the errata's."""
    runner = CliRunner()
    shown = runner.invoke(app, ["rules", "show", "woods_modifier_ignored", "--on", "utah-errata"])
    assert shown.exit_code == 0, shown.output
    assert "errata" in shown.output and "utah:errata:2.1.2" in shown.output
    diff = runner.invoke(app, ["rules", "diff", "--ruleset", "utah", "--errata"])
    assert diff.exit_code == 0, diff.output
    assert "woods_modifier_ignored" in diff.output and "end_hexsides_block" in diff.output


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_2_1_2_woods_and_high_explosive(as_printed):
    """utah:errata:2.1.2 amends utah:2.1.2#5: the Woods modifier is ignored by black,
    brown, orange, green or yellow Fire Ratings "and firing at Unarmored Target" —
    as printed, against any target.  Against Unarmored targets nothing changes."""
    game = utah_game(as_printed=as_printed)
    game.state.map.terrain["32.045"] = "woods"
    firer = unit(game, GRENADIER, "30.045")
    face(game, GRENADIER).update(weapon_class="DHE")
    infantry = unit(game, INFANTRY, "32.045")
    assert term(game.value("modified_fire_rating", firer, infantry, "direct", 0, 0),
                "terrain") == 0
    tank = unit(game, TANK, "32.045")
    armored = term(game.value("modified_fire_rating", firer, tank, "direct", 0, 0), "terrain")
    assert armored == (0 if as_printed else -2)
    face(game, GRENADIER).update(weapon_class="SA")   # small arms: -2 either way
    assert term(game.value("modified_fire_rating", firer, tank, "direct", 0, 0),
                "terrain") == -2


def crest_and_ridge_game(as_printed, first, second):
    """A clear line 30.040 -> 30.044 (one column), *first* on the side of 30.040's
    hex towards 30.041, *second* on 30.044's side towards 30.043."""
    game = utah_game(as_printed=as_printed)
    for r in range(39, 47):
        for c in (29, 30, 31):
            game.state.map.terrain[f"{c}.{r:03d}"] = "clear"
    game.state.map.hexsides[frozenset(("30.040", "30.041"))] = [{"feature": first}]
    game.state.map.hexsides[frozenset(("30.043", "30.044"))] = [{"feature": second}]
    return game


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_2_2_2_two_ridges_at_the_ends(as_printed):
    """utah:errata:2.2.2 amends utah:2.2.2#2: printed, "A Ridge hexside blocks Line of
    Site unless the Ridge hexside is part of the firing Unit's hex or the target
    Unit's hex" — two Units beside different Ridges see each other; corrected, "No
    more than one Ridge hexside may be crossed ... LOS is blocked between two Units,
    both of which are adjacent to different Ridge hexsides"."""
    game = crest_and_ridge_game(as_printed, "ridge", "ridge")
    assert game.value("has_los", "30.040", "30.044", "direct") == as_printed


@pytest.mark.parametrize("as_printed", [True, False])
def test_errata_2_2_2_a_crest_and_a_ridge_at_the_ends(as_printed):
    """utah:errata:2.2.2: "This restriction applies to both Crests and Ridges so if
    one is adjacent to a Crest and the other is adjacent to a Ridge, then LOS is
    blocked" — as printed only two Crests were counted."""
    game = crest_and_ridge_game(as_printed, "crest", "ridge")
    assert game.value("has_los", "30.040", "30.044", "direct") == as_printed


@pytest.mark.parametrize("as_printed", [True, False])
def test_crests_and_single_ridges_unchanged_by_the_errata(as_printed):
    """utah:2.2.1#3, utah:2.2.1#4, utah:2.2.1#5: a line crossing a Crest is blocked
    unless a Unit is beside it and no more than one is crossed — two Crests at the
    ends block, printed or corrected; utah:2.2.2#2: one Ridge at an end does not;
    a Crest or Ridge in the middle of the line blocks."""
    assert not crest_and_ridge_game(as_printed, "crest", "crest").value(
        "has_los", "30.040", "30.044", "direct")
    one = crest_and_ridge_game(as_printed, "ridge", "stream")
    assert one.value("has_los", "30.040", "30.044", "direct")
    middle = crest_and_ridge_game(as_printed, "stream", "stream")
    middle.state.map.hexsides[frozenset(("30.041", "30.042"))] = [{"feature": "crest"}]
    assert not middle.value("has_los", "30.040", "30.044", "direct")
    assert middle.value("has_los", "30.042", "30.044", "direct")


def test_along_a_crest_or_ridge_is_blocked():
    """utah:2.2.1#5: "LOS may not be traced along a Crest hexside"; utah:2.2.2#3: "as
    with Crests, a Line of Sight may not be traced along a Ridge hexside"."""
    for feature in ("crest", "ridge"):
        game = crest_and_ridge_game(False, "stream", "stream")
        assert game.value("los_along_obstacle", "30.041", "31.042") is None
        game.state.map.hexsides[frozenset(("30.041", "31.042"))] = [{"feature": feature}]
        assert game.value("los_along_obstacle", "30.041", "31.042") == "blocking"


def test_an_optional_rule_built_on_the_errata_is_refused_as_printed(tmp_path):
    """A modder's optional rule that builds on utah-errata cannot be played
    `--as-printed` (which leaves the errata out): a clear error, not the rule
    silently dropped with them; without the switch it is played."""
    from kriegsspiel.core.errors import KsError
    from kriegsspiel.engine.optional import resolve
    from kriegsspiel.engine.plugins import load_registry
    from kriegsspiel.engine.starting import load
    module = tmp_path / "corrected_extra.py"
    module.write_text(
        "from kriegsspiel.engine.hookspecs import hookimpl\n"
        "from kriegsspiel.engine.plugins import ModuleInfo\n\n"
        "@hookimpl\n"
        "def ks_module_info():\n"
        "    return ModuleInfo(name='corrected_extra', layer='optional', ruleset='gts',\n"
        "                      requires=('utah-errata',), title='an optional rule on the errata',\n"
        "                      optional_rules={'house:1': 'on the corrected rules'})\n\n"
        "@hookimpl\n"
        "def ks_rule_files():\n"
        "    return []\n")
    registry = load_registry(extra_paths=[module])
    scenario = load("utah/causeway", registry).scenario
    assert resolve(registry, scenario, ["house:1"]) == ["house:1"]
    with pytest.raises(KsError, match="'house:1' builds on the errata .*as-printed"):
        resolve(registry, scenario, ["house:1", "as-printed"])
    assert resolve(registry, scenario, ["utah:18.9", "as-printed"]) == ["utah:18.9", "as-printed"]
