"""Rule-lookup performance: prints figures, asserts nothing (targets are in the issue).

    .venv/bin/python benchmarks/lookup.py [--rounds 3] [--skip-tenfold]

Over every query of tests/rules_index/data/*_queries.tsv and *_questions.tsv (names and terms; the
questions and situations players type — public, held-out and dev sets):
  * /rule search latency p50/p99 (game given and not), with the per-word expansion cache
    emptied before every round, so each query pays for its own fuzzy expansion, and no kept
    answer or query vector (a question pays for encoding its sentence, rules_index.meaning);
  * the same after typing: autocomplete's `prepare` encoded the question while it was typed
    (what a player sees on Discord, where autocomplete runs at every keystroke);
  * autocomplete latency p50/p99 for every prefix of every query (what typing sends);
  * cold index build, cached load (pickle), RSS after load;
  * the same on a synthetic corpus of the five books repeated ten times.
Targets (2-core machine, issue 13): search p99 ≤ 15 ms, autocomplete p99 ≤ 5 ms, cached load
≤ 300 ms, cold build ≤ 10 s, RSS ≤ 250 MB with everything loaded, ten-fold search p99 ≤ 50 ms.
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules_index.build import book_parts, build, kept_out_of_gc, load_index, without_gc  # noqa: E402
from rules_index.engine import RuleIndex  # noqa: E402
from rules_index.outline import Section  # noqa: E402


def build_copies(copies: int) -> RuleIndex:
    """The synthetic corpus: every book repeated `copies` times, as games `<id>~1`, `<id>~2`…"""
    sections, texts, aliases, games, glossary, asked = book_parts()
    all_sections = list(sections)
    for c in range(1, copies):
        for game in list(games):
            gid = f"{game}~{c}"
            games[gid], texts[gid], glossary[gid] = games[game], texts[game], glossary[game]
        for s in sections:
            gid = f"{s.game}~{c}"
            sid = s.id.replace(s.game, gid, 1)
            all_sections.append(Section(sid, gid, s.title, s.level, s.line_start, s.line_end,
                                        s.parent.replace(s.game, gid, 1) if s.parent else s.parent, s.path, s.kind,
                                        [x.replace(s.game, gid, 1) for x in s.children], s.demoted))
            if s.id in aliases:
                aliases[sid] = aliases[s.id]
            if s.id in asked:
                asked[sid] = asked[s.id]
    # out of the collector's reach afterwards, as load_index leaves the bot's index
    return kept_out_of_gc(without_gc(lambda: RuleIndex(all_sections, texts, aliases, games, glossary, asked)))
from rules_index.evaluate import read_queries  # noqa: E402
from rules_index.meaning import forget_vectors, settle  # noqa: E402

DATA = ROOT / "tests" / "rules_index" / "data"
EVAL_FILES = sorted(DATA.glob("*_queries.tsv")) + sorted(DATA.glob("*_questions.tsv"))


def rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def in_new_process(code: str) -> str:
    """The last word `code` prints, run in a new Python process (a start as the bot makes it)."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split()[-1]


def bot_rss_mb() -> float:
    """RSS of a new process that loads the cached index and answers every query once. The
    default cache is brought up to date first, in a process of its own: after a change to the
    code, the measured process would build the index and keep the build's garbage (234 MB
    against 222 MB from the cache)."""
    in_new_process("import sys; sys.path.insert(0, %r)\n"
                   "from rules_index import load_index\n"
                   "load_index(); print('ready')" % str(ROOT))
    return int(in_new_process(
        "import sys; sys.path.insert(0, %r)\n"
        "from app.heap import return_large_buffers; return_large_buffers()   # as bot.py starts\n"
        "from rules_index import load_index\n"
        "from rules_index.evaluate import read_queries\n"
        "index = load_index()\n"
        "for f in %r:\n"
        "    for q in read_queries(f):\n"
        "        index.search(q.query, q.game, 10)\n"
        "        index.autocomplete(q.query[:5], q.game)\n"
        "print([l for l in open('/proc/self/status') if l.startswith('VmRSS')][0].split()[1])\n"
        % (str(ROOT), [str(f) for f in EVAL_FILES]))) / 1024


def bot_load_ms(cache_dir: str) -> float:
    """The cached load as the bot makes it: in a new process, the games already imported (the
    bot imports them at start). Loads repeated in one process reuse the heap the last one freed
    and found the earlier ones frozen, so they read faster than any start."""
    return float(in_new_process(
        "import sys, time; sys.path.insert(0, %r)\n"
        "from rules_index.build import load_index, source_hash\n"
        "source_hash(); t = time.perf_counter(); load_index(%r)\n"
        "print((time.perf_counter() - t) * 1000)\n" % (str(ROOT), cache_dir)))


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def timed(fn, *args, **kw) -> tuple[float, object]:
    t = time.perf_counter()
    out = fn(*args, **kw)
    return (time.perf_counter() - t) * 1000, out


