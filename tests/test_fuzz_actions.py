"""Thousands of illegal actions thrown at a game in progress: every one is
refused with a KsError that says why, and the game — state digest, log, dice,
recorded decisions and actions — is exactly as before (gts:4.0 the turn;
gts:13.2 the actions a unit may take; gts:14.1 where a unit may move).

Two doors into a game: ``Session.perform`` (the umpire's: a named rule with
arguments) and the players' answers to the rules' questions (a unit of the
other side, a hex off the map or beyond reach, an answer to a question not
asked).  A seeded loop rather than hypothesis: the same attempts every run,
and cheap enough for thousands.
"""

from __future__ import annotations

import random
import string

import pytest

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import ScriptedPlayer
from kriegsspiel.core.state import Ref
from kriegsspiel.tools.play import new_game

ATTEMPTS_PERFORM = 3000
ATTEMPTS_ANSWERS = 150


@pytest.fixture(scope="module")
def game():
    """Crete learning scenario, seed 1, after its first turn."""
    played = new_game("crete/learning", 1, ["random"])
    played.run(until=1)
    return played


def fingerprint(session) -> tuple:
    return (session.state.digest(), len(session.state.log), session.log_text(),
            repr(session.dice.state()), repr(session.players.record), repr(session.actions),
            session.state.turn)


def assert_refused(session, before, attempt) -> KsError:
    try:
        attempt()
    except KsError as exc:
        error = exc
    else:
        pytest.fail("an illegal action was accepted")
    assert str(error).strip(), "refused without a reason"
    assert fingerprint(session) == before
    return error


def callables(program) -> dict[str, list]:
    return {name: list(decl.params) for name, decl in program.decls.items()
            if decl.kind in ("procedure", "check", "def", "modifiers")}


def wrong_values(session, rng: random.Random, want: str) -> list:
    """Values that are not *want* (an entity kind, int, bool or str)."""
    state = session.state
    pool = [Ref("unit", "No Such Unit"), Ref("leader", "Nobody"), "99.99", "", -7, 10 ** 9,
            None, True, [], 3]
    for kind in ("unit", "leader", "division", "formation", "side", "chit"):
        refs = state.refs(kind)
        if refs:
            pool.append(rng.choice(refs))
    if want in ("int", "bool", "str"):
        plain = {"int": (int,), "bool": (bool,), "str": (str,)}[want]
        return [v for v in pool if not isinstance(v, plain) or
                (want == "int" and isinstance(v, bool))]
    return [v for v in pool if not (isinstance(v, Ref) and v.kind == want and
                                    v.id in state.catalog.get(want, {}))]


def declared_kind(program, param) -> str:
    return program.param_kind(param) or "any"


def some_value(session, rng: random.Random, want: str):
    if want == "int":
        return rng.randint(0, 5)
    if want == "bool":
        return rng.random() < 0.5
    if want == "str":
        return rng.choice(["division", "formation", "direct"])
    refs = session.state.refs(want)
    return rng.choice(refs) if refs else None


