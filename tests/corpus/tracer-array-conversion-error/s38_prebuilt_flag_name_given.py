"""Forces of a model that rebuilds its auxiliary basis on the host from traced coordinates."""

# corpus: label=positive styles=helper,parameter batch=s38
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


class Basis(eqx.Module):
    centers: jax.Array


def build_basis(coords):
    centers = np.asarray(coords, dtype=np.float32)  # expect: tracer-array-conversion-error
    return Basis(centers.reshape(-1, 3))


def resolve_aux(aux, coords):
    prebuilt = isinstance(aux, Basis)
    if not prebuilt:
        aux = build_basis(coords)
    return aux


def moved(basis, coords):
    return eqx.tree_at(lambda b: b.centers, basis, coords)


def energy(coords, template):
    aux = resolve_aux("def2-universal-jkfit", coords)
    return jnp.sum((aux.centers - coords) ** 2)


def forces(coords):
    template = build_basis(np.asarray(coords))
    return -jax.grad(energy)(coords, template)


print(forces(jnp.ones((2, 3))))
