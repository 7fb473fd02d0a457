# realbug: so-70566823-in-axes-shorter-than-args
# source: https://coderapp.vercel.app/answer/70566823
# kind: in-axes-structure
# raises: ValueError: vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments
# Stack Overflow question 70566823 ("in_axes keyword in JAX's vmap"): the asker's program with
# the in_axes=(0, ) they asked about.
import jax.numpy as jnp
from jax import vmap


def predict(params, input_vec):
    assert input_vec.ndim == 1
    activations = input_vec
    for W, b in params:
        outputs = jnp.dot(W, activations) + b
        activations = jnp.tanh(outputs)
    return outputs


if __name__ == "__main__":

    # Parameters
    dims = [2, 3, 5]
    input_dims = dims[0]
    batch_size = 2

    # Weights
    params = list()
    for dims_in, dims_out in zip(dims, dims[1:]):
        params.append((jnp.ones((dims_out, dims_in)), jnp.ones((dims_out,))))

    # Input data
    input_batch = jnp.ones((batch_size, input_dims))

    # With vmap
    predictions = vmap(predict, in_axes=(0, ))(params, input_batch)  # BUG
    print(predictions)
