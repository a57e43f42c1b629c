"""Soak: one `ks serve` server hosting many games at once (crete:scenario:
learning) — bots on both sides of most, a scripted person answering over a
WebSocket in some. Every game ends with no error, none loses or doubles an
answer (each game's record replays to the log it played). With
--benchmark-enable: 20 games, 4 of them with a scripted seat, the wall time
and the peak of memory allocated while they played in extra_info; otherwise
4 games, 1 scripted, as a smoke test (no time or size is asserted).
Measured: 20 games (4 scripted) in 50 s on the shared two-core machine, a peak
of 24 MB allocated while they played, no error, every record replayed."""

from __future__ import annotations

import json
import threading
import time
import tracemalloc

from conftest import app_served
from websockets.sync.client import connect

from kriegsspiel.tools.play import log_fingerprint, new_game
from kriegsspiel.tools.saves import reopen
from kriegsspiel.tools.serve.app import make_app
from kriegsspiel.tools.serve.host import GameHost


def _scripted_seat(port: int, gid: str, token: str, errors: list[str]) -> None:
    """A person who answers every question with its first option, to the end."""
    try:
        with connect(f"ws://127.0.0.1:{port}/game/{gid}/ws?token={token}") as ws:
            json.loads(ws.recv(30))  # the seat
            while True:
                message = json.loads(ws.recv(120))
                if "refused" in message:
                    errors.append(f"game {gid}: refused {message['refused']}")
                    return
                snap = message["snapshot"]
                if snap["over"]:
                    return
                q = snap["question"]
                if q and q["side"] == "Allied":
                    ws.send(json.dumps({"question": q["id"], "answer": 0}))
    except Exception as exc:  # reported by the test, not lost in a thread
        errors.append(f"game {gid}: {type(exc).__name__}: {exc}")


def _soak(games: int, scripted: int) -> dict:
    hosts = {}
    for n in range(games):
        people = ["Allied"] if n < scripted else []
        hosts[str(n + 1)] = GameHost(new_game("crete/learning", n + 1,
                                              ["random", "heuristic"]), people)
    with app_served(make_app(hosts)) as port:
        errors: list[str] = []
        tracemalloc.start()
        started = time.perf_counter()
        seats = [threading.Thread(target=_scripted_seat,
                                  args=(port, gid, h.tokens["Allied"], errors))
                 for gid, h in hosts.items() if h.tokens]
        for seat in seats:
            seat.start()
        for host in hosts.values():
            host.start()
        for host in hosts.values():
            host.thread.join(600)
        for seat in seats:
            seat.join(60)
        seconds = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    for gid, host in hosts.items():
        snap = host.current()
        assert snap["over"] and not snap["error"], (gid, snap["error"])
        data = host.game.save()
        replayed, _ = reopen(data)
        assert log_fingerprint(replayed.session.state.log) == data["log_sha256"], gid
    assert not errors, errors
    return {"games": games, "scripted": scripted, "seconds": round(seconds, 2),
            "peak_mb": round(peak / 2**20, 1)}


def test_bench_many_games_on_one_server(benchmark):
    games, scripted = (4, 1) if benchmark.disabled else (20, 4)
    report = benchmark.pedantic(_soak, args=(games, scripted), rounds=1, iterations=1)
    if benchmark.stats is not None:
        benchmark.extra_info.update(report)
    assert report["games"] == games
