"""Fuzzing the rule language with hypothesis.

* Whatever text goes in — arbitrary characters, soups of the language's own
  tokens, real rule files with a few tokens broken — ``parse_text`` either
  returns declarations or raises a :class:`KsError` that points at a line of
  the input.  No lark (or other Python) exception escapes.
* Random well-formed ``const`` and ``def`` declarations parse and evaluate to
  the integer Python computes for the same expression, so precedence,
  associativity and the built-ins agree with the reference.
"""

from __future__ import annotations

import math
import operator
import re
from fractions import Fraction

import lark
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kriegsspiel.core.errors import KsError
from kriegsspiel.dsl import ir
from kriegsspiel.dsl.link import RuleFile, link
from kriegsspiel.dsl.parser import KEYWORDS, parse_text
from kriegsspiel.dsl.program import Program
from kriegsspiel.engine.kernel import KERNEL_ATTRIBUTES, KERNEL_PRIMITIVES
from kriegsspiel.modules import gts

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def parses_or_fails_cleanly(text: str) -> None:
    """The property: declarations, or a KsError located on a line of *text*."""
    try:
        decls = parse_text(text, "fuzz.ksr")
    except KsError as exc:
        assert not isinstance(exc, lark.exceptions.LarkError)
        assert exc.__cause__ is None
        assert exc.location is not None
        assert exc.location.path == "fuzz.ksr"
        assert exc.location.line >= 1
        assert exc.location.line <= text.count("\n") + 1
        assert exc.location.column >= 1
        assert exc.render().startswith(f"fuzz.ksr:{exc.location.line}:")
    else:
        assert isinstance(decls, list)
        assert all(isinstance(d, ir.Decl) and d.loc.line >= 1 for d in decls)


# ---- arbitrary text ------------------------------------------------------------------

@FUZZ
@given(st.text())
def test_arbitrary_text(text):
    parses_or_fails_cleanly(text)


@FUZZ
@given(st.text(alphabet=st.sampled_from("abcdefz_019 .:@{}()[]<>=+-*/%#\"\n\t\r,->")))
def test_arbitrary_text_from_the_languages_alphabet(text):
    parses_or_fails_cleanly(text)


# ---- token soups --------------------------------------------------------------------------

TOKENS = list(KEYWORDS) + [
    "unit", "division", "x", "y", "troop_quality", "d10", "d6", "tq_check", "foo_1", "_",
    "0", "1", "9", "19", "-1", "42", "..", "->", "(", ")", "{", "}", "[", "]", ",", ":", ".",
    "=", "+=", "-=", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", '"S?"', '""',
    "@gts:15.6", "@gts:29.47", "@gts:10.0.3", "@crete:8.0", "@gts:4.2.2(1)", "@gts", "@",
    "@GTS:1.0", "#comment\n", "\n", "$", "é",
]
SEPARATORS = st.sampled_from([" ", " ", " ", "\n", "\t", ""])


@st.composite
def token_soup(draw):
    tokens = draw(st.lists(st.sampled_from(TOKENS), max_size=40))
    out = []
    for tok in tokens:
        out.append(tok)
        out.append(draw(SEPARATORS))
    return "".join(out)


@FUZZ
@given(token_soup())
def test_token_soups(text):
    parses_or_fails_cleanly(text)


# Declaration skeletons filled with random tokens get much further into the grammar.
SKELETONS = [
    "const {0} = {1} {2} @gts:1.0",
    "def {0}({1}) = {2} @gts:1.0",
    "modifiers {0}(unit: unit) base {1} @gts:29.48 {{ {0}: {2} when {1} @gts:29.48 }}",
    "table {0}(roll: 0..9) @gts:19.1 {{ {1} -> {2} @gts:19.1 }}",
    "check {0}(unit: unit) @gts:29.47 {{ target: {1} {2}: 0 }}",
    "procedure {0}(unit: unit) @gts:19.2 {{ step s @gts:19.2 {{ {1} {2} }} }}",
    "trigger {0} on track_changed(entity) when {1} @gts:19.2 {{ {2} }}",
    "override procedure {0}() @gts:1.0 {{ step s {1} {2} @gts:1.0 {{ }} }}",
]


