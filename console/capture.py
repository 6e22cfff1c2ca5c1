"""Capturing what the bot sends, at discord.py's webhook adapter seam.

Every interaction response, follow-up and edit goes through `AsyncWebhookAdapter`; this
adapter records them as `ConsoleMessage`s instead of calling Discord, and answers with the
payloads Discord would return so discord.py carries on exactly as it does online.
"""
from __future__ import annotations

import datetime as dt
import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

EPHEMERAL = 64
APPLICATION_ID = 900000000000000001
BOT_USER = {"id": str(APPLICATION_ID), "username": "Referee", "discriminator": "0", "global_name": "Referee",
            "avatar": None, "bot": True}

_ids = itertools.count(1)


def new_snowflake() -> int:
    return discord.utils.time_snowflake(dt.datetime.now(dt.timezone.utc)) + next(_ids)


@dataclass
class ConsoleMessage:
    id: int
    interaction_id: int
    channel_id: int
    user: dict[str, Any]
    content: str | None = None
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    files: list[Path] = field(default_factory=list)
    thinking: bool = False
    deleted: bool = False

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def apply(self, data: dict[str, Any]) -> None:
        if "content" in data:
            self.content = data["content"]
        if "embeds" in data:
            self.embeds = list(data["embeds"] or [])
        if "components" in data:
            self.components = list(data["components"] or [])
        if "flags" in data and data["flags"] is not None:
            self.flags = (self.flags & EPHEMERAL) | int(data["flags"])
        self.thinking = False

    def payload(self) -> dict[str, Any]:
        """The message as Discord's API would return it."""
        return {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": BOT_USER, "content": self.content or "",
            "timestamp": dt.datetime.now(dt.timezone.utc).isoformat(), "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [], "embeds": self.embeds,
            "pinned": False, "type": 20, "flags": self.flags, "components": self.components,
            "interaction_metadata": {"id": str(self.interaction_id), "type": 2, "user": self.user,
                                     "authorizing_integration_owners": {}},
        }


