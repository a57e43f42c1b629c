"""The heuristic bot's passable step (modules/gts/bot_judgements.py): it asks
the rules' step_barred, which must be true exactly when the step cost the
reach search reads (reach_step_cost) is none."""

from __future__ import annotations

import pytest

from kriegsspiel.core.players import Table
from kriegsspiel.engine.starting import start
from kriegsspiel.modules.gts.bot import HeuristicPlayer


@pytest.mark.parametrize("scenario", ["crete/mercury", "utah/landing"])
def test_a_step_is_barred_exactly_when_its_cost_is_none(scenario):
    """The bot's passable asks the rules' step_barred, not the whole step cost:
    true exactly when reach_step_cost is none (the sea, a prohibited hexside,
    a town a vehicle may not leave out of Column; Utah's own half_point_cost),
    for a Unit of each Movement Class, in Column and not, from hexes all over
    the map into each of their neighbours."""
    session = start(scenario, Table({}), seed=1)
    bot = HeuristicPlayer(session, 1)
    grid = session.state.grid
    hexes = [grid.format(h) for h in grid.hexes()]
    hexes = hexes[::max(1, len(hexes) // 400)]
    each_class = {bot.rule("mclass", u): u for u in reversed(bot.units())}
    barred = []
    for unit in each_class.values():
        for column in (0, 1):
            session.state.set_track(unit, "column", column, [])
            for here in hexes:
                for there in bot.neighbours(here):
                    cost = bot.rule("reach_step_cost", unit, here, there)
                    assert bot.passable(unit, here, there) == (cost is not None), \
                        (unit.id, column, here, there)
                    barred.append(cost is None)
    assert len(each_class) >= 2 and True in barred and False in barred
