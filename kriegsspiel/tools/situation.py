"""``ks resolve``: a situation file → a session → one action → a report.

A situation (``core/situation.py``, docs/situations.md) is a small map, units
with their counter values and markers, the conditions, one declared action,
the dice and the answers.  :func:`build` checks every name in it against the
compiled rules (located errors with a did-you-mean) and sets the game up;
:func:`run` performs the action(s) and reports the events with their
explanations and the final state of the units; :func:`check_expectations`
compares the report with the file's ``expect`` block.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable


from kriegsspiel.core.dice import Dice, DiceExhausted
from kriegsspiel.core.errors import KsError, KsErrors, did_you_mean
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.loading import shipped_roots
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import Game, TerrainType
from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.core.refcheck import check_references
from kriegsspiel.core.situation import (UNIT_STATE, Action, Problems, Situation,
                                        check_expect_names, check_expectations, records)
from kriegsspiel.core.state import Ref
from kriegsspiel.core.yamlio import render_path, where
from kriegsspiel.dsl.runtime import _plain
from kriegsspiel.engine.optional import with_optional_modules
from kriegsspiel.engine.plugins import Registry, load_registry
from kriegsspiel.engine.reading import read_game, read_situation
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.session import Session
from kriegsspiel.engine.situation_catalog import catalog as _catalog
from kriegsspiel.engine.starting import data_vocabulary, prepare, set_up

CALLABLE = ("procedure", "check", "def", "modifiers")
WEATHER_TRACK, WEATHER_NAMES = "todays_weather", "weather_names"  # rules/los.ksr (gts:26.0)


class _Recorder(KeyedPlayer):
    """A KeyedPlayer that also notes every question with its legal answers."""

    def __init__(self, side: str, log: list[dict]) -> None:
        super().__init__({})
        self.side, self.log = side, log

    def decide(self, decision: Any) -> Any:
        answer = super().decide(decision)
        self.log.append({"player": self.side, "key": decision.key,
                         "subject": _plain(decision.subject),
                         "options": [_plain(o) for o in decision.options],
                         "answer": _plain(answer)})
        return answer


@dataclass
class Built:
    situation: Situation
    session: Session
    calls: list[tuple[tuple, Action, str, list]]  # (data path, action, callable, arguments)
    players: dict[str, _Recorder]
    decisions: list[dict] = field(default_factory=list)


# ----------------------------------------------------------------- loading, building


def load(path: str | Path, registry: Registry | None = None) -> Situation:
    """Read and validate a situation file (located errors), with the keys of the
    modules its rules name (ks_situation_schema)."""
    return read_situation(path, registry or load_registry())


def build(sit: Situation, rolls: list[int] | None = None,
          registry: Registry | None = None) -> Built:
    """Compile the rules, check every name against them and set the game up."""
    registry = registry or load_registry()
    if sit.scenario is not None:
        return _on_scenario(sit, rolls, registry)
    sit = sit.model_copy(update={"rules": with_optional_modules(registry, sit.rules,
                                                                sit.special_rules)})
    errors = Problems()
    for i, name in enumerate(sit.rules):
        if name not in registry.modules:
            errors.add(sit, ("rules", i), f"unknown rule module '{name}'",
                       did_you_mean(name, registry.modules))
    if errors:
        raise KsErrors(errors)
    program = build_program(sit.rules, registry)
    names = registry.select(sit.rules)
    vocabulary = data_vocabulary(registry, names)
    grid, index = _map(sit, program, errors, registry)
    catalog = _catalog(sit, registry.first("ks_counter_values_model", names), errors)
    registry.call("ks_lay_out_situation", names, catalog=catalog, situation=sit, problems=errors)
    registry.call("ks_lay_out_catalog", names, catalog=catalog, game=None, scenario=None)
    tracks = {kind: {n: d for n, d in program.tracks.items() if d.on == kind}
              for kind in program.entity_kinds}
    if index is not None:
        _check_state(sit, program, catalog, index, tracks, vocabulary, errors)
    calls = _calls_checked(sit, program, catalog, tracks, errors)
    decisions: list[dict] = []
    players = {side: _Recorder(side, decisions) for side in catalog["side"]}
    session = Session(program, catalog, _dice(sit, rolls), Table(players), grid, index)
    _set_up(session, sit, vocabulary)
    return Built(sit, session, calls, players, decisions)


def _calls_checked(sit: Situation, program: Any, catalog: dict, tracks: dict,
                   errors: Problems) -> list:
    """The actions' callables and arguments; every problem found so far raised
    together, in the file's order."""
    calls = [(steps, a, *_call(sit, program, catalog, a, steps, errors))
             for steps, a in sit.all_actions()]
    errors.extend(check_expect_names(
        sit, events=[*program.events, "action", "decision"], markers=list(tracks["unit"]),
        valued=[n for n, d in program.decls.items() if d.kind in ("def", "modifiers", "table")],
        checks=[n for n, d in program.decls.items() if d.kind == "check"],
        units=list(catalog["unit"])))
    if errors:
        raise KsErrors(sorted(errors, key=lambda e: (e.location.line, e.location.column)
                              if e.location else (0, 0)))
    return calls


