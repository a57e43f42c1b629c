"""Golden tests: the exact text a rule author sees for a broken rule file.

Every message is written out in full — ``path:line:col: error: message``, the
source line indented four spaces, a caret under the column, and ``hint: …``
when there is one — so any change to wording, location or hint shows up here.

Parse errors come from ``parse_text`` alone; name, type, layer, citation and
termination errors from ``build_program`` with the text as an extra rule file
on top of the real GTS series rules (modules/gts/rules/*.ksr).
"""

from __future__ import annotations

import lark
import pytest

from kriegsspiel.core.errors import KsError, KsErrors
from kriegsspiel.dsl.parser import parse_file, parse_text
from kriegsspiel.engine.rulebook import ExtraRules, build_program


def parse_error(text: str, path: str = "rules.ksr") -> str:
    with pytest.raises(KsError) as caught:
        parse_text(text, path)
    assert not isinstance(caught.value, lark.exceptions.LarkError)
    return caught.value.render()


def build_errors(text: str, layer: str = "scenario", path: str = "scenario.ksr") -> str:
    """Every error building GTS + *text* reports, rendered, one after the other."""
    with pytest.raises(KsErrors) as caught:
        build_program(["gts"], extra=[ExtraRules(path, text, layer)])
    return caught.value.render()


CITE_HINT = "hint: every definition, modifier term and step ends with its citation, e.g. @ruleset:12.3"


# ---- syntax ---------------------------------------------------------------------

def test_misspelt_keyword_at_top_level():
    assert parse_error("const a = 1 @gts:1.0\ncosnt x = 1 @gts:1.0\n") == """\
rules.ksr:2:1: error: unexpected 'cosnt'; expected 'check', 'const', 'def', 'enum', 'event', 'link' or …
    cosnt x = 1 @gts:1.0
    ^
hint: did you mean 'const'?"""


def test_misspelt_override_keyword():
    assert parse_error("overide const x = 1 @gts:1.0\n") == """\
rules.ksr:1:1: error: unexpected 'overide'; expected 'check', 'const', 'def', 'enum', 'event', 'link' or …
    overide const x = 1 @gts:1.0
    ^
hint: did you mean 'override'?"""


def test_misspelt_statement_keyword():
    text = "procedure p() @gts:10.0.3 {\n  step a @gts:10.0.3 {\n    lett x = 1\n  }\n}\n"
    assert parse_error(text) == """\
rules.ksr:3:5: error: unexpected 'lett'; expected 'break', 'do', 'emit', 'explain', 'for', 'if' or …
        lett x = 1
        ^
hint: did you mean 'let'?"""


def test_misspelt_when_in_a_modifier_term():
    text = ("modifiers m(unit: unit) @gts:29.48 {\n"
            "  a: -1 whne unit.suppressed > 0 @gts:19.2.2\n}\n")
    assert parse_error(text) == """\
rules.ksr:2:9: error: unexpected 'whne'; expected a citation like @ruleset:12.3
      a: -1 whne unit.suppressed > 0 @gts:19.2.2
            ^
hint: did you mean 'when'?"""


@pytest.mark.parametrize("text", [
    "constx = 1 @gts:1.0\n",
    "procedure p() @gts:1.0 { step a @gts:1.0 { letx = 1 } }\n",
    "procedure p() @gts:1.0 { step a @gts:1.0 { stopnow } }\n",
])
def test_a_keyword_never_matches_the_start_of_a_longer_word(text):
    """``constx = 1`` is not ``const x = 1`` (lark's contextual lexer used to split it)."""
    with pytest.raises(KsError) as caught:
        parse_text(text, "rules.ksr")
    assert caught.value.hint is not None and caught.value.hint.startswith("did you mean")


def test_missing_citation_noticed_at_the_next_definition():
    assert parse_error("const x = 1\nconst y = 2 @gts:1.0\n") == f"""\
rules.ksr:2:1: error: unexpected 'const'; expected a citation like @ruleset:12.3
    const y = 2 @gts:1.0
    ^
{CITE_HINT}"""


def test_missing_citation_at_end_of_file():
    assert parse_error("const x = 1\n") == f"""\
rules.ksr:1:12: error: unexpected end of file; expected a citation like @ruleset:12.3
    const x = 1
               ^
{CITE_HINT}"""


def test_missing_citation_on_a_modifier_term():
    text = ("modifiers m(unit: unit) @gts:29.48 {\n"
            "  a: -1 when unit.suppressed > 0\n"
            "  b: -1 @gts:19.2.3\n}\n")
    assert parse_error(text) == f"""\
rules.ksr:3:3: error: unexpected 'b'; expected a citation like @ruleset:12.3
      b: -1 @gts:19.2.3
      ^
{CITE_HINT}"""


