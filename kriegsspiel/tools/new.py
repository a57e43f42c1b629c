"""`ks new title NAME`: a designer's new title, scaffolded outside the source
tree — an exclusive layer over a series with one cited example override, a
small game (sides, an order of battle, counters, terrain, a map) and a tiny
scenario — that `ks check --module` passes and `ks play --module` plays at
once.  `ks new option NAME --ruleset R`: a modder's optional rule as a
pip-installable package (its pyproject's entry point in the
``kriegsspiel.modules`` group), one override and a test switching it on and
off.  The files are templates shipped with the package (``templates/``),
their ``__name__``, ``__title__`` and ``__ruleset__`` filled in.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from importlib import resources
from pathlib import Path

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.engine.plugins import Registry

NAME = re.compile(r"[a-z][a-z0-9_]{0,30}")
SUFFIX = ".in"  # a template's own suffix, so the package's tools never import it


def _root():
    return resources.files(__package__) / "templates"


def templates(kind: str = "title") -> dict[str, object]:
    """series → its template folder of *kind* (title, option): <series>_<kind>;
    a template's rules are written against its series."""
    suffix = f"_{kind}"
    return {p.name[:-len(suffix)]: p for p in _root().iterdir() if p.name.endswith(suffix)}


def new_title(name: str, into: Path, on: str | None, registry: Registry) -> list[Path]:
    """Write the title's files under *into*/*name* (*on*: the series; none: the
    one installed); the paths written, in order."""
    _check_name(name, "a title", registry)
    found = templates()
    on = on or registry.base_of([], "a new title", among=found)[0]
    if on not in found:
        raise KsError(f"no title template builds on '{on}'", None, did_you_mean(on, found))
    return _write(found[on], into / name, {"__name__": name, "__title__": _title(name)})


def new_option(name: str, ruleset: str, into: Path, registry: Registry) -> list[Path]:
    """Write an optional-rule package over the module *ruleset* under *into*/*name*."""
    _check_name(name, "an optional rule", registry)
    if ruleset not in registry.modules:
        raise KsError(f"unknown module '{ruleset}' (`ks modules` lists them)", None,
                      did_you_mean(ruleset, registry.modules))
    under = registry.select([ruleset])
    found = {series: t for series, t in templates("option").items() if series in under}
    if not found:
        raise KsError(f"no optional-rule template is written for '{ruleset}' (there are for "
                      f"modules built on {', '.join(templates('option')) or 'none'})")
    return _write(next(iter(found.values())), into / name,
                  {"__name__": name, "__title__": _title(name), "__ruleset__": ruleset})


def _check_name(name: str, what: str, registry: Registry) -> None:
    if not NAME.fullmatch(name):
        raise KsError(f"'{name}' cannot name {what}: use lower-case letters, digits and _, "
                      "starting with a letter (it is the module's id)")
    if name in registry.modules:
        raise KsError(f"a module named '{name}' is installed already: choose another name")


def _title(name: str) -> str:
    return name.replace("_", " ").title()


def _write(template: object, target: Path, words: dict[str, str]) -> list[Path]:
    """The template's files under *target*, each word replaced — all of them or,
    when one cannot be written, none (they are written beside it first, then
    moved in); nothing when the target holds anything already."""
    if target.exists() and any(target.iterdir()):
        raise KsError(f"{target} exists and is not empty: nothing written")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    except OSError as exc:
        raise KsError(f"cannot write in {target.parent}: {exc.strerror}") from None
    relatives = []
    try:
        for source, name in _files(template):
            relative = _filled(name, words)
            relative = relative[:-len(SUFFIX)] if relative.endswith(SUFFIX) else relative
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_filled(source.read_text(encoding="utf-8"), words),
                            encoding="utf-8")
            relatives.append(relative)
        if target.exists():
            target.rmdir()  # empty, as checked
        staging.rename(target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise KsError(f"cannot write {target}: {exc.strerror}") from None
    return [target / r for r in relatives]


def _filled(text: str, words: dict[str, str]) -> str:
    for word, value in words.items():
        text = text.replace(word, value)
    return text


def _files(folder, prefix: str = "") -> list[tuple[object, str]]:
    out = []
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.is_dir():
            out += _files(item, f"{prefix}{item.name}/")
        else:
            out.append((item, f"{prefix}{item.name}"))
    return out


__all__ = ["new_title", "new_option", "templates"]