class CapturingAdapter:
    """Stands in for `discord.webhook.async_.AsyncWebhookAdapter`."""

    def __init__(self, files_dir: Path) -> None:
        self.files_dir = files_dir
        self.messages: dict[int, ConsoleMessage] = {}
        self.touched: list[ConsoleMessage] = []          # created or changed since the last take()
        self.autocomplete_choices: list[dict[str, Any]] | None = None
        self.modals: list[dict[str, Any]] = []
        self.interactions: dict[int, dict[str, Any]] = {}  # interaction id → its payload
        self.original: dict[int, ConsoleMessage] = {}      # interaction id → its response message
        self.component_message: dict[int, int] = {}        # component interaction id → message id

    def take(self) -> list[ConsoleMessage]:
        seen: dict[int, ConsoleMessage] = {}
        for message in self.touched:
            seen[message.id] = message
        self.touched = []
        return [m for m in seen.values() if not m.deleted]

    def _touch(self, message: ConsoleMessage) -> ConsoleMessage:
        self.messages[message.id] = message
        self.touched.append(message)
        return message

    def _interaction_of(self, token: str) -> int:
        return int(token.rsplit("-", 1)[-1])

    def _new_message(self, interaction_id: int, data: dict[str, Any], flags: int = 0) -> ConsoleMessage:
        source = self.interactions[interaction_id]
        user = (source.get("member") or {}).get("user") or source.get("user") or {}
        message = ConsoleMessage(new_snowflake(), interaction_id, int(source["channel_id"]), user,
                                 flags=int(data.get("flags") or flags))
        message.apply(data)
        return message

    def _save_files(self, message: ConsoleMessage, files: Any) -> None:
        for file in files or ():
            self.files_dir.mkdir(parents=True, exist_ok=True)
            target = self.files_dir / Path(file.filename).name
            file.reset()
            target.write_bytes(file.fp.read())
            message.files.append(target)

    @staticmethod
    def _body(payload: dict[str, Any] | None, multipart: list[dict[str, Any]] | None) -> dict[str, Any]:
        if payload is not None:
            return payload
        for part in multipart or ():
            if part.get("name") == "payload_json":
                return json.loads(part["value"])
        return {}

    # -- the adapter's API -------------------------------------------------------------------
    async def create_interaction_response(self, interaction_id: int, token: str, *, session: Any = None,
                                          proxy: Any = None, proxy_auth: Any = None, params: Any) -> dict[str, Any]:
        body = self._body(params.payload, params.multipart)
        kind, data = body.get("type"), body.get("data") or {}
        answer: dict[str, Any] = {"interaction": {"id": str(interaction_id), "type": 2}}
        message: ConsoleMessage | None = None
        if kind == 4:  # CHANNEL_MESSAGE_WITH_SOURCE
            message = self._touch(self._new_message(interaction_id, data))
            self._save_files(message, params.files)
            self.original[interaction_id] = message
        elif kind == 5:  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ("thinking…")
            message = self._new_message(interaction_id, {}, flags=int(data.get("flags") or 0))
            message.thinking = True
            self.messages[message.id] = message
            self.original[interaction_id] = message
            answer["interaction"]["response_message_loading"] = True
        elif kind == 7:  # UPDATE_MESSAGE of the message the component is on
            message = self._touch(self.messages[self.component_message[interaction_id]])
            message.apply(data)
            self._save_files(message, params.files)
            self.original[interaction_id] = message
        elif kind == 6:  # DEFERRED_UPDATE_MESSAGE: nothing visible changes
            if interaction_id in self.component_message:
                self.original[interaction_id] = self.messages[self.component_message[interaction_id]]
        elif kind == 8:  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
            self.autocomplete_choices = list(data.get("choices") or [])
        elif kind == 9:  # MODAL
            self.modals.append(data)
        if message is not None:
            answer["interaction"]["response_message_id"] = str(message.id)
            answer["interaction"]["response_message_ephemeral"] = message.ephemeral
            if kind in (4, 7):
                answer["resource"] = {"type": kind, "message": message.payload()}
        return answer

    async def execute_webhook(self, webhook_id: int, token: str, *, session: Any = None, proxy: Any = None,
                              proxy_auth: Any = None, payload: Any = None, multipart: Any = None, files: Any = None,
                              thread_id: Any = None, wait: bool = False, with_components: bool = False) -> dict[str, Any]:
        interaction_id = self._interaction_of(token)
        message = self._touch(self._new_message(interaction_id, self._body(payload, multipart)))
        self._save_files(message, files)
        return message.payload()

    async def get_original_interaction_response(self, application_id: int, token: str, **_: Any) -> dict[str, Any]:
        return self.original[self._interaction_of(token)].payload()

    async def edit_original_interaction_response(self, application_id: int, token: str, *, session: Any = None,
                                                 proxy: Any = None, proxy_auth: Any = None, payload: Any = None,
                                                 multipart: Any = None, files: Any = None) -> dict[str, Any]:
        message = self._touch(self.original[self._interaction_of(token)])
        message.apply(self._body(payload, multipart))
        self._save_files(message, files)
        return message.payload()

    async def delete_original_interaction_response(self, application_id: int, token: str, **_: Any) -> None:
        self.original[self._interaction_of(token)].deleted = True

    async def get_webhook_message(self, webhook_id: int, token: str, message_id: int, **_: Any) -> dict[str, Any]:
        return self.messages[int(message_id)].payload()

    async def edit_webhook_message(self, webhook_id: int, token: str, message_id: int, *, session: Any = None,
                                   proxy: Any = None, proxy_auth: Any = None, payload: Any = None, multipart: Any = None,
                                   files: Any = None, thread_id: Any = None, with_components: bool = False) -> dict[str, Any]:
        message = self._touch(self.messages[int(message_id)])
        message.apply(self._body(payload, multipart))
        self._save_files(message, files)
        return message.payload()

    async def delete_webhook_message(self, webhook_id: int, token: str, message_id: int, **_: Any) -> None:
        self.messages[int(message_id)].deleted = True
