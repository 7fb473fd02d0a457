import jax.numpy as jnp


def init(dim, hidden):
    return {"w": jnp.zeros((dim, hidden)), "v": jnp.zeros((hidden,))}


def predict(params, x):
    h = jnp.tanh(x @ params["w"])
    return h @ params["v"]
