"""A heuristic The Longest Day player, and the evaluation search players
score their rollouts with.

It reads the game through the rules' own definitions (odds columns, attack
and defense totals, zones of control, the reach search's options) on a
private, non-explaining context, so it never re-implements a rule.  What it
aims at comes from the scenario's victory conditions: the hexes a side must
occupy.  It heads for its own objectives and for the ones it must deny,
prefers ground that doubles its defense (a hill also gives it a zone of
control), keeps out of enemy zones of control and within supply range of an
HQ it may draw on (with Module II), attacks where the odds are 2-1 or better
(1-1 on an objective) with every unit and gun it can bring, fires defensively
at the best odds, retreats away from the enemy and takes step losses on its
strongest unit.  Questions it has no judgement for are answered
with its seeded generator; given its seed, its answers depend only on the game.
"""

from __future__ import annotations

import random
from typing import Any

from kriegsspiel.core.errors import KsError
from kriegsspiel.engine.rule_reader import RuleReader

GOOD_ODDS = 3         # the 2-1 column (crt.ksr): attack at these odds or better
OBJECTIVE_ODDS = 2    # 1-1 will do for an objective hex
STRATEGIC_DISTANCE = 5
STRONG_GROUND = ("forest", "hill", "city")
AIR_BOX_FULL = 6      # fighterbombers for the widest zone of interdiction (air.ksr)


