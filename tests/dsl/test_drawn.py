"""Drawn questions (dsl/drawn.py): a ``choose`` whose options are a sum of
lists written in it, a ``select`` among them, is put to a player that draws as
a Draw — each candidate checked only when drawn — and to every other player
as before, the whole list worked out."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from test_language import gts_with, make_session

from kriegsspiel.core.players import RandomPlayer, ScriptedPlayer, Table
from kriegsspiel.dsl.drawn import Draw
from kriegsspiel.dsl.runtime import RuleRuntimeError

PICK = """
marker picked on unit 0..9 @gts:14.3

procedure pick_one(unit: unit, low: int) @gts:14.3 {
  step ask @gts:14.3 {
    let pick = choose(unit.side, "pick", [0] + (select n in [1, 2, 3, 4, 5, 6, 7, 8]:
        n % 2 == 0 and n >= low) + [9], unit)
    set unit.picked = pick
  }
}
"""

# The same question, its select a def of its own.
BY_DEF = """
marker picked on unit 0..9 @gts:14.3

def evens_from(low: int) = select n in [1, 2, 3, 4, 5, 6, 7, 8]: n % 2 == 0 and n >= low
    @gts:14.3

procedure pick_one(unit: unit, low: int) @gts:14.3 {
  step ask @gts:14.3 {
    set unit.picked = choose(unit.side, "pick", [0] + evens_from(low) + [9], unit)
  }
}
"""


class Drawer:
    """Draws the candidate at a set index and keeps the draw to be looked at."""

    def __init__(self, index: int) -> None:
        self.index, self.draws = index, []

    def decide(self, decision):  # pragma: no cover - a drawn question never comes here
        raise AssertionError("a drawing player is asked by draw()")

    def draw(self, draw):
        self.draws.append(draw)
        assert draw.legal(self.index)
        return draw.values[self.index]


@pytest.mark.parametrize("rules", [PICK, BY_DEF], ids=["select", "def"])
def test_a_drawing_player_has_only_the_candidates_it_draws_checked(rules):
    session = make_session(gts_with(rules))
    session.ctx.explaining = False  # bulk play: simulations, searches
    drawer = Drawer(4)  # [0] + [1..8] + [9]: index 4 is 4
    session.players.players["allies"] = drawer
    u1 = session.ref("unit", "u1")
    session.perform("pick_one", u1, 2)
    assert session.attr(u1, "picked") == 4
    draw = drawer.draws[0]
    assert draw.values == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    checked = [i for i, c in enumerate(draw.checks) if not isinstance(c, tuple)]
    assert checked == [0, 4, 9]  # the two written lists, and the one drawn
    assert draw.options == (0, 2, 4, 6, 8, 9)  # asked for, every candidate is checked
    decided = session.events("decision")[-1].data
    assert decided == {"player": "allies", "key": "pick", "subject": "u1", "answer": 4}
    assert session.players.record[-1] == {"player": "allies", "key": "pick", "answer": 4}


# Defs within defs, and literals offered under conditions (each its own).
NESTED = """
marker picked on unit 0..9 @gts:14.3

def evens_from(low: int) = select n in [2, 4, 6]: n >= low @gts:14.3
def all_from(low: int) =
    evens_from(low) + (if low > 6 then [7] else []) + (if low < 4 then [] else [8]) @gts:14.3

