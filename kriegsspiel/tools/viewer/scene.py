"""A small drawing model and its two writers: SVG text and a Pillow image.

`kriegsspiel.tools.render` builds a :class:`Scene` (polygons, lines, rectangles,
text, in groups that may be shifted); :func:`to_svg` writes it as XML with
every text and attribute escaped, :func:`to_png` paints it with Pillow.  One
model, two writers: the SVG and the PNG of a position show the same thing.
Counters and marker badges are drawn here too, centred on (0, 0), so that the
HTML viewer can move the very same SVG groups about.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterable
from xml.sax.saxutils import escape, quoteattr

# Counters are laid out on a 48 px unit counter and a 34 px leader, and drawn
# SCALE times that: a unit 62 px square fills most of a hex (render.SIZE 50:
# 86.6 px across the flats, the largest square inside it 63 px), as on a
# printed map, leaving the hex id above it readable.
SCALE = 1.3
COUNTER = 48.0 * SCALE  # unit counter side as drawn, px
LEADER = 34.0 * SCALE   # leader counter side as drawn, px
# Where a counter's marker badges start, from its centre: just off its right
# edge, below the name, clear of the ratings.
PIECE_MARKER_AT = (COUNTER / 2 - 2, -COUNTER / 2 + 14)
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

# A marker badge whose label the ruleset gives no colour (ks_board_look's
# marker_colours, by the label's first word).
OTHER_MARKER_COLOUR = "#444444"
# A counter's shape by piece kind: side (px), corner radius, name font size,
# what the name leaves free of the side (a rounder corner needs more).
# (In layout px: drawn SCALE times larger.)
SHAPES = {"leader": (34.0, 7.0, 7.5, 4.0)}
UNIT_SHAPE = (48.0, 3.0, 8.0, 2.0)
# Where a ruleset's counter slot sits (ks_board_look's counter: its `at`).
SLOTS = ("left", "left_note", "right", "middle", "bottom")
PLACEHOLDER = "-"  # a value the counter lacks, in a slot's text


@dataclass
class Poly:
    points: list[tuple[float, float]]
    fill: str | None
    stroke: str | None
    width: float
    opacity: float = 1.0
    title: str | None = None


@dataclass
class Line:
    points: list[tuple[float, float]]
    stroke: str
    width: float
    title: str | None = None


@dataclass
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str
    stroke: str | None = None
    width: float = 0.0
    rx: float = 0.0


@dataclass
class Text:
    x: float
    y: float
    text: str
    size: float
    fill: str
    anchor: str = "middle"  # or "start"
    bold: bool = False
    italic: bool = False


@dataclass
class Group:
    id: str
    items: list
    cls: str | None = None
    title: str | None = None
    dx: float = 0.0
    dy: float = 0.0
    data: dict = field(default_factory=dict)  # data-* attributes in SVG


@dataclass
class Scene:
    width: float
    height: float
    items: list = field(default_factory=list)
    layout: Any = None


# ---- counters ----------------------------------------------------------------

def fitted(name: str, width: float, size: float) -> tuple[str, float]:
    """A name and a font size that fit *width* px: spaces dropped first, then a
    smaller font (down to 3/4 of *size*), then the name cut."""
    per_char = 0.6  # a bold sans character is about this much of the font size wide

    def fits(text: str, s: float) -> bool:
        return len(text) * per_char * s <= width
    if fits(name, size):
        return name, size
    tight = name.replace(". ", ".").replace(" ", "")
    smaller = max(size * 0.75, min(size, width / (per_char * len(tight))))
    if fits(tight, smaller):
        return tight, round(smaller, 2)
    room = int(width / (per_char * smaller))
    return tight[:room - 1] + "…", round(smaller, 2)


def counter_items(piece: Any, data: dict, values: dict, side_colour: str,
                  slots: Iterable[dict] = ()) -> list:
    """A counter centred on (0, 0): the side's colour, a white band when its back
    face is up, its name along the top, and the ruleset's *slots* (ks_board_look
    ``counter``), each one value or text at one place of the counter."""
    side, rx, name_size, margin = SHAPES.get(piece.kind, UNIT_SHAPE)
    h = side / 2
    items: list = [Rect(-h, -h, side, side, side_colour, "#222", 1.2, rx=rx)]
    if piece.face != "front":
        items.append(Rect(-h + 1, -h + 1, side - 2, 13, "#ffffff", None, 0, rx=2))
    items.append(Text(0, -h + 8, *fitted(data.get("name", piece.id), side - margin, name_size),
                      "#111", bold=True))
    for slot in slots:
        items += slot_items(slot, values, h)
    return [_scaled(item, SCALE) for item in items]


def _scaled(item: Any, k: float) -> Any:
    """A counter's rectangle or text *k* times as large about (0, 0), its
    lines as thin as before."""
    if isinstance(item, Rect):
        return Rect(round(item.x * k, 2), round(item.y * k, 2), round(item.w * k, 2),
                    round(item.h * k, 2), item.fill, item.stroke, item.width,
                    rx=round(item.rx * k, 2))
    return Text(round(item.x * k, 2), round(item.y * k, 2), item.text,
                round(item.size * k, 2), item.fill, anchor=item.anchor, bold=item.bold,
                italic=item.italic)


def slot_items(slot: dict, values: dict, h: float) -> list:
    """One slot of a counter of half-side *h*: ``value`` (an attribute; with
    ``none`` the text shown when it has none, else the slot is left out; with
    ``min`` shown only from that value up) or ``text`` (``{attribute}`` filled
    in, a missing one as '-'); ``shown_as`` maps values to what is printed;
    ``box`` a fixed colour or ``{by: attribute, colours: {value: colour},
    default: colour}``."""
    shown = slot.get("shown_as", {})
    if "value" in slot:
        value = values.get(slot["value"])
        if value is None and "none" not in slot:
            return []
        if slot.get("min") is not None and (value is None or value < slot["min"]):
            return []
        text, small = (slot["none"], True) if value is None else (str(shown.get(value, value)),
                                                                  False)
    else:
        text, small = _filled(slot.get("text", ""), values, shown), False
    box = _box_colour(slot.get("box"), values)
    at = slot.get("at", "bottom")
    if at == "left":
        return [Rect(-h + 3, -8, 17, 16, box or "#ffffff", "#222", 0.8),
                Text(-h + 11.5, 0, text, 7 if small else 11, _ink(box), bold=True)]
    if at == "right":
        return [Rect(h - 18, -8, 15, 16, box or "#ffffff", "#222", 0.8),
                Text(h - 10.5, 0, text, 11, _ink(box), bold=True)]
    if at == "left_note":
        return [Text(-h + 21.5, -4, text, 8, "#111", anchor="start")]
    if at == "middle":
        return [Text(0, 3, text, 7.5, "#333")]
    return [Text(0, h - 8, text, 8, "#111")]


def _filled(template: str, values: dict, shown: dict) -> str:
    def one(match: re.Match) -> str:
        value = values.get(match.group(1))
        return PLACEHOLDER if value is None else str(shown.get(value, value))
    return re.sub(r"\{(\w+)\}", one, template)


def _box_colour(box: Any, values: dict) -> str | None:
    if isinstance(box, dict):
        return box.get("colours", {}).get(values.get(box.get("by")), box.get("default"))
    return box


def _ink(box: str | None) -> str:
    """Dark text on a light box, white on a dark one."""
    if box is None:
        return "#111111"
    r, g, b, _ = _rgba(box)
    return "#ffffff" if 0.299 * r + 0.587 * g + 0.114 * b < 128 else "#111111"


def marker_items(labels: list[str], left: float, top: float,
                 colours: dict[str, str] | None = None) -> list:
    """Badges for markers from *left*, one under the other from *top*, each
    coloured by its label's first word (*colours*)."""
    items: list = []
    for i, label in enumerate(labels):
        w = 5.2 * len(label) + 6
        y = top + i * 12
        colour = (colours or {}).get(label.split()[0], OTHER_MARKER_COLOUR)
        items += [Rect(left, y, w, 11, colour, "#ffffff", 0.6, rx=2),
                  Text(left + w / 2, y + 5.5, label, 7.5, "#ffffff", bold=True)]
    return items


