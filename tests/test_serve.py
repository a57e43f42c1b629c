"""`ks serve`: the game in the browser. The umpire (GameHost) asks a person's
questions through the page and takes only an answer of the seat asked, one of
the options offered; a real server (uvicorn, started here as `ks serve` starts
it) pushes each new snapshot over a WebSocket; Debian's chromium plays a move
(crete:scenario:learning, gts:10.0's questions)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time

import pytest

from kriegsspiel.tools.play import new_game
from kriegsspiel.tools.serve.host import GameHost


def hosted() -> GameHost:
    game = new_game("crete/learning", 1, ["random", "heuristic"])
    host = GameHost(game, ["Allied"])
    host.start()
    return host


def asked(host: GameHost, seen: int = -1) -> dict:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        snap = host.wait(seen, 0.5)
        if snap["version"] > seen and snap["question"]:
            return snap
        seen = snap["version"]
    raise AssertionError("no question was asked")


def test_only_the_seat_asked_answers_and_only_with_an_option():
    host = hosted()
    try:
        snap = asked(host)
        assert snap["question"]["side"] == "Allied" and snap["svg"].startswith("<svg")
        token = host.tokens["Allied"]
        assert host.answer("forged", 0).startswith("you hold no seat")
        assert host.answer(token, len(snap["question"]["options"])).startswith("not one of")
        assert host.answer(token, "0").startswith("not one of")
        assert host.answer(token, 0) is None
        after = asked(host, snap["version"])
        assert after["version"] > snap["version"]
    finally:
        host.stop()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture()
def server():
    import uvicorn

    from kriegsspiel.tools.serve.app import make_app
    host = hosted()
    port = _free_port()
    config = uvicorn.Config(make_app(host), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    while not running.started:
        time.sleep(0.05)
    yield host, port
    running.should_exit = True
    host.stop()
    thread.join(5)


def test_the_websocket_pushes_snapshots_and_takes_the_seats_answers(server):
    from websockets.sync.client import connect
    host, port = server
    url = f"ws://127.0.0.1:{port}/ws"
    with connect(f"{url}?token={host.tokens['Allied']}") as player, connect(url) as watcher:
        assert json.loads(player.recv(10)) == {"seat": "Allied"}
        assert json.loads(watcher.recv(10)) == {"seat": None}
        snap = None
        while snap is None or not snap["question"]:
            snap = json.loads(player.recv(30))["snapshot"]
        watcher.send(json.dumps({"answer": 0}))
        while True:
            message = json.loads(watcher.recv(30))
            if "refused" in message:
                assert message["refused"].startswith("you hold no seat")
                break
        player.send(json.dumps({"answer": 0}))
        newer = json.loads(player.recv(30))["snapshot"]
        assert newer["version"] > snap["version"]


CHROMIUM = os.environ.get("KS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
# Debian's chromium, offline (never a browser Playwright would download).
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def test_a_person_plays_a_move_in_the_browser(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no chromium at {CHROMIUM}")
    host, port = server
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"http://127.0.0.1:{port}/?token={host.tokens['Allied']}")
        page.wait_for_selector("#options button", timeout=30000)
        assert page.inner_text("#seat") == "you play Allied"
        assert page.locator("#board svg g.piece").count() >= 10
        before = int(page.get_attribute("body", "data-version"))
        page.locator("#options button").first.click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}",
                               timeout=30000)
        assert not errors, errors
        browser.close()
