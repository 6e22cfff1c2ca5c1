"""The screens of /rule and /rules: a section (paged, previous/next section, the same rule in
other books, "did you mean"), a book's contents, and the book picker. Every control carries
its destination, so they keep working after a restart (`cogs/_common/screens.py`)."""
from __future__ import annotations

from collections.abc import Callable

import discord

from cogs._common.limits import LIMITS, trim
from cogs._common.screens import Button, Menu, Option, Page, Screen, page_buttons, target
from cogs._common.text import locale_of
from cogs.rules._render import book_title, query_in, section_pages, toc_pages
from cogs.rules._search import search
from i18n import UserError, tr
from rules_index.present import same_rule_elsewhere
from app.services import services_of

RULE, TOC, MISS, ANSWER = "rule", "toc", "miss", "answer"
# A name's menu: the hits within CLOSE_SHARE of the shown one's score, and at least CLOSE points
# (a fixed gap suits no scale: questions score in the hundreds, situations in the tens).
CLOSE = 6.0
CLOSE_SHARE = 0.15
# A question's or a situation's menu: its first OFFERED hits, whatever they scored. Its answer is
# at rank 2–5 for 137 of the held-out sets' searches with the game; the closeness above offered
# 40 of them, and the trees that order the hits keep no score gap between them.
OFFERED = 5
STATE_ROOM = 90               # of a custom_id's 100 characters, what a rule state may take
MIN_SCORE = 15.0              # below this a hit is noise: "nothing found" + nearest titles


def rule_state(section_id: str, page: int = 0, alternatives: list[str] | tuple[str, ...] = ()) -> str:
    """`epic:120|0|epic:1000,epic:866`: the section, the page, the "did you mean" choices (as
    many as fit in a custom_id)."""
    head = f"{section_id}|{page}|"
    kept: list[str] = []
    for alternative in alternatives:
        if len(head + ",".join([*kept, alternative])) > STATE_ROOM:
            break
        kept.append(alternative)
    return head + ",".join(kept)


def _parse_rule_state(state: str) -> tuple[str, int, list[str]]:
    section_id, _, rest = state.partition("|")
    page, _, alternatives = rest.partition("|")
    return section_id, int(page) if page.isdigit() else 0, [a for a in alternatives.split(",") if a]


def _option(index, sec, locale: str, to: str, default: bool = False) -> Option:
    where = f"{index.book_short(sec.game, locale)} · L{sec.line_start}–{sec.line_end}"
    desc = " › ".join(sec.path) or book_title(index, sec.game, locale)
    return Option(trim(sec.title, LIMITS.select_label) or sec.id, to, trim(f"{where} · {desc}", LIMITS.select_description),
                  default)


def _rules_of(interaction: discord.Interaction):
    rules = services_of(interaction.client).rules
    if rules is None:
        raise UserError("rules.reply.loading", example="rules.example.rule")
    return rules


def miss_state(game: str | None, rank: int, query: str) -> str:
    """`horus_heresy|0|сколько реакций…`: where the query was searched, which hit is shown, and
    the query's start (what a custom_id holds; the reply's footer has it whole: `query_in`)."""
    head = f"{game or '-'}|{rank}|"
    return head + query[:STATE_ROOM - len(head)]


def parse_miss_state(state: str) -> tuple[str | None, int, str]:
    game, _, rest = state.partition("|")
    rank, _, query = rest.partition("|")
    return (None if game in ("", "-") else game), int(rank) if rank.isdigit() else 0, query


def answer_state(section_id: str, game: str | None, rank: int, page: int, query: str) -> str:
    """`horus_heresy:1869|horus_heresy|0|1|как работает таран`: a page of an answer, rebuilt from
    the search (its lead, «Не то», the query in the footer), not from the section alone."""
    head = f"{section_id}|{game or '-'}|{rank}|{page}|"
    return head + query[:STATE_ROOM - len(head)]


def parse_answer_state(state: str) -> tuple[str, str | None, int, int, str]:
    section_id, game, rank, page, query = (state.split("|", 4) + [""] * 5)[:5]
    return (section_id, None if game in ("", "-") else game, int(rank) if rank.isdigit() else 0,
            int(page) if page.isdigit() else 0, query)


