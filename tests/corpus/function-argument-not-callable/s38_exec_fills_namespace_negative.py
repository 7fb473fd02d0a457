"""Runs a documented example with exec, then jits the objective the example defined."""

# corpus: label=negative styles=helper,attribute batch=s38
import jax
import jax.numpy as jnp

EXAMPLE = """
import jax.numpy as jnp

def objective(forcing):
    return jnp.sum(forcing**2)

cooling = jnp.arange(3.0)
"""


def run_example(code: str) -> float:
    namespace = {"__name__": "__main__"}
    exec(compile(code, "example.rst", "exec"), namespace)
    objective, forcing = namespace["objective"], namespace["cooling"]
    return float(jax.jit(objective)(forcing))


print(run_example(EXAMPLE), jnp.ones(1))
