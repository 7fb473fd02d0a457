# realbug: jax-1382-pmap-matmul-leading-sizes
# source: https://github.com/jax-ml/jax/issues/1382
# kind: pmap-sizes
# raises: IndivisibleError: One of pjit arguments .* implies that array axis 0 is partitioned 8 times
import jax
import jax.numpy as np


def mul(a, b):
    return a @ b


a = np.ones((8, 128, 128))
b = np.ones((4, 128, 128))

print(jax.pmap(mul)(a, b).shape)  # BUG
