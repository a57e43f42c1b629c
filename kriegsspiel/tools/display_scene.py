"""A game's off-map displays drawn beside the map (``ks render``, the viewer).

Each display (core.displays, read against the rules by
kriegsspiel.engine.displays) is a card: its title, its boxes in a grid of
``columns``, each box a titled frame with the counters it holds in rows of
``box_slots``, then its tracks as rows of "title  value".  The cards stand
one under the other to the right of the map.  A game that declares no display
gets no card and the very same picture as before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from kriegsspiel.tools.viewer.scene import COUNTER, Group, Rect, Text

STEP = math.ceil(COUNTER) + 16  # a counter's place in a box, px: room for its marker badges
PAD = 8.0
BOX_TITLE = 20.0
CARD_TITLE = 26.0
TRACK_ROW = 20.0
GAP = 16.0  # between the map and the cards, between cards and between boxes
TRACK_WIDTH = 260.0


@dataclass
class Slots:
    """Where a box's counters go: the first one's centre, and rows of *per_row*."""

    x: float
    y: float
    per_row: int

    def at(self, k: int) -> tuple[float, float]:
        return (round(self.x + (k % self.per_row) * STEP, 2),
                round(self.y + (k // self.per_row) * STEP, 2))


def cards(shown: list, left: float, top: float, room_for: Callable[[int, Any], int],
          counter: Callable[[str], Group | None] | None = None
          ) -> tuple[list[Group], list[Slots], float, float]:
    """The cards of the displays *shown* (engine.displays.DisplayShown) from
    (*left*, *top*): their groups, each box's Slots (boxes numbered across the
    cards), and the width and height they take.  *room_for(n, box)* is how many
    counters box n is drawn big enough for; *counter(key)*, when given, draws a
    piece (its group centred on (0, 0)) into its box."""
    groups, slots = [], []
    y, width = top, 0.0
    for d, display in enumerate(shown):
        box_w = display.box_slots * STEP + 2 * PAD
        card_w = max(display.columns * box_w + (display.columns - 1) * GAP + 2 * PAD,
                     TRACK_WIDTH + 2 * PAD)
        items: list = [Text(PAD, CARD_TITLE / 2 + 2, display.title, 15, "#202020",
                            anchor="start", bold=True)]
        row_top = CARD_TITLE + PAD
        for start in range(0, len(display.boxes), display.columns):
            row = display.boxes[start:start + display.columns]
            heights = []
            for c, box in enumerate(row):
                n = len(slots)
                rows = max(1, math.ceil(room_for(n, box) / display.box_slots))
                x = PAD + c * (box_w + GAP)
                place = Slots(left + x + PAD + STEP / 2, y + row_top + BOX_TITLE + STEP / 2,
                              display.box_slots)
                slots.append(place)
                h = BOX_TITLE + rows * STEP + PAD
                heights.append(h)
                inside: list = [Rect(x, row_top, box_w, h, "#fbfaf4", "#6b6b5e", 1.0, rx=4),
                                Text(x + PAD, row_top + BOX_TITLE / 2 + 1, box.title, 10,
                                     "#303030", anchor="start", bold=True)]
                for k, key in enumerate(box.pieces if counter else []):
                    drawn = counter(key)
                    if drawn is not None:
                        drawn.dx, drawn.dy = (round(v - o, 2) for v, o in
                                              zip(place.at(k), (left, y)))
                        inside.append(drawn)
                items.append(Group(f"box-{n}", inside, cls="display-box", title=box.title,
                                   data={"count": len(box.pieces)}))
            row_top += max(heights) + GAP
        for t, track in enumerate(display.tracks):
            ty = row_top + t * TRACK_ROW + TRACK_ROW / 2
            items.append(Group(f"track-{d}-{t}", [
                Text(PAD, ty, track.title, 11, "#303030", anchor="start"),
                Text(PAD + TRACK_WIDTH - 40, ty, track.text, 12, "#111111", anchor="start",
                     bold=True)], cls="display-track", title=track.title))
        card_h = row_top + len(display.tracks) * TRACK_ROW + (PAD if display.tracks else 0)
        items.insert(0, Rect(0, 0, card_w, card_h, "#efeadb", "#3d405b", 1.5, rx=6))
        groups.append(Group(f"display-{d}", items, cls="display", title=display.title,
                            dx=left, dy=round(y, 2)))
        y += card_h + GAP
        width = max(width, card_w)
    return groups, slots, width, y - top - (GAP if shown else 0)


def shown_displays(source: Any, board: Any) -> list:
    """What the game's displays show on *board* (the rules asked through the
    source's session, its state set to the board)."""
    from kriegsspiel.engine.displays import display_contents
    from kriegsspiel.tools.board_source import _session_at
    return display_contents(_session_at(source, board), source.game.displays)


class _Reading:
    """A game's rules read as a display reads them (``Session.read``): a
    picture taken while an action waits for an answer (``ks serve``) leaves
    that action's pending explanations, kept answers and dice as they are."""

    def __init__(self, session: Any) -> None:
        self.session, self.state, self.program = session, session.state, session.program

    def value(self, name: str, *args: Any) -> Any:
        return self.session.read(name, *args, reader="a display")


