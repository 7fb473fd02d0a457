# realbug: jax-7032-jit-slice-assignment (fixed)
# source: https://github.com/jax-ml/jax/issues/7032
import jax
import jax.numpy as jnp


def jx_warp(boxes, M, width, height):
    n = len(boxes)
    if n:
        xy = jnp.ones((n * 4, 3))
        xy = xy.at[:, :2].set(boxes[:, [0, 1, 2, 3, 0, 3, 2, 1]].reshape(n * 4, 2))
        xy = xy @ M.T
        xy = (xy[:, :2] / xy[:, 2:3]).reshape(n, 8)
        x = xy[:, [0, 2, 4, 6]]
        y = xy[:, [1, 3, 5, 7]]
        xy = jnp.concatenate((x.min(1), y.min(1), x.max(1), y.max(1))).reshape(4, n).T
        return xy.astype(jnp.float32)
    else:
        return boxes


boxes = jnp.array([[1.0, 2.0, 5.0, 6.0], [0.0, 0.0, 3.0, 3.0]])
print(jax.jit(jx_warp, static_argnums=(2, 3))(boxes, jnp.eye(3), 10, 10))
