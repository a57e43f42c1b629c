"""Parse .ksr rule files into IR declarations, with located errors.

The grammar (rules.lark) is built once per process and lark's own cache keeps
the LALR tables on disk between processes.  Lark exceptions never leave this
module: they become :class:`KsError` with the file, line, column and a hint.
"""

from __future__ import annotations

import re

import functools
from pathlib import Path

import lark

from kriegsspiel.core.errors import KsError, Location, did_you_mean
from kriegsspiel.dsl import ir
from kriegsspiel.dsl.transform import ToIR

GRAMMAR = Path(__file__).with_name("rules.lark")

KEYWORDS = ("override", "const", "enum", "marker", "track", "link", "to", "event", "table",
            "modifiers", "check", "def", "procedure", "trigger", "remove", "step",
            "before", "after", "base", "when", "let", "set", "if", "elif", "else",
            "for", "in", "emit", "run", "do", "return", "stop", "break", "explain", "then",
            "and", "or", "not", "true", "false", "none", "on", "provisional", "published",
            "any", "all", "count", "sum", "select", "least", "most", "distinct", "says")

# How terminals read in "expected ..." messages.
_TERMINAL_TEXT = {
    "NAME": "a name", "CITE": "a citation like @ruleset:12.3", "SIGNED_INT": "a number",
    "SIGNED_INT_U": "a number", "STRING": 'a "string"', "LBRACE": "'{'", "RBRACE": "'}'",
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','",
    "COLON": "':'", "EQUAL": "'='", "DOT": "'.'", "__ANON_0": "'..'", "MINUS": "'-'",
    "SET_OP": "'=', '+=' or '-='", "COMP": "a comparison", "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '/' or '%'", "$END": "end of file", "UNDERSCORE": "'_'",
}


class _KeywordsAreWholeNames:
    """Lets every lexer state also try NAME (lark's ``always_accept``).

    lark's contextual lexer only tries the terminals the parser accepts next; where
    no NAME is expected a keyword would match a prefix of a longer word, so
    ``constx = 1`` would parse as ``const x = 1`` and ``lett x`` as ``let t x``.  With NAME
    tried too, lark reads the whole word and turns it back into the keyword only
    when it is exactly the keyword; anything else is an unexpected name (and gets
    a did-you-mean for the keyword).
    """

    always_accept = ("NAME",)

    def process(self, stream):
        return stream


@functools.lru_cache(maxsize=1)
def _parser() -> lark.Lark:
    return lark.Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr",
                     propagate_positions=True, maybe_placeholders=False, cache=True,
                     postlex=_KeywordsAreWholeNames())


def _describe(terminal: str) -> str:
    if terminal in _TERMINAL_TEXT:
        return _TERMINAL_TEXT[terminal]
    try:
        pattern = _parser().get_terminal(terminal).pattern
    except KeyError:
        return terminal.lower()
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return terminal.lower()


def _syntax_error(exc: lark.exceptions.LarkError, path: str, lines: list[str]) -> KsError:
    line = getattr(exc, "line", 0) or 0
    column = getattr(exc, "column", 0) or 0
    token = getattr(exc, "token", None)
    if line <= 0 or getattr(token, "type", "") == "$END":
        # End of input: point just past the last non-blank character.
        while lines and not lines[-1].strip():
            lines = lines[:-1]
        line = max(len(lines), 1)
        column = len(lines[-1].rstrip()) + 1 if lines else 1
    loc = Location(path, line, column, lines[line - 1] if 0 < line <= len(lines) else "")
    hint = None
    if isinstance(exc, lark.exceptions.UnexpectedToken):
        token = exc.token
        found = "end of file" if token.type == "$END" else f"'{token}'"
        expected = sorted({_describe(t) for t in exc.expected})
        if "CITE" in exc.expected:
            message = f"unexpected {found}; expected a citation like @ruleset:12.3"
        else:
            message = f"unexpected {found}; expected {_join(expected)}"
        # A missing citation is most often noticed at the next keyword
        # ('const', 'step', ...) or '{'; the citation hint stands even when no
        # name is close enough for a did-you-mean.
        if "CITE" in exc.expected and (token.type in ("$END", "NAME", "RBRACE", "LBRACE")
                                       or str(token) in KEYWORDS) and not hint_needed(exc):
            hint = ("every definition, modifier term and step ends with its citation, "
                    "e.g. @ruleset:12.3")
        if token.type == "NAME":
            keywords = [k for k in KEYWORDS if f"'{k}'" in expected]
            hint = did_you_mean(str(token), keywords) or hint
        dangling = _dangling_operator(lines, line, column)
        if dangling is not None:
            at, operator = dangling
            loc = Location(path, at, len(lines[at - 1].split("#")[0].rstrip()), lines[at - 1])
            message = (f"'{operator}' ends the line, so the expression goes on, but line {line} "
                       f"does not continue it ({found} there)")
            hint = "finish the expression on this line, or remove the operator"
    elif isinstance(exc, lark.exceptions.UnexpectedCharacters):
        char = exc.char
        message = f"unexpected character '{char}'"
        if char == "@":
            message = "malformed citation: write it as @ruleset:id, e.g. @ruleset:12.3"
    else:
        message = "unexpected end of file"
    return KsError(message, loc, hint)


_LINE_END_OPERATOR = re.compile(r"(\+|-|\*|/|%|==|!=|<=|>=|<|>|\band|\bor|\bnot|,)$")


def _dangling_operator(lines: list[str], line: int, column: int) -> tuple[int, str] | None:
    """(line, operator) when the previous line ends with an operator and the
    error is at the start of a new line's field or statement (`die: d10 +`,
    then `target: 5`): the mistake is the operator, not what follows it."""
    if not 1 < line <= len(lines):
        return None
    before = lines[line - 1][:max(column - 1, 0)].strip()
    if before and not re.fullmatch(r"[A-Za-z_]\w*", before):
        return None
    at = line - 1
    while at > 0 and not lines[at - 1].split("#")[0].strip():
        at -= 1
    if at == 0:
        return None
    found = _LINE_END_OPERATOR.search(lines[at - 1].split("#")[0].rstrip())
    return (at, found.group(1)) if found else None


def hint_needed(exc) -> bool:
    """True when the parser could also have gone on with something other than a citation."""
    return any(t in exc.expected for t in ("SET_OP",))


def _join(items: list[str]) -> str:
    if len(items) > 6:
        items = items[:6] + ["…"]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def parse_text(text: str, path: str = "<text>") -> list[ir.Decl]:
    """Parse one rule file's text into declarations, or raise a located KsError."""
    # Split on "\n" only, as lark counts lines: str.splitlines() also splits on
    # \r, \f, \x1c-\x1e, \x85, \u2028..., and would show the wrong source line.
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    try:
        tree = _parser().parse(text)
    except lark.exceptions.UnexpectedInput as exc:
        raise _syntax_error(exc, path, lines) from None
    try:
        return ToIR(path, lines).transform(tree)
    except lark.exceptions.VisitError as exc:
        if isinstance(exc.orig_exc, KsError):
            raise exc.orig_exc from None
        raise KsError(f"internal error while reading rules: {exc.orig_exc}",
                      Location(path)) from None


def parse_file(path: Path | str) -> list[ir.Decl]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise KsError(f"cannot read rule file: {exc}", Location(str(path))) from None
    return parse_text(text, str(path))
