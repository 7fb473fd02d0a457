"""A training step differentiates a model whose Pallas mesh kernel comes from sqnet.kernels."""
# corpus: rule=pallas-call-with-a-mesh-does-not-support-jvp label=positive styles=module,attribute,transform

import jax.numpy as jnp
from sqnet.model import SquareNet, train_step

net = SquareNet(8, 128)
w = jnp.eye(128, dtype=jnp.float32)
x = jnp.ones((8, 128), jnp.float32)
y = jnp.zeros((8, 128), jnp.float32)
loss, w = train_step(net, w, x, y)
print(loss)