def test_missing_citation_on_a_procedure():
    assert parse_error("procedure p() {\n  step a @gts:1.0 { stop }\n}\n") == f"""\
rules.ksr:1:15: error: unexpected '{{'; expected a citation like @ruleset:12.3
    procedure p() {{
                  ^
{CITE_HINT}"""


def test_missing_citation_on_a_step():
    assert parse_error("procedure p() @gts:1.0 {\n  step a { stop }\n}\n") == f"""\
rules.ksr:2:10: error: unexpected '{{'; expected a citation like @ruleset:12.3
      step a {{ stop }}
             ^
{CITE_HINT}"""


@pytest.mark.parametrize("cite", ["@gts", "@GTS:1.0", "@:15.6", "@ gts:1.0"])
def test_malformed_citation(cite):
    text = f"const x = 1 {cite}\n"
    assert parse_error(text) == f"""\
rules.ksr:1:13: error: malformed citation: write it as @ruleset:id, e.g. @ruleset:12.3
    const x = 1 {cite}
                ^"""


def test_unexpected_character():
    assert parse_error("const x = 1 $ 2 @gts:1.0\n") == """\
rules.ksr:1:13: error: unexpected character '$'
    const x = 1 $ 2 @gts:1.0
                ^"""


def test_caret_keeps_tabs_so_it_lines_up():
    assert parse_error("const a = 1 @gts:1.0\n\tconst b = 2 $ @gts:1.0\n") == \
        "rules.ksr:2:14: error: unexpected character '$'\n" \
        "    \tconst b = 2 $ @gts:1.0\n" \
        "    \t            ^"


def test_unterminated_string():
    assert parse_error('const x = "abc @gts:1.0\n') == """\
rules.ksr:1:11: error: unexpected character '"'
    const x = "abc @gts:1.0
              ^"""


def test_unexpected_end_of_file_in_a_block():
    text = "procedure p() @gts:1.0 {\n  step a @gts:1.0 {\n"
    assert parse_error(text) == """\
rules.ksr:2:20: error: unexpected end of file; expected 'break', 'do', 'emit', 'explain', 'for', 'if' or …
      step a @gts:1.0 {
                       ^"""


def test_unexpected_end_of_file_in_a_table():
    text = "table t(r: 0..9) @gts:19.1 {\n  0..4 -> 1 @gts:19.1\n\n\n"
    assert parse_error(text) == """\
rules.ksr:2:22: error: unexpected end of file; expected '_', '}', a name or a number
      0..4 -> 1 @gts:19.1
                         ^"""


def test_comparisons_do_not_chain():
    assert parse_error("const x = 1 < 2 < 3 @gts:1.0\n") == """\
rules.ksr:1:17: error: unexpected '<'; expected a citation like @ruleset:12.3
    const x = 1 < 2 < 3 @gts:1.0
                    ^"""


def test_check_field_given_twice():
    text = "check c(unit: unit) @gts:29.47 {\n  target: 5\n  target: 6\n}\n"
    assert parse_error(text) == """\
rules.ksr:3:3: error: field 'target' given twice in check 'c'
      target: 6
      ^"""


@pytest.mark.parametrize("separator", ["\r", "\f", "\x1c", "\x85", "\u2028"])
def test_odd_line_separators_in_comments_do_not_shift_the_source_line(separator):
    """Only '\\n' ends a line (as for lark): the source line shown is the right one."""
    text = f"# a{separator}b\nconst x = $ @gts:1.0\n"
    assert parse_error(text) == """\
rules.ksr:2:11: error: unexpected character '$'
    const x = $ @gts:1.0
              ^"""


def test_crlf_files_report_clean_lines():
    text = "const x = 1 @gts:1.0\r\nconst y = $ @gts:1.0\r\n"
    assert parse_error(text) == """\
rules.ksr:2:11: error: unexpected character '$'
    const y = $ @gts:1.0
              ^"""


BROKEN = [
    "", "}", "{", "@", "@gts:", "const", "const x", "const x =", "const x = 1 @",
    "table t(r: 0..9) @gts:1.0 { ..3 -> 1 }", "def f(,) = 1 @gts:1.0", "\x00", "é",
    "procedure p() @gts:1.0 { step @gts:1.0 { } }", 'const x = "\n" @gts:1.0',
    "override", "remove", "remove trigger", "trigger t on e() when @gts:1.0 {}",
    "check c() @gts:1.0 { target: 1 target: 2 }", "const x = 1 @gts:1.0 @",
    "#" * 10, "const x = ((((1 @gts:1.0", "enum e {} @gts:1.0",
]


@pytest.mark.parametrize("text", BROKEN)
def test_no_lark_exception_ever_escapes(text):
    try:
        parse_text(text, "rules.ksr")
    except KsError as exc:
        assert not isinstance(exc, lark.exceptions.LarkError)
        assert exc.__cause__ is None
        assert exc.location is not None and exc.location.path == "rules.ksr"
        assert exc.location.line >= 1
        assert exc.render().startswith("rules.ksr:")
    else:
        assert text in ("", "#" * 10)  # the only well-formed texts in the list


