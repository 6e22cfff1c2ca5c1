"""A `ProcedureResult` as Discord embeds in the user's language: the outcome first, then every
batch of dice with its target and modifiers (each with its book line), the notes (house rules
applied, what the book leaves open) and the state changes the channel's game received.

Shared by every game's combat commands:

    embeds = render_result(result, locale, applied=applied)   # list[discord.Embed], ≥ 1
    await send_result(interaction, result, applied)           # one message, pages if long
"""
from __future__ import annotations

import re
from typing import Any

import discord

from cogs._common import LIMITS, Paginator, fit_embed, locale_of, trim
from cogs._common.charts import ChartRequest, chart_file, chart_view
from cogs._common.markdown import render, safe
from games.registry import GAMES
from games.procedure import DiceStep, Modifier, ProcedureResult
from i18n import Msg, has, tr

COLOUR = discord.Colour.dark_gold()
FIELDS_PER_PAGE = 12
_PLAIN_TARGET = re.compile(r"^(\d+)\+$")


def _modifier(mod: Modifier, locale: str) -> str:
    sign = f"{mod.value:+d}"
    source = f" · {mod.source.render(locale)}" if mod.source else ""
    return f"{sign} {render(mod.label, locale)}{source}"


def format_dice(step: DiceStep) -> str:
    """`[1, **5**, **6**]` — dice meeting a plain "X+" target in bold; rerolls after ↻."""
    match = _PLAIN_TARGET.match(step.target or "")
    need = int(match.group(1)) if match else None

    def face(value: int) -> str:
        return f"**{value}**" if need is not None and value >= need and value != 1 else str(value)

    shown = [face(d) for d in step.dice]
    for index, new in zip(step.rerolled, step.rerolls):
        if 0 <= index < len(shown):
            shown[index] = f"~~{step.dice[index]}~~↻{face(new)}"
    text = "[" + ", ".join(shown) + "]" if shown else "—"
    return text


def render_step(step: DiceStep, locale: str) -> tuple[str, str]:
    """(field name, field value) for one batch of dice."""
    name = render(step.label, locale)
    if step.target:
        name += f" ({step.target})"
    lines = [format_dice(step)]
    if step.successes is not None:
        lines[0] += " → " + tr("combat_shared.successes", locale, n=step.successes)
    if step.modifiers:
        lines.append(" ".join(f"`{_modifier(m, locale)}`" for m in step.modifiers))
    if step.note:
        lines.append(f"*{render(step.note, locale)}*")
    return trim(name, LIMITS.field_name), trim("\n".join(lines), LIMITS.field_value)


def _change_lines(applied, locale: str, game: str | None = None) -> list[str]:
    """Lines for what the store did: each touched unit before → after, then the rules' messages."""
    lines: list[str] = []
    for unit in getattr(applied, "units", ()):
        before, after = unit.before, unit.after
        if after is None:
            lines.append(tr("combat_shared.unit_removed", locale, unit=safe(unit.unit)))
            continue
        parts = []
        keys = sorted(set(after.values) | set(before.values if before else {}))
        for key in keys:
            old = before.value(key) if before else 0
            new = after.value(key)
            if old != new:
                parts.append(f"{_track_label(key, locale, game)} {old}→{new}")
        gained = sorted(after.statuses - (before.statuses if before else frozenset()))
        lost = sorted((before.statuses if before else frozenset()) - after.statuses)
        parts += [f"+{_status_label(s, locale, game)}" for s in gained] + [f"−{_status_label(s, locale, game)}" for s in lost]
        lines.append(f"**{safe(after.name)}**: " + (", ".join(parts) if parts else tr("combat_shared.no_change", locale)))
    for message in getattr(applied, "messages", ()):
        lines.append("• " + render(message, locale))
    return lines


