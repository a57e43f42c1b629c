"""`ks replay LOG --html out.html`: a game as one self-contained web page.

The page holds the map (inline SVG, drawn by `kriegsspiel.tools.render`), every
counter once (both faces), a badge template per marker, and the game as
*frames*: one per event worth showing (a readable line from
`kriegsspiel.tools.play.describe`, or a change on the board).  Each frame carries
only what changed — pieces' hex, face and markers, hexes' markers — computed
here with the same event-to-board code as `ks render` (`board_source.board_at`'s
GameState); the page's script just adds the changes up and moves the SVG
groups.  No network: script, style and data are inline.
"""

from __future__ import annotations

import html
import json
from importlib import resources
from pathlib import Path

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.state import Event, GameState
from kriegsspiel.engine.plugins import play_begins, session_modules
from kriegsspiel.tools.output import writable, write_whole
from kriegsspiel.tools.play import describe
from kriegsspiel.tools.board_source import Source, hex_markers, open_source, pieces
from kriegsspiel.tools.render import SIZE, STACK_STEP, counter_group, map_scene, side_colours
from kriegsspiel.tools.viewer.scene import PIECE_MARKER_AT, Group, marker_items, svg_item, to_svg

HEX_MARKER_AT = (-SIZE * 0.55, SIZE * 0.25)      # the badges' corner, from the hex centre


def fallback_text(event: Event) -> str:
    """A line for a board change `describe` leaves out (a Column marker, say)."""
    d = event.data
    if event.kind == "track_changed":
        return f"{str(d['entity']).split(':', 1)[-1]}: {d['track']} {d['old']} -> {d['new']}"
    if event.kind == "unit_flipped":
        return f"{d['unit']} flipped to its {d['face']} side"
    if event.kind == "unit_placed":
        return f"{d['unit']} " + (f"placed in {d['destination']}" if d["destination"]
                                  else "taken off the map")
    return event.kind.replace("_", " ")


def frames(source: Source) -> tuple[list[str], list[dict], list[dict]]:
    """The pieces (in drawing order), the frames, and where each turn starts."""
    state = GameState(source.catalog)
    order = [f"{p.kind}:{p.id}" for p in pieces(state, source.look)]
    before: dict[int, list] = {}
    hexes_before: dict[str, list[str]] = {}
    out: list[dict] = []
    setting_up, begins = True, play_begins(source.session)
    registry, modules = session_modules(source.session)
    displays = _display_frames(source, order)
    for event in source.events:
        state.record(event["kind"], event["data"], [])
        shown = displays.step(event) if displays else {}
        ev = Event(event["seq"], event["kind"], event["data"])
        setting_up = setting_up and ev.kind not in begins
        now = {i: [p.hex, p.face, p.markers] for i, p in enumerate(pieces(state, source.look))}
        moved = {i: v for i, v in now.items() if before.get(i, [None, "front", []]) != v}
        marks = hex_markers(state, source.look)
        marked = {h: marks.get(h, []) for h in sorted(set(marks) | set(hexes_before))
                  if marks.get(h, []) != hexes_before.get(h, [])}
        text = describe(ev, source.turns, setting_up, registry, modules,
                        source.session.program)
        if text is None and not moved and not marked and not shown:
            continue
        before.update(moved)
        hexes_before = marks
        out.append({"seq": ev.seq, "turn": state.turn, "kind": ev.kind,
                    "text": (text or fallback_text(ev)).strip(), "p": moved, "h": marked})
        if shown:
            out[-1]["x"] = shown
    turn_starts = []
    for number, label in enumerate(source.turns, 1):
        try:
            cut = source.cut(number)
        except KsError:  # the log ends before this turn
            break
        shown = [i for i, f in enumerate(out) if f["seq"] <= source.events[cut - 1]["seq"]] \
            if cut else []
        turn_starts.append({"label": label, "frame": shown[-1] if shown else 0})
    source.display_frames = displays
    return order, out, turn_starts


