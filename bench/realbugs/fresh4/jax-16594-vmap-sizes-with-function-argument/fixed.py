# realbug: jax-16594-vmap-sizes-with-function-argument (fixed)
# source: https://github.com/jax-ml/jax/issues/16594
import jax.numpy as jnp
import jax


def functionThatTakesAFunction(array1, array2, function):
    """
    Takes in two arrays, applies function 1 to one of them and returns
    """
    array3 = function(array1)
    return jnp.vstack((array3, array2)), jnp.hstack((array3, array2))


def multiplyBy2(array):
    return 2 * array


batchMultiplyAndStack = jax.vmap(functionThatTakesAFunction, in_axes=[0, 0, None])

test = jnp.array([[1, 2],
                  [1, 2]])
test2 = jnp.array([[1, 2],
                   [1, 2],
                   [1, 2]])

testStacked = jnp.array((test, test, test))
test2Stacked = jnp.array((test2, test2, test2))

print(batchMultiplyAndStack(test, test2[:2], multiplyBy2))
