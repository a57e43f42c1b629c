"""The invariant checker: the kernel's invariants and the rules' own
(modules/gts/rules/invariants.ksr, declared through ks_invariants) hold after
every event of seeded playouts of every shipped scenario, and each of them
catches the broken state it is about (gts:10.0.4, gts:14.6, gts:14.6.2,
gts:14.1, gts:21.2, gts:21.3, gts:8.0)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from kriegsspiel.tools.cli import app
from kriegsspiel.core.errors import KsError
from kriegsspiel.core.players import Table
from kriegsspiel.core.state import Ref
from kriegsspiel.engine.invariants import (EVERY_EVENT, SETTLED, Invariant, InvariantBroken,
                                           InvariantChecker, declared_rule_invariants,
                                           tracks_in_range)
from kriegsspiel.tools.play import new_game
from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.engine.starting import start

runner = CliRunner()
AXIS_UNIT, AXIS_UNIT_2, ALLIED_UNIT = "1. Geb.Pi. 95", "2. Geb.Pi. 95", "1 A/1 Inf"
LATE_UNIT = "1. Geb.Pz.Jäg. 95"  # arrives later: off the map at the start


@pytest.fixture
def session():
    return start("crete/learning", Table({}), seed=1)


@pytest.fixture
def rethymnon():
    """Scenario 1's catalog: the 19th Australian Infantry Brigade and its Leader."""
    return start("crete/snafu", Table({}), seed=1)


BRIGADE_UNIT, GREEK_UNIT = "A 2/1 Inf •", "1 1/4 Inf"


def tamper(session, change) -> None:
    """Break the state behind the rules' back: *change* edits a snapshot, which
    is then restored (so the state's caches know of it)."""
    snap = session.state.snapshot()
    change(snap)
    session.state.restore(snap, [e.to_json() for e in session.state.log])


def broken(session) -> dict[str, list[str]]:
    """Every invariant broken now, by name, with its offenders."""
    return {v.invariant: v.offenders
            for v in InvariantChecker(session, stop_at_first=False).check_now()}


# Every shipped scenario's golden game (seed 1) is checked in tests/test_golden.py
# (the checker costs about half a game again); here other seeds, every breach
# collected, known gaps listed below.
@pytest.mark.parametrize("scenario,seed", [("crete/learning", 2), ("crete/snafu", 2),
                                           ("crete/kiwis", 2)])
def test_seeded_playouts_keep_every_invariant(scenario, seed):
    game = new_game(scenario, seed, ["random"])
    checker = InvariantChecker(game.session, stop_at_first=False).attach()
    game.run()
    assert len(checker.invariants) >= 10
    assert game.session.state.log  # it was played
    unknown = [v.render() for v in checker.violations if v.invariant not in KNOWN_RULE_GAPS]
    assert unknown == []
    if checker.violations:  # only known gaps: shown, not hidden; passes once they are fixed
        pytest.xfail("; ".join(f"{v.render()} — {KNOWN_RULE_GAPS[v.invariant]}"
                               for v in checker.violations))


# Breaches the checker found that the rule files do not handle yet.  Listed
# here so the rest of each playout is still checked; remove an entry when the
# rules are fixed (the playouts then simply pass).
KNOWN_RULE_GAPS: dict[str, str] = {}


def test_the_gts_module_declares_its_invariants_through_the_hook(session):
    """ks_invariants: names of definitions in invariants.ksr, with when they hold."""
    registry = load_registry()
    declared = dict(item if isinstance(item, tuple) else (item, EVERY_EVENT)
                    for _, items in registry.call("ks_invariants", ["gts"]) for item in items)
    assert declared["invariant_points_on_the_track"] == EVERY_EVENT
    assert declared["invariant_leaders_with_their_formation"] == SETTLED
    assert dict(declared_rule_invariants(session)) == declared
    for name in declared:
        decl = session.program.decls[name]
        assert decl.kind == "def" and decl.cites and "invariants.ksr" in str(decl.loc.path)
    assert broken(session) == {}  # the set-up keeps them all