def rank_in(hits: list, rank: int, section_id: str) -> int | None:
    """Where the section shown at `rank` stands in a search run again: there, unless the books
    (and so the ranking) changed since the answer was sent; then wherever it is, if anywhere."""
    if rank < len(hits) and hits[rank].section_id == section_id:
        return rank
    return next((k for k, h in enumerate(hits) if h.section_id == section_id), None)


def searched_note(hit, query: str, locale: str) -> str | None:
    """How a retry searched (another layout, transliteration, a glossary term), or None."""
    if hit.via == "direct":
        return None
    return tr(f"rules.reply.searched_as_{hit.via}", locale, query=trim(hit.searched or query, 100))


async def searched_again(interaction: discord.Interaction, state_query: str, game: str | None, rank: int) -> tuple:
    """(rules, the whole query, its hits) for a control of an answer: the query read back from
    the answer's footer (the custom_id holds its start), searched as /rule did."""
    rules = _rules_of(interaction)
    query = query_in(interaction.message.embeds if interaction.message else [], state_query)
    hits = [h for h in await search(rules, query, game, rank + 11) if h.score >= MIN_SCORE]
    return rules, query, hits


def rule_page(rules, section_id: str, page: int, alternatives: list[str], locale: str,
              note: str | None = None, lead: str | None = None, miss: str | None = None,
              lead_lines: tuple[int, int] = (0, 0), query: str | None = None,
              paging: tuple[str, Callable[[int], str]] | None = None) -> Page:
    """A section's page. `paging` (kind, page → state) leads its ◀ / ▶ elsewhere than to the
    bare section: an answer's pages keep its lead and «Не то» (`answer_page`)."""
    sec = rules.section(section_id)
    if sec is None:
        raise UserError("rules.error.unknown_section", example="rules.example.rule", section=section_id)
    alternatives = [a for a in alternatives if rules.section(a) is not None]
    pages = section_pages(rules, sec, locale, note, lead, lead_lines, query)
    page = min(max(page, 0), len(pages) - 1)
    controls: list[Button | Menu] = []
    if alternatives:
        controls.append(Menu(tr("rules.ui.did_you_mean", locale), tuple(
            _option(rules, rules.section(a), locale, target(RULE, rule_state(a, 0, alternatives)), a == section_id)
            for a in alternatives), row=1))
    others = same_rule_elsewhere(rules, sec)
    if others:
        controls.append(Menu(tr("rules.ui.other_books", locale), tuple(
            _option(rules, s, locale, target(RULE, rule_state(s.id))) for s in others), row=2))
    before, after = rules.neighbours(section_id)
    controls.append(Button(tr("rules.ui.prev_section", locale),
                           target(RULE, rule_state(before, 0, alternatives)) if before else None,
                           discord.ButtonStyle.primary, row=3))
    controls.append(Button(tr("rules.ui.next_section", locale),
                           target(RULE, rule_state(after, 0, alternatives)) if after else None,
                           discord.ButtonStyle.primary, row=3))
    if miss is not None:
        # «Не то»: records the miss and shows the next hit (MissScreen)
        controls.append(Button(tr("rules.ui.not_it", locale), target(MISS, miss), discord.ButtonStyle.danger, row=3))
    kind, state_of_page = paging or (RULE, lambda i: rule_state(section_id, i, alternatives))
    controls += page_buttons(kind, state_of_page, page, len(pages), locale)
    return Page([pages[page]], controls)


def shown_with(hits: list, rank: int, question: bool = False) -> list[str]:
    """Hit `rank` and the hits offered beside it: for a name, those that scored almost as high
    ("did you mean"); for a question or a situation, the next ones (OFFERED in all)."""
    from rules_index.present import one_per_rule
    hit = hits[rank]
    if question:
        close = hits[rank + 1:rank + OFFERED]
    else:
        close = [h for h in hits[rank + 1:rank + 10] if h.score >= hit.score - max(CLOSE, CLOSE_SHARE * hit.score)]
    # one entry per rule: a heading repeated in a reference summary is offered once
    return [hit.section_id] + [h.section_id for h in one_per_rule([hit] + close)[1:] if h.section_id != hit.section_id]


