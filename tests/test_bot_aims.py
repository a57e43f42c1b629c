"""The heuristic GTS bot's aims and plans (modules/gts/bot_aims.py,
bot_plans.py, bot_judgements.py) on concrete situations of the Crete Learning
Scenario and Scenario 1 "SNAFU" (issue #28: a heuristic player that plays
each side's objectives, read from the scenario's victory conditions)."""

from __future__ import annotations

from kriegsspiel.core.players import RandomPlayer, Table
from kriegsspiel.engine.starting import start
from kriegsspiel.modules.gts.bot import HeuristicPlayer, heuristic_player

PORT = "06.04"  # Learning: "the Port of Kastelli (06.04)"
SNAFU_HEXES = {"08.13", "27.12", "28.11"}  # "the Port of Rethymnon (08.13) and the
# two airfield hexes (27.12 and 28.11)"


def _moved(session, piece_id: str, hex_id: str) -> None:
    kind = "leader" if piece_id in session.state.catalog.get("leader", {}) else "unit"
    session.place(piece_id, hex_id, kind)


def _snafu_with_axis_at(placing: dict[str, str]):
    session = start("crete/snafu", Table({}), seed=1)
    for unit_id, hex_id in placing.items():
        _moved(session, unit_id, hex_id)
    return session, HeuristicPlayer(session, 1)


def test_a_side_that_must_hold_three_hexes_divides_its_units_among_them():
    """SNAFU's Axis wins by controlling 08.13, 27.12 and 28.11 at once: its
    Units are divided among the three (an equal share each, the nearest
    first) instead of all making for the nearest — here six Units, two
    each; the two dropped west of the airfields (Stick One's zone, around
    17.15) go for the port, though an airfield is nearer to each."""
    session, bot = _snafu_with_axis_at({
        "1./I./FJR 2 •": "30.11", "4./I./FJR 2 •": "31.11", "2./I./FJR 2 •": "25.12",
        "10./III./FJR 2 •": "33.14", "9./III./FJR 2 •": "19.15", "11./III./FJR 2 •": "18.15"})
    assert set(bot.objectives()) == SNAFU_HEXES
    goals = {u.id: bot.goal_of(u) for u in bot.units("Axis")}
    assert sorted(goals.values()) == sorted(["08.13", "08.13", "27.12", "27.12",
                                             "28.11", "28.11"])
    west = ("9./III./FJR 2 •", "11./III./FJR 2 •")
    assert [goals[u] for u in west] == ["08.13", "08.13"]
    for unit_id in west:
        here = session.state.placement[unit_id]
        assert session.state.distance(here, "27.12") < session.state.distance(here, "08.13")


def test_a_unit_that_cannot_move_holds_no_share():
    """The share is of the Units that can move (the rules' may_move): one that
    cannot makes for its nearest objective and leaves the others' goals as
    they were."""
    placing = {"1./I./FJR 2 •": "30.11", "9./III./FJR 2 •": "19.15", "11./III./FJR 2 •": "18.15"}
    session, bot = _snafu_with_axis_at(placing)
    mobile = {u.id: bot.goal_of(u) for u in bot.units("Axis")}
    unit = session.ref("unit", "1./I./FJR 2 •")
    bot._mobile[(unit.id, session.attr(unit, "face"))] = False
    # No event says so (a flip would): the bot is told its placing may differ.
    bot.forget_placings()
    assert bot.shared_objective(unit, "Axis") is None
    assert bot.goal_of(unit) == "28.11"  # nearest to 30.11
    assert mobile["1./I./FJR 2 •"] == "28.11"
    others = {u.id: bot.goal_of(u) for u in bot.units("Axis") if u.id != unit.id}
    assert others == {k: v for k, v in mobile.items() if k != unit.id}
    assert others["9./III./FJR 2 •"] != others["11./III./FJR 2 •"]  # still divided


def test_the_heuristic_axis_takes_all_three_snafu_hexes_from_random_allies():
    """Played: with its Units divided among the port and the airfields and
    its paratroopers rid of their drop markers (crete:4.2.2), the heuristic
    Axis wins SNAFU against random Allies."""
    table = Table({})
    session = start("crete/snafu", table, seed=1)
    table.players = {"Axis": heuristic_player(1, session), "Allied": RandomPlayer(2)}
    session.ctx.explaining = False
    session.perform("play_game")
    won = session.events("game_won")[0].data["winner"]
    assert getattr(won, "id", won) == "Axis"
    axis_answers = [(r["key"], r["answer"]) for r in session.players.record
                    if getattr(r["player"], "id", r["player"]) == "Axis"]
    assert ("action", "remove_drop_marker") in axis_answers


