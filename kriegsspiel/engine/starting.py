"""From a scenario file to a game in progress: the catalog, the turn track and
the set-up.

The catalog is the read-only half of the game state: every entity's static
facts (a counter's printed faces, a division's ratings in this scenario, the
turn track), to which each ruleset adds its own pieces (ks_lay_out_catalog:
GTS's chits and Rearguards).  The set-up is then played into the event log
like any other change (the rulesets' part through ks_set_up), so a saved game
shows where every piece started.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from typing import Iterable

from kriegsspiel.engine import optional
from kriegsspiel.engine.collector import paced_collector
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError, KsErrors, did_you_mean
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.loading import check_references
from kriegsspiel.core.models import Game, MapModel, expand_hexes
from kriegsspiel.core.players import Table
from kriegsspiel.core.models import DataModel
from kriegsspiel.core.scenario import Scenario, VictoryCondition, units_in_play
from kriegsspiel.core.sheets import SheetedGrid, qualified
from kriegsspiel.core.yamlio import load_yaml
from kriegsspiel.engine.plugins import Registry, load_registry
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.scenario_maps import grid_of, on_a_sheet, sheets_of
from kriegsspiel.engine.reading import Checks, content_roots, read_game, read_scenario
from kriegsspiel.engine.session import Session
from kriegsspiel.dsl.program import Program


@dataclass
class Loaded:
    game: Game
    scenario: Scenario
    path: Path


def find_scenario(name: str, registry: Registry | None = None) -> Path:
    """'crete/learning' (or a path) → the scenario file: the shipped ones and
    those of the modules (ks_content_roots)."""
    path = Path(name)
    roots = content_roots(registry or load_registry())
    try:
        if path.suffix in (".yaml", ".yml") and path.exists():
            return path
        for root in roots:
            candidate = root / f"{name}.yaml"
            if candidate.exists():
                return candidate
    except OSError as exc:  # a name too long for a file, say
        raise KsError(f"no scenario '{name[:60]}': {exc.strerror}") from None
    known = sorted(str(p.relative_to(root).with_suffix("")) for root in roots
                   for p in root.rglob("*.yaml") if root.name == "scenarios")
    raise KsError(f"no scenario '{name}'", None, did_you_mean(name, known))


def load(name: str, registry: Registry) -> Loaded:
    path = find_scenario(name, registry)
    scenario = read_scenario(path, registry)
    games = {p.parent.name: p.parent for root in content_roots(registry)
             for p in root.rglob("game.yaml")}
    if scenario.game not in games:
        raise KsError(f"scenario is for unknown game '{scenario.game}' (the games: "
                      f"{', '.join(sorted(games))})", load_yaml(path).locate(("game",)),
                      did_you_mean(scenario.game, games))
    names = registry.select(scenario.rulesets)
    game = read_game(games[scenario.game], registry)
    scenario = expanded(registry, names, scenario, path, game)
    errors = check_references(game, [scenario], Checks(registry))
    if errors:
        raise KsErrors(errors)
    grid = grid_of(game, scenario)
    if isinstance(grid, SheetedGrid):  # every hex id as the game spells it: 'sheet:CC.RR'
        scenario = qualified(scenario, grid)
    return Loaded(game, scenario, path)


def expanded(registry: Registry, names: list[str], scenario: Scenario, path: Path,
             game: Game) -> Scenario:
    """The scenario as its rulesets' conventions spell it out (ks_expand_scenario)."""
    for name in names:
        for _, result in registry.call("ks_expand_scenario", [name], scenario=scenario,
                                       path=path, game=game):
            scenario = result
    return scenario


def turn_track(game: Game, scenario: Scenario) -> list[dict]:
    """Every turn from the scenario's first to its last, with the game's tags."""
    track = game.turn_track
    if track is None:
        raise KsError(f"game '{game.id}' has no turn_track to lay the scenario's turns on")
    start_date, _, start_time = scenario.start_turn.partition(" ")
    end_date, _, end_time = scenario.end_turn.partition(" ")
    day = dt.date.fromisoformat(start_date)
    turns, started = [], False
    while day <= dt.date.fromisoformat(end_date):
        for label in track.daily:
            started = started or (day.isoformat() == start_date and label == start_time)
            if started:
                turns.append({"label": f"{day.isoformat()} {label}",
                              "tags": list(track.tags.get(label, []))})
                if day.isoformat() == end_date and label == end_time:
                    return turns
        day += dt.timedelta(days=1)
    raise KsError(f"scenario '{scenario.id}': turn {scenario.end_turn} is not on the turn track")


