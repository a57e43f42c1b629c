"""Cross-reference checks: every id, hex, terrain and rule citation in game and
scenario data must name something that exists (with a did-you-mean when not)."""

from __future__ import annotations

import re
from typing import Any, Iterable, Protocol

from pydantic import BaseModel

from kriegsspiel.rule_index import load_index

from .errors import KsError, Location, did_you_mean
from .fields import HEX_ID_PATTERN, PATTERN_WORDS, SHEET_HEX_ID_PATTERN
from .models import Game, MapModel, expand_hexes, parse_hex
from .sheets import plan_sheets, split_qualified
from .scenario import Scenario, turn_order
from .yamlio import path_of, where

# ------------------------------------------------------------ cross-references


def known_rule_ids() -> dict[str, set[str]]:
    """Citable section ids per ruleset, from the installed rule index."""
    return {ruleset: set(entries) for ruleset, entries in load_index().items()}


class RulesetChecks(Protocol):
    """The rulesets' checks of what their own keys name (ks_check_game,
    ks_check_scenario), after the kernel's."""

    def game(self, check: "References", game: Game) -> None: ...

    def scenario(self, check: "References", scenario: Scenario) -> None: ...


def check_references(game: Game, scenarios: Iterable[Scenario] = (),
                     checks: RulesetChecks | None = None) -> list[KsError]:
    """Every id, hex, terrain and rule citation must name something that exists."""
    check = References(game)
    check.game()
    if checks is not None:
        checks.game(check, game)
    for scenario in scenarios:
        if check.scenario(scenario) and checks is not None:
            checks.scenario(check, scenario)
    return check.errors


# Effect keys that name things other than by their kind's name (a key named
# after a kind, 'unit', or its plural, 'units', names that kind: _effect_kind).
_EFFECT_REFERENCES = {"winner": "side", "hex": "hex", "hexes": "hex"}
# Any other key naming a hex by its suffix ("marker_hex", "exit_hexes") is one too.
_HEX_SUFFIXES = ("_hex", "_hexes")


