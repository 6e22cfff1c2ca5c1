"""/rule and /rules: the Discord adapter of rules_index (search, render, page)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import asyncio
import logging
import re

import discord
from discord import app_commands
from discord.ext import commands
from rapidfuzz import fuzz, process, utils

from cogs._common import L, channel_key, locale_of, trim
from cogs._common.text import game_choices
from cogs._common.limits import LIMITS
from cogs.rules._render import COLOUR, book_title
from cogs._common.screens import show
from cogs.rules._search import search
from cogs.rules._views import (MIN_SCORE, AnswerScreen, MissScreen, RuleScreen, TocScreen, answer_page, books_page,
                               nearest_page, rule_page, searched_note, toc_page)
from games.registry import GAMES, resolve_game
from i18n import UserError, tr
from rules_index import load_index
from rules_index.normalize import chat_text
from rules_index.meaning import load_soon as load_encoder_soon
from app.services import services_of

if TYPE_CHECKING:
    from app.referee_bot import RefereeBot

log = logging.getLogger(__name__)

GAME_CHOICES = game_choices()
SECTION_ID_RE = re.compile(r"^[a-z_]+:\d+t?$")
CHANNEL_GAME_WEAK = 45.0


async def channel_game(interaction: discord.Interaction) -> str | None:
    """The channel's game id, when the state store knows one (and exists yet)."""
    store = services_of(interaction.client).state
    if store is None:
        return None
    try:
        game = await store.channel_game(*channel_key(interaction))
    except Exception:          # the state helper is optional for lookup: never fail a search on it
        log.warning("the state store failed to name the channel's game; searching every book", exc_info=True)
        return None
    system = getattr(game, "system", None) if game is not None else None
    return system if system in GAMES else None