def _game_label(kind: str, key: str, locale: str, game: str | None) -> str | None:
    """The label the game's own state rules give a track or status, if it declares one."""
    system = GAMES.get(game) if game else None
    found = getattr(system.state, kind, {}).get(key) if system is not None else None
    return found.label.render(locale) if found is not None else None


def _track_label(key: str, locale: str, game: str | None = None) -> str:
    own = _game_label("tracks", key, locale, game)
    if own is not None:
        return own
    for candidate in (f"state.track.{key}", f"combat_shared.track.{key}"):
        if has(candidate):
            return tr(candidate, locale)
    return key


def _status_label(key: str, locale: str, game: str | None = None) -> str:
    own = _game_label("statuses", key, locale, game)
    if own is not None:
        return own
    return tr(f"state.status.{key}", locale) if has(f"state.status.{key}") else key


def render_result(result: ProcedureResult, locale: str, *, applied=None,
                  extra_notes: list[Msg] | None = None) -> list[discord.Embed]:
    """Embeds for one result (more than one only when the dice don't fit on one page)."""
    game = GAMES.get(result.game)
    title = render(result.title, locale)
    description = "\n".join(f"**{render(m, locale)}**" if i == 0 else render(m, locale)
                            for i, m in enumerate(result.outcome))
    fields = [render_step(step, locale) for step in result.steps]
    notes = [render(n, locale) for n in list(result.notes) + list(extra_notes or [])]
    tail: list[tuple[str, str]] = []
    if notes:
        tail.append((tr("combat_shared.notes", locale), trim("\n".join(f"• {n}" for n in notes), LIMITS.field_value)))
    if applied is not None:
        lines = _change_lines(applied, locale, result.game)
        if lines:
            tail.append((tr("combat_shared.applied", locale, event=applied.event_id),
                         trim("\n".join(lines), LIMITS.field_value)))
    elif result.changes:
        tail.append((tr("combat_shared.not_applied_title", locale), tr("combat_shared.not_applied", locale)))

    pages: list[list[tuple[str, str]]] = [fields[i:i + FIELDS_PER_PAGE] for i in range(0, len(fields), FIELDS_PER_PAGE)] or [[]]
    pages[-1].extend(tail)
    embeds = []
    for index, page in enumerate(pages):
        embed = discord.Embed(title=trim(title, LIMITS.embed_title), colour=COLOUR,
                              description=trim(description, LIMITS.embed_description) if description else None)
        for name, value in page:
            embed.add_field(name=name, value=value or "\u200b", inline=False)
        footer = game.title(locale) if game else result.game
        if len(pages) > 1:
            footer += f" · {index + 1}/{len(pages)}"
        embed.set_footer(text=footer)
        embeds.append(fit_embed(embed))
    return embeds


async def send_result(interaction: discord.Interaction, result: ProcedureResult, applied=None,
                      extra_notes: list[Msg] | None = None, ephemeral: bool = False,
                      chart: ChartRequest | None = None, attach_chart: bool = False) -> None:
    """Render and send: one embed, or pages with ◀ ▶ when long; with `chart`, a 📊 button
    (and the PNG attached at once with `attach_chart`)."""
    locale = locale_of(interaction)
    embeds = render_result(result, locale, applied=applied, extra_notes=extra_notes)
    if chart is None:
        await Paginator(embeds, locale=locale).send(interaction, ephemeral=ephemeral)
        return
    extra: dict[str, Any] = {"file": await chart_file(chart, locale)} if attach_chart else {}
    if len(embeds) > 1:
        paginator = Paginator(embeds, locale=locale)
        chart_view(chart, locale, paginator)
        await paginator.reply(interaction, embed=paginator.current, ephemeral=ephemeral, **extra)
        return
    view = chart_view(chart, locale)
    if interaction.response.is_done():
        await interaction.followup.send(embed=embeds[0], view=view, ephemeral=ephemeral, **extra)
    else:
        await interaction.response.send_message(embed=embeds[0], view=view, ephemeral=ephemeral, **extra)
