"""`ks render`: a picture of the map at one moment of a game, as SVG or PNG.

The picture is built once as a small scene (polygons, lines, rectangles and
text, some in named groups) and then written by one of two writers: SVG
(hand-written XML) or PNG (painted with Pillow, whose wheels bundle FreeType
and a default font, so a fresh machine needs no system library).

What is on the map comes from the event log alone (:func:`board_at`):
placements, moves, eliminations, flips and marker changes are applied to an
empty ``GameState`` exactly as the game applied them, so a picture needs no
rule engine.  Only the optional overlays (Fire Zones, Line of Sight) ask the
rules, through the session, for their own definitions.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kriegsspiel.core.errors import KsError, did_you_mean
from kriegsspiel.core.players import Table
from kriegsspiel.core.state import GameState, Ref
from kriegsspiel.tools.output import writable, write_whole
from kriegsspiel.tools.viewer.scene import PIECE_MARKER_AT, Group, Line, Poly, Scene, Text

SIZE = 50.0      # hex centre-to-corner radius, px
STACK_STEP = 10.0  # how far each counter of a stack sits from the one below it
MARGIN = 12.0

UNKNOWN_TERRAIN_COLOUR = "#d8d8d8"
HEXSIDE_STYLES = {"slope": ("#7b4a1c", 4.0), "stream": ("#2e6db4", 3.0),
                  "crest": ("#5a3a12", 4.0), "ridge": ("#5a3a12", 5.0)}
ROAD_STYLES = {"road": ("#8b2d1a", 3.0), "track": ("#8b2d1a", 1.5), "railway": ("#222", 2.0)}
# Sides the rulesets give no colour take the next of these.
FALLBACK_SIDE_COLOURS = ["#c6d6a0", "#d9a3a3", "#a3bfd9"]


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
    from kriegsspiel.engine.starting import load, start
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
                  load(scenario, registry).game, look)


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


# ---- the scene ---------------------------------------------------------------

class Layout:
    """Pixel positions of hexes, from the grid's own geometry (core.hexgrid)."""

    def __init__(self, grid: Any, hex_ids: list[str]) -> None:
        self.grid = grid
        points = [p for h in hex_ids for p in grid.corners(grid.parse(h), SIZE)]
        self.dx = MARGIN - min(x for x, _ in points)
        self.dy = MARGIN - min(y for _, y in points)
        self.width = max(x for x, _ in points) + self.dx + MARGIN
        self.height = max(y for _, y in points) + self.dy + MARGIN

    def center(self, hex_id: str) -> tuple[float, float]:
        x, y = self.grid.center(self.grid.parse(hex_id), SIZE)
        return round(x + self.dx, 2), round(y + self.dy, 2)

    def corners(self, hex_id: str) -> list[tuple[float, float]]:
        return [(round(x + self.dx, 2), round(y + self.dy, 2))
                for x, y in self.grid.corners(self.grid.parse(hex_id), SIZE)]

    def side(self, a: str, b: str) -> list[tuple[float, float]]:
        side = self.grid.hexside(self.grid.parse(a), self.grid.parse(b))
        return [(round(x + self.dx, 2), round(y + self.dy, 2))
                for x, y in self.grid.hexside_segment(side, SIZE)]


def terrain_colours(game: Any, look: dict) -> dict[str, str]:
    colours = dict(look.get("terrain_colours", {}))
    for t in getattr(game, "terrain", []) or []:
        if isinstance(t.values.get("color"), str):
            colours[t.id] = t.values["color"]
    return colours


def side_colours(catalog: dict, look: dict) -> dict[str, str]:
    spare = iter(FALLBACK_SIDE_COLOURS * 4)
    return {s: look.get("side_colours", {}).get(s) or next(spare) for s in catalog["side"]}


