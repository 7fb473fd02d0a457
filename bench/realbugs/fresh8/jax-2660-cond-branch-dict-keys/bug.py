# realbug: jax-2660-cond-branch-dict-keys
# source: https://github.com/jax-ml/jax/issues/2660
# kind: cond-branches
# raises: TypeError: cond branch outputs must have the same pytree structure
# The report's `lax.cond` returning a loss and an "extra" dict in one branch and a dummy with an
# empty dict in the other; the report used the removed five-argument form of `cond`, written
# here in today's form with the same operands.
import jax
import jax.numpy as jnp

counter = jnp.array(5)
result = jax.lax.cond(  # BUG
    counter >= 10,
    lambda x: x[0],
    lambda x: x[1],
    ((1., dict(a=3, b=4)), (0., dict())),
)