@FUZZ
@given(st.sampled_from(SKELETONS), st.lists(token_soup(), min_size=3, max_size=3))
def test_declaration_skeletons_with_random_insides(skeleton, parts):
    parses_or_fails_cleanly(skeleton.format(*parts))


# ---- real rule files, slightly broken ----------------------------------------------------

RULE_TEXTS = [(gts.RULES / name).read_text(encoding="utf-8") for name in gts.RULE_FILES]
LEXEME = re.compile(r'@[a-z]+:[\w.()]+|"[^"\n]*"|#[^\n]*|\w+|\.\.|->|[-+=<>!]=|\s+|\S')


def test_the_real_rule_files_parse():
    """gts:10.0.3, gts:29.47, gts:19.2: the shipped files are the seed of the next test."""
    for text in RULE_TEXTS:
        assert parse_text(text, "fuzz.ksr")


@FUZZ
@given(st.integers(0, len(RULE_TEXTS) - 1), st.data())
def test_real_rule_files_with_a_few_tokens_broken(which, data):
    parts = LEXEME.findall(RULE_TEXTS[which])
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(parts) - 1))
        action = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        if action == "delete":
            del parts[i]
        elif action == "insert":
            parts.insert(i, " " + data.draw(st.sampled_from(TOKENS)) + " ")
        else:
            parts[i] = data.draw(st.sampled_from(TOKENS))
    parses_or_fails_cleanly("".join(parts))


# ---- well-formed declarations round-trip ------------------------------------------------------

# An expression is a tree: ("lit", n) | ("var", name) | ("neg", e) | (op, l, r)
# | ("call", fn, args) | ("if", (cmp, l, r), then, else).  `render` writes it
# with as few parentheses as the grammar needs; `evaluate` is the reference.
PREC = {"+": 1, "-": 1, "*": 2, "%": 2}


def render(e) -> str:
    return _render(e)[0]


def _render(e) -> tuple[str, int]:
    kind = e[0]
    if kind == "lit":
        return str(e[1]), 4
    if kind == "var":
        return e[1], 4
    if kind == "neg":
        inner, p = _render(e[1])
        return "-" + (inner if p >= 3 else f"({inner})"), 3
    if kind == "call":
        return f"{e[1]}({', '.join(render(a) for a in e[2])})", 4
    if kind == "floordiv":
        (ls, lp), rs = _render(e[1]), render(e[2])
        return f"floor({ls if lp >= 2 else f'({ls})'} / {rs})", 4
    if kind == "if":
        (cmp, a, b), then, other = e[1], e[2], e[3]
        return f"(if {render(a)} {cmp} {render(b)} then {render(then)} else {render(other)})", 4
    op, left, right = kind, e[1], e[2]
    (ls, lp), (rs, rp) = _render(left), _render(right)
    ls = ls if lp >= PREC[op] else f"({ls})"
    rs = rs if rp > PREC[op] else f"({rs})"
    return f"{ls} {op} {rs}", PREC[op]


CMP = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
       ">=": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b}
ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "%": operator.mod}
CALLS = {"min": lambda *xs: min(xs), "max": lambda *xs: max(xs), "abs": abs, "half": lambda x: x // 2,
         "clamp": lambda x, lo, hi: max(lo, min(hi, x))}


def evaluate(e, env):
    kind = e[0]
    if kind == "lit":
        return e[1]
    if kind == "var":
        return env[e[1]]
    if kind == "neg":
        return -evaluate(e[1], env)
    if kind == "call":
        return CALLS[e[1]](*[evaluate(a, env) for a in e[2]])
    if kind == "floordiv":  # floor(a / b) of exact fractions
        return math.floor(Fraction(evaluate(e[1], env), evaluate(e[2], env)))
    if kind == "if":
        (cmp, a, b), then, other = e[1], e[2], e[3]
        return evaluate(then, env) if CMP[cmp](evaluate(a, env), evaluate(b, env)) \
            else evaluate(other, env)
    return ARITH[kind](evaluate(e[1], env), evaluate(e[2], env))


