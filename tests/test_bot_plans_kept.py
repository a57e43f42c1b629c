"""What the heuristic GTS bot keeps of its plans (modules/gts/bot_plans.py:
a Unit's Second Action plan and the Second Actions on offer, kept while the
state's version stands) and how its look-ahead and steps ask fewer
questions (bot_plans.fire_zone_search, bot_judgements.step_toward) give the
answers a fresh bot, asking everything, gives — over played games."""

from __future__ import annotations

import pytest

from kriegsspiel.core.sheets import SEPARATE
from kriegsspiel.modules.gts.bot import HeuristicPlayer
from kriegsspiel.modules.gts.bot_judgements import DETOUR_DEPTH
from kriegsspiel.modules.gts.bot_plans import FIRE_ZONE_LOOKAHEAD

from test_bot_keeping import _played_and_checked


def _whole_search(bot, unit, here: str, goal: str) -> bool:
    """The look-ahead as it was before it skipped any hex: every hex within
    FIRE_ZONE_LOOKAHEAD the unit can cross, each asked its Fire Zone."""
    side = bot.side_of(unit)
    if not bot.fire_zone_may_be_near(unit):
        return False
    enemy = bot.enemy_hexes(side)
    free = zone = bot.distance(here, goal)
    frontier, reached = [(here, True)], {here: True}
    for _ in range(FIRE_ZONE_LOOKAHEAD):
        following = []
        for h, clear in frontier:
            for n in bot.neighbours(h):
                if n in enemy or (n in reached and (reached[n] or not clear)) or \
                        not bot.passable(unit, h, n):
                    continue
                still_clear = clear and not bot.in_enemy_zone(n, side)
                reached[n] = still_clear
                if still_clear:
                    free = min(free, bot.distance(n, goal))
                else:
                    zone = min(zone, bot.distance(n, goal))
                following.append((n, still_clear))
        frontier = sorted(set(following))
    return zone < free


def _whole_detour(bot, unit, here: str, goal: str, options: list):
    """detour as it was: every hex of DETOUR_DEPTH rings asked its step cost."""
    now = bot.distance(here, goal)
    enemy = bot.enemy_hexes(bot.side_of(unit))
    first = {h: h for h in options if isinstance(h, str) and bot.is_hex(h)}
    frontier = sorted(first)
    if all(bot.distance(h, goal) >= SEPARATE for h in frontier):
        return None
    for _ in range(DETOUR_DEPTH):
        found = [h for h in frontier if bot.distance(h, goal) < now]
        if found:
            return first[min(found, key=lambda h: (bot.distance(h, goal), h))]
        following = []
        for h in frontier:
            for n in bot.neighbours(h):
                if n not in first and n != here and n not in enemy and \
                        bot.passable(unit, h, n):
                    first[n] = first[h]
                    following.append(n)
        frontier = sorted(following)
    return None


detoured: list = []  # the answers of _whole_detour, as it is asked


def _whole_step(bot, unit):
    """step_toward as it was: every neighbour asked may_enter and its step
    cost first, every nearest hex its Fire Zone, the whole detour searched."""
    here, goal = bot.attr(unit, "hex"), bot.goal_of(unit)
    if goal is None or here == goal:
        return None
    options = [h for h in bot.neighbours(here)
               if bot.rule("may_enter", unit, h, "direct", default=False) and
               bot.passable(unit, here, h)]
    side, now = bot.side_of(unit), bot.distance(here, goal)
    left = bot.hexes_left(unit)
    options = [h for h in options if h not in left]
    nearer = [h for h in options if bot.distance(h, goal) < now]
    if not nearer:
        if now <= 1:
            return None
        detoured.append(_whole_detour(bot, unit, here, goal, options))
        return detoured[-1]
    nearest = min(bot.distance(h, goal) for h in nearer)
    return min((h for h in nearer if bot.distance(h, goal) == nearest),
               key=lambda h: (h != goal and bot.in_enemy_zone(h, side), h))


@pytest.mark.parametrize("scenario, seed, kinds, turns, every", [
    ("crete/learning", 2, ["heuristic", "heuristic"], 3, 3),
    ("crete/mercury", 1, ["heuristic"], 3, 40),
])
def test_the_look_ahead_and_the_steps_answer_as_the_whole_search(scenario, seed, kinds,
                                                                  turns, every):
    """Every few questions of a played game, for every Unit with a goal: the
    look-ahead that skips hexes which cannot lead nearer answers as the one
    that searches every hex, and the step that asks the nearer hexes first
    is the step of the one that asks every neighbour."""
    barred, steps = [], []
    detoured.clear()

    def compare(session, fresh, kept) -> None:
        for unit in kept.units():
            here, goal = kept.attr(unit, "hex"), kept.goal_of(unit)
            if goal is None or here == goal:
                continue
            answer = kept.fire_zone_bars_the_way(unit, here, goal)
            assert answer == _whole_search(fresh, unit, here, goal), (unit.id, here, goal)
            barred.append(answer)
            step = kept.step_toward(unit)
            assert step == _whole_step(fresh, unit), unit.id
            steps.append(step)

    _played_and_checked(scenario, seed, kinds, turns, every=every, check=compare)
    assert barred.count(True) >= 5 and barred.count(False) >= 50
    assert steps.count(None) >= 5 and len(steps) - steps.count(None) >= 50
    assert len(detoured) - detoured.count(None) >= 3, detoured  # ways round compared


def _plans_compared(monkeypatch, ignore_version: bool) -> tuple[int, int]:
    """Learning, heuristic against heuristic: every few questions, each Unit's
    Second Action plan after a Pass and whether a move or an assault is on
    offer as its Second Action (against the whole list second_actions gives),
    as the seated bots keep them, against a fresh bot's; with *ignore_version*,
    the keeping broken on purpose (kept across changes). (Answers compared,
    answers that differed.)"""
    if ignore_version:
        def kept_forever(bot):
            if bot.session.ctx.memo is None:
                return None
            if bot._now[0] is None:
                bot._now = (bot.session.ctx.memo, bot.state.version, {})
            return bot._now[2]
        monkeypatch.setattr(HeuristicPlayer, "kept_now", kept_forever)
    counts = [0, 0]

    def compare(session, fresh, kept) -> None:
        for unit in kept.units():
            for first in ("pass", "move"):
                counts[0] += 1
                offered = fresh.rule("second_actions", unit, first, "division", default=[]) or []
                if any(kept.second_action_offered(unit, first, a) != (a in offered)
                       for a in ("move", "assault")) or \
                        kept.second_action_after(first, unit) != \
                        HeuristicPlayer.second_action_plan(fresh, first, unit):
                    counts[1] += 1

    _played_and_checked("crete/learning", 1, ["heuristic", "heuristic"], 3, every=4,
                        check=compare)
    return counts[0], counts[1]


def test_the_second_action_plans_kept_are_a_fresh_bot_s(monkeypatch):
    compared, differed = _plans_compared(monkeypatch, ignore_version=False)
    assert compared >= 1000 and differed == 0


def test_plans_kept_across_a_change_would_be_seen(monkeypatch):
    """The comparison above has the power to see stale answers: kept across
    the state's changes, they differ from a fresh bot's."""
    compared, differed = _plans_compared(monkeypatch, ignore_version=True)
    assert compared >= 1000 and differed > 0
