"""The web side of `ks serve`: a Starlette app — the page (static files shipped
with the package, no CDN), the game's snapshot as JSON, and a WebSocket that
pushes each new snapshot and takes the person's answers."""

from __future__ import annotations

import asyncio
import json
from importlib import resources

from starlette.applications import Starlette
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from kriegsspiel.tools.serve.host import GameHost

STATIC = resources.files(__package__) / "static"
TYPES = {".js": "text/javascript", ".css": "text/css"}
LONGEST = 4096  # bytes: no answer needs more
KEYS = {"answer", "hex", "question"}


def make_app(host: GameHost) -> Starlette:
    async def page(request) -> HTMLResponse:
        return HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"))

    async def asset(request) -> Response:
        name = request.path_params["name"]
        if name not in ("play.js", "play.css"):
            return Response("not found", status_code=404)
        return Response((STATIC / name).read_text(encoding="utf-8"),
                        media_type=TYPES[name[name.rindex("."):]])

    async def board(request) -> Response:
        return Response(host.map_svg, media_type="image/svg+xml")

    async def state(request) -> JSONResponse:
        return JSONResponse(host.wait(-1, 0))

    async def save(request) -> Response:
        data = host.saved(request.query_params.get("token"))
        if data is None:
            return Response("only a seat of this game may save it, once it has been asked "
                            "something", status_code=403)
        return Response(json.dumps(data, sort_keys=True), media_type="application/json",
                        headers={"Content-Disposition": 'attachment; filename="game.json"'})

    async def play(socket: WebSocket) -> None:
        await socket.accept()
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

    return Starlette(routes=[Route("/", page), Route("/static/{name}", asset),
                             Route("/state", state), Route("/save", save),
                             Route("/map.svg", board),
                             WebSocketRoute("/ws", play)])


def _answer(host: GameHost, token: str | None, text: str) -> str | None:
    """One message from the page, checked before the umpire sees it; the
    reason it is refused, or None."""
    if len(text.encode("utf-8")) > LONGEST:
        return f"a message of more than {LONGEST} bytes"
    try:
        message = json.loads(text)
    except ValueError:
        return "not JSON"
    if not isinstance(message, dict) or not message.keys() <= KEYS or "question" not in message:
        return "an answer is {question: id, answer: index} or {question: id, hex: id}"
    if ("answer" in message) == ("hex" in message):
        return "give an option's index or a hex, one of them"
    hex_id = message.get("hex")
    if hex_id is not None and not isinstance(hex_id, str):
        return "a hex is given by its id"
    return host.answer(token, message.get("answer"), message["question"], hex_id)


async def _push(socket: WebSocket, host: GameHost) -> None:
    seen = -1
    while True:
        snapshot = await asyncio.to_thread(host.wait, seen, 1.0)
        if snapshot.get("version", -1) > seen:
            seen = snapshot["version"]
            await socket.send_json({"snapshot": snapshot})


__all__ = ["make_app"]
