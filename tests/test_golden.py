"""Golden playthroughs: every shipped scenario, played by random bots with the
golden seed, prints the text recorded in tests/golden/ (crete:scenario:learning
and the others; the turn is gts:4.0).  A rule or data change that changes how
games play shows here as a diff; if the change is meant, regenerate with
`python scripts/regen_golden.py` and review `git diff tests/golden`."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from kriegsspiel.tools.play import GoldenSettings, shipped_scenarios

GOLDEN = Path(__file__).parent / "golden"
SETTINGS = GoldenSettings.of(GOLDEN)
REGENERATE = "python scripts/regen_golden.py"
SHOWN = 80  # diff lines shown; the rest is counted


# Each game is also watched by the invariant checker (issue #7's "runs after
# every event in tests"): the first broken invariant fails the test.
@pytest.mark.parametrize("scenario", shipped_scenarios())
def test_golden_playthrough(scenario):
    path = GOLDEN / SETTINGS.name(scenario)
    assert path.exists(), f"no golden for {scenario}: run `{REGENERATE} {scenario}`"
    expected = path.read_text(encoding="utf-8")
    actual = SETTINGS.text(scenario, check_invariants=True)
    if actual != expected:
        diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                         f"golden/{path.name}", f"{scenario} now", lineterm=""))
        more = f"\n... and {len(diff) - SHOWN} more diff lines" if len(diff) > SHOWN else ""
        pytest.fail(f"{scenario} no longer plays as its golden playthrough:\n"
                    + "\n".join(diff[:SHOWN]) + more
                    + f"\nIf the change is meant, regenerate: `{REGENERATE}` and review "
                    "`git diff tests/golden`.", pytrace=False)


def test_every_golden_is_of_a_shipped_scenario():
    wanted = {SETTINGS.name(s) for s in shipped_scenarios()}
    stale = sorted(p.name for p in GOLDEN.glob("*.txt") if p.name not in wanted)
    assert not stale, f"goldens of scenarios not shipped: {stale}; run `{REGENERATE}`"


def test_a_golden_is_what_ks_play_prints():
    from typer.testing import CliRunner

    from kriegsspiel.tools.cli import app
    printed = CliRunner().invoke(app, ["play", "crete/learning", "--seed", str(SETTINGS.seed)])
    assert printed.exit_code == 0 and printed.output == SETTINGS.text("crete/learning")
