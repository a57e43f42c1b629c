"""What a picture of a game shows, before it is drawn: the board at a moment
(:func:`board_at`, from the event log alone), its pieces and markers, how the
modules want it to look (:func:`board_look`), and the game it comes from — a
scenario, a save or an event log (:func:`open_source`).  Only the optional
overlays (Fire Zones, Line of Sight) ask the rules, through the session.
``ks render``, the replay viewer and ``ks serve`` draw from it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.core.players import Table
from kriegsspiel.core.state import GameState, Ref


def board_look(registry: Any, names: list[str]) -> dict[str, dict]:
    """How the selected modules want the board drawn (hook ks_board_look),
    merged lowest layer first: side colours, terrain colours (where the terrain
    file gives none), which tracks are markers worth drawing and how they read
    ({track: label} or {track: {value: label}}; a value above 1 is appended,
    "Coh 2", unless the label table gives one per value), the markers' colours,
    a counter's slots by piece kind, and the tracks shown beside the map
    (``panel``: {kind: {track: label}}).  Bookkeeping tracks are left out."""
    look: dict[str, dict] = {"side_colours": {}, "terrain_colours": {}, "unit_markers": {},
                             "hex_markers": {}, "marker_colours": {}, "counter": {},
                             "panel": {}}
    for _, given in registry.call("ks_board_look", names):
        for key, values in given.items():
            look.setdefault(key, {}).update(values)
    return look


# ---- the board: what is where, from the event log ----------------------------

@dataclass
class Piece:
    id: str
    kind: str  # unit | leader
    hex: str | None
    face: str
    markers: list[str]


def board_at(catalog: dict, events: list[dict]) -> GameState:
    """The pieces, faces and markers after *events* (log entries as JSON data)."""
    state = GameState(catalog)
    for event in events:
        state.record(event["kind"], event["data"], [])
    return state


def marker_labels(tracks: dict[str, int], table: dict[str, Any]) -> list[str]:
    labels = []
    for track, label in table.items():
        value = tracks.get(track, 0)
        if not value:
            continue
        if isinstance(label, dict):
            labels.append(label.get(value, f"{track} {value}"))
        else:
            labels.append(label if value == 1 else f"{label} {value}")
    return labels


def pieces(state: GameState, look: dict) -> list[Piece]:
    """Every unit and leader, leaders first (they sit under the units of a stack)."""
    out = []
    for kind in ("leader", "unit"):
        for ident in state.catalog.get(kind, {}):
            out.append(Piece(ident, kind, state.placement.get(ident),
                             state.faces.get(ident, "front"),
                             marker_labels(state.tracks.get(f"{kind}:{ident}", {}),
                                           look.get("unit_markers", {}))))
    return out


def hex_markers(state: GameState, look: dict) -> dict[str, list[str]]:
    out = {}
    for key, tracks in state.tracks.items():
        if key.startswith("hex:"):
            labels = marker_labels(tracks, look.get("hex_markers", {}))
            if labels:
                out[key[4:]] = labels
    return out


# ---- what to draw: a scenario's set-up, a save or a log ---------------------

@dataclass
class Source:
    """A game to picture: its session (map, rules), catalog and event log."""

    scenario: str
    session: Any
    catalog: dict
    events: list[dict]
    setup_length: int  # the log's first events that are the scenario's set-up
    turns: list[str] = field(default_factory=list)
    game: Any = None  # the loaded game data (terrain types)
    look: dict = field(default_factory=dict)  # board_look: colours and markers
    display_frames: Any = None  # the viewer's displays, frame by frame (replay_html)

    def cut(self, turn: str | int | None) -> int:
        """How many events lie before the start of *turn* (1 = the first turn)."""
        if turn is None:
            return len(self.events)
        try:
            number = int(turn)
        except (TypeError, ValueError):
            if turn not in self.turns:
                raise KsError(f"--turn: no turn '{turn}' (turns are 1-{len(self.turns)} or "
                              f"their labels)", None, did_you_mean(str(turn), self.turns))
            number = self.turns.index(turn) + 1
        if not 1 <= number <= len(self.turns):
            raise KsError(f"--turn {turn}: the scenario has turns 1-{len(self.turns)}")
        if number == 1:
            return min(self.setup_length, len(self.events))
        for i, event in enumerate(self.events):
            if event["kind"] == "turn_advanced" and event["data"]["turn"] == number - 1:
                return i + 1
        reached = 1 + sum(e["kind"] == "turn_advanced" for e in self.events)
        raise KsError(f"--turn {turn}: the game's log ends in turn {reached}")


def open_source(what: str | Path, scenario: str | None = None) -> Source:
    """A scenario name or file, a save (.json) or an event log (.jsonl)."""
    from kriegsspiel.engine.plugins import load_registry
    from kriegsspiel.engine.starting import start
    path = Path(what)
    events: list[dict] | None = None
    catalog = None
    if path.suffix in (".json", ".jsonl"):
        if not path.exists():
            raise KsError(f"{path}: no such file")
        try:
            text = path.read_text(encoding="utf-8")
            if path.suffix == ".json":
                data = json.loads(text)
                if not isinstance(data, dict) or "scenario" not in data:
                    raise KsError(f"{path}: not a saved game (ks play --save writes one)")
                events, catalog = _saved_log(path, data)
                scenario = scenario or data["scenario"]
            else:
                events = [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError as exc:
            raise KsError(f"{path}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise KsError(f"{path}: cannot read it: {exc}") from None
        if scenario is None:
            raise KsError(f"{path}: an event log does not name its scenario; pass --scenario "
                          "GAME/NAME, or give the save file instead")
    else:
        scenario = str(what)
    registry = load_registry()
    session = start(scenario, Table({}), registry=registry)
    setup = [e.to_json() for e in session.state.log]
    catalog = catalog or session.state.catalog
    events = setup if events is None else events
    _check_events(path if events is not setup else None, events, catalog, scenario)
    turns = [t["label"] for t in catalog["game"]["game"]["turns"]]
    look = board_look(registry, registry.select(session.scenario.rulesets))
    return Source(scenario, session, catalog, events, len(setup), turns,
                  session.game, look)


def _saved_log(path: Path, data: dict) -> tuple[list[dict], dict]:
    """A save's log and catalog; a save written in the middle of an action
    keeps neither, so the game is replayed (`saves.recorded_log`) to get them."""
    if "log" in data and "catalog" in data:
        return data["log"], data["catalog"]
    from kriegsspiel.tools.saves import recorded_log
    try:
        events, catalog = recorded_log(data)
    except (KeyError, TypeError) as exc:
        raise KsError(f"{path}: not a saved game (it lacks {exc})") from None
    return [e.to_json() for e in events], catalog


def _check_events(path: Path | None, events: list, catalog: dict, scenario: str) -> None:
    """A log of another scenario would draw nonsense: say so instead."""
    known = {**catalog.get("unit", {}), **catalog.get("leader", {})}
    for n, event in enumerate(events, 1):
        if not isinstance(event, dict) or "kind" not in event or "data" not in event:
            raise KsError(f"{path}: event {n}: not an event (expected seq, kind, data)")
        if event["kind"] in ("unit_placed", "unit_moved") and event["data"]["unit"] not in known:
            unit = event["data"]["unit"]
            raise KsError(f"{path}: event {n}: unit '{unit}' is not in scenario {scenario}: "
                          "is this the right --scenario?", None, did_you_mean(unit, known))


# ---- overlays: the rules' own definitions, asked through the session --------

def fire_zone_hexes(source: Source, board: GameState, side: str) -> set[str]:
    sides = list(source.catalog["side"])
    if side not in sides:
        raise KsError(f"--fire-zones: no side '{side}'", None, did_you_mean(side, sides))
    session = _session_at(source, board)
    hexes: set[str] = set()
    for ident, unit in source.catalog["unit"].items():
        if unit["side"] == side and board.placement.get(ident):
            hexes.update(session.value("fire_zone", Ref("unit", ident)))
    return hexes


def los_hexes(source: Source, board: GameState, from_hex: str) -> set[str]:
    game_map = source.session.state.map
    if not game_map.contains(from_hex):
        raise KsError(f"--los: hex {from_hex} is not on the map", None,
                      did_you_mean(from_hex, game_map.terrain))
    session = _session_at(source, board)
    return {h for h in game_map.terrain
            if h != from_hex and session.value("has_los", from_hex, h, "direct")}


def _session_at(source: Source, board: GameState) -> Any:
    session = source.session
    session.state.restore(board.snapshot(), [])
    return session