def test_under_a_drop_marker_the_bot_takes_it_off_rather_than_pass():
    session, bot = _snafu_with_axis_at({"9./III./FJR 2 •": "19.15"})

    class Asked:
        key, subject = "action", session.ref("unit", "9./III./FJR 2 •")
    assert bot.action(Asked, ["pass", "remove_drop_marker"]) == "remove_drop_marker"


def _learning_with(placing: dict[str, str]):
    session = start("crete/learning", Table({}), seed=1)
    # the Greek Units other than the police out of the way, in the west
    spare = iter(["01.08", "02.09", "03.09", "01.09", "02.08", "03.08"])
    for unit_id in ("1 A/1 Inf", "2 A/1 Inf", "3 A/1 Inf", "1 B/1 Inf", "2 B/1 Inf",
                    "3 B/1 Inf"):
        _moved(session, unit_id, next(spare))
    for unit_id, hex_id in placing.items():
        _moved(session, unit_id, hex_id)
    return session, HeuristicPlayer(session, 1)


def test_a_fire_zone_two_hexes_ahead_bars_the_way():
    """gts:13.2#3: on a Division chit a Unit may not enter an enemy Fire Zone.
    From 08.03 (the sea at 07.03) the way to the port runs 08.04 → 07.04, and
    with the police at 07.05, 07.04 is in their Fire Zone: no neighbour of
    08.03 is, but the way is barred all the same — so the bot passes and pays
    for a Second Action that may enter it (#11-12, #17). Without the police
    there, nothing bars it."""
    session, bot = _learning_with({"Kastelli": "07.05", "1. Geb.Pi. 95": "08.03"})
    unit = session.ref("unit", "1. Geb.Pi. 95")
    neighbours = session.value("neighbours", "08.03")
    assert "07.04" not in neighbours and not any(bot.in_enemy_zone(h, "Axis")
                                                 for h in neighbours)
    assert bot.in_enemy_zone("07.04", "Axis")
    assert bot.fire_zone_bars_the_way(unit, "08.03", PORT)
    _moved(session, "Kastelli", "02.07")
    assert not bot.fire_zone_bars_the_way(unit, "08.03", PORT)


def test_the_bot_assaults_only_on_its_way_and_not_off_its_goal():
    """An assault that wins moves the attacker in: the bot assaults an
    objective, or a hex nearer its goal — not one beside its way when it can
    still step on, and never off the goal it stands on."""
    session, bot = _learning_with({"1. Geb.Pi. 95": "09.05", "Kastelli": "02.07"})
    unit = session.ref("unit", "1. Geb.Pi. 95")
    assert bot.goal_of(unit) == PORT and bot.distance("09.05", PORT) == 3
    _moved(session, "3 B/1 Inf", "10.06")   # behind it
    assert bot.step_toward(unit) is not None
    assert not bot.on_the_way(unit, "10.06")
    _moved(session, "2 B/1 Inf", "08.05")   # between the unit and the port
    assert bot.distance("08.05", PORT) == 2 and bot.on_the_way(unit, "08.05")
    _moved(session, unit.id, PORT)
    assert not bot.on_the_way(unit, "07.05")  # it holds the port
    assert bot.on_the_way(unit, PORT)  # an objective is always worth it


def test_a_unit_does_not_walk_back_into_a_hex_it_left_in_the_same_action():
    session, bot = _learning_with({"1. Geb.Pi. 95": "08.03"})
    unit = session.ref("unit", "1. Geb.Pi. 95")
    session.state.record("decision", {"player": "Axis", "key": "action",
                                      "subject": unit.id, "answer": "move"}, [])
    for origin, destination in (("09.04", "09.03"), ("09.03", "08.03")):
        session.state.record("unit_moved", {"unit": unit.id, "origin": origin,
                                            "destination": destination}, [])
    assert bot.hexes_left(unit) == ["09.03", "09.04"]
    assert bot.came_from(unit) == "09.03"
    assert bot.step_toward(unit, ["09.03", "09.04", "08.04"]) == "08.04"
    assert bot.step_toward(unit, ["09.03", "09.04"]) is None


def test_a_leader_goes_to_the_unit_still_short_of_its_goal():
    """A Leader on an airfield his Units already hold is wanted where a Unit
    of his has yet to get in (its Second Action needs him, gts:10.0.2)."""
    session, bot = _snafu_with_axis_at({
        "10./III./FJR 2 •": "28.11", "12./III./FJR 2 •": "27.12",
        "9./III./FJR 2 •": "07.13", "III./FJR 2 Leader": "28.11"})
    units = [session.ref("unit", u) for u in ("10./III./FJR 2 •", "12./III./FJR 2 •",
                                               "9./III./FJR 2 •")]

    class Asked:
        subject = session.ref("leader", "III./FJR 2 Leader")
    assert bot.goal_of(units[2]) == "08.13"
    assert bot.transfer_leader(Asked, ["stay"] + units) == units[2]
    _moved(session, "III./FJR 2 Leader", "07.13")
    assert bot.transfer_leader(Asked, ["stay"] + units) == "stay"