def test_parse_file_reports_unreadable_files(tmp_path):
    missing = tmp_path / "nope.ksr"
    with pytest.raises(KsError, match="cannot read rule file"):
        parse_file(missing)
    binary = tmp_path / "bin.ksr"
    binary.write_bytes(b"const x = \xff @gts:1.0\n")
    with pytest.raises(KsError, match="cannot read rule file") as caught:
        parse_file(binary)
    assert caught.value.location.path == str(binary)


# ---- unknown names ---------------------------------------------------------------

def test_misspelt_def():
    """gts:29.44 current_steps."""
    assert build_errors("def a(unit: unit) = curent_steps(unit) @gts:29.44\n") == """\
scenario.ksr:1:21: error: unknown function 'curent_steps'
    def a(unit: unit) = curent_steps(unit) @gts:29.44
                        ^
hint: did you mean 'current_steps'?"""



def test_misspelt_variable_in_a_step():
    """gts:10.0.5: a `let` of a misspelt name would make a new variable and leave
    the intended one unchanged; a name given a value and never read is refused."""
    text = ("procedure p() @gts:10.0.5 {\n  step a @gts:10.0.5 {\n    let done = false\n"
            "    for i in range(3) { if not done { let dnoe = true } }\n"
            "    if done { stop }\n  }\n}\n")
    assert build_errors(text) == """\
scenario.ksr:4:39: error: 'dnoe' is given a value here but never read in procedure 'p' (a misspelt name?)
        for i in range(3) { if not done { let dnoe = true } }
                                          ^
hint: did you mean 'done'?"""

def test_misspelt_const():
    """gts:10.0.3 pre-night dispatch bonus."""
    assert build_errors("const a = pre_night_dispatch_bonuss + 1 @gts:10.0.3\n") == """\
scenario.ksr:1:11: error: unknown name 'pre_night_dispatch_bonuss' in const 'a'
    const a = pre_night_dispatch_bonuss + 1 @gts:10.0.3
              ^
hint: did you mean 'pre_night_dispatch_bonus'?"""


def test_every_misspelt_name_at_once():
    """docs/dsl.md's promise, every problem at once: two misspelt names in one
    definition, and one in a definition and another in one that uses it, are
    each reported where written (gts:10.0.3's constants)."""
    both = build_errors("const a = pre_night_dispatch_bonuss + dispatch_bonis @gts:10.0.3\n")
    assert [line for line in both.splitlines() if ": error: " in line] == [
        "scenario.ksr:1:11: error: unknown name 'pre_night_dispatch_bonuss' in const 'a'",
        "scenario.ksr:1:39: error: unknown name 'dispatch_bonis' in const 'a'"]
    chained = build_errors("def a() = pre_night_dispatch_bonuss + 1 @gts:10.0.3\n"
                           "def b() = a() + pre_night_dispatch_bonuss @gts:10.0.3\n")
    assert [line.split(": error: ")[0] for line in chained.splitlines()
            if ": error: " in line] == ["scenario.ksr:1:11", "scenario.ksr:2:17"]


def test_misspelt_table():
    text = ("def a(x: int) = resutls[x] @gts:19.2\n"
            "table results(r: 0..9) @gts:19.2 {\n  0..9 -> 1\n}\n")
    assert build_errors(text) == """\
scenario.ksr:1:17: error: unknown table 'resutls'
    def a(x: int) = resutls[x] @gts:19.2
                    ^
hint: did you mean 'results'?"""


def test_misspelt_enum_member():
    text = "enum weather { clear rain } @gts:3.0\ndef a() = weather.rian @gts:3.0\n"
    assert build_errors(text) == """\
scenario.ksr:2:19: error: enum 'weather' has no member 'rian'
    def a() = weather.rian @gts:3.0
                      ^
hint: did you mean 'rain'?"""


def test_misspelt_unit_attribute():
    """gts:29.48: the Troop Quality Rating is unit.troop_quality."""
    assert build_errors("def a(unit: unit) = unit.troop_qualty @gts:29.48\n") == """\
scenario.ksr:1:26: error: a unit has no attribute 'troop_qualty'
    def a(unit: unit) = unit.troop_qualty @gts:29.48
                             ^
hint: did you mean 'troop_quality'?"""


def test_misspelt_attribute_of_a_linked_entity():
    """gts:10.0.3: a Division's Command Rating, reached through unit.division."""
    assert build_errors("def a(unit: unit) = unit.division.comand_rating @gts:10.0.3\n") == """\
scenario.ksr:1:35: error: a division has no attribute 'comand_rating'
    def a(unit: unit) = unit.division.comand_rating @gts:10.0.3
                                      ^
hint: did you mean 'command_rating'?"""


