"""Messages as the loopback Discord keeps them, and the payloads Discord would return for them."""
from __future__ import annotations

import datetime as dt
import itertools
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
    """A fresh id that sorts by time, as Discord's do."""
    return discord.utils.time_snowflake(dt.datetime.now(dt.timezone.utc)) + next(_ids)


@dataclass
class StoredMessage:
    id: int
    channel_id: int
    guild_id: int | None
    interaction: dict[str, Any] | None       # {"id", "type", "name", "user"} of the interaction it answers
    author: dict[str, Any] = field(default_factory=lambda: dict(BOT_USER))
    content: str | None = None
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    files: list[Path] = field(default_factory=list)
    thinking: bool = False
    deleted: bool = False
    edited: bool = False
    allowed_mentions: dict[str, Any] | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def apply(self, data: dict[str, Any]) -> None:
        """An edit: the fields the request names replace the message's."""
        if "content" in data:
            self.content = data["content"]
        if "embeds" in data:
            self.embeds = list(data["embeds"] or [])
        if "components" in data:
            self.components = _with_ids(list(data["components"] or []))
        if "flags" in data and data["flags"] is not None:
            self.flags = (self.flags & EPHEMERAL) | int(data["flags"])
        if "allowed_mentions" in data:
            self.allowed_mentions = data["allowed_mentions"]
        if "attachments" in data:
            # Discord keeps the attachments the edit lists by id; new uploads come as files.
            kept = {str(a.get("id")) for a in data["attachments"] or []}
            pairs = [(a, f) for a, f in zip(self.attachments, self.files) if a["id"] in kept]
            self.attachments, self.files = [a for a, _ in pairs], [f for _, f in pairs]
        self.thinking = False

    def payload(self) -> dict[str, Any]:
        """The message as Discord's API and gateway send it."""
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": self.author,
            "content": self.content or "",
            "timestamp": discord.utils.snowflake_time(self.id).isoformat(),
            "edited_timestamp": dt.datetime.now(dt.timezone.utc).isoformat() if self.edited else None,
            "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": self.attachments, "embeds": self.embeds, "pinned": False,
            "type": 0 if self.interaction is None else 20, "flags": self.flags, "components": self.components,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.interaction is not None:
            # Only `interaction_metadata`: Discord has deprecated the older `interaction` field,
            # and without it discord.py matches a MESSAGE_UPDATE to the view it tracks for the
            # message, and refreshes that view from the update's components.
            data["interaction_metadata"] = {"id": self.interaction["id"], "type": self.interaction["type"],
                                            "user": self.interaction["user"],
                                            "authorizing_integration_owners": {}}
        return data


def _with_ids(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Discord numbers every component of a message it stores (API v10)."""
    counter = itertools.count(1)
    out = []
    for row in rows:
        row = dict(row)
        row.setdefault("id", next(counter))
        children = []
        for item in row.get("components", []):
            item = dict(item)
            item.setdefault("id", next(counter))
            children.append(item)
        if "components" in row:
            row["components"] = children
        out.append(row)
    return out
