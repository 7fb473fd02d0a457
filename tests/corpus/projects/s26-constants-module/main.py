"""main.py feeds inputs of `INPUT_FEATURES` (imported from the package's constants module) to an MLP whose first width is another module-level constant; the widths do not chain."""
# corpus: rule=dot-general-contracting-dims-mismatch label=positive styles=module,helper batch=s26

import jax.numpy as jnp
from model import init_mlp, mlp_apply
from model.constants import INPUT_FEATURES

x = jnp.ones((2, INPUT_FEATURES))
print(mlp_apply(init_mlp(), x).shape)
