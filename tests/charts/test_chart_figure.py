"""Charts are drawn from the same Distribution the text reads (issue 12): the bars' heights
are its probabilities, the line is P(at least k), Russian text has every glyph."""
from __future__ import annotations

import warnings
from fractions import Fraction

from charts import build_figure, chart_spec, render_png
from charts.dice_chart import roll_chart_png
from dice.dist import Dist
from games.procedure import Distribution
from games.registry import GAMES
from i18n import Msg

assert "epic" in GAMES      # the game's catalog (its chart labels) loads with the registry

KILLS = Distribution(Msg.of("epic.chart.kills"), Dist.binomial(3, Fraction(1, 2)),
                     event=Msg.of("epic.chart.break"), event_probability=Fraction(1, 8))
OTHER = Distribution(Msg.of("epic.chart.kills"), Dist(1, (Fraction(1, 4), Fraction(3, 4))))


def test_bar_heights_are_the_distribution():
    figure = build_figure(chart_spec([("", KILLS)], "en", "Shooting odds"))
    bars = [p for p in figure.axes[0].patches]
    assert [b.get_height() for b in bars] == [0.125, 0.375, 0.375, 0.125]
    line = figure.axes[0].lines[0]
    assert list(line.get_ydata()) == [1.0, 0.875, 0.5, 0.125]
    assert list(line.get_xdata()) == [0, 1, 2, 3]
    assert figure.axes[0].get_title(loc="left") == "mean 1.5 · formation broken: 12.5%"


def test_two_profiles_share_one_chart():
    figure = build_figure(chart_spec([("4xAP5+", KILLS), ("2xAT4+ MW", OTHER)], "ru", "Шансы стрельбы"))
    heights = [b.get_height() for b in figure.axes[0].patches]
    assert heights == [0.125, 0.375, 0.375, 0.125, 0.25, 0.75]
    assert figure.axes[0].get_title(loc="left").splitlines() == [
        "4xAP5+ · в среднем 1,5 · формация сломана: 12,5 %", "2xAT4+ MW · в среднем 1,75"]


def test_russian_text_has_every_glyph():
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # matplotlib warns "Glyph … missing from font"
        png = render_png(chart_spec([("Ёлки", KILLS)], "ru", "Шансы: ёжик, щука, Ъ"))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_roll_chart_marks_the_rolled_total():
    png = roll_chart_png("3d6", None, None, False, "en", 10)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
