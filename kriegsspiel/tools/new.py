"""`ks new title NAME`: a designer's new title, scaffolded outside the source
tree — an exclusive layer over a series with one cited example override, a
small game (sides, an order of battle, counters, terrain, a map) and a tiny
scenario — that `ks check --module` passes and `ks play --module` plays at
once.  The files are templates shipped with the package
(``templates/<series>_title``), their ``__name__`` and ``__title__`` filled in.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.engine.plugins import Registry

NAME = re.compile(r"[a-z][a-z0-9_]{0,30}")
SUFFIX = ".in"  # a template's own suffix, so the package's tools never import it


def templates() -> dict[str, object]:
    """series → its title template folder."""
    root = resources.files(__package__) / "templates"
    return {p.name[:-len("_title")]: p for p in root.iterdir() if p.name.endswith("_title")}


def new_title(name: str, into: Path, on: str, registry: Registry) -> list[Path]:
    """Write the title's files under *into*/*name*; the paths written, in order."""
    if not NAME.fullmatch(name):
        raise KsError(f"'{name}' cannot name a title: use lower-case letters, digits and _, "
                      "starting with a letter (it is the module's and the game's id)")
    if name in registry.modules:
        raise KsError(f"a module named '{name}' is installed already: choose another name")
    found = templates()
    if on not in found:
        raise KsError(f"no title template builds on '{on}'", None, did_you_mean(on, found))
    target = into / name
    if target.exists() and any(target.iterdir()):
        raise KsError(f"{target} exists and is not empty: nothing written")
    title = name.replace("_", " ").title()
    written = []
    for source in _files(found[on]):
        relative = source[1].replace("__name__", name)
        if relative.endswith(SUFFIX):
            relative = relative[:-len(SUFFIX)]
        path = target / relative
        text = source[0].read_text(encoding="utf-8")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text.replace("__name__", name).replace("__title__", title),
                            encoding="utf-8")
        except OSError as exc:
            raise KsError(f"cannot write {path}: {exc.strerror}") from None
        written.append(path)
    return written


def _files(folder, prefix: str = "") -> list[tuple[object, str]]:
    out = []
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.is_dir():
            out += _files(item, f"{prefix}{item.name}/")
        else:
            out.append((item, f"{prefix}{item.name}"))
    return out


__all__ = ["new_title", "templates"]
