# realbug: jax-2486-scan-float-index
# source: https://github.com/jax-ml/jax/issues/2486
# kind: index-dtype
# raises: TypeError: Indexer must have integer or boolean type
import jax.lax as lax
import jax.numpy as np
from jax import jit


def get_loss(data):
    one_array = np.zeros(2)
    loss = 0

    def inner_loop(carry, obsv):
        (loss, one_array) = carry
        val = one_array[obsv[0]]  # BUG

        loss += 1
        return ((loss, one_array), None)

    carry = (loss, one_array)

    ((loss, one_array), _) = lax.scan(inner_loop, carry, data)

    return loss


data = np.array([[0, 1.1], [0, 1.1]])
jit_get_loss = jit(get_loss)
print(jit_get_loss(data))
