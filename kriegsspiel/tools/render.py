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
from pathlib import Path
from typing import Any

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.state import GameState
from kriegsspiel.tools.board_source import (Piece, Source, board_at, fire_zone_hexes, hex_markers,
                                            los_hexes, open_source, pieces)
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


__all__ = ["render", "board_scene", "map_scene", "pieces_group", "overlay_group",
           "counter_group", "piece_id", "stack_offset"]