def test_misspelt_procedure_in_run():
    """gts:19.2.3 take_cohesion_hit."""
    text = ("procedure p(unit: unit) @gts:19.2 {\n"
            "  step a @gts:19.2 { run take_cohesion_hits(unit) }\n}\n")
    assert build_errors(text) == """\
scenario.ksr:2:22: error: unknown procedure 'take_cohesion_hits'
      step a @gts:19.2 { run take_cohesion_hits(unit) }
                         ^
hint: did you mean 'take_cohesion_hit'?"""


def test_misspelt_event_in_emit():
    """gts:19.2.2 unit_suppressed."""
    text = ("procedure p() @gts:19.2 {\n"
            "  step a @gts:19.2 { emit unit_supressed(unit = none) }\n}\n")
    assert build_errors(text) == """\
scenario.ksr:2:22: error: unknown event 'unit_supressed'; declare it with 'event unit_supressed(...)'
      step a @gts:19.2 { emit unit_supressed(unit = none) }
                         ^
hint: did you mean 'unit_suppressed'?"""


def test_emit_with_wrong_fields():
    """gts:19.2.2 unit_suppressed(unit)."""
    text = ("procedure p(unit: unit) @gts:19.2 {\n"
            "  step a @gts:19.2 { emit unit_suppressed(unti = unit) }\n}\n")
    assert build_errors(text) == """\
scenario.ksr:2:22: error: event 'unit_suppressed' has fields (unit); missing unit
      step a @gts:19.2 { emit unit_suppressed(unti = unit) }
                         ^"""


def test_trigger_on_a_misspelt_event():
    assert build_errors("trigger t on unit_fliped(unit) @gts:19.2.4 { stop }\n") == """\
scenario.ksr:1:1: error: trigger 't' listens for unknown event 'unit_fliped'
    trigger t on unit_fliped(unit) @gts:19.2.4 { stop }
    ^
hint: did you mean 'unit_flipped'?"""


def test_trigger_with_a_field_the_event_lacks():
    assert build_errors("trigger t on unit_flipped(unti) @gts:19.2.4 { stop }\n") == """\
scenario.ksr:1:27: error: event 'unit_flipped' has no field 'unti' (it has: unit, face)
    trigger t on unit_flipped(unti) @gts:19.2.4 { stop }
                              ^
hint: did you mean 'unit'?"""


def test_misspelt_parameter_type():
    assert build_errors("def a(u: unti) = 1 @gts:1.0\n") == """\
scenario.ksr:1:7: error: unknown parameter type 'unti'
    def a(u: unti) = 1 @gts:1.0
          ^
hint: did you mean 'unit'?"""


# ---- types ----------------------------------------------------------------------

def test_arithmetic_on_a_bool():
    """gts:29.20: 'armored' is a truth value, not a number."""
    assert build_errors("def a(unit: unit) = unit.armored + 1 @gts:29.20\n") == """\
scenario.ksr:1:26: error: '+' needs numbers, but this is a bool
    def a(unit: unit) = unit.armored + 1 @gts:29.20
                             ^"""


def test_when_that_is_not_a_truth_value():
    """gts:29.48."""
    text = ("modifiers m(unit: unit) @gts:29.48 {\n"
            "  a: 1 when unit.troop_quality @gts:29.48\n}\n")
    assert build_errors(text) == """\
scenario.ksr:2:18: error: the condition of term 'a' must be true or false, but this is an int
      a: 1 when unit.troop_quality @gts:29.48
                     ^"""


def test_modifier_term_that_is_a_string():
    text = 'modifiers m(unit: unit) @gts:29.48 {\n  a: "one" @gts:29.48\n}\n'
    assert build_errors(text) == """\
scenario.ksr:2:6: error: term 'a' must be a number, but this is a str
      a: "one" @gts:29.48
         ^"""


def test_wrong_argument_count_for_a_def():
    """gts:29.44 current_steps(unit)."""
    assert build_errors("def a(unit: unit) = current_steps(unit, 1) @gts:29.44\n") == """\
scenario.ksr:1:21: error: def 'current_steps' takes 1 argument(s), 2 given
    def a(unit: unit) = current_steps(unit, 1) @gts:29.44
                        ^"""


def test_wrong_argument_count_for_a_builtin():
    assert build_errors("def a(x: int) = floor(x, 1) @gts:10.0.3\n") == """\
scenario.ksr:1:17: error: floor() takes 1 argument(s), 2 given
    def a(x: int) = floor(x, 1) @gts:10.0.3
                    ^"""


def test_argument_of_the_wrong_entity_kind():
    """gts:29.44 current_steps takes a unit."""
    assert build_errors("def a(unit: unit) = current_steps(unit.division) @gts:29.44\n") == """\
scenario.ksr:1:40: error: argument 'unit' of current_steps must be a unit, but this is a division
    def a(unit: unit) = current_steps(unit.division) @gts:29.44
                                           ^"""


