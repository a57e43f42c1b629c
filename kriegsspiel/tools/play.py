"""`ks play`: a scenario played by bots, as a readable log.

Each event becomes one line a player can follow — the chit drawn, what moved
where, each shot with its rating and roll, results, eliminations, the turn
marker and the victory — and, with ``explain``, the explanation records
(modifier terms with their citations, table rows, checks) under it.
"""

from __future__ import annotations

import functools

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from kriegsspiel.core.players import Table
from kriegsspiel.core.jsonable import jsonable
from kriegsspiel.core.state import Event
from kriegsspiel.tools.explaining import explained
from kriegsspiel.core.errors import KsError
from kriegsspiel.core.yamlio import load_yaml
from kriegsspiel.dsl.event_lines import parse_line, render_line
from kriegsspiel.dsl.runtime import _plain
from kriegsspiel.engine.collector import paced_collector
from kriegsspiel.engine.session import Session, _encode
from kriegsspiel.engine.plugins import play_begins, session_modules
from kriegsspiel.engine.rulebook import ExtraRules
from kriegsspiel.engine.starting import start
from kriegsspiel.tools.output import write_whole
# Who sits at a game (seats.py); ks play's help and older callers import them from here.
from kriegsspiel.tools.seats import PLAYER_KINDS, players_for, seated_kinds  # noqa: F401


def describe(event: Event, turns: list[str], setting_up: bool = False,
             registry: object = None, modules: list[str] | None = None,
             program: object = None) -> str | None:
    """One readable line for the events a player cares about (None: skip it):
    the kernel's here, then the line the rules' own event declaration `says`
    (*program*: the game's compiled rules), then their modules' (ks_describe_event;
    *registry*: the game's, default the installed modules; *modules*: the
    game's own, so that another game system's line for an event of the same
    name is never taken)."""
    d = event.data
    kind = event.kind
    if kind == "unit_placed" and setting_up and d["destination"]:
        return f"    {d['unit']} sets up in {d['destination']}"
    if kind == "unit_moved":
        return f"    {d['unit']} moves {d['origin']} -> {d['destination']}"
    if kind == "unit_placed" and d["destination"] and d["origin"] is None:
        return f"    {d['unit']} enters at {d['destination']}"
    if kind == "unit_eliminated":
        return f"      {d['unit']} eliminated"
    if kind == "turn_advanced":
        nxt = turns[d["turn"]] if d["turn"] < len(turns) else "end"
        return f"turn {nxt}" if nxt != "end" else "end of the last turn"
    said = _declared_line(program, kind, d)
    return said if said is not None else _module_description(kind, d, registry, modules)


def _declared_line(program: Any, kind: str, data: dict) -> str | None:
    """The line the event's declaration says (``event ... says "..."``), filled in."""
    decl = program.decls.get(kind) if program is not None else None
    says = getattr(decl, "says", None) if getattr(decl, "kind", None) == "event" else None
    if says is None:
        return None
    return render_line(_said_parts(says, tuple(p.name for p in decl.params)), data)


@functools.lru_cache(maxsize=512)
def _said_parts(says: Any, fields: tuple[str, ...]) -> list:
    return parse_line(says.template, list(fields), says.loc)


@functools.lru_cache(maxsize=1)
def _installed_describer():
    from kriegsspiel.engine.plugins import installed_registry
    return installed_registry().manager.hook.ks_describe_event


def _module_description(kind: str, data: dict, registry: object = None,
                        modules: list[str] | None = None) -> str | None:
    """What the modules say of their own events (hook ks_describe_event): the
    game's *modules* only when given, the highest layer's line first."""
    if modules is not None:
        from kriegsspiel.engine.plugins import installed_registry
        asked = registry if registry is not None else installed_registry()
        for _, line in reversed(asked.call("ks_describe_event", modules, kind=kind, data=data)):
            if line is not None:
                return line
        return None
    hook = _installed_describer() if registry is None else \
        registry.manager.hook.ks_describe_event
    return hook(kind=kind, data=data)


# ---- a game played turn after turn, that can be saved at any decision -------------
SAVE_VERSION = 2


