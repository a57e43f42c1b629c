"""Shared fixtures: the compiled GTS rules and small hand-made games."""

from __future__ import annotations

import contextlib
import copy
import os
import re
import shutil
import socket
import threading
import time

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.hexgrid import HexGrid
from kriegsspiel.core.mapindex import MapIndex
from kriegsspiel.core.models import MapModel, TerrainType
from kriegsspiel.core.players import ScriptedPlayer, Table
from kriegsspiel.engine.rulebook import build_program
from kriegsspiel.engine.session import Session


def played(scenario, seed):
    """A seeded random-bot game of *scenario*, played as `ks play` plays it."""
    from kriegsspiel.tools.play import new_game
    game = new_game(scenario, seed, ["random"])
    game.run()
    return game.session


def pytest_collection_modifyitems(config, items):
    """Tests marked `slow` (long sweeps, many playouts) stay outside the CI
    budget: they run only with KS_SLOW=1, e.g. `KS_SLOW=1 pytest -m slow`."""
    if os.environ.get("KS_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: run with KS_SLOW=1 pytest -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)

INFANTRY = {"steps": 2, "troop_quality": 6, "fire_rating": 3, "weapon_class": "SA",
            "fire_range": 2, "assault_rating": 3, "movement": 4, "movement_class": "leg",
            "defense": 0, "armored": False, "stripe": None, "organic_transport": False}

CATALOG = {
    "side": {"axis": {"name": "Axis"}, "allies": {"name": "Allies"}},
    "division": {
        "geb5": {"name": "5. Gebirgs Division", "side": "axis", "command_rating": 3,
                 "dispatch_rating": 6},
        "nz2": {"name": "2nd New Zealand Division", "side": "allies", "command_rating": 2,
                "dispatch_rating": None},
    },
    "formation": {
        "pi95": {"name": "Gebirgs-Pionier-Bataillon 95", "side": "axis", "division": "geb5",
                 "leader": "schaette"},
        "inf1": {"name": "1 Inf (Greek)", "side": "allies", "division": "nz2", "leader": "bedding"},
    },
    "leader": {
        "schaette": {"name": "Maj Schaette", "side": "axis", "division": "geb5",
                     "formation": "pi95", "command_range": 2, "attachment_rating": 1},
        "bedding": {"name": "Major Bedding", "side": "allies", "division": "nz2",
                    "formation": "inf1", "command_range": 3, "attachment_rating": 0},
    },
    "unit": {
        "pi1": {"name": "1. Geb.Pi. 95", "side": "axis", "division": "geb5", "formation": "pi95",
                "unit_class": "infantry", "back_kind": "reduced",
                "faces": {"front": INFANTRY, "back": {**INFANTRY, "steps": 1, "troop_quality": 5,
                                                      "fire_rating": 2}}},
        "truck": {"name": "1. Geb.Pz.Jäg. 95", "side": "axis", "division": "geb5",
                  "formation": "pi95", "back_kind": "transport",
                  "faces": {"front": {**INFANTRY, "organic_transport": True},
                            "back": {**INFANTRY, "movement": 8, "movement_class": "wheeled"}}},
        "greek": {"name": "1 A/1 Inf", "side": "allies", "division": "nz2", "formation": "inf1",
                  "unit_class": "infantry", "back_kind": None, "faces": {"front": {**INFANTRY, "steps": 1,
                                                         "troop_quality": 4}}},
        "police": {"name": "Kastelli", "side": "allies", "division": "nz2", "formation": "inf1",
                   "back_kind": None, "faces": {"front": {**INFANTRY, "steps": 0,
                                                          "troop_quality": 3}}},
    },
    "chit": {
        "division:geb5": {"kind": "division", "division": "geb5", "side": "axis"},
        "division:nz2": {"kind": "division", "division": "nz2", "side": "allies"},
        "formation:pi95": {"kind": "formation", "formation": "pi95", "division": "geb5",
                           "side": "axis"},
        "formation:inf1": {"kind": "formation", "formation": "inf1", "division": "nz2",
                           "side": "allies"},
        "direct:axis": {"kind": "direct_command", "side": "axis"},
        "direct:allies": {"kind": "direct_command", "side": "allies"},
    },
    "game": {"game": {"turns": [{"label": "0900"}, {"label": "1100"}, {"label": "1300"},
                                {"label": "1500"}, {"label": "1700"},
                                {"label": "1900", "tags": ["night"]}]}},
}


class ChebyshevGrid:
    """Just enough of a map for distance(): ids are 'col.row', distance is Chebyshev."""

    def parse(self, text):
        col, row = text.split(".")
        return int(col), int(row)

    def distance(self, a, b):
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def session_on_open_map(program, catalog, players, places):
    """A Session on the plain test map with the pieces of *places* ({id: hex})
    placed (leaders as leaders)."""
    grid, game_map = open_map()
    session = Session(program, catalog, Dice(0), players, grid, game_map)
    for ident, hex_id in places.items():
        session.place(ident, hex_id, "leader" if ident in catalog["leader"] else "unit")
    return session


def shipped_sheet(game_id: str, map_id: str):
    """(map model, its MapIndex) of one shipped sheet, on a grid of its own."""
    from kriegsspiel.core.loading import shipped_roots
    from kriegsspiel.engine.reading import read_game
    game = read_game(shipped_roots()[0] / game_id)
    game_map = next(m for m in game.maps if m.id == map_id)
    g = game_map.grid
    grid = HexGrid((g.columns[0], g.columns[1], g.rows[0], g.rows[1]),
                   orientation=g.orientation, offset=g.offset)
    return game_map, MapIndex.build(game_map, game.terrain, grid)


def open_map(columns=20, rows=12, roads=()):
    """An all-clear map: the grid and its MapIndex; *roads*: paths of hex ids."""
    grid = HexGrid((1, columns, 1, rows))
    model = MapModel.model_validate({"id": "open", "name": "Open", "provenance": "provisional",
                                     "grid": {"columns": [1, columns], "rows": [1, rows]},
                                     "default_terrain": "clear",
                                     "roads": {"road": [list(r) for r in roads]} if roads else {}})
    return grid, MapIndex.build(model, [TerrainType(id="clear", kind="hex")], grid)


@pytest.fixture(scope="session")
def gts():
    """The compiled GTS series rules (built once per test run)."""
    return build_program(["gts"])


@pytest.fixture
def make_session(gts):
    """make_session(rolls=[...], axis=[answers], allies=[answers]) → a Session on a
    20×12 map with every unit and leader placed next to its Leader."""

    def make(rolls=None, axis=(), allies=(), seed=0, program=None, placement=None, picks=None):
        def player(answers):
            return answers if hasattr(answers, "decide") else ScriptedPlayer(list(answers))
        players = Table({"axis": player(axis), "allies": player(allies)})
        dice = Dice(seed, script=rolls, picks=picks) if rolls is not None or picks is not None \
            else Dice(seed)
        grid, game_map = open_map()
        session = Session(program or gts, copy.deepcopy(CATALOG), dice, players, grid, game_map)
        where = {"pi1": "15.06", "truck": "15.06", "schaette": "15.06",
                 "greek": "04.05", "police": "06.05", "bedding": "04.05"}
        where.update(placement or {})
        for ident, hex_id in where.items():
            kind = "leader" if ident in CATALOG["leader"] else "unit"
            session.place(ident, hex_id, kind)
        return session
    return make


@contextlib.contextmanager
def app_served(app):
    """*app* (ASGI) served by uvicorn on a free port of this machine, in a thread
    of its own, as `ks serve` serves it; the port, until the block ends."""
    import uvicorn
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.05)
        yield port
    finally:
        server.should_exit = True
        thread.join(5)


