"""What the heuristic GTS bot keeps of its reads (modules/gts/bot_keeping.py,
the enemy's hexes in bot.py, the division of objectives in bot_aims.py) is
the answer asking afresh would give: each kept answer is dropped when an
event, a restore, a rolled-back transaction or another log can change it,
kept when none can, and — over a played game — equals a fresh bot's."""

from __future__ import annotations

import random

import pytest

from kriegsspiel.core.players import Table
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.rulebook import ExtraRules
from kriegsspiel.engine.starting import start
from kriegsspiel.modules.gts.bot import HeuristicPlayer
from kriegsspiel.tools.play import new_game

AXIS_UNIT = "1. Geb.Pi. 95"   # Learning's Axis
ALLIED_UNIT = "1 A/1 Inf"     # Learning's Greeks
KEY = ("watched", "Axis")


@pytest.fixture
def learning():
    session = start("crete/learning", Table({}), seed=1)
    return session, HeuristicPlayer(session, 1)


def _asked_twice(bot, of_side: bool) -> None:
    """The first question reads the log from nothing; the second, asked with
    nothing logged between, finds nothing new."""
    assert bot.moved_since(KEY, "Axis", of_side)
    assert not bot.moved_since(KEY, "Axis", of_side)


def test_nothing_relevant_logged_nothing_moved(learning):
    session, bot = learning
    _asked_twice(bot, True)
    session.state.record("decision", {"player": "Axis", "key": "action", "answer": "pass"}, [])
    session.state.set_track(session.ref("unit", AXIS_UNIT), "suppressed", 1, [])
    assert not bot.moved_since(KEY, "Axis", True)


@pytest.mark.parametrize("mover,of_side,moved", [(AXIS_UNIT, True, True),
                                                 (AXIS_UNIT, False, False),
                                                 (ALLIED_UNIT, False, True),
                                                 (ALLIED_UNIT, True, False)])
def test_a_unit_moved_counts_for_its_own_side_only(learning, mover, of_side, moved):
    session, bot = learning
    _asked_twice(bot, of_side)
    session.place(mover, "10.05")
    assert bot.moved_since(KEY, "Axis", of_side) is moved
    assert not bot.moved_since(KEY, "Axis", of_side)  # read on from there


@pytest.mark.parametrize("kind,data", [("unit_flipped", {"face": "back"}),
                                       ("unit_eliminated", {})])
def test_an_enemy_flipped_or_eliminated_counts(learning, kind, data):
    session, bot = learning
    _asked_twice(bot, False)
    session.state.record(kind, {"unit": ALLIED_UNIT, **data}, [])
    assert bot.moved_since(KEY, "Axis", False)


def test_a_restore_counts_though_nothing_was_logged(learning):
    session, bot = learning
    state = session.state
    log = [{"seq": e.seq, "kind": e.kind, "data": e.data, "cause": e.cause} for e in state.log]
    _asked_twice(bot, True)
    state.restore(state.snapshot(), log)  # the same game, the same length of log
    assert len(state.log) == len(log)
    assert bot.moved_since(KEY, "Axis", True)
    assert not bot.moved_since(KEY, "Axis", True)


def test_a_rolled_back_transaction_counts(learning):
    """The events it rolled back were read (the unit moved, then put back):
    the Unit stands where it stood, but what was read from it was of a game
    that is gone."""
    session, bot = learning
    state = session.state
    _asked_twice(bot, True)
    with pytest.raises(RuntimeError):
        with state.transaction():
            session.place(AXIS_UNIT, "10.05")
            assert bot.moved_since(KEY, "Axis", True)
            raise RuntimeError("rolled back")
    assert bot.moved_since(KEY, "Axis", True)


def test_a_log_replaced_counts(learning):
    """A search's rollout puts another log in (sim.state.log = ...): even of
    the same length and events, it is another game's."""
    session, bot = learning
    _asked_twice(bot, True)
    session.state.log = list(session.state.log)
    assert bot.moved_since(KEY, "Axis", True)
    assert not bot.moved_since(KEY, "Axis", True)


