"""Rule coverage: for every section of the books, where it is implemented and tested.

*Implemented* means a citation in shipped content: a rule-file definition,
table row, modifier term or step (found by parsing, so it is exact), a
module's Python (a primitive or hookimpl naming ``gts:21.6`` in its source),
or game/scenario data.  *Tested* means a citation inside a test: the test
function whose body or docstring names ``gts:10.0.3`` (or a situation file
under tests/).
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass, field
from pathlib import Path

from kriegsspiel.core.errors import KsError
from kriegsspiel.dsl import parser
from kriegsspiel.dsl.citations import iter_cites
from kriegsspiel.rule_index import load_index

# The rulesets whose citations are looked for: those the rule index holds.
RULESETS = "|".join(sorted(load_index(), key=len, reverse=True))
CITE_RE = re.compile(rf"(?<![\w/])@?({RULESETS}):([A-Za-z0-9][A-Za-z0-9.():]*[A-Za-z0-9)]"
                     r"|[A-Za-z0-9])(?:#(\d+)(?:-(\d+))?)?")
TEST_DEF_RE = re.compile(r"^(\s*)(?:async\s+)?def\s+(test\w*)\s*\(")


@dataclass
class Coverage:
    implemented: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    tested: dict[tuple[str, str], list[str]] = field(default_factory=dict)

    def add(self, which: dict, ruleset: str, rule: str, where: str) -> None:
        places = which.setdefault((ruleset, _normalise(rule)), [])
        if where not in places:
            places.append(where)


def _normalise(rule: str) -> str:
    """Drop what prose puts after an id: a full stop, a closing parenthesis that
    opens nowhere in the id ("(gts:21.3)"), a trailing colon."""
    rule = rule.rstrip(".:")
    while rule.endswith(")") and rule.count(")") > rule.count("("):
        rule = rule[:-1].rstrip(".:")
    return rule


def _package_root() -> Path:
    """Where the shipped modules' folder lies (read as files: the tool imports no
    game system)."""
    spec = importlib.util.find_spec("kriegsspiel.modules")
    return Path(list(spec.submodule_search_locations)[0]).resolve().parent


def scan_implementations(cov: Coverage, root: Path | None = None) -> None:
    root = root or _package_root()
    for path in sorted((root / "modules").rglob("*.ksr")):
        rel = path.relative_to(root).as_posix()
        try:
            decls = parser.parse_file(path)
        except KsError:
            continue  # `ks check` reports it; coverage shows what parses
        for decl in decls:
            for cite, _ in iter_cites(decl):
                cov.add(cov.implemented, cite.ruleset, cite.id, f"{rel}:{cite.loc.line}")
    for pattern in ("modules/**/*.py", "games/**/*.yaml", "scenarios/**/*.yaml"):
        for path in sorted(root.glob(pattern)):
            rel = path.relative_to(root).as_posix()
            for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for m in CITE_RE.finditer(line):
                    cov.add(cov.implemented, m.group(1), m.group(2), f"{rel}:{lineno}")


def iter_test_citations(tests: Path):
    """(regex match, where) for every citation in the tests: ``file::test`` for
    a test function whose body, docstring or decorators name it, the file for
    a situation or rule file."""
    if not tests.is_dir():
        return
    base = tests.parent
    for path in sorted(tests.rglob("*")):
        if path.suffix not in (".py", ".yaml", ".yml", ".ksr") or "fixtures" in path.parts:
            continue
        rel = path.relative_to(base).as_posix()
        text = path.read_text(encoding="utf-8")
        if path.suffix != ".py":
            for m in CITE_RE.finditer(text):
                yield m, rel
            continue
        current, indent, pending = None, -1, []
        for line in text.splitlines():
            stripped = line.lstrip()
            m = TEST_DEF_RE.match(line)
            if m:
                current, indent = m.group(2), len(m.group(1))
                for cite in pending:  # citations in the test's decorators
                    yield cite, f"{rel}::{current}"
                pending = []
                continue
            if stripped.startswith("@"):
                pending += list(CITE_RE.finditer(line))
                current = None
                continue
            if current and stripped and len(line) - len(stripped) <= indent \
                    and not stripped.startswith(("#", ")")):
                current = None
            if current:
                for c in CITE_RE.finditer(line):
                    yield c, f"{rel}::{current}"


def scan_tests(cov: Coverage, tests: Path) -> None:
    for m, where in iter_test_citations(tests):
        cov.add(cov.tested, m.group(1), m.group(2), where)


def report(ruleset: str | None = None, tests: Path | None = None,
           root: Path | None = None) -> dict:
    """Each section's implementations and tests; *root*: the content scanned
    (the installed package's by default)."""
    cov = Coverage()
    scan_implementations(cov, root)
    scan_tests(cov, tests or Path("tests"))
    index = load_index()
    out: dict = {"rulesets": {}}
    for name, entries in index.items():
        if ruleset and name != ruleset:
            continue
        sections = {}
        for rule_id, entry in entries.items():
            key = (name, rule_id)
            sections[rule_id] = {"kind": entry["kind"], "title": entry["title"],
                                 "implemented": cov.implemented.get(key, []),
                                 "tested": cov.tested.get(key, [])}
        out["rulesets"][name] = sections
    # Only shipped content must cite real sections: tests name wrong ids on
    # purpose (a citation error's message, an unknown optional rule).
    out["unknown_citations"] = {f"{r}:{i}": places for (r, i), places
                                in sorted(cov.implemented.items())
                                if i not in index.get(r, {})}
    return out


def summary(data: dict) -> list[tuple[str, int, int, int, int]]:
    """(ruleset, sections needing coverage, implemented, tested, both) per ruleset."""
    rows = []
    for name, sections in data["rulesets"].items():
        due = [s for s in sections.values() if s["kind"] in ("rule", "errata", "scenario")]
        impl = sum(1 for s in due if s["implemented"])
        tested = sum(1 for s in due if s["tested"])
        both = sum(1 for s in due if s["implemented"] and s["tested"])
        rows.append((name, len(due), impl, tested, both))
    return rows
