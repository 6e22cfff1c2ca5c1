"""Embeds for rule sections and tables of contents (Discord-side rendering of rules_index)."""
from __future__ import annotations

import discord

from cogs._common import chunk_text, trim
from cogs._common.limits import LIMITS
from i18n import tr
from rules_index.weights import MAX_QUERY_CHARS

COLOUR = discord.Colour.dark_gold()
PAGE_CHARS = 2900          # section text per embed page (description limit 4096, room for the header)
TOC_PER_PAGE = 20          # entries per table-of-contents page (one select of ≤ 25 options each)


def book_title(index, game: str, locale: str) -> str:
    info = index.games.get(game, {})
    return info.get("title_ru" if locale == "ru" else "title_en", game)


def where_line(index, sec, locale: str) -> str:
    book = book_title(index, sec.game, locale)
    if sec.line_start == sec.line_end:
        return tr("rules.reply.where_one", locale, book=book, start=sec.line_start)
    return tr("rules.reply.where", locale, book=book, start=sec.line_start, end=sec.line_end)


LEAD_CHARS = 1000          # the answering passage above the section (its own part of the first page)


def lead_source(index, sec, lead_lines: tuple[int, int], locale: str) -> str | None:
    """Where the lead was quoted from, when that is outside the section shown: a chapter with
    no text of its own is searched with its subsections' text and quotes one of them."""
    start, end = lead_lines
    if not start or sec.line_start <= start <= end <= sec.line_end:
        return None
    source = index.section_at(sec.game, start)
    if source is None:
        return None
    if start == end:
        where = tr("rules.reply.lead_from_one", locale, section=source.title, start=start)
    else:
        where = tr("rules.reply.lead_from", locale, section=source.title, start=start, end=end)
    return trim(where, LIMITS.embed_title)


QUERY_MARK = "🔎 "          # the footer's line holding what was searched (any locale reads it back)


def section_pages(index, sec, locale: str, note: str | None = None, lead: str | None = None,
                  lead_lines: tuple[int, int] = (0, 0), query: str | None = None) -> list[discord.Embed]:
    """The section as embeds: the answering passage (when a question found it), title,
    breadcrumb, book and lines, then the text in pages; a search's answer names its query in
    the footer (the channel sees what was asked, and «Не то» reads it back: `query_in`)."""
    body = index.body(sec)
    # the section is its answering passage: quoted above its book and lines, not again below them
    quoted_whole = bool(lead) and _words_of(lead or "") == _words_of(body)
    header = []
    if lead:
        quote = trim("\n".join("> " + line for line in lead.splitlines()), LEAD_CHARS)
        source = lead_source(index, sec, lead_lines, locale)
        header.append(quote + ("\n" + source if source else ""))
    if note:
        header.append(f"*{note}*")
    if sec.path:
        header.append(" › ".join(sec.path))
    header.append(where_line(index, sec, locale))
    if quoted_whole:
        body = ""
    elif not body.strip():
        kids = [index.section(c) for c in sec.children]
        kids = [k for k in kids if k is not None]
        if kids:
            body = tr("rules.reply.empty_section", locale) + "\n" + "\n".join(f"• {k.title}" for k in kids)
        else:
            body = tr("rules.reply.no_text", locale)
    chunks = chunk_text(body, PAGE_CHARS) if body else [""]
    # the book and the lines, not the section's internal id («horus_heresy:1869»), below the
    # query as far as a search reads it, on one line
    lines = f"L{sec.line_start}" if sec.line_start == sec.line_end else f"L{sec.line_start}–{sec.line_end}"
    asked = f"{QUERY_MARK}{' '.join(query[:MAX_QUERY_CHARS].split())}\n" if query else ""
    footer = trim(f"{asked}{book_title(index, sec.game, locale)} · {lines}", LIMITS.footer)
    pages = []
    for k, chunk in enumerate(chunks):
        shown = header if k == 0 or not lead else header[1:]     # the lead only on the first page
        text = "\n".join(shown) + ("\n\n" + chunk if chunk else "")
        embed = discord.Embed(title=trim(sec.title, LIMITS.embed_title), colour=COLOUR,
                              description=trim(text, LIMITS.embed_description))
        embed.set_footer(text=footer)
        pages.append(embed)
    return pages


def query_in(embeds: list[discord.Embed], cut: str) -> str:
    """The query an answer was searched for, from its footer (`section_pages`): a button's
    custom_id holds only its first characters (`cut`), which the footer's query must start with."""
    start = " ".join(cut.split())            # as the footer spaces it
    for embed in embeds:
        for line in (embed.footer.text or "").splitlines():
            if line.startswith(QUERY_MARK) and line[len(QUERY_MARK):].startswith(start):
                return line[len(QUERY_MARK):]
    return cut


def _words_of(text: str) -> list[str]:
    """The text as its words, the lead's bold and the lines' breaks aside."""
    return text.replace("**", "").split()


def toc_pages(index, game: str, locale: str) -> tuple[list[discord.Embed], list[list]]:
    """The book's sections, TOC_PER_PAGE per embed; also the sections shown on each page."""
    entries = [s for s in index.toc(game) if s.kind != "table"]
    pages, per_page = [], []
    title = tr("rules.reply.toc_title", locale, book=book_title(index, game, locale))
    for k in range(0, len(entries), TOC_PER_PAGE):
        part = entries[k:k + TOC_PER_PAGE]
        lines = [trim(f"{'　' * max(0, s.level - 1)}{s.title} · L{s.line_start}", 150) for s in part]
        embed = discord.Embed(title=trim(title, LIMITS.embed_title), colour=COLOUR, description="\n".join(lines))
        pages.append(embed)
        per_page.append(part)
    if not pages:
        pages = [discord.Embed(title=title, colour=COLOUR, description=tr("rules.reply.no_text", locale))]
        per_page = [[]]
    return pages, per_page
