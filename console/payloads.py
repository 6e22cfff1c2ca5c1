"""Interaction payloads shaped as Discord's gateway sends them (INTERACTION_CREATE)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

import discord

from console.loopback.guilds import channel_payload, member_payload, user_id_of, user_payload
from console.loopback.messages import APPLICATION_ID, new_snowflake
from console.parser import fold, names_of
from console.parser import (ATTACHMENT, BOOLEAN, INTEGER, NUMBER, STRING, SUB_COMMAND, SUB_COMMAND_GROUP, USER,
                            ParsedCommand)
from i18n import Msg, Text, UserError

# Discord's own bounds for a number option without min/max (it rejects values past them).
DISCORD_INT_LIMIT = 2**53
DISCORD_STRING_MAX = 6000

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


def label(node: dict[str, Any]) -> Text:
    """An option's or command's name as the reader's Discord shows it."""
    names = node.get("name_localizations") or {}
    return Text.of(ru=names.get("ru", node["name"]), en=names.get("en-US", node["name"]))


def names_list(nodes: list[dict[str, Any]]) -> Text:
    ru = ", ".join((n.get("name_localizations") or {}).get("ru", n["name"]) for n in nodes)
    en = ", ".join((n.get("name_localizations") or {}).get("en-US", n["name"]) for n in nodes)
    return Text.of(ru=ru, en=en)


def command_label(path: list[dict[str, Any]]) -> Text:
    names = [node.get("name_localizations") or {} for node in path]
    return Text.of(ru=" ".join(n.get("ru", p["name"]) for n, p in zip(names, path)),
                  en=" ".join(n.get("en-US", p["name"]) for n, p in zip(names, path)))


def _check_bounds(option: dict[str, Any], value: Any, path: list[dict[str, Any]]) -> Any:
    """Discord refuses values outside an option's min/max and lengths before the bot sees them."""
    example = Msg.of("console.example.option", command=command_label(path), option=label(option))
    if option["type"] in (INTEGER, NUMBER):
        low = option.get("min_value", -DISCORD_INT_LIMIT)
        high = option.get("max_value", DISCORD_INT_LIMIT)
        if not low <= value <= high:
            raise UserError("console.error.out_of_range", example=example, option=label(option), value=value,
                            low=low, high=high)
    elif option["type"] == STRING:
        low = option.get("min_length", 0)
        high = option.get("max_length", DISCORD_STRING_MAX)
        if not low <= len(value) <= high:
            raise UserError("console.error.bad_length", example=example, option=label(option), low=low, high=high,
                            length=len(value))
    return value


def _convert(option: dict[str, Any], raw: str, resolved: dict[str, Any], attach: Attach,
             path: list[dict[str, Any]]) -> Any:
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
        raise UserError("console.error.bad_choice", example="console.example.help", option=label(option),
                        value=raw, choices=names_list(choices))
    try:
        if kind == INTEGER:
            return _check_bounds(option, int(raw), path)
        if kind == NUMBER:
            number = float(raw.replace(",", "."))
            if number != number or number in (float("inf"), float("-inf")):
                raise ValueError(raw)
            return _check_bounds(option, number, path)
    except ValueError:
        raise UserError("console.error.not_a_number", example="console.example.roll", option=label(option),
                        value=raw) from None
    if kind == BOOLEAN:
        if raw.casefold() in TRUE_WORDS:
            return True
        if raw.casefold() in FALSE_WORDS:
            return False
        raise UserError("console.error.not_a_boolean", example="console.example.roll", option=label(option), value=raw)
    if kind == USER:
        name = raw.lstrip("@")
        uid = str(user_id_of(name))
        resolved.setdefault("users", {})[uid] = user_payload(name)
        member = member_payload(name, False)
        member.pop("user")
        resolved.setdefault("members", {})[uid] = member
        return uid
    if kind == ATTACHMENT:
        # Discord uploads the file before the command is sent: a missing file never reaches the bot.
        path_typed = Path(raw.lstrip("@")).expanduser()
        if not path_typed.is_file() or not os.access(path_typed, os.R_OK):
            raise UserError("console.error.no_file", example="console.example.attach", option=label(option),
                            path=raw)
        attachment = attach(str(path_typed))
        resolved.setdefault("attachments", {})[attachment["id"]] = attachment
        return attachment["id"]
    if kind == STRING:
        return _check_bounds(option, raw, path)
    return raw


def command_data(parsed: ParsedCommand, attach: Attach, focused: str | None = None) -> dict[str, Any]:
    """The `data` of an APPLICATION_COMMAND (or, with `focused`, AUTOCOMPLETE) interaction."""
    resolved: dict[str, Any] = {}
    leaf_options = []
    given = {option["name"] for option, _ in parsed.options}
    if focused is None:   # Discord won't send a command with a required option missing
        for option in parsed.leaf.get("options", []):
            if option.get("required") and option["name"] not in given:
                raise UserError("console.error.missing_option", option=label(option),
                                example=Msg.of("console.example.option", command=command_label(parsed.path),
                                               option=label(option)))
    for option, raw in parsed.options:
        if option["name"] == focused:
            leaf_options.append({"name": option["name"], "type": option["type"], "value": raw, "focused": True})
        else:
            try:
                value = _convert(option, raw, resolved, attach, parsed.path)
            except UserError as error:
                # the value's own example («/roll 10d6 4+») says nothing about this command
                error.example = Msg.of("console.example.option", command=command_label(parsed.path),
                                       option=label(option))
                raise
            leaf_options.append({"name": option["name"], "type": option["type"], "value": value})
    options = leaf_options
    for node in reversed(parsed.path[1:]):
        options = [{"name": node["name"], "type": node["type"], "options": options}]
    data: dict[str, Any] = {"id": str(new_snowflake()), "name": parsed.path[0]["name"], "type": 1, "options": options}
    if resolved:
        data["resolved"] = resolved
    return data


def is_group(node: dict[str, Any]) -> bool:
    return node["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
