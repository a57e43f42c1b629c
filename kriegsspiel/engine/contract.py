"""The ruleset contract: the rules the engine and its tools call by name.

The engine knows no game system, so it cannot say what a turn is or when a
game is over; a ruleset says so in its rule files, under these names.  A
program built from modules that lack one is refused at load, with an error
naming what is missing and what it is for, rather than failing at the first
turn of the first game.  `ks rules contract` lists it; a tool
that calls further names for what a user asks of it (`ks render`'s Fire Zone
and Line of Sight overlays) names the missing rule when asked.
"""

from __future__ import annotations

from dataclasses import dataclass

from kriegsspiel.core.errors import KsError, Location
from kriegsspiel.dsl.program import Program


@dataclass(frozen=True)
class Required:
    name: str
    kind: str          # "procedure" or "def"
    params: int
    purpose: str

    def signature(self) -> str:
        args = ", ".join(f"p{i + 1}" for i in range(self.params))
        return f"{self.kind} {self.name}({args})"


CONTRACT = (
    Required("play_turn", "procedure", 0,
             "one game turn: `ks play` runs it until the game is decided or its turns run out"),
    Required("game_decided", "def", 0,
             "whether the game has its result: play stops when it is true"),
)


def contract_errors(program: Program, where: Location) -> list[KsError]:
    """One error per contract rule the program lacks or declares otherwise."""
    errors = []
    for need in CONTRACT:
        compiled = program.compiled.get(need.name)
        decl = compiled.decl if compiled is not None else None
        if decl is None:
            problem = "does not define"
        elif decl.kind != need.kind or len(getattr(decl, "params", ())) != need.params:
            problem = f"declares it as {decl.kind} with {len(getattr(decl, 'params', ()))} " \
                      f"parameter(s) at {decl.loc}; the engine needs"
        else:
            continue
        errors.append(KsError(f"the ruleset {problem} {need.signature()} — {need.purpose} "
                              f"(the ruleset contract: `ks rules contract`)", where))
    return errors