def test_string_compared_with_less_than():
    assert build_errors('def a(unit: unit) = unit.name < "b" @gts:29.44\n') == """\
scenario.ksr:1:26: error: '<' compares numbers, but this is a str
    def a(unit: unit) = unit.name < "b" @gts:29.44
                             ^"""


def test_not_of_a_number():
    assert build_errors("def a(unit: unit) = not unit.steps @gts:29.44\n") == """\
scenario.ksr:1:30: error: the operand of 'not' must be true or false, but this is an int
    def a(unit: unit) = not unit.steps @gts:29.44
                                 ^"""


def test_and_of_a_number():
    assert build_errors("def a(unit: unit) = unit.armored and unit.steps @gts:29.44\n") == """\
scenario.ksr:1:43: error: each side of 'and' must be true or false, but this is an int
    def a(unit: unit) = unit.armored and unit.steps @gts:29.44
                                              ^"""


def test_in_needs_a_list():
    assert build_errors("def a(unit: unit) = 3 in unit.troop_quality @gts:29.48\n") == """\
scenario.ksr:1:31: error: 'in' needs a list on its right, but this is an int
    def a(unit: unit) = 3 in unit.troop_quality @gts:29.48
                                  ^"""


def test_if_condition_that_is_a_number():
    text = ("procedure p(unit: unit) @gts:19.2 {\n  step a @gts:19.2 {\n"
            "    if unit.troop_quality { stop }\n  }\n}\n")
    assert build_errors(text) == """\
scenario.ksr:3:13: error: the condition of 'if' must be true or false, but this is an int
        if unit.troop_quality { stop }
                ^"""


def test_set_of_something_that_is_not_a_track():
    text = ("procedure p(unit: unit) @gts:19.2 {\n"
            "  step a @gts:19.2 { set unit.troop_quality = 1 }\n}\n")
    assert build_errors(text) == """\
scenario.ksr:2:22: error: 'troop_quality' is not a track or marker (declare it with 'track' or 'marker')
      step a @gts:19.2 { set unit.troop_quality = 1 }
                         ^"""


def test_division_by_zero_in_a_const():
    assert build_errors("const a = 1 / 0 @gts:1.0\n") == """\
scenario.ksr:1:13: error: divided by zero
    const a = 1 / 0 @gts:1.0
                ^"""


# ---- layers -----------------------------------------------------------------------

def test_duplicate_definition_in_one_layer():
    assert build_errors("const a = 1 @gts:1.0\nconst a = 2 @gts:1.0\n") == """\
scenario.ksr:2:1: error: 'a' is defined twice in the scenario layer (first at scenario.ksr:1:1)
    const a = 2 @gts:1.0
    ^"""


def test_override_of_something_that_does_not_exist():
    """gts:10.0.3."""
    assert build_errors("override const pre_night_dispatch_bonu = 3 @gts:10.0.3\n") == """\
scenario.ksr:1:1: error: override of unknown const 'pre_night_dispatch_bonu'
    override const pre_night_dispatch_bonu = 3 @gts:10.0.3
    ^
hint: did you mean 'pre_night_dispatch_bonus'?"""


def test_override_in_the_same_layer():
    assert build_errors("const a = 1 @gts:1.0\noverride const a = 2 @gts:1.0\n") == """\
scenario.ksr:2:1: error: 'a' overrides a definition of its own layer (scenario); overrides go in a higher layer
    override const a = 2 @gts:1.0
    ^"""


def test_two_overrides_of_one_name_in_one_layer():
    """gts:10.0.3."""
    text = ("override const pre_night_dispatch_bonus = 3 @gts:10.0.3\n"
            "override const pre_night_dispatch_bonus = 4 @gts:10.0.3\n")
    assert build_errors(text) == """\
scenario.ksr:2:1: error: 'pre_night_dispatch_bonus' is defined twice in the scenario layer (first at scenario.ksr:1:1)
    override const pre_night_dispatch_bonus = 4 @gts:10.0.3
    ^"""


def test_redefinition_in_a_higher_layer_needs_override():
    """gts:10.0.3."""
    assert build_errors("const pre_night_dispatch_bonus = 3 @gts:10.0.3\n") == """\
scenario.ksr:1:1: error: 'pre_night_dispatch_bonus' is already defined as a const in the series layer at modules/gts/rules/command.ksr:25:1; a higher layer must say 'override const pre_night_dispatch_bonus'
    const pre_night_dispatch_bonus = 3 @gts:10.0.3
    ^"""


def test_override_of_another_kind():
    assert build_errors("override def pre_night_dispatch_bonus() = 3 @gts:10.0.3\n") == """\
scenario.ksr:1:1: error: 'pre_night_dispatch_bonus' is a const, not a def
    override def pre_night_dispatch_bonus() = 3 @gts:10.0.3
    ^"""


