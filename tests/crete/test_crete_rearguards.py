"""crete:7.0 Rearguards and Roadblocks: Nachhuten are the series' Rearguards;
the scenario's number is an absolute limit, and one lost in combat is
available again (gts:24.5)."""

from __future__ import annotations

from kriegsspiel.core.players import KeyedPlayer, Table
from kriegsspiel.engine.starting import start


def test_scenario_limits_and_reuse_after_elimination():
    """crete:7.0#3-6 with gts:24.5.  Scenario 1: "The Allies have 4 Rearguards
    available.  The Germans have 2 Nachhuten available."  A Nachhut eliminated
    in combat goes back to the Available Rearguards and can be placed again."""
    session = start("crete/snafu", Table({"Axis": KeyedPlayer(), "Allied": KeyedPlayer()}),
                    seed=1)

    def available(division):
        return [r.id for r in session.value("available_rearguards",
                                            session.ref("division", division))]

    assert len(available("CREFOR")) == 4
    nachhuten = available("7. Flieger Division")
    assert len(nachhuten) == 2
    first = session.ref("unit", nachhuten[0])
    session.place(first.id, "20.10")
    assert available("7. Flieger Division") == nachhuten[1:]
    session.perform("apply_result", first, "E")
    assert session.attr(first, "eliminated")
    assert available("7. Flieger Division") == nachhuten  # back in the box
    session.place(first.id, "20.11")
    assert session.attr(first, "on_map") and not session.attr(first, "eliminated")
    # and they never count as German steps eliminated (crete:scenario:1)
    assert not session.value("counts_as_steps", first)
