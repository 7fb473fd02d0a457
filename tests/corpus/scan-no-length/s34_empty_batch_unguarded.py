"""A batching rule scans over the batched operands only, with no case for a call where no operand is batched."""
# corpus: label=positive styles=helper,parameter batch=s34

import jax
import jax.numpy as jnp


def batching_rule(op, args, axes):
    batched, unbatched = {}, {}
    for i, axis in enumerate(axes):
        if axis is None:
            unbatched[i] = args[i]
        else:
            batched[i] = jnp.moveaxis(args[i], axis, 0)
    if batched is None:
        return op(*args), None

    def step(carry, xs):
        return carry, op(*[xs[i] if i in xs else unbatched[i] for i in range(len(axes))])

    _, out = jax.lax.scan(step, 0, batched)  # expect: scan-no-length
    return out, 0


def add(x, y):
    return x + y


print(batching_rule(add, (jnp.arange(3.0), jnp.ones(3)), (None, None)))