class _WatchedTable(Table):
    """A Table that lets the game see each question before it is answered."""

    def __init__(self, players: dict, before: Callable[[object], None] | None = None) -> None:
        super().__init__(players)
        self.before = before
        # Told when a player stops the game or fails, while the answers given
        # so far are still recorded (the action's rollback forgets them).
        self.interrupted: Callable[[], None] | None = None

    def __call__(self, decision: object) -> object:
        return self._watched(decision, super().__call__)

    def draw(self, draw: object) -> object:
        return self._watched(draw, super().draw)

    def _watched(self, decision: object, answer: Callable[[object], object]) -> object:
        if self.before is not None:
            self.before(decision)
        try:
            return answer(decision)
        except BaseException as exc:
            if self.interrupted is not None:
                self.interrupted()
            if isinstance(exc, (KsError, KeyboardInterrupt, SystemExit)):
                raise
            side = _plain(getattr(decision, "player", None))
            raise KsError(f"the {side} player failed when asked '{decision.key}': "
                          f"{type(exc).__name__}: {exc}") from exc


@dataclass
class Playthrough:
    """A scenario, its seed and players, and the session they play in."""

    scenario: str
    seed: int
    kinds: list[str]
    session: Session
    setup_actions: int  # how many of session.actions the set-up made
    in_progress: dict | None = None  # the action running now (saves mid-turn)
    narrated: int = 0  # events already shown (to a person playing, or on the screen)
    headed: bool = False  # the heading was shown
    options: list[str] = field(default_factory=list)  # optional rules switched on
    # The player's own rule files (ks play --rules): {"path", "text"} each.
    house_rules: list[dict] = field(default_factory=list)
    modules: list[str] = field(default_factory=list)  # modules given by path (ks play --module)
    stopped: dict | None = None  # the save of the moment a player stopped the game
    replayed_log: list[Event] | None = None  # a save's log, replayed to its last answer
    replay_checked: bool = False  # a save's replay was found to give the game it recorded

    def keep_stopped(self) -> None:
        self.stopped = self.save()

    @property
    def turns(self) -> list[str]:
        return [t["label"] for t in self.session.state.catalog["game"]["game"]["turns"]]

    def perform(self, name: str, *args: object) -> object:
        self.in_progress = {"perform": name, "args": [_encode(a) for a in args]}
        self.stopped = None
        try:
            return self.session.perform(name, *args)
        finally:
            self.in_progress = None

    def run(self, until: int | None = None,
            after_turn: Callable[[], None] | None = None) -> None:
        """Play turns until the game is decided, the last turn, or turn *until*;
        *after_turn* is told when each turn is over (to show the game as it goes)."""
        # Between its turns only the turns' own events change the state, and
        # each forgets the reads it changes (core.events.forget_reads) and moves
        # on the version and counts the kept answers are stamped with: the
        # readers' values and the rules' answers are kept across the turns, not
        # only within a call (Program.keeping).
        session = self.session
        # The collector is paced between the turns too (collector.py).
        with session.program.keeping(session.ctx), paced_collector():
            while game_goes_on(session, until):
                self.perform("play_turn")
                if after_turn is not None:
                    after_turn()

    def save(self) -> dict:
        """The game as JSON-ready data, between actions or in the middle of one.

        What resumes it is the replay part — scenario, seed, players, actions,
        the action in progress and the decisions so far: replaying them gives
        the same game, event for event.  Between actions the session's own
        snapshot (state, log, dice; :meth:`Session.save`) is included too.
        """
        s = self.session
        data = s.save() if self.in_progress is None else {}
        data.update({"save_version": SAVE_VERSION, "scenario": self.scenario, "seed": self.seed,
                     "options": list(self.options), "house_rules": list(self.house_rules),
                     "modules": list(self.modules),
                     "players": list(self.kinds), "explaining": s.ctx.explaining,
                     "setup_actions": self.setup_actions, "actions": list(s.actions),
                     "in_progress": self.in_progress, "decisions": jsonable(s.players.record),
                     "events": len(s.state.log), "log_sha256": log_fingerprint(s.state.log),
                     "turn": s.state.turn})
        return data


def log_fingerprint(log: list[Event]) -> str:
    """A hash of what happened (kinds and data; not the explanations, which
    depend only on whether the game was explaining)."""
    digest = hashlib.sha256()
    for e in log:
        digest.update(json.dumps([e.seq, e.kind, e.data], sort_keys=True,
                                 separators=(",", ":")).encode())
    return digest.hexdigest()


