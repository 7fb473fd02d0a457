"""evorl-jax ``utils/jax_utils.py:162`` and ``:171`` (scan-no-length): ``scan_and_mean`` and
``scan_and_last`` forward ``*args, **kwargs`` to ``lax.scan``; their callers pass ``()`` as xs
with ``length=`` (``algorithms/dqn.py:393``, ``sac.py:718``) or the xs to scan over
(``ppo.py:439``).  The two helpers are cut from the wheel with ``ast`` (evorl's own imports
need brax and hydra) and called as those callers call them.  False when both run; true on the
ValueError of a scan with no length.

    python evorl_scan_helpers.py SRC      (SRC: the unpacked wheel)
"""

import ast
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
import jax.tree_util as jtu

path = "evorl/utils/jax_utils.py"
tree = ast.parse(Path(sys.argv[1], path).read_text(encoding="utf-8"))
helpers = [
    node
    for node in tree.body
    if isinstance(node, ast.FunctionDef) and node.name in ("scan_and_mean", "scan_and_last")
]
scope = {"jax": jax, "jtu": jtu}
exec(compile(ast.Module(helpers, []), path, "exec"), scope)


def update(carry, _):
    return carry + 1.0, {"loss": carry * 2.0}


try:
    for name in ("scan_and_mean", "scan_and_last"):
        scope[name](update, jnp.zeros(()), (), length=4)  # dqn.py:393, sac.py:718
        scope[name](update, jnp.zeros(()), jnp.arange(3.0), length=3)  # ppo.py:439
except ValueError as error:
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print("verdict: false: both helpers ran as their callers call them")