def test_kernel_invariants_catch_a_piece_in_two_states_and_unknown_places(session):
    def change(snap):
        snap["placement"].update({AXIS_UNIT: "99.99", "ghost": "02.02"})
        snap["eliminated"].append(ALLIED_UNIT)
    tamper(session, change)
    assert broken(session)["pieces_in_one_place"] == [
        f"{AXIS_UNIT} at 99.99 (not a hex of the map)", "ghost (no such piece) at 02.02",
        f"{ALLIED_UNIT} eliminated but at 02.02"]


def test_kernel_invariants_catch_chits_tracks_and_links(session):
    def change(snap):
        snap["pools"]["mug"] = ["direct:Axis"]  # also in 'carry'
        snap["tracks"]["division:CREFOR"] = {"cp": 25}
        snap["tracks"][f"unit:{AXIS_UNIT}"] = {"cp": 1, "no_such_track": 1}
        snap["links"][f"unit:{AXIS_UNIT}"] = {"contact_with": "leader:Nobody"}
    tamper(session, change)
    found = broken(session)
    assert found["pieces_in_one_pool"] == ["direct:Axis in 'carry' and in 'mug'"]
    assert found["tracks_in_range"] == [
        "division:CREFOR: cp = 25 outside 0..19",
        f"unit:{AXIS_UNIT}: 'cp' is declared on division, not unit",
        f"unit:{AXIS_UNIT}: undeclared track 'no_such_track'"]
    assert found["links_resolve"] == [f"unit:{AXIS_UNIT}: contact_with -> leader:Nobody "
                                      "(no such leader)"]
    assert found["invariant_points_on_the_track"] == ["CREFOR"]  # the rules say it too


def set_tracks(session, unit: str, **values) -> None:
    tamper(session, lambda snap: snap["tracks"].setdefault(f"unit:{unit}", {}).update(values))


def test_two_units_in_column_in_one_hex(session):
    """gts:14.6 / 14.6.2: never two Units in Column in a hex — except on an entry
    hex (gts:8.0)."""
    for unit in (AXIS_UNIT, AXIS_UNIT_2):  # stacked in 15.06
        set_tracks(session, unit, column=1)
    assert broken(session)["invariant_one_column_per_hex"] == [AXIS_UNIT, AXIS_UNIT_2]
    for unit in (AXIS_UNIT, AXIS_UNIT_2):
        set_tracks(session, unit, in_entry_hex=1)
    assert "invariant_one_column_per_hex" not in broken(session)


def test_enemies_in_one_hex(session):
    """gts:14.1: no unit ever shares a hex with an enemy."""
    session.place(ALLIED_UNIT, "15.06")
    assert AXIS_UNIT in broken(session)["invariant_no_enemies_in_one_hex"]


def test_a_leader_away_from_his_formation(rethymnon):
    """gts:21.2, 21.3: a Leader stands with a Unit of his Formation (or a striped
    Unit of his Division he transferred to), except during his own Formation's
    or Division's activation — a Direct Command chit does not excuse him."""
    session = rethymnon
    leader = "Brig Vassey"  # leads the 19th Australian Infantry Brigade
    session.place(leader, "10.10", "leader")
    assert broken(session)["invariant_leaders_with_their_formation"] == [leader]
    game = session.ref("game", "game")
    for chit, excused in (("direct:Allied", False), ("division:CREFOR", True),
                          ("formation:19th Australian Infantry Brigade", True),
                          ("division:2nd New Zealand Division", False)):
        session.state.set_link(game, "active_chit", session.ref("chit", chit), [])
        assert ("invariant_leaders_with_their_formation" not in broken(session)) == excused, chit
    session.state.set_link(game, "active_chit", None, [])
    for host, ok in ((BRIGADE_UNIT, True), ("2/1 MG", True), (GREEK_UNIT, False)):
        session.place(host, "10.10")
        assert ("invariant_leaders_with_their_formation" not in broken(session)) == ok, host
        session.place(host, None)