def new_game(scenario: str, seed: int, kinds: list[str], explain: bool = False,
             before_decision: Callable[[object], None] | None = None,
             options: Iterable[str] = (), house_rules: Iterable[dict] = (),
             modules: Iterable[str] = ()) -> Playthrough:
    """*options*: the optional rules switched on by name; *house_rules*: rule
    files of the player's own ({"path", "text"}, layered as optional rules
    over the scenario's modules); *modules*: paths of modules that are not
    installed (a designer's title, a modder's plugin), loaded beside the
    installed ones. A save records all three."""
    house_rules = [dict(r) for r in house_rules]
    modules = [str(Path(m).resolve()) for m in modules]
    from kriegsspiel.engine.plugins import registry_with
    registry = registry_with(modules)
    # The set-up asks no questions, so the players can be seated once the
    # scenario is loaded: one load, and the sides in the game's order.
    table = _WatchedTable({}, before_decision)
    session = start(scenario, table, seed=seed, options=options, registry=registry,
                    extra=[ExtraRules(r["path"], r["text"], "optional", Path(r["path"]).stem)
                           for r in house_rules])
    table.players = players_for(list(session.state.catalog["side"]), kinds, seed,
                                session).players
    session.ctx.explaining = explain
    game = Playthrough(scenario, seed, list(kinds), session, len(session.actions),
                       options=list(options), house_rules=house_rules, modules=modules)
    if any(_interactive(p) for p in table.players.values()):
        table.before = _Narrator(game, table, before_decision)
    table.interrupted = game.keep_stopped
    return game


class _Narrator:
    """A person at the table sees what happened since his last question (the
    readable lines of the events so far) before each question he is asked."""

    def __init__(self, game: Playthrough, table: Table,
                 then: Callable[[object], None] | None) -> None:
        self.game, self.table, self.then = game, table, then

    def __call__(self, decision: object) -> None:
        side = getattr(decision.player, "id", decision.player)
        player = self.table.players.get(side)
        if _interactive(player):
            for line in lines_so_far(self.game, self.game.session.ctx.explaining,
                                     result=False):
                print(line, file=player.stdout)
        if self.then is not None:
            self.then(decision)


def play(scenario: str, seed: int, kinds: list[str], until: int | None = None,
         explain: bool = False, options: Iterable[str] = ()) -> tuple[Session, list[str]]:
    """Play *scenario* with bots: the session and the readable log."""
    game, lines = play_game(scenario, seed, kinds, until, explain, options=options)
    return game.session, lines


def play_game(scenario: str, seed: int, kinds: list[str], until: int | None = None,
              explain: bool = False, check_invariants: bool = False,
              options: Iterable[str] = (),
              house_rules: Iterable[dict] = ()) -> tuple["Playthrough", list[str]]:
    """Play *scenario* with bots: the game and the readable log.  With
    *check_invariants*, stop at the first broken invariant
    (:class:`kriegsspiel.engine.invariants.InvariantBroken`; the game up to its last
    whole action is ``lines_so_far``);
    *options*: optional rules switched on by name."""
    game = new_game(scenario, seed, kinds, explain, options=options, house_rules=house_rules)
    run_checked(game, until, check_invariants)
    # What a person at the table was already shown is not printed again.
    return game, lines_so_far(game, explain)


def lines_so_far(game: "Playthrough", explain: bool, heading_first: bool = True,
                 result: bool = True) -> list[str]:
    """What was not yet shown (to a person at the table, or on the screen as the
    game went): the heading (once, if asked for), the events' lines and, with
    *result*, the result so far. They are then counted as shown."""
    first = heading(game) if heading_first and not game.headed else []
    lines = first + readable(game, explain, start=game.narrated, result=result)
    game.narrated, game.headed = len(game.session.state.log), game.headed or heading_first
    return lines


def heading(game: "Playthrough") -> list[str]:
    # Optional rules switched on are said (none: the heading as it always was).
    switched = f" — optional {', '.join(game.options)}" if game.options else ""
    if game.house_rules:
        switched += f" — house rules {', '.join(r['path'] for r in game.house_rules)}"
    return [f"{game.session.scenario.title} — seed {game.seed}{switched}",
            f"turn {game.turns[0]}"]


def run_checked(game: Playthrough, until: int | None, check: bool,
                after_turn: Callable[[], None] | None = None) -> None:
    """Play on to the end or turn *until*; with *check*, under the invariant checker."""
    if not check:
        game.run(until, after_turn)
        return
    from kriegsspiel.engine.invariants import InvariantChecker
    checker = InvariantChecker(game.session).attach()
    try:
        game.run(until, after_turn)  # a broken one undoes its action (InvariantBroken)
    finally:
        checker.detach()