class RulesCog(commands.Cog):
    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.screens.add(RuleScreen())
        self.bot.screens.add(TocScreen())
        self.bot.screens.add(MissScreen())
        self.bot.screens.add(AnswerScreen())
        services = services_of(self.bot)
        if services.rules is None:
            services.rules = await asyncio.to_thread(load_index, services.config.rules_cache_dir)
        load_encoder_soon()        # on its own worker: the first question doesn't wait for it (0.5 s)

    @property
    def rules(self):
        rules = services_of(self.bot).rules
        if rules is None:
            raise UserError("rules.reply.loading", example="rules.example.rule")
        return rules

    # -- /rule ------------------------------------------------------------------------------------
    @app_commands.command(name=L("rules.cmd.rule.name"), description=L("rules.cmd.rule.desc"))
    @app_commands.rename(query=L("rules.param.query"), game=L("rules.param.game"))
    @app_commands.describe(query=L("rules.param.query_desc"), game=L("rules.param.game_desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rule(self, interaction: discord.Interaction, query: str, game: str | None = None) -> None:
        locale = locale_of(interaction)
        rules = self.rules
        game = _checked_game(game)
        query = (query or "").strip()
        if not query:
            raise UserError("rules.error.empty_query", example="rules.example.rule")
        if SECTION_ID_RE.match(query) and rules.section(query) is not None:      # chosen from autocomplete
            await show(interaction, rule_page(rules, query, 0, [], locale))
            return
        if not re.search(r"\w", chat_text(query)):       # mentions, emoji, smileys: nothing the search reads
            raise UserError("rules.error.unusable_query", example="rules.example.rule")

        hits, note, searched = await self._search(interaction, rules, query, game, locale)
        hits = [h for h in hits if h.score >= MIN_SCORE]
        if not hits:
            await self._nothing_found(interaction, rules, query, game, locale)
            return
        searched_as = searched_note(hits[0], query, locale)
        if searched_as:
            note = (note + " " if note else "") + searched_as
        await show(interaction, answer_page(rules, hits, 0, searched, query, locale, note))

    async def _search(self, interaction, rules, query: str, game: str | None, locale: str):
        """Search the given game, falling back to the other books when it has nothing close; else
        the channel's game first, falling back to every book.
        → (hits, a note for the reply, the game searched or None for every book)."""
        if game:
            given = await search(rules, query, game)
            if any(h.score >= MIN_SCORE for h in given):
                return given, None, game
            # a term of another game's book («джинк», Epic's aircraft dodge, asked with Horus
            # Heresy): that book's answer, said to be from it, not headings that merely look alike
            elsewhere = [h for h in await search(rules, query) if h.game != game]
            if any(h.score >= MIN_SCORE for h in elsewhere):
                return elsewhere, tr("rules.reply.not_in_book_note", locale, book=book_title(rules, game, locale)), None
            return given, None, game
        here = await channel_game(interaction)
        if here:
            local = await search(rules, query, here)
            if local and local[0].score >= CHANNEL_GAME_WEAK:
                return local, None, here
            everywhere = await search(rules, query)
            if everywhere and (not local or everywhere[0].score > local[0].score + 10):
                return everywhere, tr("rules.reply.other_book_note", locale), None
            return (local, None, here) if local else (everywhere, None, None)
        return await search(rules, query), None, None

    async def _nothing_found(self, interaction, rules, query: str, game: str | None, locale: str) -> None:
        scope = tr("rules.reply.scope_game", locale, book=book_title(rules, game, locale)) if game \
            else tr("rules.reply.scope_all", locale)
        nearest = nearest_titles(rules, query, game)
        shown = trim(query, 100)
        if not nearest:
            embed = discord.Embed(title=tr("rules.reply.not_found_title", locale), colour=COLOUR,
                                  description=tr("rules.reply.not_found_none", locale, query=shown, scope=scope))
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        lines = [f"• {rules.label(rules.section(s), with_game=game is None, locale=locale)}" for s in nearest]
        embed = discord.Embed(title=tr("rules.reply.not_found_title", locale), colour=COLOUR,
                              description=trim(tr("rules.reply.not_found", locale, query=shown, scope=scope)
                                               + "\n" + "\n".join(lines), LIMITS.embed_description))
        await show(interaction, nearest_page(rules, nearest, embed, locale), ephemeral=True)

    @rule.autocomplete("query")
    async def rule_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        rules = services_of(self.bot).rules
        if rules is None:
            return []
        game = getattr(interaction.namespace, "game", None)
        if game not in GAMES:
            game = await channel_game(interaction)
        try:
            pairs = rules.autocomplete(current, game=game, locale=locale_of(interaction))
            rules.prepare(current, who=interaction.user.id)   # its vector and word matches, ready for its /rule
        except Exception:      # autocomplete must answer; an empty list is an answer
            log.exception("rule autocomplete failed for %r", current)
            return []
        return [app_commands.Choice(name=trim(label, LIMITS.choice_name), value=sid) for label, sid in pairs[:LIMITS.choices]]

    # -- /rules -----------------------------------------------------------------------------------
    @app_commands.command(name=L("rules.cmd.rules.name"), description=L("rules.cmd.rules.desc"))
    @app_commands.rename(game=L("rules.param.game"))
    @app_commands.describe(game=L("rules.param.game_toc_desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules_toc(self, interaction: discord.Interaction, game: str | None = None) -> None:
        locale = locale_of(interaction)
        rules = self.rules
        game = _checked_game(game) or await channel_game(interaction)
        if game is None:
            await show(interaction, books_page(rules, list(GAMES), locale))
            return
        await show(interaction, toc_page(rules, game, 0, locale))


def _checked_game(game: str | None) -> str | None:
    if game is None or game == "":
        return None
    if game in GAMES:
        return game
    info = resolve_game(game)
    if info is None:
        raise UserError("rules.error.unknown_game", example="rules.example.rules", game=trim(str(game), 50))
    return info.id


def nearest_titles(rules, query: str, game: str | None, limit: int = 10) -> list[str]:
    """Section ids whose titles look most like the query (for "nothing found"), read as the search
    reads it (no mention's digits or emoji)."""
    query = chat_text(query)
    secs = [s for s in (rules.toc(game) if game else rules.sections) if s.kind != "table" and "~" not in s.game]
    if not secs or not utils.default_process(query):
        return []
    found = process.extract(query, [s.title for s in secs], scorer=fuzz.WRatio, processor=utils.default_process,
                            limit=limit, score_cutoff=30)
    return [secs[i].id for _, _, i in found]
