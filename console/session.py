"""One offline session of the bot: the real bot, connected to a loopback Discord, fed interactions.

The bot starts as it does online (`bot.start(token)`: login, setup, gateway), only against the
loopback Discord of `console/loopback/`, and the console is its users: it sends what a Discord
client would make Discord send (INTERACTION_CREATE) and reads back the messages the bot made.
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.config import Config
from app.endpoints import use_discord_at
from app.referee_bot import RefereeBot
from app.services import Services
from console import render
from console.loopback import GuildSpec, LoopbackDiscord, Outcome, StoredMessage
from console.parser import fold, names_of, parse
from console.payloads import base_payload, command_data, label
from dice import Roller
from i18n import UserError, tr

SETTLE_TIMEOUT = 60.0
TOKEN = "loopback"   # the loopback Discord takes any token
# Tasks that live on after a reply: view timeouts and delayed deletions. Everything else a
# command starts is awaited before its replies are returned.
_BACKGROUND = ("timeout_task_impl", "on_timeout", "inner_call", "_delay_ready", "_run_event")


class BotStopped(RuntimeError):
    """The bot's gateway connection ended: on Discord the process would have exited."""


@dataclass
class Control:
    """A button, or one option of a select menu, numbered for pressing by typing its number."""

    number: int
    custom_id: str
    component_type: int
    label: str
    value: str | None = None
    disabled: bool = False


@dataclass
class Reply:
    """A message the bot sent or changed, as it stood when the command finished."""

    message_id: int
    content: str | None
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    ephemeral: bool
    files: list[Path]
    locale: str

    @classmethod
    def of(cls, message: StoredMessage, locale: str) -> "Reply":
        return cls(message.id, message.content, [dict(e) for e in message.embeds], list(message.components),
                   message.ephemeral, list(message.files), locale)

    @property
    def controls(self) -> list[Control]:
        return render.controls(self.components)

    @property
    def text(self) -> str:
        return render.reply_text(self)


