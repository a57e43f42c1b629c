"""Utah's hex ids ("28.048": two-digit column, three-digit row) and hexes
with an Impassable portion (utah:2.1, 2.1.14, 2.2.4) on the provisional Map 6."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from utah_games import INFANTRY, unit, utah_game

from kriegsspiel.tools.cli import app


@pytest.fixture(scope="module")
def session():
    return utah_game()


def test_the_map_reads_and_prints_ids_as_the_book_numbers_them(session):
    """utah:2.1#8: the book's ids are "28.048"; the grid keeps their widths."""
    grid = session.state.grid
    assert grid.format(grid.parse("28.048")) == "28.048"
    assert (grid.col_digits, grid.row_digits) == (2, 3)
    assert session.value("distance", "28.048", "28.050") == 2


def test_the_river_example(session):
    """utah:2.1#6, utah:2.1#8, utah:2.1#9, utah:2.2.4#3, utah:2.1.14#3: "a Leg Unit can move
    from 28.048 to 28.049 and be in the Clear hex terrain. However, Units cannot
    move from 28.050 to 28.049 since the Unit would have to 'go over' a grayed
    out portion of the hex.\""""
    leg = unit(session, INFANTRY, "28.048")
    assert session.value("terrain", "28.049") == "clear"
    assert session.value("half_point_cost", leg, "28.048", "28.049") == 2
    session.place(INFANTRY, "28.050")
    assert session.value("half_point_cost", leg, "28.050", "28.049") is None
    # the gray portion closes that side both ways ("enter and/or leave")
    session.place(INFANTRY, "28.049")
    assert session.value("half_point_cost", leg, "28.049", "28.050") is None


def test_a_road_passes_an_impassable_portion(session):
    """utah:2.1.14#4: "if a Road or Ferry is used to pass through Impassable
    terrain ... a Unit using the Road ... legally can move through the
    Impassable hex portion" — here a road laid over the 28.049/28.050 side."""
    leg = unit(session, INFANTRY, "28.049")
    assert not session.value("road_joins", "28.049", "28.050")
    assert session.value("hexside_prohibited", leg, "28.049", "28.050")
    side = frozenset(("28.049", "28.050"))
    session.state.map.roads[side] = {"road"}
    try:
        assert session.value("road_joins", "28.049", "28.050")
        assert not session.value("hexside_prohibited", leg, "28.049", "28.050")
    finally:
        del session.state.map.roads[side]


def test_the_ids_are_printed_in_the_log_and_accepted_by_commands(tmp_path):
    """`ks play` prints 28.048-style ids; `ks render --los` accepts one."""
    runner = CliRunner()
    played = runner.invoke(app, ["play", "utah/causeway", "--seed", "3", "--until", "1"])
    assert played.exit_code == 0, played.output
    assert "sets up in 30.045" in played.output
    out = tmp_path / "map.svg"
    drawn = runner.invoke(app, ["render", "utah/causeway", "--los", "30.045", "--out", str(out)])
    assert drawn.exit_code == 0, drawn.output
    wrong = runner.invoke(app, ["render", "utah/causeway", "--los", "30.45x", "--out", str(out)])
    assert wrong.exit_code == 1 and "did you mean '30.045'?" in wrong.output


def test_an_entirely_impassable_hex_is_never_entered(session):
    """utah:2.1.14#1, utah:2.1.14#2: "it cannot be entered by any Unit"."""
    for mclass in ("leg", "wheeled", "tracked"):
        for column in (0, 1):
            assert session.program.lookup("terrain_cost", "impassable", mclass, column) is None
