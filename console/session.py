"""One offline session of the bot: a real RefereeBot, never logged in, fed interactions."""
from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord.webhook.async_ import async_context

from app.config import Config
from app.referee_bot import RefereeBot
from app.services import Services
from app.translator import CatalogTranslator
from console import render
from console.capture import APPLICATION_ID, BOT_USER, CapturingAdapter, ConsoleMessage
from console.parser import SUB_COMMAND, SUB_COMMAND_GROUP, parse
from console.payloads import base_payload, command_data
from dice import Roller
from i18n import UserError

SETTLE_TIMEOUT = 60.0
# Tasks that live on after a reply: view timeouts and delayed deletions. Everything else a
# command starts is awaited before its replies are returned.
_BACKGROUND = ("timeout_task_impl", "on_timeout", "inner_call")


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
    def of(cls, message: ConsoleMessage, locale: str) -> "Reply":
        return cls(message.id, message.content, [dict(e) for e in message.embeds], list(message.components),
                   message.ephemeral, list(message.files), locale)

    @property
    def controls(self) -> list[Control]:
        return render.controls(self.components)

    @property
    def text(self) -> str:
        return render.reply_text(self)


class ConsoleSession:
    def __init__(self, config: Config, *, locale: str = "ru", user: str | None = None,
                 roller: Roller | None = None, state: Any = None) -> None:
        self.config = config
        self.locale = locale
        self.user = user or config.console_user_name
        self.services = Services(config=config, roller=roller or Roller(), state=state)
        self.bot = RefereeBot(self.services)
        self.adapter = CapturingAdapter(Path(config.console_files_dir))
        self.attachments: dict[str, str] = {}       # attachment id → local path
        self.commands: list[dict[str, Any]] = []     # the tree as Discord would see it, translated

    # -- life cycle --------------------------------------------------------------------------
    async def start(self) -> "ConsoleSession":
        await self.bot._async_setup_hook()
        self.bot._connection.application_id = APPLICATION_ID
        self.bot._connection.user = discord.ClientUser(state=self.bot._connection, data=BOT_USER)
        self.bot.http.get_from_cdn = self._read_attachment  # attachments are local files here
        await self.bot.setup_hook()
        translator = CatalogTranslator()
        self.commands = [await c.get_translated_payload(self.bot.tree, translator) for c in self.bot.tree.get_commands()]
        return self

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.bot.close()

    async def __aenter__(self) -> "ConsoleSession":
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def _read_attachment(self, url: str) -> bytes:
        attachment_id = url.rsplit("/", 1)[-1]
        path = Path(self.attachments[attachment_id]).expanduser()
        try:
            return path.read_bytes()
        except OSError as exc:
            raise discord.NotFound(_FakeResponse(404), f"{path}: {exc.strerror}") from exc

    # -- what a user does --------------------------------------------------------------------
    async def run(self, line: str, *, locale: str | None = None, user: str | None = None) -> list[Reply]:
        """Type a slash command; returns the messages the bot sent or changed."""
        locale = locale or self.locale
        try:
            parsed = parse(line, self.commands)
            payload = self._payload(2, locale, user)
            payload["data"] = command_data(parsed, self.attachments)
        except UserError as error:
            return [self._local_error(error, locale)]
        return await self._dispatch(payload, locale)

    async def autocomplete(self, line: str, *, locale: str | None = None, user: str | None = None) -> list[dict[str, Any]]:
        """The choices Discord would show while typing the last option of `line`."""
        locale = locale or self.locale
        parsed = parse(line, self.commands)
        if not parsed.options:
            raise UserError("console.error.nothing_to_complete", example="console.example.autocomplete")
        focused = parsed.options[-1][0]["name"]
        payload = self._payload(4, locale, user)
        payload["data"] = command_data(parsed, self.attachments, focused=focused)
        self.adapter.autocomplete_choices = None
        await self._dispatch(payload, locale)
        return self.adapter.autocomplete_choices or []

    async def press(self, reply: Reply, number: int, *, locale: str | None = None, user: str | None = None) -> list[Reply]:
        """Press button (or choose select option) number `number` of `reply`."""
        locale = locale or self.locale
        message = self.adapter.messages[reply.message_id]
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
        self.adapter.component_message[int(payload["id"])] = message.id
        return await self._dispatch(payload, locale)

    def last_pressable(self, replies: list[Reply]) -> Reply | None:
        return next((r for r in reversed(replies) if r.controls), None)

    # -- plumbing ----------------------------------------------------------------------------
    def _payload(self, kind: int, locale: str, user: str | None) -> dict[str, Any]:
        name = user or self.user
        moderator = name in self.config.console_moderators
        payload = base_payload(kind, guild_id=self.config.console_guild_id, channel_id=self.config.console_channel_id,
                               user=name, moderator=moderator, locale=locale)
        self.adapter.interactions[int(payload["id"])] = payload
        return payload

    async def _dispatch(self, payload: dict[str, Any], locale: str) -> list[Reply]:
        async_context.set(self.adapter)
        before = asyncio.all_tasks()
        # The gateway's own entry point: the tree or the view store picks the interaction up.
        self.bot._connection.parse_interaction_create(payload)
        await self._settle(before)
        return [Reply.of(m, locale) for m in self.adapter.take()]

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

    def _local_error(self, error: UserError, locale: str) -> Reply:
        """Typing mistakes the console itself catches (unknown command, bad number…)."""
        text = error.render(locale)
        example = error.render_example(locale)
        from i18n import tr
        embed = {"title": tr("common.error_title", locale),
                 "description": text + (f"\n\n{tr('common.example', locale, example=example)}" if example else "")}
        return Reply(0, None, [embed], [], True, [], locale)


def _is_background(task: asyncio.Task) -> bool:
    name = getattr(task.get_coro(), "__qualname__", "")
    return any(part in name for part in _BACKGROUND)


class _FakeResponse:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Not Found"
