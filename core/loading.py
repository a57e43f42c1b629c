"""Load data files into models, with every complaint pointing at a YAML node.

* :func:`load_model` — one YAML file validated by one pydantic model;
* :func:`load_game` / :func:`load_scenario` — the games/ and scenarios/ formats;
* :func:`check_references` — ids, hexes and terrain that other data names must
  exist (with "did you mean" hints), reported where the reference is written;
* :func:`check_content` — all of the above over whole directory trees;
* :func:`schemas` — JSON Schemas for every file format.
"""

from __future__ import annotations

import json
import re
import types
import typing
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import KsError, KsErrors, Location, did_you_mean
from .models import (HEX_ID_PATTERN, PATTERN_WORDS, Game, GameManifest, MapModel, Scenario,
                     TerrainFile, UnitsFile, expand_hexes, parse_hex, turn_order)
from .yamlio import LocatedDoc, load_yaml, path_of, render_path, where

M = TypeVar("M", bound=BaseModel)

SCHEMA_MODELS: dict[str, type[BaseModel]] = {
    "game": GameManifest, "units": UnitsFile, "terrain": TerrainFile,
    "map": MapModel, "scenario": Scenario,
}


def schemas() -> dict[str, dict]:
    """JSON Schema of every data-file format, by format name."""
    return {name: model.model_json_schema() for name, model in SCHEMA_MODELS.items()}


def _stamp(obj: Any, doc: LocatedDoc, path: tuple) -> None:
    """Record on every model inside *obj* the document node it was read from."""
    if isinstance(obj, BaseModel):
        obj._origin = (doc, path)
        for name, field in type(obj).model_fields.items():
            _stamp(getattr(obj, name), doc, path + (field.alias or name,))
    elif isinstance(obj, list):
        for index, item in enumerate(obj):
            _stamp(item, doc, path + (index,))
    elif isinstance(obj, dict):
        for key, value in obj.items():
            _stamp(value, doc, path + (key,))


# ------------------------------------------------------------- validation → KsError


def validation_errors(exc: ValidationError, doc: LocatedDoc | None, model: type[BaseModel],
                      prefix: tuple = ()) -> list[KsError]:
    """Each pydantic error as a KsError at its YAML node, in source order.

    Union members add steps to pydantic's error path that the document does
    not have ('int', "literal['star']"); such steps are dropped and the
    messages of one node are joined, so a bad value reads as one error.
    """
    grouped: dict[tuple, list[str]] = {}
    places: dict[tuple, tuple[Location, str | None]] = {}
    for err in exc.errors(include_url=False):
        loc = prefix + tuple(err["loc"])
        depth = doc.resolved_depth(loc) if doc else len(loc)
        shown, leftover = loc[:depth], loc[depth:]
        kind, message, hint = err["type"], str(err["msg"]).removeprefix("Value error, "), None
        if kind == "missing" and leftover:
            shown, message = shown + leftover[-1:], "missing required field"
        shown += tuple(step for step in leftover if isinstance(step, int) and kind != "missing")
        if kind == "extra_forbidden":
            message = "unknown field"
            hint = did_you_mean(str(loc[-1]), _field_names(model, loc[len(prefix):-1]))
        elif kind == "string_pattern_mismatch":
            wanted = PATTERN_WORDS.get(str((err.get("ctx") or {}).get("pattern")))
            message = f"expected {wanted}, not {err['input']!r}" if wanted else message
        elif kind in ("literal_error", "enum") and isinstance(err["input"], str):
            options = re.findall(r"'([^']*)'", str((err.get("ctx") or {}).get("expected", "")))
            hint = did_you_mean(err["input"], options)
        if shown not in grouped:
            grouped[shown] = []
            places[shown] = (doc.locate(shown, key=kind == "extra_forbidden") if doc else None, hint)
        if message not in grouped[shown]:
            grouped[shown].append(message)
    errors = []
    for shown, messages in grouped.items():
        location, hint = places[shown]
        label = render_path(shown)
        text = ", or ".join(messages)
        errors.append(KsError(f"{label}: {text}" if label else text, location, hint))
    return sorted(errors, key=lambda e: (e.location.line, e.location.column) if e.location else (0, 0))


