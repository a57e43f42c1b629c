"""A game in progress: compiled rules + state + dice + players.

Everything a front end (CLI, bots, tests) does to a game goes through
:meth:`Session.perform`, which runs a named rule procedure atomically: if
anything goes wrong the state, the log and the dice are exactly as before.
"""

from __future__ import annotations

import json
from typing import Any

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError
from kriegsspiel.core.jsonable import jsonable
from kriegsspiel.core.players import ScriptedPlayer, Table
from kriegsspiel.core.state import GameState, Ref
from kriegsspiel.dsl.program import Program
from kriegsspiel.dsl.runtime import Context, RuleRuntimeError, _plain
from kriegsspiel.dsl.types import article
from kriegsspiel.engine.collector import paced_collector


class Session:
    def __init__(self, program: Program, catalog: dict[str, dict[str, dict]],
                 dice: Dice | None = None, players: Table | None = None, grid: Any = None,
                 game_map: Any = None) -> None:
        self.program = program
        self.state = GameState(catalog, grid, track_names=set(program.tracks),
                               link_kinds=program.link_kinds)
        self.state.map = game_map
        self.dice = dice or Dice(0)
        self.players = players or Table({})
        self.ctx = Context(self.state, self.dice, self.players, rules=program)
        self.actions: list[dict] = []  # what was performed, for saves and replays

    def ref(self, kind: str, ident: str) -> Ref:
        return self.state.ref(kind, ident)

    def place(self, unit: str, hex_id: str | None, kind: str = "unit") -> None:
        ref = self.ref(kind, unit)
        self.ctx.emit("unit_placed", {"unit": ref, "origin": self.state.placement.get(unit),
                                      "destination": hex_id})
        self.actions.append({"place": unit, "kind": kind, "hex": hex_id})

    def set_initial(self, entity: Ref, track: str, value: int) -> None:
        """A starting value from the scenario (recorded, and replayed, as set-up)."""
        self.state.set_track(entity, track, value, [{"what": "set-up", "track": track}])
        self.actions.append({"initial": [entity.kind, entity.id], "track": track, "value": value})

    def perform(self, name: str, *args: Any) -> Any:
        """Run a rule procedure (or check, def, modifiers) all or nothing."""
        check_arguments(self.program, self.state, name, args)  # before anything can change
        dice_state, decided = self.dice.state(), len(self.players.record)
        len_before = len(self.state.log)
        try:
            with paced_collector(), self.state.transaction():
                try:
                    result = self.program.call(name, self.ctx, *args)
                except RuleRuntimeError as e:
                    # Said before the transaction rolls back the events that tell it.
                    if not e.context:
                        e.context = self.where(name, args, len_before)
                    raise
                action = {"perform": name, "args": [_encode(a) for a in args]}
                # Closes the action in the log, with the explanations (checks that
                # passed, values computed) that changed nothing themselves.
                self.state.record("action", {**action, "result": _plain(result)},
                                  self.ctx.take_trace())
                self.actions.append(action)
                return result
        except BaseException:
            restored = Dice.from_state(dice_state)
            self.dice.__dict__.update(restored.__dict__)
            del self.players.record[decided:]
            self.ctx.trace.clear()
            raise

    def where(self, name: str, args: tuple, since: int, shown: int = 4) -> list[str]:
        """Where in the game a rule failed: the turn, the action, and the last
        events of that action (which name the pieces and places involved)."""
        label = self.program.call("turn_label", self.ctx) or str(self.state.turn)
        shown_args = ", ".join(json.dumps(_plain(a), default=str) for a in args)
        lines = [f"in the game: turn {label}, action {name}({shown_args}), "
                 f"after event {len(self.state.log)}"]
        for event in self.state.log[max(since, len(self.state.log) - shown):]:
            data = ", ".join(f"{k}={_plain(v)}" for k, v in event.data.items())
            lines.append(f"  event {event.seq} {event.kind}: {data}")
        return lines

    def value(self, name: str, *args: Any) -> Any:
        """Evaluate a pure definition (def or modifiers) against the current state.

        Its explanation travels with the value (``Explained``); the records are
        not left pending to be attached to the next, unrelated, state change.
        """
        try:
            return self.program.call(name, self.ctx, *args)
        finally:
            self.ctx.trace.clear()

    def refusal(self, key: str, subject: Any, choice: Any) -> str | None:
        """Why *choice* is not among the options of the question *key* about
        *subject*, in the rules' words: their definition ``refused_<key>``
        (subject, choice) where they have one, else None.

        It reads the state only, in a context of its own: a question is asked
        in the middle of an action, whose pending explanations stay as they are.
        """
        name = f"refused_{key}"
        compiled = self.program.compiled.get(name)
        if compiled is None or compiled.decl.kind != "def":
            return None
        reason = _plain(self.read(name, subject, choice, reader=name))
        return str(reason) if reason else None

    def read(self, name: str, *args: Any, reader: str = "a reading") -> Any:
        """The rule *name* of *args* read on a context of its own, explaining
        nothing: the state is read as it stands, while an action may be waiting
        for an answer, whose pending explanations, kept answers and dice stay
        as they are.  A rule that would ask a question is an error (*reader*
        says who asked)."""
        def asks_nothing(decision: Any) -> Any:
            raise KsError(f"{reader} asks '{decision.key}': it is read, not decided")
        ctx = Context(self.state, Dice(0), asks_nothing, rules=self.program, explaining=False)
        return self.program.call(name, ctx, *args)

    def attr(self, entity: Ref, name: str) -> Any:
        return self.state.attr(entity, name)

    def events(self, kind: str | None = None) -> list:
        return [e for e in self.state.log if kind is None or e.kind == kind]

    # ---- saving and replaying ----------------------------------------------
    def save(self) -> dict:
        """Everything needed to continue this exact game, as JSON-ready data."""
        return {"format": 1, "catalog": self.state.catalog, "state": self.state.snapshot(),
                "log": [e.to_json() for e in self.state.log], "dice": self.dice.state(),
                "actions": self.actions, "decisions": jsonable(self.players.record)}

    @classmethod
    def load(cls, program: Program, data: dict, players: Table | None = None,
             grid: Any = None) -> "Session":
        if data.get("format") != 1:
            raise KsError(f"unsupported save format {data.get('format')!r}")
        session = cls(program, data["catalog"], Dice.from_state(data["dice"]), players, grid)
        session.state.restore(data["state"], data["log"])
        session.actions = list(data["actions"])
        session.players.record = list(data["decisions"])
        return session

    @classmethod
    def replay(cls, program: Program, catalog: dict, seed: int, actions: list[dict],
               decisions: list[dict], grid: Any = None) -> "Session":
        """Replay = seed + actions + decisions: the same game, event for event."""
        by_side: dict[str, list] = {}
        for d in decisions:
            by_side.setdefault(d["player"], []).append((d["key"], d["answer"]))
        players = Table({side: ScriptedPlayer(answers) for side, answers in by_side.items()})
        session = cls(program, catalog, Dice(seed), players, grid)
        for action in actions:
            if "place" in action:
                session.place(action["place"], action["hex"], action.get("kind", "unit"))
            elif "initial" in action:
                session.set_initial(Ref(*action["initial"]), action["track"], action["value"])
            else:
                session.perform(action["perform"], *[_decode(a) for a in action["args"]])
        return session

    def log_text(self) -> str:
        """The event log as canonical JSON lines: equal games give equal bytes."""
        return "".join(json.dumps(e.to_json(), sort_keys=True, separators=(",", ":")) + "\n"
                       for e in self.state.log)


