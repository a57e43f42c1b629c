"""`ks check --watch`: the check runs again when a rule or data file is saved,
with the new errors located, and stops quietly on Ctrl-C."""

from __future__ import annotations

from typer.testing import CliRunner

from kriegsspiel.tools import watch as watching
from kriegsspiel.tools.cli import app


def test_watch_calls_again_with_what_changed(tmp_path):
    rules, notes = tmp_path / "a.ksr", tmp_path / "notes.txt"
    rules.write_text("const a = 1 @gts:1.0\n", encoding="utf-8")
    notes.write_text("not watched", encoding="utf-8")
    edits = iter([lambda: notes.write_text("still not", encoding="utf-8"),
                  lambda: rules.write_text("const a = 2 @gts:1.0\n", encoding="utf-8"),
                  lambda: None])
    seen = []
    watching.watch([tmp_path], seen.append, rounds=3, sleep=lambda _: next(edits)())
    assert seen == [[rules]]


def test_ks_check_watch_checks_again_after_a_save(tmp_path, monkeypatch):
    """gts:1.0 cited by a modder's rule file: valid, then saved with a misspelt
    name — the second check reports it where it is; Ctrl-C ends the watch."""
    rules = tmp_path / "mine.ksr"
    rules.write_text("const my_bonus = 1 @gts:1.0\n", encoding="utf-8")
    real = watching.watch
    saves = iter([lambda: rules.write_text("const my_bonus = bonsu @gts:1.0\n",
                                           encoding="utf-8")])

    def briefly(roots, run, **_):
        real(roots, run, rounds=1, sleep=lambda _: next(saves)())
        raise KeyboardInterrupt
    monkeypatch.setattr(watching, "watch", briefly)
    result = CliRunner().invoke(app, ["check", str(rules), "--watch"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.index("ok: 1 rule file") < out.index("mine.ksr changed") < \
        out.index(f"{rules}:1:18: error: unknown name 'bonsu'") < out.index("stopped watching")