def test_remove_of_a_misspelt_trigger():
    """gts:16.3.1 lose_contact_when_flipped."""
    assert build_errors("remove trigger lose_contact_when_fliped @gts:16.3.1\n") == """\
scenario.ksr:1:1: error: cannot remove trigger 'lose_contact_when_fliped': no such trigger in a lower layer
    remove trigger lose_contact_when_fliped @gts:16.3.1
    ^
hint: did you mean 'lose_contact_when_flipped'?"""


def test_remove_of_a_misspelt_term():
    """gts:29.48 troop_quality modifiers."""
    text = ("override modifiers troop_quality(unit: unit) @gts:29.48 {\n"
            "  remove suppresed @gts:19.2.2\n}\n")
    assert build_errors(text) == """\
scenario.ksr:2:3: error: cannot remove term 'suppresed': modifiers 'troop_quality' has no such term
      remove suppresed @gts:19.2.2
      ^
hint: did you mean 'suppressed'?"""


def test_step_placed_before_a_misspelt_step():
    """gts:19.2.4 take_step_loss."""
    text = ("override procedure take_step_loss(unit: unit) @gts:19.2.4 {\n"
            "  step extra before reduse @gts:19.2.4 { stop }\n}\n")
    assert build_errors(text) == """\
scenario.ksr:2:3: error: no step 'reduse' in procedure 'take_step_loss'
      step extra before reduse @gts:19.2.4 { stop }
      ^
hint: did you mean 'reduce'?"""


def test_kernel_events_cannot_be_redeclared():
    assert build_errors("event unit_flipped(unit) @gts:19.2.4\n") == """\
scenario.ksr:1:1: error: 'unit_flipped' is a kernel event and cannot be redeclared
    event unit_flipped(unit) @gts:19.2.4
    ^"""


# ---- citations ------------------------------------------------------------------

def test_citation_of_a_section_not_in_the_rule_index():
    assert build_errors("const a = 1 @gts:15.66\n") == """\
scenario.ksr:1:13: error: no section 15.66 in the gts rule index
    const a = 1 @gts:15.66
                ^
hint: did you mean '15.6'?"""


def test_citation_of_an_unknown_ruleset():
    assert build_errors("const a = 1 @gst:15.6\n") == """\
scenario.ksr:1:13: error: unknown ruleset 'gst' in citation @gst:15.6
    const a = 1 @gst:15.6
                ^
hint: did you mean 'gts'?"""


def test_citations_inside_rows_terms_and_steps_are_checked_too():
    text = ("table t(r: 0..9) @gts:19.1 {\n  0..9 -> 1 @gts:19.99\n}\n"
            "modifiers m(x: int) @gts:29.48 {\n  a: 1 @crete:88.0\n}\n"
            "procedure p() @gts:19.2 {\n  step s @utah:0.0.0 { stop }\n}\n")
    rendered = build_errors(text)
    assert "scenario.ksr:2:13: error: no section 19.99 in the gts rule index" in rendered
    assert "scenario.ksr:5:8: error: no section 88.0 in the crete rule index" in rendered
    assert "scenario.ksr:8:10: error: no section 0.0.0 in the utah rule index" in rendered


# ---- termination ----------------------------------------------------------------

def test_mutually_recursive_defs():
    text = "def a(x: int) = b(x) @gts:1.0\ndef b(x: int) = a(x) @gts:1.0\n"
    assert build_errors(text) == """\
scenario.ksr:2:17: error: recursive definition: a → b → a (rules must terminate, so a definition may not use itself)
    def b(x: int) = a(x) @gts:1.0
                    ^
scenario.ksr:1:17: error: recursive definition: b → a → b (rules must terminate, so a definition may not use itself)
    def a(x: int) = b(x) @gts:1.0
                    ^"""


def test_a_def_that_uses_itself_even_behind_a_condition():
    assert build_errors("def a(x: int) = if x > 0 then a(x - 1) else 0 @gts:1.0\n") == """\
scenario.ksr:1:31: error: recursive definition: a → a (rules must terminate, so a definition may not use itself)
    def a(x: int) = if x > 0 then a(x - 1) else 0 @gts:1.0
                                  ^"""


def test_a_procedure_that_runs_itself():
    text = "procedure p(x: int) @gts:1.0 {\n  step a @gts:1.0 { run p(x) }\n}\n"
    assert build_errors(text) == """\
scenario.ksr:2:21: error: recursive definition: p → p (rules must terminate, so a definition may not use itself)
      step a @gts:1.0 { run p(x) }
                        ^"""


def test_procedures_that_run_each_other():
    text = ("procedure p(x: int) @gts:1.0 {\n  step a @gts:1.0 { run q(x) }\n}\n"
            "procedure q(x: int) @gts:1.0 {\n  step b @gts:1.0 { if x > 0 { run p(x - 1) } }\n}\n")
    rendered = build_errors(text)
    assert "recursive definition: p → q → p" in rendered
    assert "recursive definition: q → p → q" in rendered


