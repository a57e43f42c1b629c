"""Finding, registering and selecting rule modules (pluggy plugins).

Modules come from the ``kriegsspiel.modules`` entry-point group — the shipped
ones (pyproject.toml) as any pip-installed one — or from explicit file paths
given by the user.  Any module can be disabled by name.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any, Iterable

import pluggy

from kriegsspiel.engine import hookspecs
from kriegsspiel.core.errors import KsError, Location, did_you_mean
from kriegsspiel.dsl.link import LAYERS

ENTRY_POINT_GROUP = "kriegsspiel.modules"

@dataclass(frozen=True)
class ModuleInfo:
    name: str
    layer: str
    ruleset: str
    title: str = ""
    requires: tuple[str, ...] = ()
    description: str = ""
    # The optional rules a player switches on by name ("crete:O3.0": its
    # title): a game selects the module only when one of them is on, and its
    # rules ask whether each one is (the scenario's special rules).
    optional_rules: dict[str, str] = field(default_factory=dict)


@dataclass
class Registry:
    """All modules known to this process, by name."""

    manager: pluggy.PluginManager
    modules: dict[str, tuple[ModuleInfo, Any]] = field(default_factory=dict)
    # Answers of hooks that depend on the modules only, kept by the asker.
    answers: dict = field(default_factory=dict, repr=False)
    # (hook, module) -> (how many modules were registered then, the hook
    # restricted to that module): the turn log asks ks_describe_event of each
    # module for every event of a game, and making the restricted caller
    # costs more than the call.
    _callers: dict = field(default_factory=dict, repr=False)

    def names(self) -> list[str]:
        return list(self.modules)

    def info(self, name: str) -> ModuleInfo:
        return self.get(name)[0]

    def get(self, name: str) -> tuple[ModuleInfo, Any]:
        if name not in self.modules:
            raise KsError(f"unknown module '{name}'", None, did_you_mean(name, self.modules))
        return self.modules[name]

    def select(self, wanted: Iterable[str]) -> list[str]:
        """*wanted* plus everything it requires, lowest layer first."""
        chosen: list[str] = []

        def add(name: str) -> None:
            info = self.info(name)
            for dep in info.requires:
                add(dep)
            if name not in chosen:
                chosen.append(name)
        for name in wanted:
            add(name)
        return sorted(chosen, key=lambda n: LAYERS.index(self.info(n).layer))

    def series(self) -> list[str]:
        """The modules at the lowest layer: each the base of one game system."""
        return [n for n, (info, _) in self.modules.items() if info.layer == LAYERS[0]]

    def base_of(self, on: Iterable[str], what: str,
                among: Iterable[str] | None = None) -> list[str]:
        """*on*, or when it is empty the one installed series — or, with several
        game systems installed, the one series of *among* (those the asker could
        tell apart: the series a rule file's citations name); a located error
        asking which when that leaves more than one or none."""
        on = list(on)
        if on:
            return on
        series = self.series()
        if len(series) == 1:
            return series
        if among is not None:
            candidates = [s for s in series if s in set(among)]
            if len(candidates) == 1:
                return candidates
        raise KsError(f"say which modules {what} builds on: --on "
                      f"{' or --on '.join(series) or '(no series module is installed)'}")

    def series_citing(self, rulesets: Iterable[str]) -> list[str]:
        """The series under the modules whose ruleset is one of *rulesets* (a
        citation ``@crete:S4.0`` names crete, built on gts)."""
        wanted = set(rulesets)
        found = {s for name, (info, _) in self.modules.items() if info.ruleset in wanted
                 for s in self.select([name]) if self.info(s).layer == LAYERS[0]}
        return sorted(found)

    def optional_rules(self) -> dict[str, tuple[str, str]]:
        """Every optional rule a module offers: {"crete:O3.0": (module, title)}."""
        return {ref: (name, title) for name, (info, _) in self.modules.items()
                for ref, title in info.optional_rules.items()}

    def optional_module(self, ref: str) -> str:
        """The module that implements optional rule *ref*; a located error with a
        did-you-mean for a name no module offers."""
        offered = self.optional_rules()
        if ref not in offered:
            raise KsError(f"unknown optional rule '{ref}' (`ks rules optional` lists them)",
                          None, did_you_mean(ref, offered))
        return offered[ref][0]

    def call(self, hook: str, names: Iterable[str], **kwargs: Any) -> list[tuple[str, Any]]:
        """Call *hook* (with *kwargs*) through pluggy on the named modules only,
        one at a time, in their layer order, so each result stays paired with the
        module that gave it."""
        out = []
        for name in names:
            result = self.module_hook(hook, name)(**kwargs)
            if isinstance(result, list):
                out.extend((name, r) for r in result)
            elif result is not None:
                out.append((name, result))
        return out

    def module_hook(self, hook: str, name: str) -> Any:
        """*hook* restricted to module *name* (pluggy's subset hook caller),
        made again when modules have been registered since (modules are only
        ever added: load_registry refuses a second module of a name)."""
        kept = self._callers.get((hook, name))
        if kept is None or kept[0] != len(self.modules):
            others = [p for n, (_, p) in self.modules.items() if n != name]
            kept = self._callers[(hook, name)] = (
                len(self.modules), self.manager.subset_hook_caller(hook, remove_plugins=others))
        return kept[1]

    def first(self, hook: str, names: Iterable[str]) -> Any:
        """The answer of the highest-layer module among *names* that answers."""
        for name, result in reversed(self.call(hook, names)):
            return result
        return None


def _load_path(path: Path) -> ModuleType:
    """Import a module from an explicit path given by the user: a .py file, or
    a package folder (its __init__.py, with the folder's other modules
    importable beside it)."""
    if not path.exists():
        raise KsError(f"module file not found: {path}", Location(str(path)))
    package = path.is_dir()
    source = path / "__init__.py" if package else path
    if package and not source.exists():
        raise KsError(f"{path} is a folder without __init__.py: not a module",
                      Location(str(path)))
    name = f"kriegsspiel_ext_{(path.name if package else path.stem).replace('-', '_')}"
    spec = importlib.util.spec_from_file_location(
        name, source, submodule_search_locations=[str(path)] if package else None)
    if spec is None or spec.loader is None:
        raise KsError(f"cannot load module from {path}", Location(str(path)))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:  # located where Python found it
        sys.modules.pop(name, None)
        raise KsError(f"cannot load module {path}: SyntaxError: {exc.msg}",
                      Location(str(exc.filename or source), exc.lineno or 0, exc.offset or 0,
                               (exc.text or "").rstrip("\n") or None)) from None
    except Exception as exc:  # the user's own code: said in one line, not a traceback
        sys.modules.pop(name, None)
        raise KsError(f"cannot load module {path}: {type(exc).__name__}: {exc}",
                      Location(str(source))) from None
    return module


def load_registry(disabled: Iterable[str] = (), extra_paths: Iterable[str | Path] = (),
                  use_entry_points: bool = True) -> Registry:
    """Register the installed modules (the ``kriegsspiel.modules`` entry points:
    the shipped GTS and Crete ones among them, pyproject.toml) and those given
    by path."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    disabled = set(disabled)
    candidates: list[Any] = []
    if use_entry_points:
        for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            obj = ep.load()
            if obj not in candidates:
                candidates.append(obj)
    candidates += [_load_path(Path(p)) for p in extra_paths]
    registry = Registry(manager)
    for plugin in candidates:
        info_impl = getattr(plugin, "ks_module_info", None)
        if info_impl is None:
            raise KsError(f"{plugin!r} is not a kriegsspiel module: it has no ks_module_info hook")
        info = info_impl()
        if info.layer not in LAYERS:
            raise KsError(f"module '{info.name}' declares unknown layer '{info.layer}'", None,
                          did_you_mean(info.layer, LAYERS))
        if info.name in disabled:
            continue
        if info.name in registry.modules:
            if registry.modules[info.name][1] is plugin:
                continue
            raise KsError(f"two modules are both named '{info.name}'")
        manager.register(plugin, name=info.name)
        registry.modules[info.name] = (info, plugin)
    unknown = disabled - {getattr(p, "ks_module_info")().name for p in candidates}
    if unknown:
        name = sorted(unknown)[0]
        raise KsError(f"cannot disable unknown module '{name}'", None,
                      did_you_mean(name, [getattr(p, "ks_module_info")().name for p in candidates]))
    return registry


@functools.lru_cache(maxsize=1)
def installed_registry() -> Registry:
    """The installed modules' registry, built once a process: what is installed
    does not change while it runs, and session_modules is asked for every
    player a search bot's rollout seats."""
    return load_registry()


def registry_with(paths: Iterable[str | Path] = ()) -> Registry:
    """The installed modules and those given by path (none: the installed
    registry, built once a process)."""
    paths = [str(p) for p in paths]
    return load_registry(extra_paths=paths) if paths else installed_registry()


def play_begins(session: Any) -> frozenset[str]:
    """The events whose first occurrence ends *session*'s set-up (ks_play_begins)."""
    if session is None:
        return frozenset()
    registry, names = session_modules(session)
    # Asked at every turn a game shows; the answer depends on the modules only.
    key = ("ks_play_begins", tuple(names))
    if key not in registry.answers:
        registry.answers[key] = frozenset(
            kind for _, kinds in registry.call("ks_play_begins", names) for kind in kinds)
    return registry.answers[key]


def session_modules(session: Any) -> tuple[Registry, list[str]]:
    """The registry and the modules whose rules *session* plays, lowest layer
    first: its scenario's rulesets, or those its program was built from.  The
    registry is the one the session was started with (modules given by path
    among them), else the installed one."""
    registry = getattr(session, "registry", None) or installed_registry()
    rulesets = getattr(getattr(session, "scenario", None), "rulesets", None) or \
        [m for m in dict.fromkeys(f.module for f in getattr(session.program, "files", ()))
         if m in registry.modules]
    return registry, registry.select(rulesets)