def _dice(sit: Situation, rolls: list[int] | None) -> Dice:
    return Dice(0, script=list(sit.rolls if rolls is None else rolls), picks=sit.draws or None)


def _on_scenario(sit: Situation, rolls: list[int] | None, registry: Registry) -> Built:
    """A situation set in a scenario: the scenario's catalog (sheets, boxes,
    reinforcements, the rulesets' pieces) and set-up, as `ks play` starts it;
    then this file's own counters, placements, markers and turn."""
    errors = Problems()
    try:
        ready = prepare(sit.scenario, registry, options=sit.special_rules)
    except KsError as exc:
        errors.add(sit, ("scenario",), exc.message, exc.hint)
        raise KsErrors(errors) from None
    program, cat, names = ready.program, ready.catalog, ready.names
    sit = sit.model_copy(update={"rules": list(ready.loaded.scenario.rulesets)})
    _add_counters(sit, cat, registry, names, errors)
    tracks = {kind: {n: d for n, d in program.tracks.items() if d.on == kind}
              for kind in program.entity_kinds}
    vocabulary = data_vocabulary(registry, names)
    _check_state(sit, program, cat, ready.index, tracks, vocabulary, errors)
    labels = [t["label"] for t in cat["game"]["game"]["turns"]]
    if sit.conditions.at is not None and sit.conditions.at not in labels:
        errors.add(sit, ("conditions", "at"), f"turn '{sit.conditions.at}' is not on the "
                   "scenario's turn track", did_you_mean(sit.conditions.at, labels))
    calls = _calls_checked(sit, program, cat, tracks, errors)
    decisions: list[dict] = []
    players = {side: _Recorder(side, decisions) for side in cat["side"]}
    if sit.scenario_set_up:
        session = set_up(ready, Table(players), Dice(0), registry)
    else:
        session = Session(program, cat, Dice(0), Table(players), ready.grid, ready.index)
        session.scenario = ready.loaded.scenario
    session.dice.__dict__.update(_dice(sit, rolls).__dict__)  # the file's dice from here on
    decisions.clear()  # the set-up's questions are the scenario's, not the situation's
    if sit.conditions.at is not None:
        session.state.record("turn_advanced", {"turn": labels.index(sit.conditions.at)},
                             [{"what": "set-up", "situation": sit.title}])
    _set_up(session, sit, vocabulary)
    return Built(sit, session, calls, players, decisions)


def _add_counters(sit: Situation, cat: dict, registry: Registry, names: list[str],
                  errors: Problems) -> None:
    """The file's own counters (those with values) join the scenario's; a unit
    without values must be one of the scenario's."""
    for i, u in enumerate(sit.units):
        if u.values is None and u.id not in cat["unit"]:
            errors.add(sit, ("units", i, "id"), f"the scenario has no counter '{u.id}' (give "
                       "its 'values' to add one)", did_you_mean(u.id, cat["unit"]))
        elif u.values is not None and u.id in cat["unit"]:
            errors.add(sit, ("units", i, "values"), f"the scenario has a counter '{u.id}': "
                       "leave out 'values' to use it, or give the new one another id")
    placed = sit.model_copy(update={"sides": list(cat["side"])})
    added = _catalog(placed, registry.first("ks_counter_values_model", names), errors, cat)
    for kind in ("unit", "leader"):
        cat[kind].update(added[kind])
    registry.call("ks_lay_out_situation", names, catalog=cat, situation=placed, problems=errors)