def test_a_def_that_uses_itself_as_a_table_key():
    text = "table t(r: 0..9) @gts:19.1 {\n  0..9 -> 1\n}\ndef a(x: int) = t[a(x)] @gts:19.1\n"
    assert "recursive definition: a → a" in build_errors(text)


# ---- checks and tables ----------------------------------------------------------

def test_check_with_an_unknown_field():
    """gts:29.47: a nine always fails and a zero always succeeds."""
    text = "check c(unit: unit) @gts:29.47 {\n  target: 5\n  always_pas: 0\n}\n"
    assert build_errors(text) == """\
scenario.ksr:3:3: error: check 'c' has no field 'always_pas' (fields: target, die, always_pass, always_fail, buy_with, buy_cost)
      always_pas: 0
      ^
hint: did you mean 'always_pass'?"""


def test_check_without_a_target():
    assert build_errors("check c(unit: unit) @gts:29.47 {\n  die: d10\n}\n") == """\
scenario.ksr:1:1: error: check 'c' needs a 'target'
    check c(unit: unit) @gts:29.47 {
    ^"""


def test_check_field_with_a_when_it_cannot_take():
    assert build_errors("check c(unit: unit) @gts:29.47 {\n  target: 5 when true\n}\n") == """\
scenario.ksr:2:18: error: only 'buy_with' takes a 'when' condition
      target: 5 when true
                     ^"""


def test_check_with_an_unknown_die():
    assert build_errors("check c(unit: unit) @gts:29.47 {\n  target: 5\n  die: d20\n}\n") == """\
scenario.ksr:3:8: error: a check's die is d10 or d6
      die: d20
           ^"""


def test_buy_with_something_that_is_not_a_track():
    """gts:29.47: a Command Point buys the check; 'troop_quality' is no pool."""
    text = ("check c(unit: unit) @gts:29.47 {\n  target: 5\n"
            "  buy_with: unit.troop_quality\n}\n")
    assert "'troop_quality' is not a track or marker" in build_errors(text)


def test_table_key_outside_its_range():
    text = "table t(r: 0..9) @gts:19.1 {\n  0..4 -> 1\n  5..10 -> 2\n}\n"
    assert build_errors(text) == """\
scenario.ksr:3:3: error: '5..10' is outside dimension 'r' (0..9) of table 't'
      5..10 -> 2
      ^"""


def test_table_key_not_in_its_enum():
    text = ("enum weather { clear rain } @gts:3.0\n"
            "table t(w: weather) @gts:3.0 {\n  clear -> 1\n  snow -> 2\n}\n")
    assert build_errors(text) == """\
scenario.ksr:4:3: error: 'snow' is not a member of enum 'weather' (dimension 'w' of table 't')
      snow -> 2
      ^"""


def test_table_keyed_by_an_unknown_enum():
    assert build_errors("table t(w: weathr) @gts:19.1 {\n  _ -> 1\n}\n") == """\
scenario.ksr:1:9: error: table 't': dimension 'w' is keyed by unknown enum 'weathr'
    table t(w: weathr) @gts:19.1 {
            ^"""


def test_table_row_with_too_many_keys():
    assert build_errors("table t(r: 0..9) @gts:19.1 {\n  0..4, 1 -> 1\n}\n") == """\
scenario.ksr:2:3: error: row of table 't' has 2 key(s); the table has 1 dimension(s)
      0..4, 1 -> 1
      ^"""


def test_table_row_with_a_name_in_a_number_dimension():
    assert build_errors("table t(r: 0..9) @gts:19.1 {\n  zero -> 1\n}\n") == """\
scenario.ksr:2:3: error: dimension 'r' of table 't' is a number range 0..9; 'zero' is a name
      zero -> 1
      ^"""


def test_overlapping_rows_in_one_layer():
    text = "table t(r: 0..9) @gts:19.1 {\n  0..4 -> 1\n  4..9 -> 2\n}\n"
    assert build_errors(text) == """\
scenario.ksr:3:3: error: rows '0..4' and '4..9' of table 't' overlap (first at line 2)
      4..9 -> 2
      ^"""


def test_wildcard_rows_overlap_everything_in_their_layer():
    text = "table t(r: 0..9) @gts:19.1 {\n  3 -> 1\n  _ -> 2\n}\n"
    assert "rows '3' and '_' of table 't' overlap" in build_errors(text)


def test_lookup_with_the_wrong_number_of_keys():
    text = "table t(r: 0..9) @gts:19.1 {\n  0..9 -> 1\n}\ndef a() = t[1, 2] @gts:19.1\n"
    assert build_errors(text) == """\
scenario.ksr:4:11: error: table 't' has 1 dimension(s) (r); 2 key(s) given
    def a() = t[1, 2] @gts:19.1
              ^"""


def test_lookup_of_a_number_dimension_with_a_string():
    text = 'table t(r: 0..9) @gts:19.1 {\n  0..9 -> 1\n}\ndef a() = t["one"] @gts:19.1\n'
    assert build_errors(text) == """\
scenario.ksr:4:13: error: dimension 'r' of table 't' takes a number, but this is a str
    def a() = t["one"] @gts:19.1
                ^"""