def test_markers_that_disagree_with_where_a_unit_is(session):
    """gts:8.0: a unit in its Reinforcement Box is off the map; gts:14.6: a
    Column marker sits on a unit on the map."""
    set_tracks(session, AXIS_UNIT, in_box=1)
    set_tracks(session, LATE_UNIT, column=1)
    found = broken(session)
    assert found["invariant_boxed_units_off_the_map"] == [AXIS_UNIT]
    assert found["invariant_column_markers_on_the_map"] == [LATE_UNIT]


def test_settled_invariants_allow_a_breach_mended_within_the_step(rethymnon):
    """A Leader left behind for one event and brought back before anyone could
    look is no violation (nor is a question asked meanwhile: a rule may ask
    where he goes while he is still alone); left behind until the activation
    ends, it is — reported from the event where it began.  The end of an
    activation is a settled moment because the GTS module says so
    (ks_settled_events), beside the engine's own."""
    session = rethymnon
    checker = InvariantChecker(session, stop_at_first=False).attach()
    assert checker.settled_events == {"action", "turn_advanced", "activation_started",
                                      "activation_ended", "game_won"}
    session.place(BRIGADE_UNIT, "15.10")
    session.place("Brig Vassey", "15.10", "leader")
    start_seq = len(session.state.log)
    session.place("Brig Vassey", "10.10", "leader")
    session.place("Brig Vassey", "15.10", "leader")
    session.state.record("decision", {"player": "Axis", "key": "k", "subject": None,
                                      "answer": 1}, [])
    assert checker.violations == []
    session.place("Brig Vassey", "10.10", "leader")
    session.place(GREEK_UNIT, "02.03")  # not a settled moment: still pending
    session.state.record("decision", {"player": "Axis", "key": "k", "subject": None,
                                      "answer": 1}, [])
    assert checker.violations == []
    settled = session.state.record("activation_ended", {"chit": "chit:x"}, [])
    [violation] = checker.violations
    assert violation.invariant == "invariant_leaders_with_their_formation"
    assert violation.event == start_seq + 4 and violation.event_kind == "unit_placed"
    assert settled.seq == start_seq + 7
    assert "@gts:21.2" in violation.render()
    checker.detach()
    assert checker._after not in session.state.observers


def test_the_checker_stops_at_the_first_violation_and_looking_changes_nothing(session):
    checker = InvariantChecker(session).attach()
    digest, log = session.state.digest(), session.log_text()
    assert checker.check_now() == [] and session.state.digest() == digest
    assert session.log_text() == log and session.ctx.trace == []
    with pytest.raises(InvariantBroken, match="tracks_in_range.*cp = 25"):
        session.state.set_track(Ref("division", "CREFOR"), "cp", 25, [])


def test_the_kept_track_ranges_are_those_a_full_look_finds_after_every_event():
    """tracks_in_range is kept up to date from the events (TracksWatch) rather
    than scanned afresh: over a whole game, with out-of-range values put in and
    mended and a save restored, it finds exactly what a full scan finds."""
    game = new_game("crete/learning", 3, ["random"])
    state, declared = game.session.state, game.session.program.tracks
    checker = InvariantChecker(game.session, stop_at_first=False).attach()
    kept = next(inv for inv in checker.invariants if inv.name == "tracks_in_range")
    looks = []

    def compare(event):
        looks.append(kept.offenders() == tracks_in_range(state, declared))
    state.observers.append(compare)
    game.run(4)
    crefor = Ref("division", "CREFOR")
    state.set_track(crefor, "cp", 25, [])  # broken, then mended
    found_broken = kept.offenders()
    state.set_track(crefor, "cp", 3, [])
    tamper(game.session, lambda snap: snap["tracks"].setdefault("division:CREFOR", {})
           .update(dp=40))
    state.set_track(crefor, "cp", 4, [])  # the first event after the restore
    assert len(looks) > 500 and all(looks)
    assert found_broken == ["division:CREFOR: cp = 25 outside 0..19"]
    assert kept.offenders() == ["division:CREFOR: dp = 40 outside 0..19"]
    reported = [v.offenders for v in checker.violations if v.invariant == "tracks_in_range"]
    assert reported == [["division:CREFOR: cp = 25 outside 0..19"],
                        ["division:CREFOR: dp = 40 outside 0..19"]]


