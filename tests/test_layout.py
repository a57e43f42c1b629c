"""The rooms import one way (docs/architecture.md): modules → engine → dsl →
core, the tools on top of the engine; nothing below the modules imports a game
system, so a second ruleset never has to bend the first."""

from __future__ import annotations

import ast
import io
import re
import tokenize
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


# The words of the two game systems shipped today (and of their series), as
# the kernel boundary names them; a third one adds its own here.
GAME_WORDS = re.compile(
    r"chit|(?<![a-z])mug(?![a-z])|(?<![a-z])cups?(?![a-z])|rearguard|road_?block|"
    r"artillery_?park|airlanding|withdrawal|cohesion|dispatch|command_?points?|formation|"
    r"division|allied|axis|crete|gts", re.IGNORECASE)
KERNEL = (ROOT / "core", ROOT / "dsl", ROOT / "kriegsspiel")


def game_words(path: Path) -> list[tuple[int, str]]:
    """Each identifier or string literal of *path* naming a game system's idea,
    (line, word); comments and docstrings may talk about the games."""
    source = path.read_text(encoding="utf-8")
    docs: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            docs.update(range(body[0].lineno, body[0].end_lineno + 1))
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.NAME, tokenize.STRING) and token.start[0] not in docs:
            match = GAME_WORDS.search(token.string)
            if match:
                found.append((token.start[0], match.group(0)))
    return found


def test_the_kernel_names_no_game_system():
    """core/, dsl/ and the engine package (its tools too) know sides, pieces,
    maps, tracks, markers, dice, decisions, events and phases; a chit, a
    division or 'Allied' belongs in modules/, games/ or scenarios/."""
    found = [f"{path.relative_to(ROOT)}:{line}: {word}" for folder in KERNEL
             for path in sorted(folder.rglob("*.py")) for line, word in game_words(path)]
    assert not found, "game-system words in kernel code:\n" + "\n".join(found)


def test_the_vocabulary_test_can_fail(tmp_path):
    """The scan sees a game word in code and a string, not in a comment or a
    docstring."""
    source = tmp_path / "x.py"
    source.write_text('"""A chit."""\n# a rearguard\nmug = 1\nside = "Allied"\n',
                      encoding="utf-8")
    assert game_words(source) == [(3, "mug"), (4, "Allied")]
