"""Game state as Discord embeds: the status board, unit lines, what a change did."""
from __future__ import annotations

from datetime import datetime

import discord

from cogs._common import chunk_text, fit_embed, trim
from cogs._common.markdown import render as shown, safe
from db import AppliedResult, EventView, GameView, UnitView, fold
from games.registry import GAMES
from games.state_base import rules_for, settings_for
from games.house_rules import effective
from i18n import Msg, tr

COLOUR = discord.Colour.dark_teal()
PAGE_TEXT = 2000      # characters of unit lines per embed: a two-side board still fits one message
BROKEN_COLOUR = discord.Colour.orange()


def unit_line(game: GameView, unit: UnitView, locale: str, *, with_side: bool = False) -> str:
    rules = rules_for(game.system)
    state = unit.working_copy()
    parts = [shown(m, locale) for m in rules.describe(state, settings_for(game.system, game.settings))]
    # A status the description already says (a destroyed unit is described as "destroyed") isn't repeated.
    statuses = [text for text in (shown(m, locale) for m in rules.status_titles(state)) if text not in parts]
    kind = rules.unit_types.get(unit.type)
    head = f"**{safe(unit.name)}**"
    if kind is not None and unit.type != rules.default_type:
        head += f" ({kind.render(locale)})"
    if with_side:
        head += f" — {safe(unit.side)}"
    text = head + ": " + " · ".join(parts)
    if statuses:
        text += " · **" + ", ".join(statuses) + "**"
    return text


def unit_embed(game: GameView, unit: UnitView, locale: str) -> discord.Embed:
    """/unit show: the unit's state line and, when it has one, its profile in the game's terms."""
    spec = GAMES[game.system].profile
    lines = [unit_line(game, unit, locale, with_side=True)]
    if spec is not None and unit.profile:
        lines += [shown(m, locale) for m in spec.describe(unit.profile)]
    elif spec is not None:
        lines.append(tr("state.show.no_profile", locale))
    return fit_embed(discord.Embed(title=trim(safe(unit.name), 256), description=trim("\n".join(lines), 4096),
                                   colour=COLOUR))


def game_header(game: GameView, locale: str) -> str:
    title = GAMES[game.system].title(locale)
    phase = tr(f"state.phase.{game.system}.{game.phase}", locale) if game.phase else None
    lines = [tr("state.show.game", locale, game=title + (f" · {safe(game.name)}" if game.name else ""),
                   owner=safe(game.owner_name))]
    lines.append(tr("state.show.turn", locale, turn=game.turn) +
                 (" · " + tr("state.show.phase", locale, phase=phase) if phase else "") +
                 (" · " + tr("state.show.active_side", locale, side=safe(game.active_side)) if game.active_side else ""))
    return "\n".join(lines)


def status_embeds(game: GameView, units: list[UnitView], locale: str) -> list[discord.Embed]:
    """The board: a header, then one embed per side with its players and units."""
    description = game_header(game, locale)
    if not units:
        description += "\n\n" + tr("state.show.no_units", locale)
    header = discord.Embed(title=tr("state.show.status_title", locale), description=description, colour=COLOUR)
    sides: dict[str, str] = {fold(s): s for s in game.sides}
    for unit in units:
        sides.setdefault(fold(unit.side), unit.side)
    embeds = [fit_embed(header)]
    for key, side in sides.items():
        players = ", ".join(safe(p.name) for p in game.players if fold(p.side) == key) or "—"
        lines = [unit_line(game, u, locale) for u in units if fold(u.side) == key]
        broken = any(u.has("broken") for u in units if fold(u.side) == key)
        text = tr("state.show.players", locale, players=players) + "\n" + (
            "\n".join(lines) or tr("state.show.no_units_side", locale))
        for part in chunk_text(text, PAGE_TEXT, ("\n",)):     # a long army spans several embeds
            embeds.append(fit_embed(discord.Embed(title=trim(safe(side), 256), description=part,
                                                  colour=BROKEN_COLOUR if broken else COLOUR)))
    return embeds


def fits_one_message(embeds: list[discord.Embed]) -> bool:
    """Discord: at most 10 embeds and 6000 characters across them in one message."""
    return len(embeds) <= 10 and sum(len(e) for e in embeds) <= 6000


def list_pages(title: str, lines: list[str]) -> list[discord.Embed]:
    parts = chunk_text("\n".join(lines), PAGE_TEXT, ("\n",)) or ["—"]
    return [fit_embed(discord.Embed(title=trim(title, 256), description=part, colour=COLOUR)) for part in parts]


def result_embed(result: AppliedResult, locale: str) -> discord.Embed:
    """What a command did: its summary, the rules' messages, each unit before → after."""
    lines = [shown(m, locale) for m in result.messages]
    for change in result.units:
        if change.after is not None and change.before is not None:
            lines.append("→ " + unit_line(result.game, change.after, locale))
    embed = discord.Embed(title=trim(shown(result.summary, locale), 256), description=trim("\n".join(lines), 4096) or None,
                          colour=COLOUR)
    embed.set_footer(text=tr("state.show.event_footer", locale, id=result.event_id))
    return fit_embed(embed)


def history_lines(events: list[EventView], locale: str) -> list[str]:
    lines = []
    for event in events:
        stamp = discord.utils.format_dt(event.created_at, "t") if isinstance(event.created_at, datetime) else ""
        text = f"`#{event.id}` {stamp} **{safe(event.actor_name)}**: {shown(event.summary, locale)}"
        if event.undone:
            text = f"~~{text}~~ " + tr("state.show.undone", locale)
        lines.append(text)
    return lines


def _choice_title(rule, choice: str, locale: str) -> str:
    title = rule.choice_titles.get(choice)
    return title.render(locale) if title else choice


def settings_embed(game: GameView, rules: dict, locale: str) -> discord.Embed:
    """Each house rule by its title and source, the choice in force and the others, by their titles
    (what `/game settings` accepts typed back)."""
    values = effective(game.system, game.settings)
    lines = []
    for key, rule in rules.items():
        chosen = values[key]
        source = f" ({rule.source.render(locale)})" if rule.source else ""
        default = tr("state.show.setting_default", locale) if chosen == rule.default else ""
        others = "; ".join(f"«{_choice_title(rule, c, locale)}»" for c in rule.choices if c != chosen)
        lines.append(f"**{rule.title.render(locale)}**{source}\n"
                     + tr("state.show.setting_now", locale, choice=_choice_title(rule, chosen, locale), default=default)
                     + ("\n" + tr("state.show.setting_other", locale, choices=others) if others else ""))
    if lines:
        lines.append(tr("state.show.settings_hint", locale))
    return fit_embed(discord.Embed(title=tr("state.show.settings_title", locale, game=GAMES[game.system].title(locale)),
                                   description=trim("\n\n".join(lines) or tr("state.show.no_settings", locale), 4096),
                                   colour=COLOUR))


def render_msgs(messages: list[Msg], locale: str) -> str:
    return "\n".join(shown(m, locale) for m in messages)
