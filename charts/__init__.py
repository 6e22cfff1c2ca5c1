"""Charts of exact distributions (issue 12): what /odds and /roll compute, drawn as a PNG.

    spec = chart_spec(distribution, locale, title="…")      # plain data, picklable
    png = render_png(spec)                                   # in a worker (app.compute)

No discord here; matplotlib draws with its Agg backend (no display) and the DejaVu Sans font it
ships, which carries Cyrillic. The picture is built from the same `Distribution` the text
reads, so the chart and the reply can't disagree.
"""
from charts.figure import build_figure, render_png
from charts.spec import ChartSpec, Series, chart_spec, series_of

__all__ = ["ChartSpec", "Series", "build_figure", "chart_spec", "render_png", "series_of"]
