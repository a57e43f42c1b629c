"""`ks rules coverage --sentences`: the sentence audit's report at the terminal."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

from kriegsspiel.tools.sentence_coverage import STATUSES, report, summary


def print_sentences(out: Console, err: Console, ruleset: str | None, tests: Path, docs: Path,
                    section: str | None, as_json: bool) -> int:
    """Print the report; 1 when an audit entry is malformed or names no real
    sentence, or a test names none (JSON carries them as ``errors`` and
    ``unknown_sentences`` and exits 0)."""
    data = report(ruleset, tests, docs, section)
    if as_json:
        sys.stdout.write(json.dumps(data, indent=1, sort_keys=True) + "\n")
    else:
        table = Table("ruleset", "sentences", *STATUSES)
        for row in summary(data):
            table.add_row(*[str(x) for x in row])
        out.print(table)
        # The table alone, unless a ruleset or section asks for its sentences.
        for name, records in data["rulesets"].items() if ruleset or section else ():
            shown = records if section else {sid: r for sid, r in records.items()
                                             if r["status"] == "missing"}
            if not shown:
                continue
            detail = Table("sentence", "status", "text", "where",
                           title=f"{name}: {'section ' + section if section else 'missing'}")
            for sid, rec in shown.items():
                where = rec.get("kind", "") or "\n".join(rec["where"][:2])
                detail.add_row(sid, rec["status"], rec["text"][:70], where)
            out.print(detail)
    problems = list(data["errors"]) + [
        f"{where}: error: no sentence '{sid}' in the index"
        for sid, places in data["unknown_sentences"].items() for where in places]
    for line in problems:
        err.print(line, markup=False)
    return 1 if problems and not as_json else 0
