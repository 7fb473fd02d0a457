# realbug: jax-pr16028-key-as-seed (fixed)
# source: https://github.com/jax-ml/jax/pull/16028
import jax


def init_model(key, n):
    return jax.random.normal(key, (n,))


key = jax.random.PRNGKey(0)
print(init_model(key, 3))
