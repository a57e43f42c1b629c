"""The heuristic bot's judgements of questions that read as "which hex" or
"which unit" — the exclusive rules' own, and any a new rule file asks that no
answer table knows (by_shape) — weighed by the same measures as the rest
(objectives, enemy steps, distance); a mixin of HeuristicPlayer (bot.py)."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.sheets import SEPARATE
from kriegsspiel.core.state import Ref

DETOUR_DEPTH = 6  # how far round an obstacle the bot looks for a way on
_MISSING = object()


class Judgements:
    """What HeuristicPlayer reads the game with: objectives, hexes_among,
    distance, side_of, goal_of, enemy_distance, in_enemy_zone, wanted_option,
    rule.  Moving: a step toward the goal, round an obstacle if need be."""

    def by_shape(self, decision: Any, options: list) -> Any:
        """A question no answer table knows (a new rule file's choose): judged by
        what its options are — of hexes, the one nearest an objective; of the
        side's own pieces, the one nearest the enemy; of the enemy's, the one
        nearest its goal. Anything else: none (a seeded random answer)."""
        side = getattr(decision.player, "id", decision.player)
        pieces = self.pieces(options)
        if pieces:
            own = [p for p in pieces if self.side_of(p) == side]
            return self.own_nearest_enemy(decision, own) if own else \
                self.enemy_nearest_goal(decision, pieces)
        return self.hex_nearest_goal(decision, options) if self.hexes_among(options) else None

    def hex_nearest_goal(self, decision: Any, options: list) -> Any:
        hexes = self.hexes_among(options)
        goals = self.objectives()
        if not hexes or not goals:
            return None
        return min(hexes, key=lambda h: (min(self.distance(h, g) for g in goals), h))

    def host_nearest_goal(self, decision: Any, options: list) -> Any:
        hosts = [o for o in options if isinstance(o, Ref)]
        goals = self.objectives()
        if not hosts or not goals:
            return None
        return min(hosts, key=lambda u: (min(self.distance(self.attr(u, "hex"), g)
                                             for g in goals), u.id))

    def enemy_steps_at(self, hex_id: str, side: str) -> int:
        return sum(self.rule("current_steps", u, default=1) or 0
                   for u in self.state.units_at(hex_id) if self.side_of(u) != side)

    def strike_hex(self, decision: Any, options: list) -> Any:
        side = getattr(decision.player, "id", decision.player)
        hexes = [o for o in options if isinstance(o, str) and o != "done"]
        best = max(hexes, key=lambda h: (self.enemy_steps_at(h, side), h), default=None)
        return best if best is not None and self.enemy_steps_at(best, side) > 0 else "done"

    def pieces(self, options: list) -> list[Ref]:
        return [o for o in options if isinstance(o, Ref) and o.kind in ("unit", "leader")]

    def enemy_nearest_goal(self, decision: Any, options: list) -> Any:
        """An enemy piece to hurt: the one nearest an objective (or enemy)."""
        units = self.pieces(options)
        return min(units, key=lambda u: (self.distance(self.attr(u, "hex"), self.goal_of(u)),
                                         u.id), default=None)

    def own_nearest_enemy(self, decision: Any, options: list) -> Any:
        """An own unit to favour: the one in the thick of it."""
        return self.nearest_the_enemy(self.pieces(options))

    def strike_target(self, decision: Any, options: list) -> Any:
        units = [o for o in options if isinstance(o, Ref)]
        return max(units, key=lambda u: (self.rule("current_steps", u, default=1) or 0,
                                         -(self.attr(u, "defense") or 0), u.id), default=None)

    def step_toward(self, unit: Ref, options: list | None = None) -> str | None:
        """The neighbouring hex that brings the unit nearer its goal, avoiding
        enemy Fire Zones when another hex does as well; in a style that keeps
        ``unstacked``, never one its step would overstack (would_overstack)."""
        here, goal = self.attr(unit, "hex"), self.goal_of(unit)
        if goal is None or here == goal:
            return None
        asking = options is None  # the neighbours, each to be asked whether it may be entered
        if asking:
            options = list(self.neighbours(here))
        side = self.side_of(unit)
        now = self.distance(here, goal)
        # A hex left in this action is not entered again: a detour's step away
        # is not undone, and a unit kept out of its goal does not walk in circles.
        left = self.hexes_left(unit)
        options = [h for h in options if h not in left]
        if self.style.unstacked:
            options = [h for h in options if not (isinstance(h, str) and self.is_hex(h) and
                                                  self.would_overstack(unit, h))]
        nearer = [h for h in options if isinstance(h, str) and self.distance(h, goal) < now]
        if asking:  # the nearer hexes asked first: the others matter only to a detour
            closer, nearer = nearer, [h for h in nearer if self.may_step(unit, here, h)]
        if not nearer:
            # Next to a goal it may not enter now (an enemy Fire Zone on a
            # Division chit, gts:13.2#3): no way round leads nearer; it waits there.
            if now <= 1:
                return None
            if asking:
                options = [h for h in options if h not in closer and self.may_step(unit, here, h)]
            return self.detour(unit, here, goal, options)
        # Out of an enemy Fire Zone if as near: asked of the nearest hexes only,
        # in order, until one is out of every zone (or is the goal itself).
        nearest = min(self.distance(h, goal) for h in nearer)
        best = sorted(h for h in nearer if self.distance(h, goal) == nearest)
        if len(best) == 1:
            return best[0]
        return next((h for h in best if h == goal or not self.in_enemy_zone(h, side)), best[0])

    def would_overstack(self, unit: Ref, there: str) -> bool:
        """Whether the unit stepping into *there* would overstack it (gts:14.7:
        more steps than the rules' limit): an overstacked Unit may not
        assault (gts:18.1) nor leave without a Cohesion Hit, and its hex's
        steps aim the enemy's fire (the mass modifier, gts:15.6)."""
        own = self.rule("current_steps", unit, default=0) or 0 \
            if self.rule("counts_for_stacking", unit, default=True) else 0
        steps = self.rule("stacked_steps_in", there, default=0) or 0
        return steps + own > self.session.program.const("stacking_limit_steps")

    def may_step(self, unit: Ref, here: str, there: str) -> bool:
        """Whether the unit may step from *here* into *there* now: the terrain
        lets it (passable: not into the sea) and the rules' may_enter."""
        return self.passable(unit, here, there) and \
            bool(self.rule("may_enter", unit, there, "direct", default=False))

    def move(self, decision: Any, options: list) -> Any:
        wanted = self.wanted_option("move", decision, options)
        if wanted is not None:
            return wanted
        step = self.step_toward(decision.subject, options)
        if step is not None:
            return step
        if "forced_march" in options and self.forced_march_worth_it(decision.subject):
            return "forced_march"
        if "stop" in options:
            return "stop"
        hexes = self.hexes_among(options)
        goal = self.goal_of(decision.subject)
        return min(hexes, key=lambda h: (self.distance(h, goal), h)) if hexes else None

    def detour(self, unit: Ref, here: str, goal: str, options: list) -> str | None:
        """The first step of the shortest way round (a coast, a river, a hex
        the unit may not enter) to a hex nearer *goal* than *here*, searched
        DETOUR_DEPTH hexes out over hexes the unit could enter; among
        *options* only. None when there is none that near."""
        now = self.distance(here, goal)
        enemy = self.enemy_hexes(self.side_of(unit))
        passable = self.passable_reader(unit)
        first: dict[str, str] = {h: h for h in options if isinstance(h, str) and self.is_hex(h)}
        frontier = sorted(first)
        # A goal on another sheet (core.sheets: separate sheets are SEPARATE
        # apart, and no hex is next to a hex of another sheet): no hex the
        # search can reach from these is any nearer to it.
        if all(self.distance(h, goal) >= SEPARATE for h in frontier):
            return None
        # The rings 0 to DETOUR_DEPTH - 1 are looked at; a hex d from the goal
        # with `left` rings still to be looked at after its own leads to none
        # nearer than d - left (the triangle inequality): one with d - left
        # >= now can lead to no hex the search is for, and is not asked.
        for depth in range(DETOUR_DEPTH):
            found = [h for h in frontier if self.distance(h, goal) < now]
            if found:
                return first[min(found, key=lambda h: (self.distance(h, goal), h))]
            left = DETOUR_DEPTH - 2 - depth
            if left < 0:
                break  # a ring farther would not be looked at
            following = []
            for h in frontier:
                for n in self.neighbours(h):
                    if n not in first and n != here and n not in enemy and \
                            self.distance(n, goal) - left < now and passable(h, n):
                        first[n] = first[h]
                        following.append(n)
            frontier = sorted(following)
        return None

    def passable(self, unit: Ref, a: str, b: str) -> bool:
        """Whether the terrain lets the unit step from *a* into *b*: the rules'
        step_barred is false — what makes the reach search's step cost
        (reach_step_cost) and move_cost none, without working out the cost
        (rules without it: that step cost is not none)."""
        return self.passable_reader(unit)(a, b)

    def passable_reader(self, unit: Ref) -> Any:
        """passable(unit, ·, ·) for one search over many hexes: where the
        answers are kept found once (nothing changes while the bot reads)."""
        if "step_barred" not in self.session.program.decls:
            return lambda a, b: self.kept_rule("reach_step_cost", unit, a, b) is not None
        kept = self.kept_answers("step_barred")

        def passable(a: str, b: str) -> bool:
            if kept is None:  # not kept now: asked afresh
                barred = self.rule("step_barred", unit, a, b)
            else:
                key = (unit, a, b)
                barred = kept.get(key, _MISSING)
                if barred is _MISSING:
                    barred = kept[key] = self.rule("step_barred", unit, a, b)
            return barred is not None and not barred
        return passable

    def forced_march_worth_it(self, unit: Ref) -> bool:
        """gts:14.8: a Troop Quality Check for 2 more Movement Points, a
        Cohesion Hit if it fails — worth it within its style's forced_march_reach hexes of
        an objective the unit is going to (a turn sooner there may win)."""
        here, goal = self.attr(unit, "hex"), self.goal_of(unit)
        return goal in self.objectives() and 0 < self.distance(here, goal) <= \
            self.style.forced_march_reach

    def came_from(self, unit: Ref) -> str | None:
        """The hex the unit left by its last step in the action in progress
        (None if it has not moved in it)."""
        left = self.hexes_left(unit, every=False)
        return left[0] if left else None

    def hexes_left(self, unit: Ref, every: bool = True) -> list[str]:
        """The hexes the unit has left in the action in progress, the last first
        (only the last unless *every*)."""
        left = []
        for event in reversed(self.state.log):
            if event.kind == "decision" and event.data.get("key") == "action":
                break  # the question that began the action in progress
            if event.kind == "unit_moved" and \
                    getattr(event.data["unit"], "id", event.data["unit"]) == unit.id:
                left.append(event.data["origin"])
                if not every:
                    break
        return left