def test_illegal_performs_are_refused_and_change_nothing(game):
    session, rng = game.session, random.Random(20261129)
    program = session.program
    known = callables(program)
    names = sorted(known)
    before = fingerprint(session)
    others = [n for n, d in program.decls.items() if d.kind in ("const", "table", "track",
                                                                 "event", "enum", "link")]
    counts = {"unknown": 0, "not callable": 0, "arity": 0, "kind": 0}
    for _ in range(ATTEMPTS_PERFORM):
        roll = rng.random()
        if roll < 0.2:  # a misspelt or invented name
            name = rng.choice(names)
            i = rng.randrange(len(name))
            name = name[:i] + rng.choice(string.ascii_lowercase + "_") + name[i + 1:]
            if name in known or name in program.primitives:
                continue
            error = assert_refused(session, before, lambda: session.perform(name))
            assert "no callable definition" in str(error)
            counts["unknown"] += 1
        elif roll < 0.3 and others:  # a constant, table, track, event...: nothing to do
            name = rng.choice(others)
            assert_refused(session, before, lambda: session.perform(name))
            counts["not callable"] += 1
        elif roll < 0.55:  # too many or too few arguments
            name = rng.choice(names)
            count = max(0, len(known[name]) + rng.choice([-2, -1, 1, 2]))
            if count == len(known[name]):
                continue
            args = [some_value(session, rng, "unit") for _ in range(count)]
            error = assert_refused(session, before, lambda: session.perform(name, *args))
            assert f"'{name}' takes {len(known[name])} argument(s)" in str(error)
            counts["arity"] += 1
        else:  # an argument of the wrong kind: a unit where a side is due, a hex off the map...
            name = rng.choice(names)
            kinds = [declared_kind(session.program, p) for p in known[name]]
            typed = [i for i, kind in enumerate(kinds) if kind != "any"]
            if not typed:
                continue
            args = [some_value(session, rng, kind) for kind in kinds]
            if any(args[j] is None for j in typed):
                continue  # a kind this scenario has none of (no airfield in Scenario 1)
            i = rng.choice(typed)
            args[i] = rng.choice(wrong_values(session, rng, kinds[i]))
            error = assert_refused(session, before, lambda: session.perform(name, *args))
            assert f"{known[name][i].name} must be" in str(error)
            counts["kind"] += 1
    assert sum(counts.values()) > ATTEMPTS_PERFORM * 0.7
    assert all(n > 50 for n in counts.values()), counts


class IllegalAt:
    """Answers as a recorded game did until the *at*-th question (so that
    question surely comes), then something illegal."""

    def __init__(self, rng: random.Random, at: int, session, recorded: list) -> None:
        self.rng, self.at, self.session, self.recorded = rng, at, session, recorded
        self.asked = 0

    def decide(self, decision):
        self.asked += 1
        if self.asked <= self.at:
            return self.recorded[self.asked - 1]
        return self.illegal(decision)

    def illegal(self, decision):
        """Something the rules did not offer: a unit of the other side, a hex off
        the map or beyond reach, an answer meant for another question."""
        from kriegsspiel.dsl.runtime import _plain
        state, side = self.session.state, getattr(decision.player, "id", decision.player)
        def offered(answer) -> bool:  # what Context.ask would take
            return answer in decision.options or any(_plain(o) == answer
                                                     for o in decision.options)
        enemy = [u for u in state.refs("unit") if state.owner(u) != side]
        reachable_not_offered = sorted(h for h in (state.map.terrain if state.map else {})
                                       if not offered(h))
        candidates = [self.rng.choice(enemy), "99.99", "00.00", None, 42, "pass_twice",
                      self.rng.choice(reachable_not_offered), Ref("unit", "No Such Unit"),
                      not decision.options[0] if isinstance(decision.options[0], bool) else True]
        return self.rng.choice([c for c in candidates if not offered(c)])


def answers_next_turn() -> list:
    """The answers the bots gave to the questions of the second turn."""
    probe = new_game("crete/learning", 1, ["random"])
    probe.run(until=1)
    asked = len(probe.session.players.record)
    probe.run(until=2)
    return [d["answer"] for d in probe.session.players.record[asked:]]


def test_illegal_answers_are_refused_and_change_nothing(game):
    session, rng = game.session, random.Random(7)
    table = session.players
    seated = dict(table.players)
    before = fingerprint(session)
    recorded = answers_next_turn()
    assert len(recorded) > 5
    refused = 0
    try:
        for _ in range(ATTEMPTS_ANSWERS):
            # One player for both sides: the questions are counted in the game's order.
            illegal = IllegalAt(rng, rng.randrange(len(recorded)), session, recorded)
            table.players = {side: illegal for side in seated}
            error = assert_refused(session, before, lambda: session.perform("play_turn"))
            assert "legal answers are" in str(error) or "answered" in str(error)
            refused += 1
        # Out of phase: the answer to a question the rules are not asking now.
        for key in ("move", "fire_target", "transfer_leader"):
            table.players = {side: ScriptedPlayer([(key, "15.06")]) for side in seated}
            error = assert_refused(session, before, lambda: session.perform("play_turn"))
            assert f"expected to be asked '{key}'" in str(error)
    finally:
        table.players = seated
    assert refused == ATTEMPTS_ANSWERS
    game.run(until=2)  # and the game goes on
    assert session.state.turn == 2
