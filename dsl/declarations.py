"""The declarations that compile to a fixed value or to nothing callable —
constants, enums, tracks, links and events: each checked against the rule
set's entity kinds (and an event's log line against its fields) when the
program is built.  Program._ensure builds them through ``BUILDERS``."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.dsl import ir
from kriegsspiel.dsl.compiler import Scope
from kriegsspiel.dsl.event_lines import parse_line
from kriegsspiel.dsl.runtime import Compiled

# Events the kernel itself records; rule files declare their own with `event`.
KERNEL_EVENTS = {
    "track_changed": ("entity", "track", "old", "new"),
    "unit_eliminated": ("unit",),
    "unit_flipped": ("unit", "face"),
    "unit_moved": ("unit", "origin", "destination"),
    "unit_placed": ("unit", "origin", "destination"),
    "link_changed": ("entity", "link", "old", "new"),
    "pool_added": ("pool", "entity"),
    "pool_drawn": ("pool", "entity"),
    "pool_removed": ("pool", "entity"),
    "turn_advanced": ("turn",),
}


def build_const(program: Any, decl: ir.Const, holder: Compiled) -> None:
    scope = Scope({}, False, f"const '{decl.name}'")
    noted = len(program.deferred)
    fn, holder.type = program.compiler.expr(decl.expr, scope)
    if len(program.deferred) > noted:
        return  # a misspelt name: nothing to evaluate (its error says why)
    value = fn([None, *scope.padding(0)])
    holder.fn = lambda: value


def build_enum(program: Any, decl: ir.Enum, holder: Compiled) -> None:
    holder.fn, holder.type = (lambda: decl.members), "list"


def build_track(program: Any, decl: ir.Track, holder: Compiled) -> None:
    if decl.on not in program.entity_kinds:
        raise KsError(f"'{decl.on}' is not something state can be kept on", decl.loc,
                      did_you_mean(decl.on, program.entity_kinds))
    holder.fn, holder.type = (lambda: (decl.low, decl.high)), "int"


def build_link(program: Any, decl: ir.Link, holder: Compiled) -> None:
    twice = sorted({k for k in decl.kinds if decl.kinds.count(k) > 1})
    if twice:
        raise KsError(f"link '{decl.name}' is kept on '{twice[0]}' twice", decl.loc)
    for kind in (*decl.kinds, decl.to):
        if kind not in program.entity_kinds:
            raise KsError(f"'{kind}' is not a kind of game entity", decl.loc,
                          did_you_mean(kind, program.entity_kinds))
    holder.fn, holder.type = (lambda: None), decl.to


def build_event(program: Any, decl: ir.EventDecl, holder: Compiled) -> None:
    if decl.name in KERNEL_EVENTS:
        raise KsError(f"'{decl.name}' is a kernel event and cannot be redeclared", decl.loc)
    if decl.says is not None:  # its log line: every field it names is one of the event's
        parse_line(decl.says.template, [p.name for p in decl.params], decl.says.loc)
    holder.fn = lambda: None


BUILDERS = {"const": build_const, "enum": build_enum, "track": build_track,
            "link": build_link, "event": build_event}
