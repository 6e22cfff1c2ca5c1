"""The «📊 График» button and `chart:true`: a reply's exact distribution drawn as a PNG and
attached to the same message (issue 12).

What a reply can draw is kept here by a short token (the distributions with their labels, the
title, the rolled value): the button carries the token in its `custom_id`, so a press finds it
in any shard of this process. Distributions can't be rebuilt from 100 characters, so after a
restart a press answers, in the presser's language, to run the command again with chart:true.
The drawing runs in the worker pool (app/compute.py), never on the event loop.
"""
from __future__ import annotations

import io
import re
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import discord

from app import compute
from charts import chart_spec, render_png
from charts.dice_chart import roll_chart_png
from cogs._common.errors import reply_error
from cogs._common.text import locale_of
from games.procedure import Distribution
from i18n import Renderable, UserError, tr

FILENAME = "chart.png"
KEPT = 2000           # recent replies whose charts can still be drawn (a few MB at most)


@dataclass(frozen=True)
class ChartRequest:
    title: Renderable
    distributions: tuple[tuple[str, Distribution], ...] = ()   # (label, distribution): several when compared
    highlight: int | None = None
    # A /roll: (expression, game, limits, counts successes); its distribution is computed when drawn.
    roll: tuple[Any, ...] | None = None


class ChartStore:
    """The latest chartable replies of this process, by token (oldest forgotten first)."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self.requests: OrderedDict[str, ChartRequest] = OrderedDict()

    def put(self, request: ChartRequest) -> str:
        token = secrets.token_hex(6)
        self.requests[token] = request
        while len(self.requests) > self.size:
            self.requests.popitem(last=False)
        return token

    def get(self, token: str) -> ChartRequest | None:
        return self.requests.get(token)


STORE = ChartStore()


async def chart_file(request: ChartRequest, locale: str) -> discord.File:
    """The PNG of `request` in `locale`, drawn in a worker."""
    if request.roll is not None:
        png = await compute.run(roll_chart_png, *request.roll, locale, request.highlight)
    else:
        spec = chart_spec(list(request.distributions), locale, request.title.render(locale), request.highlight)
        png = await compute.run(render_png, spec)
    return discord.File(io.BytesIO(png), filename=FILENAME)


class ChartButton(discord.ui.DynamicItem[discord.ui.Button], template=r"chart:(?P<token>[0-9a-f]{12})"):
    """Anyone may draw the chart of a public reply: it changes nothing but the picture."""

    def __init__(self, token: str, locale: str = "ru") -> None:
        super().__init__(discord.ui.Button(label=tr("charts.button", locale), style=discord.ButtonStyle.secondary,
                                           custom_id=f"chart:{token}"))
        self.token = token

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str]) -> "ChartButton":
        return cls(match["token"], locale_of(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            request = STORE.get(self.token)
            if request is None:
                raise UserError("charts.expired")
            await interaction.response.defer()       # drawing takes ~100 ms in a worker
            file = await chart_file(request, locale_of(interaction))
            await interaction.edit_original_response(attachments=[file])
        except Exception as error:
            await reply_error(interaction, error)


def chart_view(request: ChartRequest, locale: str, view: discord.ui.View | None = None) -> discord.ui.View:
    """`view` (or a new one) with the chart button of `request` added."""
    view = view or discord.ui.View(timeout=None)
    view.add_item(ChartButton(STORE.put(request), locale))
    return view
