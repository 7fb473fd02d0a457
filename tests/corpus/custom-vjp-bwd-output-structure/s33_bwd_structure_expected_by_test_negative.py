"""A test asks for the TypeError a bwd rule with two cotangents for one argument makes:
`pytest.raises(TypeError)` catches it and the test passes."""

# corpus: label=negative styles=transform,helper batch=s33
import jax
import jax.numpy as jnp
import pytest


def test_wrong_bwd_structure_is_reported():
    @jax.custom_vjp
    def double(x):
        return x * 2.0

    def double_fwd(x):
        return double(x), None

    def double_bwd(_, g):
        return (g, g)  # two cotangents for one input

    double.defvjp(double_fwd, double_bwd)
    with pytest.raises(TypeError):
        jax.grad(lambda x: double(x).sum())(jnp.ones(3))


test_wrong_bwd_structure_is_reported()