class TldHeuristicPlayer(RuleReader):
    """Objective-, odds- and zone-of-control-aware player (module docstring)."""

    def __init__(self, session: Any, seed: int = 0) -> None:
        RuleReader.__init__(self, session)
        self.rng = random.Random(seed)

    # ---- reading the game (RuleReader: rule, attr, side_of) -----------------
    def enemies(self, side: str) -> list:
        return [u for u in self.state.units()
                if self.attr(u, "on_map") and self.side_of(u) != side]

    def distance(self, a: Any, b: Any) -> int:
        try:
            return 99 if a is None or b is None else self.state.distance(a, b)
        except KsError:
            return 99

    def objectives(self) -> list[str]:
        """Every hex a victory condition names, to take or to deny, and the edge
        a scenario's units score by leaving through (to reach, or to bar)."""
        hexes = {h for v in self.state.catalog.get("victory", {}).values()
                 for h in (v.get("hexes") or [])}
        hexes |= {h for e in self.state.catalog.get("effect", {}).values()
                  if e.get("kind") == "evacuation" for h in (e.get("hexes") or [])}
        return sorted(hexes)

    def goals_for(self, unit: Any) -> list[str]:
        """A supply unit's goal is its side's HQs; every other unit's, the objectives."""
        if self.attr(unit, "unit_class") == "supply":
            side = self.side_of(unit)
            hqs = [self.attr(h, "hex") for h in self.state.units()
                   if self.attr(h, "on_map") and self.attr(h, "unit_class") == "hq" and
                   self.side_of(h) == side]
            if hqs:
                return hqs
        return self.objectives()

    def near_enemy(self, hex_id: str, side: str) -> int:
        return min((self.distance(hex_id, self.attr(e, "hex")) for e in self.enemies(side)),
                   default=99)

    # ---- the questions -----------------------------------------------------
    def decide(self, decision: Any) -> Any:
        options = list(decision.options)
        handler = getattr(self, "on_" + decision.key, None)
        answer = handler(decision, options) if handler else None
        return answer if answer in options else self.rng.choice(options)

    def supply_hqs(self, unit: Any) -> list:
        """The supplied HQs *unit* may draw on (Module II), asked once a move."""
        if not self.rule("rules_in_effect", "tld:II", default=False):
            return []
        return [h for h in self.state.units() if self.attr(h, "on_map") and
                self.rule("may_draw_on", unit, h, default=False)]

    def hex_score(self, unit: Any, hex_id: str, goals: list[str],
                  hqs: list | None = None) -> float:
        side = self.side_of(unit)
        near = min((self.distance(hex_id, g) for g in goals), default=0)
        score = -near + (3 if hex_id in goals else 0)
        if self.state.map is not None and self.state.map.terrain_of(hex_id) in STRONG_GROUND:
            score += 0.5
        if self.near_enemy(hex_id, side) <= 1:
            score -= 0.5
        if hex_id not in goals and self.rule("in_enemy_zoc", hex_id, self.attr(unit, "side"),
                                             default=False):
            score -= 1
        reach = self.rule("supply_route_length")  # tld:II.D, measured as the crow flies here
        if hqs and reach is not None and \
                all(self.distance(hex_id, self.attr(h, "hex")) > reach for h in hqs):
            score -= 4      # out of reach of every HQ it may draw on
        return score + self.rng.random() * 0.1

    def on_move_to(self, decision, options):
        if "evacuate" in options:       # victory points for leaving (tld:scenario:2)
            return "evacuate"
        unit = decision.subject
        goals = self.goals_for(unit)
        here = self.attr(unit, "hex")
        hqs = self.supply_hqs(unit)
        best, best_score = "stop", self.hex_score(unit, here, goals, hqs) if here else -99
        for o in options:
            if o != "stop":
                s = self.hex_score(unit, o, goals, hqs)
                if s > best_score:
                    best, best_score = o, s
        return best

    def on_strategic_road_move(self, decision, options):
        unit = decision.subject
        return self.near_enemy(self.attr(unit, "hex"), self.side_of(unit)) >= STRATEGIC_DISTANCE

    def on_enter_at(self, decision, options):
        hexes = [o for o in options if o != "wait"]
        goals = self.objectives()
        return min(hexes, key=lambda h: min((self.distance(h, g) for g in goals), default=0)) \
            if hexes else "wait"

    def on_landing_box(self, decision, options):
        """The beachhead box whose coastal hex is nearest an objective (tld:V.C)."""
        goals = self.objectives()
        return min(options, key=lambda b: min(
            (self.distance(self.rule("coastal_hex_of", b, default=b), g) for g in goals),
            default=0))

    def on_land_unit(self, decision, options):
        """The strongest unit ashore first, when the coastal hex cannot take all."""
        return max(options, key=self.strength)

    def odds_at(self, hex_id: str, side_ref: Any) -> int:
        attackers = self.rule("attackers_next_to", hex_id, side_ref, default=[]) or []
        defenders = self.rule("defenders_in", hex_id, side_ref, default=[]) or []
        if not attackers:
            return -1
        attack = self.rule("attack_total", attackers, hex_id, default=0)
        defense = self.rule("defense_total", defenders, hex_id, default=1)
        return self.rule("odds_column", attack, defense, default=-1)

    def on_attack_hex(self, decision, options):
        goals = set(self.objectives())
        best, best_value = "end", 0.0
        for o in options:
            if o == "end":
                continue
            column = self.odds_at(o, decision.player)
            needed = OBJECTIVE_ODDS if o in goals else GOOD_ODDS
            if self.rule("beach_assault_now", default=False):
                needed = 0      # a landing box's units that do not attack go back (tld:V.C)
            if column >= needed and column + (1 if o in goals else 0) > best_value:
                best, best_value = o, column + (1 if o in goals else 0)
        return best

    def on_join_attack(self, decision, options):
        return True

    def on_bomber_hex(self, decision, options):
        """Over the enemy hex its side can attack at the best odds (tld:III.C)."""
        best, best_column = "none", -1
        for o in options:
            if o != "none":
                column = self.odds_at(o, decision.player)
                if column > best_column:
                    best, best_column = o, column
        return best

    def on_build_field_fortification(self, decision, options):
        """On an objective hex: a fortification holds it (tld:IV.B)."""
        return self.attr(decision.subject, "hex") in self.objectives()

    def on_naval_target(self, decision, options):
        """The hex its side can attack at the best odds: a disrupted defender
        helps the attack (tld:IV.A, tld:II.E)."""
        return self.on_bomber_hex(decision, options)

    def on_hq_independent(self, decision, options):
        """The independent unit nearest the enemy: it fights first (tld:II.D)."""
        side = self.side_of(decision.subject)
        return min(options, key=lambda u: (self.near_enemy(self.attr(u, "hex"), side),
                                           self.rng.random()))

    def on_announce_naval(self, decision, options):
        """Once its units are within two hexes of an objective: the bombardment
        comes the next turn, when they attack it (tld:scenario:4)."""
        side = getattr(decision.subject, "id", decision.subject)
        goals = self.objectives()
        return any(self.attr(u, "on_map") and self.side_of(u) == side and
                   self.rule("combat_unit", u, default=False) and
                   min((self.distance(self.attr(u, "hex"), g) for g in goals), default=99) <= 2
                   for u in self.state.units())

    def on_air_int_box(self, decision, options):
        """Six fighterbombers a box, lowest box first: the widest zone (tld:III.C)."""
        fb = decision.subject
        nation = self.rule("nation_of", fb)
        side = self.side_of(fb)
        taken: dict[int, int] = {}
        for u in self.state.units():
            box = self.attr(u, "air_box")
            if box and self.side_of(u) == side and self.rule("nation_of", u) == nation:
                taken[box] = taken.get(box, 0) + 1
        for o in options:
            if o != "none" and taken.get(o, 0) < AIR_BOX_FULL:
                return o
        return "none"

    def on_air_int_hex(self, decision, options):
        """Over the enemy combat unit nearest an objective whose hex no AIR INT
        counter covers yet (tld:III.C)."""
        side = self.side_of(decision.subject)
        goals = self.objectives()
        covered = self.rule("air_int_hexes", default=[]) or []
        best, best_distance = "none", 99
        for e in self.enemies(side):
            here = self.attr(e, "hex")
            if here not in options or any(self.distance(here, c) <= 2 for c in covered):
                continue
            near = min((self.distance(here, g) for g in goals), default=0)
            if near < best_distance:
                best, best_distance = here, near
        return best

    def on_withhold(self, decision, options):
        return True                     # they count as exited (tld:scenario:2)

    def on_support_fire(self, decision, options):
        return True

    def on_defensive_fire(self, decision, options):
        return True

    def on_fire_on(self, decision, options):
        return True

    def on_defensive_fire_hex(self, decision, options):
        best, best_column = "end", GOOD_ODDS - 1
        for o in options:
            if o == "end":
                continue
            firers = self.rule("defensive_firers", decision.player, o, default=[]) or []
            defenders = self.rule("defenders_in", o, decision.player, default=[]) or []
            attack = self.rule("attack_total", firers, o, default=0)
            defense = self.rule("defense_total", defenders, o, default=1)
            column = self.rule("odds_column", attack, defense, default=-1)
            if column is not None and column > best_column:
                best, best_column = o, column
        return best

    def on_advance(self, decision, options):
        return True

    def strength(self, unit: Any) -> int:
        return (self.rule("attack_value", unit, default=0) or 0) + \
            (self.rule("defense_value", unit, default=0) or 0)

    def on_step_loss(self, decision, options):
        return max(options, key=lambda u: (self.rule("steps", u, default=1) -
                                           self.rule("step_now", u, default=1),
                                           self.strength(u)))

    def on_overstacked_unit(self, decision, options):
        return min(options, key=self.strength)

    def on_retreat_to(self, decision, options):
        side = self.side_of(decision.subject)
        return max(options, key=lambda h: (self.near_enemy(h, side), self.rng.random()))


def heuristic_player(seed: int, session: Any) -> TldHeuristicPlayer:
    return TldHeuristicPlayer(session, seed)


def evaluate(session: Any, side: str) -> float | None:
    """Material on the map (attack + defense of each unit's step now) and the
    objective hexes held, as a share in [-1, 1]; a decided game is +-1 or 0."""
    state = session.state
    if state.catalog.get("game") is None:
        return None
    for event in reversed(state.log):
        if event.kind == "game_won":
            if event.data["winner"] is None:
                return 0.0
            return 1.0 if str(event.data["winner"]).split(":")[-1] == side else -1.0
    bot = TldHeuristicPlayer(session)
    mine = theirs = 0.0
    for u in state.units():
        if not state.attr(u, "on_map"):
            continue
        value = bot.strength(u)
        if bot.side_of(u) == side:
            mine += value
        else:
            theirs += value
    held = sum(1 if bot.side_of(u) == side else -1 for h in bot.objectives()
               for u in state.units_at(h)[:1])
    total = mine + theirs
    return 0.0 if total == 0 else max(-1.0, min(1.0, (mine - theirs) / total + 0.1 * held))
