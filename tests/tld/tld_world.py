"""A small The Longest Day world for the rule tests: the tld module's rules on
a 10 x 10 map of the test's own terrain, roads and rivers, with the counters
the test names — the catalog a scenario's data would give."""

from __future__ import annotations

from typing import Any, Callable

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.core.players import Table
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.session import Session

REGISTRY = load_registry()
PROGRAM = build_program(["tld"], REGISTRY)

TERRAIN = [TerrainType(id=t, name=t, kind="hex") for t in
           ("clear", "bocage", "forest", "swamp", "hill", "town", "city", "sea")] + [
    TerrainType(id="river", name="river", kind="hexside"),
    TerrainType(id="primary_road", name="primary road", kind="road"),
    TerrainType(id="secondary_road", name="secondary road", kind="road")]

# Counters: front (attack, defense, movement), back, remnant; the others' defaults.
INFANTRY = dict(unit_class="infantry", transport="foot", stacking=2, front=(4, 6, 4),
                back=(2, 3, 4), remnant=(1, 1, 4))
TANKS = dict(unit_class="armor", transport="tracked", mech=True, stacking=2, front=(8, 5, 10),
             back=(4, 3, 10), remnant=(2, 1, 10))
ARTILLERY = dict(unit_class="artillery", transport="motorized", stacking=2, front=(4, 1, 6),
                 back=None, artillery_range=3)
TRUCKS = dict(unit_class="infantry", transport="motorized", stacking=2, front=(5, 5, 8),
              back=(3, 3, 8), remnant=(1, 1, 8))


def counter(side: str, hex_id: str | None, kind: dict, **changes: Any) -> dict:
    spec = {**kind, **changes, "side": side, "hex": hex_id}
    return spec


def _face(spec: dict, values: tuple, remnant: tuple | None = None) -> dict:
    face = {"attack": values[0], "defense": values[1], "movement": values[2],
            "stacking": spec.get("stacking", 2), "mech": spec.get("mech", False),
            "transport": spec.get("transport", "foot")}
    if spec.get("artillery_range"):
        face["artillery_range"] = spec["artillery_range"]
    if remnant is not None:
        face.update(remnant_attack=remnant[0], remnant_defense=remnant[1],
                    remnant_movement=remnant[2])
    return face


class Recorder:
    """Answers each question with *answer(decision)* and records (side, key, subject)."""

    def __init__(self, answer: Callable[[Any], Any]) -> None:
        self.answer = answer
        self.asked: list[tuple[str, str, Any]] = []

    def decide(self, decision: Any) -> Any:
        self.asked.append((str(decision.player), decision.key, decision.subject))
        return self.answer(decision)


def stay(decision: Any) -> Any:
    """Move nothing, attack nothing, enter nowhere, join and advance never."""
    defaults = {"move_to": "stop", "attack_hex": "end", "enter_at": "wait",
                "join_attack": False, "advance": False, "strategic_road_move": False}
    if decision.key in defaults and defaults[decision.key] in decision.options:
        return defaults[decision.key]
    return decision.options[0]


def world(units: dict[str, dict], terrain: dict[str, list[str]] | None = None,
          roads: dict[str, list[str]] | None = None, rivers: list[str] = (),
          answer: Callable[[Any], Any] = stay, dice: list[int] = (), turns: int = 4,
          effects: dict | None = None, victory: dict | None = None,
          start_date: int = 6, month: str = "08",
          rules: tuple[str, ...] = ("tld:I",),
          features: list[dict] = ()) -> tuple[Session, Recorder]:
    grid = HexGrid((1, 10, 1, 10))
    game_map = MapModel(id="test", name="Test", grid={"columns": [1, 10], "rows": [1, 10]},
                        default_terrain="clear", hexes=terrain or {},
                        hexsides=[{"hexside": s, "feature": "river"} for s in rivers],
                        roads=roads or {}, features=list(features), provenance="provisional")
    catalog = {
        "side": {"Allied": {"name": "Allied"}, "German": {"name": "German"}},
        "game": {"game": {"turns": [{"label": f"1944-{month}-{start_date + n:02d} 0600",
                                     "tags": []} for n in range(turns)],
                          "otherwise": None, "draw": "both_or_neither"}},
        "unit": {}, "effect": effects or {}, "victory": victory or {},
        "special_rule": {r: {"name": r} for r in rules},
    }
    for name, spec in units.items():
        faces = {"front": _face(spec, spec["front"])}
        if spec.get("back"):
            faces["back"] = _face(spec, spec["back"], spec.get("remnant"))
        entry = {"name": name, "side": spec["side"], "unit_class": spec["unit_class"],
                 "faces": faces, "tags": list(spec.get("tags", []))}
        if spec.get("arrival_turn") is not None:
            entry.update(arrival_turn=spec["arrival_turn"], entry_hexes=spec["entry_hexes"])
        if spec.get("wave"):
            entry["wave"] = spec["wave"]
        catalog["unit"][name] = entry
    recorder = Recorder(answer)
    session = Session(PROGRAM, catalog, Dice(0, script=list(dice)),
                      Table({"Allied": recorder, "German": recorder}), grid,
                      MapIndex.build(game_map, TERRAIN, grid))
    for name, spec in units.items():
        if spec.get("hex"):
            session.place(name, spec["hex"])
    return session, recorder


def hq(side: str, hex_id: str, division: str, kind: str = "division") -> dict:
    return dict(unit_class="hq", transport="motorized", stacking=1, front=(0, 1, 6), back=None,
                side=side, hex=hex_id, tags=[f"division:{division}", f"hq:{kind}"])


def supply(side: str, hex_id: str) -> dict:
    return dict(unit_class="supply", transport="motorized", stacking=0, front=(0, 0, 0),
                back=(0, 0, 0), side=side, hex=hex_id)


def where(session: Session, unit: str) -> str | None:
    return session.state.attr(session.ref("unit", unit), "hex")


def reach(session: Session, unit: str) -> list[str]:
    return list(session.value("reachable_hexes", session.ref("unit", unit), "move"))


def side(session: Session, name: str) -> Any:
    return session.ref("side", name)
