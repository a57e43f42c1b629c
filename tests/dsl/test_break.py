"""``break``: leave the innermost ``for`` of the procedure or trigger it is written in."""

from __future__ import annotations

import pytest

from kriegsspiel.core.errors import KsErrors
from kriegsspiel.dsl.link import RuleFile, link
from kriegsspiel.dsl.parser import parse_text
from kriegsspiel.dsl.program import Program
from kriegsspiel.dsl.runtime import Context
from kriegsspiel.engine.kernel import KERNEL_ATTRIBUTES, KERNEL_PRIMITIVES


def program(text: str) -> Program:
    linked, errors = link([RuleFile("t.ksr", "series", "test", parse_text(text, "t.ksr"))])
    assert errors == []
    return Program(linked, dict(KERNEL_PRIMITIVES), KERNEL_ATTRIBUTES).build()


def run(prog: Program, name: str, *args):
    return prog.call(name, Context(world=None, dice=None, decider=None, rules=prog), *args)


def test_break_leaves_the_innermost_loop_only():
    prog = program("""
procedure pairs() @gts:1.0 {
  step go @gts:1.0 {
    let seen = []
    for i in range(5) {
      for j in range(5) {
        if j == 2 { break }
        let seen = seen + [[i, j]]
      }
      if i == 1 { break } else { let seen = seen + ["next"] }
    }
    return seen
  }
}
""")
    assert run(prog, "pairs") == [[0, 0], [0, 1], "next", [1, 0], [1, 1]]


def test_a_break_in_a_called_procedure_ends_its_own_loop_not_the_callers():
    prog = program("""
procedure first_over(limit) @gts:1.0 {
  step go @gts:1.0 {
    let found = none
    for i in range(10) {
      if i > limit {
        let found = i
        break
      }
    }
    return found
  }
}
procedure all_over() @gts:1.0 {
  step go @gts:1.0 {
    let seen = []
    for k in range(3) { let seen = seen + [first_over(k)] }
    return seen
  }
}
""")
    assert run(prog, "all_over") == [1, 2, 3]


def test_the_steps_after_the_loop_run():
    prog = program("""
procedure counted() @gts:1.0 {
  step go @gts:1.0 {
    let n = 0
    for i in range(100) {
      let n = n + 1
      if n == 3 { break }
    }
  }
  step after @gts:1.0 { return n * 10 }
}
""")
    assert run(prog, "counted") == 30


MESSAGE = "error: 'break' outside a 'for' loop (in step 'go' of procedure '{}'): " \
          "it leaves the innermost 'for' it is written in"


@pytest.mark.parametrize("body, place", [
    ("  step go @gts:1.0 { break }", "2:22"),
    ("  step go @gts:1.0 {\n    if true { break }\n  }", "3:15"),
    ("  step go @gts:1.0 {\n    for i in [1] { explain \"x\" }\n    break\n  }", "4:5"),
])
def test_break_outside_a_loop_is_a_located_error(body, place):
    with pytest.raises(KsErrors) as caught:
        program(f"procedure p() @gts:1.0 {{\n{body}\n}}\n")
    line, column = (int(x) for x in place.split(":"))
    source = f"procedure p() @gts:1.0 {{\n{body}\n}}\n".splitlines()[line - 1]
    assert caught.value.render() == (f"t.ksr:{place}: {MESSAGE.format('p')}\n"
                                     f"    {source}\n" + " " * (4 + column - 1) + "^")


def test_break_in_a_procedure_called_from_a_loop_is_still_outside_one():
    """Compiled while its caller's loop is compiled, the procedure has no loop of its own."""
    with pytest.raises(KsErrors) as caught:
        program("""procedure caller() @gts:1.0 {
  step go @gts:1.0 { for i in range(3) { run leaves() } }
}
procedure leaves() @gts:1.0 {
  step go @gts:1.0 { break }
}
""")
    assert caught.value.render().startswith(f"t.ksr:5:22: {MESSAGE.format('leaves')}\n")


def test_break_in_a_trigger_loop():
    prog = program("""
event ev(n) @gts:1.0
trigger t on ev(n) @gts:1.0 {
  for i in range(n) {
    if i == 2 { break }
    explain "once"
  }
}
""")
    ctx = Context(world=None, dice=None, decider=None, rules=prog)
    prog.fire("ev", {"n": 5}, ctx)
    assert [r["text"] for r in ctx.trace if r["what"] == "note"] == ["once", "once"]
