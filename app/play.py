"""`ks play`: a scenario played by bots, as a readable log.

Each event becomes one line a player can follow — the chit drawn, what moved
where, each shot with its rating and roll, results, eliminations, the turn
marker and the victory — and, with ``explain``, the explanation records
(modifier terms with their citations, table rows, checks) under it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Iterable

from kriegsspiel.core.players import RandomPlayer, Table
from kriegsspiel.core.state import Event, jsonable
from kriegsspiel.explaining import explained
from kriegsspiel.session import Session
from kriegsspiel.setup import start

PLAYER_KINDS: dict[str, Callable[[int], object]] = {"random": RandomPlayer}


def players_for(sides: list[str], kinds: list[str], seed: int) -> Table:
    from kriegsspiel.core.errors import KsError, did_you_mean
    players = {}
    for i, side in enumerate(sides):
        kind = kinds[i] if i < len(kinds) else kinds[-1]
        if kind not in PLAYER_KINDS:
            raise KsError(f"unknown player '{kind}'", None, did_you_mean(kind, PLAYER_KINDS))
        players[side] = PLAYER_KINDS[kind](seed + i)
    return Table(players)


def describe(event: Event, turns: list[str], setting_up: bool = False) -> str | None:
    """One readable line for the events a player cares about (None: skip it)."""
    d = event.data
    kind = event.kind
    if kind == "unit_placed" and setting_up and d["destination"]:
        return f"    {d['unit']} sets up in {d['destination']}"
    if kind == "activation_started":
        return f"  chit: {d['chit'].split(':', 1)[-1]} ({d['chit'].split(':', 1)[0]})"
    if kind == "unit_moved":
        return f"    {d['unit']} moves {d['origin']} -> {d['destination']}"
    if kind == "unit_placed" and d["destination"] and d["origin"] is None:
        return f"    {d['unit']} enters at {d['destination']}"
    if kind in ("fire_resolved", "assault_fire_resolved", "air_strike_resolved"):
        who = d.get("firer") or d.get("side")
        what = "assault fire" if kind == "assault_fire_resolved" else \
            "air strike" if kind == "air_strike_resolved" else "fires"
        result = d["result"] if d["hit"] and d["result"] else ("hit, no effect" if d["hit"]
                                                              else "miss")
        return (f"    {who} {what} at {d['target']}: rating {d['rating']}, roll {d['roll']} "
                f"-> {result}")
    if kind == "track_changed" and d["track"] in ("suppressed", "cohesion_hits", "step_loss"):
        return f"      {d['entity'].split(':', 1)[1]}: {d['track']} {d['old']} -> {d['new']}"
    if kind == "unit_eliminated":
        return f"      {d['unit']} eliminated"
    if kind == "assault_declared":
        return f"    assault on {d['hex']} by {', '.join(d['units'])}"
    if kind == "assault_over":
        return f"    assault on {d['hex']}: {d['outcome']}"
    if kind == "barrage_placed":
        return f"      {'heavy' if d['level'] == 2 else 'light'} barrage on {d['hex']}"
    if kind == "turn_advanced":
        nxt = turns[d["turn"]] if d["turn"] < len(turns) else "end"
        return f"turn {nxt}" if nxt != "end" else "end of the last turn"
    if kind == "game_won":
        return f"RESULT: {d['winner']} wins ({d['reason']})"
    return None


def play(scenario: str, seed: int, kinds: list[str], until: int | None = None,
         explain: bool = False) -> tuple[Session, list[str]]:
    # The set-up asks no questions, so the players can be seated once the
    # scenario is loaded: one load, and the sides in the game's order.
    table = Table({})
    session = start(scenario, table, seed=seed)
    table.players = players_for(list(session.state.catalog["side"]), kinds, seed).players
    session.ctx.explaining = explain
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    count = len(turns) if until is None else min(until, len(turns))
    for _ in range(count):
        if session.program.call("game_decided", session.ctx):
            break
        session.perform("play_turn")
    lines = [f"{session.scenario.title} — seed {seed}", f"turn {turns[0]}"]
    setting_up = True
    for event in session.state.log:
        setting_up = setting_up and event.kind != "activation_started"
        line = describe(event, turns, setting_up)
        if line:
            lines.append(line)
            if explain:
                for record in jsonable(event.cause):
                    lines.append("        · " + explained(record))
    if not session.events("game_won"):
        lines.append("RESULT: not decided (stopped before the end)")
    return session, lines


def write_log(session: Session, path: Path) -> None:
    path.write_text(session.log_text(), encoding="utf-8")


def write_save(session: Session, scenario: str, path: Path) -> None:
    data = session.save()
    data["scenario"] = scenario
    path.write_text(json.dumps(data, sort_keys=True), encoding="utf-8")


__all__: Iterable[str] = ["play", "write_log", "write_save", "describe", "players_for"]
