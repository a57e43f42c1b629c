"""One root error class for everything the user can get wrong, with a location.

Every error that reaches a user — a rule file that does not parse, a YAML node
with a bad value, an illegal action — is a :class:`KsError`.  Rendered, it reads
like a compiler's::

    modules/gts/rules/combat.ksr:12:7: error: unknown table 'crt'
        lookup crt[weapon, armored, roll]
               ^
    hint: did you mean 'CRT'?

Parsers and loaders catch their libraries' exceptions at the boundary and
re-raise them as ``KsError`` so that no lark/ruamel/pydantic exception escapes.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a source file: 1-based line and column."""

    path: str
    line: int = 0
    column: int = 0
    source_line: str | None = None  # the text of that line, when the caller has it

    def __str__(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}:{self.column}"
        return self.path

    def text(self) -> str | None:
        """The source line, read from disk if the caller did not supply it."""
        if self.source_line is not None:
            return self.source_line
        if not self.line:
            return None
        try:
            lines = Path(self.path).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            return None  # no source line to show: the message still stands
        if 0 < self.line <= len(lines):
            return lines[self.line - 1]
        return None


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate to *name*, as a hint sentence, or None."""
    pool = sorted(set(candidates))
    matches = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
    if not matches:
        folded = {c.lower(): c for c in pool}
        matches = [folded[name.lower()]] if name.lower() in folded else []
    return f"did you mean '{matches[0]}'?" if matches else None


class KsError(Exception):
    """The root of every error kriegsspiel reports to a person."""

    def __init__(self, message: str, location: Location | None = None,
                 hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.location = location
        self.hint = hint
        # Where in a game it happened (a rule failing in play): lines shown after
        # the source location, which says only where in the rule file.
        self.context: list[str] = []

    def each(self) -> list["KsError"]:
        """The errors this one stands for: itself (KsErrors: each it holds)."""
        return [self]

    def render(self) -> str:
        head = f"{self.location}: error: {self.message}" if self.location else f"error: {self.message}"
        parts = [head]
        line = self.location.text() if self.location else None
        if line is not None:
            parts.append("    " + line.rstrip("\n"))
            col = max(self.location.column, 1)
            # Keep tabs so the caret lines up under tab-indented source.
            pad = "".join(ch if ch == "\t" else " " for ch in line[: col - 1])
            parts.append("    " + pad + "^")
        if self.hint:
            parts.append(f"hint: {self.hint}")
        parts.extend(f"  {line}" for line in self.context)
        return "\n".join(parts)

    def __str__(self) -> str:
        return self.render()


class KsErrors(KsError):
    """Several located errors found in one pass (a checker reports them all)."""

    def __init__(self, errors: list[KsError]) -> None:
        self.errors = list(errors)
        first = self.errors[0] if self.errors else None
        super().__init__(first.message if first else "errors",
                         first.location if first else None, first.hint if first else None)

    def each(self) -> list[KsError]:
        return list(self.errors)

    def render(self) -> str:
        return "\n".join(e.render() for e in self.errors)


class IllegalAction(KsError):
    """An action the rules forbid; the game state is left unchanged."""