def catalog(game: Game, scenario: Scenario) -> dict:
    """The static facts of every entity, for GameState (a ruleset adds what its
    own keys say: ks_lay_out_catalog — GTS's order of battle, each counter's side)."""
    cat: dict[str, dict[str, dict]] = {"side": {s: {"name": s} for s in game.sides},
                                       "leader": {}, "unit": {}}
    for leader in game.leaders:
        cat["leader"][leader.id] = {"name": leader.name or leader.id, "kind": leader.kind,
                                    "side": leader.side, **leader.values}
    turns = turn_track(game, scenario)
    labels = [t["label"] for t in turns]
    arrivals = {u: r for r in scenario.reinforcements for u in r.units}
    in_play = units_in_play(scenario)
    for u in game.units:
        if scenario.counter_set and u.counter_set not in (None, scenario.counter_set):
            continue
        if in_play and u.id not in in_play:
            continue  # a counter this scenario never uses
        faces = {"front": dict(u.front.values)}
        if u.back is not None:
            faces["back"] = dict(u.back.values)
        entry = {"name": u.name or u.id, "side": u.side, "unit_class": u.unit_class,
                 "back_kind": u.back_kind, "tags": list(u.tags), "faces": faces}
        # (drops and airlanding serials never wait in a reinforcement box)
        if u.id in arrivals and arrivals[u.id].waits_off_map():
            r = arrivals[u.id]
            entry["arrival_turn"] = turn_index(labels, r.turn)
            entry["entry_hex"] = r.hex
        cat["unit"][u.id] = entry
    # "Leaders arrive with any Unit of their Formation on the first turn a Unit
    # arrives" (Crete's General Comments): a Leader printed with an arrival at a
    # hex waits for its turn (arrivals in other manners: their rulesets' layouts).
    for r in scenario.reinforcements:
        if r.waits_off_map():
            for leader_id in r.leaders:
                if leader_id in cat["leader"]:
                    cat["leader"][leader_id]["arrival_turn"] = turn_index(labels, r.turn)
    # Scenario rules' effects, for the rules that read them: a turn label becomes
    # its index on the turn track (references to a ruleset's own pieces are its
    # to resolve: ks_lay_out_catalog).
    cat["effect"] = {}
    for rule in scenario.scenario_rules:
        for n, effect in enumerate(rule.effects, 1):
            extra = dict(effect.model_extra or {})
            if "turn" in extra:
                extra["turn"] = turn_index(labels, extra["turn"])
            cat["effect"][f"{rule.id} {n}"] = {"kind": effect.kind, "rule": rule.id, **extra}

    # The optional and special rule sections the scenario puts in effect
    # (e.g. "crete:S4.0"), so rules can ask whether they are switched on.
    cat["special_rule"] = {ref: {"name": ref} for ref in scenario.special_rules}
    cat["game"] = {"game": {"turns": turns, "scenario": scenario.id, "title": scenario.title,
                            "otherwise": scenario.victory.otherwise, "maps": list(scenario.maps)}}
    # The scenario's victory conditions, in order, for the rules to evaluate.
    cat["victory"] = {f"victory {i + 1}": {"kind": c.kind, "side": c.side, "hex": c.hex,
                                           "hexes": list(c.hexes), "when": c.when,
                                           "winner": c.winner, "level": c.level,
                                           "steps": c.steps, "connected": c.connected,
                                           "count": c.count,
                                           "before": turn_index(labels, c.before),
                                           "at_start_of": turn_index(labels, c.at_start_of),
                                           "negated": c.negated,
                                           **({"provided": c.provided} if c.provided else {}),
                                           **_rulesets_keys(c, VictoryCondition)}
                      for i, c in enumerate(scenario.victory.conditions)}
    # A victory-point schedule, one entry per line printed.
    cat["victory_points"] = {f"points {i + 1}": {"award": p.award, "per": p.per,
                                                 "sides": list(p.sides), "name": p.name,
                                                 "hexes": [p.hex] if p.hex else list(p.hexes)}
                             for i, p in enumerate(scenario.victory.points)}
    _lay_out_scenario(cat, game, scenario, labels)
    return cat


def _rulesets_keys(item: DataModel, kernel: type[DataModel]) -> dict:
    """The keys *item* has beyond the kernel's model (ks_scenario_schema) that
    it gives, as the rules read them (a pair as a list)."""
    return {name: list(value) if isinstance(value, tuple) else value
            for name in type(item).model_fields if name not in kernel.model_fields
            if (value := getattr(item, name)) is not None}


