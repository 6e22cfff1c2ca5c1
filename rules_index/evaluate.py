"""Accuracy of rule lookup on a query file (game, query, hard, accept_lines), with a baseline.

A query is answered at rank k when its k-th hit is a section of that game whose line span
contains one of `accept_lines` and is at most 200 lines long. The baseline is what most bots
do: markdown headings or short lines as titles and rapidfuzz WRatio over the raw titles.
"""
from __future__ import annotations

import csv
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rapidfuzz import fuzz, process, utils

from games.registry import GAMES

_DATA = Path(__file__).resolve().parent.parent / "tests" / "rules_index" / "data"
# The public sets: rule names and terms, and the questions and situations players type.
PUBLIC_SETS = [_DATA / "lookup_queries.tsv", _DATA / "lookup_questions.tsv"]


@dataclass
class Query:
    game: str
    query: str
    hard: bool
    accept: list[int]
    kind: str = ""          # "question" / "situation" in the question sets; "" for names


def read_queries(path: str | Path) -> list[Query]:
    with open(path, encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    return [Query(r["game"], r["query"], r.get("hard", "0") == "1",
                  [int(x) for x in r["accept_lines"].split(",") if x.strip()], r.get("kind", "") or "")
            for r in rows]


def rank_of(hits: list[tuple[str, int, int]], q: Query) -> int | None:
    for k, (game, a, b) in enumerate(hits, 1):
        if game == q.game and b - a + 1 <= 200 and any(a <= line <= b for line in q.accept):
            return k
    return None


def score(queries: list[Query], searcher: Callable[[Query], list[tuple[str, int, int]]]) -> dict:
    per: dict[str, list[int | None]] = defaultdict(list)
    misses = []
    for q in queries:
        r = rank_of(searcher(q)[:5], q)
        per[q.game].append(r)
        per["overall"].append(r)
        if q.kind:
            per[f"kind:{q.kind}"].append(r)
        if r != 1:
            misses.append((q, r))
    table = {}
    for g, ranks in per.items():
        n = len(ranks)
        table[g] = {f"top{k}": sum(1 for r in ranks if r is not None and r <= k) / n for k in (1, 3, 5)} | {"n": n}
    return {"table": table, "misses": misses}


class Baseline:
    """Headings (markdown, or short lines) as titles; WRatio over the raw titles."""

    def __init__(self) -> None:
        self.titles: dict[str, list[tuple[str, int, int]]] = {}
        for game, system in GAMES.items():
            lines = system.book.lines()
            heads = []
            for i, l in enumerate(lines):
                s = l.strip()
                if s.startswith("#"):
                    heads.append((s.lstrip("#").strip(), i + 1))
                elif 0 < len(s) <= 60 and s[-1] not in ".:;,!?" and (i == 0 or not lines[i - 1].strip()):
                    heads.append((s, i + 1))
            spans = []
            for k, (t, ln) in enumerate(heads):
                end = heads[k + 1][1] - 1 if k + 1 < len(heads) else len(lines)
                spans.append((t, ln, end))
            self.titles[game] = spans

    def search(self, query: str, game: str | None) -> list[tuple[str, int, int]]:
        pool = [(g, t) for g in ([game] if game else list(GAMES)) for t in self.titles[g]]
        res = process.extract(query, [t[0] for _, t in pool], scorer=fuzz.WRatio, processor=utils.default_process, limit=5)
        return [(pool[i][0], pool[i][1][1], pool[i][1][2]) for _, _, i in res]


def format_report(name: str, result: dict, baseline: dict | None = None) -> str:
    """One row per game, per kind of query and overall; the baseline's top-1/top-5 beside ours."""
    head = f"{'game':<18}{'n':>4}{'top1':>8}{'top3':>8}{'top5':>8}"
    if baseline is not None:
        head += f"{'WRatio@1':>10}{'WRatio@5':>10}"
    out = [f"== {name}", head]
    kinds = sorted(k for k in result["table"] if k.startswith("kind:"))
    for g in list(GAMES) + kinds + ["overall"]:
        if g in result["table"]:
            r = result["table"][g]
            row = f"{g:<18}{r['n']:>4}{r['top1']:>8.1%}{r['top3']:>8.1%}{r['top5']:>8.1%}"
            if baseline is not None and g in baseline["table"]:
                b = baseline["table"][g]
                row += f"{b['top1']:>10.1%}{b['top5']:>10.1%}"
            out.append(row)
    return "\n".join(out)


def run(path: str | Path, index=None, show_misses: bool = True) -> tuple[str, dict]:
    from rules_index.build import load_index

    index = index or load_index()
    queries = read_queries(path)

    def ours(game_given: bool):
        def f(q: Query):
            return [(h.game, h.line_start, h.line_end) for h in index.search(q.query, q.game if game_given else None, 5)]
        return f

    with_game = score(queries, ours(True))
    without = score(queries, ours(False))
    base = Baseline()
    baseline = score(queries, lambda q: base.search(q.query, q.game))
    parts = [format_report(f"{Path(path).name}: rules_index, game given (WRatio over raw titles beside)", with_game, baseline),
             format_report(f"{Path(path).name}: rules_index, no game", without)]
    if show_misses:
        lines = ["== misses (game given): query → rank (None = not in top 5); top hit"]
        for q, r in with_game["misses"]:
            top = index.search(q.query, q.game, 1)
            t = f"{top[0].title} L{top[0].line_start}-{top[0].line_end}" if top else "—"
            lines.append(f"  [{q.game}] {q.query!r} → {r}; got {t}; want {q.accept[:6]}")
        parts.append("\n".join(lines))
    return "\n\n".join(parts), {"with_game": with_game, "without_game": without, "baseline": baseline}
