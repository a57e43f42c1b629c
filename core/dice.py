"""Dice: a seeded generator, or a script of rolls for tests and rulebook examples.

GTS dice are d10 read 0–9 ("0 is a zero, not a ten"); d6 read 1–6.  Every
roll is drawn from one ``random.Random`` seeded at the start of the game, so
the seed plus the players' decisions replay a game exactly.  In scripted mode
the rolls come from a list, and running out is an error rather than a silent
switch to random rolls.
"""

from __future__ import annotations

import random
from typing import Iterable

from kriegsspiel.core.errors import KsError

FACES = {"d10": (0, 9), "d6": (1, 6)}


class DiceExhausted(KsError):
    """A scripted game asked for more rolls than the script holds."""


class Dice:
    def __init__(self, seed: int | None = None, script: Iterable[int] | None = None,
                 picks: Iterable[str] | None = None) -> None:
        self.seed = seed if seed is not None else 0
        self._rng = random.Random(self.seed)
        self.script = list(script) if script is not None else None
        self._next = 0
        # Blind draws (a chit from the mug): scripted by name, like the rolls.
        self.picks = list(picks) if picks is not None else None
        self._next_pick = 0
        self.count = 0  # rolls made so far; part of the save for exact resumption

    @property
    def scripted(self) -> bool:
        return self.script is not None

    def roll(self, die: str = "d10") -> int:
        if die not in FACES:
            raise KsError(f"unknown die '{die}' (known: {', '.join(FACES)})")
        low, high = FACES[die]
        if self.script is not None:
            if self._next >= len(self.script):
                raise DiceExhausted(f"the dice script ran out after {len(self.script)} roll(s)")
            value = self.script[self._next]
            self._next += 1
            if not low <= value <= high:
                raise KsError(f"scripted roll {value} is not a {die} result ({low}–{high})")
        else:
            value = self._rng.randint(low, high)
        self.count += 1
        return value

    def pick(self, options: list[str]) -> str:
        """A blind draw among *options* (e.g. chits in a mug)."""
        if not options:
            raise KsError("nothing to draw from")
        ordered = sorted(options)  # draws must not depend on insertion or hash order
        if self.picks is not None:
            if self._next_pick >= len(self.picks):
                raise DiceExhausted(f"the draw script ran out after {len(self.picks)} draw(s)")
            choice = self.picks[self._next_pick]
            self._next_pick += 1
            if choice not in ordered:
                raise KsError(f"scripted draw '{choice}' is not among {ordered}")
            return choice
        if self.script is not None:
            raise KsError("a scripted game must script its draws too (Dice(picks=[...]))")
        self.count += 1
        return ordered[self._rng.randrange(len(ordered))]

    def remaining(self) -> list[int] | None:
        return None if self.script is None else self.script[self._next:]

    def state(self) -> dict:
        """What a save needs to continue the same stream of rolls."""
        version, internal, gauss = self._rng.getstate()
        return {"seed": self.seed, "count": self.count, "script": self.script,
                "next": self._next, "picks": self.picks, "next_pick": self._next_pick,
                "rng": [version, list(internal), gauss]}

    @classmethod
    def from_state(cls, data: dict) -> "Dice":
        dice = cls(data["seed"], data.get("script"), data.get("picks"))
        dice._next_pick = data.get("next_pick", 0)
        if data.get("rng"):
            version, internal, gauss = data["rng"]
            dice._rng.setstate((version, tuple(internal), gauss))
        dice._next = data.get("next", 0)
        dice.count = data["count"]
        return dice