def forget_queries(index) -> None:
    """Nothing kept of earlier queries: no answer, no query vector, no closeness."""
    index.__dict__.pop("_answers", None)
    forget_vectors()
    if index.meaning:
        index.meaning.forget()


def fresh_search(index, query: str, game: str | None, limit: int):
    """A search as if first asked."""
    forget_queries(index)
    t = time.perf_counter()
    index.search(query, game, limit)
    return (time.perf_counter() - t) * 1000, None


def typed_search(index, query: str, game: str | None, limit: int) -> float:
    """A search after its query was typed: autocomplete's `prepare` encoded the question and
    compared it with every passage while the player typed (waited for here, untimed), so
    only the words are ranked on /rule."""
    forget_queries(index)
    index.prepare(query, who="benchmark")
    settle()
    t = time.perf_counter()
    index.search(query, game, limit)
    return (time.perf_counter() - t) * 1000


def sent_as_typed_search(index, query: str, game: str | None, limit: int) -> float:
    """A search arriving right after its last keystroke (a query pasted and sent at once):
    autocomplete's `prepare` has only just been given the text, so the search waits for its
    encoding. Timed from the keystroke."""
    forget_queries(index)
    t = time.perf_counter()
    index.prepare(query, who="benchmark")
    index.search(query, game, limit)
    ms = (time.perf_counter() - t) * 1000
    settle()
    return ms


def measure(index, queries, rounds: int, games: bool = True) -> dict[str, list[float]]:
    search_game, search_all, complete, typed, sent = [], [], [], [], []
    names, questions = [], []          # game given, by the kind of query (a question also encodes)
    for _ in range(rounds):
        index._expansions.clear()
        for q in queries:
            if games:
                ms = fresh_search(index, q.query, q.game, 10)[0]
                search_game.append(ms)
                (questions if q.kind in ("question", "situation") else names).append(ms)
            search_all.append(fresh_search(index, q.query, None, 10)[0])
        index._expansions.clear()
        for q in queries:
            typed.append(typed_search(index, q.query, q.game if games else None, 10))
        index._expansions.clear()
        for q in queries:
            sent.append(sent_as_typed_search(index, q.query, q.game if games else None, 10))
        index._expansions.clear()
        for q in queries:
            for k in range(1, len(q.query) + 1):
                complete.append(timed(index.autocomplete, q.query[:k], q.game if games else None)[0])
    return {"search (game given)": search_game, "  names and terms": names, "  questions, situations": questions,
            "search (no game)": search_all, "search after typing": typed,
            "sent as typed": sent, "autocomplete": complete}


def report(title: str, figures: dict[str, list[float]]) -> None:
    print(f"\n== {title}")
    for name, values in figures.items():
        if values:
            print(f"  {name:<22} n={len(values):>5}  p50 {statistics.median(values):6.2f} ms   "
                  f"p99 {pct(values, 99):6.2f} ms   max {max(values):6.2f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--skip-tenfold", action="store_true")
    args = ap.parse_args()
    queries = [q for f in EVAL_FILES for q in read_queries(f)]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"rule lookup benchmark: {len(queries)} queries, {args.rounds} rounds, "
          f"{os.cpu_count()} CPUs, load average {load:.1f} (figures inflate when other work shares the CPUs)")

    gc.collect()
    before = rss_mb()
    cold_ms, _ = timed(build)
    with tempfile.TemporaryDirectory() as tmp:
        first_ms, _ = timed(load_index, tmp)             # builds and writes the cache
        gc.collect()
        cached = [bot_load_ms(tmp) for _ in range(3)]
        index = load_index(tmp)
    gc.collect()
    print(f"\n== index ({len(index.sections)} sections, {len(index.names)} names)")
    print(f"  cold build             {cold_ms:8.0f} ms")
    print(f"  first start (build+cache write) {first_ms:8.0f} ms")
    print(f"  cached load            {statistics.median(cached):8.0f} ms (as the bot starts: median of 3 new processes; "
          f"max {max(cached):.0f} ms)")
    print(f"  RSS after load         {rss_mb():8.1f} MB (process; {before:.1f} MB before building)")
    report("five books", measure(index, queries, args.rounds))
    print(f"  RSS of this process    {rss_mb():8.1f} MB (it also built the index: its heap keeps the build's garbage)")
    print(f"  RSS with everything loaded {bot_rss_mb():8.1f} MB (a fresh process as the bot runs: the cached "
          "index, the sentence encoder, every query answered once)")

    if not args.skip_tenfold:
        del index
        gc.collect()
        t_ms, big = timed(build_copies, 10)
        gc.collect()
        print(f"\n== ten-fold corpus ({len(big.sections)} sections, {len(big.names)} names)")
        print(f"  cold build             {t_ms:8.0f} ms")
        print(f"  RSS after build        {rss_mb():8.1f} MB")
        report("ten-fold corpus", measure(big, queries, max(1, args.rounds - 1), games=False))


if __name__ == "__main__":
    main()