class References:
    """Collects located errors for references that name nothing."""

    def __init__(self, game: Game) -> None:
        self.g, self.errors, self.rule_ids = game, [], known_rule_ids()
        # The sheets of the scenario being checked and their planes (core.sheets).
        self.sheets: list[MapModel] = []
        self.planes: list[list[MapModel]] = []
        self.plane: dict[str, int] = {}
        self.known: dict[str, dict[str, Any]] = {"side": {side: side for side in game.sides}}
        for kind, items in (("leader", game.leaders), ("unit", game.units),
                            ("marker", game.markers), ("map", game.maps)):
            self.add_kind(kind, items)
        for kind in ("hex", "hexside", "road", "feature", "overlay"):
            self.known[f"{kind} terrain"] = {t.id: t for t in game.terrain if t.kind == kind}
        # The sheets each set-up entry and arrival of the scenario places on.
        self._item_sheets: dict[int, list[MapModel]] = {}

    def add_kind(self, kind: str, items: Iterable[Any]) -> None:
        """Things of *kind* other data may name (a ruleset's: ks_check_game)."""
        self.known[kind] = {item.id: item for item in items}

    def error(self, owner: Any, steps: tuple, message: str, hint: str | None = None,
              key: bool = False) -> None:
        self.errors.append(KsError(f"{path_of(owner, *steps)}: {message}",
                                   where(owner, *steps, key=key), hint))

    def ref(self, kind: str, value: str | None, owner: Any, *steps: Any, key: bool = False) -> Any:
        """The thing *value* names, or None after reporting an unknown reference."""
        found = self.known[kind].get(value) if value is not None else None
        if value is not None and found is None:
            self.error(owner, steps, f"unknown {kind} '{value}'",
                       did_you_mean(value, self.known[kind]), key)
        return found

    def refs(self, kind: str, values: list[str] | None, owner: Any, field: str) -> None:
        for index, value in enumerate(values or []):
            self.ref(kind, value, owner, field, index)

    def cite(self, value: str | None, owner: Any, *steps: Any) -> None:
        ruleset, _, section = (value or "").partition(":")
        sections = self.rule_ids.get(ruleset)
        if value and sections is not None and section not in sections:
            self.error(owner, steps, f"unknown rule section '{value}'",
                       did_you_mean(value, (f"{ruleset}:{known}" for known in sections)))

    def cite_all(self, obj: Any) -> None:
        """Check the 'source' citation of *obj* and of every model inside it."""
        if isinstance(obj, BaseModel):
            if isinstance(getattr(obj, "source", None), str):
                self.cite(obj.source, obj, "source")
            for name in type(obj).model_fields:
                self.cite_all(getattr(obj, name))
        elif isinstance(obj, list):
            for item in obj:
                self.cite_all(item)

    def hex(self, value: Any, maps: list[MapModel], owner: Any, *steps: Any) -> None:
        if value is None:
            return
        pattern = SHEET_HEX_ID_PATTERN if self.sheets else HEX_ID_PATTERN
        if not isinstance(value, str) or not re.fullmatch(pattern, value):
            self.error(owner, steps, f"expected {PATTERN_WORDS[pattern]}, not {value!r}")
            return
        sheet_id, local = split_qualified(value)
        if sheet_id is not None:  # 'rethymnon:27.12': that sheet of the scenario's
            named = [m for m in self.sheets if m.id == sheet_id]
            if not named:
                self.error(owner, steps, f"hex '{value}': no sheet '{sheet_id}' in this "
                           f"scenario (its maps: {', '.join(m.id for m in self.sheets)})",
                           did_you_mean(sheet_id, [m.id for m in self.sheets]))
                return
            maps = named
        if not maps:  # its map is unknown, and said so once: the hex cannot be judged
            return
        if not any(m.contains(local) for m in maps):
            names = ", ".join(f"'{m.id}' (columns {m.grid.columns[0]}-{m.grid.columns[1]}, rows "
                              f"{m.grid.rows[0]}-{m.grid.rows[1]})" for m in maps)
            lacks = " (the printed map lacks it)" if any(m.in_bounds(local) for m in maps) else ""
            self.error(owner, steps, f"hex '{value}' is not on map {names}{lacks}")
        elif sheet_id is None and len(self.planes) > 1:
            # Separate sheets repeat each other's ids: the id must say which it means.
            holding = [m for m in maps if m.in_bounds(local)]
            if len({self.plane[m.id] for m in holding}) > 1:
                many = {2: "two", 3: "three", 4: "four"}.get(len(holding), str(len(holding)))
                self.error(owner, steps, f"hex {value} is on {many} sheets in this scenario; "
                           "write " + " or ".join(f"{m.id}:{value}" for m in holding))

    # ------------------------------------------------------------------- the game

    def game(self) -> None:
        g = self.g
        for kind in ("leader", "unit", "marker", "map"):
            self.duplicates(kind, getattr(g, kind + "s"))
        self.duplicates("terrain", g.terrain)
        self.cite_all(g)
        for item in (*g.leaders, *g.units):
            self.ref("side", item.side, item, "side")
        for game_map in g.maps:
            self.map(game_map)
        for p in g.optional_setup:
            self.cite(p.rule, p, "rule")
            self.ref("unit", p.unit, p, "unit")
            if p.map is not None and (sheet := self.ref("map", p.map, p, "map")) is not None:
                self.hex(p.hex, [sheet], p, "hex")

    def duplicates(self, kind: str, items: list) -> None:
        first: dict[str, Any] = {}
        for item in items:
            if item.id in first:
                self.error(item, ("id",), f"duplicate {kind} id '{item.id}' (first at "
                                          f"{where(first[item.id])})")
            first.setdefault(item.id, item)

    def map(self, m: MapModel) -> None:
        self.ref("hex terrain", m.default_terrain, m, "default_terrain")
        claimed: dict[tuple[int, int], str] = {}
        for terrain_id, specs in m.hexes.items():
            self.ref("hex terrain", terrain_id, m, "hexes", terrain_id, key=True)
            for index, spec in enumerate(specs):
                outside = [h for h in spec.split("-") if not m.in_bounds(h)]
                for hex_id in outside[:1]:
                    self.hex(hex_id, [m], m, "hexes", terrain_id, index)
                for hex_id in [] if outside else expand_hexes(spec):
                    if parse_hex(hex_id) in claimed:
                        self.error(m, ("hexes", terrain_id, index), f"hex '{hex_id}' is given "
                                   f"twice (also under '{claimed[parse_hex(hex_id)]}')")
                        break
                    claimed[parse_hex(hex_id)] = terrain_id
        for field, owner, specs in [("absent", m, m.absent)] + [("hexes", o, o.hexes) for o in m.overlays]:
            for index, spec in enumerate(specs):
                for corner in spec.split("-"):
                    if not m.in_bounds(corner):
                        self.hex(corner, [m], owner, field, index)
        for feature in m.features:
            self.ref("feature terrain", feature.kind, feature, "kind")
            self.hex(feature.hex, [m], feature, "hex")
        for side in m.hexsides:
            self.ref("hexside terrain", side.feature, side, "feature")
            a, b = side.hexside.split("/")
            self.path(m, [a, b], side, ("hexside",))
            if side.low_side is not None and side.low_side not in (a, b):
                self.error(side, ("low_side",), f"'{side.low_side}' is neither '{a}' nor '{b}'")
        for road_id, paths in m.roads.items():
            self.ref("road terrain", road_id, m, "roads", road_id, key=True)
            for index, path in enumerate(paths):
                self.path(m, path, m, ("roads", road_id, index))
        boxes = {box.id for other in self.g.maps for box in other.off_map_boxes}
        for box in m.off_map_boxes:
            for index, hex_id in enumerate(box.exits):
                self.hex(hex_id, [m], box, "exits", index)
            for index, other in enumerate(box.connects_to):
                if other not in boxes:
                    self.error(box, ("connects_to", index), f"unknown off-map box '{other}'",
                               did_you_mean(other, boxes))

    def path(self, m: MapModel, hexes: list[str], owner: Any, steps: tuple) -> None:
        """Hexes that must be on *m* and adjacent in turn (a road, a hexside's pair)."""
        if len(hexes) < 2:
            self.error(owner, steps, "a road needs at least two hexes")
        # A road may run on to the next sheet of a joined map (Maleme's coast
        # road into Canea): its first or last hex may lie beyond the edge.
        beyond = {i for i in (0, len(hexes) - 1) if len(hexes) > 1 and
                  isinstance(hexes[i], str) and re.fullmatch(HEX_ID_PATTERN, hexes[i]) and
                  not m.in_bounds(hexes[i])}
        for index, hex_id in enumerate(hexes):
            if index not in beyond:
                self.hex(hex_id, [m], owner, *steps)
        for index, (a, b) in enumerate(zip(hexes, hexes[1:])):
            ends_known = (m.contains(a) or index in beyond) and \
                (m.contains(b) or index + 1 in beyond)
            if ends_known and not m.adjacent(a, b):
                self.error(owner, steps, f"hexes '{a}' and '{b}' are not adjacent")

    # --------------------------------------------------------------- scenarios

    def in_play_area(self, s: Scenario, value: Any, owner: Any, *steps: Any) -> None:
        area = s.play_area
        if area is None or not isinstance(value, str) or \
                not re.fullmatch(SHEET_HEX_ID_PATTERN, value):
            return
        col, row = parse_hex(split_qualified(value)[1])
        for label, index, bounds in (("columns", col, area.columns), ("rows", row, area.rows)):
            if bounds is not None and not bounds[0] <= index <= bounds[1]:
                self.error(owner, steps, f"hex '{value}' is outside the play area ({label} "
                                         f"{bounds[0]}-{bounds[1]})")
                return

    def on_turn_track(self, owner: Any, step: str, label: str) -> None:
        """A turn label's time of day must be one of the game's daily turns."""
        track = self.g.turn_track
        if track is None:
            return
        time = label.partition(" ")[2]
        if time not in track.daily:
            self.error(owner, (step,), f"turn '{label}' is not on the turn track: its turns "
                       f"of the day are {', '.join(track.daily)}", did_you_mean(time, track.daily))

    def sheets_of(self, item: Any) -> list[MapModel]:
        """The sheets a set-up entry or arrival of the scenario places on."""
        return self._item_sheets.get(id(item), self.sheets)

    def scenario(self, s: Scenario) -> bool:
        """Check *s*; False when it is not this game's (and so not checked)."""
        if s.game != self.g.id:
            self.error(s, ("game",), f"scenario is for game '{s.game}', not '{self.g.id}'")
            return False
        self.cite_all(s)
        for index, rule in enumerate(s.special_rules):
            self.cite(rule, s, "special_rules", index)
        maps = [m for i, map_id in enumerate(s.maps) if (m := self.ref("map", map_id, s, "maps", i))]
        self.sheets = maps
        try:
            self.planes = plan_sheets(maps, s.id) if maps else []
        except KsError as exc:
            self.error(s, ("maps",), exc.message)
            self.planes = [maps]
        self.plane = {m.id: k for k, plane in enumerate(self.planes) for m in plane}
        self.on_turn_track(s, "start_turn", s.start_turn)
        self.on_turn_track(s, "end_turn", s.end_turn)
        for arrival in s.reinforcements:
            self.on_turn_track(arrival, "turn", arrival.turn)
        first, last = turn_order(s.start_turn), turn_order(s.end_turn)
        if first > last:
            self.error(s, ("end_turn",), f"the scenario ends ('{s.end_turn}') before it starts "
                                         f"('{s.start_turn}')")
        placed: dict[str, tuple[Location | None, Any]] = {}
        for item in (*s.setup, *s.reinforcements):
            named = [(("unit",), item.unit)] if getattr(item, "unit", None) else []
            named += [(("units", i), unit_id) for i, unit_id in enumerate(item.units or [])]
            for rule_key in ("only_with", "not_with"):
                self.cite(getattr(item, rule_key), item, rule_key)
            for steps, unit_id in named:
                if self.ref("unit", unit_id, item, *steps) and unit_id in placed and \
                        not _alternatives(placed[unit_id][1], item):
                    self.error(item, steps, f"unit '{unit_id}' is already placed at "
                                            f"{placed[unit_id][0]}")
                placed.setdefault(unit_id, (where(item), item))
            on_maps = maps
            if item.map is not None and (chosen := self.ref("map", item.map, item, "map")):
                # the map and the sheets joined to it (core.sheets: one plane)
                on_maps = [m for m in maps if self.plane.get(m.id) == self.plane.get(chosen.id)] \
                    if chosen.id in self.plane else [chosen]
                if chosen not in maps:
                    self.error(item, ("map",), f"map '{item.map}' is not one of this "
                               f"scenario's maps ({', '.join(m.id for m in maps)})")
            self.hex(item.hex, on_maps, item, "hex")
            self.in_play_area(s, item.hex, item, "hex")
            for index, hex_id in enumerate(getattr(item, "hexes", None) or []):
                self.hex(hex_id, on_maps, item, "hexes", index)
                self.in_play_area(s, hex_id, item, "hexes", index)
            for index, hex_id in enumerate(getattr(item, "around", None) or []):
                self.hex(hex_id, on_maps, item, "around", index)
            self._item_sheets[id(item)] = on_maps
        for p in s.setup:
            self.ref("leader", p.leader, p, "leader")
            self.refs("unit", p.with_, p, "with")
        entries = {item.id for m in maps for item in (*m.off_map_boxes, *m.overlays)}
        for r in s.reinforcements:
            self.refs("leader", r.leaders, r, "leaders")
            if r.entry is not None and r.entry not in entries:
                self.error(r, ("entry",), f"unknown entry '{r.entry}'", did_you_mean(r.entry, entries))
            if not first <= turn_order(r.turn) <= last:
                self.error(r, ("turn",), f"turn '{r.turn}' is outside the scenario "
                                         f"('{s.start_turn}' to '{s.end_turn}')")
        daily = self.g.turn_track.daily if self.g.turn_track is not None else None
        for effect in (e for rule in s.scenario_rules for e in rule.effects):
            for key, value in (effect.model_extra or {}).items():
                if key == "turn" and isinstance(value, str):
                    # the rules read it as a place on the turn track: a label off
                    # the track would read as no turn at all
                    self._effect_turn(value, daily, effect)
                    continue
                kind = self._effect_kind(key)
                for steps, item in ([((key, i), v) for i, v in enumerate(value)]
                                    if isinstance(value, list) else [((key,), value)]):
                    if kind == "hex":
                        self.hex(item, maps, effect, *steps)
                    elif kind is not None and isinstance(item, str):
                        self.ref(kind, item, effect, *steps)
        for control in s.control_at_start:
            self.ref("side", control.side, control, "side")
            for index, hex_id in enumerate(control.hexes):
                self.hex(hex_id, maps, control, "hexes", index)
        self.ref("side", s.victory.otherwise, s.victory, "otherwise")
        for condition in s.victory.conditions:
            self.ref("side", condition.winner, condition, "winner")
            self.ref("side", condition.side, condition, "side")
            self.hex(condition.hex, maps, condition, "hex")
            for index, hex_id in enumerate(condition.hexes):
                self.hex(hex_id, maps, condition, "hexes", index)
            for key in ("before", "at_start_of"):
                turn = getattr(condition, key)
                if turn is not None and not first < turn_order(turn) <= last:
                    self.error(condition, (key,), f"turn '{turn}' is not a turn after the "
                                                  f"scenario's first ('{s.start_turn}' to "
                                                  f"'{s.end_turn}')")
        for award in s.victory.points:
            for index, side in enumerate(award.sides):
                self.ref("side", side, award, "sides", index)
            self.hex(award.hex, maps, award, "hex")
            for index, hex_id in enumerate(award.hexes):
                self.hex(hex_id, maps, award, "hexes", index)
        return True

    def effect_words(self, scenario: Any, words: dict[tuple[str, str], Iterable[str]]) -> None:
        """An effect's field that the rules test for one of a few words (a
        ruleset's ks_check_scenario gives them, {(kind, field): words}): any
        other word is a located error with a did-you-mean, not a silent other
        branch."""
        for effect in (e for rule in scenario.scenario_rules for e in rule.effects):
            for (kind, field), allowed in words.items():
                allowed = list(allowed)
                value = (effect.model_extra or {}).get(field)
                if effect.kind == kind and value is not None and value not in allowed:
                    self.error(effect, (field,), f"{kind} {field} '{value}' is not one of "
                                                 f"{', '.join(allowed)}",
                               did_you_mean(str(value), allowed))

    def _effect_turn(self, label: str, daily: list[str] | None, effect: Any) -> None:
        # (A turn outside the scenario is not an error: a module may move the
        # scenario's start, or a set-up shared "as per" another scenario carry
        # effects for turns this one does not play.)
        time = label.partition(" ")[2]
        if daily is not None and time not in daily:
            self.error(effect, ("turn",), f"turn '{label}': '{time}' is not a turn of the "
                                          f"day ({', '.join(daily)})", did_you_mean(time, daily))

    def _effect_kind(self, key: str) -> str | None:
        """The kind of thing an effect's key names, if any."""
        if key in _EFFECT_REFERENCES:
            return _EFFECT_REFERENCES[key]
        if key.endswith(_HEX_SUFFIXES):
            return "hex"
        for kind in (key, key[:-1] if key.endswith("s") else None):
            if kind in self.known:
                return kind
        return None


def _alternatives(first: Any, other: Any) -> bool:
    """Two entries for one unit that an optional rule switches between: the
    printed one (not_with: R) and its change (only_with: R)."""
    return bool((first.not_with and first.not_with == other.only_with) or
                (first.only_with and first.only_with == other.not_with))
