"""The web side of `ks serve`: a Starlette app — a list of the games it hosts,
each game's page (static files shipped with the package, no CDN), its
snapshot as JSON, and a WebSocket that pushes each new snapshot and takes the
person's answers."""

from __future__ import annotations

import asyncio
import json
from html import escape
from importlib import resources

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from kriegsspiel.tools.serve.host import GameHost

STATIC = resources.files(__package__) / "static"
TYPES = {".js": "text/javascript", ".css": "text/css"}
LONGEST = 4096  # bytes: no answer needs more
KEYS = {"answer", "hex", "question"}


def make_app(games: dict[str, GameHost] | GameHost) -> Starlette:
    """The app for one game or several (id → its host): the games list at /,
    each game's page and its endpoints under /game/<id>/."""
    if isinstance(games, GameHost):
        games = {"1": games}

    def game_of(request) -> GameHost | None:
        return games.get(request.path_params["game"])

    async def listing(request) -> HTMLResponse:
        rows = "".join(f'<li><a href="/game/{gid}/">{escape(h.snapshot.get("title", gid))}'
                       f"</a> — turn {escape(str(h.snapshot.get('turn', '')))}"
                       f"{' (over)' if h.snapshot.get('over') else ''}</li>"
                       for gid, h in games.items())
        return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>kriegsspiel games"
                            f"</title><link rel=stylesheet href=/static/play.css><h1>Games</h1>"
                            f"<ul id=games>{rows}</ul><p>A seat's link (printed by ks serve) "
                            f"plays it; these watch.</p>")

    async def page(request) -> Response:
        if game_of(request) is None:
            return Response("no such game", status_code=404)
        return HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"))

    async def asset(request) -> Response:
        name = request.path_params["name"]
        if name not in ("play.js", "play.css"):
            return Response("not found", status_code=404)
        return Response((STATIC / name).read_text(encoding="utf-8"),
                        media_type=TYPES[name[name.rindex("."):]])

    async def board(request) -> Response:
        host = game_of(request)
        if host is None:
            return Response("no such game", status_code=404)
        return Response(host.map_svg, media_type="image/svg+xml")

    async def state(request) -> Response:
        host = game_of(request)
        if host is None:
            return Response("no such game", status_code=404)
        return JSONResponse(host.current())

    async def moment(request) -> Response:
        """The pieces as they stood at a log line's moment (?at=events)."""
        host = game_of(request)
        at = request.query_params.get("at", "")
        # replayed off the event loop: a long game's log takes a while
        svg = await run_in_threadpool(host.moment, int(at)) \
            if host and at.isdigit() and len(at) < 10 else None
        if svg is None:
            return Response("no such moment", status_code=404)
        return Response(svg, media_type="image/svg+xml")

    async def save(request) -> Response:
        host = game_of(request)
        data = host.saved(request.query_params.get("token")) if host else None
        if data is None:
            return Response("only a seat of this game may save it, once it has been asked "
                            "something", status_code=403)
        return Response(json.dumps(data, sort_keys=True), media_type="application/json",
                        headers={"Content-Disposition": 'attachment; filename="game.json"'})

    async def play(socket: WebSocket) -> None:
        host = games.get(socket.path_params["game"])
        await socket.accept()
        if host is None:
            await socket.send_json({"refused": "no such game"})
            await socket.close()
            return
        token = socket.query_params.get("token")
        await socket.send_json({"seat": host.seat_of(token), "seats": host.seats_of(token)})
        pusher = asyncio.create_task(_push(socket, host))
        try:
            while True:
                refused = _answer(host, token, await socket.receive_text())
                if refused:
                    await socket.send_json({"refused": refused})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            pusher.cancel()

    return Starlette(routes=[
        Route("/", listing), Route("/static/{name}", asset),
        Route("/game/{game}/", page), Route("/game/{game}/state", state),
        Route("/game/{game}/save", save), Route("/game/{game}/map.svg", board),
        Route("/game/{game}/moment", moment),
        WebSocketRoute("/game/{game}/ws", play)])


def _answer(host: GameHost, token: str | None, text: str) -> str | None:
    """One message from the page, checked before the umpire sees it; the
    reason it is refused, or None."""
    if len(text.encode("utf-8")) > LONGEST:
        return f"a message of more than {LONGEST} bytes"
    try:
        message = json.loads(text)
    except ValueError:
        return "not JSON"
    if message == {"undo": True}:
        return host.undo(token)
    if not isinstance(message, dict) or not message.keys() <= KEYS or "question" not in message:
        return "an answer is {question: id, answer: index} or {question: id, hex: id}"
    if ("answer" in message) == ("hex" in message):
        return "give an option's index or a hex, one of them"
    hex_id = message.get("hex")
    if hex_id is not None and not isinstance(hex_id, str):
        return "a hex is given by its id"
    return host.answer(token, message.get("answer"), message["question"], hex_id)


async def _push(socket: WebSocket, host: GameHost) -> None:
    """Send each new snapshot: woken by the game's thread through this loop
    (no thread waits per page, so many pages cost no threads)."""
    event = asyncio.Event()
    listener = (asyncio.get_running_loop(), event)
    host.listeners.add(listener)
    seen = -1
    try:
        while True:
            event.clear()
            snapshot = host.current()
            if snapshot.get("version", -1) > seen:
                seen = snapshot["version"]
                await socket.send_json({"snapshot": snapshot})
            await event.wait()
    finally:
        host.listeners.discard(listener)


__all__ = ["make_app"]
