"""Jits a namespace's entry that nothing filled: its module name, a string."""

# corpus: label=positive styles=helper,attribute batch=s38
import jax
import jax.numpy as jnp


def run_example(forcing: jax.Array) -> float:
    namespace = {"__name__": "__main__"}
    objective = namespace["__name__"]
    return float(jax.jit(objective)(forcing))  # expect: function-argument-not-callable


print(run_example(jnp.arange(3.0)))
