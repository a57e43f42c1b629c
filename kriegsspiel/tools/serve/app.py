"""The web side of `ks serve`: a Starlette app — the page (static files shipped
with the package, no CDN), the game's snapshot as JSON, and a WebSocket that
pushes each new snapshot and takes the person's answers."""

from __future__ import annotations

import asyncio
from importlib import resources

from starlette.applications import Starlette
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from kriegsspiel.tools.serve.host import GameHost

STATIC = resources.files(__package__) / "static"
TYPES = {".js": "text/javascript", ".css": "text/css"}


def make_app(host: GameHost) -> Starlette:
    async def page(request) -> HTMLResponse:
        return HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"))

    async def asset(request) -> Response:
        name = request.path_params["name"]
        if name not in ("play.js", "play.css"):
            return Response("not found", status_code=404)
        return Response((STATIC / name).read_text(encoding="utf-8"),
                        media_type=TYPES[name[name.rindex("."):]])

    async def state(request) -> JSONResponse:
        return JSONResponse(host.wait(-1, 0))

    async def play(socket: WebSocket) -> None:
        await socket.accept()
        token = socket.query_params.get("token")
        await socket.send_json({"seat": host.seat_of(token)})
        pusher = asyncio.create_task(_push(socket, host))
        try:
            while True:
                message = await socket.receive_json()
                refused = host.answer(token, message.get("answer")
                                      if isinstance(message, dict) else None)
                if refused:
                    await socket.send_json({"refused": refused})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            pusher.cancel()

    return Starlette(routes=[Route("/", page), Route("/static/{name}", asset),
                             Route("/state", state), WebSocketRoute("/ws", play)])


async def _push(socket: WebSocket, host: GameHost) -> None:
    seen = -1
    while True:
        snapshot = await asyncio.to_thread(host.wait, seen, 1.0)
        if snapshot.get("version", -1) > seen:
            seen = snapshot["version"]
            await socket.send_json({"snapshot": snapshot})


__all__ = ["make_app"]
