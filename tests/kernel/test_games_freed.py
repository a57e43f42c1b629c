"""A finished game leaves nothing of itself behind: the kernel's caches keyed by
a game's state (line of sight, reach costs) hold it weakly, so no compiled rule
may hold the state itself — else each game ever played on a server (`ks
serve`) or in a balance run would stay in memory."""

from __future__ import annotations

import gc
import weakref

from kriegsspiel.tools.play import new_game


def test_a_played_games_state_is_freed_when_the_game_is_dropped():
    game = new_game("crete/learning", 1, ["random", "heuristic"])
    game.run(2)
    state = weakref.ref(game.session.state)
    del game
    gc.collect()
    assert state() is None


def test_a_played_games_program_is_freed_at_the_next_collection():
    """The caches keyed weakly by the state hold values that refer to the
    program; they let go of them when the state is collected (the weak key's
    callback), so the program's own cycle goes at the collection after."""
    game = new_game("crete/learning", 1, ["random", "heuristic"])
    game.run(2)
    program = weakref.ref(game.session.program)
    del game
    gc.collect()
    gc.collect()
    assert program() is None
