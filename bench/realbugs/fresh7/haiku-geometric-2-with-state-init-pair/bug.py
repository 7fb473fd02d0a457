# realbug: haiku-geometric-2-with-state-init-pair
# source: https://github.com/alexOarga/haiku-geometric/issues/2
# kind: library-contract
# raises: TypeError: params argument does not appear valid. It should be a mapping but is of type <class 'tuple'>
# `hk.transform_with_state`'s init returns a pair (params, state); the pair was kept as the
# params and passed to apply. The GCN is replaced by a Linear layer, the graph by an array.
import haiku as hk
import jax
import jax.numpy as jnp


@hk.without_apply_rng
@hk.transform_with_state
def model(graph):
    return hk.Linear(2)(graph)


graph = jnp.ones((4, 3))
params = model.init(jax.random.PRNGKey(0), graph)
state = {}
logits, state = model.apply(params, state, graph)  # BUG
