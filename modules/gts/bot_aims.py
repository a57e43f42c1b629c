"""What the heuristic bot aims at, read from the scenario's victory conditions
and the rules' own lists (a mixin of HeuristicPlayer, bot.py): the
*objectives* (every ``control`` hex, every hex held for Victory Points, every
hex the rules' ``objective_hexes`` name), whether a side *hunts* the enemy
instead (it wins by the enemy's eliminated steps), and each Unit's *goal*.

A side with several objectives divides its Units among them: each objective
takes an equal share of the side's mobile Units, the nearest first, so a side
that must hold three hexes at once sends Units to all three instead of
crowding the nearest (SNAFU's Axis: the port and two airfield hexes)."""

from __future__ import annotations

import bisect
import itertools
from typing import Any

from kriegsspiel.core.sheets import SEPARATE
from kriegsspiel.core.state import Ref


_NO_ENTRIES: dict = {}  # a catalog without victory conditions (or Victory Point lines)

# Greater than every (distance, objective, unit id) pair: nothing changed.
_PAST_EVERY_PAIR = (float("inf"),)


def condition_hexes(cond: dict) -> list[str]:
    """The hexes a victory condition names: its ``hex`` or its ``hexes``."""
    return [cond["hex"]] if cond.get("hex") else list(cond.get("hexes") or [])


