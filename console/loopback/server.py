"""A stand-in for Discord on loopback: the gateway websocket and the REST API a bot uses.

The console, the tests and the benchmarks run the real bot against this peer, connected the
way it connects to Discord (`app/endpoints.py` points discord.py here), so what the bot does
crosses a real socket and is answered as Discord answers it:

- interactions arrive as INTERACTION_CREATE on the shard that owns their server, and must be
  acknowledged within Discord's 3 seconds, measured on this server's clock; a late or second
  acknowledgement gets Discord's error;
- every message the bot creates or edits in a server channel comes back as MESSAGE_CREATE /
  MESSAGE_UPDATE (not for ephemeral messages, as on Discord), which is what discord.py uses to
  refresh the views it tracks;
- a deferred "thinking…" reply is replaced by the first follow-up, as on Discord.

It runs in a thread of its own with its own event loop, as a network peer would: a bot that
blocks its own event loop can't slow it down. Everything a caller on another loop uses is an
awaitable wrapper over the server's loop (`await server.interact(payload)`).
"""
from __future__ import annotations

import asyncio
import itertools
import json
import logging
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Coroutine, TypeVar

from aiohttp import BodyPartReader, WSMsgType, web

from console.loopback.guilds import GuildSpec, guild_payload, user_id_of, user_payload
from console.loopback.messages import APPLICATION_ID, BOT_USER, StoredMessage, new_snowflake

log = logging.getLogger(__name__)
T = TypeVar("T")

DEADLINE = 3.0                      # seconds Discord gives an interaction to be acknowledged
TOKEN_LIFETIME = 15 * 60            # follow-ups and edits stay possible this long
GUILD_MESSAGES_INTENT = 1 << 9
HEARTBEAT_INTERVAL_MS = 41_250     # as Discord's
EVENT_LAG = 0.02                    # seconds a message event trails the REST answer that caused it

# Gateway opcodes
DISPATCH, HEARTBEAT, IDENTIFY, RESUME, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 9, 10, 11


def _dumps(data: Any) -> str:
    """JSON as Discord sends it: UTF-8, with what UTF-8 can't carry (a lone surrogate a user
    typed) escaped as \\uXXXX."""
    text = json.dumps(data, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data)
    return text


def _json(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py reads the body as JSON only then.
    return web.Response(body=_dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json"})


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"code": code, "message": message}, status)


@dataclass
class Connection:
    """One gateway session (a shard of one bot process). What it is sent goes out in order from
    one queue; events about messages wait `EVENT_LAG` first, as Discord's gateway events trail
    its REST answers (a bot sees the answer to its edit before the MESSAGE_UPDATE it causes)."""

    ws: web.WebSocketResponse
    number: int
    shard_id: int = 0
    shard_count: int = 1
    intents: int = 0
    sequence: int = 0
    ready: bool = False
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    sender: asyncio.Task | None = None

    def start(self) -> None:
        self.sender = asyncio.get_running_loop().create_task(self._send_loop())

    async def _send_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            not_before, payload, sent = await self.outbox.get()
            delay = not_before - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            if payload.get("op") == DISPATCH:
                self.sequence += 1
                payload["s"] = self.sequence
            try:
                await self.ws.send_str(_dumps(payload))
            except ConnectionError:
                pass
            if not sent.done():
                sent.set_result(loop.time())

    def queue(self, payload: dict[str, Any], lag: float = 0.0) -> asyncio.Future:
        """Send `payload` after everything queued before it (and at least `lag` s from now);
        the future gives the loop time it went out."""
        loop = asyncio.get_running_loop()
        sent = loop.create_future()
        self.outbox.put_nowait((loop.time() + lag, payload, sent))
        return sent

    async def send(self, payload: dict[str, Any]) -> float:
        return await self.queue(payload)

    async def dispatch(self, event: str, data: dict[str, Any], lag: float = 0.0) -> float:
        return await self.queue({"op": DISPATCH, "t": event, "d": data}, lag)

    def close(self) -> None:
        if self.sender is not None:
            self.sender.cancel()


