"""The servers, channels and members the loopback Discord knows, as gateway payloads."""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

import discord

JOINED_AT = "2026-01-01T00:00:00+00:00"


def user_id_of(name: str) -> int:
    """A stable, snowflake-sized id for a player's name."""
    return 200000000000000000 + zlib.crc32(name.casefold().encode("utf-8"))


def user_payload(name: str) -> dict[str, Any]:
    return {"id": str(user_id_of(name)), "username": name, "discriminator": "0", "global_name": name, "avatar": None}


def member_payload(name: str, moderator: bool) -> dict[str, Any]:
    """A member as an interaction carries it, with their permissions in the channel."""
    perms = discord.Permissions.general() if moderator else discord.Permissions(send_messages=True, read_messages=True)
    if moderator:
        perms.manage_messages = True
    return {"user": user_payload(name), "roles": [], "joined_at": JOINED_AT, "deaf": False, "mute": False,
            "flags": 0, "permissions": str(perms.value), "nick": None}


@dataclass(frozen=True)
class GuildSpec:
    id: int
    channel_ids: tuple[int, ...]
    name: str = "Loopback"

    def shard(self, shard_count: int) -> int:
        """Which shard Discord routes this server's events to."""
        return (self.id >> 22) % max(1, shard_count)


def channel_payload(guild_id: int, channel_id: int) -> dict[str, Any]:
    return {"id": str(channel_id), "type": 0, "guild_id": str(guild_id), "name": f"channel-{channel_id % 1000}",
            "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None}


def guild_payload(spec: GuildSpec) -> dict[str, Any]:
    """GUILD_CREATE's data for a small server."""
    everyone = {"id": str(spec.id), "name": "@everyone", "permissions": str(discord.Permissions.general().value),
                "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
    return {
        "id": str(spec.id), "name": spec.name, "icon": None, "owner_id": str(user_id_of("owner")),
        "roles": [everyone], "emojis": [], "stickers": [], "features": [], "member_count": 2, "large": False,
        "members": [], "channels": [channel_payload(spec.id, c) for c in spec.channel_ids], "threads": [],
        "presences": [], "voice_states": [], "stage_instances": [], "guild_scheduled_events": [],
        "soundboard_sounds": [], "unavailable": False, "joined_at": JOINED_AT, "preferred_locale": "ru",
        "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
        "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0, "system_channel_flags": 0, "afk_timeout": 300,
    }
