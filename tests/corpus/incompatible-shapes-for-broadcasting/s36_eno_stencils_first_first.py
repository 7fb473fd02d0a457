"""The same ENO stencil choice walking the differences first first: at order 4 the shortest difference comes first and the choice is one longer than it."""
# corpus: label=positive styles=helper,parameter batch=s36

import jax.numpy as jnp


def stencil_choice(order, values):
    diffs = values[1:] - values[:-1]
    undivided = []
    for i in range(2, order):
        diffs = diffs[1:] - diffs[:-1]
        undivided.append(diffs[order - i : i - order])
    abs_diffs = jnp.abs(diffs[1:] - diffs[:-1])
    choice = abs_diffs[1:] < abs_diffs[:-1]
    for diffs in undivided:
        a = jnp.abs(diffs)
        up, keep = choice[1:] + 1, choice[:-1]
        choice = jnp.where(a[1:] < a[:-1], up, keep)  # expect: incompatible-shapes-for-broadcasting
    return choice


print(stencil_choice(4, jnp.sin(jnp.linspace(0.0, 6.0, 100))).shape)
