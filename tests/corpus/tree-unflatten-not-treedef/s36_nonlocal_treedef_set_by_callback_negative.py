"""A fit records the structure of the model's output from inside the objective it hands to another library (as agjax's wrapper does under autograd's make_vjp): the library calls it before the structure is read."""
# corpus: label=negative styles=helper,parameter batch=s36

import jax.numpy as jnp
import numpy as np
import scipy.optimize
from jax import tree_util


def fit(model, x0):
    treedef = None

    def objective(x):
        nonlocal treedef
        leaves, treedef = tree_util.tree_flatten(model(jnp.asarray(x)))
        return float(sum(jnp.sum((leaf - 1.0) ** 2) for leaf in leaves))

    result = scipy.optimize.minimize(objective, x0)
    return tree_util.tree_unflatten(treedef, [jnp.asarray(result.x)])


print(fit(lambda x: {"scale": x}, np.zeros(2)))
