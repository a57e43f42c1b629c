"""Invariants: what must always be true of a game, checked after every event.

Two kinds:

* the kernel's own, which know no game system: every piece is in exactly one
  place (a hex of the map in play, or off it), an eliminated piece is off the
  map, every piece is in at most one pool, every tracked value lies within the
  range its ``track``/``marker`` declaration gives and sits on the kind of
  entity it is declared on, every link points at an entity that exists;
* the rules' own: pure rule definitions the modules name in their
  ``ks_invariants`` hook (GTS: ``modules/gts/rules/invariants.ksr``), each
  giving the offending entities.

:class:`InvariantChecker` observes a session's state (``GameState.observers``)
and evaluates them after each recorded event.  A rule a rule step restores
before it ends (a Leader follows the Unit he moved with) is declared
``settled``: a breach of it counts only if it is still there at the next
settled moment — a decision, the end of an action, a chit played or put away,
the turn marker moving — and is reported from the event where it began.

Only what an event can change is looked at again: each invariant says what it
reads (``Invariant.reads``; for a rule's, the read set of its definition,
dsl/lasting.py, where a piece is counted as ``@placement``), and an event is
matched against it by what it changes (:func:`event_changes`).  A counter
flipped, a save restored or an invariant whose reads are not known: everything
is evaluated again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.state import Event, GameState
from kriegsspiel.dsl.lasting import PLACEMENT, read_set
from kriegsspiel.dsl.runtime import _plain
from kriegsspiel.engine.plugins import session_modules

# The kernel's events, the only ones that change the state (core/state.py).
STATE_EVENTS = frozenset({"track_changed", "link_changed", "unit_moved", "unit_placed",
                          "unit_flipped", "unit_eliminated", "turn_advanced", "pool_added",
                          "pool_drawn", "pool_removed"})
# Events at which nothing is half done: an action the engine performed is over,
# the turn marker moved; a ruleset adds its own (ks_settled_events: GTS's
# activations).  Not every decision: a rule may ask a question in the middle of
# putting the board right (gts:21.3 asks where a lone Leader goes while he is
# still alone).
SETTLED_EVENTS = frozenset({"action", "turn_advanced"})
EVERY_EVENT, SETTLED = "every_event", "settled"
# Tokens of what an event changes, beside track and link names (dsl.lasting's
# @placement, @entries and @turn, and the checker's own).
_MOVED = frozenset({PLACEMENT, "@entries"})
ALL_TRACKS, ALL_LINKS, POOLS = "@tracks", "@links", "@pools"
EVERYTHING = None


def event_changes(event: Event) -> frozenset | None:
    """What a state event can change, as read-set tokens; EVERYTHING (None) for
    a flipped counter, whose every value may read differently."""
    kind, data = event.kind, event.data
    if kind == "track_changed":
        return frozenset({data["track"], ALL_TRACKS})
    if kind == "link_changed":
        return frozenset({data["link"], ALL_LINKS})
    if kind in ("unit_moved", "unit_placed", "unit_eliminated"):
        return _MOVED
    if kind == "turn_advanced":
        return frozenset({"@turn"})
    if kind.startswith("pool_"):
        return frozenset({POOLS})
    return EVERYTHING


@dataclass(frozen=True)
class Invariant:
    name: str
    cites: tuple[str, ...]
    when: str  # EVERY_EVENT or SETTLED
    offenders: Callable[[], list[str]]  # ids of what breaks it; empty when kept
    # What of the state it reads (event_changes' tokens); None: not known, so
    # every state event may change it.
    reads: frozenset | None = None
    # Told of every state event before the look (event, its changes), for an
    # invariant that keeps its answer up to date instead of scanning again.
    observe: Callable[[Event | None, frozenset | None], None] | None = None


@dataclass
class Violation:
    invariant: str
    cites: tuple[str, ...]
    event: int  # the seq of the event after which it was first seen (0: before any)
    event_kind: str
    offenders: list[str] = field(default_factory=list)

    def render(self) -> str:
        cites = " ".join(f"@{c}" for c in self.cites) or "(kernel)"
        return (f"invariant '{self.invariant}' {cites} broken after event {self.event} "
                f"({self.event_kind}): {', '.join(self.offenders)}")


class InvariantBroken(KsError):
    """Raised by a checker that stops at the first violation."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.render())
        self.violation = violation


# ---- the kernel's invariants ---------------------------------------------------
def pieces_in_one_place(state: GameState) -> list[str]:
    """Each unit and leader is in exactly one hex of the map in play, or off it;
    an eliminated unit is off the map; only known pieces are placed."""
    bad = []
    known = {**state.catalog.get("unit", {}), **state.catalog.get("leader", {})}
    for piece, where in sorted(state.placement.items()):
        if piece not in known:
            bad.append(f"{piece} (no such piece) at {where}")
        elif where is not None and state.grid is not None and not _on_map(state, where):
            bad.append(f"{piece} at {where} (not a hex of the map)")
    for unit in sorted(state.eliminated):
        if state.placement.get(unit) is not None:
            bad.append(f"{unit} eliminated but at {state.placement[unit]}")
    return bad


