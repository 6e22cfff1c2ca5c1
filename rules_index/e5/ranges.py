"""The ranges of the encoder's activations, which the fast graph's int8 products are smoothed by
(rules_index.e5.graph): for each product's input, each channel's largest magnitude over a
sample of what players ask.

Measured once, with the precise graph, on the written questions and section titles (never a
test set): `python -m rules_index ranges`, about a minute. They ship beside this module,
stamped with the model file they were measured on; a model they weren't measured on gets the
precise graph (rules_index.e5.E5), slower but right.
"""
from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from rules_index.e5 import E5
    from rules_index.e5.model_file import ModelFile

log = logging.getLogger(__name__)

RANGES_FILE = Path(__file__).with_name("activation_ranges.npz")
STAMP = "model"
STAMPED_BYTES = 1 << 20      # the file's size and its first and last MiB name the model well enough, in a millisecond


def model_stamp(file: ModelFile) -> str:
    path = file.path
    size = path.stat().st_size
    digest = hashlib.blake2b(digest_size=8)
    with path.open("rb") as f:
        digest.update(f.read(STAMPED_BYTES))
        f.seek(max(size - STAMPED_BYTES, 0))
        digest.update(f.read())
    return f"{size}:{digest.hexdigest()}"


def shipped(file: ModelFile, path: Path | None = None) -> dict[str, np.ndarray] | None:
    """The shipped ranges, or None where they are missing or were measured on another model."""
    path = path or RANGES_FILE
    try:
        with np.load(path) as saved:
            ranges = {name: saved[name] for name in saved.files}
    except (OSError, ValueError):
        log.warning("rules_index: no activation ranges at %s; the sentence encoder runs its precise, "
                    "slower graph (`python -m rules_index ranges` measures them)", path)
        return None
    if str(ranges.pop(STAMP, "")) != model_stamp(file):
        log.warning("rules_index: the activation ranges at %s were measured on another model; the "
                    "sentence encoder runs its precise, slower graph (`python -m rules_index ranges`)", path)
        return None
    return ranges


def measure(model: E5, texts: list[str], threads: int = 2) -> dict[str, np.ndarray]:
    """Each product input's per-channel largest magnitude over `texts`, read as queries are."""
    from rules_index.e5 import session
    from rules_index.e5.graph import onnx_model
    observer = session(onnx_model(model.file, observe=True), threads)
    names = [o.name for o in observer.get_outputs()][1:]
    ranges: dict[str, np.ndarray] = {}
    for text in texts:
        for embeddings in model.query_inputs(text):
            for name, values in zip(names, observer.run(None, {"embeddings": embeddings})[1:]):
                largest = np.abs(values).reshape(-1, values.shape[-1]).max(axis=0)
                ranges[name] = np.maximum(ranges[name], largest) if name in ranges else largest
    return ranges


def save(ranges: dict[str, np.ndarray], file: ModelFile, path: Path | None = None) -> None:
    arrays: dict[str, np.ndarray] = {STAMP: np.array(model_stamp(file))}
    arrays.update((name, values.astype(np.float32)) for name, values in ranges.items())
    np.savez_compressed(path or RANGES_FILE, **arrays)  # type: ignore[arg-type]  # the stub reads a name as its own keyword