def map_scene(source: Source, shade: dict[str, tuple[str, float]] | None = None) -> Scene:
    """The map without pieces: terrain, hexsides, roads, names, hex ids; *shade*
    paints overlay colours (hex → colour, opacity) over the terrain."""
    game_map = source.session.state.map
    layout = Layout(source.session.state.grid, list(game_map.terrain))
    scene = Scene(layout.width, layout.height, layout=layout)
    colours = terrain_colours(source.game, source.look)
    terrain = []
    for h, t in game_map.terrain.items():
        terrain.append(Poly(layout.corners(h), colours.get(t, UNKNOWN_TERRAIN_COLOUR),
                            "#7d7d6e", 0.8, title=f"{h} {t}"))
    scene.items.append(Group("terrain", terrain))
    if shade:
        scene.items.append(overlay_group(layout, shade))
    lines: list = []
    # A scenario that plays part of a map (its play_area) keeps the whole
    # map's roads and hexsides: only those between two hexes in play are drawn.
    def in_play(pair: Any) -> bool:
        return all(h in game_map.terrain for h in pair)
    for pair, kinds in sorted(game_map.roads.items(), key=lambda kv: sorted(kv[0])):
        if not in_play(pair):
            continue
        a, b = sorted(pair)
        for kind in sorted(kinds):
            colour, width = ROAD_STYLES.get(kind, ("#8b2d1a", 2.0))
            lines.append(Line([layout.center(a), layout.center(b)], colour, width))
    for pair, feats in sorted(game_map.hexsides.items(), key=lambda kv: sorted(kv[0])):
        if not in_play(pair):
            continue
        a, b = sorted(pair)
        for f in feats:
            colour, width = HEXSIDE_STYLES.get(f["feature"], ("#444", 3.0))
            seg = layout.side(a, b)
            lines.append(Line(seg, colour, width, title=f"{f['feature']} {a}/{b}"))
            if f.get("low_side"):  # ticks point down the slope, into the lower hex
                lines += _ticks(seg, layout.center(f["low_side"]), colour)
    scene.items.append(Group("lines", lines))
    labels: list = []
    for h in game_map.terrain:
        x, y = layout.center(h)
        # on separate sheets the hex shows its printed id; the sheet is titled below
        labels.append(Text(x, y - SIZE * 0.74, h.rpartition(":")[2], 9, "#55554a"))
        for f in game_map.features.get(h, []):
            labels.append(Text(x, y + SIZE * 0.62, f["name"] or f["kind"], 8, "#202020",
                               italic=True))
    labels += _sheet_titles(source.session.state.grid, layout)
    scene.items.append(Group("labels", labels))
    return scene


def _sheet_titles(grid: Any, layout: Layout) -> list:
    """Each separate sheet's name over its top-left hex (core.sheets), so a map of
    sheets side by side says which is which; none on one sheet or joined ones."""
    out = []
    for sheet in getattr(grid, "sheets", None) or []:
        c0, _, r0, _ = sheet.bounds
        x, y = layout.center(f"{sheet.id}:{c0:02d}.{r0:02d}")
        out.append(Text(x - SIZE * 0.8, y + SIZE * 0.2, sheet.id, 16, "#202020",
                        anchor="start", bold=True))
    return out


def _ticks(seg: list, low: tuple[float, float], colour: str) -> list:
    (x1, y1), (x2, y2) = seg
    out = []
    for t in (0.25, 0.5, 0.75):
        px, py = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        vx, vy = low[0] - px, low[1] - py
        norm = (vx * vx + vy * vy) ** 0.5 or 1.0
        out.append(Line([(px, py), (round(px + vx / norm * 7, 2), round(py + vy / norm * 7, 2))],
                        colour, 2.0))
    return out


def piece_id(piece: Any) -> str:
    """A counter's id in the drawing (its group's data-id): kind and id, which a
    page matches against the pieces a question offers."""
    return f"{piece.kind}-{piece.id}"


def counter_group(catalog: dict, piece: Piece, colours: dict[str, str], look: dict) -> Group:
    """One counter centred on (0, 0): side colour, name, and the ratings of the
    face up where the ruleset's look puts them."""
    from kriegsspiel.tools.viewer.scene import counter_items
    kind_data = catalog[piece.kind][piece.id]
    values = kind_data.get("faces", {}).get(piece.face, kind_data)
    side = colours.get(kind_data.get("side"), "#ddd")
    slots = look.get("counter", {}).get(piece.kind, ())
    return Group(piece_id(piece), counter_items(piece, kind_data, values, side, slots),
                 cls=f"piece {piece.kind}", title=f"{kind_data.get('name', piece.id)} "
                 f"({kind_data.get('side')}, {piece.face})")


