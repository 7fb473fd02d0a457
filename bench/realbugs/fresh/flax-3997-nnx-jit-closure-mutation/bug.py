# realbug: flax-3997-nnx-jit-closure-mutation
# source: https://github.com/google/flax/issues/3997
# kind: nnx-trace-context
# raises: TraceContextError: Cannot mutate Count from a different trace level
import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class Counter(nnx.Module):
    def __init__(self):
        self.count = Count(jnp.array(0))

    def __call__(self):
        self.count.value += 1  # BUG


counter = Counter()
counter()
nnx.jit(counter)()  # BUG
print(counter.count.value)