def test_the_enemy_s_hexes_change_when_an_enemy_moves_not_a_friend(learning):
    session, bot = learning
    asked = []
    units = bot.units

    def counting(side=None, enemy_of=None):
        asked.append(enemy_of)
        return units(side, enemy_of)
    bot.units = counting
    before = bot.enemy_hexes("Axis")
    # the first question after the first reading sets where the log is read from
    assert bot.enemy_hexes("Axis") is before
    axis_at = session.state.placement[AXIS_UNIT]
    free = [h for h in bot.neighbours(axis_at) if h not in before]
    assert session.state.placement[ALLIED_UNIT] in before and len(free) >= 2
    asked.clear()
    session.place(AXIS_UNIT, free[0])
    assert bot.enemy_hexes("Axis") is before and asked == []  # kept: not read again
    session.place(ALLIED_UNIT, free[1])
    after = bot.enemy_hexes("Axis")
    assert asked == ["Axis"] and free[1] in after
    assert after == HeuristicPlayer(session, 2).enemy_hexes("Axis")


SNAFU_AXIS = {"1./I./FJR 2 •": "30.11", "4./I./FJR 2 •": "31.11", "2./I./FJR 2 •": "25.12",
              "10./III./FJR 2 •": "33.14", "9./III./FJR 2 •": "19.15",
              "11./III./FJR 2 •": "18.15", "12./III./FJR 2 •": "27.13",
              "III./FJR 2 Leader": "28.12"}


def _snafu_axis_placed() -> tuple:
    """A SNAFU session with the Axis Units placed, its bot, the Axis
    objectives and Units."""
    session = start("crete/snafu", Table({}), seed=1)
    for piece, hex_id in SNAFU_AXIS.items():
        kind = "leader" if "Leader" in piece else "unit"
        session.place(piece, hex_id, kind)
    bot = HeuristicPlayer(session, 1)
    return session, bot, bot.objectives(), list(bot.units("Axis"))


def test_the_sorted_pairs_kept_equal_all_pairs_sorted():
    """bot_aims.sorted_pairs takes out and puts back the pairs of the few Units
    that moved: the list is the full sort's, after one move and after many
    (one at a time, kept in place; several at once, sorted afresh)."""
    session, bot, goals, units = _snafu_axis_placed()
    assert len(goals) == 3 and len(units) >= 6

    def all_sorted():
        return sorted(p for u in units
                      for p in bot.unit_pairs(u.id, session.state.placement[u.id], goals))

    pairs = bot.sorted_pairs(units, goals, "Axis")
    assert pairs == all_sorted()
    hexes = sorted({h for u in units for h in bot.neighbours(session.state.placement[u.id])})
    rng = random.Random(7)
    for _ in range(30):  # one Unit at a time: the kept list, put in order
        session.place(rng.choice(units).id, rng.choice(hexes))
        again = bot.sorted_pairs(units, goals, "Axis")
        assert again is pairs and again == all_sorted()
    for unit in units:  # all of them at once
        session.place(unit.id, rng.choice(hexes))
    assert bot.sorted_pairs(units, goals, "Axis") == all_sorted()


