#!/usr/bin/env python
"""Regenerate the golden playthroughs in tests/golden/ — the one way to do it.

Each shipped scenario is played by the bots and with the seed that
tests/golden/settings.yaml names, and its readable log (what `ks play SCENARIO
--seed N` prints) written to tests/golden/<game>_<scenario>_seed<N>.txt;
goldens of scenarios no longer shipped are removed.  tests/test_golden.py
diffs the games against them.  The long scenarios (settings.yaml's `until`)
record their first turns only, as `ks play SCENARIO --seed N --until T` prints
them.
Run it after a rule or data change that is meant to change how games play,
and review the diff (`git diff tests/golden`) before committing:

    python scripts/regen_golden.py            # every shipped scenario
    python scripts/regen_golden.py crete/learning
"""

from __future__ import annotations

import sys
from pathlib import Path

from kriegsspiel.tools.play import GoldenSettings, shipped_scenarios

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main(argv: list[str]) -> int:
    scenarios = argv or shipped_scenarios()
    settings = GoldenSettings.of(GOLDEN)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for scenario in scenarios:
        path = GOLDEN / settings.name(scenario)
        text = settings.text(scenario)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        status = "new" if old is None else "unchanged" if old == text else "changed"
        print(f"{path.relative_to(GOLDEN.parent.parent)}: {status} "
              f"({text.count(chr(10))} lines)")
    if not argv:  # a full run also drops the goldens of scenarios no longer shipped
        wanted = {settings.name(s) for s in scenarios}
        for stale in sorted(GOLDEN.glob("*.txt")):
            if stale.name not in wanted:
                stale.unlink()
                print(f"{stale.relative_to(GOLDEN.parent.parent)}: removed (not shipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
