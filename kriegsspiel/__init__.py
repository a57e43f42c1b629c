"""kriegsspiel: an umpire for hex-and-counter wargames whose rules are data.

The package is the design card's folders under one name: the engine
(kriegsspiel.engine: sessions, rule programs, plugins, starting a game) and
the user's tools (kriegsspiel.tools: the `ks` commands, bots' search, render,
replay) live here; the kernel (kriegsspiel.core, kriegsspiel.dsl) and the
game systems (kriegsspiel.modules, .games, .scenarios, .rule_index) are the
checkout's top-level folders, mapped in by pyproject.toml's package-dir.
"""

from pathlib import Path as _Path

__version__ = "0.1.0"

# Python run in a checkout's root (`python -m kriegsspiel.tools.cli`) imports
# this folder directly, past the installed package and its mapping: the
# top-level folders beside it are then this package's subpackages.
_checkout = _Path(__file__).resolve().parent.parent
if (_checkout / "pyproject.toml").is_file() and (_checkout / "core" / "state.py").is_file() \
        and str(_checkout) not in __path__:
    __path__.append(str(_checkout))

from kriegsspiel.engine import compiled as _compiled  # noqa: E402  (needs __path__ above)

# The interpreter's hot modules load from their Cython build when it matches
# their source (kriegsspiel.engine.compiled; KS_PURE=1 turns it off).
_compiled.install()
