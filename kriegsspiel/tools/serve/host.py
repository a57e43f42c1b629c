"""A game played in a browser: the engine runs in a thread of its own; a seat
held by a person is a WebPlayer whose questions wait for the page's answer.

Everything the page shows is rendered in the game's thread at the moment it
stands still (a question, the end of a turn, the end of the game) and
published as one snapshot, so the web side only ever reads finished pictures
and never the state while the rules change it.  The map itself (terrain,
hexsides, roads, names) does not change in play: it is drawn once and fetched
once; a snapshot carries only what lies on it (the pieces, their markers, the
highlighted choices), a small part of the largest maps.  Who may answer is
checked here: each person's seat has a token, and only the seat being asked
may answer the question asked now, with one of its options.
"""

from __future__ import annotations

import secrets
import threading
from html import escape
from typing import Any

from kriegsspiel.core.errors import KsError
from kriegsspiel.dsl.runtime import _plain
from kriegsspiel.tools.board_source import Source, board_at, board_look
from kriegsspiel.tools.display_scene import displays_svg
from kriegsspiel.tools.play import Playthrough, readable, readable_events
from kriegsspiel.tools.render import (map_scene, overlay_group, piece_id, pieces_group,
                                      side_colours)
from kriegsspiel.tools.viewer.scene import svg_item, to_svg

SHOWN_LINES = 400  # the log's last lines a snapshot carries
CHOICE_SHADE = ("#ffef5e", 0.6)  # a hex the question offers, highlighted on the map


class WebPlayer:
    """A seat answered from the page."""

    def __init__(self, host: "GameHost", side: str) -> None:
        self.host, self.side = host, side

    def decide(self, decision: Any) -> Any:
        return self.host.ask(self.side, decision)


