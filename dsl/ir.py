"""The intermediate representation of rule files: plain dataclasses with locations.

The parser turns a lark tree into these nodes; the linker merges layers of
them and the compiler turns them into closures.  Every node keeps the
:class:`~kriegsspiel.core.errors.Location` it came from so that any later
error can point at the source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from kriegsspiel.core.errors import Location


@dataclass(frozen=True)
class Cite:
    """A rule citation such as ``@gts:15.6``."""

    ruleset: str
    id: str
    loc: Location

    def __str__(self) -> str:
        return f"{self.ruleset}:{self.id}"


# ---- expressions -------------------------------------------------------------

@dataclass(frozen=True)
class Lit:
    value: object
    loc: Location


@dataclass(frozen=True)
class Name:
    name: str
    loc: Location


@dataclass(frozen=True)
class Attr:
    obj: "Expr"
    name: str
    loc: Location


@dataclass(frozen=True)
class Call:
    fn: str
    args: tuple["Expr", ...]
    loc: Location


@dataclass(frozen=True)
class Lookup:
    table: "Expr"
    args: tuple["Expr", ...]
    loc: Location


@dataclass(frozen=True)
class ListExpr:
    items: tuple["Expr", ...]
    loc: Location


@dataclass(frozen=True)
class BinOp:
    op: str
    left: "Expr"
    right: "Expr"
    loc: Location


@dataclass(frozen=True)
class Compare:
    op: str  # ==, !=, <, <=, >, >=, in
    left: "Expr"
    right: "Expr"
    loc: Location


@dataclass(frozen=True)
class BoolOp:
    op: str  # and, or
    left: "Expr"
    right: "Expr"
    loc: Location


@dataclass(frozen=True)
class Not:
    operand: "Expr"
    loc: Location


@dataclass(frozen=True)
class Neg:
    operand: "Expr"
    loc: Location


@dataclass(frozen=True)
class Ternary:
    cond: "Expr"
    then: "Expr"
    other: "Expr"
    loc: Location


@dataclass(frozen=True)
class Quant:
    """``any u in units: cond`` — also all, count and sum; iterates a finite list."""

    kind: str
    var: str
    iterable: "Expr"
    body: "Expr"
    loc: Location


Expr = Union[Quant, Lit, Name, Attr, Call, Lookup, ListExpr, BinOp, Compare, BoolOp, Not, Neg, Ternary]


# ---- statements --------------------------------------------------------------

@dataclass(frozen=True)
class Let:
    name: str
    expr: Expr
    loc: Location


@dataclass(frozen=True)
class SetStmt:
    target: tuple[str, ...]  # e.g. ("unit", "cohesion_hits")
    op: str  # "=", "+=", "-="
    expr: Expr
    loc: Location


@dataclass(frozen=True)
class If:
    branches: tuple[tuple[Expr, tuple["Stmt", ...]], ...]
    other: tuple["Stmt", ...] | None
    loc: Location


@dataclass(frozen=True)
class For:
    var: str
    iterable: Expr
    body: tuple["Stmt", ...]
    loc: Location


@dataclass(frozen=True)
class Emit:
    event: str
    kwargs: tuple[tuple[str, Expr], ...]
    loc: Location


@dataclass(frozen=True)
class Run:
    procedure: str
    args: tuple[Expr, ...]
    loc: Location


@dataclass(frozen=True)
class Do:
    expr: Expr
    loc: Location


@dataclass(frozen=True)
class Return:
    expr: Expr
    loc: Location


@dataclass(frozen=True)
class Stop:
    loc: Location


@dataclass(frozen=True)
class Break:
    """``break``: leave the innermost ``for`` of the procedure or trigger."""

    loc: Location


@dataclass(frozen=True)
class Note:
    text: str
    loc: Location


Stmt = Union[Let, SetStmt, If, For, Emit, Run, Do, Return, Stop, Break, Note]


# ---- declarations ------------------------------------------------------------

@dataclass(frozen=True)
class Param:
    name: str
    type: str | None  # an entity kind (unit, division, ...) or None for "any"
    loc: Location


@dataclass
class Decl:
    """Fields every named definition has."""

    name: str
    cites: tuple[Cite, ...]
    loc: Location
    override: bool = False
    layer: str = ""  # set by the linker: series, exclusive, errata, optional, scenario
    module: str = ""

    kind = "definition"


@dataclass
class Const(Decl):
    expr: Expr | None = None
    provenance: str | None = None  # "provisional": a value the books do not print
    kind = "const"


@dataclass
class Enum(Decl):
    members: tuple[str, ...] = ()
    kind = "enum"


@dataclass
class Track(Decl):
    """State the kernel keeps on an entity (a marker on a unit, a points track)."""

    on: str = "unit"
    low: int | None = None
    high: int | None = None
    kind = "track"


@dataclass
class Link(Decl):
    """A relation kept on an entity that names another entity (or none); on
    every kind it names alike (``link division on unit, formation to division``)."""

    on: str = "unit"
    to: str = "leader"
    also_on: tuple[str, ...] = ()
    kind = "link"

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every kind of entity the link is kept on."""
        return (self.on, *self.also_on)


