"""Kernel: seeded and scripted dice, the event log, save/load and replay."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from kriegsspiel.core.dice import Dice, DiceExhausted
from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import RandomPlayer, Table
from kriegsspiel.engine.session import Session


def test_d10_reads_zero_to_nine_and_seed_repeats():
    """gts:1.2: the die is a d10 read 0–9, "0 is a zero, not a ten"."""
    a = [Dice(42).roll("d10") for _ in range(1)]
    dice, again = Dice(42), Dice(42)
    rolls = [dice.roll("d10") for _ in range(500)]
    assert rolls == [again.roll("d10") for _ in range(500)]
    assert set(rolls) == set(range(10)) and a[0] == rolls[0]
    assert {Dice(1).roll("d6") for _ in range(50)} <= set(range(1, 7))


def test_scripted_dice_and_exhaustion():
    dice = Dice(script=[3, 0, 9])
    assert [dice.roll(), dice.roll(), dice.roll()] == [3, 0, 9]
    with pytest.raises(DiceExhausted):
        dice.roll()
    with pytest.raises(KsError):
        Dice(script=[10]).roll("d10")
    with pytest.raises(KsError):
        Dice(1).roll("d20")


def test_dice_state_round_trips_through_json():
    dice = Dice(7)
    for _ in range(13):
        dice.roll()
    copy = Dice.from_state(json.loads(json.dumps(dice.state())))
    assert [dice.roll() for _ in range(20)] == [copy.roll() for _ in range(20)]


def _play(make_session, seed):
    """A little game: random answers, seeded dice, several rule procedures."""
    session = make_session(seed=seed)
    session.players.players = {"axis": RandomPlayer(seed), "allies": RandomPlayer(seed + 1)}
    for div in ("geb5", "nz2"):
        session.perform("roll_division_points", session.ref("division", div))
    for unit, result in (("pi1", "S"), ("greek", "S?"), ("pi1", "C"), ("truck", "S?")):
        session.perform("apply_result", session.ref("unit", unit), result)
    return session


def test_every_change_is_an_event_and_replay_is_identical(make_session, gts):
    """Replay = seed + actions + decisions: the same log, byte for byte
    (gts:10.0.3 and gts:19.2 procedures drive the game)."""
    original = _play(make_session, seed=5)
    kinds = {e.kind for e in original.state.log}
    assert {"unit_placed", "track_changed", "decision"} <= kinds
    assert all(e.seq == i + 1 for i, e in enumerate(original.state.log))
    replayed = Session.replay(gts, original.state.catalog, 5, original.actions,
                              original.players.record, grid=original.state.grid)
    assert replayed.log_text() == original.log_text()
    assert replayed.state.digest() == original.state.digest()


def test_save_and_load_continue_the_same_game(make_session, gts):
    session = _play(make_session, seed=11)
    data = json.loads(json.dumps(session.save()))
    players = Table({"axis": RandomPlayer(0), "allies": RandomPlayer(1)})
    loaded = Session.load(gts, data, players, grid=session.state.grid)
    assert loaded.state.digest() == session.state.digest()
    assert loaded.log_text() == session.log_text()
    session.players = Table({"axis": RandomPlayer(0), "allies": RandomPlayer(1)})
    session.ctx.decider = session.players
    for s in (session, loaded):
        s.perform("apply_result", s.ref("unit", "pi1"), "S?")
    assert loaded.log_text() == session.log_text()


def test_bad_save_format_is_rejected(gts):
    with pytest.raises(KsError, match="unsupported save format"):
        Session.load(gts, {"format": 99})


def test_replay_is_the_same_under_any_hash_seed(tmp_path):
    """Event logs must not depend on PYTHONHASHSEED (set iteration order)."""
    script = (
        "import sys, copy\n"
        "sys.path.insert(0, %r)\n"
        "from conftest import CATALOG\n"
        "from kriegsspiel.engine.rulebook import build_program\n"
        "from kriegsspiel.engine.session import Session\n"
        "from kriegsspiel.core.dice import Dice\n"
        "from kriegsspiel.core.hexgrid import HexGrid\n"
        "from kriegsspiel.core.players import RandomPlayer, Table\n"
        "p = build_program(['gts'])\n"
        "s = Session(p, copy.deepcopy(CATALOG), Dice(3), Table({'axis': RandomPlayer(1),"
        " 'allies': RandomPlayer(2)}), grid=HexGrid((1, 20, 1, 12)))\n"
        "for u, h in (('pi1','15.06'),('greek','04.05')): s.place(u, h)\n"
        "s.place('schaette', '15.06', 'leader'); s.place('bedding', '04.05', 'leader')\n"
        "for r in ('S', 'S?', 'C', 'S'):\n"
        "    s.perform('apply_result', s.ref('unit', 'pi1'), r)\n"
        "    s.perform('apply_result', s.ref('unit', 'greek'), r)\n"
        "sys.stdout.write(s.log_text())\n"
    ) % os.path.dirname(os.path.dirname(__file__))
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              env=env, check=True)
        outputs.add(done.stdout)
    assert len(outputs) == 1 and outputs.pop().count("\n") > 10


def test_hex_markers_are_set_through_the_kernel(make_session):
    """Hexes need no catalog entry: a rule can set a marker on one (gts:16.6.2.1
    places barrage markers) and read its terrain from the map in play."""
    from kriegsspiel.core.state import Ref
    session = make_session()
    hex_ref = Ref("hex", "05.05")
    session.state.set_track(hex_ref, "barrage", 2, [])
    assert session.attr(hex_ref, "barrage") == 2
    assert session.attr(hex_ref, "terrain") == "clear"
    assert session.state.log[-1].data == {"entity": "hex:05.05", "track": "barrage",
                                          "old": 0, "new": 2}


def test_hex_marker_reads_what_the_state_reads(make_session):
    """hex_marker (engine/los.py) reads a set marker and a hex with nothing of
    its own without GameState.attr's path; a hex the catalog lists is read
    through it (a scenario may print a marker's value there)."""
    from kriegsspiel.core.state import Ref
    session = make_session()
    session.state.catalog.setdefault("hex", {})["06.06"] = {"barrage": 1}
    session.state.set_track(Ref("hex", "05.05"), "barrage", 2, [])
    session.state.set_track(Ref("hex", "05.07"), "barrage", 0, [])
    for hex_id, value in [("05.05", 2), ("05.07", 0), ("06.06", 1), ("07.07", 0), (None, 0)]:
        assert session.program.call("hex_marker", session.ctx, hex_id, "barrage") == value
        if hex_id is not None:
            assert session.program.call("hex_marker", session.ctx, hex_id, "barrage") == \
                (session.attr(Ref("hex", hex_id), "barrage") or 0)


def test_only_the_kernels_events_change_the_state_and_its_version():
    """The version (what remembered answers are checked against) moves with
    every kernel event, each of which the state applies, and with nothing
    else: a decision or a rule file's own event changes nothing a rule reads."""
    from kriegsspiel.core.events import _STATE_EVENTS
    from kriegsspiel.core.state import GameState, Ref
    from kriegsspiel.dsl.declarations import KERNEL_EVENTS

    assert set(KERNEL_EVENTS) == _STATE_EVENTS
    state = GameState({"unit": {"u": {"faces": {"front": {}}}}})
    state.record("decision", {"player": "axis", "key": "move", "answer": "stop"}, [])
    state.record("opportunity_trigger", {"units": ["u"]}, [])
    assert state.version == 0 and len(state.log) == 2
    state.set_track(Ref("unit", "u"), "cohesion_hits", 1, [])
    assert state.version == 1 and state.attr(Ref("unit", "u"), "cohesion_hits") == 1
