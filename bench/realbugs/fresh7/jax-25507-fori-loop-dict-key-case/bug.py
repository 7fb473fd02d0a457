# realbug: jax-25507-fori-loop-dict-key-case
# source: https://github.com/jax-ml/jax/issues/25507
# kind: loop-carry
# raises: TypeError: .*carry input and carry output must have the same pytree structure
# The report's repro: the loop body returns a dict whose key differs in case from the carry's.
import jax
import jax.numpy as jnp


def f(loop_i, x):
    return {"T": jnp.array([0.5])}


init_val = {"t": jnp.array([1.0])}
jax.lax.fori_loop(0, 1, f, init_val)  # BUG
