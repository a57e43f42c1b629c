"""Load data files into models, with every complaint pointing at a YAML node.

* :func:`load_model` — one YAML file validated by one pydantic model;
* :func:`load_game` / :func:`load_scenario` — the games/ and scenarios/ formats;
* :func:`check_references` — ids, hexes and terrain that other data names must
  exist (with "did you mean" hints), reported where the reference is written;
* :func:`check_content` — all of the above over whole directory trees;
* :func:`schemas` — JSON Schemas for every file format.
"""

from __future__ import annotations

import re
import types
import typing
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import KsError, KsErrors, Location, did_you_mean
from .fields import PATTERN_WORDS
from .models import Game, GameManifest, GameModels, MapModel, TerrainFile, UnitsFile
from .scenario import Scenario
from .refcheck import RulesetChecks, check_references
from .yamlio import LocatedDoc, load_yaml, render_path, where

M = TypeVar("M", bound=BaseModel)

SCHEMA_MODELS: dict[str, type[BaseModel]] = {
    "game": GameManifest, "units": UnitsFile, "terrain": TerrainFile,
    "map": MapModel, "scenario": Scenario,
}


def schemas(scenario: type[Scenario] = Scenario, game: GameModels = GameModels()
            ) -> dict[str, dict]:
    """JSON Schema of every data-file format, by format name (a scenario's as
    *scenario*, a game's as *game*: with rulesets' keys, core.scenario.scenario_model
    and core.models.game_models)."""
    chosen = {Scenario: scenario, GameManifest: game.manifest, UnitsFile: game.units_file}
    return {name: chosen.get(model, model).model_json_schema()
            for name, model in SCHEMA_MODELS.items()}


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


def load_scenario(path: str | Path, model: type[Scenario] = Scenario) -> Scenario:
    """Read a scenario file as *model*: the kernel's Scenario, or one with its
    rulesets' keys (core.scenario.scenario_model; engine.reading.read_scenario)."""
    return load_model(path, model)


def load_game(directory: str | Path, side_model: type[BaseModel] | None = None,
              leader_model: type[BaseModel] | None = None,
              models: GameModels = GameModels()) -> Game:
    """Load games/<game>/game.yaml and the unit, terrain and map files it names.

    *side_model* (and *leader_model*) are a ruleset's models for the open
    ``values`` of counter sides (and leaders); their errors are located too.
    *models* are those its files are read with: the kernel's, or with the
    rulesets' keys (core.models.game_models; engine.reading.read_game).
    Unique ids and cross-references are left to :func:`check_references`.
    """
    directory = Path(directory)
    manifest = load_model(directory / "game.yaml", models.manifest)
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

    unit_files = [referenced("unit_files", i, models.units_file)
                  for i in range(len(manifest.unit_files))]
    terrain_file = referenced("terrain_file", None, TerrainFile)
    maps = [referenced("map_files", i, MapModel) for i in range(len(manifest.map_files))]
    game = models.game.model_construct(
        **{name: getattr(manifest, name) for name in models.manifest.model_fields},
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
        errors.extend(exc.each())
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
                  read_game: Callable[[Path], Game] = load_game,
                  read_scenario: Callable[[Path], Scenario] = load_scenario,
                  checks: RulesetChecks | None = None) -> list[KsError]:
    """Load every game (a directory with game.yaml, read by *read_game*) and every
    other .yaml file (a scenario, read by *read_scenario*) under *roots*, and
    cross-check each scenario against its game (and with *checks*, what their
    rulesets' keys name)."""
    roots = [Path(r) for r in (shipped_roots() if roots is None else roots)]
    errors: list[KsError] = []
    games: dict[str, Game] = {}
    game_dirs = sorted({p.parent for root in roots for p in root.rglob("game.yaml")})
    for directory in game_dirs:
        if game := _collect(errors, read_game, directory):
            games[game.id] = game
    scenarios: dict[str, list[Scenario]] = {game_id: [] for game_id in games}
    for path in sorted(p for root in roots for p in root.rglob("*.yaml")):
        in_a_game = any(d == path.parent or d in path.parents for d in game_dirs)
        if in_a_game or not (scenario := _collect(errors, read_scenario, path)):
            continue
        if scenario.game in scenarios:
            scenarios[scenario.game].append(scenario)
        else:
            errors.append(KsError(f"game: unknown game '{scenario.game}'", where(scenario, "game"),
                                  did_you_mean(scenario.game, games)))
    for game_id, game in games.items():
        errors.extend(check_references(game, scenarios[game_id], checks))
    return errors

