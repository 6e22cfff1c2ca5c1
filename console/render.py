"""Replies as readable text: content, embeds, files, and numbered buttons and menus."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from i18n import tr

if TYPE_CHECKING:
    from console.session import Control, Reply

BUTTON, SELECT = 2, 3


def controls(components: list[dict[str, Any]]) -> list["Control"]:
    from console.session import Control
    found: list[Control] = []
    number = 1
    for row in components:
        for item in row.get("components", []):
            if item.get("type") == BUTTON and item.get("custom_id"):
                found.append(Control(number, item["custom_id"], BUTTON, _button_label(item), None, bool(item.get("disabled"))))
                number += 1
            elif item.get("type") == SELECT:
                for option in item.get("options", []):
                    found.append(Control(number, item["custom_id"], SELECT, option.get("label", ""),
                                         option.get("value"), bool(item.get("disabled"))))
                    number += 1
    return found


def _button_label(item: dict[str, Any]) -> str:
    emoji = (item.get("emoji") or {}).get("name") or ""
    return " ".join(x for x in (emoji, item.get("label") or "") if x) or "•"


# Discord's client shows `\*` as `*`: the console shows markdown escapes the same way.
_ESCAPE = re.compile(r"\\([\\`*_~|>#\-\[\]()<:@])")


def shown(text: str) -> str:
    return _ESCAPE.sub(r"\1", text)


def _embed_text(embed: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    if embed.get("author", {}).get("name"):
        lines.append(embed["author"]["name"])
    if embed.get("title"):
        lines.append(f"━━ {shown(embed['title'])} ━━")
    if embed.get("description"):
        lines.append(shown(embed["description"]))
    for field in embed.get("fields", []):
        lines.append(f"▸ {shown(field.get('name', ''))}")
        lines.extend("  " + line for line in shown(str(field.get("value", ""))).splitlines())
    if embed.get("footer", {}).get("text"):
        lines.append(f"— {embed['footer']['text']}")
    return lines


def _controls_text(reply: "Reply") -> list[str]:
    lines: list[str] = []
    number = 1
    for row in reply.components:
        parts: list[str] = []
        for item in row.get("components", []):
            if item.get("type") == BUTTON:
                label = _button_label(item)
                if item.get("custom_id"):
                    off = " ✗" if item.get("disabled") else ""
                    parts.append(f"[{number}] {label}{off}")
                    number += 1
                elif item.get("url"):
                    parts.append(f"[{label}]({item['url']})")
            elif item.get("type") == SELECT:
                if parts:
                    lines.append("  ".join(parts))
                    parts = []
                lines.append(f"☰ {item.get('placeholder') or ''}".rstrip())
                for option in item.get("options", []):
                    description = f" — {option['description']}" if option.get("description") else ""
                    chosen = " ✓" if option.get("default") else ""
                    lines.append(f"  [{number}] {option.get('label', '')}{chosen}{description}")
                    number += 1
        if parts:
            lines.append("  ".join(parts))
    return lines


def reply_text(reply: "Reply") -> str:
    lines: list[str] = []
    if reply.ephemeral:
        lines.append(tr("console.only_you", reply.locale))
    if reply.content:
        lines.append(shown(reply.content))
    for embed in reply.embeds:
        lines.extend(_embed_text(embed))
    for path in reply.files:
        lines.append(tr("console.file_saved", reply.locale, path=str(path)))
    lines.extend(_controls_text(reply))
    return "\n".join(lines)