def stack_offset(index: int, count: int) -> tuple[float, float]:
    """Where the index-th piece of a stack of *count* sits (the viewer does the same)."""
    shift = index - (count - 1) / 2
    return round(shift * STACK_STEP, 2), round(-shift * STACK_STEP, 2)


def overlay_group(layout: "Layout", shade: dict[str, tuple[str, float]]) -> Group:
    """Overlay colours (hex → colour, opacity) to lay over the terrain."""
    return Group("overlay", [Poly(layout.corners(h), c, None, 0, opacity=o)
                             for h, (c, o) in sorted(shade.items())])


def board_scene(source: Source, board: GameState, shade: dict | None = None) -> Scene:
    scene = map_scene(source, shade)
    scene.items.append(pieces_group(source, board, scene.layout))
    if getattr(source.game, "displays", None):  # the game's off-map displays, beside the map
        from kriegsspiel.tools.display_scene import add_displays
        add_displays(scene, source, board)
    return scene


def pieces_group(source: Source, board: GameState, layout: "Layout") -> Group:
    """The pieces of *board* and the hexes' markers, at their places on *layout*
    (stacks fanned out)."""
    from kriegsspiel.tools.viewer.scene import marker_items
    colours = side_colours(source.catalog, source.look)
    stacks: dict[str, list[Piece]] = {}
    for p in pieces(board, source.look):
        if p.hex and source.session.state.map.contains(p.hex):
            stacks.setdefault(p.hex, []).append(p)
    drawn: list = []
    for h, label_list in sorted(hex_markers(board, source.look).items()):
        x, y = layout.center(h)
        badges = marker_items(label_list, -SIZE * 0.55, SIZE * 0.25,
                              source.look.get("marker_colours"))
        drawn.append(Group(f"hexmarkers-{h}", badges, dx=x, dy=y))
    for h, stack in sorted(stacks.items()):
        x, y = layout.center(h)
        for i, p in enumerate(stack):
            ox, oy = stack_offset(i, len(stack))
            group = counter_group(source.catalog, p, colours, source.look)
            group.items += marker_items(p.markers, *PIECE_MARKER_AT,
                                        source.look.get("marker_colours"))
            group.dx, group.dy = round(x + ox, 2), round(y + oy, 2)
            group.data = {"hex": h}
            drawn.append(group)
    return Group("pieces", drawn)


def overlay_shade(source: Source, board: GameState, fire_zones: str | None,
                  los_from: str | None) -> dict[str, tuple[str, float]]:
    shade: dict[str, tuple[str, float]] = {}
    if fire_zones:
        for h in fire_zone_hexes(source, board, fire_zones):
            shade[h] = ("#e63946", 0.35)
    if los_from:
        seen = los_hexes(source, board, los_from)
        for h in source.session.state.map.terrain:
            if h == los_from:
                shade[h] = ("#1d3557", 0.45)
            elif h not in seen:
                shade[h] = ("#000000", 0.30)
    return shade


def render(what: str | Path, out: Path, turn: str | None = None, scenario: str | None = None,
           fire_zones: str | None = None, los_from: str | None = None) -> Scene:
    """Write the map of *what* (scenario, save or log) at *turn* to *out* (.svg/.png)."""
    from kriegsspiel.tools.viewer.scene import to_png, to_svg
    if out.suffix.lower() not in (".svg", ".png"):
        raise KsError(f"--out {out}: give a .svg or .png file name")
    writable(out, "picture")
    source = open_source(what, scenario)
    board = board_at(source.catalog, source.events[:source.cut(turn)])
    scene = board_scene(source, board, overlay_shade(source, board, fire_zones, los_from))
    if out.suffix.lower() == ".svg":
        write_whole(out, to_svg(scene), "picture")
    else:
        png = io.BytesIO()
        to_png(scene).save(png, format="PNG")
        write_whole(out, png.getvalue(), "picture")
    return scene


__all__ = ["render", "open_source", "board_at", "pieces", "hex_markers", "board_scene",
           "map_scene", "pieces_group", "overlay_group", "counter_group", "piece_id",
           "stack_offset", "Source", "Piece"]