def _map(sit: Situation, program: Any, errors: Problems,
         registry: Registry) -> tuple[HexGrid | None, Any]:
    m, terrain = sit.map, {}
    if m.shipped:
        games = {p.parent.name: p.parent for root in shipped_roots()
                 for p in root.rglob("game.yaml")}
        if m.game not in games:
            errors.add(sit, ("map", "game"), f"unknown game '{m.game}'", did_you_mean(m.game, games))
            return None, None
        game = read_game(games[m.game], registry)
        found = next((gm for gm in game.maps if gm.id == m.map), None)
        if found is None:
            errors.add(sit, ("map", "map"), f"game '{m.game}' has no map '{m.map}'",
                       did_you_mean(m.map, [gm.id for gm in game.maps]))
            return None, None
        game_map, terrain = found, {t.id: t for t in game.terrain}
    else:
        game_map = m
        for enum, kind in (("terrain_type", "hex"), ("hexside_type", "hexside")):
            for member in getattr(program.enums.get(enum), "members", ()):
                terrain[member] = TerrainType(id=member, kind=kind)
        terrain.update({r: TerrainType(id=r, kind="road") for r in m.roads})
        terrain.update({f.kind: TerrainType(id=f.kind, kind="feature") for f in m.features})
    terrain.update({t.id: t for t in sit.terrain})
    if not m.shipped:
        game = Game.model_construct(
            provenance="provisional", id="situation", title="", rulesets=[], sides=[],
            leaders=[], markers=[], unit_files=[],
            terrain_file="", map_files=[], turn_track=None, units=[],
            terrain=list(terrain.values()), maps=[m])
        found_errors = check_references(game)
        errors.extend(found_errors)
        if found_errors:
            return None, None
    g = game_map.grid
    digits = 3 if max(g.columns[1], g.rows[1]) > 99 else 2
    col_digits, row_digits = g.id_digits or (digits, digits)
    grid = HexGrid((g.columns[0], g.columns[1], g.rows[0], g.rows[1]), orientation=g.orientation,
                   offset=g.offset, col_digits=col_digits, row_digits=row_digits)
    return grid, MapIndex.build(game_map, list(terrain.values()), grid)


def _check_state(sit: Situation, program: Any, cat: dict, index: MapIndex, tracks: dict,
                 vocabulary: dict, errors: Problems) -> None:
    """Hexes on the map; markers, links and points the rules declare, in range."""
    def track(kind: str, name: str, value: int, steps: tuple) -> None:
        decl = tracks.get(kind, {}).get(name)
        if decl is None:
            errors.add(sit, steps, f"the rules declare no marker or track '{name}' on a {kind}",
                       did_you_mean(name, tracks.get(kind, {})), key=True)
        elif decl.low is not None and not decl.low <= value <= decl.high:
            errors.add(sit, steps, f"{name} {value} is outside {decl.low}..{decl.high}")

    def on_map(hex_id: str | None, steps: tuple) -> None:
        if hex_id is not None and not index.contains(hex_id):
            errors.add(sit, steps, f"hex '{hex_id}' is not on the map",
                       did_you_mean(hex_id, index.terrain))

    for kind, items in (("unit", sit.units), ("leader", sit.leaders)):
        for i, item in enumerate(items):
            on_map(item.hex, (kind + "s", i, "hex"))
    for i, u in enumerate(sit.units):
        for name, value in u.markers.items():
            track("unit", name, value, ("units", i, "markers", name))
        for name, target in u.links.items():
            link = program.links.get(name)
            if link is None or "unit" not in link.kinds:
                errors.add(sit, ("units", i, "links", name), f"the rules declare no link '{name}' "
                           "on a unit", did_you_mean(name, program.links), key=True)
            elif target not in cat.get(link.to, {}):
                errors.add(sit, ("units", i, "links", name), f"unknown {link.to} '{target}'",
                           did_you_mean(target, cat.get(link.to, {})))
    for hex_id, markers in sit.hex_markers.items():
        on_map(hex_id, ("hex_markers", hex_id))
        for name, value in markers.items():
            track("hex", name, value, ("hex_markers", hex_id, name))
    for owner, values in sit.conditions.points.items():
        kind = _kind_of(cat, owner, program.entity_kinds)
        if kind is None:
            errors.add(sit, ("conditions", "points", owner), f"unknown '{owner}': no piece "
                       "or other entity of the set-up has that id",
                       did_you_mean(owner, [i for k in program.entity_kinds
                                            for i in cat.get(k, {})]), key=True)
            continue
        points = vocabulary.get(f"{kind}.points", {})
        for name, value in values.items():
            track(kind, points.get(name, name), value, ("conditions", "points", owner, name))
    for name, value in sit.conditions.game.items():
        track("game", name, value, ("conditions", "game", name))
    weather = sit.conditions.weather
    if weather is not None:
        decl = tracks["game"].get(WEATHER_TRACK)
        codes = {} if decl is None or WEATHER_NAMES not in program.decls else \
            {program.lookup(WEATHER_NAMES, c): c for c in range(decl.low, decl.high + 1)}
        if decl is None or (isinstance(weather, str) and weather not in codes):
            errors.add(sit, ("conditions", "weather"), f"unknown weather '{weather}'",
                       did_you_mean(str(weather), codes))
        else:
            sit.conditions.game.setdefault(WEATHER_TRACK, codes.get(weather, weather))