def expressions(names=()):
    leaves = st.integers(0, 30).map(lambda n: ("lit", n))
    if names:
        leaves = leaves | st.sampled_from(names).map(lambda n: ("var", n))
    positive = st.integers(1, 7).map(lambda n: ("lit", n))

    def extend(inner):
        return st.one_of(
            inner.map(lambda e: ("neg", e)),
            st.tuples(st.sampled_from(["+", "-", "*"]), inner, inner),
            st.tuples(st.just("%"), inner, positive),
            st.tuples(st.just("floordiv"), inner, positive),
            st.tuples(st.sampled_from(["min", "max"]),
                      st.lists(inner, min_size=1, max_size=3)).map(lambda t: ("call", *t)),
            inner.map(lambda e: ("call", "abs", [e])),
            inner.map(lambda e: ("call", "half", [e])),
            st.tuples(inner, inner, inner).map(lambda t: ("call", "clamp", list(t))),
            st.tuples(st.tuples(st.sampled_from(sorted(CMP)), inner, inner), inner, inner)
            .map(lambda t: ("if", *t)),
        )
    return st.recursive(leaves, extend, max_leaves=12)


def compile_alone(text: str) -> Program:
    linked, errors = link([RuleFile("fuzz.ksr", "series", "fuzz", parse_text(text, "fuzz.ksr"))])
    assert errors == []
    return Program(linked, dict(KERNEL_PRIMITIVES), KERNEL_ATTRIBUTES).build()


@FUZZ
@given(expressions())
def test_random_consts_evaluate_like_python(expr):
    text = f"const x = {render(expr)} @gts:10.0.3\n"
    decls = parse_text(text, "fuzz.ksr")
    assert [(d.kind, d.name, [str(c) for c in d.cites]) for d in decls] == \
        [("const", "x", ["gts:10.0.3"])]
    value = compile_alone(text).const("x")
    assert value == evaluate(expr, {})
    assert float(value).is_integer()


@FUZZ
@given(expressions(names=("a", "b")), st.integers(-20, 20), st.integers(-20, 20))
def test_random_defs_evaluate_like_python(expr, a, b):
    text = f"def f(a: int, b: int) =\n    {render(expr)} @gts:29.48\n"
    program = compile_alone(text)
    assert program.call("f", None, a, b) == evaluate(expr, {"a": a, "b": b})


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(["c", "k", "z"]), st.integers(0, 99)),
                min_size=1, max_size=5, unique_by=lambda t: t[0]),
       st.sampled_from([" ", "\n", "\t\n\n  # a comment\n"]))
def test_several_declarations_in_one_file(consts, gap):
    text = gap.join(f"const {n}_{i} = {v} @gts:1.0" for i, (n, v) in enumerate(consts))
    program = compile_alone(text + "\nconst total = " +
                            " + ".join(f"{n}_{i}" for i, (n, _) in enumerate(consts)) +
                            " @gts:1.0\n")
    assert program.const("total") == sum(v for _, v in consts)


def test_rendering_is_as_lean_as_precedence_allows():
    """The generator really exercises precedence: no parentheses it does not need."""
    assert render(("-", ("lit", 1), ("-", ("lit", 2), ("lit", 3)))) == "1 - (2 - 3)"
    assert render(("-", ("-", ("lit", 1), ("lit", 2)), ("lit", 3))) == "1 - 2 - 3"
    assert render(("*", ("+", ("lit", 1), ("lit", 2)), ("lit", 3))) == "(1 + 2) * 3"
    assert render(("+", ("lit", 1), ("*", ("lit", 2), ("lit", 3)))) == "1 + 2 * 3"
    assert render(("neg", ("neg", ("lit", 2)))) == "--2"
    assert render(("floordiv", ("+", ("lit", 1), ("lit", 2)), ("lit", 2))) == "floor((1 + 2) / 2)"
    assert render(("floordiv", ("*", ("lit", 3), ("lit", 3)), ("lit", 2))) == "floor(3 * 3 / 2)"
    assert compile_alone("const x = floor(3 * 3 / 2) @gts:1.0").const("x") == 4
    assert compile_alone("const x = 1 - (2 - 3) @gts:1.0").const("x") == 2
    assert compile_alone("const x = 1 - 2 - 3 @gts:1.0").const("x") == -4
    assert compile_alone("const x = --2 @gts:1.0").const("x") == 2