def _lay_out_scenario(cat: dict, game: Game, scenario: Scenario, labels: list[str]) -> None:
    """What the rules read of the scenario besides its units: where the owners still have to
    place units, the off-map boxes, the start and the control of hexes."""
    grid = grid_of(game, scenario)
    sheets = sheets_of(game, scenario)

    def area(centres: list[str], within: int) -> list[str]:
        return hexes_within(grid, sheets, centres, within)

    for n, p in enumerate(scenario.setup):
        if p.leader is not None and p.with_ and p.hex is None:
            # placed at the start of play with one of these Units (control.ksr)
            cat["leader"][p.leader]["setup_with"] = list(p.with_)
        units = [p.unit] if p.unit else list(p.units or [])
        for unit_id in units:
            entry = cat["unit"][unit_id]
            if p.within is not None:
                entry["setup_area"] = area(p.around or [p.hex], p.within)
                if p.one_per_hex and len(units) > len(entry["setup_area"]):
                    raise KsError(f"scenario '{scenario.id}': {len(units)} units cannot go one "
                                  f"per hex within {p.within} of {p.hex or p.around}: the map "
                                  f"has {len(entry['setup_area'])} hexes there")
                entry["setup_group"] = f"setup {n + 1}" if p.one_per_hex else None
                if p.each_hex and len(units) < len(entry["setup_area"]):
                    raise KsError(f"scenario '{scenario.id}': {len(units)} units cannot put "
                                  f"one in each of the {len(entry['setup_area'])} hexes "
                                  f"within {p.within} of {p.hex or p.around}")
                # at least one of these units in each hex of the area (the rules keep
                # enough units back for the hexes still empty)
                entry["setup_cover"] = f"setup {n + 1}" if p.each_hex else None
            entry["setup_in_ip"] = p.improved_position
    _lay_out_off_map_boxes(cat, game, grid)
    game_entry = cat["game"]["game"]
    game_entry["start_step"] = scenario.start.step if scenario.start else None
    game_entry["draw"] = scenario.victory.draw
    cat["control"] = {f"control {i + 1}": {"side": c.side, "hexes": list(c.hexes)}
                      for i, c in enumerate(scenario.control_at_start)}


def turn_index(labels: list[str], label: str | None) -> int | None:
    """Where the turn *label* stands on the turn track (None: not on it)."""
    return labels.index(label) if label in labels else None


def hexes_within(grid: HexGrid, sheets: list[MapModel], centres: list[str],
                 within: int) -> list[str]:
    """Every hex of the map in play within *within* of any of *centres*, in hex-id
    order (a stable list of options for the player who decides)."""
    found = {grid.format(h) for c in centres for h in grid.within(grid.parse(c), within)}
    return sorted(h for h in found if grid.contains(grid.parse(h)) and
                  on_a_sheet(sheets, grid, h))


def _lay_out_off_map_boxes(cat: dict, game: Game, grid: HexGrid) -> None:
    """The boxes of the off-map display, of every map of the game (a box whose map is not
    in play is still on the display; whether it can be used is the rules'): its sheet, its
    exit hexes in the grid's spelling, and the boxes it connects to — a connection listed on
    either box joins both."""
    boxes = [(m.id, box) for m in game.maps for box in m.off_map_boxes]
    cat["box"] = {}
    for map_id, box in boxes:
        linked = list(box.connects_to) + [other.id for _, other in boxes
                                          if box.id in other.connects_to
                                          and other.id not in box.connects_to]
        cat["box"][box.id] = {"name": box.name or box.id, "map": map_id,
                              "exits": [_box_exit(grid, map_id, h) for h in box.exits],
                              "connects": linked}


def _box_exit(grid: HexGrid, map_id: str, hex_id: str) -> str:
    """A box's exit hex as the game spells it.  On separate sheets (core.sheets) the
    hex is its own map's: qualified by it when that map is in play, otherwise left
    as 'map:CC.RR', which names no hex of the game (the box cannot be used)."""
    if isinstance(grid, SheetedGrid):
        if any(sheet.id == map_id for sheet in grid.sheets):
            return _canon_hex(grid, f"{map_id}:{hex_id}")
        return f"{map_id}:{hex_id}"
    return _canon_hex(grid, hex_id)


