"""The Greatest Day: Utah Beach — exclusive rules over GTS v2.0c.

"Any rule stated here takes precedence over any rule in the GTS Series
rules, but if it is not directly addressed here, the GTS Series rule is in
effect" (Utah, Part Two).  The rule files override the series definitions
from the exclusive layer, each override citing its Utah section.  The
publisher's errata v2.3 are a module of their own at the errata layer,
``utah-errata`` (modules/utah/errata), which the Utah scenarios play by
default; ``ks play … --as-printed`` plays the rules as printed
(kriegsspiel/engine/optional.py).
"""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.engine.hookspecs import hookimpl
from kriegsspiel.engine.plugins import ModuleInfo

RULES = Path(__file__).with_name("rules")
# The Naval Invasion System (4.x): the Beach Overlay, the Naval Chit and its
# Sequence of Play, the Assault Forces' ranges (docs/utah_nis.md).
NAVAL_RULE_FILES = ("naval_overlay.ksr", "naval_beach_actions.ksr", "naval_sequence.ksr",
                    "naval_ranges.ksr", "naval_landing.ksr", "naval_landing_craft.ksr",
                    "naval_coastal_fire.ksr", "naval_ships.ksr",
                    "naval_transport.ksr", "naval_gaps.ksr", "naval_cleared.ksr",
                    "naval_boxes_setup.ksr")
RULE_FILES = ("night_weather.ksr", "in_hex.ksr", "roads.ksr", "sight.ksr", "fire_terms.ksr",
              # paradrops before stragglers: a chit's drops, then its Rally Points
              # and recovery rolls (both on activation_started)
              "paradrops.ksr", "stragglers.ksr",
              # the Utah Actions (3.3.2's marker, 16.3's Bocage) and Bocage
              "utah_actions.ksr", "bocage.ksr",
              # Rubble and the Bridges' Engineer works (2.4.3, 2.4.5-2.4.6, 2.5)
              "works.ksr", "bridging.ksr", "ferries.ksr", "start_of_play.ksr",
              # Variable Troop Quality (9.0), the US Army's night (17.2)
              "troop_quality.ksr", "night_orders.ksr",
              # Land Mines (10.x), German special rules (16.7)
              "mines.ksr", "german_special.ksr", "hunter_killer.ksr",
              "procured_transport.ksr",
              # the 90th Infantry Division's Assembly Area (17.4)
              "deployment_90th.ksr",
              # the 82nd's extended supply in hypothetical scenarios (17.6)
              "extended_supply.ksr",
              # Random Events (6.0), Allied Air Power (17.1)
              "events.ksr", "air_power.ksr",
              # Auto-Command Units (14.0), Allied Supply Limits (17.3)
              "auto_command.ksr", "supply.ksr",
              # Extra American Airborne Leaders (17.5)
              "airborne_leaders.ksr",
              # Abandoned Transport (15.0), Divisional Trucks/Jeeps (12.0)
              "abandoned_transport.ksr", "trucks.ksr",
              # the marker placed by 2.3.3, 2.3.5 and 11.2
              "transport_lost.ksr",
              # Piggyback Mode (7.0)
              "piggyback.ksr",
              # Formation and Battalion Attachment (13.0-13.5)
              "attachment.ksr",
              "demo_victory.ksr") + NAVAL_RULE_FILES


