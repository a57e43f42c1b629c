"""How a bot reads a game: the rules' own pure definitions, evaluated on a
private context that makes no explanation records, asks no player and rolls
no die (a definition that would is refused), so reading never changes the
game, its dice or the explanations of the action in progress.  A ruleset's heuristic player
builds on it (modules/gts/bot.py, modules/tld/bot.py) instead of
re-implementing a rule."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.errors import KsError
from kriegsspiel.dsl.lasting import lasting, read_set
from kriegsspiel.dsl.runtime import Context
from kriegsspiel.dsl.shortcuts import remembered


_MISSING = object()


def refuse(decision: Any) -> Any:
    raise KsError(f"the bot's look-ahead context cannot answer '{decision.key}'")


class NoDice:
    """The reader's dice: a roll or a draw would take one from the game's."""

    def roll(self, die: str = "d10") -> int:
        raise KsError(f"the bot's look-ahead context cannot roll a {die}")

    def pick(self, options: list) -> Any:
        raise KsError("the bot's look-ahead context cannot draw")


class _Unheld:
    """Where a keeping wrapper puts the plain evaluation when keeping does
    not pay the game (dsl.shortcuts): the reader keeps using its wrapper."""

    fn: Any = None


class RuleReader:
    """``rule(name, *args)``, ``attr``, ``side_of`` over *session*'s game."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.state = session.state
        self.ctx = Context(session.state, NoDice(), refuse, rules=session.program,
                           explaining=False)
        # A bot reads attributes by the hundred thousand: the state's own reader,
        # not a method calling it.
        self.attr = session.state.attr
        self._during: Any = None  # the game's top-level call our answers belong to
        self._keeping: dict[str, Any] = {}  # def name -> the reader's keeping wrapper
        self._keeping_for: Any = session.program

    def rule(self, name: str, *args: Any, default: Any = None) -> Any:
        """A pure rule definition's value (*default* if the rules refuse it).

        A bot asks many questions while the game stands still (every hex a
        Unit might step into), each of which would otherwise work out the same
        things afresh (the enemy Units projecting a Fire Zone, their reach).
        So while the game's own top-level call runs (``session.ctx.memo`` is
        that call's), the reader keeps its remembered and kept answers from
        one question to the next, as the game's context does between its own
        calls inside it: the same version and change counts keep them valid,
        and nothing edits the state but events while that call runs.  Outside
        one (a test asking between actions), each question starts afresh."""
        ctx, during = self.ctx, self.session.ctx.memo
        if during is not self._during:
            self._during = during
            if during is None:
                ctx.memo = ctx.lasting = None
            else:
                ctx.memo, ctx.memo_version, ctx.lasting = {}, -1, {}
        try:
            if during is not None:
                if self._keeping_for is not self.session.program:  # a session given new rules
                    self._keeping, self._keeping_for = {}, self.session.program
                keeping = self._keeping.get(name, _MISSING)
                if keeping is _MISSING:
                    keeping = self._keeping[name] = self._keeping_wrapper(name)
                if keeping is not None:
                    return keeping(ctx, *args)
            return self.session.program.call(name, ctx, *args)
        except KsError:
            return default
        finally:
            self.ctx.trace.clear()

    def _keeping_wrapper(self, name: str) -> Any:
        """A def's answers kept for the reader as the game keeps them for its own
        calls (dsl.lasting while the names it reads stand still, else
        dsl.shortcuts.remembered while the game's version does) — but never
        dropped: the game stops keeping a def whose answers it seldom asks
        for again, and a bot asks some of those over and over (the same step
        costs, hex after hex, action after action).  None for what is not a
        def (a primitive, a modifier list): Program.call as before."""
        program = self.session.program
        compiled = program.compiled.get(name)
        if compiled is None or compiled.decl.kind != "def" or compiled.plain is None:
            return None
        # As Program._build_def: a program with problems gets no read sets (its
        # calls may stand for broken or cyclic ones).
        reads = read_set(program, name) if not program.deferred else None
        what = f"reader def {name}"
        return (lasting(what, compiled.plain, reads, _Unheld()) if reads is not None
                else remembered(what, compiled.plain, _Unheld()))

    def side_of(self, entity: Any) -> str | None:
        side = self.state.attr(entity, "side")
        return getattr(side, "id", side)
