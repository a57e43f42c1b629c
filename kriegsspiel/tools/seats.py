"""Who sits at a game: the player kinds (``random``, ``human``, ``search``,
``switch`` and those the game's modules offer, ks_player_kinds), their
strength knobs (``search:iterations=200``) and one player per side
(docs/players.md)."""

from __future__ import annotations

import math
from typing import Callable

from kriegsspiel.core.players import RandomPlayer, Table


# Player kinds as factories (seed, session) -> player; the modules of the game
# add theirs through the ks_player_kinds hook (GTS: "heuristic"), see docs/players.md.
PLAYER_KINDS: dict[str, Callable[[int, object], object]] = {
    "random": lambda seed, session: RandomPlayer(seed),
    "human": lambda seed, session: _human(session),
    "search": lambda seed, session, **settings: _search(seed, session, **settings),
    "switch": lambda seed, session, **settings: _switch(seed, session, **settings),
}


def _human(session) -> object:
    from kriegsspiel.core.players import TerminalPlayer
    # A unit's or leader's hex, so the person can find it on the map.
    where = session.state.placement if session is not None else {}
    return TerminalPlayer(describe=lambda o: where.get(getattr(o, "id", None))
                          if getattr(o, "kind", None) in ("unit", "leader") else None)


def _search(seed: int, session, **settings) -> object:
    from kriegsspiel.tools.search import search_player
    return search_player(seed, session, **settings)


def _switch(seed: int, session, **settings) -> object:
    from kriegsspiel.tools.switch import switch_player
    return switch_player(seed, session, **settings)


def player_kinds(session=None) -> dict[str, Callable[[int, object], object]]:
    """The kernel's kinds plus those the game's modules offer (ks_player_kinds)."""
    kinds = dict(PLAYER_KINDS)
    if getattr(session, "scenario", None) is not None:
        from kriegsspiel.engine.plugins import session_modules
        from kriegsspiel.tools.search import plugin_player_kinds
        kinds.update(plugin_player_kinds(*session_modules(session)))
    return kinds


def seated_kinds(sides: list[str], kinds: list[str]) -> list[str]:
    """The player kind of each side, in order: the last kind given repeats."""
    return [kinds[i] if i < len(kinds) else kinds[-1] for i in range(len(sides))]


def players_for(sides: list[str], kinds: list[str], seed: int, session=None) -> Table:
    """One player per side (the last kind repeats); *session* is the game the
    players will sit at (the kinds that read the game need it)."""
    from kriegsspiel.core.errors import KsError, did_you_mean
    known = player_kinds(session)
    if len(kinds) > len(sides):
        raise KsError(f"{len(kinds)} players ({', '.join(kinds)}) for {len(sides)} sides "
                      f"({', '.join(sides)}): give one kind a side, in that order")
    players = {}
    for i, (side, given) in enumerate(zip(sides, seated_kinds(sides, kinds))):
        kind = given.split(":")[0]
        if kind not in known:
            raise KsError(f"unknown player '{kind}' (known: {', '.join(sorted(known))})", None,
                          did_you_mean(kind, known))
        kind, settings = player_settings(given, getattr(known[kind], "settings", None))
        if session is None and kind not in ("random", "human"):
            raise KsError(f"player '{kind}' needs the game it plays")
        players[side] = known[kind](seed + i, session, **settings) if settings else \
            known[kind](seed + i, session)
    return Table(players)


def player_settings(given: str, takes: dict | None = None) -> tuple[str, dict]:
    """A player kind with its strength knobs, ``search:iterations=200:horizon=8``:
    the kind and its settings, each checked against what the kind's
    factory takes (SETTINGS for the kernel's kinds; *takes*, a module's
    factory's ``settings`` {name: int, float, str or a function reading the
    text, whose ``what`` says what it takes}, for the others) and converted
    to its type."""
    from kriegsspiel.core.errors import KsError, did_you_mean
    kind, *parts = given.split(":")
    if not parts:
        return kind, {}
    allowed = takes if takes is not None else SETTINGS.get(kind, {})
    settings = {}
    for part in parts:
        name, equals, text = part.partition("=")
        if not name:
            raise KsError(f"player '{given}': a setting after ':' is name=VALUE "
                          f"({', '.join(sorted(allowed)) or 'this kind takes none'})")
        if name not in allowed:
            known = f"it takes {', '.join(sorted(allowed))}" if allowed else "it takes none"
            raise KsError(f"player '{kind}' has no setting '{name}' ({known})", None,
                          did_you_mean(name, allowed))
        if not equals or not text:
            raise KsError(f"player setting '{part}': give it a value, {name}=VALUE")
        try:
            value = allowed[name](text)
        except ValueError:
            what = getattr(allowed[name], "what", None) or \
                ('a whole number' if allowed[name] is int else 'a number')
            raise KsError(f"player setting '{part}': {text!r} is not {what}") from None
        if isinstance(value, (int, float)) and (not math.isfinite(value) or value < 0):
            raise KsError(f"player setting '{part}': it must be a finite number, not negative")
        settings[name] = value
    return kind, settings


# The strength knobs a player kind takes (`--players search:iterations=200`):
# the search player's budget and judgement, docs/players.md.
SETTINGS: dict[str, dict[str, type]] = {
    "search": {"iterations": int, "seconds": float, "horizon": int, "exploration": float,
               "margin": float, "batch": int, "workers": int, "turns": int,
               "every": int, "confidence": float},
    "switch": {"policies": int, "rollouts": int, "turns": int, "horizon": int,
               "margin": float, "confidence": float, "every": int, "workers": int,
               "use": str, "differ": int, "answers": int},
}
