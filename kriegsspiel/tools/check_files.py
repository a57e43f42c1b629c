"""``ks check FILE``: each file checked as what it is.

A rule file is compiled on the modules it builds on; a YAML file is told by
its keys — a game's game.yaml, a map sheet, a units or terrain file, a
scenario, a situation (``ks resolve``) — and checked as that; a save (.json)
is replayed to the game it recorded and an event log (.jsonl) read event by
event.  A YAML file that is none of them says so, rather than being checked
as a scenario and reported with a screenful of missing fields.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from kriegsspiel.core import loading
from kriegsspiel.core.errors import KsError, KsErrors, Location
from kriegsspiel.core.models import MapModel, TerrainFile, UnitsFile
from kriegsspiel.core.yamlio import load_yaml

# A YAML file's kind by the keys only that kind has, tried in this order.
_YAML_KINDS = (
    ("map", ("grid", "default_terrain")),
    ("situation", ("action", "actions", "expect")),
    ("scenario", ("start_turn", "end_turn", "setup", "maps")),
    ("terrain", ("terrain",)),
    ("units", ("units",)),
)
KINDS = ("rule file", "game", "map", "units", "terrain", "scenario", "situation", "save",
         "event log")


def kind_of(path: Path) -> str | None:
    """What *path* holds, or None when it is no kind ``ks check`` knows."""
    if path.suffix == ".ksr":
        return "rule file"
    if path.suffix == ".json":
        return "save"
    if path.suffix == ".jsonl":
        return "event log"
    if path.suffix not in (".yaml", ".yml"):
        return None
    if path.name == "game.yaml":
        return "game"
    data = load_yaml(path).data
    keys = set(data) if isinstance(data, dict) else set()
    return next((kind for kind, marks in _YAML_KINDS if keys & set(marks)), None)


def check_file(path: Path, kind: str) -> list[KsError]:
    """Every problem of one data file, save or log (rule files: checker.py)."""
    try:
        return _CHECKS[kind](path)
    except KsErrors as exc:
        return exc.each()
    except KsError as exc:
        if exc.location or exc.message.startswith(str(path)):
            return [exc]
        return [KsError(exc.message, Location(str(path)), exc.hint)]


def unknown_kind(path: Path) -> KsError:
    return KsError("not a file ks check knows: a rule file (.ksr), a game, map, units, "
                   "terrain, scenario or situation (.yaml, told by its keys: grid, units, "
                   "start_turn, action…), a save (.json) or an event log (.jsonl)",
                   Location(str(path)))


def _game(path: Path) -> list[KsError]:
    # Read with its rulesets' keys, and what it names checked (its displays
    # against its rules too).
    from kriegsspiel.engine.plugins import load_registry
    from kriegsspiel.engine.reading import Checks, read_game
    registry = load_registry()
    game = read_game(path.parent, registry)
    return loading.check_references(game, (), Checks(registry))


def _part_of_game(model: type) -> Callable[[Path], list[KsError]]:
    def check(path: Path) -> list[KsError]:
        # Read as its game reads it (with its rulesets' keys): the game's errors
        # that point into this file; alone, with every installed module's keys.
        from kriegsspiel.engine.plugins import load_registry
        from kriegsspiel.engine.reading import Checks, installed_game_models, read_game
        registry = load_registry()
        home = path.parent if (path.parent / "game.yaml").exists() else path.parent.parent
        if not (home / "game.yaml").exists():
            installed = installed_game_models(registry)
            loading.load_model(path, installed.units_file if model is UnitsFile else model)
            return []
        try:
            game = read_game(home, registry)
        except KsError as exc:
            errors = exc.each()
        else:
            errors = loading.check_references(game, (), Checks(registry))
        return [e for e in errors if e.location and Path(e.location.path) == path]
    return check


def _scenario(path: Path) -> list[KsError]:
    # Loaded as `ks play` loads it: its game, rulesets, conventions and references.
    from kriegsspiel.engine.plugins import load_registry
    from kriegsspiel.engine.starting import load
    load(str(path), load_registry())
    return []


def _situation(path: Path) -> list[KsError]:
    from kriegsspiel.tools.situation import build, load
    build(load(path))
    return []


def _save(path: Path) -> list[KsError]:
    from kriegsspiel.tools.saves import read_save, recorded_log
    recorded_log(read_save(path))
    return []


def _event_log(path: Path) -> list[KsError]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise KsError(f"cannot read: {exc.strerror}", Location(str(path))) from None
    except UnicodeDecodeError:
        raise KsError("not an event log: not UTF-8 text", Location(str(path))) from None
    errors = []
    for number, line in enumerate(lines, 1):
        try:
            event = json.loads(line)
        except json.JSONDecodeError as exc:
            errors.append(KsError(f"not JSON: {exc.msg}", Location(str(path), number,
                                                                  exc.colno)))
            continue
        if not isinstance(event, dict) or not {"seq", "kind", "data"} <= set(event):
            errors.append(KsError("not an event: expected an object with seq, kind and data",
                                  Location(str(path), number, 1)))
        elif event["seq"] != number:
            errors.append(KsError(f"event {event['seq']} where event {number} belongs: the "
                                  "log is not whole", Location(str(path), number, 1)))
    return errors


_CHECKS: dict[str, Callable[[Path], list[KsError]]] = {
    "game": _game, "map": _part_of_game(MapModel), "units": _part_of_game(UnitsFile),
    "terrain": _part_of_game(TerrainFile), "scenario": _scenario, "situation": _situation,
    "save": _save, "event log": _event_log,
}
