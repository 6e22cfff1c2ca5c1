"""Drawing a ChartSpec with matplotlib (Agg: no display). Bars: P(exactly k); a line: P(at
least k); a dashed line at the mean; the event's chance written on it. Two series side by side
when compared. Runs in a worker process (≈100 ms), never on the event loop."""
from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")   # before pyplot: no display, and no GUI toolkit imported

from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from charts.spec import ChartSpec  # noqa: E402

COLOURS = ("#4c72b0", "#dd8452")
HIGHLIGHT = "#c44e52"
WIDTH, HEIGHT, DPI = 8, 4.5, 100      # 800×450: readable in a Discord embed, small file


def _percent_axis(value: float, _position: float) -> str:
    return f"{value * 100:.0f}%"


def build_figure(spec: ChartSpec) -> Figure:
    """The figure; its bars' heights are the series' probabilities (tests read them back)."""
    figure = Figure(figsize=(WIDTH, HEIGHT), dpi=DPI)
    axes = figure.add_subplot()
    count = len(spec.series)
    width = 0.8 / count
    texts = []
    for index, series in enumerate(spec.series):
        colour = COLOURS[index % len(COLOURS)]
        xs = [series.offset + i for i in range(len(series.probabilities))]
        shift = (index - (count - 1) / 2) * width
        label = f"{series.label}: {spec.exactly_label}" if series.label else spec.exactly_label
        bars = axes.bar([x + shift for x in xs], series.probabilities, width=width, color=colour, alpha=0.8,
                        label=label, gid=f"series-{index}")
        if spec.highlight is not None and index == 0 and spec.highlight in xs:
            bars[xs.index(spec.highlight)].set_color(HIGHLIGHT)
        at_least = f"{series.label}: {spec.at_least_label}" if series.label else spec.at_least_label
        axes.plot(xs, series.at_least(), color=colour, marker=".", linewidth=1.5, label=at_least)
        axes.axvline(series.mean, color=colour, linestyle="--", linewidth=1)
        texts.append(" · ".join(t for t in (series.label, series.mean_text, series.event) if t))
    handles, labels = axes.get_legend_handles_labels()
    if spec.highlight is not None and spec.highlight_label:
        handles.append(Patch(color=HIGHLIGHT, alpha=0.8))
        labels.append(spec.highlight_label)
    figure.suptitle(spec.title, fontsize=12)
    axes.set_title("\n".join(texts), fontsize=9, loc="left")
    axes.set_xlabel(spec.x_label)
    axes.set_ylabel(spec.y_label)
    axes.set_ylim(0, 1.05)
    axes.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(_percent_axis))
    axes.grid(axis="y", alpha=0.3)
    axes.legend(handles, labels, loc="upper right", fontsize=8)
    figure.tight_layout()
    return figure


def render_png(spec: ChartSpec) -> bytes:
    """The chart as PNG bytes."""
    buffer = io.BytesIO()
    build_figure(spec).savefig(buffer, format="png")
    return buffer.getvalue()
