"""Every command, as it would be synced to Discord, is valid and localized in Russian.

This runs the same payload builder as CommandTree.sync, so a CommandSyncFailure (HTTP 400)
is caught here instead of at deploy time.
"""
from __future__ import annotations

import json
import re

from app.translator import CatalogTranslator

NAME = re.compile(r"^[-_\w]{1,32}$")
SUBCOMMANDS = (1, 2)


def _walk(node, path):
    yield path, node
    for option in node.get("options", []):
        yield from _walk(option, path + [option["name"]])


# Discord's limit on one command's names, descriptions and choice values together, counting for
# each field only its longest localization, the default included (Discord's application-command
# docs: 4000 characters until 2024, 8000 now). Russian names are the longer ones here.
COMMAND_CHARS = 8000


def _longest(node, field: str) -> int:
    return max([len(node.get(field, "") or ""),
                *(len(v) for v in (node.get(f"{field}_localizations") or {}).values())])


def _chars(node) -> int:
    """What Discord counts towards the size limit of one command."""
    total = _longest(node, "name") + _longest(node, "description")
    for choice in node.get("choices", []) or []:
        total += _longest(choice, "name") + len(str(choice["value"]))
    return total + sum(_chars(o) for o in node.get("options", []))


async def test_every_command_payload_is_valid_and_localized(console):
    translator = CatalogTranslator()
    problems = []
    for command in console.bot.tree.get_commands():
        payload = await command.get_translated_payload(console.bot.tree, translator)
        if _chars(payload) > COMMAND_CHARS:
            problems.append(f"/{payload['name']}: over {COMMAND_CHARS} characters")
        for path, node in _walk(payload, [payload["name"]]):
            where = "/" + " ".join(path)
            names = [node["name"], *(node.get("name_localizations") or {}).values()]
            for name in names:
                if not NAME.match(name) or name != name.lower():
                    problems.append(f"{where}: bad name {name!r}")
            if "ru" not in (node.get("name_localizations") or {}):
                problems.append(f"{where}: no Russian name")
            descriptions = [node.get("description", ""), *(node.get("description_localizations") or {}).values()]
            if not all(1 <= len(d) <= 100 for d in descriptions):
                problems.append(f"{where}: description must be 1-100 characters")
            if "ru" not in (node.get("description_localizations") or {}):
                problems.append(f"{where}: no Russian description")
            options = node.get("options", [])
            if len(options) > 25:
                problems.append(f"{where}: more than 25 options")
            plain = [o for o in options if o["type"] not in SUBCOMMANDS]
            required_after_optional = any(a.get("required") is not True and b.get("required")
                                          for a, b in zip(plain, plain[1:]))
            if required_after_optional:
                problems.append(f"{where}: a required option follows an optional one")
            for choice in node.get("choices", []) or []:
                if not 1 <= len(choice["name"]) <= 100 or "ru" not in (choice.get("name_localizations") or {}):
                    problems.append(f"{where}: choice {choice['name']!r} too long or not in Russian")
        json.dumps(payload)  # must be serialisable as sent
    assert not problems, "\n".join(problems)


async def test_command_names_are_unique(console):
    names = [c.name for c in console.bot.tree.get_commands()]
    assert len(names) == len(set(names))
