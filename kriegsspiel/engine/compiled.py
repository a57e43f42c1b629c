"""Loads the compiled kernel: a module's Cython build, while its source is unchanged.

``setup.py`` compiles the interpreter's hot modules (the same .py files, with
.pxd declarations beside a few) to ``<name>.kscompiled<EXT_SUFFIX>`` beside
each source, with ``<name>.kscompiled.sha256``, the hash of the source
compiled and of the declaring modules (.pxd and .py) it was compiled against.
No normal import finds those files, so without this finder every module runs
from its source.  With it (installed when ``kriegsspiel`` is imported), a
module whose source and declarations still have the recorded hashes is
loaded from its compiled build under its own name; one whose source changed
since (an editable install being worked on) runs from the source, with a
warning naming it, so what runs is always what the source says.
``KS_PURE=1`` runs everything from source.

:func:`status` says which modules run compiled (``ks check`` prints it).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from pathlib import Path

SUFFIX = ".kscompiled"
EXT_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


class CompiledFinder:
    """A meta path finder for the modules under *prefix* that have a current build."""

    def __init__(self, prefix: str = "kriegsspiel.") -> None:
        self.prefix = prefix
        self.loaded: dict[str, str] = {}  # module → "compiled" or "stale"

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith(self.prefix):
            return None
        source = self._source_spec(fullname, path, target)
        if source is None or not (source.origin or "").endswith(".py"):
            return None
        stem = source.origin[:-3] + SUFFIX
        built, recorded = stem + EXT_SUFFIX, stem + ".sha256"
        if not (os.path.exists(built) and os.path.exists(recorded)):
            return None
        if not _current(source.origin, Path(recorded).read_text().split("\n")):
            self.loaded[fullname] = "stale"
            warnings.warn(f"{fullname}: its source or the kernel's declarations (.pxd) changed "
                          f"since it was compiled, so it runs from the source (slower); "
                          f"reinstall to compile it again",
                          RuntimeWarning, stacklevel=2)
            return None
        self.loaded[fullname] = "compiled"
        loader = importlib.machinery.ExtensionFileLoader(fullname, built)
        return importlib.util.spec_from_file_location(fullname, built, loader=loader)

    def _source_spec(self, fullname, path, target):
        """What the finders after this one would import: the module's source."""
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                return spec
        return None


def _hash(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _current(source: str, recorded: list[str]) -> bool:
    """Whether the source and every declaring module a build was compiled
    against (recorded: the source's hash, then "<hash> <module>" lines, the
    hash of that module's .pxd and .py) are unchanged.  A build compiled
    against another layout of a cimported type must not run; nor may one
    using a type whose module now runs from source (its changed .py is
    stale), where that type is a plain class without the layout."""
    if _hash(source) != recorded[0].strip():
        return False
    for line in filter(None, (r.strip() for r in recorded[1:])):
        digest, _, module = line.partition(" ")
        if _declaration_hash(module) != digest:
            return False
    return True


def _declaration_hash(module: str) -> str | None:
    """The hash of a declaring module's .pxd (shipped beside its source) and
    .py, as setup.py records it; None if it has none."""
    package, _, leaf = module.rpartition(".")
    for folder in getattr(importlib.import_module(package), "__path__", ()):
        pxd, source = Path(folder) / (leaf + ".pxd"), Path(folder) / (leaf + ".py")
        if pxd.exists() and source.exists():
            return hashlib.sha256(pxd.read_bytes() + b"\0" + source.read_bytes()).hexdigest()
    return None


def install() -> CompiledFinder | None:
    """Put the finder first on ``sys.meta_path`` (once); None under KS_PURE=1."""
    if os.environ.get("KS_PURE"):
        return None
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return finder
    finder = CompiledFinder()
    sys.meta_path.insert(0, finder)
    return finder


def status() -> dict[str, str]:
    """Each kriegsspiel module imported so far with a compiled build: "compiled",
    or "stale" (its source changed, so it runs from the source)."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return dict(sorted(finder.loaded.items()))
    return {}
