"""Sentence coverage: every sentence of the books, and what stands behind it.

A section citation says nothing about the section's other sentences, so each
sentence (``gts:17.2#15``, from rule_index/sentences) gets one status:

* **tested**: a test names its id (``gts:17.2#15``, or a range ``gts:18.7#3-9``
  for a test that checks a printed table row by row) in its body, docstring or
  decorators, or a situation file under tests/ does;
* **reading**: a documented reading, the ruleset's page of docs/ (docs/gts.md,
  docs/crete.md) citing the id beside the interpretation it explains;
* **not a rule**: an audit file ``docs/audit/<ruleset>.md`` lists it with a
  kind and a one-line reason, as ``- gts:4.0#1 — summary: ...``;
* **missing**: none of these.

A test counts before a reading, a reading before an audit entry. Audit lines
that name no sentence of the index, or give no known kind or no reason, are
errors located at their line; so are tests citing sentences that do not exist.
"""

from __future__ import annotations

import re
from pathlib import Path

from kriegsspiel.tools.coverage import CITE_RE, RULESETS, iter_test_citations
from kriegsspiel.rule_index import load_sentences

STATUSES = ("tested", "reading", "not a rule", "missing")
# What an audit entry may call a sentence that states no rule of its own.
AUDIT_KINDS = {
    "flavour": "history, colour or design intent; nothing to enforce",
    "example": "narrative of an example of play (its numbers are tested as a situation)",
    "cross-reference": "points to a rule stated, and tested, elsewhere",
    "summary": "restates or introduces rules its section states in full",
    "heading": "a title, list lead-in or fragment the split cut off",
    "note": "a designer's or player's note with no rule in it",
    "component": "describes a physical component (counter art, chart layout)",
    "setup": "physical set-up or play aid handling with no rule effect",
}
# A list item opening with a ruleset's id is an audit entry, well formed or not.
ENTRY_START = rf"^\s*[-*]\s+`?(?=(?:{RULESETS}):)"
ENTRY_START_RE = re.compile(ENTRY_START)
AUDIT_RE = re.compile(ENTRY_START + r"(?P<id>[a-z]+:[^\s`#]+#\d+(?:-\d+)?)`?"
                      r"\s+(?:—|--|-)\s+(?P<kind>[a-z' -]+?):\s*(?P<reason>.*)$")


def expand(ruleset: str, section: str, first: str, last: str | None) -> list[str]:
    """Sentence ids named by one citation: ``#4`` or the range ``#4-9``."""
    lo = int(first)
    hi = int(last) if last else lo
    return [f"{ruleset}:{section}#{n}" for n in range(lo, hi + 1)]


def _ids_in(text: str) -> list[tuple[str, list[str]]]:
    out = []
    for m in CITE_RE.finditer(text):
        if m.group(3):
            out.append((m.group(1), expand(m.group(1), m.group(2), m.group(3), m.group(4))))
    return out


def scan_audit(docs: Path, sentences: dict, errors: list[str]) -> dict[str, dict]:
    """sentence id → {kind, reason, where} from the entries of docs/audit/*.md."""
    found: dict[str, dict] = {}
    audit = docs / "audit"
    if not audit.is_dir():
        return found
    for path in sorted(audit.glob("*.md")):
        rel = path.as_posix()
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not ENTRY_START_RE.match(line):
                continue
            m = AUDIT_RE.match(line)
            if not m:
                errors.append(f"{rel}:{lineno}: error: an audit entry reads "
                              "'- <id> — <kind>: <reason>'")
                continue
            kind, reason = m.group("kind").strip(), m.group("reason").strip()
            if kind not in AUDIT_KINDS:
                from kriegsspiel.core.errors import did_you_mean
                hint = did_you_mean(kind, AUDIT_KINDS)
                errors.append(f"{rel}:{lineno}: error: unknown audit kind '{kind}'"
                              + (f"; {hint}" if hint else ""))
                continue
            if not reason:
                errors.append(f"{rel}:{lineno}: error: an audit entry needs a reason")
                continue
            for _, ids in _ids_in(m.group("id")):
                for sid in ids:
                    if not _known(sid, sentences):
                        errors.append(f"{rel}:{lineno}: error: no sentence '{sid}' in the index")
                        continue
                    found[sid] = {"kind": kind, "reason": reason, "where": f"{rel}:{lineno}"}
    return found


def scan_readings(docs: Path, rulesets) -> dict[str, list[str]]:
    """sentence id → the lines of the ruleset's own page (docs/gts.md, docs/crete.md)
    that cite it: a reading belongs with the ruleset's other readings."""
    found: dict[str, list[str]] = {}
    for name in rulesets:
        path = docs / f"{name}.md"
        if not path.is_file():
            continue
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for ruleset, ids in _ids_in(line):
                for sid in ids if ruleset == name else ():
                    found.setdefault(sid, []).append(f"{path.as_posix()}:{lineno}")
    return found


def scan_tested(tests: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for m, where in iter_test_citations(tests):
        if m.group(3):
            for sid in expand(m.group(1), m.group(2), m.group(3), m.group(4)):
                places = found.setdefault(sid, [])
                if where not in places:
                    places.append(where)
    return found


def _known(sid: str, sentences: dict) -> bool:
    return sid in sentences.get(sid.split(":", 1)[0], {})


def report(ruleset: str | None = None, tests: Path = Path("tests"),
           docs: Path = Path("docs"), section: str | None = None) -> dict:
    """One record per sentence id: its text, line, status and where that stands."""
    sentences = load_sentences()
    errors: list[str] = []
    tested = scan_tested(tests)
    readings = scan_readings(docs, sentences)
    audit = scan_audit(docs, sentences, errors)
    unknown = {sid: places for sid, places in sorted(tested.items())
               if not _known(sid, sentences)}
    out: dict = {"rulesets": {}, "errors": errors, "unknown_sentences": unknown}
    for name, entries in sentences.items():
        if ruleset and name != ruleset:
            continue
        records = {}
        for sid, entry in entries.items():
            if section and entry["section"] != section:
                continue
            rec = {"section": entry["section"], "n": entry["n"], "text": entry["text"],
                   "line": entry["line"]}
            if sid in tested:
                rec.update(status="tested", where=tested[sid])
            elif sid in readings:
                rec.update(status="reading", where=readings[sid])
            elif sid in audit:
                rec.update(status="not a rule", where=[audit[sid]["where"]],
                           kind=audit[sid]["kind"], reason=audit[sid]["reason"])
            else:
                rec.update(status="missing", where=[])
            records[sid] = rec
        out["rulesets"][name] = records
    return out


def summary(data: dict) -> list[tuple]:
    """(ruleset, sentences, tested, reading, not a rule, missing) per ruleset."""
    rows = []
    for name, records in data["rulesets"].items():
        counts = {s: 0 for s in STATUSES}
        for rec in records.values():
            counts[rec["status"]] += 1
        rows.append((name, len(records), *(counts[s] for s in STATUSES)))
    return rows
