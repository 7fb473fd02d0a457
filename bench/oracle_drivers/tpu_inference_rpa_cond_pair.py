"""tpu-inference's stacked ragged paged attention (``stacked_rpa/wrapper.py:1302``): a
``lax.cond`` whose true branch returns the decode kernel's launch and whose false branch
returns its operand pair, flagged as a leaf against a pair (``cond-branch-output-mismatch``).

    python tpu_inference_rpa_cond_pair.py SRC

The kernels are TPU Mosaic kernels (their launches need a TPU), so the driver reads the shape
of the code from the wheel with ``ast`` and runs that shape on the pinned JAX: it checks that
the decode kernels' ``pallas_call`` (``decode/*/kernel.py``) is given a list of two outputs
and that the cond's false branch is ``lambda args: args`` over a pair, then runs a
``lax.cond`` whose true branch returns a ``pallas_call`` (interpret mode) with a list of two
outputs and whose false branch returns the pair.  Pallas returns a list of outputs as a tuple,
so both branches return a pair and the cond runs: the finding is false.  Last line:
``verdict: true|false: what ran``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

RPA = "tpu_inference/kernels/experimental/stacked_rpa"


def out_shapes(path: Path) -> list[str]:
    """How each ``pallas_call`` of the file spells its ``out_shape``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "pallas_call":
            found += [ast.unparse(k.value) for k in node.keywords if k.arg == "out_shape"]
    return found


def false_branch(path: Path, line: int) -> str:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and node.lineno <= line <= (node.end_lineno or 0)
            and getattr(node.func, "attr", "") == "cond"
            and len(node.args) == 4
        ):
            return f"{ast.unparse(node.args[2])} over {ast.unparse(node.args[3])}"
    raise SystemExit(f"no lax.cond at {path}:{line}")


def copy_pair(q_ref: jax.Array, kv_ref: jax.Array, o_ref: jax.Array, kv_out: jax.Array) -> None:
    o_ref[...] = q_ref[...]
    kv_out[...] = kv_ref[...] + 1


def main(src: Path) -> str:
    shapes = {
        str(p.relative_to(src)): out_shapes(p)
        for p in sorted((src / RPA / "decode").glob("*/kernel.py"))
    }
    branch = false_branch(src / RPA / "wrapper.py", 1302)
    q, kv = jnp.ones((8, 128)), jnp.zeros((8, 128))

    def run_decode(args: tuple[jax.Array, jax.Array]) -> object:
        launch = pl.pallas_call(copy_pair, out_shape=[args[0], args[1]], interpret=True)
        return launch(*args)

    try:
        jax.lax.cond(q.sum() > 0, run_decode, lambda args: args, (q, kv))
    except TypeError as error:
        return f"verdict: true: the cond raises TypeError: {error}"
    return (
        f"verdict: false: the decode kernels' launches spell out_shape as {shapes} and the "
        f"false branch is {branch}; a cond of a pallas_call with a list of two outputs against "
        "the operand pair runs on the pinned JAX (a list of outputs comes back a tuple)"
    )


if __name__ == "__main__":
    print(main(Path(sys.argv[1])))
