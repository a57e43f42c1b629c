"""Small readers shared by the scenario set-up tests (where a unit is, the
hexes around a hex, the scenario's turn labels)."""

from __future__ import annotations


def where(session, name, kind="unit"):
    return session.attr(session.ref(kind, name), "hex")


def within(session, centre, n):
    """The hexes of the map within *n* of *centre* (the joined sheets' bounding
    grid holds hexes no sheet has: 32.24's neighbours below the Maleme sheet)."""
    grid = session.state.grid
    return {grid.format(h) for h in grid.within(grid.parse(centre), n)
            if session.state.map.contains(grid.format(h))}


def labels(session):
    return [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]


def start_passing(scenario, seed=1, axis=None):
    """*scenario* set up with both players answering `pass` to every Action
    (and *axis*'s other answers), so a test drives the game itself."""
    from kriegsspiel.core.players import KeyedPlayer, Table
    from kriegsspiel.engine.starting import start
    players = Table({"Axis": KeyedPlayer({"action": "pass", **(axis or {})}),
                     "Allied": KeyedPlayer({"action": "pass"})})
    return start(scenario, players, seed=seed)
