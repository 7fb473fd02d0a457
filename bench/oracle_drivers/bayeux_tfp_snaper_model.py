"""bayeux ``mcmc/tfp.py:101`` (vmap-no-array-arguments): ``tlp(*args, **kwargs)`` is the model
handed to TFP's SNAPER, which calls it with the chain state's parts: positionally for a list
state, as keywords for a dict state (bayeux's test points are pytrees).  TFP's JAX substrate
does not import on the pinned JAX (it reads a removed ``jax.interpreters.xla`` attribute), so
the closure is cut from the wheel with ``ast`` and called both ways on a vmapped log density.
False when both calls run: the ``vmap`` of ``kwargs`` gets the state's arrays.

    python bayeux_tfp_snaper_model.py SRC      (SRC: the unpacked wheel, ``{src}`` in a review)
"""

import ast
import sys
from pathlib import Path

import jax
import jax.numpy as jnp

source = Path(sys.argv[1], "bayeux/_src/mcmc/tfp.py").read_text(encoding="utf-8")
tlp = next(
    node
    for node in ast.walk(ast.parse(source))
    if isinstance(node, ast.FunctionDef)
    and node.name == "tlp"
    and node.lineno <= 101 <= (node.end_lineno or 0)
)
scope: dict[str, object] = {
    "jax": jax,
    "jnp": jnp,
    "vmapped_constrained_log_prob": jax.vmap(
        lambda state: sum(jnp.sum(-0.5 * leaf**2) for leaf in jax.tree_util.tree_leaves(state))
    ),
}
exec(compile(ast.Module([tlp], []), "tfp.py:tlp", "exec"), scope)
model = scope["tlp"]
try:
    by_keywords = model(x=jnp.ones((8, 3)), y=jnp.zeros((8,)))  # a dict state, as **state
    by_position = model(jnp.ones((8, 3)))  # one array, as the single positional part
except ValueError as error:
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print(
        f"verdict: false: tlp(**state) gave shape {by_keywords.shape}, tlp(state) "
        f"{by_position.shape}: vmap got the state's arrays both ways"
    )
