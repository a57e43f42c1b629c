"""What the heuristic bot keeps of what it reads (a mixin of HeuristicPlayer,
bot.py), and for how long: answers that only an event can change are kept
until the log shows one that can (a Unit of a side moved, placed, eliminated
or flipped), the rules' answers while what they read stands (the read sets
the reader's own keeping uses), the map's neighbours for the map in play.
Each is the answer asking afresh would give, so the games are the same."""

from __future__ import annotations

from typing import Any

from kriegsspiel.dsl.lasting import read_set

# The events that change where a piece stands or the face it shows, and the
# attributes a side's placing reads (core/state.py keeps them itself unless
# the rules declare a track or link of that name).
_PLACING_EVENTS = frozenset({"unit_moved", "unit_placed", "unit_eliminated", "unit_flipped"})
_PLACING_NAMES = ("hex", "on_map", "face", "side")
_MISSING = object()


class Keeping:
    """Reads with what HeuristicPlayer (bot.py) reads: state, session, rule,
    side_of."""

    def side_of_id(self, unit_id: str) -> Any:
        """The side of the Unit of id *unit_id* (kept as units() keeps it)."""
        known = self._sides.get(unit_id)
        if known is None:
            known = self._sides[unit_id] = self.side_of(self.state.interned("unit", unit_id))
        return known

    def moved_since(self, key: Any, side: Any, of_side: bool) -> bool:
        """Whether, since this was last asked under *key*, a Unit of *side*
        (*of_side*; else of another side) may have moved, been placed,
        eliminated or flipped: read from the events logged since (the only
        ones that change where a piece stands or the face it shows,
        core/state.py) — always when the game was put back (a restore, an
        undone transaction: another log) or the rules keep a track or link of
        a name these read."""
        state = self.state
        log, restores = state.log, state.restore_count
        seen = self._moves_seen.get(key)
        self._moves_seen[key] = (log, len(log), restores)
        if seen is None or seen[0] is not log or seen[2] != restores or seen[1] > len(log):
            return True
        program = self.session.program
        if self._tracked[0] is not program:
            self._tracked = (program, any(n in program.tracks or n in program.links
                                          for n in _PLACING_NAMES))
        if self._tracked[1]:
            return True
        if seen[1] == len(log):
            return False
        units = state.catalog.get("unit", {})
        for event in log[seen[1]:]:
            if event.kind in _PLACING_EVENTS:
                moved = event.data.get("unit")
                moved = getattr(moved, "id", moved)
                if moved in units and (self.side_of_id(moved) == side) == of_side:
                    return True
        return False

    def forget_placings(self) -> None:
        """Work out afresh what is kept by the placing of the Units (for a
        caller that changes what the bot reads without an event: a test)."""
        self._moves_seen.clear()
        self._goals = (None, -1, {})

    def kept_rule(self, name: str, *args: Any) -> Any:
        """``rule(name, *args)``, kept while none of the attributes the def reads
        changes (its read set, dsl/lasting.py: the validity of the reader's
        own keeping, without a question to the reader), within the game's
        top-level call as the reader's keeping is, for the rules in play (the
        session's program: other rules, other read sets); asked afresh
        otherwise."""
        during = self.session.ctx.memo
        if during is None:
            return self.rule(name, *args)
        program = self.session.program
        if self._rules_read[0] is not program:  # other rules: other read sets
            self._rules_read = (program, {}, {})
        _, specs, kept_by_name = self._rules_read
        spec = specs.get(name, _MISSING)
        if spec is _MISSING:
            spec = specs[name] = self.read_spec(name)
        if spec is None:
            return self.rule(name, *args)
        stamp = self.state.stamps(*spec)
        kept = kept_by_name.get(name)
        if kept is None or kept[0] is not during or kept[1] != stamp:
            kept = kept_by_name[name] = (during, stamp, {})
        found = kept[2].get(args, _MISSING)
        if found is _MISSING:
            found = kept[2][args] = self.rule(name, *args)
        return found

    def read_spec(self, name: str) -> tuple | None:
        """(names, entries, turn) for GameState.stamps of def *name*'s read
        set; None when it is not known (it reads where pieces are)."""
        program = self.session.program
        compiled = program.compiled.get(name)
        if compiled is None or compiled.decl.kind != "def" or program.deferred:
            return None
        reads = read_set(program, name)
        if reads is None:
            return None
        return (tuple(sorted(n for n in reads if not n.startswith("@"))),
                "@entries" in reads, "@turn" in reads)

    def neighbours(self, hex_id: str) -> list:
        """The rules' neighbours of a hex (a primitive reading the grid and the
        map in play alone), kept while they are the same."""
        grid, game_map = self.state.grid, self.state.map
        if self._neighbours[0] is not grid or self._neighbours[1] is not game_map:
            self._neighbours = (grid, game_map, {})
        if "neighbours" in self.session.program.decls:  # the rules' own definition
            return tuple(self.rule("neighbours", hex_id, default=[]) or [])
        known = self._neighbours[2].get(hex_id)
        if known is None:
            known = self._neighbours[2][hex_id] = \
                tuple(self.rule("neighbours", hex_id, default=[]) or [])
        return known