def readable(game: Playthrough, explain: bool, start: int = 0,
             result: bool = True) -> list[str]:
    """The readable lines of the events from *start* on, and the result."""
    session = game.session
    lines = [line for _, line in readable_events(game, explain, start)]
    # The ruleset's own events say how it ended (ks_describe_event); it is
    # over when the contract's game_decided says so or its turns have run out.
    if result and game_goes_on(session):
        lines.append("RESULT: not decided (stopped before the end)")
    return lines


def game_goes_on(session: Session, until: int | None = None) -> bool:
    """Whether ``ks play`` plays another turn: the game's turns (its first
    *until*) have not run out and the contract's ``game_decided`` has not
    decided it."""
    turns = len(session.state.catalog["game"]["game"]["turns"])
    last = turns if until is None else min(until, turns)
    return session.state.turn < last and not session.value("game_decided")


def readable_events(game: Playthrough, explain: bool,
                    start: int = 0) -> list[tuple[int, str]]:
    """Each readable line of the events from *start* on, with the index of the
    event it describes (its explanations' lines with it)."""
    session, lines, turns = game.session, [], game.turns
    setting_up, begins = True, play_begins(session)
    registry, modules = session_modules(session)
    for index, event in enumerate(session.state.log):
        setting_up = setting_up and event.kind not in begins
        if index < start:
            continue
        line = describe(event, turns, setting_up, registry, modules, session.program)
        if line:
            lines.append((index, line))
            if explain:
                lines += [(index, "        · " + explained(record))
                          for record in jsonable(event.cause)]
    return lines


def _interactive(player: object) -> bool:
    from kriegsspiel.core import players
    terminal = getattr(players, "TerminalPlayer", None)
    return terminal is not None and isinstance(player, terminal)


def shipped_scenarios() -> list[str]:
    """Every scenario shipped with the package, as `ks play` names it ('crete/learning')."""
    from kriegsspiel.core.loading import shipped_roots
    return sorted(str(p.relative_to(root).with_suffix("")).replace("\\", "/")
                  for root in shipped_roots() if root.name == "scenarios"
                  for p in root.rglob("*.yaml"))


# Golden playthroughs (tests/golden, scripts/regen_golden.py): each shipped
# scenario played by bots with a seed, as `ks play` prints it. What is played
# lives beside the goldens, in their folder's settings.yaml, so the tool names
# no scenario.
@dataclass(frozen=True)
class GoldenSettings:
    seed: int = 1
    players: tuple[str, ...] = ("random",)
    # Scenarios whose golden records only the first turns (a whole game runs
    # past a test's budget): scenario → turns, as `ks play --until N` plays them.
    until: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, folder: Path) -> "GoldenSettings":
        """The settings.yaml of the goldens' *folder* (none: the defaults)."""
        path = folder / "settings.yaml"
        if not path.exists():
            return cls()
        data = load_yaml(path).data or {}
        return cls(int(data.get("seed", 1)), tuple(data.get("players", ("random",))),
                   {str(k): int(v) for k, v in (data.get("until") or {}).items()})

    def name(self, scenario: str) -> str:
        """'crete/learning' → 'crete_learning_seed1.txt' (<game>_<scenario>_seed<N>)."""
        return f"{scenario.replace('/', '_')}_seed{self.seed}.txt"

    def text(self, scenario: str, check_invariants: bool = False) -> str:
        """What `ks play SCENARIO --seed N [--until T]` prints; with
        *check_invariants* the game stops at the first broken invariant
        (InvariantBroken) — watching does not change the game, so the text is
        the same."""
        _, lines = play_game(scenario, self.seed, list(self.players),
                             until=self.until.get(scenario), check_invariants=check_invariants)
        return "\n".join(lines) + "\n"


def write_log(session: Session, path: Path) -> None:
    write_whole(path, session.log_text(), "event log")


def write_save(game: Playthrough, path: Path) -> None:
    """The game as it stands; stopped at a decision, as it stood then (replay part)."""
    data = game.stopped if game.stopped is not None else game.save()
    write_whole(path, json.dumps(data, sort_keys=True), "save")


__all__: Iterable[str] = ["play", "play_game", "new_game", "run_checked", "lines_so_far",
                          "seated_kinds", "Playthrough", "readable", "readable_events",
                          "write_log", "write_save", "describe",
                          "players_for", "log_fingerprint", "shipped_scenarios", "GoldenSettings"]