def _canon_hex(grid: HexGrid, hex_id: str) -> str:
    return grid.format(grid.parse(hex_id, on_map=False))


@dataclass
class Prepared:
    """A scenario ready to be played: its rules compiled, its catalog laid out
    (the rulesets' pieces too) and its map built; no set-up played yet."""

    loaded: Loaded
    program: Program
    names: list[str]      # the modules in play, lowest layer first
    catalog: dict
    grid: HexGrid
    index: MapIndex


def prepare(name: str, registry: Registry, extra: tuple = (),
            options: Iterable[str] = ()) -> Prepared:
    """Load a scenario and build what a game of it is made of (``start`` and a
    situation set on a scenario both begin here).  *options*: optional rules
    to switch on by name ("crete:O3.0", kriegsspiel/engine/optional.py)."""
    loaded = load(name, registry)
    switched = optional.resolve(registry, loaded.scenario, options)
    loaded.scenario = optional.with_options(loaded.game, loaded.scenario,
                                            sheets_of(loaded.game, loaded.scenario),
                                            registry, switched)
    program = build_program(loaded.scenario.rulesets, registry, extra)
    names = registry.select(loaded.scenario.rulesets)
    cat = catalog(loaded.game, loaded.scenario)
    registry.call("ks_lay_out_catalog", names, catalog=cat, game=loaded.game,
                  scenario=loaded.scenario)
    grid = grid_of(loaded.game, loaded.scenario)
    index = MapIndex.build(sheets_of(loaded.game, loaded.scenario), loaded.game.terrain, grid)
    return Prepared(loaded, program, names, cat, grid, index)


def start(name: str, players: Table, seed: int = 0, dice: Dice | None = None,
          registry: Registry | None = None, extra: tuple = (),
          options: Iterable[str] = ()) -> Session:
    """Load a scenario, compile its rules and play its set-up into a new session."""
    with paced_collector():  # what it builds lives as long as the game (collector.py)
        registry = registry or load_registry()
        ready = prepare(name, registry, extra, options)
        return set_up(ready, players, dice or Dice(seed), registry)


def set_up(ready: Prepared, players: Table, dice: Dice, registry: Registry) -> Session:
    """A new session of the prepared scenario, its set-up played."""
    session = Session(ready.program, ready.catalog, dice, players, ready.grid, ready.index)
    session.scenario = ready.loaded.scenario
    session.game = ready.loaded.game  # its data as read: terrain, off-map displays
    session.registry = registry  # the modules it was built from, those given by path too
    _set_up(session, ready.loaded.scenario, registry, ready.names)
    return session


def _set_up(session: Session, scenario: Scenario, registry: Registry,
            names: list[str]) -> None:
    """Play the scenario's set-up: placements, then the rulesets' own part
    (ks_set_up: GTS's starting points and first chits)."""
    for p in scenario.setup:
        if p.leader is not None:
            where = p.hex or session.state.placement.get((p.with_ or [None])[0])
            if where is None and p.with_:
                continue  # its Units are placed at the start of play: so is it (control.ksr)
            session.place(p.leader, where, "leader")
            continue
        units = [p.unit] if p.unit else list(p.units or [])
        if p.within is not None:
            continue  # the owner places them at the start of play (setup_area)
        if p.hex is not None:
            hexes = [p.hex] * len(units)
        else:
            # Listed order: the book lists the units and the hexes in the same order;
            # 'random' placements are drawn with the game's dice.
            hexes = [h for spec in p.hexes for h in expand_hexes(spec)]
            if p.random:
                hexes = _shuffled(session, hexes)
        for unit, hex_id in zip(units, hexes):
            session.place(unit, hex_id)
    registry.call("ks_set_up", names, session=session, scenario=scenario)


def data_vocabulary(registry: Registry, names: list[str]) -> dict[str, dict[str, str]]:
    """How the selected modules' rules name the generic numbers of the data
    (ks_data_vocabulary), merged lowest layer first."""
    vocabulary: dict[str, dict[str, str]] = {}
    for _, words in registry.call("ks_data_vocabulary", names):
        for key, mapping in words.items():
            vocabulary.setdefault(key, {}).update(mapping)
    return vocabulary


def _shuffled(session: Session, items: list[str]) -> list[str]:
    pool, out = list(items), []
    while pool:
        choice = session.dice.pick(pool)
        pool.remove(choice)
        out.append(choice)
    return out


__all__ = ["start", "prepare", "set_up", "load", "catalog", "turn_track", "find_scenario",
           "Loaded", "Prepared"]
