"""The lark tree → IR transformer: one method per grammar rule.

Each method receives the node's children (and, with ``v_args(meta=True)``, its
position) and returns IR nodes carrying a :class:`Location`, so every later
error can point at the source.
"""

from __future__ import annotations

from lark import Token, Transformer, v_args

from kriegsspiel.core.errors import KsError, Location
from kriegsspiel.dsl import ir


class ToIR(Transformer):
    """lark tree → IR.  Each method receives the node's meta for its location."""

    def __init__(self, path: str, lines: list[str]) -> None:
        super().__init__()
        self.path = path
        self.lines = lines

    def loc(self, meta_or_token) -> Location:
        line = getattr(meta_or_token, "line", 0) or 0
        column = getattr(meta_or_token, "column", 0) or 0
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else None
        return Location(self.path, line, column, text)

    # ---- shared pieces --------------------------------------------------
    def cites(self, tokens):
        out = []
        for tok in tokens:
            ruleset, _, rule = str(tok)[1:].partition(":")
            out.append(ir.Cite(ruleset, rule, self.loc(tok)))
        return tuple(out)

    def override(self, _):
        return "override"

    def provisional(self, _):
        return "provisional"

    def published(self, _):
        return "published"

    def int_lit(self, toks):
        return int(toks[0])

    def range(self, items):
        return (items[0], items[1])

    def names(self, toks):
        return tuple(str(t) for t in toks)

    @v_args(meta=True)
    def param(self, meta, toks):
        return ir.Param(str(toks[0]), str(toks[1]) if len(toks) > 1 else None, self.loc(meta))

    def params(self, items):
        return tuple(items)

    def args(self, items):
        return tuple(items)

    def kwargs(self, items):
        return tuple(items)

    def kwarg(self, items):
        return (str(items[0]), items[1])

    def block(self, items):
        return tuple(items)

    def when(self, items):
        return ("when", items[0])

    def base(self, items):
        return ("base", items[0])

    def _split(self, items):
        """Separate the optional 'override' marker and the citations."""
        # The override rule gives the plain string; a NAME token spelled
        # "override" (a definition called that) is a lark Token, not the marker.
        override = bool(items) and items[0] == "override" and not isinstance(items[0], Token)
        rest = list(items[1:] if override else items)
        cites = next((x for x in rest if isinstance(x, tuple) and x and isinstance(x[0], ir.Cite)), ())
        rest = [x for x in rest if x is not cites]
        return override, cites, rest

    # ---- declarations ---------------------------------------------------
    @v_args(meta=True)
    def const_decl(self, meta, items):
        override, cites, rest = self._split(items)
        provenance = rest[2] if len(rest) > 2 else None
        return ir.Const(str(rest[0]), cites, self.loc(meta), override, expr=rest[1],
                        provenance=provenance)

    @v_args(meta=True)
    def enum_decl(self, meta, items):
        override, cites, rest = self._split(items)
        return ir.Enum(str(rest[0]), cites, self.loc(meta), override,
                       members=tuple(str(m) for m in rest[1:]))

    @v_args(meta=True)
    def track_decl(self, meta, items):
        override, cites, rest = self._split(items)
        low, high = rest[2] if len(rest) > 2 else (None, None)
        return ir.Track(str(rest[0]), cites, self.loc(meta), override,
                        on=str(rest[1]), low=low, high=high)

    @v_args(meta=True)
    def link_decl(self, meta, items):
        override, cites, rest = self._split(items)
        holders = [str(k) for k in rest[1:-1]]
        return ir.Link(str(rest[0]), cites, self.loc(meta), override, on=holders[0],
                       also_on=tuple(holders[1:]), to=str(rest[-1]))

    @v_args(meta=True)
    def event_decl(self, meta, items):
        _, cites, rest = self._split(items)
        says = next((x for x in rest if isinstance(x, ir.Says)), None)
        rest = [x for x in rest if x is not says]
        params = rest[1] if len(rest) > 1 else ()
        return ir.EventDecl(str(rest[0]), cites, self.loc(meta), params=params, says=says)

    def says(self, items):
        token = items[0]
        # The location of the template's first character, inside the quotes.
        at = self.loc(token)
        return ir.Says(str(token)[1:-1], Location(at.path, at.line, at.column + 1,
                                                  at.source_line))

    @v_args(meta=True)
    def dim_enum(self, meta, items):
        return ir.Dim(str(items[0]), str(items[1]), None, None, self.loc(meta))

    @v_args(meta=True)
    def dim_range(self, meta, items):
        return ir.Dim(str(items[0]), None, items[1][0], items[1][1], self.loc(meta))

    @v_args(meta=True)
    def dim_from(self, meta, items):
        # "8.." has no upper end: a count of Steps, say, that the rules never cap.
        return ir.Dim(str(items[0]), None, items[1], None, self.loc(meta))

    def table_dims(self, items):
        return ("dims", tuple(items))

    @v_args(meta=True)
    def key_name(self, meta, items):
        return ir.RowKey("name", str(items[0]), self.loc(meta))

    @v_args(meta=True)
    def key_int(self, meta, items):
        return ir.RowKey("int", items[0], self.loc(meta))

    @v_args(meta=True)
    def key_range(self, meta, items):
        return ir.RowKey("range", (items[0], items[1]), self.loc(meta))

    @v_args(meta=True)
    def key_from(self, meta, items):
        return ir.RowKey("range", (items[0], None), self.loc(meta))

    @v_args(meta=True)
    def key_any(self, meta, items):
        return ir.RowKey("any", None, self.loc(meta))

    def value_int(self, items):
        return ("value", items[0])

    def value_str(self, items):
        return ("value", str(items[0])[1:-1])

    def value_name(self, items):
        return ("value", str(items[0]))

    def value_none(self, items):
        return ("value", None)

    @v_args(meta=True)
    def table_row(self, meta, items):
        keys = tuple(x for x in items if isinstance(x, ir.RowKey))
        value = next(x[1] for x in items if isinstance(x, tuple) and x and x[0] == "value")
        cites = next((x for x in items if isinstance(x, tuple) and x and isinstance(x[0], ir.Cite)), ())
        return ir.Row(keys, value, cites, self.loc(meta))

    @v_args(meta=True)
    def table_decl(self, meta, items):
        override, cites, rest = self._split(items)
        dims = next(x[1] for x in rest if isinstance(x, tuple) and x and x[0] == "dims")
        provenance = next((x for x in rest if x in ("provisional", "published")), None)
        rows = [x for x in rest if isinstance(x, ir.Row)]
        for row in rows:
            row.provenance = provenance
        return ir.Table(str(rest[0]), cites, self.loc(meta), override, dims=dims,
                        rows=rows, provenance=provenance)

    @v_args(meta=True)
    def term(self, meta, items):
        when = next((x[1] for x in items[2:] if isinstance(x, tuple) and x and x[0] == "when"), None)
        return ir.Term(str(items[0]), items[1], when, items[-1], self.loc(meta))

    @v_args(meta=True)
    def term_remove(self, meta, items):
        return ir.Term(str(items[0]), None, None, items[1], self.loc(meta), removed=True)

    @v_args(meta=True)
    def modifiers_decl(self, meta, items):
        override, cites, rest = self._split(items)
        params = next((x for x in rest[1:] if isinstance(x, tuple) and all(isinstance(p, ir.Param) for p in x)), ())
        base = next((x[1] for x in rest if isinstance(x, tuple) and x and x[0] == "base"), None)
        terms = [x for x in rest if isinstance(x, ir.Term)]
        return ir.Modifiers(str(rest[0]), cites, self.loc(meta), override, params=params,
                            base=base, terms=terms)

    @v_args(meta=True)
    def check_field(self, meta, items):
        when = items[2][1] if len(items) > 2 else None
        return ir.CheckField(str(items[0]), items[1], when, self.loc(meta))

    @v_args(meta=True)
    def check_decl(self, meta, items):
        override, cites, rest = self._split(items)
        params = rest[1] if len(rest) > 1 and isinstance(rest[1], tuple) else ()
        fields = {}
        for f in rest:
            if isinstance(f, ir.CheckField):
                if f.name in fields:
                    raise KsError(f"field '{f.name}' given twice in check '{rest[0]}'", f.loc)
                fields[f.name] = f
        return ir.Check(str(rest[0]), cites, self.loc(meta), override, params=params, fields=fields)

    @v_args(meta=True)
    def def_decl(self, meta, items):
        override, cites, rest = self._split(items)
        params = rest[1] if len(rest) > 2 else ()
        return ir.Def(str(rest[0]), cites, self.loc(meta), override, params=params, expr=rest[-1])

    def before(self, items):
        return ("before", str(items[0]))

    def after(self, items):
        return ("after", str(items[0]))

    @v_args(meta=True)
    def step(self, meta, items):
        place = dict(x for x in items if isinstance(x, tuple) and x and x[0] in ("before", "after"))
        cites = next(x for x in items if isinstance(x, tuple) and x and isinstance(x[0], ir.Cite))
        return ir.Step(str(items[0]), items[-1], cites, self.loc(meta),
                       before=place.get("before"), after=place.get("after"))

    @v_args(meta=True)
    def step_remove(self, meta, items):
        return ir.Step(str(items[0]), (), items[1], self.loc(meta), removed=True)

    @v_args(meta=True)
    def procedure_decl(self, meta, items):
        override, cites, rest = self._split(items)
        params = next((x for x in rest[1:] if isinstance(x, tuple) and all(isinstance(p, ir.Param) for p in x)), ())
        steps = [x for x in rest if isinstance(x, ir.Step)]
        return ir.Procedure(str(rest[0]), cites, self.loc(meta), override, params=params, steps=steps)

    @v_args(meta=True)
    def trigger_decl(self, meta, items):
        override, cites, rest = self._split(items)
        params = next((x for x in rest[2:] if isinstance(x, tuple) and x and all(isinstance(p, ir.Param) for p in x)), ())
        when = next((x[1] for x in rest if isinstance(x, tuple) and x and x[0] == "when"), None)
        return ir.Trigger(str(rest[0]), cites, self.loc(meta), override, event=str(rest[1]),
                          params=params, when=when, body=rest[-1])

    @v_args(meta=True)
    def remove_decl(self, meta, items):
        return ir.Remove(str(items[1]), items[2], self.loc(meta), target_kind=str(items[0]))

    def start(self, items):
        return list(items)

    # ---- statements -----------------------------------------------------
    @v_args(meta=True)
    def let_stmt(self, meta, items):
        return ir.Let(str(items[0]), items[1], self.loc(meta))

    def target(self, toks):
        return tuple(str(t) for t in toks)

    @v_args(meta=True)
    def set_stmt(self, meta, items):
        return ir.SetStmt(items[0], str(items[1]), items[2], self.loc(meta))

    @v_args(meta=True)
    def if_stmt(self, meta, items):
        pairs = [(items[i], items[i + 1]) for i in range(0, len(items) - 1, 2)]
        other = items[-1] if len(items) % 2 else None
        return ir.If(tuple(pairs), other, self.loc(meta))

    @v_args(meta=True)
    def for_stmt(self, meta, items):
        return ir.For(str(items[0]), items[1], items[2], self.loc(meta))

    @v_args(meta=True)
    def emit_stmt(self, meta, items):
        return ir.Emit(str(items[0]), items[1] if len(items) > 1 else (), self.loc(meta))

    @v_args(meta=True)
    def run_stmt(self, meta, items):
        return ir.Run(str(items[0]), items[1] if len(items) > 1 else (), self.loc(meta))

    @v_args(meta=True)
    def do_stmt(self, meta, items):
        return ir.Do(items[0], self.loc(meta))

    @v_args(meta=True)
    def return_stmt(self, meta, items):
        return ir.Return(items[0], self.loc(meta))

    @v_args(meta=True)
    def stop_stmt(self, meta, items):
        return ir.Stop(self.loc(meta))

    @v_args(meta=True)
    def break_stmt(self, meta, items):
        return ir.Break(self.loc(meta))

    @v_args(meta=True)
    def note_stmt(self, meta, items):
        return ir.Note(str(items[0])[1:-1], self.loc(meta))

    # ---- expressions ----------------------------------------------------
    @v_args(meta=True)
    def int_(self, meta, toks):
        return ir.Lit(int(toks[0]), self.loc(meta))

    @v_args(meta=True)
    def str_(self, meta, toks):
        return ir.Lit(str(toks[0])[1:-1], self.loc(meta))

    @v_args(meta=True)
    def true_(self, meta, _):
        return ir.Lit(True, self.loc(meta))

    @v_args(meta=True)
    def false_(self, meta, _):
        return ir.Lit(False, self.loc(meta))

    @v_args(meta=True)
    def none_(self, meta, _):
        return ir.Lit(None, self.loc(meta))

    @v_args(meta=True)
    def name(self, meta, toks):
        return ir.Name(str(toks[0]), self.loc(meta))

    @v_args(meta=True)
    def list_(self, meta, items):
        return ir.ListExpr(items[0] if items else (), self.loc(meta))

    @v_args(meta=True)
    def attr(self, meta, items):
        return ir.Attr(items[0], str(items[1]), self.loc(items[1]))

    @v_args(meta=True)
    def lookup(self, meta, items):
        return ir.Lookup(items[0], items[1], self.loc(meta))

    @v_args(meta=True)
    def call(self, meta, items):
        return ir.Call(str(items[0]), items[1] if len(items) > 1 else (), self.loc(meta))

    @v_args(meta=True)
    def binop(self, meta, items):
        return ir.BinOp(str(items[1]), items[0], items[2], self.loc(items[1]))

    @v_args(meta=True)
    def compare(self, meta, items):
        return ir.Compare(str(items[1]), items[0], items[2], self.loc(items[1]))

    @v_args(meta=True)
    def member(self, meta, items):
        return ir.Compare("in", items[0], items[1], self.loc(meta))

    @v_args(meta=True)
    def and_(self, meta, items):
        return ir.BoolOp("and", items[0], items[1], self.loc(meta))

    @v_args(meta=True)
    def or_(self, meta, items):
        return ir.BoolOp("or", items[0], items[1], self.loc(meta))

    @v_args(meta=True)
    def not_(self, meta, items):
        return ir.Not(items[0], self.loc(meta))

    @v_args(meta=True)
    def neg(self, meta, items):
        return ir.Neg(items[0], self.loc(meta))

    def quant_kw(self, toks):
        return str(toks[0])

    @v_args(meta=True)
    def quantifier(self, meta, items):
        return ir.Quant(items[0], str(items[1]), items[2], items[3], self.loc(meta))

    @v_args(meta=True)
    def ternary(self, meta, items):
        return ir.Ternary(items[0], items[1], items[2], self.loc(meta))
