"""A graph-batching helper splits the edge arrays per graph and shifts each piece by its node offset."""
# corpus: label=negative styles=helper,return
# realcode: cause I

import jax.numpy as jnp


def split_edges(senders, n_edge):
    return jnp.array_split(senders, jnp.cumsum(n_edge)[:-1].tolist())


def unbatch(senders, n_node, n_edge):
    all_senders = split_edges(senders, n_edge)
    offsets = jnp.concatenate([jnp.zeros(1, int), jnp.cumsum(n_node)[:-1]])
    for i in range(len(all_senders)):
        all_senders[i] -= offsets[i]
    halves = jnp.hsplit(jnp.arange(8.0).reshape(2, 4), 2)
    halves[0] = halves[0] * 0.0
    return all_senders, halves


unbatch(jnp.array([0, 1, 3, 4, 4]), jnp.array([3, 2]), jnp.array([2, 3]))
