"""A heuristic GTS player (the evaluation for search players reads it:
evaluation.py).

The bot reads the game through the rules' own definitions (the modified fire
rating, Fire Zones, assault ratings after results) on a private, non-explaining
context — it never re-implements a rule, and never disturbs the explanation
records of the action in progress.  What it aims at comes from the scenario's
victory conditions: every ``control`` hex is an *objective*; both sides head
for the objectives (one to take them, the other to hold them), dividing their
Units among several (bot_aims.py), measure how near the enemy each hex is
(bot_distances.py), plan each Action (bot_plans.py), fire at the
target they are likeliest to hit, assault when the odds favour them, stand or
run by odds, and keep a reserve of Command Points.

Every question the shipped rules ask has an entry in ``HANDLERS`` (bot_answers.py;
a test checks it); the entries in ``RANDOM_BY_DESIGN`` are the questions the bot
does not judge: it answers them with its seeded generator, as it does any
question it meets that is not listed (a future rule).  Exclusive rules'
questions of the "which hex / which unit" kind (Crete's drops, air strikes,
random events) are judged by the same measures.  Given its seed, the bot's
answers depend only on the game.
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from typing import Any

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.rule_reader import RuleReader
from kriegsspiel.modules.gts.bot_aims import Aims
from kriegsspiel.modules.gts.bot_charge import Charging
from kriegsspiel.modules.gts.bot_distances import Distances, EnemySet
from kriegsspiel.modules.gts.bot_judgements import Judgements
from kriegsspiel.modules.gts.bot_keeping import Keeping
from kriegsspiel.modules.gts.bot_plans import Plans
from kriegsspiel.modules.gts.bot_style import DEFAULT, KNOB_VALUES, STYLES, Style


class HeuristicPlayer(Aims, Plans, Judgements, Keeping, Charging, Distances, RuleReader):
    """Objective- and threat-aware GTS player (see the module docstring)."""

    style: Style = DEFAULT  # its judgement thresholds (bot_style.py)

    def __init__(self, session: Any, seed: int = 0, style: Style = DEFAULT) -> None:
        RuleReader.__init__(self, session)
        self.style = style
        self.rng = random.Random(seed)
        self._required: list[str] | None = None
        # (the catalog's victory conditions, its Victory Point lines,
        #  {(kind, side): the objectives they name}) — Aims.objectives
        self._objectives: tuple = (None, None, {})
        self._enemy_sets: dict[Any, EnemySet] = {}  # side -> its enemies as last found
        self._sides: dict[str, Any] = {}
        self._is_hex: dict[str, bool] = {}
        self._planes: tuple = (None, {})  # (grid, {hex: its plane}) — Distances.plane
        # side -> (the objectives, {unit id: hex} of its mobile Units, those Units,
        #          {unit id: its objective})
        self._shares: dict[Any, tuple] = {}
        # what is watched -> (the log, its length, the restores) when last asked
        self._moves_seen: dict[Any, tuple] = {}
        self._tracked: tuple = (None, False)  # (the rules, whether they track a placing name)
        self._goals: tuple = (None, -1, {})  # (the game's call, the version, {unit id: goal})
        self._now: tuple = (None, -1, {})  # (the game's call, the version, {key: answer})
        self._neighbours: tuple = (None, None, {})  # (grid, map, {hex: its neighbours})
        # (the rules, {def name: its read spec},
        #  {def name: [the game's call, stamp, answers, the version it was stamped at]})
        self._rules_read: tuple = (None, {}, {})
        # side -> (the objectives, {unit id: hex}, the sorted pairs, how many
        #          times sorted_pairs has been asked) of its last division
        self._pairs: dict[Any, tuple] = {}
        # side -> (its sorted pairs, (share, Units, sorted_pairs' calls then),
        #          the pairs that gave a Unit its objective) of its last division
        self._divisions: dict[Any, tuple] = {}
        self._mobile: dict[tuple, bool] = {}
        self._goal_distances: dict[tuple, list] = {}
        # side -> (the game's call, {hex: in an enemy Fire Zone}), the log read on
        # under ("zones", side) in _moves_seen
        self._zones: dict[Any, tuple] = {}
        self._zone_spec: tuple = (None, None)  # (the rules, Keeping.zone_reads of them)
        self.answers = answers_for(session)

    # ---- reading the game (RuleReader: rule, attr, side_of) -----------------
    def units(self, side: str | None = None, enemy_of: str | None = None) -> list[Ref]:
        on_map = self.state.having(self.state.units(), "on_map")
        if side is None and enemy_of is None:
            return on_map
        sides = self.kept_sides()
        for u in on_map:
            if u.id not in sides:
                sides[u.id] = self.side_of(u)
        return [u for u in on_map if (side is None or sides[u.id] == side) and
                (enemy_of is None or sides[u.id] != enemy_of)]

    def hexes_among(self, options: list) -> list[str]:
        """The options that name a hex of the map ("27.12", "rethymnon:27.12" on a
        map of several sheets), not a box or a word such as "stop"."""
        return [o for o in options if isinstance(o, str) and self.is_hex(o)]

    def shot(self, firer: Ref, target: Ref, mode: str = "direct", opportunity: int = 0) -> int:
        rating = self.rule("final_fire_rating", firer, target, mode, 0, opportunity)
        return rating if isinstance(rating, int) else -1

    def best_shot(self, firer: Ref) -> int:
        targets = self.rule("direct_fire_targets", firer, default=[]) or []
        return max((self.shot(firer, t) for t in targets), default=-1)

    def strength(self, units: list[Ref]) -> int:
        return sum(self.rule("assault_rating_after_results", u,
                             default=self.attr(u, "assault_rating") or 0) or 0 for u in units)

    def cp(self, unit: Ref) -> int:
        # The division that pays for the unit (an exclusive rule may name
        # another than its own: the rules' command_division, where defined).
        division = self.rule("command_division", unit) or self.attr(unit, "division")
        return (self.attr(division, "cp") or 0) if division is not None else 0

    def matters(self, unit: Ref) -> bool:
        """Near an objective or an enemy: where a lost action costs the most."""
        here = self.attr(unit, "hex")
        near_goal = any(self.distance(here, h) <= 2 for h in self.objectives())
        return near_goal or self.enemy_distance(unit) <= 2

    # ---- answering ----------------------------------------------------------
    def decide(self, decision: Any) -> Any:
        options = list(decision.options)
        if len(options) == 1:
            return options[0]
        key = decision.key
        handler = self.answers.get(key) or \
            (self.answers["buy:"] if key.startswith("buy:") else None) or Judgements.by_shape
        try:
            answer = handler(self, decision, options)
        except (KsError, ValueError):  # e.g. nothing to weigh: no judgement to make
            answer = None
        # Strictly one of the options: False == 0, but it is not the answer 0.
        if not any(answer is o or (answer == o and type(answer) is type(o)) for o in options):
            answer = self.rng.choice(options)
        return answer

    def random(self, decision: Any, options: list) -> Any:
        return self.rng.choice(options)

    def action(self, decision: Any, options: list) -> Any:
        unit = decision.subject
        if "rally" in options and self.wants_rally(unit):
            return "rally"
        if "assault" in options and self.fires_first(unit, options):
            return "fire"
        if "assault" in options and self.holds_assault(unit):
            return self.held_action(unit, options)
        if "assault" in options and \
                self.assault_hex(decision, self.assault_hexes(unit), on_the_way=True):
            return "assault"
        # A Second Action paid for after a Pass was bought to get on (a Fire
        # Zone barred the way): it moves, not stops to shoot.
        shot = self.best_shot(unit) if "fire" in options else -1
        if self.style.deny_zones and shot >= self.style.any_shot and self.threat_shot(unit):
            return "fire"
        if shot >= self.style.good_shot and \
                not ("move" in options and self.paid_to_move_on(unit)):
            return "fire"
        wanted = self.wanted_option("action", decision, options)
        if wanted is not None:
            return wanted
        here, goal = self.attr(unit, "hex"), self.goal_of(unit)
        if "pass" in options and self.second_action_after("pass", unit):
            return "pass"
        if "move" in options and goal is not None and here != goal and self.step_toward(unit):
            return "move"
        if shot >= self.style.any_shot:
            return "fire"
        if "engineer" in options and here in self.objectives() and \
                not (self.style.dig_unseen and self.in_enemy_zone(here, self.side_of(unit))):
            return "engineer"
        return "pass" if "pass" in options else None

    def wanted_option(self, question: str, decision: Any, options: list) -> Any:
        """The first of *options* an exclusive ruleset's answers want taken when
        it is offered (ks_bot_answers' ``"<question>:<option>"`` keys: a
        handler saying whether to take it), e.g. Crete's shipping, asked in the
        order the answers list them; None when none is wanted."""
        prefix = f"{question}:"
        for key, wants in self.answers.items():
            if key.startswith(prefix) and key[len(prefix):] in options and \
                    wants(self, decision, options):
                return key[len(prefix):]
        return None

    def fire_target(self, decision: Any, options: list, mode: str = "direct") -> Any:
        firer = decision.subject
        units = [o for o in options if isinstance(o, Ref)]
        if not units or not isinstance(firer, Ref):
            return None
        def worth(target: Ref) -> tuple:
            shot = self.shot(firer, target, mode)
            denied = self.style.deny_zones and shot >= self.style.any_shot and \
                self.zone_threat(firer, target)
            return (denied, shot, self.attr(target, "step_loss") or 0, target.id)
        return max(units, key=worth)

    def threat_shot(self, firer: Ref) -> bool:
        """Whether *firer* has a shot at a zone threat (Aims.zone_threat) that
        hits at its style's any_shot or better."""
        targets = self.rule("direct_fire_targets", firer, default=[]) or []
        return any(self.shot(firer, t) >= self.style.any_shot and self.zone_threat(firer, t)
                   for t in targets)

    def opportunity_target(self, decision: Any, options: list) -> Any:
        return self.fire_target(decision, options, "opportunity")

    def yes(self, decision: Any, options: list) -> Any:
        return True

    def no(self, decision: Any, options: list) -> Any:
        return next((o for o in options if o is False or (type(o) is int and o == 0)), None)

    def convert_suppression(self, decision: Any, options: list) -> Any:
        # A Cohesion Hit costs one Fire Rating point; a Suppression the unit's
        # next Action — unless a third hit would cost a step.
        unit = decision.subject
        return (self.attr(unit, "cohesion_hits") or 0) < 2 and not self.attr(unit, "suppressed")

    def buy_check(self, decision: Any, options: list) -> Any:
        unit = decision.subject
        if not isinstance(unit, Ref) or unit.kind != "unit":
            return False
        quality, points = self.attr(unit, "troop_quality") or 0, self.cp(unit)
        if quality >= 8:
            return False
        # The check that holds a charged hex (a failure loses every defender,
        # gts:18.7 5B) may spend the points a style keeps for it.
        if self.style.charge_reserve and not self.holds_charge(unit):
            points -= self.style.charge_reserve
        return (self.matters(unit) and points >= 1) or points > self.style.cp_reserve + 1

    def second_action(self, decision: Any, options: list) -> Any:
        unit = decision.subject
        if self.second_action_after(self.first_action_of(unit), unit):
            return True
        return self.cp(unit) - self.style.charge_reserve >= self.style.cp_reserve and \
            self.enemy_distance(unit) <= 2

    def transfer_leader(self, decision: Any, options: list) -> Any:
        """To the Unit of his that is nearest its goal without being on it:
        where his command range is wanted next (Second Actions and bought
        checks need it, gts:10.0.2; a Unit kept out of its objective by a Fire
        Zone gets in by a Second Action) — unless a Unit in his own hex is as
        near. With every Unit on its goal, to the one nearest an objective."""
        hosts = [o for o in options if isinstance(o, Ref)]
        wanting = [u for u in hosts if self.short_of_goal(u) is not None]
        if not wanting:
            return self.leader_near_objectives(decision, options)
        best = min(wanting, key=lambda u: (self.short_of_goal(u), u.id))
        if "stay" not in options:
            return best
        here = self.attr(decision.subject, "hex")
        side = self.side_of(decision.subject)
        own = [self.short_of_goal(u) for u in self.units(side) if self.attr(u, "hex") == here]
        nearest_here = min((d for d in own if d is not None), default=None)
        return "stay" if nearest_here is not None and \
            nearest_here <= self.short_of_goal(best) else best

    def short_of_goal(self, unit: Ref) -> int | None:
        """How far the Unit is from its goal; None if it is on it (or has none)."""
        here, goal = self.attr(unit, "hex"), self.goal_of(unit)
        return None if goal is None or here == goal else self.distance(here, goal)

    def leader_near_objectives(self, decision: Any, options: list) -> Any:
        best = self.host_nearest_goal(decision, options)
        if best is None or "stay" not in options:
            return best if best is not None else "stay"
        goals = self.objectives()
        def nearness(hex_id: Any) -> int:
            return min(self.distance(hex_id, g) for g in goals)
        here = self.attr(decision.subject, "hex")
        return "stay" if nearness(here) <= nearness(self.attr(best, "hex")) else best

    def next_unit(self, decision: Any, options: list) -> Any:
        """The Unit offered nearest the enemy (Distances.nearest_the_enemy)."""
        return self.nearest_the_enemy([o for o in options if isinstance(o, Ref)])

    def stack_with(self, decision: Any, options: list) -> Any:
        """Alone (``done``), or, in a style that masses (``stack``), with every
        Unit that may join and moves as the lead does (a slower one would
        hold the stack back): a stack moves, and assaults, as one (gts:14.7)."""
        if not self.style.stack:
            return "done"
        def pace(unit: Ref) -> tuple:
            return self.attr(unit, "movement"), self.attr(unit, "movement_class")
        lead = pace(decision.subject)
        return next((o for o in options if isinstance(o, Ref) and pace(o) == lead), "done")

    def direct_command_unit(self, decision: Any, options: list) -> Any:
        units = [o for o in options if isinstance(o, Ref)]
        style = self.style
        useful = [u for u in units if self.cp(u) - style.charge_reserve > style.cp_reserve and
                  (self.attr(u, "hex") != self.goal_of(u) or self.best_shot(u) >= style.any_shot)]
        if not useful:
            return "done" if "done" in options else None
        return min(useful, key=lambda u: (self.distance(self.attr(u, "hex"), self.goal_of(u)),
                                          u.id))

    def stand_or_run(self, decision: Any, options: list) -> Any:
        hex_id = decision.subject
        if hex_id in self.objectives():
            return "stand"
        defenders = self.state.units_at(hex_id)
        if self.style.no_surrender and self.running_surrenders(defenders):
            return "stand"
        side = self.side_of(defenders[0]) if defenders else None
        attackers = [u for u in self.units(enemy_of=side)
                     if self.distance(self.attr(u, "hex"), hex_id) <= 1]
        odds = self.strength(defenders) / max(1, self.strength(attackers))
        return "stand" if odds >= self.style.stand_odds else "run_away"

    def run_away_to(self, decision: Any, options: list) -> Any:
        unit = decision.subject
        side = self.side_of(unit)
        enemies = [self.attr(e, "hex") for e in self.units(enemy_of=side)]
        return max(options, key=lambda h: (min((self.distance(h, e) for e in enemies),
                                               default=99), h))

    def charge_or_fire(self, decision: Any, options: list) -> Any:
        if self.style.fire_first and self.charge_check_bought(decision.subject) and \
                not self.outcharges(decision.subject):
            return "assault_fire"  # a charge they pay to hold is no charge
        defenders = self.state.units_at(decision.subject)
        worst = max((self.attr(d, "troop_quality") or 0 for d in defenders), default=0)
        return "charge" if worst <= 4 else "assault_fire"

    def charge_check_unit(self, decision: Any, options: list) -> Any:
        return max(options, key=lambda u: (self.attr(u, "troop_quality") or 0, u.id))

    def continue_assault(self, decision: Any, options: list) -> Any:
        defenders = self.state.units_at(decision.subject)
        side = self.side_of(defenders[0]) if defenders else None
        attackers = [u for u in self.units(enemy_of=side)
                     if self.distance(self.attr(u, "hex"), decision.subject) <= 1]
        return "continue" if self.strength(attackers) >= self.strength(defenders) else "withdraw"

    def convert_command_points(self, decision: Any, options: list) -> Any:
        division = decision.subject
        wanted = any(self.attr(c, "division") == division and
                     self.rule("chit_purchasable", c, default=False)
                     for c in self.state.refs("chit"))
        if not wanted:
            return 0
        dp, cp = self.attr(division, "dp") or 0, self.attr(division, "cp") or 0
        spare = max(0, (cp - self.style.cp_reserve - self.style.charge_reserve) // 2)
        return max(o for o in options if o <= max(0, min(self.style.dp_wanted - dp, spare)))

    def buy_formation_chit(self, decision: Any, options: list) -> Any:
        return next(c for c in ("this_turn", "next_turn", "none") if c in options)


def answers_for(session: Any) -> dict:
    """The GTS answers (bot_answers.py) and those of the session's other
    modules (hook ks_bot_answers), lowest layer first: one table for every
    player of the same modules, read and never changed."""
    from kriegsspiel.engine.plugins import session_modules
    _, names = session_modules(session)
    return _answers(tuple(names))


@functools.lru_cache(maxsize=8)
def _answers(names: tuple[str, ...]) -> dict:
    from kriegsspiel.engine.plugins import installed_registry
    from kriegsspiel.modules.gts.bot_answers import HANDLERS  # it names our methods
    answers = dict(HANDLERS)
    for _, given in installed_registry().call("ks_bot_answers", names):
        answers.update(given)
    return answers


def heuristic_player(seed: int, session: Any, style: str = "heuristic",
                     **knobs: Any) -> HeuristicPlayer:
    """The bot, in one of the named styles (``heuristic:style=cautious``), any
    of its knobs changed (``heuristic:style=storming:good_shot=1``)."""
    if style not in STYLES:
        from kriegsspiel.core.errors import did_you_mean
        raise KsError(f"no bot style '{style}' (known: {', '.join(STYLES)})", None,
                      did_you_mean(style, STYLES))
    return HeuristicPlayer(session, seed,
                           replace(STYLES[style], **knobs) if knobs else STYLES[style])


# The knobs the heuristic kind takes (kriegsspiel/tools/seats.py reads them):
# a named style and each of the Style's own.
heuristic_player.settings = {"style": str, **KNOB_VALUES}  # type: ignore[attr-defined]


def styled_players() -> dict:
    """A factory ``(seed, session) -> player`` for each named style
    (bot_style.STYLES), the default first: the policies a policy-switching
    search player chooses among (hook ks_search_policies)."""
    return {name: functools.partial(_styled, style) for name, style in STYLES.items()}


def _styled(style: Style, seed: int, session: Any) -> HeuristicPlayer:
    return HeuristicPlayer(session, seed, style)
