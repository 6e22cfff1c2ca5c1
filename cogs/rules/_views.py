"""Views for /rule and /rules: section paging, prev/next section, other books, did-you-mean."""
from __future__ import annotations

import discord

from cogs._common import Paginator, fit_embed, trim
from cogs._common.limits import LIMITS
from cogs.rules._render import book_title, section_pages, toc_pages
from i18n import tr
from rules_index.engine import title_variants

MIN_OTHER_BOOK_SCORE = 60.0   # «the same rule in another book»: a title-level match there


def _option(index, sec, locale: str, default: bool = False) -> discord.SelectOption:
    where = f"{index.games[sec.game].get('short', sec.game)} · L{sec.line_start}–{sec.line_end}"
    desc = " › ".join(sec.path) or book_title(index, sec.game, locale)
    return discord.SelectOption(label=trim(sec.title, LIMITS.select_label) or sec.id, value=sec.id,
                                description=trim(f"{where} · {desc}", LIMITS.select_description), default=default)


class _OpenSelect(discord.ui.Select):
    """A select whose options are section ids; choosing one opens it in the owning view."""

    def __init__(self, placeholder: str, options: list[discord.SelectOption], row: int) -> None:
        super().__init__(placeholder=trim(placeholder, 150), options=options[:LIMITS.select_options], row=row,
                         min_values=1, max_values=1)

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.view.open(interaction, self.values[0])


class RuleView(Paginator):
    """One section, paged; buttons to the previous/next section; selects for the same rule in
    other books and, when the search was close between several sections, "did you mean"."""

    def __init__(self, rules, section_id: str, *, author_id: int, locale: str,
                 alternatives: list[str] | None = None, note: str | None = None) -> None:
        self.rules = rules
        super().__init__(section_pages(rules, rules.section(section_id), locale, note), locale=locale)
        self.author_id = author_id
        self.prev_section.label = tr("rules.ui.prev_section", locale)
        self.next_section.label = tr("rules.ui.next_section", locale)
        self.alternatives = [a for a in (alternatives or []) if rules.section(a)]
        self._did_you_mean: _OpenSelect | None = None
        self._other_books: _OpenSelect | None = None
        self._load(section_id, note)

    def has_extra_items(self) -> bool:
        return True

    def _load(self, section_id: str, note: str | None = None) -> None:
        rules, locale = self.rules, self.locale
        sec = rules.section(section_id)
        self.section_id = section_id
        self.pages = [fit_embed(p) for p in section_pages(rules, sec, locale, note)]
        self.index = 0
        self._prev_id, self._next_id = rules.neighbours(section_id)
        self.prev_section.disabled = self._prev_id is None
        self.next_section.disabled = self._next_id is None
        for select in (self._did_you_mean, self._other_books):
            if select is not None:
                self.remove_item(select)
        self._did_you_mean = self._other_books = None
        if self.alternatives:
            opts = [_option(rules, rules.section(a), locale, default=(a == section_id)) for a in self.alternatives]
            self._did_you_mean = _OpenSelect(tr("rules.ui.did_you_mean", locale), opts, row=1)
            self.add_item(self._did_you_mean)
        others = self.same_rule_elsewhere(sec)
        if others:
            self._other_books = _OpenSelect(tr("rules.ui.other_books", locale),
                                            [_option(rules, s, locale) for s in others], row=2)
            self.add_item(self._other_books)
        self.update_controls()

    def same_rule_elsewhere(self, sec) -> list:
        """The best title-level match for this section's title in each other book."""
        out = []
        for game in self.rules.games:
            if game == sec.game or "~" in game:
                continue
            hits = self.rules.search(title_variants(sec.title)[0], game=game, limit=1)
            if hits and hits[0].via == "direct" and hits[0].score >= MIN_OTHER_BOOK_SCORE:
                out.append(self.rules.section(hits[0].section_id))
        return out

    async def open(self, interaction: discord.Interaction, section_id: str) -> None:
        if self.rules.section(section_id) is None:
            return await interaction.response.defer()
        self._load(section_id)
        await self.show(interaction)

    @discord.ui.button(label="⏮", style=discord.ButtonStyle.primary, row=3)
    async def prev_section(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        if self._prev_id:
            self._load(self._prev_id)
        await self.show(interaction)

    @discord.ui.button(label="⏭", style=discord.ButtonStyle.primary, row=3)
    async def next_section(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        if self._next_id:
            self._load(self._next_id)
        await self.show(interaction)


class NearestView(discord.ui.View):
    """"Nothing found": a select of the nearest headings; choosing one opens it."""

    def __init__(self, rules, section_ids: list[str], *, author_id: int, locale: str) -> None:
        super().__init__(timeout=900)
        self.rules, self.author_id, self.locale = rules, author_id, locale
        opts = [_option(rules, rules.section(s), locale) for s in section_ids if rules.section(s)]
        self.add_item(_OpenSelect(tr("rules.ui.nearest", locale), opts, row=0))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.author_id:
            return True
        await interaction.response.send_message(tr("common.not_yours", self.locale), ephemeral=True)
        return False

    async def open(self, interaction: discord.Interaction, section_id: str) -> None:
        view = RuleView(self.rules, section_id, author_id=self.author_id, locale=self.locale)
        await interaction.response.edit_message(content=None, embed=view.current, view=view)
        view.message = interaction.message


class TocView(Paginator):
    """A book's table of contents, paged, with a select of the entries on the current page."""

    def __init__(self, rules, game: str, *, author_id: int, locale: str) -> None:
        self.rules = rules
        self.game = game
        pages, self.per_page = toc_pages(rules, game, locale)
        super().__init__(pages, locale=locale)
        self.author_id = author_id
        self._entries: _OpenSelect | None = None
        self._sync_select()

    def has_extra_items(self) -> bool:
        return True

    def _sync_select(self) -> None:
        if self._entries is not None:
            self.remove_item(self._entries)
            self._entries = None
        part = self.per_page[self.index] if self.per_page else []
        if part:
            self._entries = _OpenSelect(tr("rules.ui.open_entry", self.locale),
                                        [_option(self.rules, s, self.locale) for s in part], row=1)
            self.add_item(self._entries)

    async def show(self, interaction: discord.Interaction) -> None:
        self._sync_select()
        await super().show(interaction)

    async def open(self, interaction: discord.Interaction, section_id: str) -> None:
        view = RuleView(self.rules, section_id, author_id=self.author_id, locale=self.locale)
        await interaction.response.edit_message(embed=view.current, view=view)
        view.message = interaction.message


class BookPickView(discord.ui.View):
    """/rules with no game and none in the channel: pick a book, then its contents."""

    def __init__(self, rules, *, author_id: int, locale: str) -> None:
        super().__init__(timeout=900)
        self.rules, self.author_id, self.locale = rules, author_id, locale
        opts = [discord.SelectOption(label=trim(book_title(rules, g, locale), 100), value=g)
                for g in rules.games if "~" not in g]
        select = discord.ui.Select(placeholder=tr("rules.ui.pick_book", locale), options=opts, row=0)
        select.callback = self._picked
        self.select = select
        self.add_item(select)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.author_id:
            return True
        await interaction.response.send_message(tr("common.not_yours", self.locale), ephemeral=True)
        return False

    async def _picked(self, interaction: discord.Interaction) -> None:
        view = TocView(self.rules, self.select.values[0], author_id=self.author_id, locale=self.locale)
        view.update_controls()
        await interaction.response.edit_message(embed=view.current, view=view)
        view.message = interaction.message