@dataclass
class Interaction:
    """What the server remembers of one interaction it sent."""

    payload: dict[str, Any]
    sent_at: float
    connection: int
    acked_at: float | None = None
    response_type: int | None = None
    expired: bool = False
    original_id: int | None = None
    done: asyncio.Future | None = None

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def token(self) -> str:
        return self.payload["token"]


@dataclass(frozen=True)
class Outcome:
    """How an interaction was answered: `acked` within the deadline (after `latency` seconds,
    with response `response_type`), or not at all (`acked` False: "This interaction failed")."""

    interaction_id: int
    acked: bool
    latency: float | None
    response_type: int | None
    session: int | None = None          # which gateway session (bot process / shard) it went to


class LoopbackDiscord:
    def __init__(self, guilds: list[GuildSpec], files_dir: Path | str, *, deadline: float = DEADLINE,
                 recommended_shards: int = 1) -> None:
        self.guilds = {g.id: g for g in guilds}
        self.files_dir = Path(files_dir)
        self.deadline = deadline
        self.recommended_shards = recommended_shards
        self.port = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self.connections: list[Connection] = []
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, int] = {}
        self.messages: dict[int, StoredMessage] = {}
        self.touched: list[int] = []
        self.commands: dict[int | None, list[dict[str, Any]]] = {}    # guild id (None: global) → commands
        self.attachments: dict[str, Path] = {}
        self.unhandled: list[str] = []                                  # requests Discord would answer, we don't
        self.autocomplete_results: dict[int, list[dict[str, Any]]] = {}  # interaction id → choices
        self.modals: dict[int, dict[str, Any]] = {}
        self._numbers = itertools.count(1)
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._runner: web.AppRunner | None = None
        self._connected: asyncio.Condition | None = None

    # ---- life cycle (any thread) ----------------------------------------------------------------
    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def start(self) -> "LoopbackDiscord":
        self._thread = threading.Thread(target=self._run, name="loopback-discord", daemon=True)
        self._thread.start()
        if not self._started.wait(10):
            raise RuntimeError("the loopback Discord did not start")
        return self

    def stop(self) -> None:
        if self.loop is None or self._thread is None:
            return
        asyncio.run_coroutine_threadsafe(self._shutdown(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop = None

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._serve())
        self._started.set()
        self.loop.run_forever()
        self.loop.close()

    async def _serve(self) -> None:
        self._connected = asyncio.Condition()
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_get("/attachments/{id}/{filename}", self._attachment)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def _shutdown(self) -> None:
        for connection in list(self.connections):
            await connection.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def call(self, coro_fn: Callable[..., Coroutine[Any, Any, T]], *args: Any) -> Future:
        """Run `coro_fn(*args)` on the server's loop; a concurrent Future of its result."""
        assert self.loop is not None, "start() the server first"
        return asyncio.run_coroutine_threadsafe(coro_fn(*args), self.loop)

    async def on_server(self, coro_fn: Callable[..., Coroutine[Any, Any, T]], *args: Any) -> T:
        """`call`, awaited from another event loop."""
        return await asyncio.wrap_future(self.call(coro_fn, *args))

    # ---- what a user does (await from any loop) ------------------------------------------------
    async def wait_connected(self, sessions: int = 1, timeout: float = 30) -> None:
        """Until `sessions` gateway sessions have identified (a bot per shard it runs)."""
        await self.on_server(self._wait_connected, sessions, timeout)

    async def interact(self, payload: dict[str, Any], *, via: int | None = None) -> Outcome:
        """Send an INTERACTION_CREATE to the session that owns its server (or session number
        `via`) and wait until it is acknowledged or the deadline passes."""
        return await self.on_server(self._interact, payload, via)

    async def send(self, payload: dict[str, Any], *, via: int | None = None) -> Outcome:
        """Like `interact`, but returns as soon as the interaction is on the wire: `await` the
        outcome later with `outcome(interaction_id)`. For bursts."""
        return await self.on_server(self._send_only, payload, via)

    async def outcome(self, interaction_id: int) -> Outcome:
        return await self.on_server(self._outcome, interaction_id)

    async def send_marker(self, event: str) -> None:
        """Send every session a dispatch of an event type no Discord event has, behind everything
        queued for it so far. discord.py parses events in order and announces each event type
        to `on_socket_event_type` listeners before parsing it, so a bot that has announced the
        marker has handled every event sent before it (see `ConsoleSession._barrier`)."""
        await self.on_server(self._send_marker, event)

    async def sessions(self) -> dict[int, tuple[int, int]]:
        """Live gateway sessions: number → (shard id, shard count)."""
        return await self.on_server(self._sessions)

    async def _sessions(self) -> dict[int, tuple[int, int]]:
        return {c.number: (c.shard_id, c.shard_count) for c in self.connections if c.ready and not c.ws.closed}

    async def take_touched(self) -> list[StoredMessage]:
        """Messages created or changed since the last call, oldest first (copies)."""
        return await self.on_server(self._take_touched)

    async def message(self, message_id: int) -> StoredMessage:
        return await self.on_server(self._message_copy, message_id)

    def attach(self, path: Path | str) -> dict[str, Any]:
        """An attachment a user uploads with a command: its payload (the URL serves the file)."""
        attachment_id = str(new_snowflake())
        path = Path(path).expanduser()
        self.attachments[attachment_id] = path
        size = path.stat().st_size if path.is_file() else 0
        url = f"http://127.0.0.1:{self.port}/attachments/{attachment_id}/{path.name}"
        return {"id": attachment_id, "filename": path.name, "size": size, "url": url, "proxy_url": url,
                "content_type": "application/json"}

    # ---- server-side implementations --------------------------------------------------------------
    async def _wait_connected(self, sessions: int, timeout: float) -> None:
        assert self._connected is not None
        async with self._connected:
            await asyncio.wait_for(self._connected.wait_for(
                lambda: sum(c.ready for c in self.connections) >= sessions), timeout)

    def _route(self, payload: dict[str, Any], via: int | None) -> Connection:
        live = [c for c in self.connections if c.ready and not c.ws.closed]
        if via is not None:
            found = [c for c in live if c.number == via]
        else:
            guild_id = int(payload.get("guild_id") or 0)
            spec = self.guilds.get(guild_id)
            found = [c for c in live if spec is None or spec.shard(c.shard_count) == c.shard_id]
        if not found:
            raise RuntimeError("no gateway session serves this interaction's server")
        return found[-1]

    async def _send_only(self, payload: dict[str, Any], via: int | None) -> Outcome:
        connection = self._route(payload, via)
        loop = asyncio.get_running_loop()
        record = Interaction(payload, 0.0, connection.number, done=loop.create_future())
        self.interactions[record.id] = record
        self.by_token[record.token] = record.id
        record.sent_at = await connection.dispatch("INTERACTION_CREATE", payload)
        loop.call_later(self.deadline, self._expire, record)
        return Outcome(record.id, False, None, None)

    async def _interact(self, payload: dict[str, Any], via: int | None) -> Outcome:
        sent = await self._send_only(payload, via)
        return await self._outcome(sent.interaction_id)

    async def _outcome(self, interaction_id: int) -> Outcome:
        record = self.interactions[interaction_id]
        assert record.done is not None
        await asyncio.shield(record.done)
        return self._outcome_of(record)

    @staticmethod
    def _outcome_of(record: Interaction) -> Outcome:
        latency = None if record.acked_at is None else record.acked_at - record.sent_at
        return Outcome(record.id, record.acked_at is not None, latency, record.response_type, record.connection)

    def _expire(self, record: Interaction) -> None:
        if record.acked_at is None:
            record.expired = True
            if record.done is not None and not record.done.done():
                record.done.set_result(None)

    async def _send_marker(self, event: str) -> None:
        for connection in self.connections:
            if connection.ready and not connection.ws.closed:
                connection.queue({"op": DISPATCH, "t": event, "d": {}})

    async def _take_touched(self) -> list[StoredMessage]:
        ids = list(dict.fromkeys(self.touched))
        self.touched = []
        return [self._copy(self.messages[i]) for i in ids if i in self.messages and not self.messages[i].deleted]

    async def _message_copy(self, message_id: int) -> StoredMessage:
        return self._copy(self.messages[message_id])

    @staticmethod
    def _copy(message: StoredMessage) -> StoredMessage:
        return StoredMessage(**{**message.__dict__, "embeds": [dict(e) for e in message.embeds],
                                "components": list(message.components), "files": list(message.files)})

    # ---- the gateway -------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        connection = Connection(ws, next(self._numbers))
        connection.start()
        self.connections.append(connection)
        await connection.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        try:
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(message.data)
                op = frame.get("op")
                if op == IDENTIFY:
                    await self._identify(connection, frame.get("d") or {})
                elif op == HEARTBEAT:
                    connection.queue({"op": HEARTBEAT_ACK})
                elif op == RESUME:   # sessions aren't kept: start again, as Discord does for a stale one
                    await connection.send({"op": INVALID_SESSION, "d": False})
        finally:
            connection.close()
            self.connections.remove(connection)
        return ws

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> None:
        shard = data.get("shard") or [0, 1]
        connection.shard_id, connection.shard_count = int(shard[0]), int(shard[1])
        connection.intents = int(data.get("intents") or 0)
        mine = [g for g in self.guilds.values() if g.shard(connection.shard_count) == connection.shard_id]
        await connection.dispatch("READY", {
            "v": 10, "user": BOT_USER, "guilds": [{"id": str(g.id), "unavailable": True} for g in mine],
            "session_id": f"loopback-{connection.number}", "resume_gateway_url": self.gateway_url,
            "shard": [connection.shard_id, connection.shard_count],
            "application": {"id": str(APPLICATION_ID), "flags": 0},
            "private_channels": [], "relationships": [], "presences": [], "guild_join_requests": [],
            "geo_ordered_rtc_regions": [], "user_settings": {},
        })
        for spec in mine:
            await connection.dispatch("GUILD_CREATE", guild_payload(spec))
        connection.ready = True
        assert self._connected is not None
        async with self._connected:
            self._connected.notify_all()

    async def _broadcast_message(self, event: str, message: StoredMessage) -> None:
        """MESSAGE_CREATE/UPDATE to the sessions that see the message's server (never ephemeral)."""
        if message.ephemeral or message.guild_id is None:
            return
        spec = self.guilds.get(message.guild_id)
        for connection in list(self.connections):
            if not connection.ready or not connection.intents & GUILD_MESSAGES_INTENT:
                continue
            if spec is not None and spec.shard(connection.shard_count) != connection.shard_id:
                continue
            connection.queue({"op": DISPATCH, "t": event, "d": message.payload()}, EVENT_LAG)

    # ---- REST --------------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.StreamResponse:
        parts = [p for p in request.match_info["tail"].split("/") if p]
        method = request.method
        try:
            handler = self._handler(method, parts)
            if handler is None:
                self.unhandled.append(f"{method} /{'/'.join(parts)}")
                log.warning("loopback Discord: no route for %s /%s", method, "/".join(parts))
                return _error(404, 0, "404: Not Found")
            return await handler(request, parts)
        except Exception:
            log.exception("loopback Discord: %s /%s failed", method, "/".join(parts))
            return _error(500, 0, "500: Internal Server Error")

    def _handler(self, method: str, parts: list[str]):
        match parts:
            case ["users", "@me"] if method == "GET":
                return self._me
            case ["gateway"] | ["gateway", "bot"] if method == "GET":
                return self._gateway_info
            case ["oauth2", "applications", "@me"] | ["applications", "@me"] if method == "GET":
                return self._application
            case ["interactions", _, _, "callback"] if method == "POST":
                return self._callback
            case ["webhooks", _, _] if method == "POST":
                return self._followup
            case ["webhooks", _, _, "messages", _] if method in ("GET", "PATCH", "DELETE"):
                return self._webhook_message
            case ["channels", _, "messages"] if method == "POST":
                return self._channel_post
            case ["channels", _, "messages", _] if method in ("GET", "PATCH", "DELETE"):
                return self._channel_message
            case ["applications", _, "commands"] | ["applications", _, "guilds", _, "commands"] \
                    if method in ("GET", "PUT"):
                return self._commands
        return None

    async def _me(self, request: web.Request, parts: list[str]) -> web.Response:
        return _json(BOT_USER)

    async def _gateway_info(self, request: web.Request, parts: list[str]) -> web.Response:
        return _json({"url": self.gateway_url, "shards": self.recommended_shards,
                                  "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0,
                                                          "max_concurrency": 1}})

    async def _application(self, request: web.Request, parts: list[str]) -> web.Response:
        return _json({
            "id": str(APPLICATION_ID), "name": "Referee", "icon": None, "description": "", "summary": "",
            "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64, "flags": 0,
            "owner": {**user_payload("owner"), "id": str(user_id_of("owner"))}, "team": None})

    async def _attachment(self, request: web.Request) -> web.StreamResponse:
        path = self.attachments.get(request.match_info["id"])
        if path is None or not path.is_file():
            return web.Response(status=404, text="404: Not Found")
        return web.Response(body=path.read_bytes(), content_type="application/octet-stream")

    async def _body(self, request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
        """A request's JSON payload and its files (multipart, as discord.py sends uploads)."""
        if not request.content_type.startswith("multipart/"):
            text = await request.text()
            return (json.loads(text) if text else {}), []
        payload: dict[str, Any] = {}
        files: list[tuple[str, bytes]] = []
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):       # Discord never nests multiparts
                continue
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            else:
                files.append((part.filename or "file", bytes(await part.read())))
        return payload, files

    def _save_files(self, message: StoredMessage, files: list[tuple[str, bytes]]) -> None:
        for name, content in files:
            self.files_dir.mkdir(parents=True, exist_ok=True)
            target = self.files_dir / Path(name).name
            target.write_bytes(content)
            attachment_id = str(new_snowflake())
            self.attachments[attachment_id] = target
            url = f"http://127.0.0.1:{self.port}/attachments/{attachment_id}/{target.name}"
            message.files.append(target)
            message.attachments.append({"id": attachment_id, "filename": target.name, "size": len(content),
                                        "url": url, "proxy_url": url})

    def _new_message(self, record: Interaction, data: dict[str, Any]) -> StoredMessage:
        source = record.payload
        user = (source.get("member") or {}).get("user") or source.get("user") or {}
        guild_id = int(source["guild_id"]) if source.get("guild_id") else None
        message = StoredMessage(new_snowflake(), int(source["channel_id"]), guild_id,
                                {"id": str(record.id), "type": source["type"],
                                 "name": (source.get("data") or {}).get("name", ""), "user": user},
                                flags=int(data.get("flags") or 0))
        message.apply(data)
        self.messages[message.id] = message
        return message

    def _touch(self, message: StoredMessage) -> StoredMessage:
        self.touched.append(message.id)
        return message

    def _live_token(self, token: str) -> Interaction | None:
        interaction_id = self.by_token.get(token)
        record = self.interactions.get(interaction_id) if interaction_id is not None else None
        if record is None or record.acked_at is None:
            return None
        if asyncio.get_running_loop().time() - record.sent_at > TOKEN_LIFETIME:
            return None
        return record

    async def _callback(self, request: web.Request, parts: list[str]) -> web.Response:
        record = self.interactions.get(int(parts[1])) if parts[1].isdigit() else None
        if record is None or record.token != parts[2] or record.expired:
            return _error(404, 10062, "Unknown interaction")
        if record.acked_at is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        now = asyncio.get_running_loop().time()
        if now - record.sent_at > self.deadline:
            self._expire(record)
            return _error(404, 10062, "Unknown interaction")
        body, files = await self._body(request)
        kind, data = body.get("type"), body.get("data") or {}
        record.acked_at, record.response_type = now, kind
        answer: dict[str, Any] = {"interaction": {"id": str(record.id), "type": record.payload["type"]}}
        message: StoredMessage | None = None
        component_message = int(record.payload["message"]["id"]) if record.payload.get("message") else None
        if kind == 4:        # CHANNEL_MESSAGE_WITH_SOURCE
            message = self._touch(self._new_message(record, data))
            self._save_files(message, files)
            await self._broadcast_message("MESSAGE_CREATE", message)
        elif kind == 5:      # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: "thinking…"
            message = self._new_message(record, {"flags": data.get("flags")})
            message.thinking = True
            answer["interaction"]["response_message_loading"] = True
        elif kind == 7 and component_message in self.messages:     # UPDATE_MESSAGE
            message = self._touch(self.messages[component_message])
            message.apply(data)
            message.edited = True
            self._save_files(message, files)
            await self._broadcast_message("MESSAGE_UPDATE", message)
        elif kind == 6 and component_message in self.messages:     # DEFERRED_UPDATE_MESSAGE
            message = self.messages[component_message]
        elif kind not in (8, 9):  # 8: autocomplete result, 9: modal
            return _error(400, 50035, "Invalid Form Body")
        if kind == 8:
            self.autocomplete_results[record.id] = list(data.get("choices") or [])
        if kind == 9:
            self.modals[record.id] = data
        if message is not None:
            record.original_id = message.id
            answer["interaction"]["response_message_id"] = str(message.id)
            answer["interaction"]["response_message_ephemeral"] = message.ephemeral
            if kind in (4, 7):
                answer["resource"] = {"type": kind, "message": message.payload()}
        assert record.done is not None
        if not record.done.done():
            record.done.set_result(None)
        return _json(answer)

    async def _followup(self, request: web.Request, parts: list[str]) -> web.Response:
        record = self._live_token(parts[2])
        if record is None:
            return _error(404, 10015, "Unknown Webhook")
        body, files = await self._body(request)
        original = self.messages.get(record.original_id) if record.original_id else None
        if original is not None and original.thinking:
            # After a deferral the first follow-up takes the place of "thinking…".
            message = self._touch(original)
            message.apply(body)
            self._save_files(message, files)
            await self._broadcast_message("MESSAGE_CREATE", message)
        else:
            message = self._touch(self._new_message(record, body))
            self._save_files(message, files)
            await self._broadcast_message("MESSAGE_CREATE", message)
        return _json(message.payload())

    async def _webhook_message(self, request: web.Request, parts: list[str]) -> web.Response:
        record = self._live_token(parts[2])
        if record is None:
            return _error(404, 10015, "Unknown Webhook")
        target = record.original_id if parts[4] == "@original" else (int(parts[4]) if parts[4].isdigit() else None)
        message = self.messages.get(target) if target is not None else None
        if message is None or message.deleted:
            return _error(404, 10008, "Unknown Message")
        return await self._message_verb(request, message)

    async def _message_verb(self, request: web.Request, message: StoredMessage) -> web.Response:
        if request.method == "GET":
            return _json(message.payload())
        if request.method == "DELETE":
            message.deleted = True
            return web.Response(status=204)
        body, files = await self._body(request)
        was_thinking = message.thinking
        message.apply(body)
        message.edited = not was_thinking
        self._save_files(message, files)
        self._touch(message)
        await self._broadcast_message("MESSAGE_CREATE" if was_thinking else "MESSAGE_UPDATE", message)
        return _json(message.payload())

    async def _channel_post(self, request: web.Request, parts: list[str]) -> web.Response:
        body, files = await self._body(request)
        channel_id = int(parts[1])
        guild_id = next((g.id for g in self.guilds.values() if channel_id in g.channel_ids), None)
        message = StoredMessage(new_snowflake(), channel_id, guild_id, None)
        message.apply(body)
        self.messages[message.id] = message
        self._save_files(message, files)
        self._touch(message)
        await self._broadcast_message("MESSAGE_CREATE", message)
        return _json(message.payload())

    async def _channel_message(self, request: web.Request, parts: list[str]) -> web.Response:
        message = self.messages.get(int(parts[3])) if parts[3].isdigit() else None
        if message is None or message.deleted or message.ephemeral:
            return _error(404, 10008, "Unknown Message")
        return await self._message_verb(request, message)

    async def _commands(self, request: web.Request, parts: list[str]) -> web.Response:
        guild = int(parts[3]) if len(parts) == 5 else None
        if request.method == "PUT":
            body, _ = await self._body(request)
            stored: list[dict[str, Any]] = []
            for sent in body:
                command: dict[str, Any] = dict(sent)
                command.setdefault("id", str(new_snowflake()))
                command["application_id"] = str(APPLICATION_ID)
                command.setdefault("version", "1")
                if guild is not None:
                    command["guild_id"] = str(guild)
                stored.append(command)
            self.commands[guild] = stored
        return _json(self.commands.get(guild, []))
