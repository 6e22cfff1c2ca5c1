"""Build the rule index from the shipped corpus, or load it from the cache.

The cache file is keyed by a hash of everything the index is made from: the books, the
manifest, the override and alias files, and the index code itself. Change any of them and
the next start rebuilds (and rewrites the cache) automatically.
"""
from __future__ import annotations

import gc
import hashlib
import os
import pickle
import re
import tempfile
import tomllib
from pathlib import Path

from rules_index import normalize as nz
from rules_index.engine import RuleIndex, title_variants
from rules_index.outline import Section, build_outline

HERE = Path(__file__).parent
CORPUS = HERE / "corpus"
ALIASES = HERE / "aliases"
DEFAULT_CACHE_DIR = Path(os.environ.get("RULES_INDEX_CACHE", HERE.parent / "data" / "cache"))
GAME_ORDER = ("epic", "horus_heresy", "flames_of_war", "warmaster", "hydrophilia")


def manifest() -> dict[str, dict]:
    return tomllib.loads((HERE / "manifest.toml").read_text(encoding="utf-8"))


def source_hash() -> str:
    h = hashlib.sha256()
    files = sorted(CORPUS.glob("*")) + [HERE / "manifest.toml"] + sorted((HERE / "overrides").glob("*.toml")) \
        + sorted(ALIASES.glob("*.toml")) + sorted(HERE.glob("*.py"))
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:20]