def test_an_unknown_or_mistimed_invariant_is_a_clear_error(session):
    with pytest.raises(KsError, match="not a definition of the rules"):
        InvariantChecker(session, rules=[("invariant_point_on_the_track", EVERY_EVENT)])
    with pytest.raises(KsError, match="when must be"):
        InvariantChecker(session, rules=[("invariant_points_on_the_track", "sometimes")])


def test_play_check_invariants_on_the_command_line(monkeypatch):
    """`ks play --check-invariants`: a clean game plays to its result; a broken
    invariant stops the game with the event, the invariant and its citation."""
    ok = runner.invoke(app, ["play", "crete/learning", "--check-invariants"])
    assert ok.exit_code == 0, ok.output
    assert ok.output.splitlines()[-1].startswith("RESULT:")

    import kriegsspiel.engine.invariants as invariants
    kernel = invariants.kernel_invariants

    def with_a_trap(session):
        trap = Invariant("no_second_turn", ("gts:4.0",), EVERY_EVENT,
                         lambda: ["the turn marker"] if session.state.turn >= 1 else [])
        return kernel(session) + [trap]
    monkeypatch.setattr(invariants, "kernel_invariants", with_a_trap)
    stopped = runner.invoke(app, ["play", "crete/learning", "--check-invariants"])
    assert stopped.exit_code == 1
    assert "invariant 'no_second_turn' @gts:4.0 broken after event" in stopped.output
    assert "(turn_advanced): the turn marker" in stopped.output
    assert stopped.output.startswith("Storming the Kastelli — seed 1")  # the log so far


def test_watching_a_game_does_not_change_it():
    """The same seed with and without the checker: the same log, explanations
    included (looking leaves no explanation record behind)."""
    logs = []
    for check in (False, True):
        game = new_game("crete/learning", 4, ["random"], explain=True)
        checker = InvariantChecker(game.session, stop_at_first=False).attach() if check else None
        game.run(until=2)
        logs.append(game.session.log_text())
        assert checker is None or checker.violations == []
    assert logs[0] == logs[1]


def test_no_unit_enters_column_beside_another_in_column(session):
    """gts:14.6.2, found by the checker in a crete/precision playout: the move
    offered 'enter_column' in a hex already holding a Unit in Column."""
    mover = session.ref("unit", AXIS_UNIT)
    set_tracks(session, AXIS_UNIT, half_points_left=10)

    def offered() -> bool:
        return "enter_column" in session.value("move_choices", [mover], "division", False,
                                               False)
    assert offered()
    set_tracks(session, AXIS_UNIT_2, column=1)  # stacked with the mover in 15.06
    assert not offered()


# ---- looking again only at what an event changed --------------------------------
def test_each_invariant_reads_what_its_definition_reads(session):
    """A rule's invariant reads its definition's read set (dsl/lasting.py), where
    a piece is counted as @placement; the kernel's read their own tokens."""
    reads = {inv.name: inv.reads for inv in InvariantChecker(session).invariants}
    assert reads["invariant_points_on_the_track"] == {"cp", "dp"}
    assert {"column", "in_entry_hex", "@placement"} <= reads["invariant_one_column_per_hex"]
    assert {"@placement", "side"} <= reads["invariant_no_enemies_in_one_hex"]
    assert {"@placement", "active_chit", "formation"} <= \
        reads["invariant_leaders_with_their_formation"]
    assert reads["tracks_in_range"] == {"@tracks"} and reads["pieces_in_one_pool"] == {"@pools"}


