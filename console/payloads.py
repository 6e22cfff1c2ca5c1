"""Interaction payloads shaped as Discord's gateway sends them (INTERACTION_CREATE)."""
from __future__ import annotations

import zlib
from typing import Any

import discord

from console.capture import APPLICATION_ID, new_snowflake
from console.parser import fold, names_of
from console.parser import ATTACHMENT, BOOLEAN, INTEGER, NUMBER, SUB_COMMAND, SUB_COMMAND_GROUP, USER, ParsedCommand
from i18n import UserError

JOINED_AT = "2026-01-01T00:00:00+00:00"
TRUE_WORDS = {"true", "yes", "y", "1", "да", "д", "on", "+"}
FALSE_WORDS = {"false", "no", "n", "0", "нет", "н", "off", "-"}


def user_id_of(name: str) -> int:
    """A stable, snowflake-sized id for a console player's name."""
    return 200000000000000000 + zlib.crc32(name.casefold().encode("utf-8"))


def user_payload(name: str) -> dict[str, Any]:
    return {"id": str(user_id_of(name)), "username": name, "discriminator": "0", "global_name": name, "avatar": None}


def member_payload(name: str, moderator: bool) -> dict[str, Any]:
    perms = discord.Permissions.general() if moderator else discord.Permissions(send_messages=True, read_messages=True)
    if moderator:
        perms.manage_messages = True
    return {"user": user_payload(name), "roles": [], "joined_at": JOINED_AT, "deaf": False, "mute": False,
            "flags": 0, "permissions": str(perms.value), "nick": None}


def channel_payload(guild_id: int, channel_id: int) -> dict[str, Any]:
    return {"id": str(channel_id), "type": 0, "guild_id": str(guild_id), "name": "console", "position": 0,
            "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None}


def base_payload(kind: int, *, guild_id: int, channel_id: int, user: str, moderator: bool, locale: str) -> dict[str, Any]:
    interaction_id = new_snowflake()
    discord_locale = "ru" if locale == "ru" else "en-US"
    return {
        "id": str(interaction_id), "application_id": str(APPLICATION_ID), "type": kind,
        "token": f"console-{interaction_id}", "version": 1,
        "guild_id": str(guild_id), "channel_id": str(channel_id), "channel": channel_payload(guild_id, channel_id),
        "member": member_payload(user, moderator), "app_permissions": str(discord.Permissions.all().value),
        "locale": discord_locale, "guild_locale": "ru", "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild_id)}, "context": 0,
        "attachment_size_limit": 25 * 1024 * 1024,
    }


def _convert(option: dict[str, Any], raw: str, resolved: dict[str, Any], attachments: dict[str, str]) -> Any:
    kind = option["type"]
    choices = option.get("choices") or []
    if choices:
        typed = fold(raw)
        for choice in choices:
            if typed in names_of(choice) or typed == fold(str(choice["value"])):
                return choice["value"]
        # Discord shows choices as a list; in the console a unique start of a name will do
        # ("Тренированные" for «Тренированные (Trained)»).
        starting = [c for c in choices if any(name.startswith(typed) for name in names_of(c))] if typed else []
        if len(starting) == 1:
            return starting[0]["value"]
        listed = ", ".join(str(c["value"]) for c in choices)
        raise UserError("console.error.bad_choice", example="console.example.help", option=option["name"],
                        value=raw, choices=listed)
    try:
        if kind == INTEGER:
            return int(raw)
        if kind == NUMBER:
            return float(raw.replace(",", "."))
    except ValueError:
        raise UserError("console.error.not_a_number", example="console.example.roll", option=option["name"], value=raw)
    if kind == BOOLEAN:
        if raw.casefold() in TRUE_WORDS:
            return True
        if raw.casefold() in FALSE_WORDS:
            return False
        raise UserError("console.error.not_a_boolean", example="console.example.roll", option=option["name"], value=raw)
    if kind == USER:
        name = raw.lstrip("@")
        uid = str(user_id_of(name))
        resolved.setdefault("users", {})[uid] = user_payload(name)
        member = member_payload(name, False)
        member.pop("user")
        resolved.setdefault("members", {})[uid] = member
        return uid
    if kind == ATTACHMENT:
        attachment_id = str(new_snowflake())
        attachments[attachment_id] = raw.lstrip("@")
        resolved.setdefault("attachments", {})[attachment_id] = {
            "id": attachment_id, "filename": raw.rsplit("/", 1)[-1], "size": 0,
            "url": f"console-file://{attachment_id}", "proxy_url": f"console-file://{attachment_id}",
            "content_type": "application/json"}
        return attachment_id
    return raw


def command_data(parsed: ParsedCommand, attachments: dict[str, str], focused: str | None = None) -> dict[str, Any]:
    """The `data` of an APPLICATION_COMMAND (or, with `focused`, AUTOCOMPLETE) interaction."""
    resolved: dict[str, Any] = {}
    leaf_options = []
    for option, raw in parsed.options:
        if option["name"] == focused:
            leaf_options.append({"name": option["name"], "type": option["type"], "value": raw, "focused": True})
        else:
            leaf_options.append({"name": option["name"], "type": option["type"],
                                 "value": _convert(option, raw, resolved, attachments)})
    options = leaf_options
    for node in reversed(parsed.path[1:]):
        options = [{"name": node["name"], "type": node["type"], "options": options}]
    data: dict[str, Any] = {"id": str(new_snowflake()), "name": parsed.path[0]["name"], "type": 1, "options": options}
    if resolved:
        data["resolved"] = resolved
    return data


def is_group(node: dict[str, Any]) -> bool:
    return node["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
