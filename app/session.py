"""A game in progress: compiled rules + state + dice + players.

Everything a front end (CLI, bots, tests) does to a game goes through
:meth:`Session.perform`, which runs a named rule procedure atomically: if
anything goes wrong the state, the log and the dice are exactly as before.
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.players import Table
from kriegsspiel.core.state import GameState, Ref
from kriegsspiel.dsl.program import Program
from kriegsspiel.dsl.runtime import Context


class Session:
    def __init__(self, program: Program, catalog: dict[str, dict[str, dict]],
                 dice: Dice | None = None, players: Table | None = None, grid: Any = None) -> None:
        self.program = program
        self.state = GameState(catalog, grid, track_names=set(program.tracks))
        self.dice = dice or Dice(0)
        self.players = players or Table({})
        self.ctx = Context(self.state, self.dice, self.players, rules=program)

    def ref(self, kind: str, ident: str) -> Ref:
        return self.state.ref(kind, ident)

    def place(self, unit: str, hex_id: str | None, kind: str = "unit") -> None:
        ref = self.ref(kind, unit)
        self.ctx.emit("unit_placed", {"unit": ref, "origin": self.state.placement.get(unit),
                                      "destination": hex_id})

    def perform(self, name: str, *args: Any) -> Any:
        """Run a rule procedure (or check, def, modifiers) all or nothing."""
        dice_state = self.dice.state()
        try:
            with self.state.transaction():
                return self.program.call(name, self.ctx, *args)
        except BaseException:
            restored = Dice.from_state(dice_state)
            self.dice.__dict__.update(restored.__dict__)
            self.ctx.trace.clear()
            raise

    def value(self, name: str, *args: Any) -> Any:
        """Evaluate a pure definition (def or modifiers) against the current state."""
        return self.program.call(name, self.ctx, *args)

    def attr(self, entity: Ref, name: str) -> Any:
        return self.state.attr(entity, name)

    def events(self, kind: str | None = None) -> list:
        return [e for e in self.state.log if kind is None or e.kind == kind]