class ConsoleSession:
    """`server`: a running loopback Discord to share (several bots, or a bot restarted against
    the same messages); by default the session starts its own."""

    def __init__(self, config: Config, *, locale: str = "ru", user: str | None = None,
                 roller: Roller | None = None, state: Any = None, server: LoopbackDiscord | None = None) -> None:
        self.config = config
        self.locale = locale
        self.user = user or config.console_user_name
        self.services = Services(config=config, roller=roller or Roller(), state=state)
        self.server = server or LoopbackDiscord([GuildSpec(config.console_guild_id, (config.console_channel_id,))],
                                                config.console_files_dir)
        self._own_server = server is None
        self.bot: RefereeBot | None = None
        self._bot_task: asyncio.Task | None = None
        self.commands: list[dict[str, Any]] = []     # the tree as Discord stores it, translated
        self._markers: dict[str, asyncio.Future] = {}
        self._marker_numbers = itertools.count(1)

    # -- life cycle --------------------------------------------------------------------------
    async def start(self) -> "ConsoleSession":
        if self._own_server:
            await asyncio.to_thread(self.server.start)
        use_discord_at(self.server.api_base, self.server.gateway_url)
        sessions = await self.server.on_server(self._session_count)
        self.bot = RefereeBot(self.services)
        self.bot.add_listener(self._on_socket_event_type, "on_socket_event_type")
        self._bot_task = asyncio.create_task(self.bot.start(TOKEN), name="console-bot")
        connected = asyncio.ensure_future(self.server.wait_connected(sessions + 1))
        await asyncio.wait([connected, self._bot_task], return_when=asyncio.FIRST_COMPLETED)
        if not connected.done():
            connected.cancel()
            self._check_alive()
        # The commands as Discord would store and show them (translated), read back from the peer.
        await self.bot.sync_commands(None)
        self.commands = await self._stored_commands()
        return self

    async def _session_count(self) -> int:
        return sum(c.ready and not c.ws.closed for c in self.server.connections)

    async def _stored_commands(self) -> list[dict[str, Any]]:
        return await self.server.on_server(self._read_commands)

    async def _read_commands(self) -> list[dict[str, Any]]:
        return list(self.server.commands.get(None, []))

    async def close(self) -> None:
        if self.bot is not None:
            with contextlib.suppress(Exception):
                await self.bot.close()
        if self._bot_task is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._bot_task, 10)
        if self._own_server:
            await asyncio.to_thread(self.server.stop)

    async def __aenter__(self) -> "ConsoleSession":
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def _while_alive(self, awaitable: Any) -> Any:
        """`await awaitable`, unless the bot stops first (then BotStopped)."""
        waiting = asyncio.ensure_future(awaitable)
        assert self._bot_task is not None
        await asyncio.wait([waiting, self._bot_task], return_when=asyncio.FIRST_COMPLETED)
        if not waiting.done():
            waiting.cancel()
            self._check_alive()
        return waiting.result()

    async def _barrier(self) -> None:
        """Until the bot has handled every gateway event sent to it so far (MESSAGE_UPDATE
        refreshes the views it tracks: a crash there must show in the command that caused it)."""
        name = f"LOOPBACK_MARKER_{id(self)}_{next(self._marker_numbers)}"
        seen = self._markers[name] = asyncio.get_running_loop().create_future()
        try:
            await self.server.send_marker(name)
            await seen
        finally:
            self._markers.pop(name, None)

    async def _on_socket_event_type(self, event_type: str) -> None:
        seen = self._markers.get(event_type)
        if seen is not None and not seen.done():
            seen.set_result(None)

    def _check_alive(self) -> None:
        task = self._bot_task
        if task is not None and task.done():
            error = None if task.cancelled() else task.exception()
            raise BotStopped(f"the bot stopped: {error!r}") from error

    # -- what a user does --------------------------------------------------------------------
    async def run(self, line: str, *, locale: str | None = None, user: str | None = None) -> list[Reply]:
        """Type a slash command; returns the messages the bot sent or changed."""
        locale = locale or self.locale
        try:
            parsed = parse(line, self.commands)
            payload = self._payload(2, locale, user)
            payload["data"] = command_data(parsed, self.server.attach)
        except UserError as error:
            return [self._local_error(error, locale)]
        return await self._dispatch(payload, locale)

    async def autocomplete(self, line: str, *, locale: str | None = None, user: str | None = None) -> list[dict[str, Any]]:
        """The choices Discord would show while typing the last option of `line`."""
        locale = locale or self.locale
        parsed = parse(line, self.commands)
        if parsed.last is None:
            raise UserError("console.error.nothing_to_complete", example="console.example.autocomplete")
        focused = parsed.last
        option = next(o for o, _ in parsed.options if o["name"] == focused)
        if not option.get("autocomplete"):
            # Discord lists an option's fixed choices itself and asks the bot only for the others.
            typed = fold(dict((o["name"], raw) for o, raw in parsed.options)[focused])
            if option.get("choices"):
                return [c for c in option["choices"] if any(typed in name for name in names_of(c))]
            raise UserError("console.error.no_autocomplete", example="console.example.autocomplete",
                            option=label(option))
        payload = self._payload(4, locale, user)
        payload["data"] = command_data(parsed, self.server.attach, focused=focused)
        await self._dispatch(payload, locale)
        return await self.server.on_server(self._autocomplete_result, int(payload["id"]))

    async def _autocomplete_result(self, interaction_id: int) -> list[dict[str, Any]]:
        return self.server.autocomplete_results.get(interaction_id, [])

    async def press(self, reply: Reply, number: int, *, locale: str | None = None, user: str | None = None) -> list[Reply]:
        """Press button (or choose select option) number `number` of `reply`."""
        locale = locale or self.locale
        message = await self.server.message(reply.message_id)
        current = Reply.of(message, locale)
        control = next((c for c in current.controls if c.number == number), None)
        if control is None or control.disabled:
            return [self._local_error(UserError("console.error.no_such_control", number=number,
                                               example="console.example.press"), locale)]
        payload = self._payload(3, locale, user)
        payload["message"] = message.payload()
        payload["data"] = {"custom_id": control.custom_id, "component_type": control.component_type}
        if control.value is not None:
            payload["data"]["values"] = [control.value]
        return await self._dispatch(payload, locale)

    def last_pressable(self, replies: list[Reply]) -> Reply | None:
        return next((r for r in reversed(replies) if r.controls), None)

    # -- plumbing ----------------------------------------------------------------------------
    def _payload(self, kind: int, locale: str, user: str | None) -> dict[str, Any]:
        name = user or self.user
        moderator = name in self.config.console_moderators
        return base_payload(kind, guild_id=self.config.console_guild_id, channel_id=self.config.console_channel_id,
                            user=name, moderator=moderator, locale=locale)

    async def _dispatch(self, payload: dict[str, Any], locale: str) -> list[Reply]:
        self._check_alive()
        before = asyncio.all_tasks()
        outcome = await self._while_alive(self.server.interact(payload))
        await self._settle(before)
        await self._while_alive(self._barrier())   # the gateway events the command caused are handled too
        replies = [Reply.of(m, locale) for m in await self.server.take_touched()]
        if not outcome.acked and payload["type"] != 4:
            replies.append(self._failed(outcome, locale))
        return replies

    async def _settle(self, before: set[asyncio.Task]) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SETTLE_TIMEOUT
        while True:
            pending = [t for t in asyncio.all_tasks() - before
                       if not t.done() and t is not asyncio.current_task() and not _is_background(t)]
            if not pending:
                return
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError("the command did not finish within %.0f s" % SETTLE_TIMEOUT)
            await asyncio.wait(pending, timeout=remaining)

    def _failed(self, outcome: Outcome, locale: str) -> Reply:
        """What Discord shows when an interaction isn't acknowledged within 3 seconds."""
        return Reply(0, None, [{"title": tr("console.interaction_failed", locale)}], [], True, [], locale)

    def _local_error(self, error: UserError, locale: str) -> Reply:
        """Typing mistakes the console itself catches (unknown command, bad number…)."""
        text = error.render(locale)
        example = error.render_example(locale)
        embed = {"title": tr("common.error_title", locale),
                 "description": text + (f"\n\n{tr('common.example', locale, example=example)}" if example else "")}
        return Reply(0, None, [embed], [], True, [], locale)


def _is_background(task: asyncio.Task) -> bool:
    name = getattr(task.get_coro(), "__qualname__", "")
    return task.get_name() == "console-bot" or any(part in name for part in _BACKGROUND)