procedure pick_one(unit: unit, low: int) @gts:14.3 {
  step ask @gts:14.3 {
    set unit.picked = choose(unit.side, "pick", [0] + all_from(low) +
        (if low == 9 then [9] else []), unit)
  }
}
"""


@pytest.mark.parametrize("low, legal", [(1, (0, 2, 4, 6)), (5, (0, 6, 8)), (7, (0, 7, 8)),
                                        (9, (0, 7, 8, 9))])
def test_defs_within_defs_and_offered_literals_are_drawn_each_by_its_own_condition(low, legal):
    session = make_session(gts_with(NESTED), allies=[legal[-1]])
    session.perform("pick_one", session.ref("unit", "u1"), low)
    assert session.players.players["allies"].asked[0].options == legal
    drawing = make_session(gts_with(NESTED))
    drawing.ctx.explaining = False
    drawer = Drawer(0)
    drawing.players.players["allies"] = drawer
    drawing.perform("pick_one", drawing.ref("unit", "u1"), low)
    draw = drawer.draws[0]
    assert draw.values == [0, 2, 4, 6, 7, 8, 9]
    assert [i for i, c in enumerate(draw.checks) if not isinstance(c, tuple)] == [0]
    assert draw.options == legal


@pytest.mark.parametrize("rules", [PICK, BY_DEF], ids=["select", "def"])
def test_every_other_player_is_asked_the_whole_list_in_order(rules):
    session = make_session(gts_with(rules), allies=[6])
    u1 = session.ref("unit", "u1")
    session.perform("pick_one", u1, 5)
    assert session.attr(u1, "picked") == 6
    asked = session.players.players["allies"].asked[0]
    assert asked.key == "pick" and asked.options == (0, 6, 8, 9)


def test_a_random_player_draws_every_legal_answer_alike_and_only_those():
    session = make_session(gts_with(PICK))
    session.players.players["allies"] = RandomPlayer(7)
    u1 = session.ref("unit", "u1")
    seen = Counter()
    for _ in range(1200):
        session.perform("pick_one", u1, 3)
        seen[session.attr(u1, "picked")] += 1
    assert set(seen) == {0, 4, 6, 8, 9}
    assert all(200 <= n <= 280 for n in seen.values()), seen  # 240 each expected


def test_explained_every_candidate_is_checked_and_the_draw_is_the_same():
    """A game explained (`ks play --explain`, replays) is the same game: the
    draw is steered by which answers are legal only."""
    picks = {}
    for explaining in (False, True):
        session = make_session(gts_with(BY_DEF))
        session.ctx.explaining = explaining
        session.players.players["allies"] = RandomPlayer(11)
        u1 = session.ref("unit", "u1")
        picks[explaining] = []
        for low in (1, 3, 5, 7, 9, 2, 4, 6):
            session.perform("pick_one", u1, low)
            picks[explaining].append(session.attr(u1, "picked"))
    assert picks[True] == picks[False] and len(set(picks[True])) > 2
    cause = session.events("track_changed")[-1].cause
    assert {"what": "def evens_from", "args": (6,), "value": [6, 8],
            "cites": ["gts:14.3"]} in cause


def test_a_drawn_game_replays_from_its_seed_and_answers():
    session = make_session(gts_with(PICK))
    session.players.players["allies"] = RandomPlayer(3)
    u1 = session.ref("unit", "u1")
    for low in (1, 4, 7, 9):
        session.perform("pick_one", u1, low)
    again = make_session(gts_with(PICK),
                         allies=[d["answer"] for d in session.players.record])
    for low in (1, 4, 7, 9):
        again.perform("pick_one", again.ref("unit", "u1"), low)
    assert again.log_text() == session.log_text()


def test_draw_uniform_checks_until_a_legal_candidate_and_refuses_none():
    checked = []

    def even(f):
        checked.append(f[1])
        return f[1] % 2 == 0
    frame = [None, None]
    draw = Draw("a", "q", None, [1, 2, 3, 4], [(even, 1, frame)] * 4)
    got = draw.uniform(random.Random(5).randrange)
    assert got in (2, 4) and checked[-1] == got and len(checked) == len(set(checked))
    none = Draw("a", "q", None, [1, 3], [(even, 1, frame)] * 2)
    with pytest.raises(RuleRuntimeError, match="'q' offers no legal answer"):
        none.uniform(random.Random(5).randrange)
    assert Table({"a": ScriptedPlayer([])}).draws("a") is False
    assert Table({"a": RandomPlayer(1)}).draws("a") is True


class Cheat(Drawer):
    """Answers a drawn question with what it was told, legal or not."""

    def __init__(self, answer) -> None:
        super().__init__(0)
        self.answer = answer

    def draw(self, draw):
        return self.answer


def test_a_drawn_answer_that_is_not_legal_is_refused_as_an_asked_one_is():
    session = make_session(gts_with(PICK))
    session.ctx.explaining = False
    session.players.players["allies"] = Cheat(3)  # odd: a candidate, not legal
    with pytest.raises(RuleRuntimeError, match=r"answered 3 to 'pick'; legal answers are "
                                               r"\[0, 2, 4, 6, 8, 9\]"):
        session.perform("pick_one", session.ref("unit", "u1"), 1)
    assert session.events("decision") == []  # nothing half-applied
