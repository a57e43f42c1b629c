"""Explanation records as one readable line each (for `ks resolve` and `ks play`)."""

from __future__ import annotations

import json


def shown(value) -> str:
    if isinstance(value, dict) and "ref" in value:
        return str(value["ref"][1])
    if isinstance(value, dict) and str(value.get("what", "")).startswith("check "):
        how = "bought" if value.get("bought") else f"roll {value['roll']} vs {value['target']}"
        return f"{'passed' if value['passed'] else 'failed'} ({how})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def explained(r: dict) -> str:
    """One explanation record on one line, with its citations."""
    what, cites = str(r.get("what", "")), " ".join(r.get("cites", []))
    cited = f"  [{cites}]" if cites else ""
    if what.startswith("modifiers "):
        base = [] if r["base"] is None else [f"base {r['base']}"]
        terms = [f"{t['name']} {t['amount']:+d} [{' '.join(t['cites'])}]"
                 + ("" if t["layer"] == "series" else f" ({t['layer']})") for t in r["terms"]]
        return f"{what[10:]} = {r['value']}: " + ", ".join(base + terms or ["no terms"])
    if what.startswith("table "):
        keys = ", ".join(shown(k) for k in r["keys"])
        return (f"{what[6:]}[{keys}] = {shown(r['value'])}  row {r['row']} ({r['layer']}, "
                f"{r['provenance'] or 'published'}){cited}")
    if what.startswith("check "):
        how = "bought" if r["bought"] else f"roll {r['roll']} vs {r['target']}"
        return (f"{what}: {how} -> {'passed' if r['passed'] else 'failed'} "
                f"({r['reason']}){cited}")
    if what.startswith("def "):
        args = ", ".join(shown(a) for a in r["args"])
        return f"{what[4:]}({args}) = {shown(r['value'])}{cited}"
    if what.startswith("roll "):
        return f"{what} = {r['value']}" + (f" (for {r['for']})" if r.get("for") else "")
    if what == "step":
        return f"step {r['procedure']}.{r['step']} ({r['layer']}){cited}"
    if what == "trigger":
        return f"trigger {r['trigger']} on {r['on']}{cited}"
    if what == "note":
        return f"note: {r['text']}"
    return json.dumps(r, ensure_ascii=False, default=str)