def _on_map(state: GameState, hex_id: str) -> bool:
    if state.map is not None and hasattr(state.map, "terrain"):
        return hex_id in state.map.terrain
    try:
        state.grid.parse(hex_id)
    except (KsError, ValueError):
        return False
    return True


def pieces_in_one_pool(state: GameState) -> list[str]:
    seen: dict[str, str] = {}
    bad = []
    for pool, keys in sorted(state.pools.items()):
        for key in keys:
            if key in seen:
                bad.append(f"{key} in '{seen[key]}' and in '{pool}'")
            seen[key] = pool
    return bad


def tracks_in_range(state: GameState, declared: dict[str, Any]) -> list[str]:
    """Every tracked value within its declared range, on its declared kind."""
    found = {(key, name): _track_problems(key, name, value, declared)
             for key, values in state.tracks.items() for name, value in values.items()}
    return [what for entry in sorted(found) for what in found[entry]]


def _track_problems(key: str, name: str, value: Any, declared: dict[str, Any]) -> list[str]:
    """What is wrong with one tracked value (nothing, mostly)."""
    decl = declared.get(name)
    if decl is None:
        return [f"{key}: undeclared track '{name}'"]
    kind, bad = key.split(":", 1)[0], []
    if decl.on != kind:
        bad.append(f"{key}: '{name}' is declared on {decl.on}, not {kind}")
    if (decl.low is not None and value < decl.low) or \
            (decl.high is not None and value > decl.high):
        bad.append(f"{key}: {name} = {value} outside {decl.low}..{decl.high}")
    return bad


class TracksWatch:
    """tracks_in_range kept up to date: the tracked values change only by
    track_changed events (a restore says it may have changed everything), so
    after one only that value is looked at again, not every value of the game
    (a campaign has thousands, and changes one at almost every event)."""

    def __init__(self, state: GameState, declared: dict[str, Any]) -> None:
        self.state, self.declared = state, declared
        self.bad: dict[tuple[str, str], list[str]] | None = None  # None: scan everything
        self.changed: set[tuple[str, str]] = set()

    def observe(self, event: Event | None, changes: frozenset | None) -> None:
        if event is None or changes is EVERYTHING:
            self.bad = None
        elif event.kind == "track_changed":
            self.changed.add((event.data["entity"], event.data["track"]))

    def offenders(self) -> list[str]:
        if self.bad is None:
            tracks = self.state.tracks
            self.bad = {}
            self.changed = {(key, name) for key, values in tracks.items() for name in values}
        for key, name in self.changed:
            value = self.state.tracks.get(key, {}).get(name, _UNTRACKED)
            problems = [] if value is _UNTRACKED else \
                _track_problems(key, name, value, self.declared)
            if problems:
                self.bad[(key, name)] = problems
            else:
                self.bad.pop((key, name), None)
        self.changed = set()
        return [what for entry in sorted(self.bad) for what in self.bad[entry]]


_UNTRACKED = object()


def links_resolve(state: GameState) -> list[str]:
    bad = []
    for key, links in sorted(state.links.items()):
        for name, target in sorted(links.items()):
            if target is None:
                continue
            kind, _, ident = target.partition(":")
            if ident not in state.catalog.get(kind, {}) and kind not in ("hex",):
                bad.append(f"{key}: {name} -> {target} (no such {kind})")
    return bad


