"""A piecewise function with a Python `if`, differentiated by plain `jax.grad` (no jit): it runs."""
# corpus: label=negative styles=transform

import jax


def soft_threshold(x, lam=0.5):
    if x > lam:
        return x - lam
    if x < -lam:
        return x + lam
    return 0.0 * x


dsoft = jax.grad(soft_threshold)
print(dsoft(2.0), dsoft(-1.0), dsoft(0.1))
