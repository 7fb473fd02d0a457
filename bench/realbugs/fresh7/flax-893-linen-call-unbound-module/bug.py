# realbug: flax-893-linen-call-unbound-module
# source: https://github.com/google/flax/issues/893
# kind: library-contract
# raises: CallCompactUnboundModuleError: Can't call compact methods on unbound modules
# The issue's example: a Linen module called directly, outside `init`/`apply` (then "Can't call
# methods on orphaned modules"; flax 0.12 raises CallCompactUnboundModuleError).
import jax.numpy as jnp
from flax import linen as nn

test_dense = nn.Dense(10)
test_dense(jnp.ones((5, 5)))  # BUG
