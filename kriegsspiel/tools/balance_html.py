"""`ks balance --html`: the balance report as one self-contained page — the
win rate of each side from each seating as bars with their 95% intervals
(beside them the same seeds with the what-if changes), the distribution of
game lengths as a histogram, and what decided the games. Plain SVG drawn
here: no script, no CDN."""

from __future__ import annotations

from html import escape

BASE, CHANGED, INTERVAL = "#4a6fa5", "#e07a5f", "#222"
WIDTH, HEIGHT, PAD = 640, 260, 40


def balance_page(report: dict) -> str:
    sides = report["sides"]
    sets = report["sets"]
    parts = [f"<h1>{escape(report['title'])}: balance</h1>",
             f"<p>{escape(report['scenario'])} — {report['runs']} games a seating, seeds "
             f"{report['first_seed']}..{report['first_seed'] + report['runs'] - 1}; "
             f"players {escape(', '.join(report['players']))}"
             + (f"; what-if: <code>{escape(' '.join(sets))}</code>" if sets else "") + "</p>",
             "<h2>Win rate by side and seating (95% intervals)</h2>", _win_bars(report),
             _win_table(report, sides),
             "<h2>Game length (turns played)</h2>", _histogram(report),
             "<h2>What decided the games</h2>", _decided(report)]
    return ("<!doctype html><html lang=en><meta charset=utf-8><title>"
            f"{escape(report['title'])}: balance</title><style>body{{font-family:DejaVu Sans,"
            "Verdana,sans-serif;margin:1.5rem;max-width:60rem}}table{{border-collapse:collapse}}"
            "td,th{{padding:.2rem .6rem;border-bottom:1px solid #ddd;text-align:left}}</style>"
            + "\n".join(parts) + "</html>\n")


def _seatings(report: dict) -> list[tuple[str, dict]]:
    """Each seating labelled by its players in the sides' order (A · B)."""
    return [(" · ".join(entry["players"][s] for s in report["sides"]), entry)
            for entry in report["seatings"]]


def _win_bars(report: dict) -> str:
    groups = [(label, side, entry) for label, entry in _seatings(report)
              for side in report["sides"]]
    per = 2 if report["sets"] else 1
    slot = (WIDTH - 2 * PAD) / max(1, len(groups))
    bar = slot * 0.7 / per
    items = [_axes()]
    for g, (label, side, entry) in enumerate(groups):
        x0 = PAD + g * slot + slot * 0.15
        shown = [(entry["wins"][side], BASE)]
        if "what_if" in entry:
            shown.append((entry["what_if"]["wins"][side], CHANGED))
        for i, (win, colour) in enumerate(shown):
            x = x0 + i * bar
            items.append(_rect(x, _y(win["share"]), bar - 2, _y(0) - _y(win["share"]), colour,
                               f"{side} ({label}): {win['share']:.0%}, 95% "
                               f"{win['low']:.0%}–{win['high']:.0%}"))
            mid = x + (bar - 2) / 2
            items.append(f'<line x1="{mid:.1f}" x2="{mid:.1f}" y1="{_y(win["low"]):.1f}" '
                         f'y2="{_y(win["high"]):.1f}" stroke="{INTERVAL}" stroke-width="2"/>')
        items.append(f'<text x="{x0 + slot * 0.35:.1f}" y="{HEIGHT - PAD + 14}" '
                     f'font-size="10" text-anchor="middle">{escape(side)}</text>')
        if side == report["sides"][0]:  # the seating once, under its sides
            middle = PAD + (g + len(report["sides"]) / 2) * slot
            items.append(f'<text x="{middle:.1f}" y="{HEIGHT - PAD + 28}" font-size="10" '
                         f'text-anchor="middle">{escape(label)}</text>')
    legend = [("as published", BASE)] + ([("with the what-if", CHANGED)] if per == 2 else [])
    for i, (text, colour) in enumerate(legend):
        items.append(_rect(WIDTH - 170, 8 + i * 16, 10, 10, colour, text))
        items.append(f'<text x="{WIDTH - 155}" y="{17 + i * 16}" font-size="11">'
                     f"{escape(text)}</text>")
    return _svg(items, HEIGHT + 10)


