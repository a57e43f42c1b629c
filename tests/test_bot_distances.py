"""The heuristic bot's distances to the enemy (modules/gts/bot_distances.py):
the nearest enemy measured by the state pair by pair must be what the plain
distance() gives — for enemies off the map (None, a box) or on another
sheet, and for a hex off the map itself."""

from __future__ import annotations

from kriegsspiel.core.players import Table
from kriegsspiel.engine.starting import start
from kriegsspiel.modules.gts.bot import HeuristicPlayer
from kriegsspiel.modules.gts.bot_distances import OFF


def test_the_nearest_enemy_measured_pair_by_pair_is_the_plain_distances_least():
    session = start("crete/jump", Table({}), seed=1)  # four map sheets
    bot = HeuristicPlayer(session, 1)
    on_one = ["maleme:48.12", "maleme:47.11", "maleme:40.05"]
    elsewhere = ["kastelli:06.05", "kastelli:20.06"]
    boxes = [None, "Reinforcements"]
    heres = on_one + elsewhere + ["maleme:45.10", None, "Reinforcements"]
    for enemies in ([], boxes, on_one, elsewhere, on_one + boxes, elsewhere + boxes,
                    on_one + elsewhere + boxes):
        on_map = tuple(h for h in enemies if h is not None and bot.is_hex(h))
        some_off = len(on_map) < len(enemies)
        for here in heres:
            plain = min((bot.distance(here, h) for h in enemies), default=OFF)
            assert bot.nearest_distance(here, on_map, some_off) == plain, (here, enemies)