@dataclass(frozen=True)
class Says:
    """An event's line in the turn log (``says "..."``) and where it is written."""
    template: str
    loc: Location


@dataclass
class EventDecl(Decl):
    params: tuple[Param, ...] = ()
    says: Says | None = None
    kind = "event"


@dataclass(frozen=True)
class Dim:
    name: str
    enum: str | None  # keyed by the members of this enum...
    low: int | None  # ...or by integers in low..high (die rolls)
    high: int | None  # (no upper end when only low is given: "0..")
    loc: Location


@dataclass(frozen=True)
class RowKey:
    kind: str  # "name", "int", "range", "any"
    value: object  # str, int, (low, high) or None; high None: no upper end
    loc: Location

    def matches(self, arg: object) -> bool:
        if self.kind == "any":
            return True
        if self.kind == "name":
            return arg == self.value
        if not isinstance(arg, int) or isinstance(arg, bool):
            return False
        if self.kind == "int":
            return arg == self.value
        low, high = self.value
        return low <= arg and (high is None or arg <= high)

    def __str__(self) -> str:
        if self.kind == "any":
            return "_"
        if self.kind == "range":
            return f"{self.value[0]}..{'' if self.value[1] is None else self.value[1]}"
        return str(self.value)


@dataclass
class Row:
    keys: tuple[RowKey, ...]
    value: object
    cites: tuple[Cite, ...]
    loc: Location
    layer: str = ""
    provenance: str | None = None  # its table's, as the layer that wrote it said

    @property
    def key_text(self) -> str:
        return ", ".join(str(k) for k in self.keys)


@dataclass
class Table(Decl):
    dims: tuple[Dim, ...] = ()
    rows: list[Row] = field(default_factory=list)
    provenance: str | None = None
    kind = "table"


@dataclass
class Term:
    name: str
    expr: Expr | None
    when: Expr | None
    cites: tuple[Cite, ...]
    loc: Location
    removed: bool = False
    layer: str = ""


@dataclass
class Modifiers(Decl):
    params: tuple[Param, ...] = ()
    base: Expr | None = None
    terms: list[Term] = field(default_factory=list)
    kind = "modifiers"


@dataclass
class CheckField:
    name: str
    expr: Expr
    when: Expr | None
    loc: Location


@dataclass
class Check(Decl):
    params: tuple[Param, ...] = ()
    fields: dict[str, CheckField] = field(default_factory=dict)
    kind = "check"


@dataclass
class Def(Decl):
    params: tuple[Param, ...] = ()
    expr: Expr | None = None
    kind = "def"


@dataclass
class Step:
    name: str
    body: tuple[Stmt, ...]
    cites: tuple[Cite, ...]
    loc: Location
    before: str | None = None
    after: str | None = None
    removed: bool = False
    layer: str = ""


@dataclass
class Procedure(Decl):
    params: tuple[Param, ...] = ()
    steps: list[Step] = field(default_factory=list)
    kind = "procedure"


@dataclass
class Trigger(Decl):
    event: str = ""
    params: tuple[Param, ...] = ()
    when: Expr | None = None
    body: tuple[Stmt, ...] = ()
    kind = "trigger"


@dataclass
class Remove(Decl):
    """``remove trigger foo @crete:x``: a higher layer switches a definition off."""

    target_kind: str = ""
    kind = "remove"
