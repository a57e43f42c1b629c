"""Saves and resuming: a save read back (`ks resume`), replayed to where it
stopped — between actions, or at the decision a player stopped at — and
played on by the live players (docs/play.md, "Saves and `ks resume`")."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path
from typing import Callable

from kriegsspiel.core.errors import KsError, Location
from kriegsspiel.core.state import Event
from kriegsspiel.dsl.runtime import _plain
from kriegsspiel.engine.session import _decode
from kriegsspiel.tools.play import (SAVE_VERSION, Playthrough, _interactive, log_fingerprint,
                                    new_game, run_checked)


class DoesNotReplay(KsError):
    """A save that no longer replays to the game it recorded (rules or data changed)."""


class _Seat:
    """A side's player while a save is replayed: the recorded answers first, then
    the live player.  A bot (``follow``) is shown each replayed question too, so
    its own generator is where it was when the game was saved."""

    def __init__(self, live: object, recorded: list[tuple[str, object]], follow: bool,
                 when_live: Callable[[], None] = lambda: None) -> None:
        self.live, self.recorded, self.follow = live, deque(recorded), follow
        self.when_live = when_live
        if hasattr(live, "draw"):  # a player that draws is asked as it was (dsl/drawn.py)
            self.draw = self._draw

    def decide(self, decision: object) -> object:
        return self._answer(decision, self.live.decide)

    def _draw(self, draw: object) -> object:
        return self._answer(draw, self.live.draw)

    def _answer(self, question: object, live: Callable[[object], object]) -> object:
        if not self.recorded:
            self.when_live()
            return live(question)
        key, answer = self.recorded.popleft()
        if key != question.key:
            raise DoesNotReplay(f"the save does not replay: it answered '{key}' where the rules "
                                f"now ask '{question.key}' about {_plain(question.subject)} (did "
                                "the rules or data change since it was written?)")
        if self.follow:
            live(question)
        return answer


_SAVE_KEYS = ("save_version", "scenario", "seed", "players", "explaining", "setup_actions",
              "actions", "in_progress", "decisions", "events", "log_sha256")


def read_save(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise KsError(f"cannot read save {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise KsError(f"{path}: not a save (not text: a save is JSON)") from None
    except json.JSONDecodeError as exc:
        raise KsError(f"{path}:{exc.lineno}:{exc.colno}: not a save (bad JSON: {exc.msg})"
                      ) from None
    if not isinstance(data, dict) or data.get("save_version") != SAVE_VERSION:
        found = data.get("save_version") if isinstance(data, dict) else None
        raise KsError(f"{path}: not a save of version {SAVE_VERSION} (found {found!r}); "
                      "write one with `ks play --save`")
    missing = [k for k in _SAVE_KEYS if k not in data]
    if missing:
        raise KsError(f"{path}: the save lacks {', '.join(missing)}")
    text = path.read_text(encoding="utf-8")
    for key, kind in _SAVE_TYPES.items():
        value = data.get(key)
        items = _SAVE_ITEMS.get(key)
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int or \
                items and not all(isinstance(item, items) for item in value):
            shape = f"a list of {'strings' if items is str else 'objects'}" if items \
                else _KIND_NAMES.get(kind, kind)
            raise KsError(f"'{key}' should be {shape}, not {json.dumps(value)[:40]}",
                          _key_location(path, text, key))
    modules = data.get("modules", [])  # a save from before modules by path has none
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise KsError(f"'modules' should be a list of strings (module paths), not "
                      f"{json.dumps(modules)[:40]}", _key_location(path, text, "modules"))
    return data


_SAVE_TYPES: dict[str, type | tuple] = {
    "scenario": str, "seed": int, "players": list, "explaining": bool, "setup_actions": int,
    "actions": list, "in_progress": (dict, type(None)), "decisions": list, "events": int,
    "log_sha256": str}
_SAVE_ITEMS: dict[str, type] = {"players": str, "actions": dict, "decisions": dict}
_KIND_NAMES = {str: "a string", int: "a whole number", list: "a list", bool: "true or false",
               (dict, type(None)): "an object or null"}


def _key_location(path: Path, text: str, key: str) -> Location:
    """Where a top-level key of a save's JSON is written."""
    depth, at, inside, escaped, start = 0, -1, False, False, 0
    for i, char in enumerate(text):
        if inside:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                inside = False
                if depth == 1 and text[start:i + 1] == f'"{key}"' and \
                        text[i + 1:].lstrip().startswith(":"):
                    at = start
                    break
        elif char == '"':
            inside, start = True, i
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
    if at < 0:
        return Location(str(path))
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return Location(str(path), line, column, text.splitlines()[line - 1][:120])