def _counter_maker(source: Any, board: Any) -> Callable[[str], Group]:
    """Draws a piece of *board* by its "kind:id" key, with its markers."""
    from kriegsspiel.tools.board_source import pieces
    from kriegsspiel.tools.render import counter_group, side_colours
    from kriegsspiel.tools.viewer.scene import PIECE_MARKER_AT, marker_items
    colours = side_colours(source.catalog, source.look)
    by_key = {f"{p.kind}:{p.id}": p for p in pieces(board, source.look)}

    def counter(key: str) -> Group:
        piece = by_key[key]
        group = counter_group(source.catalog, piece, colours, source.look)
        group.items += marker_items(piece.markers, *PIECE_MARKER_AT,
                                    source.look.get("marker_colours"))
        return group
    return counter


def add_displays(scene: Any, source: Any, board: Any) -> None:
    """The cards of the displays shown on *board*, with their counters, to the
    right of the map of *scene* (made wider and taller to hold them)."""
    from kriegsspiel.tools.render import MARGIN
    shown = [d for d in shown_displays(source, board) if d.shown]
    if not shown:
        return
    left = scene.width - MARGIN + GAP
    groups, _, width, height = cards(shown, left, MARGIN, lambda n, box: len(box.pieces),
                                     _counter_maker(source, board))
    scene.items.append(Group("displays", groups))
    scene.width = left + width + MARGIN
    scene.height = max(scene.height, MARGIN + height + MARGIN)


def displays_svg(source: Any, session: Any) -> str:
    """The cards of the displays shown at *session*'s present state, with their
    counters, as a picture of their own (``ks serve``'s panel beside the map);
    "" for a game that declares none or shows none now.  The live game is read
    as it stands (:class:`_Reading`), never restored to another board."""
    from kriegsspiel.engine.displays import display_contents
    from kriegsspiel.tools.render import MARGIN
    from kriegsspiel.tools.viewer.scene import Scene, to_svg
    declared = getattr(source.game, "displays", None)
    if not declared:
        return ""
    shown = [d for d in display_contents(_Reading(session), declared) if d.shown]
    if not shown:
        return ""
    groups, _, width, height = cards(shown, MARGIN, MARGIN, lambda n, box: len(box.pieces),
                                     _counter_maker(source, session.state))
    return to_svg(Scene(width + 2 * MARGIN, height + 2 * MARGIN, [Group("displays", groups)]),
                  standalone=False)



# ---- the replay viewer: the displays frame by frame ---------------------------

class DisplayFrames:
    """What the game's displays show after each event of a replay, as changes:
    boxes by number (across the displays) to the pieces in them (their indexes
    in the viewer's piece order), track rows ("display-row") to their text.

    The rules are asked through the source's session, whose state follows the
    log event by event (so their kept answers stay valid between events)."""

    def __init__(self, source: Any, order: list[str]) -> None:
        from kriegsspiel.core.state import GameState
        self.source, self.session = source, source.session
        self.session.state.restore(GameState(source.catalog).snapshot(), [])
        self.index = {key: i for i, key in enumerate(order)}
        self.boxes: dict[int, list[int]] = {}
        self.rows: dict[str, str] = {}
        self.row_titles: list[list[str]] = [[] for _ in source.game.displays]
        self.room: dict[int, int] = {}
        self.ever_shown = False

    def step(self, event: dict) -> dict:
        """Follow *event*; the changes it makes to the displays ({} for none)."""
        from kriegsspiel.engine.displays import display_contents
        state = self.session.state
        version = state.version
        state.record(event["kind"], event["data"], [])
        if state.version == version and event["kind"] != "turn_advanced":
            return {}  # nothing the rules read has changed
        boxes, rows, n = {}, {}, 0
        for d, display in enumerate(display_contents(self.session, self.source.game.displays)):
            self.ever_shown = self.ever_shown or display.shown
            for box in display.boxes:
                boxes[n] = [self.index[key] for key in box.pieces if key in self.index]
                self.room[n] = max(self.room.get(n, 0), len(boxes[n]))
                n += 1
            for track in display.tracks:
                if track.title not in self.row_titles[d]:
                    self.row_titles[d].append(track.title)
                rows[f"{d}-{self.row_titles[d].index(track.title)}"] = track.text
        changes: dict = {}
        moved = {str(b): v for b, v in boxes.items() if self.boxes.get(b, []) != v}
        written = {k: rows.get(k, "") for k in sorted(set(rows) | set(self.rows))
                   if rows.get(k, "") != self.rows.get(k, "")}
        self.boxes, self.rows = boxes, rows
        if moved:
            changes["b"] = moved
        if written:
            changes["t"] = written
        return changes

    def add_cards(self, scene: Any) -> dict:
        """The displays' empty cards beside the map of *scene* (each box as big
        as it ever needs to be); the viewer's data to fill them: each box's
        first counter place and counters per row, the place's size."""
        from kriegsspiel.engine.displays import BoxShown, DisplayShown, TrackShown
        from kriegsspiel.tools.render import MARGIN
        if not self.ever_shown:
            return {}
        layout = [DisplayShown(d.title, d.columns, d.box_slots,
                               [BoxShown(b.title) for b in d.boxes],
                               [TrackShown(t, "") for t in self.row_titles[i]])
                  for i, d in enumerate(self.source.game.displays)]
        left = scene.width - MARGIN + GAP
        groups, slots, width, height = cards(layout, left, MARGIN,
                                             lambda n, box: self.room.get(n, 0))
        scene.items.append(Group("displays", groups))
        scene.width = left + width + MARGIN
        scene.height = max(scene.height, MARGIN + height + MARGIN)
        return {"boxSlots": [[s.x, s.y, s.per_row] for s in slots], "slotStep": STEP}
