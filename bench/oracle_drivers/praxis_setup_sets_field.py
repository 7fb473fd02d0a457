"""praxis 1.4.0 ``praxis/layers/transformers.py:2405`` and ``:2406``: the ``setup`` of
``PipelineCompatibleStackedTransformerRepeated`` assigns ``self.repeat_layer_name`` and
``self.sublayer_name``, fields its parent ``StackedTransformerRepeated`` declares.  praxis does
not install beside the pinned JAX (it pins jax 0.4.26, numpy 1.26.4 and flax 0.8.2, and imports
``jax.lib.xla_client``), and its layers are Flax linen modules (``BaseLayer(nn.Module)``, which
does not override ``__setattr__``).  The driver cuts both classes' field declarations and the
child's ``setup`` from the wheel's source with ``ast``, makes them linen modules of the flax that
installs beside the pinned JAX, and initialises the child."""

# runs in the venv of: flax

import ast
import sys
from pathlib import Path

import flax.linen as nn
import jax
import jax.numpy as jnp
from flax import errors

root = Path(sys.argv[1])  # the unpacked wheel (bench.oracle judge puts it under src/)
base_layer = (root / "praxis/base_layer.py").read_text(encoding="utf-8")
assert "class BaseLayer(nn.Module)" in base_layer and "def __setattr__" not in base_layer
tree = ast.parse((root / "praxis/layers/transformers.py").read_text(encoding="utf-8"))
classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
parent = classes["StackedTransformerRepeated"]
child = classes["PipelineCompatibleStackedTransformerRepeated"]
fields = [
    node
    for node in parent.body
    if isinstance(node, ast.AnnAssign)
    and isinstance(node.target, ast.Name)
    and node.target.id in ("repeat_layer_name", "sublayer_name")
]
[setup] = [node for node in child.body if isinstance(node, ast.FunctionDef)]
assert setup.name == "setup" and len(fields) == 2
call = ast.parse("def __call__(self, x):\n    return x").body[0]
pass_setup = ast.parse("def setup(self):\n    pass").body[0]
module = ast.Module(
    [
        ast.ClassDef(
            "Parent", [ast.Name("Module", ast.Load())], [], [*fields, pass_setup, call], []
        ),
        ast.ClassDef("Child", [ast.Name("Parent", ast.Load())], [], [setup], []),
    ],
    [],
)
scope = {"Module": nn.Module, "str": str}
exec(compile(ast.fix_missing_locations(module), "transformers.py", "exec"), scope)
try:
    scope["Child"]().init(jax.random.key(0), jnp.ones(2))
except errors.SetAttributeInModuleSetupError as error:  # the findings' claim
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print("verdict: false: the child's setup set both fields without an error")