def _call(sit: Situation, program: Any, cat: dict, action: Action, steps: tuple,
          errors: Problems) -> tuple[str, list]:
    """The callable an action names and its arguments, resolved by parameter name."""
    decl = program.decls.get(action.do)
    if decl is None or decl.kind not in CALLABLE:
        errors.add(sit, steps + ("do",), f"unknown procedure '{action.do}'",
                   did_you_mean(action.do, [n for n, d in program.decls.items()
                                            if d.kind in CALLABLE]))
        return action.do, []
    given, params = action.arguments(), [p.name for p in decl.params]
    for key in given:
        if key not in params:
            errors.add(sit, steps + (key,), f"{decl.kind} '{action.do}' has no parameter "
                       f"'{key}' (it has: {', '.join(params) or 'none'})",
                       did_you_mean(key, params), key=True)
    args = []
    for p in decl.params:
        kind = program.param_kind(p) or "any"
        if p.name not in given:
            if kind not in ("int", "bool"):
                errors.add(sit, steps, f"missing argument '{p.name}' of {decl.kind} '{action.do}'")
            args.append(0 if kind == "int" else False)
            continue
        args.append(_argument(sit, cat, given[p.name], kind, program.entity_kinds,
                              steps + (p.name,), errors))
    return action.do, args


def _argument(sit: Situation, cat: dict, value: Any, kind: str, kinds: tuple[str, ...],
              steps: tuple, errors: Problems) -> Any:
    if kind in ("hex", "game"):
        return Ref(kind, value if kind == "hex" else "game")
    if kind in kinds:
        if value not in cat.get(kind, {}):
            errors.add(sit, steps, f"unknown {kind} '{value}'", did_you_mean(str(value),
                                                                             cat.get(kind, {})))
        return Ref(kind, str(value))
    wanted = {"int": int, "bool": bool, "str": str}.get(kind)
    if wanted is not None and (type(value) is not wanted):
        errors.add(sit, steps, f"expected {'a whole number' if kind == 'int' else kind}, "
                   f"not {value!r}")
    if kind == "any" and isinstance(value, list):
        return [_argument(sit, cat, v, kind, kinds, steps + (i,), errors)
                for i, v in enumerate(value)]
    if kind == "any" and isinstance(value, str):
        entity = _kind_of(cat, value, kinds)
        if entity is not None:
            return Ref(entity, value)
    return value


def _kind_of(cat: dict, value: Any, kinds: tuple[str, ...]) -> str | None:
    """The entity kind whose catalog holds the id *value* (pieces first, in the
    order the rules declare their kinds)."""
    for kind in kinds:
        if kind not in ("hex", "game") and value in cat.get(kind, {}):
            return kind
    return None


