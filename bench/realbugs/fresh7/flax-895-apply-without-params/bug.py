# realbug: flax-895-apply-without-params
# source: https://github.com/google/flax/issues/895
# kind: library-contract
# raises: ScopeCollectionNotFound: Tried to access "kernel" from collection "params"
# `apply` called with variables that hold no "params" (and no rngs): the report's error was an
# assertion then; 0.12 raises ScopeCollectionNotFound. The module and input are filled in.
import jax.numpy as jnp
import flax.linen as nn

module = nn.Dense(3)
x = jnp.ones((1, 2))
y = module.apply({}, x)  # BUG