# Debian's chromium, offline: never `playwright install`, which downloads a
# browser (.ci/run installs chromium where it is missing).
CHROMIUM = os.environ.get("KS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


@contextlib.contextmanager
def chromium_browser():
    """Debian's chromium under Playwright (the test skipped where either is missing)."""
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="playwright is not installed (pip install -e .[test])")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture()
def chromium():
    with chromium_browser() as browser:
        yield browser


@pytest.fixture()
def artifacts(request):
    """A folder kept after the test for what it shows (screenshots): under
    $KS_ARTIFACTS, else test-artifacts/ at the checkout's root, by test name."""
    root = os.environ.get("KS_ARTIFACTS") or os.path.join(os.path.dirname(__file__), "..",
                                                          "test-artifacts")
    folder = os.path.join(root, re.sub(r"[^\w.-]+", "_", request.node.name))
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    return folder


def seat_page(browser, port: int, token: str):
    """A page of the game `ks serve` serves on *port*, opened with a seat's
    *token* at 1400 x 900, and the list of the script errors it raises."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"http://127.0.0.1:{port}/game/1/?token={token}")
    return page, errors


def wholly_inside(outer: dict, box: dict) -> bool:
    """Whether Playwright bounding box *box* lies wholly inside *outer* (the
    page's board): a counter or a hex a person sees whole."""
    return (outer["x"] <= box["x"] and box["x"] + box["width"] <= outer["x"] + outer["width"]
            and outer["y"] <= box["y"]
            and box["y"] + box["height"] <= outer["y"] + outer["height"])


def page_pieces(page) -> dict[str, str]:
    """Each counter on a `ks serve` page (its data-id) and the hex it stands in."""
    return dict(page.eval_on_selector_all(
        "#live g.piece", "gs => gs.map(g => [g.dataset.id, g.dataset.hex])"))
