"""The rooms import one way (docs/architecture.md): modules → engine → dsl →
core, the tools on top of the engine; nothing below the modules imports a game
system, so a second ruleset never has to bend the first."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# room: (its folder, the kriegsspiel packages its code may import)
ROOMS = {
    "core": (ROOT / "core", ("kriegsspiel.core", "kriegsspiel.rule_index")),
    "dsl": (ROOT / "dsl", ("kriegsspiel.core", "kriegsspiel.dsl", "kriegsspiel.rule_index")),
    "engine": (ROOT / "kriegsspiel" / "engine",
               ("kriegsspiel.core", "kriegsspiel.dsl", "kriegsspiel.engine",
                "kriegsspiel.rule_index")),
    "tools": (ROOT / "kriegsspiel" / "tools",
              ("kriegsspiel.core", "kriegsspiel.dsl", "kriegsspiel.engine", "kriegsspiel.tools",
               "kriegsspiel.rule_index", "kriegsspiel.__version__")),
}


def imported(path: Path) -> list[tuple[int, str]]:
    """Every kriegsspiel module *path* imports (at any depth), with its line."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] if node.module != "kriegsspiel" else \
                [f"kriegsspiel.{a.name}" for a in node.names]
            out += [(node.lineno, n) for n in names if n.startswith("kriegsspiel")]
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if a.name.startswith("kriegsspiel")]
    return out


@pytest.mark.parametrize("room", sorted(ROOMS))
def test_a_room_imports_only_what_lies_below_it(room):
    folder, allowed = ROOMS[room]
    wrong = [f"{path.relative_to(ROOT)}:{line}: {name}"
             for path in sorted(folder.rglob("*.py")) for line, name in imported(path)
             if not any(name == a or name.startswith(a + ".") for a in allowed)]
    assert not wrong, "imports against the rooms' order:\n" + "\n".join(wrong)
