"""How a bot reads a game: the rules' own pure definitions, evaluated on a
private context that makes no explanation records, asks no player and rolls
no die (a definition that would is refused), so reading never changes the
game, its dice or the explanations of the action in progress.  A ruleset's heuristic player
builds on it (modules/gts/bot.py, modules/tld/bot.py) instead of
re-implementing a rule."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.errors import KsError
from kriegsspiel.dsl.runtime import Context


def refuse(decision: Any) -> Any:
    raise KsError(f"the bot's look-ahead context cannot answer '{decision.key}'")


class NoDice:
    """The reader's dice: a roll or a draw would take one from the game's."""

    def roll(self, die: str = "d10") -> int:
        raise KsError(f"the bot's look-ahead context cannot roll a {die}")

    def pick(self, options: list) -> Any:
        raise KsError("the bot's look-ahead context cannot draw")


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

    def rule(self, name: str, *args: Any, default: Any = None) -> Any:
        """A pure rule definition's value (*default* if the rules refuse it)."""
        try:
            return self.session.program.call(name, self.ctx, *args)
        except KsError:
            return default
        finally:
            self.ctx.trace.clear()

    def side_of(self, entity: Any) -> str | None:
        side = self.state.attr(entity, "side")
        return getattr(side, "id", side)