def counting(checker: InvariantChecker) -> dict[str, int]:
    """How often each of the checker's invariants is evaluated from now on."""
    counts = dict.fromkeys((inv.name for inv in checker.invariants), 0)
    for i, inv in enumerate(checker.invariants):
        def offenders(inner=inv.offenders, name=inv.name):
            counts[name] += 1
            return inner()
        checker.invariants[i] = Invariant(inv.name, inv.cites, inv.when, offenders, inv.reads)
    return counts


def test_an_event_has_only_the_invariants_reading_what_it_changed_evaluated(session):
    checker = InvariantChecker(session, stop_at_first=False).attach()
    counts = counting(checker)
    unit = session.ref("unit", AXIS_UNIT)
    session.state.set_track(unit, "acted", 1, [])        # no rule's invariant reads it
    assert {n for n, c in counts.items() if c} == {"tracks_in_range"}
    session.state.set_track(unit, "column", 1, [])
    assert counts["invariant_one_column_per_hex"] == 1
    assert counts["invariant_column_markers_on_the_map"] == 1
    assert counts["invariant_no_enemies_in_one_hex"] == 0
    session.place(ALLIED_UNIT, "02.03")                  # a move: where pieces are
    assert counts["invariant_no_enemies_in_one_hex"] == 1
    assert counts["pieces_in_one_place"] == 1 and counts["invariant_points_on_the_track"] == 0
    session.state.record("decision", {"player": "Axis", "key": "k", "subject": None,
                                      "answer": 1}, [])  # changes nothing
    assert counts["tracks_in_range"] == 2 and counts["pieces_in_one_place"] == 1
    assert checker.violations == []


def test_breaches_made_by_events_are_seen_by_a_watching_checker(session):
    """The same breaches as above, made the way rules make them (an event each),
    reach an attached checker: the read sets cover what the invariants read."""
    checker = InvariantChecker(session, stop_at_first=False).attach()
    for unit in (AXIS_UNIT, AXIS_UNIT_2):
        session.state.set_track(session.ref("unit", unit), "column", 1, [])
    session.state.set_track(session.ref("unit", LATE_UNIT), "column", 1, [])
    session.state.set_track(session.ref("division", "CREFOR"), "cp", 25, [])
    session.place(ALLIED_UNIT, "15.06")
    session.state.record("activation_ended", {"chit": "chit:x"}, [])  # settled
    seen = {v.invariant: v.offenders for v in checker.violations}
    assert seen["invariant_one_column_per_hex"] == [AXIS_UNIT, AXIS_UNIT_2]
    assert seen["invariant_column_markers_on_the_map"] == [LATE_UNIT]
    assert seen["invariant_points_on_the_track"] == ["CREFOR"]
    assert seen["tracks_in_range"] == ["division:CREFOR: cp = 25 outside 0..19"]
    assert AXIS_UNIT in seen["invariant_no_enemies_in_one_hex"]


def test_after_a_restore_every_invariant_is_evaluated_again(session):
    checker = InvariantChecker(session, stop_at_first=False).attach()
    set_tracks(session, AXIS_UNIT, in_box=1)  # behind the checker's back
    counts = counting(checker)
    session.state.set_track(session.ref("unit", AXIS_UNIT), "acted", 1, [])
    assert all(counts.values())
    assert [v.offenders for v in checker.violations
            if v.invariant == "invariant_boxed_units_off_the_map"] == [[AXIS_UNIT]]


def test_looking_again_only_at_what_changed_finds_what_looking_at_everything_finds():
    """A whole game watched by two checkers, one evaluating every invariant after
    every state event: the same violations (none), and far fewer evaluations."""
    game = new_game("crete/learning", 3, ["random"])
    lean = InvariantChecker(game.session, stop_at_first=False)
    full = InvariantChecker(game.session, stop_at_first=False)
    full.invariants = [Invariant(i.name, i.cites, i.when, i.offenders) for i in full.invariants]
    lean_counts, full_counts = counting(lean), counting(full)
    lean.attach(), full.attach()
    game.run()
    assert game.session.events("game_won")
    assert [v.render() for v in lean.violations] == [v.render() for v in full.violations]
    assert sum(lean_counts.values()) * 2 < sum(full_counts.values())
