"""Build the rule index from the games' books, or load it from the cache.

Every game declares its book (`GameSystem.book`: the file, how to split it, its overrides,
aliases and glossary); the index is built from the registered games, in their order. The
cache file is keyed by a hash of everything the index is made from: each game's book folder
and titles, and the index code itself. Change any of them and the next start rebuilds (and
rewrites the cache) automatically.
"""
from __future__ import annotations

import gc
import hashlib
import json
import logging
import os
import pickle
import tempfile
from pathlib import Path

from games.registry import GAMES, GameSystem
from rules_index import meaning, players_words, rerank
from rules_index import normalize as nz
from rules_index.engine import RuleIndex, title_variants
from rules_index.meaning import VECTORS_FILE
from rules_index.section_model import MODEL_FILE
from rules_index.outline import Section, build_outline, in_glossary, section_holding

log = logging.getLogger(__name__)
HERE = Path(__file__).parent
DEFAULT_CACHE_DIR = Path(os.environ.get("RULES_INDEX_CACHE", HERE.parent / "data" / "cache"))


def _source_files(system: GameSystem) -> list[Path]:
    book_dir = system.book.file.parent
    # the game's declaration too: its nicknames are names a query may give (rules_index.game_names)
    return (sorted(book_dir.rglob("*.py")) + system.book.files()
            + [system.messages / "game.toml", system.messages.parent / "__init__.py"])


DIGESTS_FILE = "source-digests.json"


