"""The local names of one definition being compiled, and their frame slots."""

from __future__ import annotations


class Scope:
    """Local names visible in one definition: their types, their slots in the
    definition's frame, and whether effects are allowed.

    A frame is a plain list: ``frame[0]`` is the Context, then one slot per
    local variable — the parameters first, in order, then each name a
    ``let``, ``for`` or quantifier binds.  Slots are given out here, at compile
    time, from a counter every scope of one definition shares (``size``), so
    running a rule indexes a list instead of hashing names, and making a
    frame is making a list (see docs/performance.md)."""

    def __init__(self, names: dict[str, str], effects: bool, where: str,
                 slots: dict[str, int] | None = None, size: list[int] | None = None,
                 in_loop: bool = False) -> None:
        self.names = dict(names)
        self.effects = effects
        self.where = where  # "modifiers 'troop_quality'", for messages
        # Inside a `for` of this definition: a `break` has a loop to leave.
        self.in_loop = in_loop
        if slots is None:  # a definition's own scope: its parameters, in order
            slots, size = {n: i for i, n in enumerate(names, 1)}, [len(names) + 1]
        self.slots = dict(slots)
        self.size = size  # [the frame's length so far], shared with child scopes

    def child(self, **extra: str) -> "Scope":
        """A scope that also sees *extra*.  A name already visible keeps its
        slot: a ``let`` or ``for`` of it assigns that variable, as a name
        always did (the value is seen afterwards by what follows)."""
        s = Scope(self.names, self.effects, self.where, self.slots, self.size, self.in_loop)
        for name, t in extra.items():
            s.names[name] = t
            if name not in s.slots:
                s.slots[name] = s.new_slot()
        return s

    def bound(self, name: str, t: str) -> "Scope":
        """A scope in which *name* is a new variable of its own (a quantifier's:
        an outer variable of that name is not touched, so nothing need be put
        back afterwards)."""
        s = self.child()
        s.names[name] = t
        s.slots[name] = s.new_slot()
        return s

    def new_slot(self) -> int:
        slot = self.size[0]
        self.size[0] += 1
        return slot

    def padding(self, given: int) -> tuple:
        """What a frame holds after its *given* parameters: an empty slot for
        every other variable of the definition (call once it is compiled)."""
        return (None,) * (self.size[0] - 1 - given)
