# corpus: label=negative styles=parameter batch=s34
"""A jitted kernel wrapper checks its block sizes with an ``assert``; callers leave them at
their int defaults, which jit does not trace (only the arguments a caller passes are)."""

import jax


@jax.jit
def blocked_scale(x, block: int = 128, *, rows: int = 8):
    assert block % rows == 0, "block must be a multiple of rows"
    return x * (block // rows)


print("kernel defined:", blocked_scale.__name__)