def _field_names(model: type[BaseModel], loc: tuple) -> list[str]:
    """The keys allowed at *loc* inside *model* (for 'did you mean' on unknown keys)."""
    tp: Any = model
    for step in loc:
        tp = _unwrap(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            fields = {f.alias or n: f for n, f in tp.model_fields.items()}
            if step not in fields:
                return []
            tp = fields[step].annotation
        elif typing.get_origin(tp) in (list, tuple) and typing.get_args(tp):
            tp = typing.get_args(tp)[0]
        elif typing.get_origin(tp) is dict and typing.get_args(tp):
            tp = typing.get_args(tp)[1]
        else:
            return []
    tp = _unwrap(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return [f.alias or n for n, f in tp.model_fields.items()]
    return []


def _unwrap(tp: Any) -> Any:
    """Strip Annotated[...] and Optional/Union down to the first non-None member."""
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            members = [a for a in typing.get_args(tp) if a is not type(None)]
            models = [a for a in members if isinstance(a, type) and issubclass(a, BaseModel)]
            tp = (models or members or [None])[0]
        else:
            return tp


def validate_doc(doc: LocatedDoc, model: type[M]) -> M:
    """Validate a parsed document; errors become one KsErrors."""
    if doc.data is None:
        raise KsErrors([KsError(f"the file is empty; expected a {model.__name__} mapping",
                                doc.locate(()))])
    try:
        result = model.model_validate(doc.data)
    except ValidationError as exc:
        raise KsErrors(validation_errors(exc, doc, model)) from None
    _stamp(result, doc, ())
    return result


def load_model(path: str | Path, model: type[M]) -> M:
    """Read *path* and validate it as *model*; raises KsError/KsErrors, located."""
    return validate_doc(load_yaml(path), model)


def load_scenario(path: str | Path) -> Scenario:
    return load_model(path, Scenario)


def load_game(directory: str | Path, side_model: type[BaseModel] | None = None,
              leader_model: type[BaseModel] | None = None) -> Game:
    """Load games/<game>/game.yaml and the unit, terrain and map files it names.

    *side_model* (and *leader_model*) are a ruleset's models for the open
    ``values`` of counter sides (and leaders); their errors are located too.
    Unique ids and cross-references are left to :func:`check_references`.
    """
    directory = Path(directory)
    manifest = load_model(directory / "game.yaml", GameManifest)
    errors: list[KsError] = []

    def referenced(field: str, index: int | None, model: type[M]) -> M | None:
        steps = (field,) if index is None else (field, index)
        relative = getattr(manifest, field) if index is None else getattr(manifest, field)[index]
        try:
            found = (directory / relative).is_file()
        except (OSError, ValueError):  # a path the OS cannot even look up
            found = False
        if not found:
            errors.append(KsError(f"{render_path(steps)}: file not found: {relative}",
                                  where(manifest, *steps)))
            return None
        return _collect(errors, load_model, directory / relative, model)

    unit_files = [referenced("unit_files", i, UnitsFile) for i in range(len(manifest.unit_files))]
    terrain_file = referenced("terrain_file", None, TerrainFile)
    maps = [referenced("map_files", i, MapModel) for i in range(len(manifest.map_files))]
    game = Game.model_construct(
        **{name: getattr(manifest, name) for name in GameManifest.model_fields},
        units=[u for f in unit_files if f for u in f.units],
        terrain=terrain_file.terrain if terrain_file else [],
        maps=[m for m in maps if m])
    game._origin = manifest._origin
    for model, owners in ((side_model, [(u, side) for u in game.units
                                        for side in ("front", "back") if getattr(u, side)]),
                          (leader_model, [(leader, None) for leader in game.leaders])):
        for owner, side in owners if model else ():
            target = getattr(owner, side) if side else owner
            errors.extend(validate_values(target, model))
    if errors:
        raise KsErrors(errors)
    return game


def validate_values(owner: BaseModel, model: type[BaseModel]) -> list[KsError]:
    """Validate the open ``values`` of a loaded counter side or leader with a
    ruleset's model; the errors are located in the owner's file."""
    try:
        model.model_validate(owner.values)
    except ValidationError as exc:
        doc, path = owner._origin or (None, ())
        return validation_errors(exc, doc, model, path + ("values",))
    return []


def _collect(errors: list[KsError], load: Any, *args: Any) -> Any:
    """*load(*args)*, or None with its KsError(s) appended to *errors*."""
    try:
        return load(*args)
    except KsError as exc:
        errors.extend(exc.errors if isinstance(exc, KsErrors) else [exc])
        return None


# ------------------------------------------------------------------ content trees


def shipped_roots() -> list[Path]:
    """The games/ and scenarios/ directories installed with the package."""
    roots = []
    for package in ("kriegsspiel.games", "kriegsspiel.scenarios"):
        try:
            roots.append(Path(str(resources.files(package))))
        except ModuleNotFoundError:
            continue
    return roots


def check_content(roots: Iterable[str | Path] | None = None,
                  side_model: type[BaseModel] | None = None,
                  leader_model: type[BaseModel] | None = None) -> list[KsError]:
    """Load every game (a directory with game.yaml) and every other .yaml file
    (a scenario) under *roots*, and cross-check each scenario against its game."""
    roots = [Path(r) for r in (shipped_roots() if roots is None else roots)]
    errors: list[KsError] = []
    games: dict[str, Game] = {}
    game_dirs = sorted({p.parent for root in roots for p in root.rglob("game.yaml")})
    for directory in game_dirs:
        if game := _collect(errors, load_game, directory, side_model, leader_model):
            games[game.id] = game
    scenarios: dict[str, list[Scenario]] = {game_id: [] for game_id in games}
    for path in sorted(p for root in roots for p in root.rglob("*.yaml")):
        in_a_game = any(d == path.parent or d in path.parents for d in game_dirs)
        if in_a_game or not (scenario := _collect(errors, load_scenario, path)):
            continue
        if scenario.game in scenarios:
            scenarios[scenario.game].append(scenario)
        else:
            errors.append(KsError(f"game: unknown game '{scenario.game}'", where(scenario, "game"),
                                  did_you_mean(scenario.game, games)))
    for game_id, game in games.items():
        errors.extend(check_references(game, scenarios[game_id]))
    return errors


# ------------------------------------------------------------ cross-references


def known_rule_ids() -> dict[str, set[str]]:
    """Citable section ids per ruleset, from the installed rule index (if any)."""
    known: dict[str, set[str]] = {}
    try:
        files = list(resources.files("kriegsspiel.rule_index").iterdir())
    except ModuleNotFoundError:
        return known
    for file in files:
        if file.name.endswith(".json"):
            try:
                index = json.loads(file.read_text(encoding="utf-8"))
                known.setdefault(index["ruleset"], set()).update(e["id"] for e in index["entries"])
            except (OSError, ValueError, KeyError, TypeError):
                continue  # an unreadable index only means fewer citations get checked
    return known


def check_references(game: Game, scenarios: Iterable[Scenario] = ()) -> list[KsError]:
    """Every id, hex, terrain and rule citation must name something that exists."""
    check = _References(game)
    check.game()
    for scenario in scenarios:
        check.scenario(scenario)
    return check.errors


# Effect keys that name things, and the kind of thing they name.
_EFFECT_REFERENCES = {"unit": "unit", "units": "unit", "leader": "leader", "leaders": "leader",
                      "division": "division", "formation": "formation", "map": "map",
                      "marker": "marker", "side": "side", "winner": "side",
                      "hex": "hex", "hexes": "hex"}


class _References:
    """Collects located errors for references that name nothing."""

    def __init__(self, game: Game) -> None:
        self.g, self.errors, self.rule_ids = game, [], known_rule_ids()
        self.known: dict[str, dict[str, Any]] = {"side": {side: side for side in game.sides}}
        for kind, items in (("army", game.armies), ("division", game.divisions),
                            ("formation", game.formations), ("leader", game.leaders),
                            ("unit", game.units), ("marker", game.markers), ("map", game.maps)):
            self.known[kind] = {item.id: item for item in items}
        for kind in ("hex", "hexside", "road", "feature", "overlay"):
            self.known[f"{kind} terrain"] = {t.id: t for t in game.terrain if t.kind == kind}
        # a chit belongs to a side (direct command), a division or a formation
        self.known["chit owner"] = {**self.known["side"], **self.known["division"],
                                    **self.known["formation"]}

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
        if not isinstance(value, str) or not re.fullmatch(HEX_ID_PATTERN, value):
            self.error(owner, steps, f"expected {PATTERN_WORDS[HEX_ID_PATTERN]}, not {value!r}")
        elif not any(m.contains(value) for m in maps):
            names = ", ".join(f"'{m.id}' (columns {m.grid.columns[0]}-{m.grid.columns[1]}, rows "
                              f"{m.grid.rows[0]}-{m.grid.rows[1]})" for m in maps)
            lacks = " (the printed map lacks it)" if any(m.in_bounds(value) for m in maps) else ""
            self.error(owner, steps, f"hex '{value}' is not on map {names}{lacks}")

    # ------------------------------------------------------------------- the game

    def game(self) -> None:
        g = self.g
        for kind in ("army", "division", "formation", "leader", "unit", "marker", "map"):
            self.duplicates(kind, getattr(g, {"army": "armies"}.get(kind, kind + "s")))
        self.duplicates("terrain", g.terrain)
        self.cite_all(g)
        for army in g.armies:
            self.ref("side", army.side, army, "side")
        for division in g.divisions:
            self.ref("army", division.army, division, "army")
        for formation in g.formations:
            self.ref("division", formation.division, formation, "division")
            leader = self.ref("leader", formation.leader, formation, "leader")
            if leader is not None and leader.formation not in (None, formation.id):
                self.error(formation, ("leader",), f"'{leader.id}' leads formation "
                                                    f"'{leader.formation}', not this one")
        for item in (*g.leaders, *g.units):
            formation = self.ref("formation", item.formation, item, "formation")
            self.ref("division", item.division, item, "division")
            if formation is not None and item.division not in (None, formation.division):
                self.error(item, ("division",), f"formation '{formation.id}' belongs to "
                                                f"division '{formation.division}'")
        for game_map in g.maps:
            self.map(game_map)

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
        for hex_id in hexes:
            self.hex(hex_id, [m], owner, *steps)
        for a, b in zip(hexes, hexes[1:]):
            if m.contains(a) and m.contains(b) and not m.adjacent(a, b):
                self.error(owner, steps, f"hexes '{a}' and '{b}' are not adjacent")

    # --------------------------------------------------------------- scenarios

    def scenario(self, s: Scenario) -> None:
        if s.game != self.g.id:
            return self.error(s, ("game",), f"scenario is for game '{s.game}', not '{self.g.id}'")
        self.cite_all(s)
        for index, rule in enumerate(s.special_rules):
            self.cite(rule, s, "special_rules", index)
        maps = [m for i, map_id in enumerate(s.maps) if (m := self.ref("map", map_id, s, "maps", i))]
        first, last = turn_order(s.start_turn), turn_order(s.end_turn)
        if first > last:
            self.error(s, ("end_turn",), f"the scenario ends ('{s.end_turn}') before it starts "
                                         f"('{s.start_turn}')")
        placed: dict[str, Location | None] = {}
        for item in (*s.setup, *s.reinforcements):
            named = [(("unit",), item.unit)] if getattr(item, "unit", None) else []
            named += [(("units", i), unit_id) for i, unit_id in enumerate(item.units or [])]
            for steps, unit_id in named:
                if self.ref("unit", unit_id, item, *steps) and unit_id in placed:
                    self.error(item, steps, f"unit '{unit_id}' is already placed at "
                                            f"{placed[unit_id]}")
                placed.setdefault(unit_id, where(item))
            on_maps = maps
            if item.map is not None and (chosen := self.ref("map", item.map, item, "map")):
                on_maps = [chosen]
            self.hex(item.hex, on_maps, item, "hex")
            for index, hex_id in enumerate(getattr(item, "hexes", None) or []):
                self.hex(hex_id, on_maps, item, "hexes", index)
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
        for values in s.command_values:
            self.ref("division", values.division, values, "division")
        if s.mug is not None:
            for index, chit in enumerate(s.mug.each_turn):
                self.ref("chit owner", chit.of, s.mug, "each_turn", index, "of")
            self.ref("chit owner", s.mug.first_chit and s.mug.first_chit.of, s.mug, "first_chit", "of")
        for effect in (e for rule in s.scenario_rules for e in rule.effects):
            for key, value in (effect.model_extra or {}).items():
                kind = _EFFECT_REFERENCES.get(key)
                for steps, item in ([((key, i), v) for i, v in enumerate(value)]
                                    if isinstance(value, list) else [((key,), value)]):
                    if kind == "hex":
                        self.hex(item, maps, effect, *steps)
                    elif kind is not None and isinstance(item, str):
                        self.ref(kind, item, effect, *steps)
        self.ref("side", s.victory.otherwise, s.victory, "otherwise")
        for condition in s.victory.conditions:
            self.ref("side", condition.winner, condition, "winner")
            self.ref("side", condition.side, condition, "side")
            self.hex(condition.hex, maps, condition, "hex")
            for index, hex_id in enumerate(condition.hexes):
                self.hex(hex_id, maps, condition, "hexes", index)