# ---- SVG ---------------------------------------------------------------------

def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _pts(points: list) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def svg_item(item: Any) -> str:
    if isinstance(item, Group):
        # Layers (no class) are named by id; pieces and their parts by data-id,
        # which may hold any text (unit names have spaces and slashes).
        attrs = f' id={quoteattr(item.id)}' if item.cls is None and item.id else \
            f' data-id={quoteattr(item.id)}' if item.id else ""
        if item.cls:
            attrs += f' class={quoteattr(item.cls)}'
        if item.dx or item.dy:
            attrs += f' transform="translate({_n(item.dx)},{_n(item.dy)})"'
        for k, v in sorted(item.data.items()):
            attrs += f' data-{k}={quoteattr(str(v))}'
        title = f"<title>{escape(item.title)}</title>" if item.title else ""
        return f"<g{attrs}>{title}" + "".join(svg_item(i) for i in item.items) + "</g>"
    if isinstance(item, Poly):
        fill = item.fill or "none"
        extra = f' fill-opacity="{_n(item.opacity)}"' if item.opacity < 1 else ""
        stroke = f' stroke={quoteattr(item.stroke)} stroke-width="{_n(item.width)}"' \
            if item.stroke else ""
        title = f"<title>{escape(item.title)}</title>" if item.title else ""
        return f'<polygon points="{_pts(item.points)}" fill={quoteattr(fill)}{extra}{stroke}>' \
               f"{title}</polygon>"
    if isinstance(item, Line):
        title = f"<title>{escape(item.title)}</title>" if item.title else ""
        return (f'<polyline points="{_pts(item.points)}" fill="none" '
                f'stroke={quoteattr(item.stroke)} stroke-width="{_n(item.width)}" '
                f'stroke-linecap="round">{title}</polyline>')
    if isinstance(item, Rect):
        stroke = f' stroke={quoteattr(item.stroke)} stroke-width="{_n(item.width)}"' \
            if item.stroke else ""
        return (f'<rect x="{_n(item.x)}" y="{_n(item.y)}" width="{_n(item.w)}" '
                f'height="{_n(item.h)}" rx="{_n(item.rx)}" fill={quoteattr(item.fill)}{stroke}/>')
    if isinstance(item, Text):
        style = (' font-weight="bold"' if item.bold else "") + \
                (' font-style="italic"' if item.italic else "")
        return (f'<text x="{_n(item.x)}" y="{_n(item.y)}" font-size="{_n(item.size)}" '
                f'fill={quoteattr(item.fill)} text-anchor="{item.anchor}" '
                f'dominant-baseline="central"{style}>{escape(item.text)}</text>')
    raise TypeError(f"cannot draw {item!r}")


