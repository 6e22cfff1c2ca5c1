"""The 📊 button and `chart:true` (issue 12) through the loopback Discord: the PNG is attached to
the same message (the press edits it: Discord sends MESSAGE_UPDATE), its bars are the
distribution the reply prints, and a press the bot can no longer answer says so."""
from __future__ import annotations

import re
from fractions import Fraction

from charts import build_figure, chart_spec
from cogs._common.charts import STORE
from games.epic.odds import shoot_odds
from games.epic.rolls import SaveProfile
from games.epic.shooting import EpicTarget
from games.epic.weapons import parse_weapons

LINE = '/odds epic-shoot "4xAP5+" units:6 armour:4+'


def _printed_rows(text: str) -> dict[int, float]:
    return {int(k): float(p) / 100 for k, p in re.findall(r"^(\d+): exactly ([\d.]+)%", text, flags=re.M)}


async def test_chart_true_attaches_a_png_whose_bars_are_the_printed_distribution(console):
    [reply] = await console.run(LINE + " chart:true", locale="en")
    [path] = reply.files
    assert path.name == "chart.png" and path.read_bytes()[:4] == b"\x89PNG"
    result = shoot_odds(parse_weapons("4xAP5+"), EpicTarget(units=6, saves=SaveProfile(armour=4)))
    bars = [b.get_height() for b in build_figure(chart_spec([("", result.distribution)], "en", "")).axes[0].patches]
    printed = _printed_rows(reply.text)
    assert sorted(printed) == [0, 1, 2, 3, 4]
    assert [round(bars[k] * 1000) / 10 for k in printed] == [round(p * 1000) / 10 for p in printed.values()]
    assert result.distribution.dist.total() == Fraction(1)


async def test_the_button_attaches_the_chart_to_the_same_message(console):
    [reply] = await console.run(LINE, locale="ru")
    assert not reply.files
    [button] = [c for c in reply.controls if c.label == "📊 График"]
    [edited] = await console.press(reply, button.number, locale="en", user="Соперник")   # anyone may draw it
    assert edited.message_id == reply.message_id and [p.name for p in edited.files] == ["chart.png"]
    [again] = await console.press(edited, button.number, locale="en")
    assert [p.name for p in again.files] == ["chart.png"]       # replaced, not piled up


async def test_a_button_from_before_a_restart_says_to_run_the_command_again(console):
    [reply] = await console.run(LINE, locale="en")
    STORE.requests.clear()                                      # what a restart forgets
    [answer] = await console.press(reply, reply.controls[0].number, locale="en")
    assert answer.ephemeral and "Run the command again with chart:true" in answer.text


async def test_compare_puts_two_profiles_on_one_chart(console):
    [reply] = await console.run(LINE + ' compare:"6xAP4+" chart:true', locale="en")
    assert "Compared, 6xAP4+: mean" in reply.text and [p.name for p in reply.files] == ["chart.png"]
