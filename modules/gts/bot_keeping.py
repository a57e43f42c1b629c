"""What the heuristic bot keeps of what it reads (a mixin of HeuristicPlayer,
bot.py), and for how long: answers that only an event can change are kept
until the log shows one that can (a Unit of a side moved, placed, eliminated
or flipped), the rules' answers while what they read stands (the read sets
the reader's own keeping uses), the map's neighbours for the map in play,
the hexes in an enemy Fire Zone while no event since can change them.
Each is the answer asking afresh would give, so the games are the same."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.state import Ref
from kriegsspiel.dsl.declarations import KERNEL_EVENTS
from kriegsspiel.dsl.lasting import PLACEMENT, read_set
from kriegsspiel.engine.los import DEPENDS as LOS_DEPENDS

# The events that change where a piece stands or the face it shows, and the
# attributes a side's placing reads (core/state.py keeps them itself unless
# the rules declare a track or link of that name).
_PLACING_EVENTS = frozenset({"unit_moved", "unit_placed", "unit_eliminated", "unit_flipped"})
_PLACING_NAMES = ("hex", "on_map", "face", "side")
_MISSING = object()

# The Fire Zone question, and how near an enemy a step must come to bear on
# a Fire Zone (the rules say: los.ksr).
_ZONE_DEF = "hex_in_enemy_fire_zone"
_CONTACT = "fire_zone_contact_distance"


class Keeping:
    """Reads with what HeuristicPlayer (bot.py) reads: state, session, rule,
    side_of."""

    def kept_sides(self) -> dict:
        """Units' sides by id: the catalog's, read once — unless the rules keep
        a track or link of that name, by which a Unit might change side (then
        a dict of this call's own)."""
        program = self.session.program
        return self._sides if "side" not in program.tracks and \
            "side" not in program.links else {}

    def side_of_id(self, unit_id: str) -> Any:
        """The side of the Unit of id *unit_id* (kept as kept_sides keeps it)."""
        sides = self.kept_sides()
        known = sides.get(unit_id)
        if known is None:
            known = sides[unit_id] = self.side_of(self.state.interned("unit", unit_id))
        return known

    def moved_since(self, key: Any, side: Any, of_side: bool) -> bool:
        """Whether, since this was last asked under *key*, a Unit of *side*
        (*of_side*; else of another side) may have moved, been placed,
        eliminated or flipped: read from the events logged since (the only
        ones that change where a piece stands or the face it shows,
        core/state.py) — always when the game was put back (a restore, an
        undone transaction: another log) or the rules keep a track or link of
        a name these read."""
        start = self._read_on(key)
        if start is None:
            return True
        return any((self.side_of_id(moved) == side) == of_side
                   for _, moved in self._placings(start))

    def steps_since(self, key: Any, side: Any) -> list | None:
        """The steps — (unit id, the hex it stepped into) — of *side*'s Units
        logged since this was last asked under *key*, in order; None when
        anything else may have changed their placing (one of them placed,
        eliminated, flipped or moved off the map or onto it; what makes
        moved_since always true)."""
        start = self._read_on(key)
        if start is None:
            return None
        steps = []
        for event, moved in self._placings(start):
            if self.side_of_id(moved) != side:
                continue
            data = event.data
            if event.kind != "unit_moved" or data["origin"] is None or \
                    data["destination"] is None:
                return None
            steps.append((moved, data["destination"]))
        return steps

    def _placings(self, start: int):
        """The events logged from *start* on that change a Unit's placing,
        each with the id of the Unit."""
        units = self.state.catalog.get("unit", {})
        for event in self.state.log[start:]:
            if event.kind in _PLACING_EVENTS:
                moved = event.data.get("unit")
                moved = getattr(moved, "id", moved)
                if moved in units:
                    yield event, moved

    def _read_on(self, key: Any) -> int | None:
        """Where the log is to be read on from for *key* (marking it read to
        its end); None when it cannot be: not read before under *key*, the
        game put back (a restore, an undone transaction: another log), or
        rules that keep a track or link of a name the placing reads."""
        state = self.state
        log, restores = state.log, state.restore_count
        seen = self._moves_seen.get(key)
        self._moves_seen[key] = (log, len(log), restores)
        if seen is None or seen[0] is not log or seen[2] != restores or seen[1] > len(log):
            return None
        program = self.session.program
        if self._tracked[0] is not program:
            self._tracked = (program, any(n in program.tracks or n in program.links
                                          for n in _PLACING_NAMES))
        return None if self._tracked[1] else seen[1]

    def forget_placings(self) -> None:
        """Work out afresh what is kept by the placing of the Units (for a
        caller that changes what the bot reads without an event: a test)."""
        self._moves_seen.clear()
        self._enemy_sets.clear()
        self._goals = (None, -1, {})
        self._now = (None, -1, {})
        self._zones.clear()

    def kept_now(self) -> dict | None:
        """Where to keep answers that stand while the state does: within the
        game's own top-level call (where nothing but events changes what the
        bot reads, as for the reader's own keeping), for the state's version
        (bumped by every change and restore, never back); None outside such
        a call (a test asking between actions): ask afresh."""
        during = self.session.ctx.memo
        if during is None:
            return None
        now = self._now
        if now[0] is not during or now[1] != self.state.version:
            now = self._now = (during, self.state.version, {})
        return now[2]

    def while_state_stands(self, key: Any, work: Any) -> Any:
        """``work()``'s answer, kept under *key* while the state stands
        (kept_now); worked out afresh outside the game's own call."""
        kept = self.kept_now()
        if kept is None:
            return work()
        found = kept.get(key)
        if found is None:
            found = kept[key] = work()
        return found

    def kept_rule(self, name: str, *args: Any) -> Any:
        """``rule(name, *args)``, kept while none of the attributes the def reads
        changes (its read set, dsl/lasting.py: the validity of the reader's
        own keeping, without a question to the reader), within the game's
        top-level call as the reader's keeping is, for the rules in play (the
        session's program: other rules, other read sets); asked afresh
        otherwise."""
        kept = self.kept_answers(name)
        if kept is None:
            return self.rule(name, *args)
        found = kept.get(args, _MISSING)
        if found is _MISSING:
            found = kept[args] = self.rule(name, *args)
        return found

    def kept_answers(self, name: str) -> dict | None:
        """Where kept_rule keeps def *name*'s answers now, {arguments: answer};
        None when they are not kept (asked afresh). A search over many hexes
        finds it once: nothing changes while the bot reads."""
        during = self.session.ctx.memo
        if during is None:
            return None
        program = self.session.program
        if self._rules_read[0] is not program:  # other rules: other read sets
            self._rules_read = (program, {}, {})
        _, specs, kept_by_name = self._rules_read
        spec = specs.get(name, _MISSING)
        if spec is _MISSING:
            spec = specs[name] = self.read_spec(name)
        if spec is None:
            return None
        # The stamp is worked out once for each version of the state (every
        # change moves the version on, and it never comes back).
        kept = kept_by_name.get(name)
        version = self.state.version
        if kept is None or kept[0] is not during or kept[3] != version:
            stamp = self.state.stamps(*spec)
            if kept is None or kept[0] is not during or kept[1] != stamp:
                kept = kept_by_name[name] = [during, stamp, {}, version]
            else:
                kept[3] = version
        return kept[2]

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

    def in_enemy_zone(self, hex_id: str, side: str) -> bool:
        """Whether *hex_id* is in a Fire Zone of an enemy of *side* (the rules'
        hex_in_enemy_fire_zone). The look-ahead and the steps ask it hex after
        hex, action after action: the answers are kept for the side
        (zone_answers)."""
        return self.zone_reader(side)(hex_id)

    def zone_reader(self, side: str) -> Any:
        """in_enemy_zone(·, side) for one search over many hexes: the kept
        answers brought up to date once, not at each hex (nothing changes
        while the bot reads)."""
        answers = self.zone_answers(side)
        if answers is None:  # not kept now: asked afresh
            return lambda hex_id: bool(self.rule(_ZONE_DEF, hex_id, Ref("side", side),
                                                 default=False))

        def in_zone(hex_id: str) -> bool:
            found = answers.get(hex_id)
            if found is None:
                found = answers[hex_id] = self.zone_now(hex_id, side)
            return found
        return in_zone

    def zone_answers(self, side: str) -> dict | None:
        """The Fire Zone answers kept for *side*, {hex: in an enemy zone}: within
        the game's own top-level call (as goal_of's) while no event logged
        since can change one (zones_stand), the log read on from where it was
        last read (_read_on: the same log, no restore); None outside such a
        call, or when what the question reads is not known (asked afresh)."""
        during = self.session.ctx.memo
        reads = self.zone_reads()
        if during is None or reads is None:
            return None
        log = self.state.log
        start = self._read_on(("zones", side))
        kept = self._zones.get(side)
        if start is None or kept is None or kept[0] is not during:
            kept = self._zones[side] = (during, {})
        elif start < len(log) and not self.zones_stand(side, reads, log, start):
            kept = self._zones[side] = (during, {})
        return kept[1]

    def zone_now(self, hex_id: str, side: str) -> bool:
        """in_enemy_zone worked out. The rules look for the zones over a hex
        only among the enemy Units within the widest zone of them
        (enemy_fire_zone_projectors_near, los.ksr): a hex farther from every
        enemy is in none, not asked."""
        return self.hex_enemy_distance(hex_id, side) <= self.widest_zone(side) and \
            bool(self.rule(_ZONE_DEF, hex_id, Ref("side", side), default=False))

    def widest_zone(self, side: str) -> int:
        """How far the widest Fire Zone of an enemy of *side* reaches (the
        rules' widest_enemy_fire_zone; kept as kept_rule keeps)."""
        return self.kept_rule("widest_enemy_fire_zone", Ref("side", side)) or 0

    def zones_stand(self, side: str, reads: tuple, log: list, start: int) -> bool:
        """Whether the events logged from *start* on leave every enemy Fire
        Zone over *side* as it was: none but the kernel's own changes a game;
        a track or link of a name the question reads, or of an entity whose
        tracks the Line of Sight reads, may; and a step of one of the side's
        own Units changes an enemy's zone only by starting or ending within
        the rules' ``fire_zone_contact_distance`` of an enemy (los.ksr: an
        adjacent enemy shrinks a zone, a Unit blocks no Line of Sight): a step
        clear of every enemy leaves the zones as they were. Anything else —
        an enemy's move, a piece placed, eliminated or flipped, the turn —
        may change them."""
        names, prefixes, placement, contact = reads
        units = self.state.catalog.get("unit", {})
        for event in log[start:]:
            kind = event.kind
            if kind not in KERNEL_EVENTS:
                continue  # the rules' own events change nothing by themselves
            data = event.data
            if kind == "track_changed" or kind == "link_changed":
                name = data["track"] if kind == "track_changed" else data["link"]
                if name in names or str(data["entity"]).startswith(prefixes):
                    return False
                continue
            if kind != "unit_moved" or not placement:
                return False
            moved = getattr(data["unit"], "id", data["unit"])
            ends = (data["origin"], data["destination"])
            if moved not in units or self.side_of_id(moved) != side or None in ends:
                return False
            if self.hex_enemy_distance(ends[0], side) <= contact or \
                    self.hex_enemy_distance(ends[1], side) <= contact:
                return False
        return True

    def kept_zones(self, side: str) -> dict:
        """The Fire Zone answers kept for *side*, {hex: in an enemy zone}, as
        of the last question (in_enemy_zone reads the log on)."""
        kept = self._zones.get(side)
        return dict(kept[1]) if kept else {}

    def zone_reads(self) -> tuple | None:
        """(the attribute names the Fire Zone question reads, the entity-kind
        prefixes whose tracks its Line of Sight reads, whether it reads where
        pieces are, the rules' contact distance) for the rules in play; None
        when that is not known."""
        program = self.session.program
        if self._zone_spec[0] is not program:
            self._zone_spec = (program, zone_reads(program))
        return self._zone_spec[1]


def zone_reads(program: Any) -> tuple | None:
    """Keeping.zone_reads worked out: the read set of the Fire Zone question
    (dsl/lasting.py, where a piece is counting as a read, not unknown; its
    Line of Sight as what the los_* rules read), the kinds whose tracks the
    Line of Sight reads (engine/los.py), and the rules' contact distance."""
    if program.deferred or _ZONE_DEF not in program.decls or _CONTACT not in program.decls:
        return None
    reads = read_set(program, _ZONE_DEF, {}, placement=True)
    if reads is None:
        return None
    kinds = program.const(LOS_DEPENDS) if LOS_DEPENDS in program.decls else ()
    return (frozenset(n for n in reads if not n.startswith("@")),
            tuple(f"{k}:" for k in kinds), PLACEMENT in reads, program.const(_CONTACT))
