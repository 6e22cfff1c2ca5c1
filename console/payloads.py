"""Interaction payloads shaped as Discord's gateway sends them (INTERACTION_CREATE)."""
from __future__ import annotations

from typing import Any, Callable

import discord

from console.loopback.guilds import channel_payload, member_payload, user_id_of, user_payload
from console.loopback.messages import APPLICATION_ID, new_snowflake
from console.parser import fold, names_of
from console.parser import ATTACHMENT, BOOLEAN, INTEGER, NUMBER, SUB_COMMAND, SUB_COMMAND_GROUP, USER, ParsedCommand
from i18n import UserError

TRUE_WORDS = {"true", "yes", "y", "1", "да", "д", "on", "+"}
FALSE_WORDS = {"false", "no", "n", "0", "нет", "н", "off", "-"}

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


Attach = Callable[[str], dict[str, Any]]   # a local path → the attachment's payload (LoopbackDiscord.attach)


def _convert(option: dict[str, Any], raw: str, resolved: dict[str, Any], attach: Attach) -> Any:
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
        attachment = attach(raw.lstrip("@"))
        resolved.setdefault("attachments", {})[attachment["id"]] = attachment
        return attachment["id"]
    return raw


def command_data(parsed: ParsedCommand, attach: Attach, focused: str | None = None) -> dict[str, Any]:
    """The `data` of an APPLICATION_COMMAND (or, with `focused`, AUTOCOMPLETE) interaction."""
    resolved: dict[str, Any] = {}
    leaf_options = []
    for option, raw in parsed.options:
        if option["name"] == focused:
            leaf_options.append({"name": option["name"], "type": option["type"], "value": raw, "focused": True})
        else:
            leaf_options.append({"name": option["name"], "type": option["type"],
                                 "value": _convert(option, raw, resolved, attach)})
    options = leaf_options
    for node in reversed(parsed.path[1:]):
        options = [{"name": node["name"], "type": node["type"], "options": options}]
    data: dict[str, Any] = {"id": str(new_snowflake()), "name": parsed.path[0]["name"], "type": 1, "options": options}
    if resolved:
        data["resolved"] = resolved
    return data


def is_group(node: dict[str, Any]) -> bool:
    return node["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
