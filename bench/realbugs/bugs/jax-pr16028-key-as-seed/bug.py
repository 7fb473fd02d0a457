# realbug: jax-pr16028-key-as-seed
# source: https://github.com/jax-ml/jax/pull/16028
# kind: key-not-int
# raises: TypeError: PRNGKey accepts a scalar seed
import jax


def init_model(key, n):
    key = jax.random.PRNGKey(key)  # BUG
    return jax.random.normal(key, (n,))


key = jax.random.PRNGKey(0)
print(init_model(key, 3))