def test_the_division_gone_on_from_the_first_change_equals_one_made_afresh():
    """bot_aims.divide goes on with the last share-out from the least pair a
    move took out or put back: its answer is the whole share-out's, after one
    Unit moved (kept pairs) and after many (sorted afresh), and after the
    pairs were asked for in between (the share-out then made again)."""
    session, bot, goals, units = _snafu_axis_placed()

    def afresh():
        share, given, taken = -(-len(units) // len(goals)), {}, {}
        for _, goal, unit_id in sorted(
                p for u in units
                for p in bot.unit_pairs(u.id, session.state.placement[u.id], goals)):
            if unit_id not in given and taken.get(goal, 0) < share:
                given[unit_id] = goal
                taken[goal] = taken.get(goal, 0) + 1
        return given

    assert bot.divide(units, goals, "Axis") == afresh()
    hexes = sorted({h for u in units for h in bot.neighbours(session.state.placement[u.id])})
    rng = random.Random(3)
    for turn in range(60):
        session.place(rng.choice(units).id, rng.choice(hexes))
        if turn % 7 == 3:
            bot.sorted_pairs(units, goals, "Axis")  # a change the share-out did not see
        assert bot.divide(units, goals, "Axis") == afresh()
    for unit in units:
        session.place(unit.id, rng.choice(hexes))
    assert bot.divide(units, goals, "Axis") == afresh()


def _played_and_checked(scenario: str, seed: int, kinds: list, turns: int, every: int,
                        check) -> tuple:
    """Plays *turns* of a game; at every *every*-th question it asks (inside
    the game's own call, where the bots keep their answers) runs
    check(session, a fresh bot, each bot seated). The game and the number of
    questions asked."""
    asked = []
    game = None

    def before(decision) -> None:
        asked.append(None)
        if len(asked) % every == 0:
            fresh = HeuristicPlayer(game.session, 0)
            for kept in game.session.players.players.values():
                check(game.session, fresh, kept)
    game = new_game(scenario, seed, kinds, before_decision=before)
    game.run(turns)
    return game, len(asked)


def _kept_zones_as_fresh(kept, fresh, side, ask_at) -> list:
    """Asks *kept* the Fire Zone of *ask_at* (so it reads the log on), checks
    every answer it then keeps for *side* against *fresh*'s rules, and
    returns those answers."""
    kept.in_enemy_zone(ask_at, side)
    answers = kept.kept_zones(side)
    for hex_id, known in answers.items():
        assert known == bool(fresh.rule("hex_in_enemy_fire_zone", hex_id,
                                        Ref("side", side))), (side, hex_id)
    return list(answers.values())


def test_a_played_game_s_kept_answers_are_a_fresh_bot_s():
    """Learning, heuristic against heuristic: every few questions (inside the
    game's own call, where the bot keeps its answers), each Unit's goal, its
    distance to the nearest enemy, the enemy's hexes and the step costs the
    bot keeps, and the Fire Zones it keeps, equal those of a bot that has kept
    nothing."""
    zones_compared = []

    def compare(session, fresh, kept) -> None:
        for side in ("Axis", "Allied"):
            assert kept.enemy_hexes(side) == fresh.enemy_hexes(side)
        for unit in kept.units():
            assert kept.goal_of(unit) == fresh.goal_of(unit), unit.id
            assert kept.enemy_distance(unit) == fresh.enemy_distance(unit), unit.id
            here = session.state.placement[unit.id]
            for there in kept.neighbours(here)[:2]:
                assert kept.kept_rule("reach_step_cost", unit, here, there) == \
                    fresh.rule("reach_step_cost", unit, here, there)
                assert kept.passable(unit, here, there) == \
                    (fresh.rule("reach_step_cost", unit, here, there) is not None)
        for side in ("Axis", "Allied"):
            for enemy in kept.units(enemy_of=side):  # round the enemy: hexes in a zone
                for there in kept.neighbours(session.state.placement[enemy.id]):
                    kept.in_enemy_zone(there, side)
            zones_compared.extend(_kept_zones_as_fresh(
                kept, fresh, side, session.state.placement[kept.units()[0].id]))

    game, asked = _played_and_checked("crete/learning", 3, ["heuristic", "heuristic"], 2,
                                      every=7, check=compare)
    assert all(isinstance(p, HeuristicPlayer) for p in game.session.players.players.values())
    assert asked >= 7 * 10  # compared at ten points at least
    assert zones_compared.count(True) >= 10 and zones_compared.count(False) >= 10


REACH_READS_SUPPRESSION = """
override def reach_step_cost(unit: unit, from_hex, to_hex) =
    half_point_cost(unit, from_hex, to_hex) + 2 * unit.suppressed @gts:14.3
"""


def test_kept_rule_reads_the_rules_in_play():
    """The read sets kept_rule keeps its answers by are the program's: a session
    given other rules (here a layer whose step cost also reads 'suppressed')
    gets the new rules' read set, so a change of what only they read is seen."""
    session = start("crete/learning", Table({}), seed=1)
    other = start("crete/learning", Table({}), seed=1,
                  extra=(ExtraRules("x.ksr", REACH_READS_SUPPRESSION, "scenario"),))
    bot = HeuristicPlayer(session, 1)
    unit = session.ref("unit", AXIS_UNIT)
    here = session.state.placement[unit.id]
    there = bot.neighbours(here)[0]
    session.ctx.memo = {}  # as inside the game's own call, where kept_rule keeps
    try:
        plain = bot.kept_rule("reach_step_cost", unit, here, there)
        assert "suppressed" not in bot.read_spec("reach_step_cost")[0]
        session.program = other.program
        assert "suppressed" in bot.read_spec("reach_step_cost")[0]
        assert bot.kept_rule("reach_step_cost", unit, here, there) == plain
        session.state.set_track(unit, "suppressed", 1, [])
        assert bot.kept_rule("reach_step_cost", unit, here, there) == plain + 2
    finally:
        session.ctx.memo = None


def test_a_goal_kept_within_the_game_s_call_follows_the_units_moves():
    """SNAFU's Axis divides its Units among three objectives: inside one call of
    the game (where goal_of keeps its answers) a Unit moved from beside the
    airfields to beside the port, and another moved after it, change the
    goals — as a fresh bot reads them."""
    session = start("crete/snafu", Table({}), seed=1)
    for piece, hex_id in SNAFU_AXIS.items():
        session.place(piece, hex_id, "leader" if "Leader" in piece else "unit")
    bot = HeuristicPlayer(session, 1)
    session.ctx.memo = {}
    try:
        units = bot.units("Axis")
        first = {u.id: bot.goal_of(u) for u in units}
        assert first == {u.id: HeuristicPlayer(session, 2).goal_of(u) for u in units}
        session.place("1./I./FJR 2 •", "09.13")
        session.place("4./I./FJR 2 •", "08.12")
        then = {u.id: bot.goal_of(u) for u in units}
        assert then == {u.id: HeuristicPlayer(session, 2).goal_of(u) for u in units}
        assert then["1./I./FJR 2 •"] == "08.13" != first["1./I./FJR 2 •"]
    finally:
        session.ctx.memo = None


def _asks_of_zones(bot) -> list:
    """The Fire Zone questions *bot* puts to the rules from now on."""
    asked = []
    rule = bot.rule

    def counting(name, *args, **kw):
        if name == "hex_in_enemy_fire_zone":
            asked.append(args[0])
        return rule(name, *args, **kw)
    bot.rule = counting
    return asked


def test_kept_fire_zones_are_a_fresh_bot_s_along_a_walk():
    """SNAFU: an Axis Unit walks round the Allied MG (range 2, whose zone
    shrinks to its six hexes when an enemy comes next to it, gts:17.3); an
    Allied Unit moves, the MG is Suppressed, a save is restored, a move is
    rolled back. After each, the Fire Zones the bot keeps for the Axis are a
    fresh bot's; a step clear of every enemy asks nothing again, and the
    zones did change along the walk (so a kept answer left stale would
    show)."""
    session = start("crete/snafu", Table({}), seed=1)
    state = session.state
    bot = HeuristicPlayer(session, 1)
    gun, walker, axis = "2/1 MG", "1./I./FJR 2 •", Ref("side", "Axis")
    at = state.placement[gun]
    near = {at, *bot.neighbours(at)}
    for _ in range(2):  # the hexes within three of the MG
        near |= {n for h in near for n in bot.neighbours(h)}
    area = sorted(near)
    allies = [u for u in bot.units("Allied")]
    asked = _asks_of_zones(bot)
    seen: list = []

    def compare() -> None:
        fresh = HeuristicPlayer(session, 2)
        kept = [bot.in_enemy_zone(h, "Axis") for h in area]
        assert kept == [bool(fresh.rule("hex_in_enemy_fire_zone", h, axis)) for h in area]
        seen.append(kept)

    def clear_of_allies(hex_id) -> bool:
        return all(bot.distance(hex_id, state.placement[u.id]) > 1 for u in allies)

    def step(unit: str, to: str) -> None:
        session.ctx.emit("unit_moved", {"unit": session.ref("unit", unit),
                                        "origin": state.placement[unit], "destination": to})

    session.ctx.memo = {}  # as inside the game's own call, where the zones are kept
    try:
        start_hex = max(area, key=lambda h: (min(bot.distance(h, state.placement[u.id])
                                                 for u in allies), h))
        session.place(walker, start_hex)
        compare()
        rng = random.Random(3)
        clear_steps = 0
        for _ in range(40):
            here = state.placement[walker]
            there = rng.choice([n for n in bot.neighbours(here) if n in area])
            clear = clear_of_allies(here) and clear_of_allies(there)
            step(walker, there)
            asked.clear()
            compare()
            if clear:
                clear_steps += 1
                assert asked == []  # kept: nothing asked again
        assert clear_steps >= 3
        assert len({tuple(k) for k in seen}) >= 3  # the zones changed along the walk
        step(gun, next(n for n in bot.neighbours(at) if not state.units_at(n)))
        compare()
        state.set_track(session.ref("unit", gun), "suppressed", 1, [])
        compare()
        log = [{"seq": e.seq, "kind": e.kind, "data": e.data, "cause": e.cause}
               for e in state.log]
        state.restore(state.snapshot(), log)
        compare()
        with pytest.raises(RuntimeError):
            with state.transaction():
                step(walker, next(n for n in bot.neighbours(state.placement[gun])
                                  if not state.units_at(n)))
                compare()
                raise RuntimeError("rolled back")
        compare()
    finally:
        session.ctx.memo = None


def test_a_played_mercury_game_s_kept_fire_zones_are_a_fresh_bot_s(monkeypatch):
    """Mercury's first turns, heuristic players: every few questions, each
    Fire Zone answer the bots keep (the log read on first) is a fresh bot's —
    after enemy moves, own steps beside an enemy and clear of one, fire."""
    dropped, answers = [], []
    stands = HeuristicPlayer.zones_stand

    def counting(bot, *args):
        kept = stands(bot, *args)
        dropped.append(not kept)
        return kept

    def compare(session, fresh, kept) -> None:
        for side in ("Axis", "Allied"):
            zones = kept.kept_zones(side)
            if zones:
                answers.extend(_kept_zones_as_fresh(kept, fresh, side, next(iter(zones))))

    monkeypatch.setattr(HeuristicPlayer, "zones_stand", counting)
    _played_and_checked("crete/mercury", 1, ["heuristic"], 2, every=5, check=compare)
    assert dropped.count(True) >= 10 and dropped.count(False) >= 100
    assert len(answers) >= 1000, len(answers)  # kept answers compared, not a handful


def test_steps_clear_of_the_enemy_keep_the_zones_by_the_rules_contact_distance():
    """How near an enemy a step must come to bear on a Fire Zone is the rules'
    fire_zone_contact_distance (los.ksr): with a layer that says every step
    may (a distance no step is beyond), a step clear of every enemy asks the
    zones again; with the series' 1, it asks nothing again."""
    far = ExtraRules("contact.ksr", "override const fire_zone_contact_distance = 99 "
                                    "@gts:29.29\n", "scenario")
    asked_again = {}
    for extra in ((), (far,)):
        session = start("crete/snafu", Table({}), seed=1, extra=extra)
        state = session.state
        bot = HeuristicPlayer(session, 1)
        walker = "1./I./FJR 2 •"
        allies = [state.placement[u.id] for u in bot.units("Allied")]
        around = {allies[0]}
        for _ in range(6):
            around |= {n for h in around for n in bot.neighbours(h)}
        clear = [h for h in sorted(around) if all(bot.distance(h, a) > 3 for a in allies)]
        here = clear[0]
        there = next(n for n in bot.neighbours(here) if n in clear)
        # A hex beside the enemy (near enough to it for the rules to be asked)
        probe = next(n for n in bot.neighbours(allies[0]) if n not in allies)
        session.place(walker, here)
        session.ctx.memo = {}  # as inside the game's own call, where the zones are kept
        try:
            bot.in_enemy_zone(probe, "Axis")
            asked = _asks_of_zones(bot)
            session.ctx.emit("unit_moved", {"unit": session.ref("unit", walker),
                                            "origin": here, "destination": there})
            bot.in_enemy_zone(probe, "Axis")
            asked_again[bool(extra)] = asked
        finally:
            session.ctx.memo = None
    assert asked_again[False] == [] and asked_again[True] != []


def test_the_division_follows_steps_read_from_the_log():
    """SNAFU's Axis divides its Units among three objectives; its Units step
    about (unit_moved events, which the kept placing is brought up to date
    from, bot_aims.shared_objective), and after each step every Unit's goal
    is a fresh bot's — and the division did change along the way."""
    session = start("crete/snafu", Table({}), seed=1)
    for piece, hex_id in SNAFU_AXIS.items():
        session.place(piece, hex_id, "leader" if "Leader" in piece else "unit")
    state = session.state
    bot = HeuristicPlayer(session, 1)
    session.ctx.memo = {}
    try:
        units = bot.units("Axis")
        rng = random.Random(5)
        divisions = set()
        for _ in range(40):
            unit = rng.choice(units)
            here = state.placement[unit.id]
            session.ctx.emit("unit_moved", {"unit": unit, "origin": here,
                                            "destination": rng.choice(bot.neighbours(here))})
            goals = tuple(bot.goal_of(u) for u in units)
            assert goals == tuple(HeuristicPlayer(session, 2).goal_of(u) for u in units)
            divisions.add(goals)
        assert len(divisions) >= 3
    finally:
        session.ctx.memo = None
