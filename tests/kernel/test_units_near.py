"""units_near (kriegsspiel/engine/scans.py): a long list is grouped by hex once
per state of the game; the answer must be the plain one — the units on the map
within the reach, in the list's order, repeats included."""

from __future__ import annotations

from kriegsspiel.core.players import Table
from kriegsspiel.engine.scans import NEAR_GROUPED
from kriegsspiel.engine.starting import start


def plainly(state, units, hex_id, reach):
    return [u for u in units if state.attr(u, "hex") is not None and
            state.distance(state.attr(u, "hex"), hex_id) <= reach]


def test_grouped_units_near_answers_as_measuring_each_unit():
    session = start("crete/learning", Table({}), seed=1)
    state, ctx, program = session.state, session.ctx, session.program
    units = state.units()  # on and off the map
    long_list = list(reversed(units)) + units  # out of catalog order, every unit twice
    assert len(long_list) >= NEAR_GROUPED
    hexes = sorted({state.attr(u, "hex") for u in units if state.attr(u, "hex")})
    hexes += ["01.01", "08.05", "15.10"]
    checked = 0
    for listed in (long_list, units[:3]):  # grouped, and measured one by one
        for hex_id in hexes:
            for reach in (0, 1, 3, 8):
                got = program.call("units_near", ctx, listed, hex_id, reach)
                assert got == plainly(state, listed, hex_id, reach), (hex_id, reach)
                checked += bool(got)
    # The grouping is kept while a top-level call runs: ask inside one too.
    ctx.memo, ctx.memo_version, ctx.lasting = {}, -1, {}
    try:
        for hex_id in hexes:
            for reach in (0, 2, 5):
                got = program.call("units_near", ctx, long_list, hex_id, reach)
                assert got == plainly(state, long_list, hex_id, reach), (hex_id, reach)
    finally:
        ctx.memo = ctx.lasting = None
    assert checked > 0


def test_units_near_answers_kept_across_changes_follow_the_listed_units():
    """Within one top-level call the answers are kept while the listed Units
    stand still: a change of the game that moves none of them keeps them, a
    move of one of them gives the answer of the new placement."""
    session = start("crete/learning", Table({}), seed=1)
    state, ctx, program = session.state, session.ctx, session.program
    placed = [u for u in state.units() if state.attr(u, "hex") is not None]
    listed, other = placed[:-1] * 2, placed[-1]
    assert len(listed) >= NEAR_GROUPED
    hexes = sorted({state.attr(u, "hex") for u in placed})
    ctx.memo, ctx.memo_version, ctx.lasting = {}, -1, {}
    try:
        def ask_all():
            for hex_id in hexes:
                for reach in (0, 1, 2, 6):
                    got = program.call("units_near", ctx, listed, hex_id, reach)
                    assert got == plainly(state, listed, hex_id, reach), (hex_id, reach)
        ask_all()
        for unit, to in ((other, hexes[0]), (listed[0], hexes[-1]), (listed[1], None)):
            state.record("unit_moved", {"unit": unit.id, "origin": state.attr(unit, "hex"),
                                        "destination": to}, [])
            ask_all()
    finally:
        ctx.memo = ctx.lasting = None
