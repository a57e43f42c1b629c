"""The Crete Learning Scenario (crete:scenario:learning) set up and played turn
by turn with random players: the GTS turn machinery end to end (gts:4.0,
gts:9.0, gts:10.0.1, gts:10.0.6, gts:10.0.4)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import RandomPlayer, Table
from kriegsspiel.engine.session import Session
from kriegsspiel.engine.starting import start


def play(seed: int) -> Session:
    players = Table({"Axis": RandomPlayer(seed), "Allied": RandomPlayer(seed + 1)})
    session = start("crete/learning", players, seed=seed)
    session.perform("play_game")
    return session


def test_set_up_as_printed():
    """crete:scenario:learning: the Greek companies one per listed hex, the police
    in 06.05, the pioneers with Maj Schaette in 15.06; 2nd NZ Division CP 4 and
    5. Gebirgs Division CP 6 (scenario points mapped by ks_data_vocabulary);
    the Axis Direct Command is the first chit; five turns 0900–1700."""
    session = start("crete/learning", Table({}), seed=1)
    where = session.state.placement
    assert [where[u] for u in ("1 A/1 Inf", "2 A/1 Inf", "3 A/1 Inf", "1 B/1 Inf", "2 B/1 Inf",
                               "3 B/1 Inf")] == ["02.02", "03.04", "04.05", "08.05", "10.05",
                                                 "12.05"]
    assert where["Kastelli"] == "06.05"
    assert {where[u] for u in ("1. Geb.Pi. 95", "2. Geb.Pi. 95", "3. Geb.Pi. 95",
                               "Maj Schaette")} == {"15.06"}
    assert "1. Geb.Pz.Jäg. 95" not in where
    nz = session.ref("division", "2nd New Zealand Division")
    geb = session.ref("division", "5. Gebirgs Division")
    assert (session.attr(nz, "cp"), session.attr(nz, "command_rating")) == (4, 2)
    assert (session.attr(geb, "cp"), session.attr(geb, "command_rating")) == (6, 3)
    assert session.state.pools["carry"] == ["direct:Axis"]
    turns = [t["label"] for t in session.state.catalog["game"]["game"]["turns"]]
    assert turns == [f"1941-05-24 {t}" for t in ("0900", "1100", "1300", "1500", "1700")]


def test_a_whole_game_follows_the_turn_structure():
    """gts:10.0.6 and crete:scenario:learning: each turn the Cup holds the two
    Direct Command and two Division chits; the carried chit is played first and
    one chit is left in the Cup; the 1100 reinforcement enters with its Division."""
    session = play(seed=3)
    log = session.state.log
    turns = [e.seq for e in log if e.kind == "turn_advanced"]
    assert len(turns) == 5
    start_seq = 0
    for end in turns:
        window = [e for e in log if start_seq < e.seq <= end]
        played = [e.data["chit"] for e in window if e.kind == "activation_started"]
        assert len(played) == len(set(played)) == 3  # 1 carried + 2 drawn of the 3 added
        start_seq = end
    entered = [e for e in log if e.kind == "unit_placed"
               and e.data["unit"] == "1. Geb.Pz.Jäg. 95"]
    assert entered and entered[0].data["destination"] == "15.06"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_random_games_keep_the_invariants(seed):
    """gts:10.0.4: points always 0–19; gts:10.0.1: each chit drawn at most once a
    turn; every decision answered from its legal options (else the game stops)."""
    session = play(seed)
    draws_by_turn: dict[int, list[str]] = {}
    turn = 0
    for e in session.state.log:
        if e.kind == "turn_advanced":
            turn = e.data["turn"]
        elif e.kind == "pool_drawn":
            draws_by_turn.setdefault(turn, []).append(e.data["entity"])
        elif e.kind == "track_changed" and e.data["track"] in ("cp", "dp"):
            assert 0 <= e.data["new"] <= 19
    assert all(len(d) == len(set(d)) for d in draws_by_turn.values())
    assert session.state.turn == 5


def test_replaying_a_game_gives_the_same_log():
    """Replay = seed + decisions (gts:10.0.1 draws come from the same seed)."""
    first, second = play(seed=8), play(seed=8)
    assert first.log_text() == second.log_text()
    assert first.state.digest() == second.state.digest()


def test_unknown_scenario_name_has_a_suggestion():
    with pytest.raises(KsError) as info:
        start("crete/learnin", Table({}))
    assert info.value.hint == "did you mean 'crete/learning'?"
