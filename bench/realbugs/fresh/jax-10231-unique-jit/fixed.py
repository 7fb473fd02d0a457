# realbug: jax-10231-unique-jit (fixed)
# source: https://github.com/jax-ml/jax/issues/10231
import jax
import jax.numpy as jnp


@jax.jit
def projection(age_idx):
    ages_pred = jnp.unique(age_idx, size=age_idx.shape[0], fill_value=0)
    return ages_pred.sum()


print(projection(jnp.array([24, 25, 26, 6, 14, 10, 24])))
