"""An event's line in the turn log, written with its declaration (``event ...
says "..."``, dsl/event_lines.py, docs/dsl.md): filled in from the event's
data, checked against its fields when the rules are built, with the exact
located error a rule author sees."""

from __future__ import annotations

import pytest

from kriegsspiel.core.errors import KsErrors
from kriegsspiel.core.state import Event, Ref
from kriegsspiel.engine.rulebook import ExtraRules, build_program
from kriegsspiel.tools.play import describe


def program(text: str):
    return build_program(["gts"], extra=[ExtraRules("house.ksr", text, "optional")])


def said(text: str, kind: str, **data) -> str | None:
    return describe(Event(1, kind, data), [], program=program(text))


def build_errors(text: str) -> str:
    with pytest.raises(KsErrors) as caught:
        program(text)
    return caught.value.render()


def test_fields_are_filled_in_entities_by_id_lists_joined_numbers_signed():
    text = ('event mined(unit, hexes, change) says "    {unit} mines {hexes} ({change:+d}, '
            '{change:d})" @gts:1.0\n')
    assert said(text, "mined", unit=Ref("unit", "A/1/8"), hexes=["19.024", "19.025"],
                change=-1) == "    A/1/8 mines 19.024, 19.025 (-1, -1)"
    assert said(text, "mined", unit=Ref("unit", "B"), hexes=[], change=2) == \
        "    B mines  (+2, 2)"


def test_a_field_holding_nothing_takes_the_other_text():
    text = ('event laid(unit, roll, wired) says "{unit|The German player} lays one'
            '{roll? (roll }{roll}{roll?)}{wired?, wired|, not wired}" @gts:1.0\n')
    assert said(text, "laid", unit=None, roll=None, wired=False) == \
        "The German player lays one, not wired"
    # a roll of 0 is a roll: only none, false, "" and [] hold nothing
    assert said(text, "laid", unit=Ref("unit", "E"), roll=0, wired=True) == \
        "E lays one (roll 0), wired"


def test_braces_are_written_twice():
    assert said('event b(x) says "{{{x}}}" @gts:1.0\n', "b", x=3) == "{3}"


def test_an_event_without_a_line_is_left_to_the_modules():
    assert said("event quiet(x) @gts:1.0\n", "quiet", x=1) is None


def test_a_field_the_event_does_not_have_is_located_with_a_did_you_mean():
    assert build_errors('event mined(unit, hexes) says "{unit} mines {hexs}" @gts:1.0\n') == """\
house.ksr:1:46: error: 'hexs' is not a field of this event (its fields: unit, hexes)
    event mined(unit, hexes) says "{unit} mines {hexs}" @gts:1.0
                                                 ^
hint: did you mean 'hexes'?"""


def test_a_number_format_other_than_d_or_plus_d_is_refused():
    assert build_errors('event c(change) says "{change:+.2f}" @gts:1.0\n') == """\
house.ksr:1:31: error: '+.2f' is not a number format here; use ':d' or ':+d'
    event c(change) says "{change:+.2f}" @gts:1.0
                                  ^"""


@pytest.mark.parametrize("line, column, message", [
    ("{unit", 21, "a '{' opens a field that is never closed (write '{{' for a brace)"),
    ("unit}", 25, "a '}' closes no field (write '}}' for a brace)"),
])
def test_a_stray_brace_is_located(line, column, message):
    text = f'event e(unit) says "{line}" @gts:1.0\n'
    assert build_errors(text).splitlines()[0] == f"house.ksr:1:{column}: error: {message}"