def check_arguments(program: Program, state: GameState, name: str, args: tuple) -> None:
    """An action from outside the rules gets what its declaration asks for: as
    many arguments, and of the declared kinds (entities that exist), or a
    KsError saying which — inside the rules the compiler has checked this."""
    decl = program.decls.get(name)
    params = getattr(decl, "params", None)
    if params is None:
        return  # not a definition with parameters: Program.call says what is wrong
    if len(args) != len(params):
        raise KsError(f"'{name}' takes {len(params)} argument(s) "
                      f"({', '.join(p.name for p in params)}), not {len(args)}")
    for param, arg in zip(params, args):
        want = program.param_kind(param) or "any"
        if want == "any":
            continue
        if want in _PLAIN_TYPES:
            ok = isinstance(arg, _PLAIN_TYPES[want]) and (want == "bool") == isinstance(arg, bool)
        else:
            ok = isinstance(arg, Ref) and arg.kind == want and (
                want in ("hex", "game") or arg.id in state.catalog.get(want, {}))
        if not ok:
            raise KsError(f"'{name}': {param.name} must be {article(want)}, not {arg!r}")


_PLAIN_TYPES = {"int": int, "bool": bool, "str": str}


def _encode(value: Any) -> Any:
    if isinstance(value, Ref):
        return {"ref": [value.kind, value.id]}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]  # a group of Units acting together
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict) and "ref" in value:
        return Ref(*value["ref"])
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value
