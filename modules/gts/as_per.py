"""'As per Scenario N': a scenario reusing another's set-up and arrivals on one sheet.

Crete's Scenario 6 sets up "Rethymnon Map: As per Scenario 1", "Heraklion Map: As
per Scenario 3" and brings "1500: Drop Two — As per Scenario 1"; Scenarios 11 and
13 say the same.  :func:`expand_as_per` copies those placements and arrivals into
the scenario: each copy names its sheet (``map``), so its hexes are that sheet's
(core.sheets), and when the scenario uses another counter set each unit becomes
this set's counter of the same printed name ("Use the Campaign Game Counters"),
and each leader the leader of that counter's formation (a drop's leader
"arrive[s] with any Unit of their Formation on the first turn a Unit arrives"),
once — or once each with an arrival an optional rule changes and with its
change (``not_with`` / ``only_with``), since only one of them happens.  The
copies keep their own file locations, so an error in one points at the line
it came from.  The GTS module applies it to every scenario it plays (hook
ks_expand_scenario), before the scenario's references are checked.
"""

from __future__ import annotations

from pathlib import Path

from kriegsspiel.core.errors import KsError, KsErrors, did_you_mean
from kriegsspiel.core.models import Game
from kriegsspiel.core.scenario import Scenario
from kriegsspiel.core.yamlio import path_of, where

__all__ = ["expand_as_per"]


def _on_sheet(other: Scenario, sheet: str) -> list:
    """The placements of *other* on *sheet*: all of them when it is played on that
    sheet alone; otherwise those whose ``map`` is the sheet (Scenario 12's "Canea -
    Suda Map: As per Scenario 11"), and the Leaders placed with one of their Units."""
    if len(other.maps) == 1:
        return list(other.setup)
    kept = [p for p in other.setup if p.map == sheet]
    units = {u for p in kept for u in ([p.unit] if p.unit else list(p.units or []))}
    return [p for p in other.setup
            if p.map == sheet or (p.leader is not None and p.map is None and p.hex is None
                                  and any(u in units for u in p.with_ or []))]


def expand_as_per(scenario: Scenario, path: str | Path, game: Game) -> Scenario:
    """*scenario* with every ``as_per`` entry's placements and arrivals added."""
    if not scenario.as_per:
        return scenario
    from kriegsspiel.core.loading import load_scenario

    units = {u.id: u for u in game.units}
    leaders = {leader.id: leader for leader in game.leaders}
    formations = {f.id: f for f in game.formations}
    by_name: dict[str, list] = {}
    for u in game.units:
        by_name.setdefault(u.name or u.id, []).append(u)
    errors: list[KsError] = []
    setup, arrivals = [], []
    # leader -> the (only_with, not_with) of each copied arrival he came with: an
    # arrival an optional rule changes (crete:O4.0) and its change never both
    # happen, so each may bring him.
    led: dict[str, list[tuple]] = {}

    def exclusive(a: tuple, b: tuple) -> bool:
        return (a[0] is not None and a[0] == b[1]) or (a[1] is not None and a[1] == b[0])

    def fail(entry, message: str, hint: str | None = None) -> None:
        errors.append(KsError(f"{path_of(entry)}: {message}", where(entry), hint))

    def counterpart(entry, unit_id: str) -> str:
        u = units.get(unit_id)
        if u is None or scenario.counter_set is None or \
                u.counter_set in (None, scenario.counter_set):
            return unit_id
        same = [v for v in by_name.get(u.name or u.id, [])
                if v.counter_set in (None, scenario.counter_set)]
        if len(same) != 1:
            fail(entry, f"'{unit_id}' ({u.counter_set} counters) has "
                        f"{'no' if not same else 'more than one'} {scenario.counter_set} "
                        f"counter named '{u.name or u.id}'")
            return unit_id
        return same[0].id

    def leaders_of(entry, item, mapped: list[str]) -> list[str]:
        out = []
        for leader_id in getattr(item, "leaders", None) or []:
            leader = leaders.get(leader_id)
            if scenario.counter_set is not None and leader is not None and mapped:
                # the formation the leader's units have among this scenario's counters
                theirs = [units[m].formation for m, o in zip(mapped, item.units)
                          if o in units and units[o].formation == leader.formation
                          and m in units]
                formation = formations.get(theirs[0]) if theirs else None
                if formation is not None and formation.leader:
                    leader_id = formation.leader
            when = (item.only_with, item.not_with)
            if all(exclusive(when, other) for other in led.get(leader_id, [])):
                led.setdefault(leader_id, []).append(when)
                out.append(leader_id)
        return out

    base = Path(path).parent.parent
    for entry in scenario.as_per:
        other_path = base / f"{entry.scenario}.yaml"
        if not other_path.is_file():
            known = sorted(str(p.relative_to(base).with_suffix("")) for p in base.rglob("*.yaml"))
            fail(entry, f"no scenario '{entry.scenario}' beside this one",
                 did_you_mean(entry.scenario, known))
            continue
        other = load_scenario(other_path, type(scenario))
        if entry.map not in other.maps:
            fail(entry, f"scenario '{entry.scenario}' is played on {', '.join(other.maps)}, "
                        f"not '{entry.map}'")
            continue
        if entry.setup:
            for p in _on_sheet(other, entry.map):
                mapped = {"map": entry.map}
                if p.unit:
                    mapped["unit"] = counterpart(p, p.unit)
                if p.units:
                    mapped["units"] = [counterpart(p, u) for u in p.units]
                setup.append(p.model_copy(update=mapped))
        if entry.turn is not None:
            found = [r for r in other.reinforcements if r.turn == entry.turn]
            if not found:
                fail(entry, f"scenario '{entry.scenario}' has no arrivals on {entry.turn}")
            for r in found:
                mapped_units = [counterpart(r, u) for u in r.units]
                update = {"map": entry.map, "units": mapped_units,
                          "leaders": leaders_of(entry, r, mapped_units)}
                if entry.drop is not None and r.drop is not None:
                    update["drop"] = entry.drop
                arrivals.append(r.model_copy(update=update))
    if errors:
        raise KsErrors(errors)
    return scenario.model_copy(update={"setup": [*setup, *scenario.setup],
                                       "reinforcements": [*arrivals, *scenario.reinforcements],
                                       "as_per": []})
