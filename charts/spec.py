"""What a chart shows, as plain data in the reader's language: built on the event loop from a
Distribution (or a dice distribution), drawn in a worker."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from dice.dist import Dist
from games.procedure import Distribution
from i18n import Renderable, tr


@dataclass(frozen=True)
class Series:
    """One distribution: P(exactly offset + i) for each i, its mean and the event's chance."""

    label: str
    offset: int
    probabilities: tuple[float, ...]
    mean: float
    mean_text: str = ""                # «в среднем 3,5»
    event: str | None = None           # «сломана: 31,5 %»
    estimated: bool = False            # a Monte-Carlo estimate (≈)

    def at_least(self) -> tuple[float, ...]:
        """P(at least offset + i), for each i."""
        out, running = [], 0.0
        for p in reversed(self.probabilities):
            running += p
            out.append(min(running, 1.0))
        return tuple(reversed(out))


@dataclass(frozen=True)
class ChartSpec:
    title: str
    x_label: str
    y_label: str
    series: tuple[Series, ...]
    exactly_label: str
    at_least_label: str
    highlight: int | None = None       # the value rolled, drawn apart
    highlight_label: str | None = None


def _percent(value: Fraction | float, locale: str) -> str:
    text = f"{float(value) * 100:.1f}"
    return (text.replace(".", ",") + " %") if locale == "ru" else text + "%"


def _number(value: float, locale: str) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if locale == "ru" else text


def series_of(distribution: Distribution, locale: str, label: str = "") -> Series:
    event = None
    if distribution.event is not None and distribution.event_probability is not None:
        event = tr("charts.event", locale, event=distribution.event,
                   chance=_percent(distribution.event_probability, locale))
    mean = float(distribution.mean())
    return Series(label=label, offset=distribution.dist.offset,
                  probabilities=tuple(float(p) for p in distribution.dist.probabilities), mean=mean,
                  mean_text=tr("charts.mean", locale, value=_number(mean, locale)), event=event,
                  estimated=distribution.samples is not None)


def mapping_distribution(values: Mapping[int, Fraction], quantity: Renderable) -> Distribution:
    """A {value: probability} mapping (the dice's own form) as a Distribution."""
    return Distribution(quantity=quantity, dist=Dist.of(values))  # type: ignore[arg-type]


def chart_spec(distributions: list[tuple[str, Distribution]], locale: str, title: str,
               highlight: int | None = None) -> ChartSpec:
    """The chart of one distribution, or of several compared (each with its label)."""
    first = distributions[0][1]
    return ChartSpec(
        title=title, x_label=first.quantity.render(locale), y_label=tr("charts.probability", locale),
        series=tuple(series_of(d, locale, label) for label, d in distributions),
        exactly_label=tr("charts.exactly", locale), at_least_label=tr("charts.at_least", locale), highlight=highlight,
        highlight_label=tr("charts.rolled", locale) if highlight is not None else None)