class Aims:
    """Reads with what HeuristicPlayer (bot.py) reads: state, catalog, rule,
    attr, side_of, units, distance, enemy_hexes."""

    def objectives(self, kind: str = "control", side: Any = None) -> list[str]:
        """The hexes victory conditions of *kind* name (of *side*'s, if given).
        Asked for every goal worked out: kept while the catalog's victory
        conditions and Victory Point lines are the same (no event changes
        them; only a test puts in others), a copy handed out."""
        catalog = self.state.catalog
        victory = catalog.get("victory", _NO_ENTRIES)
        points = catalog.get("victory_points", _NO_ENTRIES)
        kept = self._objectives
        if kept[0] is not victory or kept[1] is not points:
            kept = self._objectives = (victory, points, {})
        found = kept[2].get((kind, side))
        if found is None:
            found = kept[2][(kind, side)] = self.objectives_now(kind, side)
        return list(found)

    def objectives_now(self, kind: str, side: Any) -> list[str]:
        """objectives, worked out."""
        hexes = []
        for cond in self.state.catalog.get("victory", {}).values():
            if cond.get("kind") == kind and (side is None or cond.get("side") == side):
                hexes += condition_hexes(cond)
        for line in self.state.catalog.get("victory_points", {}).values():
            if line.get("per") == "hex_controlled" and kind == "control":  # VP for holding
                hexes += list(line.get("hexes") or [])
        if kind == "control":  # what the scenario's rules require (to take, or to deny)
            hexes += self.required_hexes()
        return sorted(set(hexes))

    def required_hexes(self) -> list[str]:
        """Every side's ``objective_hexes`` (the rules' own list), asked once: it
        depends on the scenario, not on the game's state."""
        if self._required is None:
            self._required = sorted({h for s in self.state.catalog.get("side", {})
                                     for h in self.rule("objective_hexes",
                                                        self.session.ref("side", s),
                                                        default=[]) or []})
        return self._required

    def goal_of(self, unit: Ref) -> str | None:
        """Where the unit should be: the nearest of the hexes the rules send it to
        first (unit_goal_hexes: a withdrawal's exits), else — for a side that
        hunts — the nearest enemy, else the objective its side's division of
        labour gives it (shared_objective), else the nearest objective, else
        the nearest enemy."""
        # Asked of the same Unit again and again in one decision: kept while
        # the state's version (bumped by every change) stands, within the
        # game's own top-level call, where nothing but events changes what it
        # reads (as the reader keeps its answers, engine/rule_reader.py).
        during, version = self.session.ctx.memo, self.state.version
        if during is None:
            return self.goal_now(unit)
        if self._goals[0] is not during or self._goals[1] != version:
            self._goals = (during, version, {})
        known = self._goals[2]
        if unit.id not in known:
            known[unit.id] = self.goal_now(unit)
        return known[unit.id]

    def goal_now(self, unit: Ref) -> str | None:
        """goal_of, worked out."""
        here = self.attr(unit, "hex")
        side = self.side_of(unit)
        targets = list(self.rule("unit_goal_hexes", unit, default=[]) or []) or \
            (list(self.enemy_hexes(side)) if self.hunts(side) else [])
        if not targets:
            shared = self.shared_objective(unit, side)
            if shared is not None:
                return shared
            targets = self.goal_objectives(side) or list(self.enemy_hexes(side))
        if not targets:
            return None
        return min(targets, key=lambda h: (self.distance(here, h), h))

    def denied_hexes(self, side: Any) -> list[str]:
        """The hexes an enemy of *side* wins by projecting a Fire Zone on (a
        ``fire_zone`` victory condition of another side's, as Last, Best
        Chance's Allied minor victory)."""
        return sorted({h for cond in self.state.catalog.get("victory", {}).values()
                       if cond.get("kind") == "fire_zone" and cond.get("side") != side
                       for h in condition_hexes(cond)})

    def zone_threat(self, firer: Ref, target: Ref) -> bool:
        """Whether *target* projects a Fire Zone on a hex *firer*'s side must
        keep free of them (denied_hexes): a Suppressed Unit projects none
        (gts:19.2.2), so a hit there takes the hex out of the count."""
        hexes = self.denied_hexes(self.side_of(firer))
        return bool(hexes) and bool(self.rule("projects_fire_zone", target)) and \
            any(self.rule("in_fire_zone", h, target) for h in hexes)

    def goal_objectives(self, side: Any) -> list[str]:
        """The objectives *side*'s Units are sent to: every one; in a style
        that claims once (``claim_once``), those the side does not control
        (the rules' ``controller``: gained by being the last to occupy a hex,
        crete:S6.0) while there are any — a hex stays its side's when its
        Units leave it, and Units standing on it draw the enemy's assaults,
        whose winners take it back by advancing into it."""
        goals = self.objectives()
        if not self.style.claim_once or "controller" not in self.session.program.decls:
            return goals
        owner = self.side_id(side)
        held = self.while_state_stands(("controlled", tuple(goals)), lambda: tuple(
            self.side_id(self.rule("controller", h, default=None)) for h in goals))
        open_ = [h for h, by in zip(goals, held) if by != owner]
        return open_ or goals

    @staticmethod
    def side_id(side: Any) -> Any:
        return getattr(side, "id", side)

    def hunts(self, side: str | None) -> bool:
        """Whether *side* wins by destroying the enemy (a victory condition
        counting the enemy's eliminated steps, as SNAFU's Allied one) rather
        than by holding hexes: its Units then go for the enemy."""
        return any(cond.get("kind") == "steps_eliminated" and cond.get("winner") == side and
                   cond.get("side") != side
                   for cond in self.state.catalog.get("victory", {}).values())

    def spares_steps(self, side: str | None) -> bool:
        """Whether the enemy of *side* wins by the steps *side* loses (a
        ``steps_eliminated`` condition counting them, as SNAFU's Allied one):
        its Units then risk steps only for an objective."""
        return any(cond.get("kind") == "steps_eliminated" and cond.get("side") == side and
                   cond.get("winner") not in (None, side)
                   for cond in self.state.catalog.get("victory", {}).values())

    def shared_objective(self, unit: Ref, side: Any) -> str | None:
        """The objective *unit* is sent to when its side divides its mobile
        Units among several (None with fewer than two objectives, or for a
        Unit that cannot move: its nearest objective is then its goal).
        Each objective takes at most an equal share (rounded up); pairs of
        Unit and objective are served nearest first, only objectives on the
        Unit's own sheet where it has any. Worked out once for each placing
        of the side's Units: after steps of its Units alone, the placing
        kept is brought up to date from the log (steps_since), only the
        Units that stepped read again."""
        goals = self.goal_objectives(side)
        if len(goals) < 2 or not self.style.divide:
            return None
        known = self._shares.get(side)
        steps = self.steps_since(("placing", side), side)
        if known is None or known[0] != goals or steps is None:
            mobile = [u for u in self.units(side) if self.mobile(u)]
            here = {u.id: self.attr(u, "hex") for u in mobile}
            if known is None or known[0] != goals or known[1] != here:
                known = self._shares[side] = (goals, here, mobile,
                                              self.divide(mobile, goals, side, here))
        elif any(known[1].get(u, to) != to for u, to in steps):
            here = dict(known[1])
            for unit_id, to in steps:
                if unit_id in here:
                    here[unit_id] = to
            known = self._shares[side] = (goals, here, known[2],
                                          self.divide(known[2], goals, side, here))
        return known[3].get(unit.id)

    def divide(self, units: list[Ref], goals: list[str], side: Any = None,
               here: dict | None = None) -> dict[str, str]:
        """Each Unit's objective: pairs served nearest first, each objective
        taking at most an equal share (rounded up). When the pairs were kept
        in place (sorted_pairs_changed), the share-out is the same as the last
        one up to the least pair taken out or put in: it goes on from there,
        the Units given an objective before that pair as they were."""
        share = -(-len(units) // len(goals))
        pairs, first = self.sorted_pairs_changed(units, goals, side, here)
        everyone = len(units)
        before = self._divisions.get(side)
        # The same list, changed by this call alone since the last share-out.
        calls = self._pairs[side][3]
        if first is not None and before is not None and before[0] is pairs and \
                before[1] == (share, everyone, calls - 1):
            served = before[2]  # the pairs that gave a Unit its objective, in order
            del served[bisect.bisect_left(served, first):]
            start = bisect.bisect_left(pairs, first)
        else:
            served, start = [], 0
        self._divisions[side] = (pairs, (share, everyone, calls), served)
        given = {unit_id: goal for _, goal, unit_id in served}
        taken: dict[str, int] = {}
        for _, goal, _ in served:
            taken[goal] = taken.get(goal, 0) + 1
        if len(given) == everyone:
            return given
        for pair in itertools.islice(pairs, start, None):
            _, goal, unit_id = pair
            if unit_id in given:
                continue
            count = taken.get(goal, 0)
            if count < share:
                given[unit_id] = goal
                taken[goal] = count + 1
                served.append(pair)
                if len(given) == everyone:
                    break  # no pair left can change anything
        return given

    def sorted_pairs(self, units: list[Ref], goals: list[str], side: Any,
                     here: dict | None = None) -> list[tuple]:
        """Every (distance, objective, unit id) of *units* to the objectives on
        its sheet, in order. Kept for *side*: when few of its Units have moved
        since, only their pairs are taken out and put back in place."""
        return self.sorted_pairs_changed(units, goals, side, here)[0]

    def sorted_pairs_changed(self, units: list[Ref], goals: list[str], side: Any,
                             here: dict | None = None) -> tuple[list[tuple], tuple | None]:
        """sorted_pairs, and the least pair taken out or put back since the
        last call (_PAST_EVERY_PAIR when none was; None when sorted afresh)."""
        if here is None:  # {unit id: its hex}, when the caller has not read it
            here = {u.id: self.attr(u, "hex") for u in units}
        known = self._pairs.get(side)
        moved = None  # the Units whose pairs are to be put back, when few have moved
        if known is not None and known[0] == goals and known[1].keys() == here.keys():
            moved = [u for u, h in here.items() if known[1][u] != h]
        first = None
        if moved is None or len(moved) * 4 > len(here):
            pairs = sorted(p for u, h in here.items() for p in self.unit_pairs(u, h, goals))
        else:
            pairs = known[2]
            changed = []
            for u in moved:
                for p in self.unit_pairs(u, known[1][u], goals):
                    del pairs[bisect.bisect_left(pairs, p)]
                    changed.append(p)
                for p in self.unit_pairs(u, here[u], goals):
                    bisect.insort(pairs, p)
                    changed.append(p)
            first = min(changed) if changed else _PAST_EVERY_PAIR
        self._pairs[side] = (goals, here, pairs, known[3] + 1 if known else 0)
        return pairs, first

    def unit_pairs(self, unit_id: str, here: str, goals: list[str]) -> list[tuple]:
        return [(d, g, unit_id) for g, d in self.goal_distances(here, goals)]

    def goal_distances(self, here: str, goals: list[str]) -> list[tuple[str, int]]:
        """(objective, distance) from *here* to the objectives on its own sheet
        (all of them if none is): kept, since neither hexes nor objectives move."""
        key = (here, tuple(goals))
        known = self._goal_distances.get(key)
        if known is None:
            near = {g: self.distance(here, g) for g in goals}
            same_sheet = [g for g in goals if near[g] < SEPARATE] or goals
            known = self._goal_distances[key] = [(g, near[g]) for g in same_sheet]
        return known

    def mobile(self, unit: Ref) -> bool:
        """Whether the Unit can move at all (the rules' may_move; an immobile gun
        holds no share of an objective). Asked once a counter's face: a flip
        may change its movement."""
        key = (unit.id, self.attr(unit, "face"))
        known = self._mobile.get(key)
        if known is None:
            known = self._mobile[key] = bool(self.rule("may_move", unit, default=True))
        return known