def answer_page(rules, hits: list, rank: int, game: str | None, query: str, locale: str,
                note: str | None = None, page: int = 0) -> Page:
    """The reply to a search: hit `rank` led by its answering passage, the hits around it as
    "did you mean", and «Не то» leading to the next one; its pages stay this answer's."""
    from rules_index.present import lead
    hit = hits[rank]
    close = shown_with(hits, rank, rules.reads_as_question(query))
    return rule_page(rules, hit.section_id, page, close if len(close) > 1 else [], locale, note,
                     lead(hit.passage, query, players_words=rules.players_words) or None, miss_state(game, rank, query), hit.passage_lines, query,
                     (ANSWER, lambda i: answer_state(hit.section_id, game, rank, i, query)))


def toc_page(rules, game: str, page: int, locale: str) -> Page:
    pages, per_page = toc_pages(rules, game, locale)
    page = min(max(page, 0), len(pages) - 1)
    controls: list[Button | Menu] = []
    entries = per_page[page] if per_page else []
    if entries:
        controls.append(Menu(tr("rules.ui.open_entry", locale), tuple(
            _option(rules, s, locale, target(RULE, rule_state(s.id))) for s in entries), row=1))
    controls += page_buttons(TOC, lambda i: f"{game}|{i}", page, len(pages), locale)
    return Page([pages[page]], controls)


def books_page(rules, games: list[str], locale: str) -> Page:
    lines = [tr("rules.reply.toc_pick_book", locale)] + [
        tr("rules.reply.toc_book_line", locale, book=book_title(rules, g, locale),
           count=sum(1 for s in rules.toc(g) if s.kind != "table")) for g in games]
    embed = discord.Embed(title=tr("rules.reply.toc_books_title", locale), description="\n".join(lines),
                          colour=discord.Colour.dark_gold())
    menu = Menu(tr("rules.ui.pick_book", locale), tuple(
        Option(trim(book_title(rules, g, locale), 100), target(TOC, f"{g}|0")) for g in games), row=0)
    return Page([embed], [menu])


def nearest_page(rules, section_ids: list[str], embed: discord.Embed, locale: str) -> Page:
    """"Nothing found": the nearest headings, each opening its section."""
    options = tuple(_option(rules, rules.section(s), locale, target(RULE, rule_state(s)))
                    for s in section_ids if rules.section(s) is not None)
    return Page([embed], [Menu(tr("rules.ui.nearest", locale), options, row=0)] if options else [])


class RuleScreen(Screen):
    kind = RULE

    async def render(self, interaction: discord.Interaction, state: str) -> Page:
        section_id, page, alternatives = _parse_rule_state(state)
        return rule_page(_rules_of(interaction), section_id, page, alternatives, locale_of(interaction))


class AnswerScreen(Screen):
    """A page of an answer (◀ / ▶): the search again (its recent answers are kept), the same hit."""
    kind = ANSWER

    async def render(self, interaction: discord.Interaction, state: str) -> Page:
        section_id, game, rank, page, cut = parse_answer_state(state)
        rules, query, hits = await searched_again(interaction, cut, game, rank)
        locale = locale_of(interaction)
        found = rank_in(hits, rank, section_id)
        if found is None:              # the books changed and the search no longer finds it: the section
            return rule_page(rules, section_id, page, [], locale)
        return answer_page(rules, hits, found, game, query, locale, searched_note(hits[found], query, locale), page)


class MissScreen(Screen):
    """«Не то» pressed: record the query, the game searched and what was shown, then show the next hit."""
    kind = MISS

    async def render(self, interaction: discord.Interaction, state: str) -> Page:
        game, rank, cut = parse_miss_state(state)
        # a long situation outgrows the custom_id: the answer's footer holds it whole
        rules, query, hits = await searched_again(interaction, cut, game, rank)
        locale = locale_of(interaction)
        shown = shown_with(hits, rank, rules.reads_as_question(query)) if rank < len(hits) else []
        store = services_of(interaction.client).state
        if store is not None and shown:
            await store.record_lookup_miss(interaction.guild_id, interaction.channel_id, game, query, shown)
        if rank + 1 >= len(hits):
            raise UserError("rules.error.no_more_hits", example="rules.example.rule")
        return answer_page(rules, hits, rank + 1, game, query, locale, tr("rules.reply.miss_recorded", locale))


class TocScreen(Screen):
    kind = TOC

    async def render(self, interaction: discord.Interaction, state: str) -> Page:
        game, _, page = state.partition("|")
        rules = _rules_of(interaction)
        if game not in rules.games:
            raise UserError("rules.error.unknown_game", example="rules.example.rules", game=game)
        return toc_page(rules, game, int(page) if page.isdigit() else 0, locale_of(interaction))
