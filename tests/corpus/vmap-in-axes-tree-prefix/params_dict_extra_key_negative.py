# corpus: label=negative styles=helper,parameter
import jax
import jax.numpy as jnp


def init(key):
    return {"w": jax.random.normal(key, (3, 2)), "b": jnp.zeros(2)}


def predict(params, x):
    return x @ params["w"] + params["b"]


def batched_predict(params, xs):
    axes = ({"w": None, "b": None}, 0)
    return jax.vmap(predict, in_axes=axes)(params, xs)


batched_predict(init(jax.random.key(0)), jnp.ones((5, 3)))
