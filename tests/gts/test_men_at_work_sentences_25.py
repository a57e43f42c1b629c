"""Men at Work sentence by sentence (gts:25.0)."""

from __future__ import annotations

from test_road_block_sentences_23 import road_map

from kriegsspiel.core.players import KeyedPlayer


def test_markers_count_only_for_the_same_work(make_session):
    """gts:25.0#1: each failed Engineer Action earns a Men at Work +1 marker;
    gts:25.0#3: with no limit; gts:25.0#2: each adds one to the next check to
    build the same thing in the same hex — not to another work, which is a
    different Action and clears them (gts:25.0#4)."""
    axis = KeyedPlayer({"engineer_work": ["improved_position"] * 3 + ["remove_road_block"]})
    session = make_session(rolls=[9, 9, 9, 7], axis=axis)
    road_map(session)
    pi1 = session.ref("unit", "pi1")
    for n in (1, 2, 3):
        session.perform("engineer", pi1)
        assert session.attr(pi1, "men_at_work") == n
    assert session.value("engineer_quality", pi1) == 6 + 3
    session.state.tracks["hex:15.06"] = {"road_block": 1}
    session.perform("engineer", pi1)                       # 7 > 6: three would have passed
    assert session.state.tracks["hex:15.06"]["road_block"] == 1
    assert session.attr(pi1, "men_at_work") == 1


def test_markers_go_on_success_or_another_action(make_session):
    """gts:25.0#4: the markers go as soon as the Action is completed, or when the
    Unit performs a different Action."""
    axis = KeyedPlayer({"engineer_work": "improved_position", "move": ["15.05", "stop"]})
    session = make_session(rolls=[9, 6, 9], axis=axis)
    pi1 = session.ref("unit", "pi1")
    session.perform("engineer", pi1)
    session.perform("engineer", pi1)
    assert session.attr(pi1, "improved_position") == 1 and session.attr(pi1, "men_at_work") == 0
    session.state.tracks["unit:pi1"]["improved_position"] = 0
    session.perform("engineer", pi1)
    assert session.attr(pi1, "men_at_work") == 1
    session.perform("perform_action", [pi1], "move", "formation")
    assert session.attr(pi1, "men_at_work") == 0
