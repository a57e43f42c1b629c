"""The policy-switching player (kriegsspiel/tools/switch.py): at each switch
point it plays every policy's rollouts, the n-th of each on the same dice,
follows the one that beats the default by the margin and confidence (else
the default), the same on one core or two, forked or re-run."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.errors import KsError
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import GridSpec, MapModel, TerrainType
from kriegsspiel.core.players import Table
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.session import Session
from kriegsspiel.tools.play import game_goes_on
from kriegsspiel.tools.search_fork import FORK_AVAILABLE
from kriegsspiel.tools.seats import player_settings
from kriegsspiel.tools.switch import SwitchPlayer

SKIRMISH = Path(__file__).parent / "rulesets" / "skirmish" / "__init__.py"
OBJECTIVE = "05.04"


@pytest.fixture(scope="module")
def program():
    return build_program(["skirmish"], load_registry(use_entry_points=False,
                                                     extra_paths=[SKIRMISH]))


def skirmish(program, units: dict[str, tuple], seed: int = 3) -> Session:
    """A Skirmish game (tests/rulesets/skirmish) of four turns on a clear
    8×8 field: *units* ``{id: (side, attack, defense, movement, hex)}``."""
    grid = HexGrid((1, 8, 1, 8))
    field = MapModel(id="field", name="Field", grid=GridSpec(columns=(1, 8), rows=(1, 8)),
                     default_terrain="clear", provenance="provisional")
    catalog = {"side": {"red": {}, "blue": {}},
               "game": {"game": {"objective": OBJECTIVE,
                                 "turns": [{"label": str(n + 1), "tags": []} for n in range(4)]}},
               "unit": {name: {"side": side, "faces": {"front": {
                   "attack": a, "defense": d, "movement": m}}}
                   for name, (side, a, d, m, _) in units.items()}}
    terrain = [TerrainType(id="clear", name="Clear", kind="hex")]
    session = Session(program, catalog, Dice(seed), Table({}), grid,
                      MapIndex.build(field, terrain, grid))
    for name, (*_, hex_id) in units.items():
        session.place(name, hex_id)
    return session


class Idle:
    """Never moves nor attacks."""

    def decide(self, decision):
        return "stop" if "stop" in decision.options else \
            "none" if "none" in decision.options else decision.options[0]


class Take:
    """Moves as near the objective as it can and attacks whatever is next to it."""

    def __init__(self, session):
        self.session = session

    def decide(self, decision):
        options = list(decision.options)
        if decision.key == "move_to":
            hexes = [o for o in options if o != "stop"]
            return min(hexes + ["stop"], key=lambda h: (
                self.distance(h if h != "stop" else decision.subject), str(h)))
        if decision.key == "attack":
            return next(o for o in options if o != "none")
        return options[0]

    def distance(self, where) -> int:
        hex_id = where if isinstance(where, str) else \
            self.session.state.attr(where, "hex")
        return self.session.state.distance(hex_id, OBJECTIVE)


POLICIES = {"idle": lambda seed, session: Idle(), "take": lambda seed, session: Take(session)}


def won_or_lost(session, side: str) -> float:
    winner = session.state.attr(Ref("game", "game"), "winner")
    if winner is None:
        return 0.0
    return 1.0 if getattr(winner, "id", winner) == side else -1.0


def played(session, red, blue=None) -> Session:
    session.players.players = {"red": red, "blue": blue or Idle()}
    while game_goes_on(session):
        session.perform("play_turn")
    return session


def switcher(session, policies=POLICIES, evaluate=won_or_lost, **more) -> SwitchPlayer:
    more.setdefault("rollouts", 3)
    return SwitchPlayer(session, evaluate, policies, seed=more.pop("seed", 1),
                        opponent=lambda seed, session: Idle(), extra_actions=10,
                        continue_while=game_goes_on, **more)


ALONE = {"R1": ("red", 4, 3, 3, "01.04"), "B1": ("blue", 3, 3, 3, "08.08")}


@pytest.mark.skipif(not FORK_AVAILABLE, reason="this system cannot fork")
def test_switching_follows_the_policy_that_wins_where_the_default_draws(program):
    """Idle, the default, leaves the objective empty (a draw); taking it wins
    every rollout: the switcher follows "take" (two turns' march) and wins."""
    assert won_or_lost(played(skirmish(program, ALONE), Idle()), "red") == 0.0  # the default
    session = skirmish(program, ALONE)
    player = switcher(session)
    played(session, player)
    assert won_or_lost(session, "red") == 1.0
    first = player.switches[0]
    assert first[1] == "take" and first[2] == {0: (3, 0.0), 1: (3, 1.0)}
    # once it stands on the objective, staying there wins as well: a tie keeps the default
    assert [c for _, c, _ in player.switches] == ["take", "take", "idle", "idle"]
    assert player.switches[2][2] == {0: (3, 1.0), 1: (3, 1.0)}
    # two Units, two moves a turn: once a turn, or (every=1) at each of them
    pair = {**ALONE, "R3": ("red", 2, 4, 4, "01.06")}
    for every, switches in ((0, 4), (1, 8)):
        often = switcher(skirmish(program, pair), every=every, rollouts=1)
        played(often.session, often)
        assert len([r for r in often.session.players.record if r["player"] == "red"]) == 8
        assert len(often.switches) == switches


@pytest.mark.skipif(not FORK_AVAILABLE, reason="this system cannot fork")
def test_the_default_is_kept_unless_another_beats_it(program):
    """With "take" the default, "idle" (a draw to its wins) is never followed;
    nor is a policy as good as the default (ties keep it)."""
    session = skirmish(program, ALONE)
    player = switcher(session, {"take": POLICIES["take"], "idle": POLICIES["idle"]})
    played(session, player)
    assert player.switches and all(c == "take" for _, c, _ in player.switches)
    same = switcher(skirmish(program, ALONE), {"take": POLICIES["take"],
                                               "also": POLICIES["take"]}, confidence=0)
    played(same.session, same)
    assert all(c == "take" for _, c, _ in same.switches)


def test_the_nth_rollouts_of_every_policy_meet_the_same_dice(program):
    """Scored by their dice alone (no policy rolls any: neither attacks), the
    n-th rollouts of both policies score alike and different n's differ —
    so the default is kept even with no margin or confidence."""
    def luck(session, side):
        # not str's hash, which changes from one process to the next
        digest = hashlib.sha256(repr(session.dice.state()).encode()).hexdigest()
        return int(digest, 16) % 1000 / 1000
    session = skirmish(program, ALONE)
    player = switcher(session, evaluate=luck, margin=0, confidence=0, fork=False)
    session.players.players = {"red": player, "blue": Idle()}
    session.perform("play_turn")
    (_, chosen, scores), = player.switches
    assert chosen == "idle"
    rolled = player.rollout_scores
    assert rolled[0] == rolled[1] and len(set(rolled[0].values())) == 3


FIGHT = {"R1": ("red", 4, 3, 3, "03.04"), "R2": ("red", 6, 2, 2, "03.05"),
         "B1": ("blue", 3, 3, 3, "06.04"), "B2": ("blue", 5, 2, 2, "06.05")}


def fight(program, **more):
    """A game whose rollouts roll dice (both sides attack): its switches and log."""
    session = skirmish(program, FIGHT)
    player = SwitchPlayer(session, won_or_lost, POLICIES, seed=more.pop("seed", 5), rollouts=4,
                          opponent=lambda seed, s: Take(s), extra_actions=10,
                          continue_while=game_goes_on, confidence=0, **more)
    played(session, player, Take(session))
    return player.switches, session.log_text(), player.answer_searches


@pytest.mark.skipif(not FORK_AVAILABLE, reason="this system cannot fork")
def test_same_seed_same_game_on_one_core_or_two_forked_or_re_run(program):
    one = fight(program, fork=True, workers=1)
    assert len({mean for _, _, scores in one[0] for _, mean in scores.values()}) > 1
    assert fight(program, fork=True, workers=1) == one
    assert fight(program, fork=True, workers=2, batch=2) == one
    assert fight(program, fork=False) == one
    assert fight(program, fork=True, workers=1, seed=6)[0] != one[0]
    # switching where the policies part as well: more switches, still one game
    parting = fight(program, fork=True, workers=1, differ=True)
    assert len(parting[0]) > len(one[0])
    assert fight(program, fork=True, workers=2, batch=2, differ=True) == parting
    assert fight(program, fork=False, differ=True) == parting


def test_a_misspelt_knob_is_refused_with_a_did_you_mean():
    assert player_settings("switch:rollouts=4:policies=3:differ=1:answers=64") == \
        ("switch", {"rollouts": 4, "policies": 3, "differ": 1, "answers": 64})
    with pytest.raises(KsError) as error:
        player_settings("switch:rolouts=4")
    assert "no setting 'rolouts'" in str(error.value) and "rollouts" in str(error.value.hint)


@pytest.mark.skipif(not FORK_AVAILABLE, reason="this system cannot fork")
def test_ks_play_seats_a_switcher_among_the_gts_styles():
    """GTS offers the heuristic bot's styles (ks_search_policies), its own play
    first; ``switch:policies=2`` switches between the first two, once a turn,
    and the rollouts leave the real game alone: the turn played is the game
    the policy chosen plays with the same dice."""
    from kriegsspiel.engine.starting import start
    from kriegsspiel.modules.gts.bot import HeuristicPlayer
    from kriegsspiel.modules.gts.bot_style import STYLES
    from kriegsspiel.tools.seats import players_for
    from kriegsspiel.tools.switch import module_policies
    registry = load_registry()
    assert list(module_policies(registry, registry.select(["gts", "crete"]))) == list(STYLES)
    assert list(STYLES)[0] == "heuristic"
    session = start("crete/learning", Table({}), seed=4)
    table = players_for(["Allied", "Axis"], ["heuristic", "switch:policies=2:rollouts=2:turns=0"],
                        4, session)
    session.players.players = table.players
    player = table.players["Axis"]
    assert isinstance(player, SwitchPlayer) and player.names == ["heuristic", "guarded"]
    session.perform("play_turn")
    (_, chosen, scores), = player.switches
    assert set(scores) == {0, 1} and all(n == 2 for n, _ in scores.values())
    # the same turn, with the policy chosen seated from the start
    again = start("crete/learning", Table({}), seed=4)
    again.players.players = {"Allied": HeuristicPlayer(again, 4),
                             "Axis": HeuristicPlayer(again, 5, STYLES[chosen])}
    again.perform("play_turn")
    assert again.state.digest() == session.state.digest()


def test_a_game_whose_modules_offer_no_policies_cannot_seat_a_switcher(program):
    from kriegsspiel.tools.switch import switch_player
    registry = load_registry(use_entry_points=False, extra_paths=[SKIRMISH])
    with pytest.raises(KsError, match="no module of this game offers policies"):
        switch_player(1, skirmish(program, ALONE), registry=registry)


def test_one_rollout_a_policy_with_a_confidence_is_refused(program):
    """Beating the default by standard errors of the difference takes two
    rollouts of each policy at least: one would spend them and never switch."""
    from kriegsspiel.tools.switch import switch_player
    with pytest.raises(KsError, match="can never leave the default policy") as error:
        switch_player(1, skirmish(program, ALONE), rollouts=1)
    assert "rollouts=2" in error.value.hint


def test_answers_below_two_with_a_confidence_or_negative_are_refused(program):
    """One rollout an answer can never beat the policy's by standard errors,
    and a negative count is no count: both refused, with what to give."""
    from kriegsspiel.tools.switch import switch_player
    with pytest.raises(KsError, match="can never leave the policy's answer") as error:
        switch_player(1, skirmish(program, ALONE), answers=1)
    assert "answers=2" in error.value.hint
    with pytest.raises(KsError, match="0 or more"):
        switch_player(1, skirmish(program, ALONE), answers=-1)


def test_a_policy_answer_not_among_the_options_is_played_unsearched():
    """Where the policy's answer is none of the listed options there is
    nothing to keep it against: it is played, no rollouts made."""
    from kriegsspiel.tools.switch import SwitchPlayer
    player = SwitchPlayer.__new__(SwitchPlayer)
    player.answer_searches = []

    class Asked:
        options = ["a", "b"]
    assert player.answer_search(Asked(), "c") == "c"
    assert player.answer_searches == []


def test_use_names_the_policies_and_the_default_first():
    """``switch:use=guarded+heuristic`` switches among the policies it names,
    in its order: the first is the one kept unless another beats it (here
    ``guarded``, not the ruleset's own first); a misspelt name is refused
    with a did-you-mean, as are a name given twice and both knobs at once."""
    from kriegsspiel.engine.starting import start
    from kriegsspiel.tools.seats import players_for
    session = start("crete/learning", Table({}), seed=4)
    assert player_settings("switch:use=guarded+heuristic") == \
        ("switch", {"use": "guarded+heuristic"})
    table = players_for(["Allied", "Axis"], ["heuristic", "switch:use=guarded+heuristic"],
                        4, session)
    player = table.players["Axis"]
    assert player.names == ["guarded", "heuristic"] and player.playing == "guarded"
    plain = players_for(["Allied", "Axis"], ["heuristic", "switch:policies=2"], 4, session)
    assert plain.players["Axis"].names == ["heuristic", "guarded"]
    with pytest.raises(KsError) as error:
        players_for(["Allied", "Axis"], ["heuristic", "switch:use=guarded+heurstic"], 4, session)
    assert "no policy 'heurstic'" in str(error.value) and error.value.hint == \
        "did you mean 'heuristic'?"
    for given, refused in (("switch:use=guarded+guarded", "twice"),
                           ("switch:use=guarded:policies=2", "not both")):
        with pytest.raises(KsError, match=refused):
            players_for(["Allied", "Axis"], ["heuristic", given], 4, session)


class March(Take):
    """Take's moves, but never attacks: agrees with Take but at an attack."""

    def decide(self, decision):
        return "none" if decision.key == "attack" else super().decide(decision)


def blue_lost(session, side: str) -> float:
    """Scored by the blue Units eliminated so far (a rollout cut short by its horizon)."""
    return float(sum(1 for e in session.state.log if e.kind == "unit_eliminated"
                     and e.data.get("unit", "").startswith("B")))


MARCH_OR_STRIKE = {"march": lambda seed, session: March(session),
                   "strike": lambda seed, session: Take(session)}
# Red marches next to Blue's Unit on the objective: striking it at 4 to 1
# eliminates it on a roll of 1-4.
ON_THE_OBJECTIVE = {"R1": ("red", 8, 3, 3, "01.04"), "B1": ("blue", 3, 2, 3, "05.04")}


@pytest.mark.skipif(not FORK_AVAILABLE, reason="this system cannot fork")
def test_differ_switches_where_the_policies_answer_differently(program):
    """Rollouts that stop at the next question (horizon 0) from the turn's
    first question see no attack: once a turn the default, march, is kept
    and Red never strikes.  With ``differ`` the switcher also asks both policies at
    each question and switches where they part — at the attack, whose
    rollouts roll its die — and strikes."""
    def game(**more):
        session = skirmish(program, ON_THE_OBJECTIVE)
        player = switcher(session, MARCH_OR_STRIKE, evaluate=blue_lost, rollouts=6,
                          horizon=0, confidence=0, **more)
        played(session, player)
        attacks = [r["answer"] for r in session.players.record
                   if r["player"] == "red" and r["key"] == "attack"]
        return player, attacks
    once, attacks = game()
    assert attacks and set(attacks) == {"none"}
    assert all(chosen == "march" for _, chosen, _ in once.switches) and once.probes == 0
    often, attacks = game(differ=True)
    assert attacks[0] == Ref("unit", "B1")
    asked, chosen, scores = often.switches[1]  # the turn's first question, then the attack
    assert chosen == "strike" and scores[1][1] > scores[0][1] == 0.0
    assert often.session.players.record[asked - 1]["key"] == "attack"
    # every searched question but the turn's first asked, a switch only at the attack
    red = [r["key"] for r in often.session.players.record if r["player"] == "red"]
    assert often.probes == len(red) - 1 and len(often.switches) == 2


# Red's R1, standing still, has two Blue Units next to it: B1 (2 to 1,
# eliminated on a roll of 1-2 or 4) and B2 (4 to 1: 1-4 or 6).  R2's march
# comes first in the turn, so the attack is not the turn's first question.
TWO_TARGETS = {"R2": ("red", 1, 1, 1, "01.01"), "R1": ("red", 8, 3, 0, "04.04"),
               "B1": ("blue", 1, 4, 0, "05.04"), "B2": ("blue", 1, 2, 0, "04.05")}


@pytest.mark.skipif(not FORK_AVAILABLE, reason="this system cannot fork")
def test_answers_searches_every_answer_where_the_policies_part(program):
    """At the attack, march answers none and strike the first target, B1:
    switching policies there strikes B1; ``answers`` rolls every answer
    instead (march played after it) and strikes B2, the likelier kill, which
    no policy gives."""
    def first_attack(**more):
        session = skirmish(program, TWO_TARGETS)
        player = switcher(session, MARCH_OR_STRIKE, evaluate=blue_lost, rollouts=8,
                          horizon=0, confidence=0, **more)
        session.players.players = {"red": player, "blue": Idle()}
        session.perform("play_turn")
        attacks = [r["answer"] for r in session.players.record
                   if r["player"] == "red" and r["key"] == "attack"]
        return player, attacks[0]
    switched, attack = first_attack(differ=True)
    assert attack == Ref("unit", "B1") and not switched.answer_searches
    searched, attack = first_attack(answer_rollouts=8)
    assert attack == Ref("unit", "B2")
    (_, chosen, own, scores), = searched.answer_searches
    assert (chosen, own) == (Ref("unit", "B2"), "none")
    assert scores[1][1] > scores[0][1] > scores[2][1] == 0.0  # B2, B1, none
    assert len(switched.switches) == 2 and len(searched.switches) == 1


@pytest.mark.skipif(not FORK_AVAILABLE, reason="this system cannot fork")
def test_answers_is_the_same_game_on_one_core_or_two_forked_or_re_run(program):
    one = fight(program, fork=True, workers=1, answer_rollouts=2)
    assert one[2] and any(chosen != own for _, chosen, own, _ in one[2])
    assert one[1] != fight(program, fork=True, workers=1)[1]
    assert fight(program, fork=True, workers=2, batch=2, answer_rollouts=2) == one
    assert fight(program, fork=False, answer_rollouts=2) == one