class GameHost:
    def __init__(self, game: Playthrough, people: list[str],
                 resume: tuple[dict, list[dict]] | None = None) -> None:
        """*resume*: a save and the actions still to replay (saves.prepare) —
        the game goes on from where the save was written."""
        from kriegsspiel.engine.plugins import session_modules
        self.game = game
        self.people = list(people)
        self.tokens = {side: secrets.token_urlsafe(12) for side in people}
        self.changed = threading.Condition()
        self.version = 0
        self.snapshot: dict = {}
        self.pending: tuple[str, Any] | None = None
        self.answer_given: int | None = None
        self.asked = 0  # the id of the question now pending (a stale answer names another)
        self.save: dict | None = None  # the game as it stood at the last question
        # (side, save, dice rolled so far) at each question asked of a person:
        # an undo goes back to the person's previous one.
        self.history: list[tuple[str, dict, int]] = []
        self.undo_to: dict | None = None
        self.stopped = False
        # The web side's wake-ups: (its event loop, an asyncio.Event) per page.
        self.listeners: set[tuple[Any, Any]] = set()
        session = game.session
        registry, names = session_modules(session)
        self.look = board_look(registry, names)
        self._seat(game, resume)
        board = map_scene(self.source)  # drawn once: only what lies on it changes in play
        self.layout, self.map_svg = board.layout, to_svg(board, standalone=False)
        # Who is which colour, and the map's terrain as the game names it.
        self.legend = {"sides": side_colours(session.state.catalog, self.source.look),
                       "terrain": sorted(set(session.state.map.terrain.values()))}
        self.thread = threading.Thread(target=self._play, name="game", daemon=True)

    def _seat(self, game: Playthrough, resume: tuple[dict, list[dict]] | None) -> None:
        """Play *game* (from *resume*, a save and its actions, if given): the
        people's seats answered from the page."""
        self.game, self.resume, session = game, resume, game.session
        # The log's readable lines so far, each with the number of events up to
        # and including the one it describes (its moment), and of how many events.
        self.lines: list[str] = []
        self.moments: list[int] = []
        self.lines_of = 0
        self.source = Source(game.scenario, session, session.state.catalog, [], 0, game.turns,
                             session.game, self.look)
        for side in self.people:
            seat = session.players.players.get(side)
            if hasattr(seat, "recorded"):  # a save's seat: its answers first, then the page
                seat.live, seat.follow = WebPlayer(self, side), False  # a person is not re-asked
            else:
                session.players.players[side] = WebPlayer(self, side)

    # ---- the game's side ----------------------------------------------------
    def start(self) -> None:
        self.publish()
        self.thread.start()

    def _play(self) -> None:
        from kriegsspiel.tools.saves import prepare, replay
        try:
            while True:
                try:
                    if self.resume is not None:
                        replay(self.game, *self.resume)
                    self.game.run(after_turn=self.publish)
                    self.publish(over=True)
                    return
                except _Undo:  # the game again from the save of the question undone
                    data, self.undo_to = self.undo_to, None
                    game, _, actions = prepare(data, self.game.kinds,
                                               self.game.session.ctx.explaining)
                    self._seat(game, (data, actions))
        except _Stopped:
            return
        except KsError as exc:
            self.publish(over=True, error=str(exc))
        except Exception as exc:  # a bug: shown on the page, not lost in a thread
            self.publish(over=True, error=f"internal error: {type(exc).__name__}: {exc}")

    def ask(self, side: str, decision: Any) -> Any:
        """Show *decision* to *side*'s person and wait for one of its options."""
        save = self.game.save()  # in this thread: the state is still
        with self.changed:
            self.pending, self.answer_given = (side, decision), None
            self.asked += 1
            self.save = save
            self.history.append((side, save, self.game.session.dice.count))
        self.publish()
        with self.changed:
            while self.answer_given is None and not self.stopped and self.undo_to is None:
                self.changed.wait()
            if self.stopped:
                raise _Stopped()
            if self.undo_to is not None:
                self.pending = None
                raise _Undo()
            index, self.pending = self.answer_given, None
        return decision.options[index]

    def publish(self, over: bool = False, error: str | None = None) -> None:
        """A new snapshot of the game as it stands (called in the game's thread)."""
        game, session = self.game, self.game.session
        log = session.state.log
        if len(log) < self.lines_of:  # an action undone: its lines go with it
            self.lines, self.moments, self.lines_of = [], [], 0
        # Only the events since the last snapshot are described (a long game's
        # log is thousands of lines); the result line is the end's alone.
        for index, line in readable_events(game, session.ctx.explaining, start=self.lines_of):
            self.lines.append(line)
            self.moments.append(index + 1)
        self.lines_of = len(log)
        ending = [] if not over else readable(game, False, start=len(log), result=True)
        lines = self.lines + ending
        moments = self.moments + [len(log)] * len(ending)
        question, shade = None, {}
        if self.pending is not None:
            side, decision = self.pending
            hexes = {o: i for i, o in enumerate(decision.options)
                     if isinstance(o, str) and session.state.map.contains(o)}
            # Pieces offered (a fire's targets, a leader to go with): their counters.
            pieces = {piece_id(o): i for i, o in enumerate(decision.options)
                      if getattr(o, "kind", None) in ("unit", "leader")}
            shade = dict.fromkeys(hexes, CHOICE_SHADE)
            subject = decision.subject
            question = {"id": self.asked, "side": side, "key": decision.key,
                        "subject": _label(subject),
                        # the piece asked about (the mover, a unit that may fire): its counter
                        "about": piece_id(subject)
                        if getattr(subject, "kind", None) in ("unit", "leader") else None,
                        "options": [_label(o) for o in decision.options], "hexes": hexes,
                        "pieces": pieces}
        turn = session.state.turn
        view = {"title": session.scenario.title, "scenario": game.scenario,
                "turn": game.turns[turn] if turn < len(game.turns) else "end",
                "turns": game.turns, "turn_index": turn, "panel": self._panel(),
                "legend": self.legend,
                "log": lines[-SHOWN_LINES:], "moments": moments[-SHOWN_LINES:],
                "events": len(log), "question": question, "over": over,
                "result": next((line for line in reversed(lines) if line.startswith("RESULT")),
                               None) if over else None, "error": error,
                "live": (svg_item(overlay_group(self.layout, shade)) if shade else "")
                + svg_item(pieces_group(self.source, session.state, self.layout)),
                "displays": self._displays()}
        with self.changed:
            self.version += 1
            self.snapshot = {"version": self.version, **view}
            self.changed.notify_all()
            listeners = list(self.listeners)
        for loop, event in listeners:  # each page's loop wakes its own pusher
            try:
                loop.call_soon_threadsafe(event.set)
            except RuntimeError:  # its loop is closed: that page is gone
                self.listeners.discard((loop, event))

    def _displays(self) -> str:
        """The displays' picture; a display the rules cannot read is said in its
        place, never raised into the action that stands waiting (or into the
        handler showing why the game stopped)."""
        try:
            return displays_svg(self.source, self.game.session)
        except Exception as exc:  # noqa: BLE001 — shown on the page, as the game's errors are
            what = exc.message if isinstance(exc, KsError) else f"{type(exc).__name__}: {exc}"
            return f'<p class="error">the displays cannot be drawn: {escape(what)}</p>'

    def moment(self, at: Any) -> str | None:
        """The pieces as they stood after the first *at* events of the log (a
        moment a log line names), drawn for the map; None for no such moment."""
        log = list(self.game.session.state.log)  # a copy: the game's thread appends
        if type(at) is not int or not 0 <= at <= len(log):
            return None
        board = board_at(self.source.catalog, [{"kind": e.kind, "data": e.data}
                                               for e in log[:at]])
        return svg_item(pieces_group(self.source, board, self.layout))

    def _panel(self) -> list[dict]:
        """The tracks the ruleset shows beside the map (ks_board_look's panel),
        one row per entity that has any: its id, side and values."""
        state, rows = self.game.session.state, []
        for kind, tracks in self.source.look.get("panel", {}).items():
            for ref in state.refs(kind):
                values = {label: state.attr(ref, track) for track, label in tracks.items()}
                if any(v for v in values.values()):
                    rows.append({"kind": kind, "id": ref.id,
                                 "side": _label(state.attr(ref, "side")), "values": values})
        return rows

    # ---- the web's side -------------------------------------------------------
    def seat_of(self, token: str | None) -> str | None:
        """The first seat *token* holds (one token, or several joined by commas:
        a hot-seat page plays each seat whose token it has)."""
        seats = self.seats_of(token)
        return seats[0] if seats else None

    def seats_of(self, token: str | None) -> list[str]:
        given = set((token or "").split(","))
        return [side for side, t in self.tokens.items() if t in given]

    def answer(self, token: str | None, index: Any, question: Any = None,
               hex_id: Any = None) -> str | None:
        """Answer the question now asked (*question*: its id) by the index of an
        option, or by a hex of the map the options hold; the reason it is
        refused, or None. A refused answer changes nothing."""
        seats = self.seats_of(token)
        with self.changed:
            if not seats:
                return "you hold no seat in this game (open the link with your seat's token)"
            if self.pending is None or self.pending[0] not in seats:
                return "nothing is asked of your side now"
            if type(question) is not int or question != self.asked:
                return f"that answer is for question {question!r}; question {self.asked} " \
                       "is the one asked now"
            if self.answer_given is not None:
                return "this question is answered already"
            key, options = self.pending[1].key, self.pending[1].options
            if hex_id is not None:
                if hex_id not in options:
                    return f"{hex_id} is not one of the choices of '{key}': " + \
                        (self._refusal(key, hex_id) or "those are highlighted")
                index = options.index(hex_id)
            if type(index) is not int or not 0 <= index < len(options):
                return f"not one of the {len(options)} options of '{key}'"
            self.answer_given = index
            self.changed.notify_all()
        return None

    def _refusal(self, key: str, hex_id: Any) -> str | None:
        """The rules' reason a hex is not a choice (Session.refusal); while a
        question waits, the game's thread stands still and the state may be read."""
        if type(hex_id) is not str or not self.game.session.state.map.contains(hex_id):
            return None
        try:
            return self.game.session.refusal(key, self.pending[1].subject, hex_id)
        except KsError:
            return None

    def undo(self, token: str | None) -> str | None:
        """Take back the person's last answer: the game goes back to the question
        it answered, if no die has been rolled since; the reason it cannot, or None."""
        seats = self.seats_of(token)
        with self.changed:
            if not seats:
                return "you hold no seat in this game"
            if self.pending is None or self.pending[0] not in seats or self.undo_to is not None:
                return "an answer is taken back while your side is being asked"
            earlier = [i for i, (side, _, _) in enumerate(self.history[:-1]) if side in seats]
            if not earlier:
                return "you have answered nothing yet"
            side, data, rolled = self.history[earlier[-1]]
            if self.game.session.dice.count != rolled:
                return "a die has been rolled since that answer: it stands"
            del self.history[earlier[-1]:]
            self.undo_to = data
            self.changed.notify_all()
        return None

    def saved(self, token: str | None) -> dict | None:
        """The game as it stood at the last question (a save `ks resume` reads),
        for a person holding a seat."""
        with self.changed:
            return dict(self.save) if self.seat_of(token) and self.save else None

    def current(self) -> dict:
        """The snapshot as it is now."""
        with self.changed:
            return dict(self.snapshot)

    def wait(self, seen: int, timeout: float = 1.0) -> dict:
        """The snapshot once it is newer than *seen* (or as it is after *timeout*)."""
        with self.changed:
            if self.version <= seen:
                self.changed.wait(timeout)
            return dict(self.snapshot)

    def stop(self) -> None:
        with self.changed:
            self.stopped = True
            self.changed.notify_all()


# Both leave a question through the rules and the engine's player table, which
# let a KsError through unchanged (and undo the action in progress): so they are
# KsErrors, caught by _play before any other.
class _Stopped(KsError):
    """The server is closing: the game's thread leaves its question."""

    def __init__(self) -> None:
        super().__init__("the server stopped")


class _Undo(KsError):
    """A person took an answer back: the game's thread starts again from the
    save of the question it answered."""

    def __init__(self) -> None:
        super().__init__("an answer was taken back")


def _label(value: Any) -> str:
    plain = _plain(value)
    if isinstance(plain, str) and ":" in plain and getattr(value, "id", None):
        return value.id
    return str(plain)


__all__ = ["GameHost", "WebPlayer"]
