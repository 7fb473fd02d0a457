# corpus: label=negative styles=parameter batch=s32
import jax.numpy as jnp


def newton_steps(hessian, gradients):
    # one matrix, several right-hand sides as columns: b is (m, n)
    return -jnp.linalg.solve(hessian, gradients)


print(newton_steps(jnp.eye(2), jnp.ones((2, 8))))
