"""A jitted RNN builds its initial state with `jnp.zeros((batch_size, hidden))` from traced arguments."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp


@jax.jit
def run_rnn(w, xs, batch_size, hidden):
    h = jnp.zeros((batch_size, hidden))  # expect: traced-shape-argument
    for x in xs:
        h = jnp.tanh(h @ w + x)
    return h


w = jnp.eye(4) * 0.5
xs = jnp.ones((3, 2, 4))
run_rnn(w, xs, 2, 4)
