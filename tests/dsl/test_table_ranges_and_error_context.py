"""Table rows with no upper end (``8..``), and a rule failing in play saying
where in the game it failed, not only where in the rule file."""

from __future__ import annotations

import pytest
from test_language import gts_with, isolated, make_session

from kriegsspiel.core.errors import KsError
from kriegsspiel.dsl.runtime import RuleRuntimeError


def test_an_open_range_has_no_upper_end():
    """A dimension or row written ``8..`` reaches any larger number; rows still
    may not overlap, and a bounded dimension refuses an open row."""
    p = isolated("table mass(steps: 0..) @gts:15.6 {\n  0..7 -> 0\n  8.. -> 4\n}\n")
    assert [p.lookup("mass", n) for n in (7, 8, 115, 10**6)] == [0, 4, 4, 4]
    with pytest.raises(KsError, match="overlap"):
        isolated("table t(n: 0..) @gts:15.6 {\n  0..9 -> 0\n  8.. -> 4\n}\n")
    with pytest.raises(KsError, match=r"'8\.\.' is outside dimension 'n' \(0\.\.9\)"):
        isolated("table t(n: 0..9) @gts:15.6 {\n  8.. -> 4\n}\n")


FAILING = """
table gappy(roll: 0..9) @gts:19.1 provisional {
  0..3 -> 1
}
event looked(unit, hex) @gts:19.2
procedure look(unit: unit, roll: int) @gts:19.2 {
  step go @gts:19.2 {
    emit looked(unit = unit, hex = unit.hex)
    emit looked(unit = unit, hex = gappy[roll])
  }
}
"""


def test_a_rule_failing_in_play_says_where_in_the_game():
    """The error keeps its rule-file location and adds the turn, the action with
    its arguments and the action's last events (the pieces and hexes involved);
    the state is as before the action."""
    session = make_session(gts_with(FAILING))
    u1 = session.ref("unit", "u1")
    before = len(session.state.log)
    with pytest.raises(RuleRuntimeError) as caught:
        session.perform("look", u1, 7)
    text = caught.value.render()
    assert "no row of table 'gappy' matches (7)" in text
    assert 'in the game: turn ' in text and 'action look("u1", 7)' in text
    assert "looked: unit=u1, hex=05.05" in text
    assert len(session.state.log) == before
