# realbug: equinox-56-linear-matrix-input (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/56
import equinox as eqx
import jax
import jax.random as jrandom

seed = 0
key = jrandom.PRNGKey(seed)
key, key_linear, key_input = jrandom.split(key, 3)
d_in = 3
d_out = 4
x = jrandom.normal(key_input, shape=(d_in, 5))
linear = eqx.nn.Linear(d_in, d_out, use_bias=True, key=key_linear)
res = jax.vmap(linear, in_axes=1, out_axes=1)(x)
