# realbug: jax-10231-unique-jit
# source: https://github.com/jax-ml/jax/issues/10231
# kind: data-dependent-shape
# raises: ConcretizationTypeError: .*
import jax
import jax.numpy as jnp


@jax.jit
def projection(age_idx):
    ages_pred = jnp.unique(age_idx)  # BUG
    return ages_pred.sum()


print(projection(jnp.array([24, 25, 26, 6, 14, 10, 24])))
