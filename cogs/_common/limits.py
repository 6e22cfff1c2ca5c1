"""Discord's size limits, and trimming text and embeds to fit them."""
from __future__ import annotations

from types import SimpleNamespace

import discord

LIMITS = SimpleNamespace(
    content=2000,
    embed_title=256,
    embed_description=4096,
    embed_fields=25,
    field_name=256,
    field_value=1024,
    footer=2048,
    author=256,
    embed_total=6000,
    embeds_per_message=10,
    choices=25,
    choice_name=100,
    choice_value=100,
    select_options=25,
    select_label=100,
    select_description=100,
)


def trim(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, ending in an ellipsis when cut."""
    text = text or ""
    return text if len(text) <= limit else text[: max(0, limit - 1)].rstrip() + "…"


def chunk_text(text: str, size: int, separators: tuple[str, ...] = ("\n\n", "\n", ". ", ", ", " ")) -> list[str]:
    """Split `text` into pieces of at most `size` characters, preferring paragraph, line,
    sentence, clause and word boundaries, in that order (as Avrae's chunk_text does)."""
    chunks: list[str] = []
    rest = text.strip()
    while len(rest) > size:
        cut = -1
        for sep in separators:
            cut = rest.rfind(sep, 0, size)
            if cut > size // 3:
                cut += len(sep)
                break
        if cut <= 0:
            cut = size
        chunks.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        chunks.append(rest)
    return chunks or [""]


def _embed_length(embed: discord.Embed) -> int:
    return len(embed)


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Trim every part of `embed` to Discord's limits, dropping trailing fields if the total
    still exceeds 6000 characters. Returns the same embed."""
    if embed.title:
        embed.title = trim(embed.title, LIMITS.embed_title)
    if embed.description:
        embed.description = trim(embed.description, LIMITS.embed_description)
    fields = embed.fields[: LIMITS.embed_fields]
    embed.clear_fields()
    for field in fields:
        embed.add_field(name=trim(field.name or "\u200b", LIMITS.field_name),
                        value=trim(field.value or "\u200b", LIMITS.field_value), inline=field.inline)
    if embed.footer and embed.footer.text:
        embed.set_footer(text=trim(embed.footer.text, LIMITS.footer), icon_url=embed.footer.icon_url)
    while _embed_length(embed) > LIMITS.embed_total and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
    if _embed_length(embed) > LIMITS.embed_total and embed.description:
        over = _embed_length(embed) - LIMITS.embed_total
        embed.description = trim(embed.description, max(1, len(embed.description) - over))
    return embed
