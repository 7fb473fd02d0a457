# realbug: jraph-27-haiku-linear-int-nodes (fixed)
# source: https://github.com/google-deepmind/jraph/issues/27
import haiku as hk
import jax
import jax.numpy as jnp

edges = jnp.array([[1], [1], [1], [1], [2], [2]], dtype=jnp.int32)


def net_fn(edges):
    return hk.Linear(8)(edges.astype(jnp.float32))


net = hk.without_apply_rng(hk.transform(net_fn))
params = net.init(jax.random.PRNGKey(42), edges)