# ---- effects outside procedures and triggers ---------------------------------------

def test_roll_in_a_modifier_term():
    text = "modifiers m(unit: unit) @gts:29.48 {\n  a: roll(d10) @gts:29.48\n}\n"
    assert build_errors(text) == """\
scenario.ksr:2:6: error: roll() changes the game or rolls dice; it can only be used in a procedure or trigger, not in modifiers 'm'
      a: roll(d10) @gts:29.48
         ^"""


def test_ask_in_a_def():
    text = 'def a(unit: unit) = ask(owner(unit), "q", unit) @gts:29.48\n'
    assert build_errors(text) == """\
scenario.ksr:1:21: error: ask() puts a question to a player; it can only be used in a procedure or trigger, not in def 'a'
    def a(unit: unit) = ask(owner(unit), "q", unit) @gts:29.48
                        ^"""


def test_check_in_a_def():
    """gts:29.47 tq_check rolls a die."""
    assert build_errors("def a(unit: unit) = tq_check(unit) @gts:29.47\n") == """\
scenario.ksr:1:21: error: check 'tq_check' rolls dice or changes the game; it can only be used in a procedure or trigger, not in def 'a'
    def a(unit: unit) = tq_check(unit) @gts:29.47
                        ^"""


def test_procedure_in_a_modifier_condition():
    """gts:19.2.4 take_step_loss changes the game."""
    text = ("modifiers m(unit: unit) @gts:29.48 {\n"
            "  a: 1 when take_step_loss(unit) @gts:19.2.4\n}\n")
    assert build_errors(text) == """\
scenario.ksr:2:13: error: procedure 'take_step_loss' rolls dice or changes the game; it can only be used in a procedure or trigger, not in modifiers 'm'
      a: 1 when take_step_loss(unit) @gts:19.2.4
                ^"""


def test_kernel_primitive_with_effects_in_a_def():
    assert build_errors("def a(unit: unit) = flip(unit) @gts:19.2.4\n") == """\
scenario.ksr:1:21: error: flip() changes the game or rolls dice; it can only be used in a procedure or trigger, not in def 'a'
    def a(unit: unit) = flip(unit) @gts:19.2.4
                        ^"""


def test_roll_in_a_check_target():
    text = "check c(unit: unit) @gts:29.47 {\n  target: roll(d10)\n}\n"
    assert build_errors(text) == """\
scenario.ksr:2:11: error: roll() changes the game or rolls dice; it can only be used in a procedure or trigger, not in check 'c'
      target: roll(d10)
              ^"""


def test_every_error_is_reported_not_just_the_first():
    text = ("def a(unit: unit) = unit.troop_qualty @gts:29.48\n"
            "const b = 1 @gst:15.6\n"
            "const c = nothing_here @gts:1.0\n")
    with pytest.raises(KsErrors) as caught:
        build_program(["gts"], extra=[ExtraRules("scenario.ksr", text, "scenario")])
    lines = sorted(e.location.line for e in caught.value.errors)
    assert lines == [1, 2, 3]


def test_every_problem_of_a_definition_and_of_those_using_it_at_once():
    """docs/dsl.md, errors: two misspelt attributes in one definition, and a third in
    a definition that uses it, are three errors of one build — not the first only."""
    text = ("def a(unit: unit) = unit.troop_qualty + unit.fire_ratng @gts:15.5\n"
            "def b(unit: unit) = a(unit) + unit.stepz @gts:15.5\n")
    rendered = build_errors(text)
    assert [line.split(": error: ")[1] for line in rendered.splitlines()
            if ": error: " in line] == ["a unit has no attribute 'troop_qualty'",
                                        "a unit has no attribute 'fire_ratng'",
                                        "a unit has no attribute 'stepz'"]
    assert [line.split(": error")[0] for line in rendered.splitlines() if ": error" in line] \
        == ["scenario.ksr:1:26", "scenario.ksr:1:46", "scenario.ksr:2:36"]


def test_an_operator_ending_a_line_is_where_the_error_is():
    """`die: d10 +` and then `target: 5`: the parser meets ':' on the next line,
    but the mistake is the dangling '+', and that is where the error points."""
    text = "check c(unit: unit) @gts:15.5 {\n  die: d10 +\n  target: 5\n}\n"
    assert build_errors(text) == """\
scenario.ksr:2:12: error: '+' ends the line, so the expression goes on, but line 3 does not continue it (':' there)
      die: d10 +
               ^
hint: finish the expression on this line, or remove the operator"""
    # An expression that really goes on over the line's end is not blamed on it.
    rendered = build_errors("def a(x: int) = x +\n  (2 * @gts:1.0\n")
    assert rendered.startswith("scenario.ksr:2:8: error: unexpected '@gts:1.0'")
