"""The GTS pieces of a game's catalog, which the engine builds without them:
the Activation Chits (gts:7.1, gts:9.0) — one per Division, one per Formation
with a Leader, a Direct Command Chit per side — the counters drawn from cups
(a marker whose values name a ``chit`` kind), the chits a scenario's mug
names, the generic Rearguard counters (gts:24.1) and the road-block limits
(gts:23.1).  Scenarios and situation files get the same pieces from here
(hook ks_lay_out_catalog); a situation has no game or scenario, so only what
its entities imply.
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.errors import KsError, did_you_mean


def chit_id(kind: str, of: str) -> str:
    return {"direct_command": "direct", "division": "division",
            "formation": "formation"}.get(kind, kind) + f":{of}"


# How the rules name a scenario's division ratings and points (ks_data_vocabulary).
VOCABULARY = {"division.ratings": {"command": "command_rating", "dispatch": "dispatch_rating"},
              "division.points": {"command": "cp", "dispatch": "dp"}}


def lay_out(cat: dict, game: Any = None, scenario: Any = None) -> None:
    """Add the GTS pieces to *cat* (built by the engine: sides, leaders, units;
    a situation's also armies, divisions and formations), in the order the
    rules see them."""
    if game is not None:
        _order_of_battle(cat, game, scenario)
    chits = cat.setdefault("chit", {})
    for ident, division in cat["division"].items():
        chits[f"division:{ident}"] = {"name": f"{ident} Activation", "kind": "division",
                                      "division": ident, "side": division["side"]}
    for ident, formation in cat["formation"].items():
        if formation["leader"]:  # a Formation with a Leader has its own Activation Chit
            chits[f"formation:{ident}"] = {"name": f"{ident} Activation", "kind": "formation",
                                           "formation": ident, "division": formation["division"],
                                           "side": formation["side"]}
    for side in cat["side"]:
        chits[f"direct:{side}"] = {"name": f"{side} Direct Command", "kind": "direct_command",
                                   "side": side}
    if scenario is None:
        return
    _parks_and_contacts(cat, scenario)
    _rearguards(cat, game, scenario)
    _road_block_limits(cat, scenario)
    # Marker counters that are drawn from cups (e.g. crete:5.0 Random Event chits
    # and Event counters) are chits too: values {chit: kind, of: owner, ...}.
    for m in game.markers:
        if "chit" in m.values:
            values = {k: v for k, v in m.values.items() if k not in ("chit", "of")}
            chits[chit_id(m.values["chit"], m.values.get("of", m.id))] = {
                "name": m.name or m.id, "kind": m.values["chit"], **values}
    _mug_chits(cat, scenario)
    _effect_chits(cat)


def _effect_chits(cat: dict) -> None:
    """A scenario rule's effect names chits as the data does ({kind, of}); the
    rules read their ids."""
    for effect in cat.get("effect", {}).values():
        if isinstance(effect.get("chit"), dict):
            effect["chit"] = chit_id(effect["chit"]["kind"], effect["chit"]["of"])
        if isinstance(effect.get("chits"), list):  # several chit references
            effect["chits"] = [chit_id(c["kind"], c["of"]) if isinstance(c, dict) else c
                               for c in effect["chits"]]


def _order_of_battle(cat: dict, game: Any, scenario: Any) -> None:
    """Armies, Divisions (with the scenario's ratings, gts:10.0.3) and Formations,
    and the Division, Formation and side of every Leader and Unit."""
    army_side = {a.id: a.side for a in game.armies}
    div_side = {d.id: army_side[d.army] for d in game.divisions}
    form_div = {f.id: f.division for f in game.formations}
    command = {c.division: c for c in scenario.command_values} if scenario else {}
    cat["army"] = {a.id: {"name": a.name or a.id, "side": a.side} for a in game.armies}
    cat["division"] = {
        d.id: division_entry(d.name or d.id, d.army, div_side[d.id],
                             {**d.ratings, **(command[d.id].ratings if d.id in command else {})})
        for d in game.divisions}
    cat["formation"] = {f.id: formation_entry(f.name or f.id, f.division, div_side[f.division],
                                              f.leader, f.kind, f.tags)
                        for f in game.formations}
    for leader in game.leaders:
        cat["leader"][leader.id].update({"division": leader.division,
                                         "formation": leader.formation,
                                         "side": div_side[leader.division]})
    units = {u.id: u for u in game.units}
    for unit_id, entry in cat["unit"].items():
        u = units[unit_id]
        division = u.division or form_div[u.formation]
        entry.update({"formation": u.formation, "division": division,
                      "side": div_side[division]})


def division_entry(name: str, army: str, side: str, ratings: dict) -> dict:
    """A Division's catalog entry, its ratings by the names the rules read
    (command_rating, dispatch_rating: gts:10.0.3)."""
    names = VOCABULARY["division.ratings"]
    return {"name": name, "army": army, "side": side,
            **{names.get(k, k): v for k, v in ratings.items()}}


def formation_entry(name: str, division: str, side: str, leader: str | None,
                    kind: str = "formation", tags: Any = ()) -> dict:
    """A Formation's catalog entry."""
    return {"name": name, "division": division, "side": side, "leader": leader, "kind": kind,
            "tags": list(tags)}


def starting_points(session: Any, scenario: Any) -> None:
    """The scenario's Command and Dispatch Points of each Division (gts:10.0.3)."""
    points = VOCABULARY["division.points"]
    for c in scenario.command_values:
        for key, value in c.points.items():
            if value is not None:
                session.set_initial(session.ref("division", c.division), points.get(key, key),
                                    value)


def _parks_and_contacts(cat: dict, scenario: Any) -> None:
    """Units set up in an Artillery Park (gts:16.2.1) or In Contact with a Leader
    (gts:16.3): the rules make the Park and the contact at the start of play."""
    for p in scenario.setup:
        for unit_id in [p.unit] if p.unit else list(p.units or []):
            if p.artillery_park is not None:
                cat["unit"][unit_id]["setup_park"] = p.artillery_park
            if p.in_contact_with is not None:
                cat["unit"][unit_id]["setup_contact"] = p.in_contact_with


def _rearguards(cat: dict, game: Any, scenario: Any) -> None:
    """Generic Rearguard counters (gts:24.1): as many per Division as the
    scenario allows, off the map until created."""
    for pool in scenario.rearguards:
        for n in range(1, pool.count + 1):
            cat["unit"][f"Rearguard {pool.division} {n}"] = {
                "name": "Rearguard", "formation": None, "division": pool.division,
                "side": cat["division"][pool.division]["side"], "unit_class": "infantry",
                "back_kind": None, "tags": ["rearguard"],
                "faces": {"front": dict(game.rearguard.values) if game.rearguard else {}}}


def _road_block_limits(cat: dict, scenario: Any) -> None:
    """Road blocks in play at once, per Army (gts:23.1); none listed: none at
    all.  A Division listed has its own limit too (none: only its Army's)."""
    limits = {r.army: r.count for r in scenario.road_blocks if r.army is not None}
    for army_id, entry in cat["army"].items():
        entry["road_block_limit"] = limits.get(army_id, 0)
    division_limits = {r.division: r.count for r in scenario.road_blocks
                       if r.division is not None}
    for division_id in division_limits:
        if division_id not in cat["division"]:
            raise KsError(f"scenario '{scenario.id}': road_blocks names unknown division "
                          f"'{division_id}'", None, did_you_mean(division_id, cat["division"]))
    for division_id, entry in cat["division"].items():
        entry["road_block_limit"] = division_limits.get(division_id)


def _mug_chits(cat: dict, scenario: Any) -> None:
    """Chits the mug holds that no Division or Formation with a Leader gave: a
    Formation's chit named by the scenario, a side's Random Event chit (whose
    event the ruleset's rules decide, if any); and which go in every turn."""
    mug = scenario.mug
    for ref in [*(mug.each_turn if mug else []), *(mug.at_start if mug else []),
                *([mug.first_chit] if mug and mug.first_chit else [])]:
        ident = chit_id(ref.kind, ref.of)
        if ident not in cat["chit"]:
            owner = ref.of if ref.of in cat["side"] else None
            division = cat["formation"].get(ref.of, {}).get("division")
            cat["chit"][ident] = {
                "name": f"{ref.of} {ref.kind.replace('_', ' ').title()}", "kind": ref.kind,
                "side": owner or cat["division"].get(division or ref.of, {}).get("side"),
                "division": division, "formation": ref.of if division else None}
    for ref in (mug.each_turn if mug else []):
        cat["chit"][chit_id(ref.kind, ref.of)]["each_turn"] = True