# ---- the checker ---------------------------------------------------------------
class InvariantChecker:
    """Evaluates every invariant of a session after each event.

    ``stop_at_first``: raise :class:`InvariantBroken` at the first violation
    (``ks play --check-invariants``); otherwise collect them in ``violations``.
    """

    def __init__(self, session: Any, rules: list[tuple[str, str]] | None = None,
                 stop_at_first: bool = True) -> None:
        self.session = session
        self.stop_at_first = stop_at_first
        self.violations: list[Violation] = []
        # (invariant, offender) → the violation as first seen; reported once per breach.
        self.broken: dict[tuple[str, str], Violation] = {}
        self.reported: set[tuple[str, str]] = set()
        self.invariants = kernel_invariants(session) + rule_invariants(
            session, declared_rule_invariants(session) if rules is None else rules)
        self.settled_events = SETTLED_EVENTS | declared_settled_events(session)
        self._restores = session.state.restore_count

    def attach(self) -> "InvariantChecker":
        """Observe the session's state from now on, after checking it as it is."""
        self._check(None)
        self.session.state.observers.append(self._after)
        return self

    def detach(self) -> None:
        if self._after in self.session.state.observers:
            self.session.state.observers.remove(self._after)

    def check_now(self) -> list[Violation]:
        """Every invariant broken in the current state (settled ones included)."""
        last = self.session.state.log[-1] if self.session.state.log else None
        for inv in self.invariants:  # looked at afresh, whatever was observed
            if inv.observe is not None:
                inv.observe(None, EVERYTHING)
        return [v for inv in self.invariants for v in [self._evaluate(inv, last)] if v]

    def _after(self, event: Event) -> None:
        self._check(event)

    def _check(self, event: Event | None) -> None:
        if event is None or event.kind in STATE_EVENTS:
            # Only the kernel's events change the state: after any other (a
            # decision, a rule's own event) every invariant reads as before;
            # after one of them, those that read what it changed.
            changes = self._changes(event)
            for inv in self.invariants:
                if inv.observe is not None:
                    inv.observe(event, changes)
                if changes is not EVERYTHING and inv.reads is not None and \
                        not inv.reads & changes:
                    continue
                now = self._evaluate(inv, event)
                keys = {(inv.name, o) for o in (now.offenders if now else [])}
                for key in [k for k in self.broken if k[0] == inv.name and k not in keys]:
                    del self.broken[key]  # mended
                    self.reported.discard(key)
                for key in keys - set(self.broken):
                    self.broken[key] = now
        settled = event is None or event.kind in self.settled_events
        for inv in self.invariants:
            if inv.when == SETTLED and not settled:
                continue  # may still be mended before the rule step ends
            new = sorted(k for k in self.broken if k[0] == inv.name and k not in self.reported)
            if new:
                first = min((self.broken[k] for k in new), key=lambda v: v.event)
                self.reported.update(new)
                self._report(Violation(inv.name, inv.cites, first.event, first.event_kind,
                                       [o for _, o in new]))

    def _changes(self, event: Event | None) -> frozenset | None:
        restores, self._restores = self._restores, self.session.state.restore_count
        if event is None or restores != self._restores:
            return EVERYTHING  # a save restored (an action undone) changes anything
        return event_changes(event)

    def _evaluate(self, inv: Invariant, event: Event | None) -> Violation | None:
        offenders = inv.offenders()
        if not offenders:
            return None
        return Violation(inv.name, inv.cites, event.seq if event else 0,
                         event.kind if event else "start", list(offenders))

    def _report(self, violation: Violation) -> None:
        self.violations.append(violation)
        if self.stop_at_first:
            raise InvariantBroken(violation)


def kernel_invariants(session: Any) -> list[Invariant]:
    state, tracks = session.state, session.program.tracks
    watch = TracksWatch(state, tracks)
    return [Invariant("pieces_in_one_place", (), EVERY_EVENT, lambda: pieces_in_one_place(state),
                      _MOVED),
            Invariant("pieces_in_one_pool", (), EVERY_EVENT, lambda: pieces_in_one_pool(state),
                      frozenset({POOLS})),
            Invariant("tracks_in_range", (), EVERY_EVENT, watch.offenders,
                      frozenset({ALL_TRACKS}), watch.observe),
            Invariant("links_resolve", (), EVERY_EVENT, lambda: links_resolve(state),
                      frozenset({ALL_LINKS}))]


def declared_settled_events(session: Any) -> frozenset:
    """The events the session's modules call settled (``ks_settled_events``)."""
    registry, names = session_modules(session)
    return frozenset(e for _, events in registry.call("ks_settled_events", names) for e in events)


def declared_rule_invariants(session: Any) -> list[tuple[str, str]]:
    """What the session's modules declare through ``ks_invariants``."""
    registry, names = session_modules(session)
    out = []
    for _, declared in registry.call("ks_invariants", names):
        for item in declared:
            name, when = (item, EVERY_EVENT) if isinstance(item, str) else tuple(item)
            out.append((name, when))
    return out


def rule_invariants(session: Any, declared: list[tuple[str, str]]) -> list[Invariant]:
    program = session.program
    seen: dict = {}  # read sets with where pieces are as a token of its own
    out = []
    for name, when in declared:
        if when not in (EVERY_EVENT, SETTLED):
            raise KsError(f"invariant '{name}': when must be '{EVERY_EVENT}' or '{SETTLED}', "
                          f"not {when!r}")
        decl = program.decls.get(name)
        if decl is None or decl.kind != "def":
            from kriegsspiel.core.errors import did_you_mean
            raise KsError(f"invariant '{name}' is not a definition of the rules", None,
                          did_you_mean(name, [n for n, d in program.decls.items()
                                              if d.kind == "def"]))
        out.append(Invariant(name, tuple(str(c) for c in decl.cites), when,
                             _rule_offenders(session, name),
                             read_set(program, name, seen, placement=True)))
    return out


def _rule_offenders(session: Any, name: str) -> Callable[[], list[str]]:
    def offenders() -> list[str]:
        ctx = session.ctx
        # Looking must not change the game: no explanation record may reach the
        # log, so the trace is put back as it was.
        pending, explaining = list(ctx.trace), ctx.explaining
        ctx.explaining = False
        try:
            value = session.program.call(name, ctx)
        finally:
            ctx.explaining = explaining
            ctx.trace[:] = pending
        if isinstance(value, bool):
            return [] if value else [name]
        return [str(_plain(v)) for v in value or []]
    return offenders


__all__ = ["event_changes", "InvariantChecker", "InvariantBroken", "Violation", "Invariant",
           "SETTLED", "EVERY_EVENT", "SETTLED_EVENTS"]