def test_a_step_is_never_into_the_sea_and_a_paid_second_action_moves_on():
    """The bot's own step toward its goal (asked with no move question's
    options: whether it could still advance) counts only hexes it can enter:
    from 08.03 the sea at 07.03 is nearer the port but no step.  And a Second
    Action paid for after a Pass (the last answers: pass, then yes) is taken
    to move on, not to stop and shoot."""
    session, bot = _learning_with({"1. Geb.Pi. 95": "08.03", "Kastelli": "02.07"})
    unit = session.ref("unit", "1. Geb.Pi. 95")
    assert bot.distance("07.03", PORT) == 1 and "07.03" in session.value("neighbours", "08.03")
    assert session.value("move_cost", unit, "08.03", "07.03") is None
    assert bot.step_toward(unit) not in (None, "07.03")
    record = session.players.record
    record += [{"player": "Axis", "key": "action", "answer": "move"}]
    assert not bot.paid_to_move_on(unit)
    record += [{"player": "Axis", "key": "action", "answer": "pass"},
               {"player": "Axis", "key": "second_action", "answer": True}]
    assert bot.paid_to_move_on(unit)


def test_a_side_whose_losses_are_the_enemys_victory_spares_its_steps():
    """SNAFU: "The Allied player wins if he has eliminated 13 German steps" —
    the Axis assaults a hex that is no objective only at 2 to 1 or better
    (the default style's sparing_odds); the Allies, whose losses count for nothing, and both
    sides of the Learning Scenario at 1 to 1."""
    from kriegsspiel.modules.gts.bot_style import DEFAULT
    session, bot = _snafu_with_axis_at({"9./III./FJR 2 •": "19.15"})
    assert bot.spares_steps("Axis") and not bot.spares_steps("Allied")
    learning = HeuristicPlayer(start("crete/learning", Table({}), seed=1), 1)
    assert not learning.spares_steps("Axis") and not learning.spares_steps("Allied")
    Asked = _a_defender_at_better_than_even_odds(session, bot, DEFAULT.sparing_odds)
    assert "20.14" not in bot.objectives()
    assert bot.assault_hex(Asked, ["20.14"]) is None
    bot.spares_steps = lambda side: False  # at 1 to 1 it would
    assert bot.assault_hex(Asked, ["20.14"]) == "20.14"


def _a_defender_at_better_than_even_odds(session, bot, below: float):
    """An Allied Unit moved to 20.14, next to SNAFU's Axis Stick at 19.15, that
    the Stick assaults at odds of 1 to 1 or better, below *below*: the question
    of an assault's hex, asked of the Stick."""
    attacker = session.ref("unit", "9./III./FJR 2 •")
    ours = bot.strength([attacker])
    for defender in ("A 2/11 Inf •", "S(Mtr) 2/11 Inf •", "1 1/4 Inf", "Rethymnon"):
        if bot.strength([session.ref("unit", defender)]) * below > ours >= \
                bot.strength([session.ref("unit", defender)]):
            break
    else:
        raise AssertionError(f"no defender between 1 to 1 and {below} to 1")
    _moved(session, defender, "20.14")

    class Asked:
        subject = attacker
    return Asked


def test_a_style_sets_the_odds_a_bot_assaults_at_and_whether_it_divides():
    """The bot's styles (bot_style.py, the policies a policy-switching player
    chooses among): one sparing no steps assaults at 1 to 1 where the default
    waits for 2 to 1; one that does not divide sends each Unit to its nearest
    objective (SNAFU: the sticks west of the airfields too)."""
    from dataclasses import replace

    from kriegsspiel.modules.gts.bot_style import DEFAULT, STYLES
    session, bot = _snafu_with_axis_at({"9./III./FJR 2 •": "19.15"})
    Asked = _a_defender_at_better_than_even_odds(session, bot, DEFAULT.sparing_odds)
    assert bot.style is DEFAULT and bot.assault_hex(Asked, ["20.14"]) is None
    spending = HeuristicPlayer(session, 1, replace(DEFAULT, sparing_odds=1.0))
    assert spending.assault_hex(Asked, ["20.14"]) == "20.14"
    session, divided = _snafu_with_axis_at({"9./III./FJR 2 •": "19.15",
                                            "11./III./FJR 2 •": "18.15"})
    massed = HeuristicPlayer(session, 1, STYLES["massed"])
    west = [session.ref("unit", u) for u in ("9./III./FJR 2 •", "11./III./FJR 2 •")]
    assert [divided.goal_of(u) for u in west] == ["27.12", "08.13"]  # a share each
    assert [massed.goal_of(u) for u in west] == ["27.12", "27.12"]   # the nearest
