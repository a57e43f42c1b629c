"""How the heuristic bot plans a Unit's Action (a mixin of HeuristicPlayer,
bot.py): whether to rally, which hex is worth assaulting, and when to Pass
on a Division chit and pay a Command Point for a Second Action that may do
what the Division activation may not (gts:13.2#3, #6, #11-12, #17)."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.state import Ref

FIRE_ZONE_LOOKAHEAD = 5  # hexes ahead a Fire Zone barring the way is looked for


class Plans:
    """Reads with what HeuristicPlayer reads: attr, rule, units, side_of,
    goal_of, objectives, distance, enemy_hexes, enemy_distance, in_enemy_zone,
    strength, step_toward, passable."""

    def wants_rally(self, unit: Ref) -> bool:
        """A Suppression always (it stops the unit, gts:17.7), two Cohesion Hits
        (a third costs a step, gts:19.2.2); a single one only when the unit
        has no step to take toward its goal — marching on is worth more."""
        if self.attr(unit, "suppressed"):
            return True
        hits = self.attr(unit, "cohesion_hits") or 0
        return hits >= 2 or (hits == 1 and self.step_toward(unit) is None)

    def chit_kind(self) -> str | None:
        """The kind of the Activation chit in play ("division", "formation",
        "direct_command"), None between chits."""
        for game in self.state.refs("game"):
            chit = self.attr(game, "active_chit")
            if chit is not None:
                return self.attr(chit, "kind")
        return None

    def second_action_after(self, first: Any, unit: Ref) -> bool:
        """second_action_plan's answer, kept while the state stands (kept_now):
        a Unit that passes is asked its Second Action at once, nothing changed."""
        return self.while_state_stands(("second action after", first, unit.id),
                                       lambda: self.second_action_plan(first, unit))

    def second_action_plan(self, first: Any, unit: Ref) -> bool:
        """Whether, its first Action *first* taken, the unit should pay for a
        Second Action: only its Division activation holds it back — a nearer
        hex in an enemy Fire Zone it may not enter (gts:13.2#3), an enemy next
        to it worth assaulting (#6) — and the rules offer a Second Action that
        may (#17; second_actions: In Command, a Command Point, not barred).
        A Pass then a paid Second Action is the rules' own example (#11-12).
        Read from the game alone, so any player answering for the bot (a
        search's rollout, a resumed game) follows the same plan."""
        if self.chit_kind() != "division" or first not in ("pass", "move"):
            return False
        here, goal = self.attr(unit, "hex"), self.goal_of(unit)
        if goal is None or here == goal:
            return False
        side = self.side_of(unit)
        neighbours = self.neighbours(here)
        enemy = self.enemy_hexes(side)
        # Whether the rules offer the Second Action is asked only once the
        # board says one would be worth having: an enemy next to the Unit, or
        # one near enough for its Fire Zone to be on the way; the look-ahead
        # over the hexes ahead, dearer still, last.
        if any(h in enemy for h in neighbours) and \
                self.second_action_offered(unit, first, "assault"):
            own = [u for u in self.units(side) if self.attr(u, "hex") == here]
            if any(self.strength(own) >= self.strength(self.state.units_at(h)) and
                   self.on_the_way(unit, h) for h in neighbours if h in enemy):
                return True
        return first == "pass" and self.fire_zone_may_be_near(unit) and \
            self.second_action_offered(unit, first, "move") and \
            self.fire_zone_bars_the_way(unit, here, goal)

    def fire_zone_may_be_near(self, unit: Ref) -> bool:
        """Whether an enemy stands near enough for its Fire Zone to reach a hex
        within FIRE_ZONE_LOOKAHEAD of the unit (the rules' widest zone)."""
        return self.enemy_distance(unit) <= FIRE_ZONE_LOOKAHEAD + \
            self.widest_zone(self.side_of(unit))

    def fire_zone_bars_the_way(self, unit: Ref, here: str, goal: str) -> bool:
        """Whether an enemy Fire Zone stands between the unit and its goal:
        within FIRE_ZONE_LOOKAHEAD hexes over ground it can cross, a hex in a
        Fire Zone (which a Division activation may not enter, gts:13.2#3) is
        nearer the goal than any it can reach outside them — as a defended
        objective, or a pass by the sea the enemy covers."""
        side = self.side_of(unit)
        if not self.fire_zone_may_be_near(unit):
            return False  # no enemy near enough to have a Fire Zone on its way
        enemy = self.enemy_hexes(side)
        free = zone = self.distance(here, goal)
        # Two searches in one: hexes reached clear of any Fire Zone, and hexes
        # reached only through one (a Second Action's move goes on through).
        # Only a hex nearer the goal than the nearest reached clear (free) can
        # decide the answer; a hex d from the goal with `left` steps still to
        # go leads to none nearer than d - left (the distance's triangle
        # inequality), so one with d - left >= free is neither asked whether
        # the unit can enter it nor whether it is in a Fire Zone: that
        # answers as the whole search does, with fewer questions. Alike, a hex
        # `ring` steps out is at least near - ring from every enemy (near: the
        # distance from `here` to the nearest), and farther than the widest
        # zone from every enemy it is in none (in_enemy_zone), so the rings
        # nearer the unit than that are known clear without being asked.
        near, widest = self.hex_enemy_distance(here, side), self.widest_zone(side)
        passable, in_zone = self.passable_reader(unit), self.zone_reader(side)
        frontier, reached = [(here, True)], {here: True}
        for ring in range(1, FIRE_ZONE_LOOKAHEAD + 1):
            left = FIRE_ZONE_LOOKAHEAD - ring
            following = []
            for h, clear in frontier:
                for n in self.neighbours(h):
                    if n in enemy or (n in reached and (reached[n] or not clear)):
                        continue
                    away = self.distance(n, goal)
                    if away - left >= free or not passable(h, n):
                        continue
                    still_clear = clear and (near - ring > widest or not in_zone(n))
                    reached[n] = still_clear
                    if still_clear:
                        free = min(free, away)
                    else:
                        zone = min(zone, away)
                    following.append((n, still_clear))
            frontier = sorted(set(following))
        return zone < free

    def second_action_offered(self, unit: Ref, first: Any, action: str) -> bool:
        """Whether the rules offer *action* as the unit's Second Action after
        *first* on a Division chit (second_action_allowed: that Action's
        conditions alone), kept while the state stands (kept_now)."""
        return self.while_state_stands(
            ("second action offered", first, unit.id, action),
            lambda: bool(self.rule("second_action_allowed", unit, first, "division", action,
                                   default=False)))

    def first_action_of(self, unit: Ref) -> Any:
        """The answer to the unit's last ``action`` question (its first Action
        when a ``second_action`` question follows it), from the answers the
        game recorded."""
        for answer in reversed(self.session.players.record):
            if answer["key"] == "action":
                return answer["answer"]
        return None

    def paid_to_move_on(self, unit: Ref) -> bool:
        """Whether the Action now asked is the Second Action the bot paid for
        after a Pass (the game's last answers: ``action`` pass, then
        ``second_action`` yes) with a step toward its goal to take."""
        asked = [(a["key"], a["answer"]) for a in self.session.players.record[-2:]]
        return asked == [("action", "pass"), ("second_action", True)] and \
            self.step_toward(unit) is not None

    def assault_hexes(self, unit: Ref) -> list[str]:
        return list(self.rule("assault_hexes", [unit], default=[]) or [])

    def assault_hex(self, decision: Any, hexes: list, on_the_way: bool = False) -> Any:
        """The objective, else the weakest hex — if the odds are worth it; with
        *on_the_way*, only a hex worth leaving the unit's way for (on_the_way)."""
        attacker = decision.subject
        # A side whose losses are the enemy's victory assaults a hex that is
        # not an objective only at long odds.
        style = self.style
        needed = style.sparing_odds if self.spares_steps(self.side_of(attacker)) else \
            style.assault_odds
        own = [u for u in self.units(self.side_of(attacker))
               if self.attr(u, "hex") == self.attr(attacker, "hex")]
        best = None
        for h in sorted(hexes):
            if on_the_way and not self.on_the_way(attacker, h):
                continue
            odds = self.strength(own) / max(1, self.strength(self.state.units_at(h)))
            rank = (h in self.objectives(), odds)
            if (odds >= needed or h in self.objectives() and odds >= style.objective_odds) and \
                    (best is None or rank > best[0]):
                best = (rank, h)
        return best[1] if best else None

    def on_the_way(self, unit: Ref, hex_id: str) -> bool:
        """Whether assaulting *hex_id* serves the unit's aim: an objective, or
        a hex nearer its goal — unless it stands on its goal, which a won
        assault would make it leave; or, when no step takes it nearer (none,
        or only the way round), a hex no farther from its goal: the enemy
        there is what bars the way."""
        here, goal = self.attr(unit, "hex"), self.goal_of(unit)
        if hex_id in self.objectives() or goal is None:
            return True
        if here == goal:
            return False
        now, then = self.distance(here, goal), self.distance(hex_id, goal)
        if then < now:
            return True
        step = self.step_toward(unit)
        return then <= now and (step is None or self.distance(step, goal) >= now)