def _display_frames(source: Source, order: list[str]):
    """The game's off-map displays followed frame by frame, when it has any."""
    if not getattr(source.game, "displays", None):
        return None
    from kriegsspiel.tools.display_scene import DisplayFrames
    return DisplayFrames(source, order)


def page(source: Source, built: tuple | None = None) -> str:
    """The viewer's HTML; *built* is `frames(source)` when the caller has it."""
    order, frame_list, turn_starts = built or frames(source)
    if not frame_list:
        raise KsError("the log has no event to show")
    scene = map_scene(source)
    layout, colours = scene.layout, side_colours(source.catalog, source.look)
    # Every piece once, both faces, hidden until a frame puts it on the map.
    drawn = []
    state = GameState(source.catalog)
    for p, key in zip(pieces(state, source.look), order):
        faces = []
        for face in source.catalog[p.kind][p.id].get("faces", {"front": {}}):
            p.face = face
            faces.append(Group("", counter_group(source.catalog, p, colours, source.look).items,
                               cls=f"face face-{face}"))
        p.face = "front"
        group = counter_group(source.catalog, p, colours, source.look)
        group.items = faces + [Group("", [], cls="markers")]
        group.data = {"key": key}
        group.cls += " hidden"
        drawn.append(group)
    scene.items.append(Group("hexmarkers", []))
    boxes = source.display_frames.add_cards(scene) if source.display_frames else {}
    scene.items.append(Group("pieces", drawn))
    labels = sorted({m for f in frame_list for v in f["p"].values() for m in v[2]}
                    | {m for f in frame_list for v in f["h"].values() for m in v})
    marker_colours = source.look.get("marker_colours")
    badges = "".join(f'<g id="badge-{i}">' + "".join(
        svg_item(x) for x in marker_items([label], 0, 0, marker_colours)) + "</g>"
        for i, label in enumerate(labels))
    svg = to_svg(scene, standalone=False).replace(
        "<rect width=", f"<defs>{badges}</defs><rect width=", 1)
    data = {"pieces": order, "frames": frame_list, "turns": turn_starts, "badges": labels,
            "turnLabels": source.turns,
            "centres": {h: layout.center(h) for h in source.session.state.map.terrain},
            "stackStep": STACK_STEP, "pieceMarkerAt": PIECE_MARKER_AT,
            "hexMarkerAt": HEX_MARKER_AT, "setupFrames": _setup_frames(source, frame_list),
            **boxes}
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    title = getattr(source.session.scenario, "title", source.scenario)
    assets = resources.files("kriegsspiel.tools.viewer")
    return (TEMPLATE.replace("%TITLE%", html.escape(title))
            .replace("%CSS%", assets.joinpath("viewer.css").read_text(encoding="utf-8"))
            .replace("%SVG%", svg)
            .replace("%DATA%", blob)
            .replace("%JS%", assets.joinpath("viewer.js").read_text(encoding="utf-8")))


def _setup_frames(source: Source, frame_list: list[dict]) -> int:
    setup = min(source.setup_length, len(source.events))
    last = source.events[setup - 1]["seq"] if setup else 0
    return sum(1 for f in frame_list if f["seq"] <= last)


def write_viewer(what: str | Path, out: Path, scenario: str | None = None) -> int:
    """Write the viewer of a save or log to *out*; returns the number of frames."""
    writable(out, "viewer")
    source = open_source(what, scenario)
    built = frames(source)
    write_whole(out, page(source, built), "viewer")
    return len(built[1])


TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE% — replay</title>
<style>%CSS%</style></head>
<body>
<header><h1>%TITLE%</h1>
<div id="controls">
<button id="prev" title="previous event (←)">◀</button>
<button id="play" title="play / pause (space)">▶ play</button>
<button id="next" title="next event (→)">▶</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="event">
<span id="position"></span>
</div>
<div id="turns"></div>
</header>
<main>
<div id="map">%SVG%</div>
<aside>
<p id="turn-label"></p>
<p id="event-text"></p>
<ul id="event-list"></ul>
</aside>
</main>
<script type="application/json" id="game-data">%DATA%</script>
<script>%JS%</script>
</body></html>
"""

__all__ = ["write_viewer", "page", "frames"]
