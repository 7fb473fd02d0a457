"""praxis 1.4.0 does not install beside the pinned JAX (its pins conflict), so this driver runs
the flagged statements themselves, cut from the wheel's source with ``ast``, on the pinned JAX
with the values the findings name.

- ``finfo``: ``praxis/layers/quantization/operations.py:379``, ``jnp.finfo(w.dtype)`` flagged
  for an int8 ``w``: it is the right operand of ``scalar_type_of(w.dtype) == float and ...``.
- ``decode``: ``praxis/sample_decode.py:812``, ``per_example_max_decode_steps[:, None]``
  flagged for a 0-d value: the ``if`` around it requires ``.ndim == 1``."""

import ast
import sys
from pathlib import Path

import jax
import jax.numpy as jnp

root = Path(sys.argv[2])  # the unpacked wheel (bench.oracle judge puts it under src/)


def statement_at(relative: str, line: int, kind: type[ast.stmt]) -> ast.stmt:
    tree = ast.parse((root / relative).read_text(encoding="utf-8"))
    found = [
        node
        for node in ast.walk(tree)
        if isinstance(node, kind) and node.lineno <= line <= (node.end_lineno or node.lineno)
    ]
    return min(found, key=lambda node: (node.end_lineno or 0) - node.lineno)


try:
    if sys.argv[1] == "finfo":
        test = statement_at("praxis/layers/quantization/operations.py", 379, ast.If).test
        condition = compile(ast.Expression(test), "operations.py", "eval")
        w = jnp.zeros((4, 4), jnp.int8)
        value = eval(condition, {"jax": jax, "jnp": jnp, "w": w})
        said = f"the condition is {value} for an int8 w; jnp.finfo was not called"
    else:
        statement = statement_at("praxis/sample_decode.py", 812, ast.If)
        code = compile(ast.Module([statement], []), "sample_decode.py", "exec")
        results = []
        for steps in (jnp.minimum(5, 10), jnp.minimum(jnp.array([5, 7]), 10)):
            scope = {"jnp": jnp, "JTensor": jax.Array, "cf_guidance_scale": 1.5}
            scope["per_example_max_decode_steps"] = steps
            exec(code, scope)
            results.append(jnp.shape(scope["per_example_max_decode_steps"]))
        said = f"the if ran for a 0-d and a 1-d value, leaving shapes {results}"
except (IndexError, ValueError) as error:  # the findings' claims
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:200]}")
else:
    print(f"verdict: false: {said}")
