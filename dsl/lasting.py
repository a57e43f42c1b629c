"""Results of defs kept across changes of the game that cannot change them.

``remembered`` (dsl/shortcuts.py) keeps a def's answers only while the game's
version stands still, and every event moves the version on: a Unit entering
a hex forgets the Movement Class of every Unit and the cost of every hex
side.  Most defs read only a few named attributes (``unit.movement_class``,
the ``barrage`` marker of a hex, ``g.active_chit``), and the state counts the
changes of each name (:meth:`GameState.stamps`).  So the compiler works out,
from a def's IR and its callees', which names it can read — its *read set* —
and a def whose read set is known keeps each answer, within one top-level
rule call (or a game's run of them: ``Program.keeping``), until one of those
names changes (or a counter flips, a piece enters or leaves the map or the
turn moves on, when it reads those; a save is restored).

A read set is unknown — and the def is left to ``remembered`` — when the def
reads where a piece is (``u.hex``, ``units_at``: every move changes them;
not so the ``hex`` of an entity that is no piece, ``_unplaced_vars``),
calls a primitive that does not declare what it reads (``Function.reads``),
or calls a modifier list, table-valued def or check.  ``@arg1`` in a
primitive's ``reads`` is the attribute named by its second argument when
that is a literal string (``hex_marker(h, "road_block")``), else unknown
(``@arg0`` the same of its first: ``units_with("entry_hex")``);
``@entries`` is who is on the map, ``@turn`` the turn, ``@placement`` where
the pieces are (``units_at``), ``@def:NAME`` what def NAME reads (a primitive
asking the rules: ``los_unblocked``).

With ``placement=True`` (the invariant checker's question: which events can
change this def's answer?) where a piece is becomes the token ``@placement``
instead of unknown.

A kept answer is filed under the arguments the def's body names only
(``used_params``): Crete's Rubble cost ``entry_cost_added(unit, to_hex)``
reads the hex alone, so its answer for one hex serves every Unit.

Only defs worth the bookkeeping are kept: those that loop (a quantifier) or
call another def, and, like ``remembered``, only while their answers are
asked for again often enough.  While explaining nothing is kept, so the explanation
records are exactly those of a plain evaluation.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

try:
    import cython  # compiling (setup.py): the declarations below type the hot locals
except ImportError:  # running from source: they are no-ops
    from kriegsspiel.core import nocython as cython

from kriegsspiel.dsl import ir
from kriegsspiel.core.state import _PIECES, GameState
from kriegsspiel.dsl.runtime import Keeper
from kriegsspiel.dsl.shortcuts import answer_key, one_key
from kriegsspiel.dsl.types import BUILTINS

UNKNOWN = None
_MISSING = object()  # no answer kept (None is one)
# Kernel attributes: where a piece is changes with every move (unknown); whether
# it is on the map with entries and exits only; its id never.
_PLACEMENT = frozenset({"hex"})
_MEMBERSHIP = frozenset({"on_map", "eliminated"})
_STATIC_ATTRS = frozenset({"id", "face"})  # a flip is in every stamp
PLACEMENT = "@placement"
_DEF_TOKEN = "@def:"  # a primitive asking a rule def reads what that def reads
# A primitive's `reads` token for the attribute named by its first or second
# argument (a literal string): hexes_marked("barrage"), hex_marker(h, "barrage").
_ARG_TOKENS = {"@arg0": 0, "@arg1": 1}


def read_set(program: Any, name: str, seen: dict | None = None,
             placement: bool = False) -> frozenset | None:
    """The attribute names def *name* (its callees included) can read; None when
    that is not known.  The compiler refuses a def calling itself, but not one
    reached again through a primitive's ``@def:`` token (a Line of Sight rule
    asking for a Line of Sight): met again while its reads are worked out, a
    def reads what is not known, and the rules' own guard says why at play.
    *placement*: reading where a piece is gives PLACEMENT, not unknown (a
    *seen* of its own is then needed: Program.read_sets holds the plain sets)."""
    if seen is None:
        if placement:
            raise ValueError("read_set(placement=True) needs a seen dict of its own")
        seen = program.read_sets
    if name in seen:
        return seen[name]
    decl = program.decls.get(name)
    seen[name] = UNKNOWN  # until worked out: a cycle through @def: ends here
    found = _expr_reads(program, decl.expr, seen, placement,
                        frozenset(p.name for p in decl.params)) \
        if decl is not None and decl.kind == "def" else UNKNOWN
    seen[name] = found
    return found


def _children(node: Any) -> tuple | None:
    """The expressions directly inside *node*; None for a node this module
    does not know (its reads are then unknown)."""
    if isinstance(node, (ir.Lit, ir.Name)):
        return ()  # constants, enum members, variables: nothing of the game's state
    if isinstance(node, ir.Attr):
        return (node.obj,)
    if isinstance(node, ir.Call):
        return node.args
    if isinstance(node, ir.Lookup):
        return (node.table, *node.args)  # a table itself is data
    if isinstance(node, ir.Quant):
        return (node.iterable, node.body)
    if isinstance(node, ir.ListExpr):
        return node.items
    if isinstance(node, (ir.BinOp, ir.Compare, ir.BoolOp)):
        return (node.left, node.right)
    if isinstance(node, (ir.Not, ir.Neg)):
        return (node.operand,)
    if isinstance(node, ir.Ternary):
        return (node.cond, node.then, node.other)
    return None


def _nodes(e: Any) -> Iterator[Any]:
    """Every node of expression *e*, depth first; None, and no more, at a node
    ``_children`` does not know (what it holds cannot be told)."""
    stack = [e]
    while stack:
        node = stack.pop()
        inner = _children(node)
        if inner is None:
            yield None
            return
        yield node
        stack.extend(inner)


def _expr_reads(program: Any, e: Any, seen: dict, placement: bool,
                params: frozenset = frozenset()) -> frozenset | None:
    out: set[str] = set()
    nodes = list(_nodes(e))
    if any(node is None for node in nodes):
        return UNKNOWN
    unplaced = _unplaced_vars(program, nodes, params)
    for node in nodes:
        if isinstance(node, ir.Attr):
            if isinstance(node.obj, ir.Name) and node.obj.name in unplaced and \
                    (node.name in _PLACEMENT or node.name in _MEMBERSHIP):
                out.add(node.name)  # the entity's own data (or track, link) of that name
            elif not _attribute_read(node.name, placement, out):
                return UNKNOWN
        elif isinstance(node, ir.Call):
            callee = _call_reads(program, node, seen, placement)
            if callee is UNKNOWN:
                return UNKNOWN
            out |= callee
    return frozenset(out)


def _unplaced_vars(program: Any, nodes: list, params: frozenset) -> frozenset:
    """The quantifier variables among *nodes* that stand only for entities
    the state never places: each bound once, by a quantifier over
    ``all_of("<kind>")`` of a kind that is no piece, and no parameter's name
    (an attribute read of the same name elsewhere is then the variable's).
    Such an entity's ``hex`` or ``on_map`` is its own data, as any other
    attribute, not where a piece stands."""
    bound: dict[str, int] = {}
    unplaced = set()
    for node in nodes:
        if isinstance(node, ir.Quant):
            bound[node.var] = bound.get(node.var, 0) + 1
            it = node.iterable
            if isinstance(it, ir.Call) and it.fn == "all_of" and it.fn not in program.decls \
                    and len(it.args) == 1 and isinstance(it.args[0], ir.Lit) \
                    and isinstance(it.args[0].value, str) and it.args[0].value not in _PIECES:
                unplaced.add(node.var)
    return frozenset(v for v in unplaced if bound[v] == 1 and v not in params)


def _attribute_read(name: str, placement: bool, out: set) -> bool:
    """Add to *out* what reading attribute *name* reads: where the pieces are,
    who is on the map, or the attribute itself (nothing for one no change
    touches); False when it is where a piece is and *placement* is not kept."""
    if name in _PLACEMENT:
        if not placement:
            return False
        out.add(PLACEMENT)
    elif name in _MEMBERSHIP:
        out.add("@entries")
    elif name not in _STATIC_ATTRS:
        out.add(name)
    return True


def _call_reads(program: Any, call: ir.Call, seen: dict, placement: bool) -> frozenset | None:
    decl = program.decls.get(call.fn)
    if decl is not None:
        return read_set(program, call.fn, seen, placement) if decl.kind == "def" else UNKNOWN
    fn = BUILTINS.get(call.fn) or program.primitives.get(call.fn)
    if fn is None or fn.reads is None:
        return UNKNOWN
    out = set()
    for token in fn.reads:
        if token in _ARG_TOKENS:
            i = _ARG_TOKENS[token]
            arg = call.args[i] if len(call.args) > i else None
            if not (isinstance(arg, ir.Lit) and isinstance(arg.value, str)) or \
                    not _attribute_read(arg.value, placement, out):  # as `u.<name>` reads
                return UNKNOWN
        elif token.startswith(_DEF_TOKEN):
            # what the def reads (its plain read set: the primitive may keep the
            # def's answers as it will, so where a piece is stays unknown)
            name = token[len(_DEF_TOKEN):]
            callee = read_set(program, name) if name in program.decls else UNKNOWN
            if callee is UNKNOWN:
                return UNKNOWN
            out |= callee
        elif token == PLACEMENT and not placement:
            return UNKNOWN
        else:
            out.add(token)
    return frozenset(out)


def worth_keeping(decl: ir.Def, program: Any) -> bool:
    """A def that loops or calls another def or a primitive (a scenario's
    effects of one kind, a hex's marker): keeping its answers saves work; one
    that only reads attributes and computes is cheaper to evaluate again."""
    stack = [decl.expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ir.Quant):
            return True
        if isinstance(node, ir.Call) and (node.fn in program.decls or
                                          node.fn in program.primitives):
            return True
        stack.extend(_children(node) or ())
    return False


def used_params(decl: ir.Def) -> tuple | None:
    """The indices of *decl*'s parameters its body names, in order; None when
    it names them all (or holds a node this module does not know: each is
    then taken as read).  An argument the body never names cannot change its
    answer, so a kept answer need not be filed under it.  A quantifier's
    variable of a parameter's name counts as naming it (a harmless excess)."""
    params = [p.name for p in decl.params]
    named: set[str] = set()
    for node in _nodes(decl.expr):
        if node is None:
            return None
        if isinstance(node, ir.Name):
            named.add(node.name)
    used = tuple(i for i, name in enumerate(params) if name in named)
    return None if len(used) == len(params) else used


def lasting(what: str, evaluate: Callable[..., Any], names: frozenset,
            holder: Any, used: tuple | None = None) -> "Lasting":
    """``fn(ctx, *args)`` keeping each answer while none of *names* changes:
    its Lasting keeper (below)."""
    return Lasting(what, evaluate, names, holder, used)


class Lasting(Keeper):
    """A def's answers kept while none of *names* changes; filed under the
    arguments at the indices *used* only, when given (the parameters the body
    names: ``used_params``).  On trial as ``Remembered`` is (``Keeper``).

    The answers are a dict in the call's kept answers (``ctx.lasting``, under
    the keeper itself), with the stamp they were worked out under: the counts
    a stamp sums only ever grow (a restore has its own), so a stamp never
    comes back, and answers under another than the one that stands are
    dropped together."""

    # The dict last found, with the call's kept answers and the state's version
    # it was found for: every count a stamp sums moves only with an event that
    # moves the version on (or a restore, which does too), so while the version
    # object stands the stamp does (most calls come between the same two
    # events: a step's neighbours).  Held for one top-level call's kept answers
    # (``seen_kept``); the keeper holds no game state, which would keep every
    # finished game alive through the caches keyed by their state.
    __slots__ = ("what", "watched", "entries", "turn", "used",
                 "seen_version", "seen_kept", "seen_entry", "seen_mine")

    def __init__(self, what: str, evaluate: Callable[..., Any], names: frozenset,
                 holder: Any, used: tuple | None = None) -> None:
        Keeper.__init__(self, evaluate, holder)
        self.what, self.used = what, used
        self.watched = tuple(sorted(n for n in names if not n.startswith("@")))
        self.entries, self.turn = "@entries" in names, "@turn" in names
        self.seen_version = self.seen_kept = self.seen_entry = self.seen_mine = None

    def kept(self, ctx: Any) -> bool:
        """Whether *ctx* keeps answers: inside a top-level call, unexplained."""
        return ctx is not None and ctx.lasting is not None and not ctx.explaining

    def call(self, ctx: Any, args: tuple) -> Any:
        if not self.kept(ctx):
            return self.evaluate(ctx, *args)
        return self.answer(ctx, self.key(args), None, args)

    def call1(self, ctx: Any, a: Any) -> Any:
        if not self.kept(ctx):
            return self.evaluate(ctx, a)
        key = one_key(a) if self.used is None else self.key((a,))
        return self.answer(ctx, key, a, None)

    def call2(self, ctx: Any, a: Any, b: Any) -> Any:
        if not self.kept(ctx):
            return self.evaluate(ctx, a, b)
        args = (a, b)
        return self.answer(ctx, self.key(args), None, args)

    def call3(self, ctx: Any, a: Any, b: Any, c: Any) -> Any:
        if not self.kept(ctx):
            return self.evaluate(ctx, a, b, c)
        args = (a, b, c)
        return self.answer(ctx, self.key(args), None, args)

    def key(self, args: tuple) -> Any:
        """What an answer to *args* is filed under: the used arguments' key."""
        used = self.used
        if used is None:
            return answer_key(args)
        if len(used) == 1:
            return one_key(args[used[0]])
        return answer_key(tuple([args[i] for i in used]))

    @cython.locals(kept=dict, world=GameState, entry=list)
    def answers(self, ctx: Any) -> dict:
        """This def's answers in *ctx*'s call under the stamp that stands."""
        kept, world = ctx.lasting, ctx.world
        if kept is self.seen_kept:
            if world.version is self.seen_version:
                return self.seen_mine
            entry = self.seen_entry
        else:
            entry = kept.get(self)
            if entry is None:
                entry = kept[self] = [None, None]  # [stamp, answers]
            self.seen_kept, self.seen_entry = kept, entry
        stamp = world.stamps(self.watched, self.entries, self.turn)
        if entry[1] is None or entry[0] != stamp:
            entry[0], entry[1] = stamp, {}
        self.seen_version, self.seen_mine = world.version, entry[1]
        return entry[1]

    @cython.locals(mine=dict)
    def answer(self, ctx: Any, key: Any, a: Any, args: tuple | None) -> Any:
        """The answer to one argument *a* (*args* None) or *args*, filed under
        *key*: kept, or evaluated and kept."""
        mine = self.answers(ctx)
        if key is None:  # a list argument (a group of Units): nothing to keep it under
            self.evaluated()
            return self.plain(ctx, a, args)
        try:
            value = mine.get(key, _MISSING)
        except TypeError:  # another unhashable argument
            return self.plain(ctx, a, args)
        if value is not _MISSING:
            self.reused += 1
            return list(value) if type(value) is list else value
        self.evaluated()
        value = self.run(ctx, a, args)
        mine[key] = list(value) if type(value) is list else value
        return value


__all__ = ["PLACEMENT", "read_set", "worth_keeping", "used_params", "lasting", "Lasting"]