def _set_up(session: Session, sit: Situation, vocabulary: dict) -> None:
    """Placements, faces, markers, links and points, recorded as set-up."""
    cause = [{"what": "set-up", "situation": sit.title}]
    for kind, items in (("unit", sit.units), ("leader", sit.leaders)):
        for item in items:
            if item.hex is not None:
                session.place(item.id, session.state.grid.format(
                    session.state.grid.parse(item.hex)), kind)
    for u in sit.units:
        if u.face == "back":
            session.state.record("unit_flipped", {"unit": u.id, "face": "back"}, cause)
        for name, value in u.markers.items():
            session.set_initial(Ref("unit", u.id), name, value)
        for name, target in u.links.items():
            to = session.program.links[name].to
            session.state.set_link(Ref("unit", u.id), name, Ref(to, target), cause)
    for hex_id, markers in sit.hex_markers.items():
        for name, value in markers.items():
            session.set_initial(Ref("hex", hex_id), name, value)
    for owner, values in sit.conditions.points.items():
        kind = _kind_of(session.state.catalog, owner, session.program.entity_kinds)
        points = vocabulary.get(f"{kind}.points", {})
        for name, value in values.items():
            session.set_initial(Ref(kind, owner), points.get(name, name), value)
    for name, value in sit.conditions.game.items():
        session.set_initial(Ref("game", "game"), name, value)


# ----------------------------------------------------------------------- running


def run(built: Built) -> dict:
    """Perform the action(s); the report: events with their explanations, the
    decisions with their legal answers, the dice, the units' final state."""
    sit, session = built.situation, built.session
    start, results = len(session.state.log), []
    shared = {k: v for k, v in sit.answers.items() if k not in built.players}
    for steps, action, name, args in built.calls:
        for side, player in built.players.items():
            own = sit.answers.get(side) if isinstance(sit.answers.get(side), dict) else {}
            path = {"move": list(action.path)} if action.path is not None else {}
            player.answers = copy.deepcopy({**shared, **own, **action.answers, **path})
        try:
            results.append(_plain(session.perform(name, *args)))
        except DiceExhausted as exc:
            raise KsError(f"{render_path(steps)}: {exc.message}: give more 'rolls'",
                          where(sit, *steps)) from None
        except KsError as exc:
            if exc.location is not None or isinstance(exc, KsErrors):
                raise
            raise KsError(f"{render_path(steps)}: {exc.message}", where(sit, *steps),
                          exc.hint) from None
    state, dice = session.state, session.dice
    unit_tracks = [n for n, d in session.program.tracks.items() if d.on == "unit"]
    units = {}
    # The units the file names: its own, and on a scenario those it expects of.
    named = [u.id for u in sit.units] + ([*sit.expect.units, *sit.expect.markers]
                                         if sit.expect is not None else [])
    for ident in dict.fromkeys(named):
        ref = Ref("unit", ident)
        entry = {k: state.attr(ref, k) for k in UNIT_STATE}
        entry["markers"] = {t: state.attr(ref, t) for t in unit_tracks if state.attr(ref, t)}
        entry["links"] = dict(state.links.get(ref.key, {}))
        units[ident] = entry
    used = len(dice.script) - len(dice.remaining() or [])
    return {"title": sit.title, "rules": list(sit.rules),
            "actions": [{"do": name, "args": {k: _plain(v) for k, v in
                                              zip(_param_names(session, name), args)}}
                        for _, _, name, args in built.calls],
            "results": results,
            "events": [_event(e.to_json()) for e in state.log[start:]],
            "decisions": list(built.decisions),
            "dice": {"rolled": dice.script[:used], "unused": dice.script[used:]},
            "units": units}


def _event(data: dict) -> dict:
    """An event as JSON data (its explanation records made plain by the log)."""
    return {"seq": data["seq"], "kind": data["kind"], "data": data["data"],
            "explanation": data["cause"]}


def _param_names(session: Session, name: str) -> list[str]:
    return [p.name for p in session.program.decls[name].params]


def resolve(path: str | Path, rolls: list[int] | None = None, registry: Registry | None = None,
            options: Iterable[str] = ()) -> tuple[Situation, dict]:
    """Load, build and run a situation file; *options*: optional rules switched on
    by name beside its own special rules (`ks resolve --optional`)."""
    sit = load(path)
    if options:
        registry = registry or load_registry()
        for ref in options:
            registry.optional_module(ref)  # an unknown name: an error with a did-you-mean
        extra = [r for r in options if r not in sit.special_rules]
        sit = sit.model_copy(update={"special_rules": list(sit.special_rules) + extra})
    return sit, run(build(sit, rolls, registry))


__all__ = ["load", "build", "run", "resolve", "check_expectations", "records", "Built"]
