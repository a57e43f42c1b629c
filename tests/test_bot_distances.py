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


def test_the_nearest_enemy_worked_on_from_the_set_before_is_measured_afresh():
    """After enemies step, leave or arrive (the nearest among them too), the
    distances worked on from those measured to the set before
    (enemies_after, nearest_since), or measured to those on the hex's own
    sheet alone when there are any (nearest_now), are what measuring
    afresh over every sheet gives."""
    import random

    from kriegsspiel.modules.gts.bot_distances import enemies_after
    session = start("crete/jump", Table({}), seed=1)
    bot = HeuristicPlayer(session, 1)
    rng = random.Random(5)
    sheet = [f"maleme:{c:02d}.{r:02d}" for c in range(30, 50) for r in range(3, 16)]
    other = ["kastelli:06.05", "kastelli:20.06"]
    heres = sheet[::7] + other + [None, "Reinforcements"]
    held = set(rng.sample(sheet, 6))
    enemies, worked_on = None, 0
    for _ in range(60):
        # A step of one of them, the nearest to a hex asked about included, or
        # one gone, one come (from another sheet, or off the map).
        if rng.random() < 0.7:
            held.remove(rng.choice(sorted(h for h in held if h is not None)))
            held.add(rng.choice(sheet))
        else:
            held.symmetric_difference_update({rng.choice(other + [None])})
        hexes = frozenset(held)
        on_map = tuple(h for h in hexes if h is not None and bot.is_hex(h))
        by_plane: dict = {}  # as enemy_set files them: measured on a hex's own plane first
        for h in on_map:
            by_plane.setdefault(bot.plane(h), []).append(h)
        enemies = enemies_after(enemies, hexes, on_map, by_plane)
        worked_on += enemies.before is not None
        for here in rng.sample(heres, 12):
            plain = min((bot.distance(here, h) for h in hexes), default=OFF)
            assert bot.distance_from(enemies, here) == plain, (here, sorted(map(str, hexes)))
    assert worked_on > 40  # the sets were worked on from, not measured afresh
