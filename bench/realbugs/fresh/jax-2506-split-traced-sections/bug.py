# realbug: jax-2506-split-traced-sections
# source: https://github.com/jax-ml/jax/issues/2506
# kind: traced-size-argument
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax
import jax.numpy as np

parts = jax.jit(lambda idx: np.split(np.zeros((6, 2)), idx))(2)  # BUG
print(len(parts))
