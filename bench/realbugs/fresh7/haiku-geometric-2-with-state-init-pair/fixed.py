# realbug: haiku-geometric-2-with-state-init-pair (fixed)
# source: https://github.com/alexOarga/haiku-geometric/issues/2
import haiku as hk
import jax
import jax.numpy as jnp


@hk.without_apply_rng
@hk.transform_with_state
def model(graph):
    return hk.Linear(2)(graph)


graph = jnp.ones((4, 3))
params, state = model.init(jax.random.PRNGKey(0), graph)
logits, state = model.apply(params, state, graph)