def to_svg(scene: Scene, standalone: bool = True) -> str:
    head = '<?xml version="1.0" encoding="UTF-8"?>\n' if standalone else ""
    w, h = _n(math.ceil(scene.width)), _n(math.ceil(scene.height))
    return (f'{head}<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family={quoteattr(FONT)}>'
            f'<rect width="100%" height="100%" fill="#f7f5ee"/>'
            + "".join(svg_item(i) for i in scene.items) + "</svg>\n")


# ---- PNG (Pillow) ------------------------------------------------------------

SUPERSAMPLE = 2  # painted twice as large, then scaled down: smooth edges


def to_png(scene: Scene) -> Any:
    """The scene as a Pillow RGB image of size ceil(width) x ceil(height)."""
    from PIL import Image, ImageDraw
    size = (math.ceil(scene.width), math.ceil(scene.height))
    big = Image.new("RGB", (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), "#f7f5ee")
    painter = _Painter(ImageDraw.Draw(big, "RGBA"))
    for item in scene.items:
        painter.paint(item, 0.0, 0.0)
    return big.resize(size, Image.LANCZOS)


class _Painter:
    def __init__(self, draw: Any) -> None:
        self.draw = draw
        self.fonts: dict[tuple[float, bool], Any] = {}

    def font(self, size: float, bold: bool) -> Any:
        from PIL import ImageFont
        key = (size, bold)
        if key not in self.fonts:
            px = size * SUPERSAMPLE
            try:  # DejaVu where the system has it; Pillow's bundled font otherwise
                name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
                self.fonts[key] = ImageFont.truetype(name, px)
            except OSError:
                self.fonts[key] = ImageFont.load_default(size=px)
        return self.fonts[key]

    def paint(self, item: Any, ox: float, oy: float) -> None:
        s = SUPERSAMPLE

        def pts(points: list) -> list:
            return [((x + ox) * s, (y + oy) * s) for x, y in points]
        if isinstance(item, Group):
            for child in item.items:
                self.paint(child, ox + item.dx, oy + item.dy)
        elif isinstance(item, Poly):
            fill = _rgba(item.fill, item.opacity) if item.fill else None
            self.draw.polygon(pts(item.points), fill=fill)
            if item.stroke:
                ring = pts(item.points)
                self.draw.line(ring + ring[:1], fill=_rgba(item.stroke),
                               width=max(1, round(item.width * s)))
        elif isinstance(item, Line):
            self.draw.line(pts(item.points), fill=_rgba(item.stroke),
                           width=max(1, round(item.width * s)), joint="curve")
        elif isinstance(item, Rect):
            (x0, y0), (x1, y1) = pts([(item.x, item.y), (item.x + item.w, item.y + item.h)])
            self.draw.rounded_rectangle((x0, y0, x1, y1), radius=item.rx * s,
                                        fill=_rgba(item.fill),
                                        outline=_rgba(item.stroke) if item.stroke else None,
                                        width=max(1, round(item.width * s)) if item.stroke else 0)
        elif isinstance(item, Text):
            (x, y), = pts([(item.x, item.y)])
            self.draw.text((x, y), item.text, fill=_rgba(item.fill),
                           font=self.font(item.size, item.bold),
                           anchor="mm" if item.anchor == "middle" else "lm")
        else:
            raise TypeError(f"cannot draw {item!r}")


def _rgba(colour: str, opacity: float = 1.0) -> tuple[int, int, int, int]:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16), round(255 * opacity)