class _Plugin:
    @hookimpl
    def ks_module_info(self):
        return ModuleInfo(name="utah", layer="exclusive", ruleset="utah", requires=("gts",),
                          title="The Greatest Day: Utah Beach",
                          description="Exclusive rules (Part Two of the Utah book; the Naval "
                                      "Invasion System 4.x, docs/utah_nis.md) and "
                                      "demonstration scenarios.")

    @hookimpl
    def ks_bot_answers(self):
        # The heuristic player's answers to the Utah rules' questions.
        from kriegsspiel.modules.utah.bot_answers import ANSWERS
        return ANSWERS

    @hookimpl
    def ks_check_scenario(self, check, scenario):
        # The words the rules test an effect's field for (naval_overlay.ksr).
        check.effect_words(scenario, {("beach_overlay", "area"): ("actual", "planned"),
                                      # naval_boxes_setup.ksr: Units at sea at the start
                                      ("naval_boxes", "box"): ("landing_wave", "loading",
                                                               "en_route"),
                                      ("naval_boxes", "sub_beach"): ("tare_green",
                                                                     "uncle_red")})

    @hookimpl
    def ks_lay_out_catalog(self, catalog, game, scenario):
        # The drop zones, the airborne battalions and the scheduled drops (3.x).
        from kriegsspiel.modules.utah.catalog import lay_out
        lay_out(catalog, game, scenario)

    @hookimpl
    def ks_primitives(self):
        # utah:3.3.1 Airborne Drift: the hex a Rearguard drifts to.
        from kriegsspiel.modules.utah.drift import DRIFT_PRIMITIVES
        # utah:15.0 Abandoned Transport: the remount route's walk.
        from kriegsspiel.modules.utah.transport_route import ROUTE_PRIMITIVES
        return list(DRIFT_PRIMITIVES) + list(ROUTE_PRIMITIVES)

    @hookimpl
    def ks_entity_attributes(self):
        # What the Utah rules read from scenario data and the catalog (catalog.py).
        return {"effect": {"units": "list", "zone": "str", "drop": "str", "landing": "str",
                           "turn": "any", "stick": "str",
                           # works.ksr: a Bridge the scenario has wired (2.4.6)
                           "hexes": "list", "side": "side",
                           # naval_overlay.ksr: a Beach Overlay in play (4.1, 4.5.2);
                           # naval_ranges.ksr: an Assault Force marker's hex (4.4.1)
                           "beach": "str", "area": "str", "force": "str", "marker_hex": "str",
                           # naval_ships.ksr: ships' range box at the start (4.4.1);
                           # naval_boxes_setup.ksr: Units and Leaders at sea (4.5)
                           "box": "str", "sub_beach": "str", "leaders": "list"},
                "unit": {"drop": "str", "landing": "str", "drop_zone": "zone",
                         "drop_turn": "any", "stick": "str", "airborne_battalion": "battalion"},
                "zone": {"name": "str", "hexes": "list"},
                "area": {"name": "str", "hexes": "list"},
                # demo_victory.ksr: "at least count of the hexes"
                "victory": {"count": "any"},
                # naval_gaps.ksr: a Gap hexside of the Beach Overlay (4.2.4)
                "gap": {"name": "str", "hexes": "list"},
                "battalion": {"name": "str", "division": "division", "zone": "zone"}}

    @hookimpl
    def ks_board_look(self):
        # Counter backgrounds: olive for the US Army, grey for the Germans; the
        # map's terrain by its centre dot's colour (utah:2.1).
        return {"side_colours": {"Allied": "#b5b88a", "Axis": "#aeb7bc"},
                "terrain_colours": {
                    "clear": "#ece6c8", "woods": "#8fb27a", "village": "#e0c08f",
                    "town": "#c98f6e", "city": "#9a6a5a", "fortified": "#8a8a8a",
                    "marsh": "#9fc3c9", "beach": "#f0d9a0", "hedgerow": "#c9d89a",
                    "hills": "#c2a878", "flooded": "#bfe0ee", "orchard": "#d7e39a",
                    "sand_dunes": "#f3e3b5", "impassable": "#a0a0a0"},
                # utah:4.5.4: a Landing Craft is a marker on its passengers, shown
                # on them in the Landing Wave boxes (games/utah/game.yaml displays)
                "unit_markers": {"landing_craft": "LC"},
                "marker_colours": {"LC": "#1d4e89"}}

    @hookimpl
    def ks_describe_event(self, kind, data):
        # The turn log's lines for the Utah events whose rule file's `says` cannot
        # write them (lists joined by '/', a verb by the event's kind).
        from kriegsspiel.modules.utah.naval_log import describe_naval_event
        naval = describe_naval_event(kind, data)
        if naval is not None:
            return naval
        if kind == "airborne_drift":  # utah:3.3.1
            return (f"      {_name(data['unit'])} drifts {data['distance']} toward side "
                    f"{data['direction']}: {data['hex'] or 'off the map'}")
        if kind in ("bridge_improved", "bridge_wired"):  # utah:2.4.3, 2.4.6
            what = "improves" if kind == "bridge_improved" else "wires"
            return f"    {_name(data['unit'])} {what} the Bridge {'/'.join(data['hexes'])}"
        if kind == "bridge_built":  # utah:2.4.7
            return f"    {_name(data['unit'])} builds a Bridge {'/'.join(data['hexes'])}"
        return None

    @hookimpl
    def ks_rule_files(self):
        return [RULES / name for name in RULE_FILES]


def _name(ref) -> str:
    return str(getattr(ref, "id", ref))


plugin = _Plugin()
