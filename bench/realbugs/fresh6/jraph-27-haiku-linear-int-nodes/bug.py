# realbug: jraph-27-haiku-linear-int-nodes
# source: https://github.com/google-deepmind/jraph/issues/27
# kind: dtype
# raises: ValueError: data type .*int32.* not compatible with finfo
# On 0.12 Haiku's initializer fails on the int32 dtype with a finfo error (the report saw
# 'data type int32 not inexact').
# The report's graph network is initialised on a GraphsTuple whose edge features are int32
# (`edges=DeviceArray([1, 1, 1, 1, 2, 2], dtype=int32)`); the Haiku Linear layer that embeds them
# is kept, the jraph plumbing cut out.
import haiku as hk
import jax
import jax.numpy as jnp

edges = jnp.array([[1], [1], [1], [1], [2], [2]], dtype=jnp.int32)


def net_fn(edges):
    return hk.Linear(8)(edges)  # BUG


net = hk.without_apply_rng(hk.transform(net_fn))
params = net.init(jax.random.PRNGKey(42), edges)
