"""``pallas-compiler-params-type`` findings: the ``compiler_params`` a flagged
``pallas_call`` is given, cut from the wheel with ``ast`` and launched on the pinned JAX.

    python pallas_dict_compiler_params.py SRC PATH:LINE [NAME=VALUE ...]

The packages these come from (fjformer, eformer) do not import on the pinned JAX, or need a
GPU or TPU for the kernels around the call, so the driver parses ``SRC/PATH``, finds the
``pallas_call`` whose span holds LINE, and evaluates its ``compiler_params`` expression as the
file spells it (names it reads, such as ``dim``, given as NAME=VALUE; the value is a Python
literal).  It then launches a one-block copy kernel in interpret mode with those params (the
params do not depend on the kernel: the launch hashes them when it is lowered) and catches
only TypeError.  It also says whether the call passes anything else that raises first (a
keyword ``pallas_call`` does not take).  Last line: ``verdict: true|false: what ran``.
"""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def call_at(path: Path, line: int) -> ast.Call:
    """The ``pallas_call(...)`` whose span holds ``line`` (the innermost)."""
    found: ast.Call | None = None
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (getattr(node.func, "attr", None) or getattr(node.func, "id", None))
            == "pallas_call"
            and node.lineno <= line <= (node.end_lineno or node.lineno)
            and (found is None or node.lineno >= found.lineno)
        ):
            found = node
    if found is None:
        raise SystemExit(f"no pallas_call at {path}:{line}")
    return found


def copy(x_ref: jax.Array, o_ref: jax.Array) -> None:
    o_ref[...] = x_ref[...]


def main(src: Path, item: str, given: list[str]) -> str:
    relative, _, line_text = item.rpartition(":")
    call = call_at(src / relative, int(line_text))
    keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
    taken = set(inspect.signature(pl.pallas_call).parameters)
    unknown = sorted(set(keywords) - taken)
    first = f" (the call also passes {unknown}, which pallas_call does not take)" if unknown else ""
    expression = ast.unparse(keywords["compiler_params"])
    names = {k: ast.literal_eval(v) for k, _, v in (g.partition("=") for g in given)}
    params = eval(expression, {"dict": dict}, names)  # the file's own literal
    x = jnp.ones((8, 128), jnp.float32)
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    try:
        pl.pallas_call(copy, out_shape=out, compiler_params=params, interpret=True)(x)
    except TypeError as error:
        return f"verdict: true: compiler_params={expression} raises TypeError: {error}{first}"
    return f"verdict: false: compiler_params={expression} launches{first}"


if __name__ == "__main__":
    print(f"{sys.argv[2]}: {main(Path(sys.argv[1]), sys.argv[2], sys.argv[3:])}")