def resume(data: dict, kinds: list[str] | None = None, until: int | None = None,
           explain: bool = False, check_invariants: bool = False) -> tuple[Playthrough, int]:
    """Replay a save and play on; the game and the index of the first new event."""
    game, first = reopen(data, kinds, explain)
    run_checked(game, until, check_invariants)
    return game, first


class _RecordEnds(KsError):
    """Replaying only what a save recorded: the first question it did not answer."""


class _AskNoOne:
    """In the seat of every player when only the recorded answers may be given:
    at the first question beyond them, the log so far is kept and replay ends."""

    def __init__(self, game: Playthrough) -> None:
        self.game = game

    def decide(self, decision: object) -> object:
        self.game.replayed_log = list(self.game.session.state.log)
        raise _RecordEnds(f"the save recorded no answer to '{getattr(decision, 'key', '')}'")


def recorded_log(data: dict) -> tuple[list[Event], dict]:
    """The events a save recorded and its catalog, replayed with the save's own
    answers only — no player is asked anything (a save made at a decision
    keeps no log of its own)."""
    game, events = reopen(data, only_recorded=True)
    log = game.replayed_log if game.replayed_log is not None else game.session.state.log
    return log[:events], game.session.state.catalog


def reopen(data: dict, kinds: list[str] | None = None, explain: bool = False,
           only_recorded: bool = False) -> tuple[Playthrough, int]:
    """Replay a save up to where it stopped; the game and the index of the first
    event still to come.

    The same players (kinds) follow the replayed decisions, so the resumed game
    is the game that would have been played without stopping, byte for byte.
    """
    game, first, actions = prepare(data, kinds, explain, only_recorded)
    replay(game, data, actions, only_recorded)
    return game, first


def prepare(data: dict, kinds: list[str] | None = None, explain: bool = False,
            only_recorded: bool = False) -> tuple[Playthrough, int, list[dict]]:
    """A save's game, set up, with each seat holding its recorded answers; the
    index of the first event to come and the actions :func:`replay` performs."""
    kinds = list(kinds or data["players"])
    # A save from before optional rules could be switched on has none on.
    game = new_game(data["scenario"], data["seed"], kinds, data["explaining"] or explain,
                    options=data.get("options", []), house_rules=data.get("house_rules", []),
                    modules=data.get("modules", []))
    session, setup = game.session, data["setup_actions"]
    if session.actions != data["actions"][:setup]:
        raise DoesNotReplay(f"the save does not replay: the set-up of '{data['scenario']}' "
                            "changed since it was written")
    follow = kinds == list(data["players"])
    recorded: dict[str, list] = {}
    for d in data["decisions"]:
        recorded.setdefault(d["player"], []).append((d["key"], d["answer"]))
    unknown = set(recorded) - set(session.players.players)
    if unknown:
        raise KsError(f"the save has decisions for unknown side(s) {', '.join(sorted(unknown))}")
    if only_recorded:
        session.players.players = {side: _AskNoOne(game) for side in session.players.players}
        follow = False
    session.players.players = {side: _Seat(live, recorded.get(side, []),
                                           follow and not _interactive(live),
                                           lambda: _replayed(game, data))
                               for side, live in session.players.players.items()}
    actions = data["actions"][setup:] + ([data["in_progress"]] if data["in_progress"] else [])
    return game, data["events"], actions


def replay(game: Playthrough, data: dict, actions: list[dict],
           only_recorded: bool = False) -> None:
    """Perform a prepared save's actions; the one in progress goes on with the
    live players once its recorded answers are given."""
    try:
        for action in actions:
            game.perform(action["perform"], *[_decode(a) for a in action["args"]])
    except _RecordEnds:
        if not only_recorded:
            raise
    _replayed(game, data)


def _replayed(game: Playthrough, data: dict) -> None:
    """Checked when the recorded answers run out (the first live question, or
    the replay's end): the log so far must be the one the save recorded."""
    if game.replay_checked:
        return
    game.replay_checked = True
    log = game.session.state.log if game.replayed_log is None else game.replayed_log
    if len(log) < data["events"] or log_fingerprint(log[:data["events"]]) != data["log_sha256"]:
        raise DoesNotReplay("the save does not replay to the game it recorded (did the rules "
                            "or data change since it was written?)")