def source_hash(digests_dir: Path = DEFAULT_CACHE_DIR) -> str:
    """The cache's key: a digest over every file the index is made from (the books, their
    games' splitting code, this package, the shipped vectors and section model). Each file's
    own digest is kept in `digests_dir` with its size and modification time and reused while
    both are unchanged, as git's index does: a start then reads 77 stats, not 20 MB (reading
    and hashing them took 180 ms of a 450 ms load here)."""
    files = [f for system in GAMES.values() for f in _source_files(system)] + sorted(HERE.glob("*.py"))
    files += [f for f in (VECTORS_FILE, MODEL_FILE, rerank.MODEL_FILE, players_words.FILE) if f.exists()]
    stamps_path = digests_dir / DIGESTS_FILE
    try:
        known = json.loads(stamps_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    if not isinstance(known, dict):
        known = {}
    stamps: dict[str, list] = {}
    h = hashlib.sha256()
    for f in files:
        st = f.stat()
        was = known.get(str(f))
        if isinstance(was, list) and len(was) == 3 and was[:2] == [st.st_size, st.st_mtime_ns]:
            digest = str(was[2])
        else:
            digest = hashlib.sha1(f.read_bytes()).hexdigest()
        stamps[str(f)] = [st.st_size, st.st_mtime_ns, digest]
        h.update(str(f.relative_to(f.parents[2]) if len(f.parents) > 2 else f.name).encode())
        h.update(digest.encode())
    if stamps != known:
        try:
            digests_dir.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=digests_dir, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(stamps, fh)
            os.replace(tmp, stamps_path)
        except OSError:
            pass                   # read-only checkout: hashed again next start
    return h.hexdigest()[:20]


def book_info(system: GameSystem) -> dict:
    """What the index keeps of a game (plain data: the index is pickled)."""
    import i18n
    return {"short_ru": i18n.tr(f"{system.id}.book.short", "ru"), "short_en": i18n.tr(f"{system.id}.book.short", "en"),
            "title_ru": i18n.tr(f"{system.id}.book.title", "ru"),
            "title_en": i18n.tr(f"{system.id}.book.title", "en"), "names": sorted(set(system.book.names) | system.names()),
            "file": system.book.file.name, "armies": system.book.army_names(),
            "measured_in": list(system.book.measured_in),
            # lines of the book that are not rule text (an advert repeated in the translation)
            "junk": list(system.book.override_data().get("junk", []))}


def _section_terms(game: str, sections: list[Section], lines: list[str]) -> dict[str, set[str]]:
    out = {}
    for s in sections:
        chunk = lines[s.line_start - 1:s.line_end]
        found = {t for line in chunk for t in nz.line_terms(line)}
        if len(chunk) == 1 and len(chunk[0]) < 80:
            found.add(nz.compact(chunk[0]))
        out[s.id] = found
    return out


def alias_rows(data: dict) -> list[dict]:
    """An alias file's rows: the research's aliases and the players' extra names."""
    return data.get("alias", []) + data.get("extra", [])


def alias_names(data: dict) -> list[str]:
    return [name for row in alias_rows(data) for name in row["names"]]


def collect_aliases(game: str, sections: list[Section], lines: list[str], data: dict,
                    glossary: list[tuple[str, str]]) -> dict[str, list[tuple[str, float]]]:
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
    glossary_entries = {s.id for s in sections if in_glossary(s)}

    def put(sid: str, name: str, w: float) -> None:
        d = out.setdefault(sid, {})
        d[name] = max(d.get(name, 0.0), w)

    for row in alias_rows(data):
        rows_lines = row["line"] if isinstance(row["line"], list) else [row["line"]]
        # A line that starts a section names that section; a line inside one is a mention
        # in a larger section, which gets the name at a lower weight.
        cand_w: dict[str, float] = {}
        for l in rows_lines:
            sec = section_holding(sections, l)
            if sec is not None:
                cand_w[sec.id] = max(cand_w.get(sec.id, 0.0), 1.0 if l in starts else 0.8)
        cands = list(cand_w)
        if not cands:
            continue
        # a row naming a rule and its glossary entry: the entry only defines what the rule
        # states, so it is named no more surely than the rule (its penalty then ranks it after)
        rules = [c for c in cands if c not in glossary_entries]
        if rules:
            ceiling = max(cand_w[c] for c in rules)
            for sid in cand_w.keys() - set(rules):
                cand_w[sid] = min(cand_w[sid], ceiling)
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
    for ru, en in glossary:
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


def book_glossary(system: GameSystem, lines: list[str]) -> list[tuple[str, str]]:
    """(Russian, English) pairs from the book's own glossary, if it has one."""
    return system.book.glossary(lines) if system.book.glossary else []


def asked_by_section(sections: list[Section], rows: list[tuple[int, str]]) -> dict[str, list[tuple[int, str]]]:
    """The written questions (rules_index.asked) by the section holding their answering line."""
    out: dict[str, list[tuple[int, str]]] = {}
    holding: dict[int, Section | None] = {}     # several questions point at one line
    for line, text in rows:
        if line not in holding:
            holding[line] = section_holding(sections, line)
        sec = holding[line]
        if sec is not None:
            out.setdefault(sec.id, []).append((line, text))
    return out


def book_parts() -> tuple[list[Section], dict[str, list[str]], dict[str, list[tuple[str, float]]], dict[str, dict],
                        dict[str, list[tuple[str, str]]], dict[str, list[tuple[int, str]]]]:
    """What the index is made of, per registered game: sections, the book's lines, aliases,
    the manifest entry, the glossary (English → Russian) and the questions written for it."""
    # each book's files, read once: the nouns Snowball reads as verbs are found among all their
    # words before anything is stemmed
    books = [(system, system.book.lines(), system.book.alias_data(), system.book.question_rows())
             for system in GAMES.values()]
    nz.use_noun_stems(noun_lexicon([text for _, lines, alias_data, rows in books
                                    for text in (*lines, *alias_names(alias_data), *(q for _, q in rows))]))
    sections: list[Section] = []
    texts: dict[str, list[str]] = {}
    aliases: dict[str, list[tuple[str, float]]] = {}
    games: dict[str, dict] = {}
    glossary: dict[str, list[tuple[str, str]]] = {}
    asked: dict[str, list[tuple[int, str]]] = {}
    for system, lines, alias_data, rows in books:
        game, book = system.id, system.book
        secs = build_outline(game, lines, book.split, book.override_data())
        ru_en = book_glossary(system, lines)
        aliases.update(collect_aliases(game, secs, lines, alias_data, ru_en))
        games[game] = book_info(system)
        texts[game] = lines
        glossary[game] = [(en, ru) for ru, en in ru_en]      # English → Russian, for translating a query
        asked.update(asked_by_section(secs, rows))
        sections += secs
    return sections, texts, aliases, games, glossary, asked


def build() -> RuleIndex:
    """Build from the registered games' books."""
    index = without_gc(lambda: RuleIndex(*book_parts()))
    index.noun_stems = nz.used_noun_stems()   # what a load stems queries with (normalize.use_noun_stems)
    return index


def noun_lexicon(texts: list[str]) -> dict[str, str]:
    """The nouns Snowball reads as verbs (normalize.noun_stems) among the words of `texts`:
    the books, their aliases and their written questions."""
    return nz.noun_stems(word for text in texts for word in nz.tokens(text))


def without_gc(make):
    """Building allocates ~10⁶ small objects and frees few: the cyclic GC would rescan them
    over and over (superlinear in the corpus), so it waits until the index is built."""
    was = gc.isenabled()
    gc.disable()
    try:
        return make()
    finally:
        if was:
            gc.enable()


def load_index(cache_dir: str | Path | None = None) -> RuleIndex:
    """The index from the cache when it matches the corpus and code, else built and cached.
    Its objects then leave the cyclic collector's reach (`kept_out_of_gc`)."""
    refreezing = gc.get_freeze_count() > 0
    index, built = _load_or_build(cache_dir)
    return kept_out_of_gc(index, collect=built or refreezing)


def kept_out_of_gc(index: RuleIndex, collect: bool = True) -> RuleIndex:
    """The index lives as long as the process: after one collection (the build's cyclic
    garbage), every object then alive is frozen (gc.freeze), so a collection that falls in a
    search no longer rescans the index's ~70,000 containers (the slowest search after typing,
    paired on every query of the sets: 32 → 19 ms; p99 10–11.6 → 8.7–10.5 ms).
    What an earlier load froze goes back to the collector first: frozen objects are never
    collected, so a process loading an index again (every console session of the test suite;
    a bot started again in the same process) kept each bot and index before it (62 MB a load,
    11.5 GB by the suite's end). A first load from the cache leaves no garbage worth that
    collection (`collect=False`: 70-80 ms of a 300 ms start here); a build, or a load after
    another, does."""
    if collect:
        gc.unfreeze()
        gc.collect()
    gc.freeze()
    return index


def forget_build_memos() -> None:
    """The build reads every line of the books through these memos (~20,000 words, ~7,000
    lines); a search reads a few, and a start from the cache begins with them empty. Kept after
    a build, they held ~19 MB of the first start's RSS."""
    from rules_index import passages, words
    for memo in (nz._token, nz.stem, nz.lemma_stem, nz.line_words, nz.line_terms, passages.states, words._plain):
        memo.cache_clear()


def _load_or_build(cache_dir: str | Path | None) -> tuple[RuleIndex, bool]:
    """The index, and whether it was built (not read from the cache)."""
    cache_dir = Path(cache_dir) if cache_dir is not None else DEFAULT_CACHE_DIR
    meaning.graph_folder = cache_dir        # the sentence encoder's graph is kept beside the index
    path = cache_dir / f"rules_index-{source_hash(cache_dir)}.pickle"
    if path.exists():
        try:
            data = path.read_bytes()
            enabled = gc.isenabled()
            gc.disable()           # unpickling ~10⁵ small objects: the GC would rescan them over and over
            try:
                index = pickle.loads(data)
                nz.use_noun_stems(index.noun_stems)
                return index, False
            finally:
                if enabled:
                    gc.enable()
        except Exception:          # a truncated or stale file: rebuild below, and say why
            log.warning("rule index cache %s is unreadable; rebuilding", path, exc_info=True)
    index = build()
    forget_build_memos()
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
    return index, True
