# realbug: jax-2506-split-traced-sections (fixed)
# source: https://github.com/jax-ml/jax/issues/2506
import jax
import jax.numpy as np

parts = jax.jit(lambda idx: np.split(np.zeros((6, 2)), idx), static_argnums=0)(2)
print(len(parts))