def _win_table(report: dict, sides: list[str]) -> str:
    head = "".join(f"<th>{escape(s)} wins (95%)</th>" for s in sides)
    rows = []
    for label, entry in _seatings(report):
        rows.append(_win_row(label, entry, sides))
        if "what_if" in entry:
            rows.append(_win_row("  with the what-if", entry["what_if"], sides))
            paired = entry["what_if"]["paired"]
            cells = "".join(f"<td>{p['change']:+.0%} ({p['low']:+.0%} – {p['high']:+.0%})</td>"
                            for p in (paired["by_side"][s] for s in sides))
            rows.append(f"<tr><td>  change (paired seeds; {paired['otherwise']} games came "
                        f"out otherwise)</td><td></td>{cells}<td></td></tr>")
    return (f"<table><tr><th>seating ({escape(' · '.join(sides))})</th><th>games</th>{head}"
            "<th>draws</th></tr>"
            + "".join(rows) + "</table>")


def _win_row(label: str, tally: dict, sides: list[str]) -> str:
    cells = "".join(f"<td>{w['count']} — {w['share']:.0%} ({w['low']:.0%} – {w['high']:.0%})"
                    f"</td>" for w in (tally["wins"][s] for s in sides))
    return (f"<tr><td>{escape(label)}</td><td>{tally['games']}</td>{cells}"
            f"<td>{tally['draws']}</td></tr>")


def _histogram(report: dict) -> str:
    shown = [(report["all"]["lengths"], BASE)]
    if "all_what_if" in report:
        shown.append((report["all_what_if"]["lengths"], CHANGED))
    turns = sorted({int(t) for lengths, _ in shown for t in lengths})
    if not turns:
        return "<p>no games</p>"
    top = max(n for lengths, _ in shown for n in lengths.values())
    slot = (WIDTH - 2 * PAD) / len(turns)
    bar = slot * 0.8 / len(shown)
    items = [_axes(top)]
    for t, turn in enumerate(turns):
        for i, (lengths, colour) in enumerate(shown):
            count = lengths.get(turn, lengths.get(str(turn), 0))
            x = PAD + t * slot + slot * 0.1 + i * bar
            items.append(_rect(x, _y(count / top), bar - 1, _y(0) - _y(count / top), colour,
                               f"{count} games of {turn} turns"))
        items.append(f'<text x="{PAD + (t + 0.5) * slot:.1f}" y="{HEIGHT - PAD + 14}" '
                     f'font-size="10" text-anchor="middle">{turn}</text>')
    return _svg(items, HEIGHT)


def _decided(report: dict) -> str:
    rows = "".join(f"<tr><td>{escape(why)}</td><td>{n}</td></tr>"
                   for why, n in report["all"]["decided_by"].items())
    points = report["all"]["mean_points"]
    extra = "" if not points else "<p>mean points: " + escape(
        ", ".join(f"{side} {value:.1f}" for side, value in points.items())) + "</p>"
    return f"<table><tr><th>result</th><th>games</th></tr>{rows}</table>{extra}"


def _y(share: float) -> float:
    return HEIGHT - PAD - share * (HEIGHT - 2 * PAD)


def _axes(top: int | None = None) -> str:
    ticks = []
    for share in (0, 0.25, 0.5, 0.75, 1):
        label = f"{share:.0%}" if top is None else f"{share * top:g}"
        ticks.append(f'<line x1="{PAD}" x2="{WIDTH - PAD}" y1="{_y(share):.1f}" '
                     f'y2="{_y(share):.1f}" stroke="#ddd"/><text x="{PAD - 4}" '
                     f'y="{_y(share) + 3:.1f}" font-size="9" text-anchor="end">{label}</text>')
    return "".join(ticks)


def _rect(x: float, y: float, w: float, h: float, colour: str, title: str) -> str:
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{max(w, 0):.1f}" height="{max(h, 0):.1f}" '
            f'fill="{colour}"><title>{escape(title)}</title></rect>')


def _svg(items: list[str], height: int) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}">' + "".join(items) + "</svg>")


__all__ = ["balance_page"]
