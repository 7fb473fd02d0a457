# realbug: equinox-56-linear-matrix-input
# source: https://github.com/patrick-kidger/equinox/issues/56
# kind: broadcast
# raises: ValueError: Incompatible shapes for broadcasting
# `eqx.nn.Linear` applied to a (d_in, 5) input, PyTorch style: the weight product is
# (d_out, 5) and the bias (d_out,) does not broadcast against it.
import equinox as eqx
import jax.random as jrandom

seed = 0
key = jrandom.PRNGKey(seed)
key, key_linear, key_input = jrandom.split(key, 3)
d_in = 3
d_out = 4
x = jrandom.normal(key_input, shape=(d_in, 5))
linear = eqx.nn.Linear(d_in, d_out, use_bias=True, key=key_linear)
res = linear(x)  # BUG