def read_book(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def _containing(sections: list[Section], line: int) -> Section | None:
    exact = [s for s in sections if s.line_start == line and s.kind != "table"]
    if exact:
        return exact[0]
    inside = [s for s in sections if s.line_start <= line <= s.line_end]
    inside.sort(key=lambda s: (s.kind == "table", s.length))
    return inside[0] if inside else None


def book_glossary(game: str, lines: list[str]) -> list[tuple[str, str]]:
    """(Russian, English) pairs from a book's own glossary."""
    pairs: list[tuple[str, str]] = []
    if game == "horus_heresy":
        start = next(i for i, l in enumerate(lines) if l.strip() == "# ГЛОССАРИЙ")
        for l in lines[start + 1:]:
            cells = [c.strip() for c in l.split("\t")]
            for k in range(0, len(cells) - 1, 2):
                if cells[k] and cells[k + 1]:
                    pairs.append((cells[k], cells[k + 1]))
    elif game == "flames_of_war":
        for l in lines[1400:1649]:
            m = re.match(r"^(.+?)\s*[–-]\s*([A-Za-z].*)$", l.strip())
            if m:
                pairs.append((m.group(1), m.group(2)))
    return pairs


def _section_terms(game: str, sections: list[Section], lines: list[str]) -> dict[str, set[str]]:
    out = {}
    for s in sections:
        chunk = lines[s.line_start - 1:s.line_end]
        found = {t for line in chunk for t in nz.line_terms(line)}
        if len(chunk) == 1 and len(chunk[0]) < 80:
            found.add(nz.compact(chunk[0]))
        out[s.id] = found
    return out


def collect_aliases(game: str, sections: list[Section], lines: list[str]) -> dict[str, list[tuple[str, float]]]:
    """Alias names per section id, each with a weight (1.0 placed with evidence, 0.8 without).

    A research row names book lines; a name goes to the section(s) among them whose text
    contains it. When none does but another section of the book does, the row's line was
    imprecise and the name is left out (the book knows better); when nothing in the book
    contains it (slang, English), it goes to the row's sections.
    """
    out: dict[str, dict[str, float]] = {}
    terms = _section_terms(game, sections, lines)
    title_terms = {s.id: set(nz.terms(s.title)) for s in sections}
    starts = {s.line_start for s in sections if s.kind != "table"}
    tables = {s.id for s in sections if s.kind == "table"}

    def put(sid: str, name: str, w: float) -> None:
        d = out.setdefault(sid, {})
        d[name] = max(d.get(name, 0.0), w)

    path = ALIASES / f"{game}.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for row in data.get("alias", []) + data.get("extra", []):
        rows_lines = row["line"] if isinstance(row["line"], list) else [row["line"]]
        # A line that starts a section names that section; a line inside one is a mention
        # in a larger section, which gets the name at a lower weight.
        cand_w: dict[str, float] = {}
        for l in rows_lines:
            sec = _containing(sections, l)
            if sec is not None:
                cand_w[sec.id] = max(cand_w.get(sec.id, 0.0), 1.0 if l in starts else 0.8)
        cands = list(cand_w)
        if not cands:
            continue
        for name in row["names"]:
            nt = set(nz.terms(name))
            if not nt:
                continue
            ev = [c for c in cands if nt <= terms[c] or nz.compact(name) in terms[c]]
            if ev:
                # A row line inside a section is a mention; when a heading elsewhere names the
                # thing («15. МАГИЧЕСКИЕ ЗАКЛИНАНИЯ» for "Заклинание"), the mention is only a hint,
                # so the section that names it outranks the ones that merely mention it.
                named_elsewhere = any(nt <= t for sid, t in title_terms.items()
                                      if sid not in cand_w and sid not in tables)
                for c in ev:
                    w = cand_w[c]
                    if w < 1.0 and named_elsewhere and not nt <= title_terms[c]:
                        w *= 0.5
                    put(c, name, w)
            elif any(nt <= t for sid, t in title_terms.items() if sid not in cand_w):
                continue                      # the book names this rule elsewhere
            elif len(cands) == 1 and cand_w[cands[0]] == 1.0:
                put(cands[0], name, 1.0)      # the row points at one heading: trust it
            elif any(nt <= t for t in terms.values()):
                for c in cands:               # the words live elsewhere in the book: a weak hint
                    put(c, name, 0.5 * cand_w[c])
            else:
                for c in cands:
                    put(c, name, cand_w[c] if len(cands) == 1 else 0.8 * cand_w[c])
    # The book's own glossary: the English goes to every section titled like the Russian.
    by_key: dict[str, list[Section]] = {}
    for s in sections:
        if s.kind == "table":
            continue
        for v in title_variants(s.title):
            by_key.setdefault(" ".join(nz.terms(v)), []).append(s)
    for ru, en in book_glossary(game, lines):
        ru_terms = nz.terms(ru)
        exact = by_key.get(" ".join(ru_terms), [])
        for s in exact:
            put(s.id, en, 1.0)
        if not exact and ru_terms:
            # «прыжковый ранец» inside «Прыжковые ранцы и реактивные ранцы»: the English
            # ("jump pack") names that section too, less surely.
            want = set(ru_terms)
            for key, secs in by_key.items():
                kt = key.split()
                if want <= set(kt) and len(kt) <= len(want) + 2:
                    for s in secs:
                        put(s.id, en, 0.8)
    return {k: list(v.items()) for k, v in out.items()}


def glossary_pairs(game: str, lines: list[str]) -> list[tuple[str, str]]:
    """The book's own (English, Russian) pairs, for translating an English query."""
    return [(en, ru) for ru, en in book_glossary(game, lines)]


def build(copies: int = 1) -> RuleIndex:
    """Build from the corpus. `copies` > 1 repeats every book (the ten-fold benchmark corpus)."""
    man = manifest()
    sections: list[Section] = []
    texts: dict[str, list[str]] = {}
    aliases: dict[str, list[tuple[str, float]]] = {}
    games: dict[str, dict] = {}
    glossary: dict[str, list[tuple[str, str]]] = {}
    for game in GAME_ORDER:
        lines = read_book(CORPUS / man[game]["file"])
        secs = build_outline(game, lines)
        al = collect_aliases(game, secs, lines)
        pairs = glossary_pairs(game, lines)
        for c in range(copies):
            gid = game if c == 0 else f"{game}~{c}"
            games[gid] = man[game]
            texts[gid] = lines
            glossary[gid] = pairs
            for s in secs:
                sid = s.id if c == 0 else s.id.replace(game, gid, 1)
                sections.append(Section(sid, gid, s.title, s.level, s.line_start, s.line_end,
                                        s.parent.replace(game, gid, 1) if (s.parent and c) else s.parent,
                                        s.path, s.kind, [x.replace(game, gid, 1) if c else x for x in s.children],
                                        s.demoted))
                if s.id in al:
                    aliases[sid] = al[s.id]
    return RuleIndex(sections, texts, aliases, games, glossary)


def load_index(cache_dir: str | Path | None = None) -> RuleIndex:
    """The index from the cache when it matches the corpus and code, else built and cached."""
    cache_dir = Path(cache_dir) if cache_dir is not None else DEFAULT_CACHE_DIR
    path = cache_dir / f"rules_index-{source_hash()}.pickle"
    if path.exists():
        try:
            data = path.read_bytes()
            enabled = gc.isenabled()
            gc.disable()           # unpickling ~10⁵ small objects: the GC would rescan them over and over
            try:
                return pickle.loads(data)
            finally:
                if enabled:
                    gc.enable()
        except Exception:          # a truncated or stale file: rebuild below
            pass
    index = build()
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        for old in cache_dir.glob("rules_index-*.pickle"):
            old.unlink(missing_ok=True)
        fd, tmp = tempfile.mkstemp(dir=cache_dir, suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(index, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass                       # read-only checkout: run from memory
    return index
