"""`ks schema --editor DIR`: the data formats' JSON Schemas as files, and the
setting that tells VS Code's YAML extension which file names each one is for
(the folders every title uses: games/<game>/…, scenarios/<game>/…)."""

from __future__ import annotations

import json
from pathlib import Path

from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.output import write_whole

# Where each format's files live, as glob patterns a YAML extension matches.
FILE_NAMES = {
    "game": ["games/*/game.yaml"],
    "units": ["games/*/units.yaml", "games/*/units/*.yaml"],
    "terrain": ["games/*/terrain.yaml"],
    "map": ["games/*/maps/*.yaml"],
    "scenario": ["scenarios/*/*.yaml"],
    "situation": ["**/situations/**/*.yaml", "*.situation.yaml"],
}


def write_schemas(schemas: dict[str, dict], folder: Path) -> list[Path]:
    """<folder>/<format>.schema.json for each format, and vscode-settings.json
    mapping each (by its absolute path) to its file names; the paths written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise KsError(f"cannot make the folder {folder}: {exc.strerror}") from None
    written, mapping = [], {}
    for name in sorted(schemas):
        path = folder / f"{name}.schema.json"
        write_whole(path, json.dumps(schemas[name], indent=2, sort_keys=True) + "\n", "schema")
        written.append(path)
        mapping[str(path.resolve())] = FILE_NAMES.get(name, [f"**/{name}.yaml"])
    settings = folder / "vscode-settings.json"
    write_whole(settings, json.dumps({"yaml.schemas": mapping}, indent=2) + "\n", "settings")
    return written + [settings]


__all__ = ["write_schemas", "FILE_NAMES"]
