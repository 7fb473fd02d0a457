"""An ENO scheme narrows its stencil choice once per undivided difference, walking the list of differences last first (hj-reachability's upwind_first): each pass meets a difference one shorter."""
# corpus: label=negative styles=helper,parameter batch=s36

import jax.numpy as jnp


def stencil_choice(order, values):
    diffs = values[1:] - values[:-1]
    undivided = []
    for i in range(2, order):
        diffs = diffs[1:] - diffs[:-1]
        undivided.append(diffs[order - i : i - order])
    abs_diffs = jnp.abs(diffs[1:] - diffs[:-1])
    choice = abs_diffs[1:] < abs_diffs[:-1]
    for diffs in reversed(undivided):
        abs_diffs = jnp.abs(diffs)
        choice = jnp.where(abs_diffs[1:] < abs_diffs[:-1], choice[1:] + 1, choice[:-1])
    return choice


for order in (3, 4, 5):
    print(order, stencil_choice(order, jnp.sin(jnp.linspace(0.0, 6.0, 100))).shape)
